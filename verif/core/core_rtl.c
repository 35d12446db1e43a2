/* The Verilated trnlite_core as a device (core_rtl.h). */
#include <stdio.h>
#include <stdlib.h>

#include "core_rtl.h"
#include "fcov.h"
#include "core_shim.h"

/* An AXI4-Lite transaction that takes longer than this is a hang. */
#define CSR_TIMEOUT 10000
#define CORE_RTL_STR2(x) #x
#define CORE_RTL_STR(x) CORE_RTL_STR2(x)

struct core_rtl {
    core_dut *dut;
    axi_mem *mem;
    core_io io;
    uint64_t now;
    /* AXI4-Lite handshakes of the last edge, and what the slave answered */
    bool aw_fire, w_fire, b_fire, ar_fire, r_fire;
    uint32_t rdata, resp;
    uint32_t last_resp;       /* BRESP/RRESP of the last CSR access */
    void (*trace_fn)(void *u, uint64_t cycle, const core_trace_port *p);
    void *trace_u;
    uint8_t trace_wait;       /* wait bits last reported */
    uint64_t out_hash;        /* every output the outside may look at (core_rtl_out_hash) */
    uint8_t cov_wait;         /* wait bits of the last cycle (functional coverage) */
};

static void mix(uint64_t *h, uint64_t v)
{
    *h = (*h ^ v) * 0x100000001B3ull;
    *h ^= *h >> 29;
}

/* Fold this cycle's outputs into the hash: VALIDs, READYs and irq always,
 * a payload only while its VALID is high (what a slave may look at). */
static void hash_outputs(core_rtl *r)
{
    const core_io *io = &r->io;
    const axi_port *p = &io->axi;
    uint64_t *h = &r->out_hash;
    const unsigned db = core_dut_data_bytes();
    mix(h, (uint64_t)p->awvalid | p->wvalid << 1 | p->arvalid << 2 | p->bready << 3 | p->rready << 4 |
               io->awready << 5 | io->wready << 6 | io->bvalid << 7 | io->arready << 8 | io->rvalid << 9 |
               io->irq << 10);
    if (p->awvalid)
        mix(h, p->awaddr ^ (uint64_t)p->awlen << 40 ^ (uint64_t)p->awid << 48 ^ (uint64_t)p->awsize << 52);
    if (p->arvalid)
        mix(h, p->araddr ^ (uint64_t)p->arlen << 40 ^ (uint64_t)p->arid << 48 ^ (uint64_t)p->arsize << 52);
    if (p->wvalid) {
        mix(h, p->wstrb | (uint64_t)p->wlast << 32);
        for (unsigned i = 0; i < db; i++)
            if (p->wstrb >> i & 1)
                mix(h, p->wdata[i]);
    }
    if (io->bvalid)
        mix(h, io->bresp);
    if (io->rvalid)
        mix(h, io->rdata | (uint64_t)io->rresp << 32);
}

uint64_t core_rtl_out_hash(const core_rtl *r) { return r->out_hash; }

void core_rtl_set_trace(core_rtl *r, void (*fn)(void *u, uint64_t cycle, const core_trace_port *p), void *u)
{
    r->trace_fn = fn;
    r->trace_u = u;
    r->trace_wait = 0;
}

unsigned core_rtl_data_bytes(void) { return core_dut_data_bytes(); }

/* One clock: drive the DRAM model's outputs, evaluate at clock low, let
 * the DRAM model see this edge's handshakes, rising edge. */
static void cycle(core_rtl *r)
{
    if (r->io.rst)
        axi_mem_reset(r->mem);
    core_io *io = &r->io;
    axi_mem_drive(r->mem, &io->axi);
    core_dut_eval(r->dut, io);
    if (r->trace_fn) {
        const core_trace_port *p = &io->trc;
        if (p->issue || p->done || p->nop || p->dma_done || p->wait != r->trace_wait) {
            r->trace_fn(r->trace_u, r->now, p);
            r->trace_wait = p->wait;
        }
    }
    r->aw_fire = io->awvalid && io->awready;
    r->w_fire = io->wvalid && io->wready;
    r->b_fire = io->bvalid && io->bready;
    r->ar_fire = io->arvalid && io->arready;
    r->r_fire = io->rvalid && io->rready;
    r->rdata = io->rdata;
    r->resp = r->b_fire ? io->bresp : io->rresp;
    if (!io->rst) {
        hash_outputs(r);
        /* an engine starts to wait on a semaphore: functional coverage */
        uint8_t rise = io->trc.wait & ~r->cov_wait;
        for (unsigned e = 0; e < 3; e++)
            if (rise >> e & 1)
                FCOV_HITF("core.sem.blocked.%s", e == 0 ? "dma" : e == 1 ? "te" : "act");
        r->cov_wait = io->trc.wait;
    }
    axi_mem_tick(r->mem, &io->axi);
    core_dut_posedge(r->dut);
    r->now++;
}

core_rtl *core_rtl_create(uint64_t base, uint64_t size, const core_rtl_opts *o)
{
    core_rtl *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    axi_mem_cfg mc = {
        .data_bytes = core_dut_data_bytes(), .base = base, .size = size,
        .latency = o->latency ? o->latency : 1, .ready_pct = o->ready_pct ? o->ready_pct : 100,
        .stall_permille = o->stall_permille, .stall_max = o->stall_max, .seed = o->seed,
    };
    /* docs/core.md / docs/dma.md: AxCACHE 0011, AxPROT 000, AxLOCK 0,
     * full-width beats; the DMA (ID 0) keeps at most 9 reads and 16 writes
     * in flight (2^RD_OUTSTANDING_LOG2 + 1, 2^WR_OUTSTANDING_LOG2 at their
     * defaults), fetch (ID 1) at most
     * 3 reads (one per engine) */
    mc.check_attr = true;
    mc.cache = 3;
    mc.prot = 0;
    mc.max_rd[0] = 9;
    mc.max_wr[0] = 16;
    mc.max_rd[1] = 3;
    if (axi_mem_impolite_wanted())
        axi_mem_cfg_impolite(&mc);
    r->mem = axi_mem_create(&mc);
    if (!r->mem) {
        free(r);
        return NULL;
    }
    r->dut = core_dut_create(o->wave, o->powerup_seed);
    if (!r->dut) {
        axi_mem_free(r->mem);
        free(r);
        return NULL;
    }
    /* the impolite set also stalls the core's SBUF and PSUM ports for up to
     * 300 cycles at a time (core_mem_stall, in the builds with TL_CHECKS;
     * a plusarg, so the polite tests keep their timing exactly) */
    if (axi_mem_impolite_wanted()) {
        char arg[40];
        snprintf(arg, sizeof arg, "+tl_mem_stall=%u", (unsigned)(o->seed % 1000000u) + 1u);
        core_dut_plusarg(r->dut, arg);
    }
    /* TL_MEM_STATS=1: each port's checker prints its waits when the model
     * is freed (core_mem_check.v) */
    if (getenv("TL_MEM_STATS"))
        core_dut_plusarg(r->dut, "+tl_mem_stats");
    core_rtl_reset(r, 4);
    return r;
}

void core_rtl_free(core_rtl *r)
{
    core_dut_free(r->dut);
    axi_mem_free(r->mem);
    free(r);
}

uint8_t *core_rtl_dram(core_rtl *r) { return axi_mem_data(r->mem); }
axi_mem *core_rtl_mem(core_rtl *r) { return r->mem; }
uint64_t core_rtl_now(const core_rtl *r) { return r->now; }
bool core_rtl_irq(const core_rtl *r) { return r->io.irq; }

void core_rtl_reset(core_rtl *r, unsigned n)
{
    r->io.rst = true;
    for (unsigned i = 0; i < n; i++)
        cycle(r);
    r->io.rst = false;
}

void core_rtl_clock(core_rtl *r, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        cycle(r);
}

int core_rtl_csr_write(core_rtl *r, uint32_t off, uint32_t v)
{
    core_io *io = &r->io;
    io->awaddr = off;
    io->awvalid = true;
    io->wdata = v;
    io->wstrb = 0xF;
    io->wvalid = true;
    io->bready = true;
    for (unsigned t = 0; t < CSR_TIMEOUT; t++) {
        cycle(r);
        io->awvalid &= !r->aw_fire;
        io->wvalid &= !r->w_fire;
        if (r->b_fire) {
            io->bready = false;
            r->last_resp = r->resp;
            return r->resp == 0 ? CORE_RTL_OK : CORE_RTL_ERESP;
        }
    }
    /* Withdraw the request: a later access starts from a clean bus. */
    io->awvalid = io->wvalid = io->bready = false;
    return CORE_RTL_ETIMEOUT;
}

int core_rtl_csr_read(core_rtl *r, uint32_t off, uint32_t *v)
{
    core_io *io = &r->io;
    io->araddr = off;
    io->arvalid = true;
    io->rready = true;
    for (unsigned t = 0; t < CSR_TIMEOUT; t++) {
        cycle(r);
        io->arvalid &= !r->ar_fire;
        if (r->r_fire) {
            io->rready = false;
            *v = r->rdata;
            r->last_resp = r->resp;
            return r->resp == 0 ? CORE_RTL_OK : CORE_RTL_ERESP;
        }
    }
    io->arvalid = io->rready = false;
    *v = 0;
    return CORE_RTL_ETIMEOUT;
}

unsigned core_rtl_last_resp(const core_rtl *r) { return r->last_resp; }

const char *core_rtl_strerror(int rc)
{
    switch (rc) {
    case CORE_RTL_OK: return "OK";
    case CORE_RTL_ETIMEOUT: return "no response in " CORE_RTL_STR(CSR_TIMEOUT) " cycles";
    case CORE_RTL_ERESP: return "error response";
    default: return "?";
    }
}

unsigned core_rtl_violations(const core_rtl *r, const char **first)
{
    if (first)
        *first = axi_mem_first_violation(r->mem);
    return axi_mem_violations(r->mem);
}
