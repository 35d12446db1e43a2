/*
 * tlm_memory: a TLM-2.0 memory for the trnlite testbench (docs/systemc.md
 * section 5). One target socket over a byte array [base, base + size):
 * reads and writes of any length with byte enables (a write changes only
 * enabled bytes), TLM_ADDRESS_ERROR_RESPONSE outside the array, an
 * annotated latency per transaction, no DMI. For tests, address ranges
 * that answer an error instead (add_fault): resp 2 gives
 * TLM_GENERIC_ERROR_RESPONSE (AXI SLVERR), 3 TLM_ADDRESS_ERROR_RESPONSE
 * (DECERR); a failing write writes nothing.
 */
#ifndef TRNLITE_TLM_MEMORY_H
#define TRNLITE_TLM_MEMORY_H

#include <cstdint>
#include <cstring>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

class tlm_memory : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<tlm_memory> socket;

    tlm_memory(sc_core::sc_module_name name, uint64_t base, uint64_t size, sc_core::sc_time latency)
        : sc_module(name), socket("socket"), base_(base), mem_(size, 0), latency_(latency)
    {
        socket.register_b_transport(this, &tlm_memory::b_transport);
        socket.register_transport_dbg(this, &tlm_memory::transport_dbg);
    }

    /* The array (testbench back door: the HAL's dram_read/dram_write). */
    uint8_t *data() { return mem_.data(); }
    uint64_t base() const { return base_; }
    uint64_t size() const { return mem_.size(); }

    /* Bytes [lo, hi] answer an error on reads (on_write false) or writes. */
    void add_fault(uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
    {
        faults_.push_back(fault{lo, hi, on_write, resp});
    }
    void clear_faults() { faults_.clear(); }
    /* Transactions served (the bench reports them). */
    uint64_t transactions() const { return count_; }

private:
    struct fault {
        uint64_t lo, hi;
        bool on_write;
        unsigned resp;
    };
    uint64_t base_;
    std::vector<uint8_t> mem_;
    sc_core::sc_time latency_;
    std::vector<fault> faults_;
    uint64_t count_ = 0;

    tlm::tlm_response_status check(tlm::tlm_generic_payload &t) const
    {
        uint64_t a = t.get_address(), n = t.get_data_length();
        if (t.get_streaming_width() < n)
            return tlm::TLM_BURST_ERROR_RESPONSE;
        if (n == 0 || a < base_ || a - base_ >= mem_.size() || n > mem_.size() - (a - base_))
            return tlm::TLM_ADDRESS_ERROR_RESPONSE;
        for (const fault &f : faults_)
            if (f.on_write == t.is_write() && a <= f.hi && a + n - 1 >= f.lo)
                return f.resp == 3 ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
        return tlm::TLM_OK_RESPONSE;
    }

    void copy(tlm::tlm_generic_payload &t)
    {
        uint8_t *p = &mem_[t.get_address() - base_], *d = t.get_data_ptr();
        unsigned n = t.get_data_length(), ben = t.get_byte_enable_length();
        const uint8_t *be = t.get_byte_enable_ptr();
        if (ben == 0)
            be = nullptr;  /* no length: no byte enables */
        if (!be) {
            if (t.is_read())
                memcpy(d, p, n);
            else
                memcpy(p, d, n);
            return;
        }
        if (t.is_read()) {
            for (unsigned i = 0; i < n; i++)
                if (be[i % ben] == TLM_BYTE_ENABLED)
                    d[i] = p[i];
        } else {
            for (unsigned i = 0; i < n; i++)
                if (be[i % ben] == TLM_BYTE_ENABLED)
                    p[i] = d[i];
        }
    }

    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
    {
        count_++;
        t.set_dmi_allowed(false);
        if (t.get_command() == tlm::TLM_IGNORE_COMMAND) {
            t.set_response_status(tlm::TLM_OK_RESPONSE);
            return;
        }
        tlm::tlm_response_status s = check(t);
        if (s == tlm::TLM_OK_RESPONSE)
            copy(t);
        delay += latency_;
        t.set_response_status(s);
    }

    unsigned transport_dbg(tlm::tlm_generic_payload &t)
    {
        uint64_t a = t.get_address(), n = t.get_data_length();
        if (a < base_ || a - base_ >= mem_.size() || t.get_command() == tlm::TLM_IGNORE_COMMAND)
            return 0;
        if (n > mem_.size() - (a - base_))
            n = mem_.size() - (a - base_);
        t.set_data_length((unsigned)n);
        t.set_byte_enable_ptr(nullptr);
        copy(t);
        return (unsigned)n;
    }
};

#endif
