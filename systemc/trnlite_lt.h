/*
 * trnlite_lt: the loosely-timed TLM-2.0 model of trnlite_core, built on
 * the whole-core C model (docs/systemc.md sections 3 and 4).
 *
 *   csr  tlm_utils::simple_target_socket: CSR accesses (b_transport),
 *        32-bit words at 4-aligned offsets 0..0xFFF
 *   mem  tlm_utils::simple_initiator_socket: instruction fetch and the
 *        DRAM side of every DMA transfer, one b_transport per AXI burst
 *   irq  sc_out<bool>: the level interrupt
 *
 * One SC_THREAD executes the model one instruction at a time, estimates
 * each instruction's cycles, runs ahead of SystemC time by at most the
 * global quantum (tlm_quantumkeeper) and syncs before raising irq.
 */
#ifndef TRNLITE_LT_H
#define TRNLITE_LT_H

#include <cstdint>
#include <deque>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "trnlite/core_model.h"

class trnlite_lt : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<trnlite_lt> csr;
    tlm_utils::simple_initiator_socket<trnlite_lt> mem;
    sc_core::sc_out<bool> irq;

    /* cfg: the core's parameters; period: one cycle of the estimate;
     * act_lanes: the activation lanes of the core it stands for (0: the
     * RTL default, max(rows, cols)). Throws std::bad_alloc if the model
     * cannot be created. */
    trnlite_lt(sc_core::sc_module_name name, const tl_core_config &cfg, sc_core::sc_time period,
               unsigned act_lanes = 0);
    ~trnlite_lt() override;
    SC_HAS_PROCESS(trnlite_lt);

    tl_core *core() { return core_; }            /* tests: SBUF, PSUM */
    uint64_t instructions() const { return steps_; }

    /* Estimate constants (docs/systemc.md section 4). */
    static const unsigned CSR_CYCLES = 4;       /* one AXI4-Lite access */
    static const unsigned DMA_HANDOFF = 2;      /* DMA engine busy per descriptor */
    static const unsigned ACT_OVERHEAD = 8;     /* activation pipeline fill */

private:
    tl_core *core_ = nullptr;
    tl_core_config cfg_;
    sc_core::sc_time period_;
    unsigned act_lanes_;
    tl_dma_bus bus_;
    tlm_utils::tlm_quantumkeeper qk_;
    sc_core::sc_event kick_;
    tlm::tlm_generic_payload gp_;
    uint8_t tbe_[4096];               /* byte enables of one burst (at most 4 KiB) */

    /* the estimate, in cycles from time 0 */
    uint64_t t_eng_[3] = {0, 0, 0};   /* engine clocks */
    uint64_t rb_ = 0, wb_ = 0;        /* AXI read and write channel clocks */
    uint64_t frontier_ = 0;           /* latest completion so far */
    uint64_t floor_ = 0;              /* no instruction starts before the last wake-up */
    uint64_t last_done_ = 0;          /* completion of the last instruction */
    uint64_t rd_beats_ = 0, wr_beats_ = 0, mem_lat_ = 0;  /* bus traffic of the current step */
    uint64_t steps_ = 0;
    uint64_t csr_writes_ = 0, csr_writes_seen_ = 0;  /* wake-ups the thread has seen */
    bool observed_ = false, irq_level_ = false;
    struct sem_ev {
        uint32_t value;
        uint64_t t;
    };
    std::deque<sem_ev> sem_log_[32];

    void run();
    void drive_irq();
    sc_core::sc_event irq_ev_;
    void csr_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned mem_access(bool write, uint64_t a, uint8_t *data, const uint8_t *be, uint32_t n);
    static unsigned bus_read(void *ctx, uint64_t a, uint8_t *dst, uint32_t n);
    static unsigned bus_write(void *ctx, uint64_t a, const uint8_t *src, const uint8_t *be, uint32_t n);
    static void observe(void *ctx, unsigned engine, const uint32_t *insn, unsigned err);
    void estimate(unsigned engine, const uint32_t *insn, unsigned err);
    uint64_t sem_time(unsigned s, uint32_t v) const;
    uint64_t now_cycles() const;
    void sync_to(uint64_t cycle);
};

#endif
