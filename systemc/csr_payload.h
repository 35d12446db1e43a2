/*
 * csr_payload: what both CSR target sockets (trnlite_lt, trnlite_rtl_tlm;
 * docs/systemc.md) accept of a TLM transaction: whole aligned 32-bit words
 * inside the 4 KiB CSR space, with optional byte enables. One place, so
 * that the two models answer the same transaction the same way.
 */
#ifndef TRNLITE_CSR_PAYLOAD_H
#define TRNLITE_CSR_PAYLOAD_H

#include <cstdint>

#include <tlm>

struct csr_payload {
    uint64_t addr;
    unsigned len;
    uint8_t *data;
    const uint8_t *be;      /* nullptr: every byte enabled */
    unsigned be_len;

    /* The byte strobes (bits 0..3) of the word at data[w]. */
    unsigned strb(unsigned w) const
    {
        unsigned s = 0;
        for (unsigned b = 0; b < 4; b++)
            if (!be || be[(w + b) % be_len] == TLM_BYTE_ENABLED)
                s |= 1u << b;
        return s;
    }

    /* Take t apart; false when it is answered already: an IGNORE command
     * (OK), a length that is not whole words or a streaming width below it
     * (burst error), an unaligned or out-of-range address (address error). */
    bool take(tlm::tlm_generic_payload &t)
    {
        addr = t.get_address();
        len = t.get_data_length();
        data = t.get_data_ptr();
        be = t.get_byte_enable_ptr();
        be_len = t.get_byte_enable_length();
        if (be_len == 0)
            be = nullptr;
        if (t.get_command() == tlm::TLM_IGNORE_COMMAND) {
            t.set_response_status(tlm::TLM_OK_RESPONSE);
            return false;
        }
        if (len == 0 || len % 4 || t.get_streaming_width() < len) {
            t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
            return false;
        }
        if (addr % 4 || addr > 0x1000 - len) {
            t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return false;
        }
        return true;
    }
};

#endif
