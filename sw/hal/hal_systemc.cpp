/*
 * HAL backends "systemc-rtl" and "systemc-lt" (hal_systemc.h,
 * docs/systemc.md section 5). The driver is plain C outside the
 * simulation; each HAL call hands a request to a proxy SC_THREAD (an
 * initiator on the core's csr socket) and runs sc_start() until the proxy
 * calls sc_pause().
 */
#include "hal_systemc.h"

#include <cstdlib>
#include <cstring>
#include <new>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "tlm_memory.h"
#include "trnlite_lt.h"
#include "trnlite_rtl_tlm.h"

extern "C" {
#include "hal_mem.h"
}

using namespace sc_core;

namespace {

/* The Verilated build's parameters (verif/systemc/systemc.mk: CORE_CFG_4x8,
 * ACT_LANES=2). */
const tl_core_config rtl_cfg = {4, 8, 12, 2, 6, 64, 32, 16, 3};
const unsigned rtl_act_lanes = 2;

uint64_t quantum_ns = 0;  /* tl_hal_systemc_set_quantum_ns */

enum req_op { REQ_CSR_READ, REQ_CSR_WRITE, REQ_WAIT_IRQ };

/* The testbench: the core (one of the two models), a TLM memory, and the
 * proxy thread serving the HAL's requests. */
struct platform : sc_module {
    sc_time period;
    sc_clock *clk = nullptr;  /* the RTL's; the LT model has none (a clock
                                 would cost two events per cycle) */
    sc_signal<bool> rst, irq;
    tlm_memory memory;
    trnlite_rtl_tlm *rtl = nullptr;
    trnlite_lt *lt = nullptr;
    tlm_utils::simple_initiator_socket<platform> cpu;
    sc_event req_ev;
    /* the request the proxy serves */
    req_op op;
    uint32_t off = 0, val = 0;
    uint64_t timeout = 0, used = 0;
    int rc = 0;

    SC_HAS_PROCESS(platform);
    platform(sc_module_name n, bool use_rtl, const tl_core_config &cfg, uint64_t base, uint64_t size,
             unsigned latency)
        : sc_module(n), period(10, SC_NS), rst("rst"), irq("irq"),
          memory("memory", base, size, period * (double)latency), cpu("cpu")
    {
        if (use_rtl) {
            clk = new sc_clock("clk", period);
            rtl = new trnlite_rtl_tlm("core", period);
            rtl->clk(*clk);
            rtl->rst(rst);
            rtl->irq(irq);
            cpu.bind(rtl->csr);
            rtl->mem.bind(memory.socket);
        } else {
            lt = new trnlite_lt("core", cfg, period, cfg.rows == rtl_cfg.rows && cfg.cols == rtl_cfg.cols ?
                                rtl_act_lanes : 0);
            lt->irq(irq);
            cpu.bind(lt->csr);
            lt->mem.bind(memory.socket);
        }
        tlm::tlm_global_quantum::instance().set(quantum_ns ? sc_time((double)quantum_ns, SC_NS)
                                                           : sc_time(10, SC_US));
        SC_THREAD(proxy);
    }

    void proxy()
    {
        /* reset: a few cycles with rst high, as the rtl backend does */
        rst.write(true);
        wait(period * 4);
        rst.write(false);
        wait(period);
        sc_pause();
        for (;;) {
            wait(req_ev);
            tlm::tlm_generic_payload t;
            uint8_t data[4];
            sc_time delay = SC_ZERO_TIME;
            switch (op) {
            case REQ_CSR_READ:
            case REQ_CSR_WRITE:
                for (unsigned b = 0; b < 4; b++)
                    data[b] = (uint8_t)(val >> (8 * b));
                t.set_command(op == REQ_CSR_READ ? tlm::TLM_READ_COMMAND : tlm::TLM_WRITE_COMMAND);
                t.set_address(off);
                t.set_data_ptr(data);
                t.set_data_length(4);
                t.set_streaming_width(4);
                t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
                cpu->b_transport(t, delay);
                wait(delay);  /* an LT target annotates its time */
                val = (uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
                      (uint32_t)data[3] << 24;
                rc = t.is_response_ok() ? TL_HAL_OK : TL_HAL_EBUS;
                break;
            case REQ_WAIT_IRQ: {
                sc_time t0 = sc_time_stamp();
                if (!irq.read())
                    wait(period * (double)timeout, irq.posedge_event());
                used = (uint64_t)((sc_time_stamp() - t0) / period);
                rc = irq.read() ? TL_HAL_OK : TL_HAL_ETIMEOUT;
                break;
            }
            }
            sc_pause();
        }
    }

    int serve(req_op o)
    {
        op = o;
        req_ev.notify(SC_ZERO_TIME);
        sc_start();
        return rc;
    }
};

struct sc_dev {
    hal_mem m;  /* first: the dram_* calls see it (hal_mem.h) */
    platform *p;
};

bool elaborated = false;

int sc_csr_read(void *ctx, uint32_t off, uint32_t *v)
{
    platform *p = static_cast<sc_dev *>(ctx)->p;
    p->off = off;
    int rc = p->serve(REQ_CSR_READ);
    *v = p->val;
    return rc;
}

int sc_csr_write(void *ctx, uint32_t off, uint32_t v)
{
    platform *p = static_cast<sc_dev *>(ctx)->p;
    p->off = off;
    p->val = v;
    return p->serve(REQ_CSR_WRITE);
}

int sc_wait_irq(void *ctx, uint64_t timeout, uint64_t *used)
{
    platform *p = static_cast<sc_dev *>(ctx)->p;
    p->timeout = timeout;
    int rc = p->serve(REQ_WAIT_IRQ);
    if (used)
        *used = p->used;
    return rc;
}

/* SystemC cannot take modules apart after simulation started: the
 * platform stays until the process ends; the HAL is unusable after. */
void sc_close(void *ctx) { free(ctx); }

int sc_open(bool use_rtl, const tl_hal_opts *o, tl_hal *hal)
{
    if (elaborated)
        return TL_HAL_ENODEV;
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    sc_dev *d = static_cast<sc_dev *>(calloc(1, sizeof(sc_dev)));
    if (!d)
        return TL_HAL_EHOST;
    uint64_t base = o && o->dram_base ? o->dram_base : 0x80000000ull;
    uint64_t size = o && o->dram_size ? o->dram_size : 64ull << 20;
    unsigned latency = o && o->latency ? o->latency : 1;
    tl_core_config cfg = use_rtl || !o || !o->cfg ? rtl_cfg : *o->cfg;
    try {
        elaborated = true;
        d->p = new platform("tb", use_rtl, cfg, base, size, latency);
        sc_start();  /* to the end of reset */
    } catch (const std::bad_alloc &) {  /* (the LT core's C model too) */
        free(d);
        return TL_HAL_EHOST;
    } catch (...) {
        free(d);
        return TL_HAL_ENODEV;
    }
    d->m.mem = d->p->memory.data();
    d->m.bump.base = base;
    d->m.bump.size = size;
    *hal = tl_hal{use_rtl ? "systemc-rtl" : "systemc-lt", d, sc_csr_read, sc_csr_write, hal_mem_range,
                  hal_mem_alloc, hal_mem_reset, hal_mem_write, hal_mem_read, sc_wait_irq, sc_close};
    return TL_HAL_OK;
}

} // namespace

extern "C" int tl_hal_systemc_rtl_open(const tl_hal_opts *opts, tl_hal *hal) { return sc_open(true, opts, hal); }

extern "C" int tl_hal_systemc_lt_open(const tl_hal_opts *opts, tl_hal *hal) { return sc_open(false, opts, hal); }

extern "C" void tl_hal_systemc_set_quantum_ns(uint64_t ns) { quantum_ns = ns; }

extern "C" int tl_hal_systemc_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    if (!hal->ctx || resp < 2 || resp > 3 || lo > hi)
        return TL_HAL_EINVAL;
    static_cast<sc_dev *>(hal->ctx)->p->memory.add_fault(lo, hi, on_write, resp);
    return TL_HAL_OK;
}

extern "C" void tl_hal_systemc_clear_faults(tl_hal *hal) { static_cast<sc_dev *>(hal->ctx)->p->memory.clear_faults(); }

extern "C" uint64_t tl_hal_systemc_cycles(const tl_hal *hal)
{
    return (uint64_t)(sc_time_stamp() / static_cast<sc_dev *>(hal->ctx)->p->period);
}

extern "C" uint64_t tl_hal_systemc_transactions(const tl_hal *hal)
{
    return static_cast<sc_dev *>(hal->ctx)->p->memory.transactions();
}

/* libsystemc's own main() calls sc_main; programs here have their own
 * main and never call it, but the shared library needs the symbol. Weak,
 * so a platform that has an sc_main keeps its own. */
int sc_main(int, char **) __attribute__((weak));
int sc_main(int, char **) { return 1; }
