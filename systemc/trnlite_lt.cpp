/* trnlite_lt: the loosely-timed TLM-2.0 model (trnlite_lt.h,
 * docs/systemc.md sections 3 and 4). */
#include "trnlite_lt.h"
#include "csr_payload.h"

#include <algorithm>
#include <cstddef>
#include <new>

#include "trnlite/csr.h"
#include "trnlite/dma.h"
#include "trnlite/isa.h"
#include "trnlite/tensor_engine.h"

using namespace sc_core;

#define CSR_OFF(reg) ((uint32_t)offsetof(trnlite_csr_t, reg))

trnlite_lt::trnlite_lt(sc_module_name name, const tl_core_config &cfg, sc_time period, unsigned act_lanes)
    : sc_module(name), csr("csr"), mem("mem"), irq("irq"), cfg_(cfg), period_(period),
      act_lanes_(act_lanes ? act_lanes : std::max(cfg.rows, cfg.cols))
{
    if (tl_core_create(&cfg_, &core_) != TL_CORE_OK)
        throw std::bad_alloc();
    bus_ = tl_dma_bus{this, bus_read, bus_write};
    tl_core_set_bus(core_, &bus_);
    tl_core_set_observer(core_, observe, this);
    csr.register_b_transport(this, &trnlite_lt::csr_b_transport);
    SC_THREAD(run);
    SC_METHOD(drive_irq);
    sensitive << irq_ev_;
}

/* The one writer of irq (the thread and CSR writes decide its level). */
void trnlite_lt::drive_irq() { irq.write(irq_level_); }

trnlite_lt::~trnlite_lt() { tl_core_free(core_); }

uint64_t trnlite_lt::now_cycles() const
{
    return (uint64_t)(sc_time_stamp() / period_);
}

/* Let SystemC time reach `cycle` (no earlier than now). */
void trnlite_lt::sync_to(uint64_t cycle)
{
    sc_time t = period_ * (double)cycle;
    qk_.set(t > sc_time_stamp() ? t - sc_time_stamp() : SC_ZERO_TIME);
    qk_.sync();
}

/* ---- CSRs: the target socket -------------------------------------------- */

void trnlite_lt::csr_b_transport(tlm::tlm_generic_payload &t, sc_time &delay)
{
    csr_payload p;
    if (!p.take(t))
        return;
    const uint64_t a = p.addr;
    const unsigned n = p.len;
    uint8_t *d = p.data;
    for (unsigned w = 0; w < n; w += 4) {
        uint32_t off = (uint32_t)a + w;
        if (t.is_read()) {
            uint32_t v = tl_core_csr_read32(core_, off);
            for (unsigned b = 0; b < 4; b++)
                if (p.strb(w) >> b & 1)
                    d[w + b] = (uint8_t)(v >> (8 * b));
        } else {
            /* the core's AXI4-Lite slave takes a word with every strobe
             * set; other strobes leave the register as it is */
            bool all = p.strb(w) == 0xfu;
            uint32_t v = (uint32_t)d[w] | (uint32_t)d[w + 1] << 8 | (uint32_t)d[w + 2] << 16 |
                         (uint32_t)d[w + 3] << 24;
            if (all)
                tl_core_csr_write32(core_, off, v);
        }
        delay += period_ * (double)CSR_CYCLES;
    }
    if (t.is_write()) {
        /* a write that clears the cause lowers irq at once (the thread
         * raises it, at its estimated time) */
        if (irq_level_ && !tl_core_irq(core_)) {
            irq_level_ = false;
            irq_ev_.notify();
        }
        csr_writes_++;
        kick_.notify(delay);
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

/* ---- DRAM: the initiator socket ------------------------------------------ */

unsigned trnlite_lt::mem_access(bool write, uint64_t a, uint8_t *data, const uint8_t *be, uint32_t n)
{
    gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp_.set_address(a);
    gp_.set_data_ptr(data);
    gp_.set_data_length(n);
    gp_.set_streaming_width(n);
    gp_.set_byte_enable_ptr(nullptr);
    gp_.set_byte_enable_length(0);
    uint8_t *tbe = tbe_;
    if (be && n <= sizeof tbe_) {
        bool all = true;
        for (uint32_t i = 0; i < n; i++) {
            tbe[i] = be[i] ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
            all = all && be[i];
        }
        if (!all) {
            gp_.set_byte_enable_ptr(tbe);
            gp_.set_byte_enable_length(n);
        }
    }
    gp_.set_dmi_allowed(false);
    gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time local = qk_.get_local_time(), delay = local;
    mem->b_transport(gp_, delay);
    /* the memory's latency, in whole cycles, once per direction of a step */
    uint64_t lat = delay > local ? (uint64_t)((delay - local) / period_ + 0.999) : 0;
    mem_lat_ = std::max(mem_lat_, lat);
    (write ? wr_beats_ : rd_beats_) += (n + cfg_.data_width / 8 - 1) / (cfg_.data_width / 8);
    switch (gp_.get_response_status()) {
    case tlm::TLM_OK_RESPONSE: return 0;
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return 3;  /* DECERR */
    default: return 2;                               /* SLVERR */
    }
}

unsigned trnlite_lt::bus_read(void *ctx, uint64_t a, uint8_t *dst, uint32_t n)
{
    return static_cast<trnlite_lt *>(ctx)->mem_access(false, a, dst, nullptr, n);
}

unsigned trnlite_lt::bus_write(void *ctx, uint64_t a, const uint8_t *src, const uint8_t *be, uint32_t n)
{
    return static_cast<trnlite_lt *>(ctx)->mem_access(true, a, const_cast<uint8_t *>(src), be, n);
}

/* ---- the cycle estimate (docs/systemc.md section 4) ---------------------- */

void trnlite_lt::observe(void *ctx, unsigned engine, const uint32_t *insn, unsigned err)
{
    static_cast<trnlite_lt *>(ctx)->estimate(engine, insn, err);
}

/* Earliest time semaphore s held at least v in its latest run of values
 * (a CSR write that lowers it starts a new run); 0 if none logged. */
uint64_t trnlite_lt::sem_time(unsigned s, uint32_t v) const
{
    uint64_t t = 0;
    const std::deque<sem_ev> &log = sem_log_[s];
    for (auto it = log.rbegin(); it != log.rend() && it->value >= v; ++it)
        t = it->t;
    return t;
}

void trnlite_lt::estimate(unsigned e, const uint32_t *in, unsigned err)
{
    const uint64_t db = cfg_.data_width / 8;
    const uint64_t fetch = 128 / db + 2;
    observed_ = true;
    uint64_t s = std::max(t_eng_[e], floor_) + fetch, done;
    if (!in || err) {
        done = t_eng_[e] = s;
        last_done_ = done;
        frontier_ = std::max(frontier_, done);
        return;
    }
    if (tl_isa_get(in, TL_ISA_HDR_WAIT))
        s = std::max(s, sem_time(tl_isa_get(in, TL_ISA_HDR_WS), tl_isa_get(in, TL_ISA_HDR_WV)));
    switch (tl_isa_get(in, TL_ISA_HDR_OPCODE)) {
    case TL_ISA_OP_DMA: {
        uint32_t w[TL_DMA_DESC_WORDS];
        for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
            w[i] = tl_isa_get_at(in, TL_ISA_DMA_DESC, i);
        tl_dma_desc d;
        tl_dma_desc_unpack(w, &d);
        uint64_t total = tl_dma_total(&d.src);
        uint64_t src_words = (total * tl_dma_esize(d.src.fmt) + db - 1) / db;
        uint64_t dst_words = (total * tl_dma_esize(d.dst.fmt) + db - 1) / db;
        t_eng_[e] = s + DMA_HANDOFF;
        uint64_t rd_end;
        if (d.src.space == TL_DMA_DRAM) {
            uint64_t start = std::max(s, rb_);
            rb_ = start + rd_beats_;
            rd_end = rb_ + mem_lat_;
        } else {
            rd_end = s + src_words;
        }
        if (d.dst.space == TL_DMA_DRAM) {
            uint64_t start = std::max(s + 1, wb_);
            wb_ = std::max(start + wr_beats_, rd_end);
            done = wb_ + mem_lat_;
        } else {
            done = std::max(rd_end, s + dst_words) + 1;
        }
        break;
    }
    case TL_ISA_OP_MATMUL: {
        uint64_t busy = tl_isa_get(in, TL_ISA_MATMUL_N) +
                        (tl_isa_get(in, TL_ISA_MATMUL_LOAD) ? tl_isa_get(in, TL_ISA_MATMUL_K) : 0);
        t_eng_[e] = s + busy;
        done = s + busy + tl_te_latency(cfg_.rows) + 2;
        break;
    }
    case TL_ISA_OP_ACTIVATE:
    case TL_ISA_OP_ELEMWISE: {
        uint64_t p = tl_isa_get(in, TL_ISA_ACTIVATE_P), f = tl_isa_get(in, TL_ISA_ACTIVATE_F);
        done = t_eng_[e] = s + (p + act_lanes_ - 1) / act_lanes_ * f + ACT_OVERHEAD;
        break;
    }
    default: /* NOP */
        done = t_eng_[e] = s + 1;
        break;
    }
    if (tl_isa_get(in, TL_ISA_HDR_SIGNAL)) {
        unsigned ss = tl_isa_get(in, TL_ISA_HDR_SS);
        std::deque<sem_ev> &log = sem_log_[ss];
        log.push_back(sem_ev{tl_core_csr_read32(core_, CSR_OFF(SEM[0]) + 4 * ss), done});
        if (log.size() > 256)
            log.pop_front();
    }
    last_done_ = done;
    frontier_ = std::max(frontier_, done);
}

/* ---- the model thread ---------------------------------------------------- */

void trnlite_lt::run()
{
    for (;;) {
        observed_ = false;
        rd_beats_ = wr_beats_ = mem_lat_ = 0;
        if (tl_core_run(core_, 1) == 0) {
            /* quiescent: let time reach the estimate, settle irq, sleep
             * until a CSR write */
            sync_to(frontier_);
            bool lvl = tl_core_irq(core_);
            if (lvl != irq_level_) {
                irq_level_ = lvl;
                irq_ev_.notify();
            }
            /* a CSR write while this thread was syncing found it not
             * waiting for kick_: look at the model again first */
            if (csr_writes_ != csr_writes_seen_) {
                csr_writes_seen_ = csr_writes_;
                continue;
            }
            wait(kick_);
            csr_writes_seen_ = csr_writes_;
            floor_ = std::max(floor_, now_cycles());
            continue;
        }
        steps_++;
        if (!observed_) {
            /* the watchdog ended a wait nothing could end */
            last_done_ = frontier_ + tl_core_csr_read32(core_, CSR_OFF(WATCHDOG));
            frontier_ = last_done_;
        }
        bool lvl = tl_core_irq(core_);
        if (lvl != irq_level_) {
            sync_to(last_done_);
            irq_level_ = lvl;
            irq_ev_.notify();
        }
        sc_time ahead = period_ * (double)frontier_;
        qk_.set(ahead > sc_time_stamp() ? ahead - sc_time_stamp() : SC_ZERO_TIME);
        if (qk_.need_sync())
            qk_.sync();
    }
}
