/*
 * core_ctrl (rtl/core) against the whole-core C model.
 *
 * The Verilated core_ctrl (4 x 4, the small configuration of
 * test_core_cmd) runs behind a C bench that plays its world: the DRAM
 * answering instruction fetches (random AR ready, random latency and gaps
 * between beats, SLVERR/DECERR by the model's fault rule), and the three
 * engines, which only acknowledge: random ready, done after a random
 * delay in dispatch order; the DMA completes its descriptors per queue in
 * order and finds its errors by running each descriptor with tl_dma_run
 * on the bench's own memories, so its error codes and addresses are the
 * DMA contract's; it drops a failed queue's later descriptors until
 * err_clear, as dma_engine does.
 *
 * The C model (tl_core_*) gets the same CSR writes and the same rings.
 * After both have settled, every mapped CSR the model defines is compared
 * (error record, STATUS, HEADs, TAILs, semaphores, IRQ_STATUS,
 * architectural counters; not the clock counters), the irq pins, and the
 * instructions each RTL engine received against the model's executed
 * slots (non-NOP slots between its old and new HEAD).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc_shim.h"
#include "core_harness.h"
#include "core_progs.h"
#include "tl_test.h"

#define MAXREC 512
#define WD_CYCLES 300u   /* the watchdog of these tests: the model only tells 0 from not 0 */

/* ---- the RTL bench ------------------------------------------------------------ */

typedef struct {
    uint64_t addr, ready_at;
    unsigned beat;
} fburst;

typedef struct {
    unsigned code;
    uint64_t fault, due;
} ditem;

typedef struct {
    cc_dut *dut;
    cc_io io;
    uint64_t cyc;
    tl_rng rng;
    unsigned ready_pct, lat_max;
    uint8_t *dram, *sbuf, *psum;
    const tl_dma_fault *faults;
    unsigned nfaults;
    /* fetch */
    fburst fb[8];
    unsigned fb_n;
    bool r_now;                      /* an R beat is driven this cycle */
    /* engines: what each received, and their pending completions */
    uint32_t rec[3][MAXREC][32];
    unsigned nrec[3];
    uint64_t te_due[64], act_due[64];
    unsigned te_n, act_n;
    ditem dq[CC_QUEUES][64];
    unsigned dq_n[CC_QUEUES];
    bool derr[CC_QUEUES];
    unsigned dcode[CC_QUEUES];
    uint64_t daddr[CC_QUEUES];
    uint32_t done_now;               /* DMA done pulses driven this cycle */
    bool te_done_now, act_done_now;
    /* AXI4-Lite driver */
    bool rd_done, wr_b;
    uint32_t rd_data;
    unsigned bad_resp;
    bool dma_no_run;                 /* the DMA completes without running (huge counts) */
    unsigned dma_extra[CC_QUEUES];   /* cycles every descriptor of a queue takes at least */
} rb;

static uint32_t rnd(rb *b, uint32_t n) { return tl_rng_below(&b->rng, n); }

/* The model's read rule for a fetch beat: faults, then outside DRAM is DECERR. */
static unsigned fetch_resp(const rb *b, uint64_t a, uint64_t z)
{
    for (unsigned i = 0; i < b->nfaults; i++) {
        const tl_dma_fault *f = &b->faults[i];
        if (!f->on_write && a <= f->hi && z >= f->lo)
            return f->resp;
    }
    if (a < CH_DRAM_BASE || z >= CH_DRAM_BASE + CH_DRAM_SIZE)
        return 3;
    return 0;
}

static unsigned dma_run_desc(rb *b, const uint32_t *w, uint64_t *fault)
{
    tl_dma_desc d;
    tl_dma_desc_unpack(w, &d);
    tl_dma_sys sys = {
        .data_bytes = cc_dut_data_bytes(), .addr_bits = cc_dut_addr_bits(),
        .win_base = b->io.dram_base, .win_limit = b->io.dram_limit,
        .dram = b->dram, .dram_base = CH_DRAM_BASE, .dram_size = CH_DRAM_SIZE,
        .sbuf = b->sbuf, .sbuf_parts = CC_ROWS, .sbuf_part_log2 = CC_SBUF_PART_LOG2,
        .psum = b->psum, .psum_parts = CC_COLS,
        .psum_part_log2 = CC_PSUM_BANK_LOG2 + 2 + 2,
        .faults = b->faults, .nfaults = b->nfaults,
    };
    return tl_dma_run(&sys, &d, fault);
}

static void rb_record(rb *b, unsigned e, const uint32_t *w)
{
    ck_assert_msg(b->nrec[e] < MAXREC, "too many dispatches recorded");
    memcpy(b->rec[e][b->nrec[e]++], w, 128);
}

/* Inputs of this cycle that depend on the bench's state only. */
static void rb_drive(rb *b)
{
    cc_io *io = &b->io;
    unsigned db = cc_dut_data_bytes();
    io->bready = io->rready = true;
    io->f_arready = rnd(b, 100) < b->ready_pct;
    b->r_now = false;
    io->f_rvalid = false;
    io->f_rlast = false;
    if (b->fb_n && b->fb[0].ready_at <= b->cyc && rnd(b, 100) < 85) {
        fburst *f = &b->fb[0];
        uint64_t a = (f->addr & ~(uint64_t)(db - 1)) + (uint64_t)f->beat * db;
        memset(io->f_rdata, 0, sizeof io->f_rdata);
        io->f_rresp = fetch_resp(b, a, a + db - 1);
        if (io->f_rresp == 0)
            memcpy(io->f_rdata, b->dram + (a - CH_DRAM_BASE), db);
        io->f_rvalid = true;
        io->f_rlast = f->beat == 128 / db - 1;
        b->r_now = true;
    }
    b->done_now = 0;
    io->dma_done_pulse = 0;
    for (unsigned q = 0; q < CC_QUEUES; q++) {
        if (b->dq_n[q] && !b->derr[q] && b->dq[q][0].due <= b->cyc) {
            ditem *it = &b->dq[q][0];
            if (it->code) { /* the queue fails: its waiting descriptors are dropped */
                b->derr[q] = true;
                b->dcode[q] = it->code;
                b->daddr[q] = it->fault;
                b->dq_n[q] = 0;
            } else {
                b->done_now |= 1u << q;
            }
        }
    }
    io->dma_done_pulse = b->done_now;
    io->dma_err_valid = 0;
    for (unsigned q = 0; q < CC_QUEUES; q++) {
        io->dma_err_valid |= (uint32_t)b->derr[q] << q;
        io->dma_err_code[q] = b->derr[q] ? b->dcode[q] : 0;
        io->dma_err_addr[q] = b->derr[q] ? b->daddr[q] : 0;
    }
    bool idle = true;
    for (unsigned q = 0; q < CC_QUEUES; q++)
        idle = idle && b->dq_n[q] == 0;
    io->dma_idle = idle;
    io->te_insn_ready = rnd(b, 100) < b->ready_pct;
    io->act_insn_ready = rnd(b, 100) < b->ready_pct;
    b->te_done_now = b->te_n && b->te_due[0] <= b->cyc;
    b->act_done_now = b->act_n && b->act_due[0] <= b->cyc;
    io->te_done = b->te_done_now;
    io->act_done = b->act_done_now;
    io->dma_desc_ready = rnd(b, 100) < b->ready_pct;
}

static uint64_t later(uint64_t last, uint64_t now, uint32_t d) { return (last > now ? last : now) + 1 + d; }

/* One clock cycle of the DUT and its world. */
static void rb_step(rb *b)
{
    cc_io *io = &b->io;
    rb_drive(b);
    cc_dut_eval(b->dut, io);
    /* the DMA takes at once what goes to a failed queue; others wait for room */
    if (io->dma_desc_valid && io->dma_desc_queue < CC_QUEUES) {
        unsigned q = io->dma_desc_queue;
        if (b->derr[q])
            io->dma_desc_ready = true;
        else if (b->dq_n[q] >= 3)
            io->dma_desc_ready = false;
        cc_dut_eval(b->dut, io);
    }

    if (io->rst) { /* before the reset's first edge the outputs hold power-up values: no handshake */
        cc_dut_posedge(b->dut);
        b->cyc++;
        return;
    }

    /* handshakes of this edge */
    if (io->awvalid && io->awready)
        io->awvalid = false;
    if (io->wvalid && io->wready)
        io->wvalid = false;
    if (io->bvalid) {
        b->wr_b = true;
        b->bad_resp += io->bresp != 0;
    }
    if (io->arvalid && io->arready)
        io->arvalid = false;
    if (io->rvalid) {
        b->rd_done = true;
        b->rd_data = io->rdata;
        b->bad_resp += io->rresp != 0;
    }
    if (io->f_arvalid && io->f_arready) {
        ck_assert_msg(b->fb_n < 8, "more fetch bursts in flight than engines");
        ck_assert_msg((io->f_araddr & 127) == 0, "fetch address 0x%llx not slot-aligned",
                      (unsigned long long)io->f_araddr);
        b->fb[b->fb_n++] = (fburst){io->f_araddr, b->cyc + 1 + rnd(b, b->lat_max), 0};
    }
    if (b->r_now && ++b->fb[0].beat == 128 / cc_dut_data_bytes()) {
        memmove(b->fb, b->fb + 1, (b->fb_n - 1) * sizeof b->fb[0]);
        b->fb_n--;
    }
    for (unsigned q = 0; q < CC_QUEUES; q++)
        if (b->done_now >> q & 1) {
            memmove(b->dq[q], b->dq[q] + 1, (b->dq_n[q] - 1) * sizeof(ditem));
            b->dq_n[q]--;
        }
    if (io->dma_desc_valid && io->dma_desc_ready) {
        unsigned q = io->dma_desc_queue;
        ck_assert_msg(q < CC_QUEUES, "DMA queue %u dispatched", q);
        uint32_t w[32] = {0};
        w[4] = q;
        memcpy(w + 8, io->dma_desc_data, 80);
        rb_record(b, 0, w);
        if (!b->derr[q]) {
            ditem it = {0};
            if (!b->dma_no_run)
                it.code = dma_run_desc(b, io->dma_desc_data, &it.fault);
            it.due = later(b->dq_n[q] ? b->dq[q][b->dq_n[q] - 1].due : 0, b->cyc, b->dma_extra[q] + rnd(b, 40));
            ck_assert(b->dq_n[q] < 64);
            b->dq[q][b->dq_n[q]++] = it;
        }
    }
    if (b->te_done_now) {
        memmove(b->te_due, b->te_due + 1, (b->te_n - 1) * sizeof b->te_due[0]);
        b->te_n--;
    }
    if (b->act_done_now) {
        memmove(b->act_due, b->act_due + 1, (b->act_n - 1) * sizeof b->act_due[0]);
        b->act_n--;
    }
    if (io->te_insn_valid && io->te_insn_ready) {
        rb_record(b, 1, io->te_insn);
        ck_assert(b->te_n < 64);
        b->te_due[b->te_n] = later(b->te_n ? b->te_due[b->te_n - 1] : 0, b->cyc, rnd(b, 30));
        b->te_n++;
    }
    if (io->act_insn_valid && io->act_insn_ready) {
        rb_record(b, 2, io->act_insn);
        ck_assert(b->act_n < 64);
        b->act_due[b->act_n] = later(b->act_n ? b->act_due[b->act_n - 1] : 0, b->cyc, rnd(b, 30));
        b->act_n++;
    }
    for (unsigned q = 0; q < CC_QUEUES; q++)
        if (io->dma_err_clear >> q & 1)
            b->derr[q] = false;
    if (io->dma_abort) /* queued descriptors are dropped */
        for (unsigned q = 0; q < CC_QUEUES; q++)
            b->dq_n[q] = 0;
    if (io->eng_rst) {
        ck_assert_msg(b->fb_n == 0, "engine reset with fetch bursts in flight");
        memset(b->dq_n, 0, sizeof b->dq_n);
        memset(b->derr, 0, sizeof b->derr);
        b->te_n = b->act_n = 0;
    }
    cc_dut_posedge(b->dut);
    b->cyc++;
}

static rb *rb_create(uint64_t seed)
{
    rb *b = calloc(1, sizeof *b);
    ck_assert_ptr_nonnull(b);
    b->rng.s = seed;
    b->ready_pct = 70;
    b->lat_max = 24;
    b->dram = calloc(CH_DRAM_SIZE, 1);
    b->sbuf = calloc((size_t)CC_ROWS << CC_SBUF_PART_LOG2, 1);
    b->psum = calloc((size_t)CC_COLS << (CC_PSUM_BANK_LOG2 + 4), 1);
    ck_assert(b->dram && b->sbuf && b->psum);
    b->dut = cc_dut_create(tl_test_trace() ? tl_test_wave_path("core_ctrl") : NULL, (uint32_t)seed | 1u);
    b->io.rst = true;
    for (int i = 0; i < 4; i++)
        rb_step(b);
    b->io.rst = false;
    return b;
}

static void rb_free(rb *b)
{
    cc_dut_free(b->dut);
    free(b->dram);
    free(b->sbuf);
    free(b->psum);
    free(b);
}

static void rb_wr(rb *b, uint32_t off, uint32_t v)
{
    b->io.awaddr = off;
    b->io.wdata = v;
    b->io.awvalid = b->io.wvalid = true;
    b->wr_b = false;
    for (unsigned n = 0; !b->wr_b; n++) {
        ck_assert_msg(n < 100000, "CSR write 0x%x: no response", off);
        rb_step(b);
    }
}

static uint32_t rb_rd(rb *b, uint32_t off)
{
    b->io.araddr = off;
    b->io.arvalid = true;
    b->rd_done = false;
    for (unsigned n = 0; !b->rd_done; n++) {
        ck_assert_msg(n < 1000, "CSR read 0x%x: no response", off);
        rb_step(b);
    }
    return b->rd_data;
}

/* Run until nothing can change any more: every engine idle with an empty
 * ring, stopped, or waiting for the host (watchdog 0), nothing in flight. */
static void rb_settle(rb *b)
{
    for (unsigned round = 0;; round++) {
        ck_assert_msg(round < 4000, "the RTL did not settle (cycle %llu)", (unsigned long long)b->cyc);
        for (int i = 0; i < 32; i++)
            rb_step(b);
        uint32_t st = rb_rd(b, CSR(STATUS)), run = rb_rd(b, CSR(CTRL)) & 1;
        uint32_t stopped = rb_rd(b, CSR(ERR_ENGINE)) >> TRNLITE_CSR__ERR_ENGINE__STOPPED_bp;
        uint32_t busy = st & 7, waiting = st >> 4 & 7;
        bool quiet = (busy & ~waiting) == 0 && b->fb_n == 0 && b->te_n == 0 && b->act_n == 0;
        for (unsigned q = 0; q < CC_QUEUES; q++)
            quiet = quiet && b->dq_n[q] == 0;
        if (waiting && rb_rd(b, CSR(WATCHDOG)) != 0 && run)
            quiet = false;
        for (unsigned e = 0; e < 3 && quiet; e++) {
            bool empty = rb_rd(b, CSR_Q(e, HEAD)) == rb_rd(b, CSR_Q(e, TAIL));
            if (!(busy >> e & 1) && !empty && run && !(stopped >> e & 1))
                quiet = false;
        }
        if (quiet)
            return;
        if (round == 3990)
            fprintf(stderr, "settle: STATUS 0x%x run %u stopped %u fb %u te %u act %u dq %u %u %u %u heads %u %u %u\n", st,
                    run, stopped, b->fb_n, b->te_n, b->act_n, b->dq_n[0], b->dq_n[1], b->dq_n[2], b->dq_n[3],
                    rb_rd(b, CSR_Q(0, HEAD)), rb_rd(b, CSR_Q(1, HEAD)), rb_rd(b, CSR_Q(2, HEAD)));
    }
}

/* ---- model and RTL side by side --------------------------------------------------- */

typedef struct {
    ch *m;
    rb *r;
    unsigned h0[3];
    bool dma_err_prefix;   /* the RTL may have dispatched past a faulting DMA instruction */
} dual;

static tl_core_config small_cfg(void)
{
    tl_core_config g;
    tl_core_config_default(&g);
    g.rows = CC_ROWS;
    g.cols = CC_COLS;
    g.sbuf_part_log2 = CC_SBUF_PART_LOG2;
    g.psum_banks = CC_PSUM_BANKS;
    g.psum_bank_log2 = CC_PSUM_BANK_LOG2;
    g.sems = CC_SEMS;
    g.dma_queues = CC_QUEUES;
    g.data_width = cc_dut_data_bytes() * 8;
    g.addr_width = cc_dut_addr_bits();
    return g;
}

static void du_wr(dual *d, uint32_t off, uint32_t v)
{
    ch_wr(d->m, off, v);
    rb_wr(d->r, off, v);
}

/* Both with the harness's setup (window, rings, RUN), IRQ_ENABLE 7 and a
 * short watchdog. */
static dual du_create(uint64_t seed)
{
    tl_core_config g = small_cfg();
    dual d = {ch_create(&g), rb_create(seed * 0x9E3779B97F4A7C15ull + tl_test_seed(1)), {0, 0, 0}, false};
    uint64_t last = CH_DRAM_BASE + CH_DRAM_SIZE - 1;
    rb_wr(d.r, CSR(DRAM_BASE_LO), (uint32_t)CH_DRAM_BASE);
    rb_wr(d.r, CSR(DRAM_BASE_HI), (uint32_t)(CH_DRAM_BASE >> 32));
    rb_wr(d.r, CSR(DRAM_LIMIT_LO), (uint32_t)last);
    rb_wr(d.r, CSR(DRAM_LIMIT_HI), (uint32_t)(last >> 32));
    for (unsigned e = 0; e < 3; e++) {
        rb_wr(d.r, CSR_Q(e, BASE_LO), (uint32_t)ch_slot(e, 0));
        rb_wr(d.r, CSR_Q(e, BASE_HI), (uint32_t)(ch_slot(e, 0) >> 32));
        rb_wr(d.r, CSR_Q(e, SIZE), CH_RING_SLOTS);
    }
    rb_wr(d.r, CSR(CTRL), 1);
    du_wr(&d, CSR(IRQ_ENABLE), 7);
    du_wr(&d, CSR(WATCHDOG), WD_CYCLES);
    return d;
}

static void du_free(dual *d)
{
    ch_free(d->m);
    rb_free(d->r);
}

static void du_faults(dual *d, const tl_dma_fault *f, unsigned n)
{
    tl_core_set_faults(d->m->core, f, n);
    d->r->faults = f;
    d->r->nfaults = n;
}

static void du_push(dual *d, unsigned e, const uint32_t *in)
{
    uint64_t slot = ch_slot(e, d->m->tail[e]);
    memcpy(d->r->dram + (slot - CH_DRAM_BASE), in, 128);
    ch_push(d->m, e, in);
    rb_wr(d->r, CSR_Q(e, TAIL), d->m->tail[e]);
}

/* Registers compared: the whole map except the clock counters. */
static bool compared(uint32_t off)
{
    if (off >= CSR(PERF_CYCLES) && off < CSR(PERF_TE_MACS))
        return false;
    return off < (uint32_t)sizeof(trnlite_csr_t);
}

static void du_compare_all(dual *d, const char *where, bool dispatches)
{
    for (uint32_t off = 0; off < (uint32_t)sizeof(trnlite_csr_t); off += 4) {
        if (!compared(off))
            continue;
        uint32_t want = ch_rd(d->m, off), have = rb_rd(d->r, off);
        ck_assert_msg(have == want, "%s: CSR 0x%03x is 0x%08x in the RTL, 0x%08x in the model", where, off, have,
                      want);
    }
    cc_dut_eval(d->r->dut, &d->r->io);
    ck_assert_msg(d->r->io.irq == tl_core_irq(d->m->core), "%s: irq %d in the RTL, %d in the model", where,
                  d->r->io.irq, tl_core_irq(d->m->core));
    ck_assert_uint_eq(d->r->bad_resp, 0);
    /* what each engine received: the model's executed non-NOP slots */
    for (unsigned e = 0; e < 3 && dispatches; e++) {
        uint32_t size = ch_rd(d->m, CSR_Q(e, SIZE)), h1 = ch_rd(d->m, CSR_Q(e, HEAD));
        unsigned n = 0;
        for (uint32_t h = d->h0[e]; h != h1 && size && (size & (size - 1)) == 0; h = (h + 1) & (size - 1)) {
            const uint8_t *slot = ch_mem(d->m, ch_slot(e, h));
            uint32_t w[32];
            for (unsigned i = 0; i < 32; i++)
                w[i] = ld_le(slot + 4 * i, 4);
            if ((w[0] & 0xFF) == TL_ISA_OP_NOP)
                continue;
            ck_assert_msg(n < d->r->nrec[e], "%s: engine %u got %u instructions, the model ran more", where, e,
                          d->r->nrec[e]);
            const uint32_t *g = d->r->rec[e][n];
            if (e == 0)
                ck_assert_msg(g[4] == (w[4] & 15) && memcmp(g + 8, w + 8, 80) == 0,
                              "%s: DMA instruction %u (slot %u) differs", where, n, h);
            else
                ck_assert_msg(memcmp(g, w, 128) == 0, "%s: engine %u instruction %u (slot %u) differs", where, e, n,
                              h);
            n++;
        }
        if (!(e == 0 && d->dma_err_prefix))
            ck_assert_msg(n == d->r->nrec[e], "%s: engine %u got %u instructions, the model ran %u", where, e,
                          d->r->nrec[e], n);
        d->r->nrec[e] = 0;
        d->h0[e] = h1;
    }
}

static void du_compare(dual *d, const char *where) { du_compare_all(d, where, false); }

/* Run both to quiescence and compare. */
static void du_run(dual *d, const char *where)
{
    for (unsigned e = 0; e < 3; e++)
        d->h0[e] = ch_rd(d->m, CSR_Q(e, HEAD));
    ch_run(d->m);
    rb_settle(d->r);
    d->dma_err_prefix = ch_rd(d->m, CSR(ERR_CODE)) >= TL_ISA_ERR_DMA;
    du_compare_all(d, where, true);
}

/* A bad instruction then a signalling NOP in ring e: same error record,
 * the ring stopped at slot 0, the NOP not run. */
static void bad_insn(const uint32_t *in, unsigned e, unsigned code, const char *what)
{
    if (getenv("CC_VERBOSE"))
        printf("bad_insn: %s\n", what);
    dual d = du_create(tl_test_seed(1) + code * 7 + e);
    tl_insn nop;
    insn_nop(nop, -1, 0, 0, 1);
    du_push(&d, e, in);
    du_push(&d, e, nop);
    du_run(&d, what);
    ck_assert_msg(ch_rd(d.m, CSR(ERR_CODE)) == code, "%s: the model says %u, the test wants %u", what,
                  ch_rd(d.m, CSR(ERR_CODE)), code);
    ck_assert_uint_eq(rb_rd(d.r, CSR_Q(e, HEAD)), 0);
    ck_assert(d.r->io.irq);
    du_free(&d);
}

/* ---- tests -------------------------------------------------------------------------- */

START_TEST(csr_identity_config_rw)
{
    dual d = du_create(11);
    ck_assert_uint_eq(rb_rd(d.r, CSR(ID)), 0x54524E4Cu);
    ck_assert_uint_eq(rb_rd(d.r, CSR(CFG_ARRAY)), 4u | 4u << 8 | 16u << 16 | 4u << 24);
    du_compare(&d, "after reset");
    /* read-only, unmapped, masks, semaphores beyond SEMS, 64-bit halves */
    static const uint32_t offs[] = {CSR(ID), CSR(CFG_MEM), 0x018, 0xFFC, 0x118, CSR(ERR_CLEAR), CSR(PERF_CTRL),
                                    CSR_SEM(15), CSR_SEM(16), CSR_SEM(31), CSR_Q(1, SIZE), CSR_Q(2, BASE_HI),
                                    CSR(IRQ_SEM), CSR(IRQ_SEM_VALUE), CSR(DRAM_BASE_HI), CSR(ERR_CODE),
                                    CSR(STATUS), CSR(PERF_TE_MACS.LO), CSR(PERF_ACT_ELEMS.HI), 0x45C, 0x202};
    for (unsigned i = 0; i < sizeof offs / sizeof offs[0]; i++)
        du_wr(&d, offs[i], 0xFFFFFFFFu - i);
    du_wr(&d, CSR(IRQ_ENABLE), 0xF8);
    du_wr(&d, CSR(WATCHDOG), 0);
    du_compare(&d, "after writes");
    ck_assert_uint_eq(rb_rd(d.r, CSR_Q(1, SIZE)), (0xFFFFFFFFu - 10) & 0x1FFFF);
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(15)), 0xFFFFFFFFu - 7);
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(16)), 0);
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(15) + 2), 0);             /* unaligned: 0 */
    ck_assert_uint_eq(rb_rd(d.r, CSR(PERF_TE_MACS.LO) + 1), 0);
    ck_assert_uint_eq(rb_rd(d.r, CSR(IRQ_SEM)), (0xFFFFFFFFu - 12) & 31);
    /* SEM_ADD adds, mod 2^32 */
    du_wr(&d, CSR_SEM_ADD(15), 9);
    du_wr(&d, CSR_SEM_ADD(20), 9);
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(15)), 1);
    du_compare(&d, "after SEM_ADD");
    du_free(&d);
}
END_TEST

START_TEST(counters_run_and_latch)
{
    dual d = du_create(12);
    uint32_t c0 = rb_rd(d.r, CSR(PERF_CYCLES.LO));
    uint32_t c1 = rb_rd(d.r, CSR(PERF_CYCLES.LO));
    ck_assert_uint_gt(c1, c0);
    ck_assert_uint_lt(c1 - c0, 20);
    /* the high word read is the one latched by the low read */
    ck_assert_uint_eq(rb_rd(d.r, CSR(PERF_CYCLES.HI)), 0);
    du_wr(&d, CSR(PERF_CTRL), 1);
    ck_assert_uint_lt(rb_rd(d.r, CSR(PERF_CYCLES.LO)), 10);
    /* busy and wait cycles: a NOP waiting for the host */
    du_wr(&d, CSR(WATCHDOG), 0);
    tl_insn in;
    insn_nop(in, 3, 1, 4, 1);
    du_push(&d, 1, in);
    for (int i = 0; i < 300; i++)
        rb_step(d.r);
    uint32_t w1 = rb_rd(d.r, CSR(PERF_WAIT[1].LO)), b1 = rb_rd(d.r, CSR(PERF_BUSY[1].LO));
    ck_assert_uint_gt(w1, 150);
    ck_assert_uint_ge(b1, w1);
    ck_assert_uint_eq(rb_rd(d.r, CSR(PERF_WAIT[0].LO)), 0);
    ck_assert_uint_eq(rb_rd(d.r, CSR(PERF_BUSY[2].LO)), 0);
    du_wr(&d, CSR_SEM(3), 1);
    du_run(&d, "released wait");
    du_free(&d);
}
END_TEST

/* The high word of a 64-bit counter is the one latched by the low read:
 * DMA bytes past 2^32 (the DMA side only acknowledges; RTL alone). */
START_TEST(counter_high_word_latch)
{
    dual d = du_create(40);
    rb *b = d.r;
    b->dma_no_run = true;
    tl_insn in;
    tl_dma_desc dd;
    memset(&dd, 0, sizeof dd);
    dd.src = (tl_dma_side){.space = TL_DMA_DRAM, .fmt = TL_FMT_FP32, .addr = CH_DATA_BASE,
                           .count = {0x10000000u, 16, 1}, .stride = {0, 0, 0}};
    dd.dst = (tl_dma_side){.space = TL_DMA_DRAM, .fmt = TL_FMT_BF16, .addr = CH_DATA_BASE,
                           .count = {0x10000000u, 16, 1}, .stride = {0, 0, 0}};
    insn_dma(in, -1, 0, 0, 1, 1, &dd);
    uint64_t slot = ch_slot(0, 0);
    memcpy(b->dram + (slot - CH_DRAM_BASE), in, 128);
    rb_wr(b, CSR_Q(0, TAIL), 1);
    rb_settle(b);
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_RD_BYTES.LO)), 0); /* 2^32 fp32: 2^34 bytes */
    memcpy(b->dram + (slot + 128 - CH_DRAM_BASE), in, 128);
    rb_wr(b, CSR_Q(0, TAIL), 2);
    rb_settle(b);
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_RD_BYTES.HI)), 4);  /* latched before the second */
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_RD_BYTES.LO)), 0);
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_RD_BYTES.HI)), 8);
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_WR_BYTES.LO)), 0);
    ck_assert_uint_eq(rb_rd(b, CSR(PERF_DMA_WR_BYTES.HI)), 4);
    ck_assert_uint_eq(rb_rd(b, CSR_SEM(0)), 2);
    du_free(&d);
}
END_TEST

/* Two DMA queues fail: HEAD goes back to the older instruction, whatever
 * order the errors come in (the record keeps the first one seen). */
START_TEST(dma_errors_two_queues)
{
    for (unsigned k = 0; k < 6; k++) {
        dual d = du_create(50 + k);
        /* k even: the younger instruction fails first */
        d.r->dma_extra[1 + k % 3] = k % 2 ? 200 : 600;
        d.r->dma_extra[k % 3] = k % 2 ? 600 : 200;
        uint64_t lim = CH_DATA_BASE + 0x10000;
        du_wr(&d, CSR(DRAM_LIMIT_LO), (uint32_t)lim);
        tl_insn in, nop;
        tl_dma_desc dd;
        insn_nop(nop, -1, 0, 1, 1);
        du_push(&d, 0, nop);
        desc_from_chip(&dd, 1, 12, 0, 0, TL_FMT_BF16, 1, 16, lim - 8, TL_FMT_BF16, 0, 0);
        insn_dma(in, -1, 0, 0, 1, 1 + k % 3, &dd);
        du_push(&d, 0, in);
        desc_from_chip(&dd, 1, 12, 0, 0, TL_FMT_BF16, 1, 32, lim - 4, TL_FMT_BF16, 0, 0);
        insn_dma(in, -1, 0, 0, 1, k % 3, &dd);
        du_push(&d, 0, in);
        du_push(&d, 0, nop);
        for (unsigned s = 0; s < 3000 && d.r->nrec[0] < 2; s++)
            rb_step(d.r);
        ch_run(d.m);
        rb_settle(d.r);
        ck_assert_uint_eq(rb_rd(d.r, CSR_Q(0, HEAD)), 1);
        ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_DMA + TL_DMA_ERR_DST_WINDOW);
        /* the record: the error seen first */
        ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_ENGINE)), 1u << 16 | (k % 2 ? 1 + k % 3 : k % 3) << 4);
        ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_PC_LO)), (uint32_t)ch_slot(0, k % 2 ? 1 : 2));
        ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(1)), 1);
        ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(0)), 0);
        ck_assert_uint_eq(d.r->nrec[0], 2);
        du_free(&d);
    }
}
END_TEST

START_TEST(illegal_opcode)
{
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    bad_insn(in, 1, TL_ISA_ERR_BAD_OPCODE, "unknown opcode");
    insn_hdr(in, TL_ISA_OP_MATMUL, -1, 0, -1, 0);
    bad_insn(in, 2, TL_ISA_ERR_BAD_OPCODE, "MATMUL in the ACT ring");
    insn_hdr(in, TL_ISA_OP_ACTIVATE, -1, 0, -1, 0);
    bad_insn(in, 0, TL_ISA_ERR_BAD_OPCODE, "ACTIVATE in the DMA ring");
    insn_hdr(in, TL_ISA_OP_DMA, -1, 0, -1, 0);
    bad_insn(in, 1, TL_ISA_ERR_BAD_OPCODE, "DMA in the TE ring");
}
END_TEST

START_TEST(other_engines_keep_running)
{
    dual d = du_create(13);
    tl_insn bad, nop;
    insn_hdr(bad, 0x7F, -1, 0, -1, 0);
    insn_nop(nop, -1, 0, 2, 5);
    du_push(&d, 1, bad);
    du_push(&d, 0, nop);
    du_push(&d, 2, nop);
    du_run(&d, "other engines");
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(2)), 10);
    du_free(&d);
}
END_TEST

START_TEST(reserved_bits_nonzero)
{
    tl_insn in;
    insn_nop(in, -1, 0, -1, 0);
    in[3] = 1;
    bad_insn(in, 0, TL_ISA_ERR_BAD_RESERVED, "NOP word 3");
    insn_nop(in, -1, 0, -1, 0);
    in[0] |= 1u << 30;
    bad_insn(in, 2, TL_ISA_ERR_BAD_RESERVED, "header bit 30");
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 1, 1, 1, 0, 0, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    in[31] = 0x80000000u;
    bad_insn(in, 1, TL_ISA_ERR_BAD_RESERVED, "MATMUL word 31");
    insn_matmul(in, -1, 0, -1, 0, &mm);
    in[4] |= 1u << 7;
    bad_insn(in, 1, TL_ISA_ERR_BAD_RESERVED, "MATMUL word 4 bit 7");
    ew_args ew = {.a_space = 1, .a_fmt = TL_FMT_BF16, .b_space = 1, .b_fmt = TL_FMT_BF16, .out_space = 1,
                  .out_fmt = TL_FMT_BF16, .P = 1, .F = 1};
    insn_ew(in, -1, 0, -1, 0, &ew);
    in[9] = 4;
    bad_insn(in, 2, TL_ISA_ERR_BAD_RESERVED, "ELEMWISE word 9");
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_BF16, .out_space = 1, .out_fmt = TL_FMT_BF16, .P = 1, .F = 1};
    insn_act(in, -1, 0, -1, 0, &a);
    in[15] = 1u << 31;
    bad_insn(in, 2, TL_ISA_ERR_BAD_RESERVED, "ACTIVATE word 15");
    tl_dma_desc dd;
    desc_to_chip(&dd, CH_DATA_BASE, TL_FMT_FP32, 1, 1, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, -1, 0, 0, &dd);
    in[6] = 1;
    bad_insn(in, 0, TL_ISA_ERR_BAD_RESERVED, "DMA word 6");
    insn_dma(in, -1, 0, -1, 0, 0, &dd);
    in[4] |= 1u << 4;
    bad_insn(in, 0, TL_ISA_ERR_BAD_RESERVED, "DMA queue field bit 4");
}
END_TEST

START_TEST(sbuf_address_out_of_range)
{
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 4096 - 14, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE, "X past the partition");
    mm.x_off = 1;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE, "X misaligned");
    mm.x_off = 0;
    mm.w_off = 0xFFFFFFF8u;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE, "W offset near 2^32");
    mm.w_off = 4096 - 6;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE, "W past the partition");
    mm.w_off = 0;
    mm.x_off = 0xFFFFFFFEu;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE, "X offset near 2^32");
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 16, .out_off = 4096 - 30, .scale = 0x3F800000};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE, "ACT output past the partition");
    a.out_off = 0;
    a.in_off = 0x40;
    a.bias_pp = 1;
    a.bias = 4094;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE, "per-partition bias");
    a.bias = 4092 + 2;
    a.bias_pp = 0;
    a.scale_pp = 1;
    a.scale = 2;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE, "per-partition scale misaligned");
    ew_args e = {.a_space = 1, .a_fmt = TL_FMT_BF16, .b_space = 1, .b_fmt = TL_FMT_FP32, .out_space = 2,
                 .out_fmt = TL_FMT_FP32, .P = 1, .F = 0x40000000u, .b_off = 0};
    insn_ew(in, -1, 0, -1, 0, &e);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE, "F * 4 past 2^32");
}
END_TEST

START_TEST(psum_address_out_of_range)
{
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 60};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_PSUM_RANGE, "MATMUL across a bank");
    mm.e0 = 4 * 64 - 4;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_PSUM_RANGE, "MATMUL past the PSUM");
    mm.e0 = 0xFFFFFFFCu;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_PSUM_RANGE, "e0 near 2^32");
    act_args a = {.in_space = 2, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 8, .in_off = 256};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_PSUM_RANGE, "ACT input past the PSUM");
    ew_args e = {.a_space = 1, .a_fmt = TL_FMT_BF16, .b_space = 2, .b_fmt = TL_FMT_FP32, .out_space = 1,
                 .out_fmt = TL_FMT_BF16, .P = 1, .F = 4, .a_off = 0, .b_off = 62, .out_off = 64};
    insn_ew(in, -1, 0, -1, 0, &e);
    bad_insn(in, 2, TL_ISA_ERR_PSUM_RANGE, "ELEMWISE b across a bank");
}
END_TEST

START_TEST(overlapping_tiles)
{
    tl_insn in;
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 16, .in_off = 0, .out_off = 32, .scale = 0x3F800000};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP, "ACT output inside input");
    a.out_off = 0;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP, "same offset, other size");
    ew_args e = {.a_space = 2, .a_fmt = TL_FMT_FP32, .b_space = 1, .b_fmt = TL_FMT_BF16,
                 .out_space = 2, .out_fmt = TL_FMT_FP32, .P = 2, .F = 8, .a_off = 4, .out_off = 0};
    insn_ew(in, -1, 0, -1, 0, &e);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP, "PSUM entries 4..11 against 0..7");
    e.a_off = 8;
    e.b_space = 2;
    e.b_fmt = TL_FMT_FP32;
    e.b_off = 7;
    insn_ew(in, -1, 0, -1, 0, &e);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP, "b meets the output");
    /* accepted: in place with a per-partition scale inside; adjacent tiles */
    dual d = du_create(14);
    a.out_fmt = TL_FMT_FP32;
    a.scale_pp = 1;
    a.scale = 8;
    insn_act(in, -1, 0, -1, 0, &a);
    du_push(&d, 2, in);
    e.b_off = 16;
    e.a_off = 8;
    insn_ew(in, -1, 0, -1, 0, &e);
    du_push(&d, 2, in);
    du_run(&d, "in place");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), 0);
    du_free(&d);
}
END_TEST

START_TEST(bad_format_code)
{
    tl_insn in;
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_BF16, .out_space = 1, .out_fmt = 7, .P = 1, .F = 1};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "format 7");
    a.out_fmt = TL_FMT_INT8;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "int8 output");
    a.out_fmt = TL_FMT_BF16;
    a.in_fmt = TL_FMT_INT32;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "int32 input");
    a.in_fmt = TL_FMT_BF16;
    a.in_space = 3;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "space 3");
    a.in_space = 0;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "space 0");
    a.in_space = 2;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "bf16 in PSUM");
    a.in_space = 1;
    a.func = 2;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "function 2");
    ew_args e = {.a_space = 1, .a_fmt = TL_FMT_BF16, .b_space = 2, .b_fmt = TL_FMT_BF16, .out_space = 1,
                 .out_fmt = TL_FMT_BF16, .P = 1, .F = 1};
    insn_ew(in, -1, 0, -1, 0, &e);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT, "ELEMWISE b bf16 in PSUM");
    mm_args mm = {TL_FMT_INT8, TL_FMT_BF16, 1, 1, 1, 1, 1, 0, 0, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_FORMAT, "int8 with a float");
    mm.fw = mm.fx = TL_FMT_FP32;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_FORMAT, "fp32 into the TE");
    tl_dma_desc dd;
    desc_to_chip(&dd, CH_DATA_BASE, 7, 1, 1, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, -1, 0, 0, &dd);
    bad_insn(in, 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_FMT, "DMA's own format check");
}
END_TEST

START_TEST(bad_shape)
{
    tl_insn in;
    mm_args base = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 0}, mm;
    unsigned *fields[] = {&mm.K, &mm.K, &mm.M, &mm.M, &mm.N, &mm.N, &mm.K};
    unsigned vals[] = {0, 5, 0, 5, 0, 65, 0x8004};
    for (unsigned i = 0; i < 7; i++) {
        mm = base;
        *fields[i] = vals[i];
        insn_matmul(in, -1, 0, -1, 0, &mm);
        bad_insn(in, 1, TL_ISA_ERR_BAD_SHAPE, "MATMUL K, M or N");
    }
    mm = base;
    mm.load = 0;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_SHAPE, "reuse with no tile");
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_BF16, .out_space = 1, .out_fmt = TL_FMT_BF16, .P = 0, .F = 1};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE, "P = 0");
    a.P = 2;
    a.p0 = 3;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE, "partitions 3..4 of 4");
    a.p0 = 0xFFFF;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE, "p0 = 0xFFFF");
    a.p0 = 0;
    a.F = 0;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE, "F = 0");
}
END_TEST

/* The reusing MATMUL is checked against the last dispatched loading one. */
START_TEST(matmul_reuse_tile)
{
    dual d = du_create(15);
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_E4M3, 1, 1, 3, 2, 8, 0, 0, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    du_push(&d, 1, in);
    mm.load = 0;
    mm.fx = TL_FMT_BF16;
    insn_matmul(in, -1, 0, -1, 0, &mm); /* same tile: fine */
    du_push(&d, 1, in);
    du_run(&d, "reuse ok");
    mm.fw = TL_FMT_FP16;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    du_push(&d, 1, in);
    du_run(&d, "reuse with another fmt_w");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_BAD_FORMAT);
    du_wr(&d, CSR(ERR_CLEAR), 1);
    du_wr(&d, CSR_Q(1, CTRL), 1);
    d.m->tail[1] = 0;
    mm.fw = TL_FMT_BF16;
    mm.M = 3;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    du_push(&d, 1, in);
    du_run(&d, "reuse with another M");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_BAD_SHAPE);
    /* a soft reset forgets the tile */
    du_wr(&d, CSR(CTRL), 2);
    d.m->tail[0] = d.m->tail[1] = d.m->tail[2] = 0;
    du_wr(&d, CSR(CTRL), 1);
    mm.M = 2;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    du_push(&d, 1, in);
    du_run(&d, "reuse after soft reset");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_BAD_SHAPE);
    du_free(&d);
}
END_TEST

START_TEST(bad_sem)
{
    tl_insn in;
    insn_nop(in, 16, 0, -1, 0);
    bad_insn(in, 1, TL_ISA_ERR_BAD_SEM, "wait on 16");
    insn_nop(in, -1, 0, 31, 1);
    bad_insn(in, 0, TL_ISA_ERR_BAD_SEM, "signal 31");
    dual d = du_create(16);
    insn_nop(in, -1, 0, 3, 1);
    in[0] |= 31u << 8;
    du_push(&d, 2, in);
    du_run(&d, "index beyond SEMS, enable clear");
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(3)), 1);
    du_free(&d);
}
END_TEST

START_TEST(dma_bad_queue)
{
    dual d = du_create(17);
    tl_insn in;
    tl_dma_desc dd;
    desc_to_chip(&dd, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, 0, 1, 9, &dd);
    du_push(&d, 0, in);
    du_run(&d, "queue 9");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_QUEUE);
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_ENGINE)) >> 4 & 15, 9);
    du_free(&d);
}
END_TEST

START_TEST(wait_nobody_signals_times_out)
{
    dual d = du_create(18);
    tl_insn in;
    insn_nop(in, 3, 1, 4, 1);
    du_push(&d, 1, in);
    du_run(&d, "watchdog");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_WAIT_TIMEOUT);
    du_free(&d);

    d = du_create(19);
    insn_nop(in, 5, 1, 6, 1);
    du_push(&d, 2, in);
    insn_nop(in, 6, 1, 5, 1);
    du_push(&d, 1, in);
    du_run(&d, "two engines wait on each other");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_ENGINE)) >> 16, 6);
    du_free(&d);

    /* a wait behind running work is not a timeout: the TE is slow */
    d = du_create(20);
    d.r->lat_max = 200;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        insn_matmul(in, -1, 0, 7, 1, &mm);
        du_push(&d, 1, in);
    }
    insn_nop(in, 7, 4, 8, 1);
    du_push(&d, 2, in);
    du_run(&d, "wait behind work");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(8)), 1);
    du_free(&d);
}
END_TEST

START_TEST(watchdog_zero_waits_for_host)
{
    dual d = du_create(21);
    du_wr(&d, CSR(WATCHDOG), 0);
    tl_insn in;
    insn_nop(in, 3, 2, 4, 1);
    du_push(&d, 2, in);
    du_run(&d, "waiting");
    ck_assert_uint_eq(rb_rd(d.r, CSR(STATUS)) & TRNLITE_CSR__STATUS__WAITING_bm, 4u << 4);
    du_wr(&d, CSR_SEM_ADD(3), 1);
    du_run(&d, "still waiting");
    du_wr(&d, CSR_SEM_ADD(3), 1);
    du_run(&d, "released");
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(4)), 1);
    du_free(&d);
}
END_TEST

START_TEST(semaphore_semantics)
{
    dual d = du_create(22);
    tl_insn in;
    for (unsigned e = 0; e < 3; e++) {
        insn_nop(in, -1, 0, 1, 10 + e);
        du_push(&d, e, in);
        du_push(&d, e, in);
    }
    insn_nop(in, 1, 66, 2, 1);
    du_push(&d, 1, in);
    du_run(&d, "signals add up");
    du_wr(&d, CSR(CTRL), 0);
    du_wr(&d, CSR_SEM(7), 0x80000000u);
    insn_nop(in, 7, 5, 8, 0xFFFFFFFFu);
    du_push(&d, 0, in);
    du_wr(&d, CSR_SEM(8), 3);
    du_wr(&d, CSR(CTRL), 1);
    du_run(&d, "unsigned compare, wrap");
    du_wr(&d, CSR_SEM_ADD(8), 0xFFFFFFFFu);
    du_wr(&d, CSR(WATCHDOG), 0);
    insn_nop(in, 9, 1, 10, 1);
    du_push(&d, 2, in);
    insn_nop(in, 10, 1, 11, 1);
    du_push(&d, 1, in);
    du_run(&d, "host releases");
    du_wr(&d, CSR_SEM(9), 1);
    du_run(&d, "chain");
    ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(11)), 1);
    du_free(&d);
}
END_TEST

/* DMA in, matmul, DMA out (core_cmd's good_program) on both. */
static void good_program(dual *d, uint32_t tag)
{
    tl_insn in;
    tl_dma_desc dd;
    uint64_t src = CH_DATA_BASE + 0x1000, dst = CH_DATA_BASE + 0x2000;
    for (unsigned i = 0; i < 4; i++) {
        st_le(ch_mem(d->m, src + 2 * i), 2, 0x3F80 + i + tag);
        st_le(d->r->dram + (src + 2 * i - CH_DRAM_BASE), 2, 0x3F80 + i + tag);
    }
    desc_to_chip(&dd, src, TL_FMT_BF16, 4, 1, 1, 12, 0, 0, TL_FMT_BF16);
    insn_dma(in, -1, 0, 0, 1, 0, &dd);
    du_push(d, 0, in);
    desc_to_chip(&dd, src, TL_FMT_BF16, 4, 1, 1, 12, 0, 64, TL_FMT_BF16);
    insn_dma(in, -1, 0, 0, 1, 1, &dd);
    du_push(d, 0, in);
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 1, 1, 0, 64, 3};
    insn_matmul(in, 0, 2, 1, 1, &mm);
    du_push(d, 1, in);
    desc_from_chip(&dd, 2, ch_psum_part_log2(&d->m->cfg), 0, 3, TL_FMT_FP32, 1, 1, dst, TL_FMT_FP32, 0, 0);
    insn_dma(in, 1, 1, 2, 1, 2, &dd);
    du_push(d, 0, in);
    du_run(d, "good program");
    ck_assert_uint_eq(rb_rd(d->r, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(rb_rd(d->r, CSR_SEM(2)), 1);
}

START_TEST(second_program_after_error)
{
    dual d = du_create(23);
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    du_push(&d, 1, in);
    insn_nop(in, -1, 0, 0, 1);
    du_push(&d, 1, in);
    du_push(&d, 0, in);
    du_run(&d, "error");
    du_wr(&d, CSR(ERR_CLEAR), 1);
    du_compare(&d, "ERR_CLEAR");
    ck_assert(d.r->io.irq);
    du_wr(&d, CSR(IRQ_STATUS), 1);
    du_wr(&d, CSR_Q(1, CTRL), 1);
    d.m->tail[1] = 0;
    du_compare(&d, "ring reset");
    for (unsigned s = 0; s < 16; s++)
        du_wr(&d, CSR_SEM(s), 0);
    good_program(&d, 0);
    du_free(&d);
}
END_TEST

START_TEST(soft_reset_mid_program)
{
    dual d = du_create(24);
    du_wr(&d, CSR(WATCHDOG), 0);
    tl_insn in;
    insn_nop(in, -1, 0, 5, 1);
    du_push(&d, 2, in);
    insn_nop(in, 9, 1, 5, 1);
    du_push(&d, 2, in);
    du_push(&d, 2, in);
    /* work in flight in the other engines while the reset comes */
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 0};
    insn_matmul(in, 9, 1, 5, 1, &mm);
    du_push(&d, 1, in);
    du_run(&d, "before reset");
    du_wr(&d, CSR(CTRL), 2);
    d.r->nrec[0] = d.r->nrec[1] = d.r->nrec[2] = 0;
    du_compare(&d, "after soft reset");
    d.m->tail[0] = d.m->tail[1] = d.m->tail[2] = 0;
    du_wr(&d, CSR(WATCHDOG), 1000);
    du_wr(&d, CSR(CTRL), 1);
    good_program(&d, 1);
    /* a reset while DMA and TE work is in flight */
    tl_dma_desc dd;
    desc_to_chip(&dd, CH_DATA_BASE, TL_FMT_FP32, 4, 64, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, 3, 1, 1, &dd);
    for (int i = 0; i < 6; i++)
        du_push(&d, 0, in);
    for (int i = 0; i < 3; i++) {
        insn_matmul(in, -1, 0, 4, 1, &mm);
        du_push(&d, 1, in);
    }
    for (int i = 0; i < 60; i++)
        rb_step(d.r);
    du_wr(&d, CSR(CTRL), 2);
    d.r->nrec[0] = d.r->nrec[1] = d.r->nrec[2] = 0;
    du_wr(&d, CSR(PERF_CTRL), 1); /* the RTL completed some of it, the model none */
    du_compare(&d, "reset with work in flight");
    d.m->tail[0] = d.m->tail[1] = d.m->tail[2] = 0;
    du_wr(&d, CSR(CTRL), 1);
    good_program(&d, 2);
    /* after an error */
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    du_push(&d, 2, in);
    du_run(&d, "error");
    du_wr(&d, CSR(CTRL), 2);
    du_compare(&d, "reset after error");
    d.m->tail[0] = d.m->tail[1] = d.m->tail[2] = 0;
    du_wr(&d, CSR(CTRL), 1);
    good_program(&d, 3);
    du_free(&d);
}
END_TEST

START_TEST(interrupt_raised_and_cleared)
{
    dual d = du_create(25);
    du_wr(&d, CSR(IRQ_ENABLE), 0);
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    du_push(&d, 0, in);
    du_run(&d, "masked error");
    du_wr(&d, CSR(IRQ_ENABLE), 1);
    du_compare(&d, "enabled");
    du_wr(&d, CSR(IRQ_STATUS), 1);
    du_compare(&d, "cleared");
    du_wr(&d, CSR(CTRL), 2);
    d.m->tail[0] = 0;
    du_wr(&d, CSR(CTRL), 1);
    du_wr(&d, CSR(IRQ_ENABLE), 2);
    du_wr(&d, CSR(IRQ_SEM), 6);
    du_wr(&d, CSR(IRQ_SEM_VALUE), 3);
    insn_nop(in, -1, 0, 6, 2);
    du_push(&d, 1, in);
    du_run(&d, "SEM below");
    du_push(&d, 1, in);
    du_run(&d, "SEM reached");
    ck_assert(d.r->io.irq);
    du_wr(&d, CSR(IRQ_STATUS), 2);
    du_compare(&d, "SEM condition holds");
    du_wr(&d, CSR(IRQ_SEM_VALUE), 100);
    du_wr(&d, CSR(IRQ_STATUS), 2);
    du_compare(&d, "SEM cleared");
    du_wr(&d, CSR(IRQ_STATUS), 4);
    du_wr(&d, CSR(IRQ_ENABLE), 4);
    insn_nop(in, -1, 0, -1, 0);
    du_push(&d, 2, in);
    du_run(&d, "IDLE");
    ck_assert(d.r->io.irq);
    du_wr(&d, CSR(IRQ_STATUS), 4);
    du_compare(&d, "IDLE cleared");
    du_free(&d);
}
END_TEST

START_TEST(dram_window_dma_error)
{
    dual d = du_create(26);
    uint64_t dst = CH_DATA_BASE + 0x10000, lim = dst + 255;
    du_wr(&d, CSR(DRAM_LIMIT_LO), (uint32_t)lim);
    tl_insn in, nop;
    tl_dma_desc dd;
    desc_from_chip(&dd, 1, 12, 0, 0, TL_FMT_BF16, 4, 256, dst, TL_FMT_BF16, 0, 0);
    insn_dma(in, -1, 0, 0, 1, 2, &dd);
    insn_nop(nop, -1, 0, 1, 1);
    du_push(&d, 0, nop);
    du_push(&d, 0, in);
    du_push(&d, 0, nop);
    du_run(&d, "DST_WINDOW");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_DMA + TL_DMA_ERR_DST_WINDOW);
    ck_assert_uint_eq(rb_rd(d.r, CSR_Q(0, HEAD)), 1);
    /* recovery: ERR_CLEAR, ring reset (clears the DMA queue error too), a good program */
    du_wr(&d, CSR(ERR_CLEAR), 1);
    du_wr(&d, CSR(IRQ_STATUS), 7);
    du_wr(&d, CSR_Q(0, CTRL), 1);
    d.m->tail[0] = 0;
    du_wr(&d, CSR(DRAM_LIMIT_LO), (uint32_t)(CH_DRAM_BASE + CH_DRAM_SIZE - 1));
    for (unsigned s = 0; s < 16; s++)
        du_wr(&d, CSR_SEM(s), 0);
    good_program(&d, 4);
    du_free(&d);
}
END_TEST

START_TEST(fetch_errors)
{
    tl_insn in;
    insn_nop(in, -1, 0, 0, 1);
    dual d = du_create(27);
    du_wr(&d, CSR(DRAM_BASE_LO), (uint32_t)ch_slot(1, 0));
    du_push(&d, 0, in);
    du_run(&d, "slot outside the window");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
    du_free(&d);

    d = du_create(28);
    du_wr(&d, CSR(DRAM_LIMIT_LO), (uint32_t)ch_slot(2, 1) + 126);
    du_push(&d, 2, in);
    du_push(&d, 2, in);
    du_run(&d, "last byte outside the window");
    ck_assert_uint_eq(rb_rd(d.r, CSR_Q(2, HEAD)), 1);
    du_free(&d);

    static const tl_dma_fault f[2] = {{0, 0, false, 2}, {0, 0, false, 3}};
    for (unsigned k = 0; k < 2; k++) {
        tl_dma_fault ff = {ch_slot(2, 1) + 100, ch_slot(2, 1) + 100, false, f[k].resp};
        d = du_create(29 + k);
        du_faults(&d, &ff, 1);
        du_push(&d, 2, in);
        du_push(&d, 2, in);
        du_run(&d, k ? "fetch DECERR" : "fetch SLVERR");
        ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
        ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(0)), 1);
        du_free(&d);
    }
    for (unsigned k = 0; k < 4; k++) {
        d = du_create(31 + k);
        du_wr(&d, CSR(CTRL), 0);
        du_push(&d, 1, in);
        if (k == 0)
            du_wr(&d, CSR_Q(1, BASE_LO), (uint32_t)ch_slot(1, 0) + 64);
        else if (k == 1)
            du_wr(&d, CSR_Q(1, SIZE), 3);
        else if (k == 2) {
            du_wr(&d, CSR_Q(1, SIZE), 2);
            du_wr(&d, CSR_Q(1, TAIL), 2);
        } else
            du_wr(&d, CSR_Q(1, SIZE), 0);
        du_wr(&d, CSR(CTRL), 1);
        du_run(&d, "ring registers");
        ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
        du_free(&d);
    }
}
END_TEST

START_TEST(dma_bus_error)
{
    dual d = du_create(35);
    uint64_t src = CH_DATA_BASE + 0x3000;
    tl_dma_fault f = {src + 40, src + 41, false, 2};
    du_faults(&d, &f, 1);
    tl_insn in;
    tl_dma_desc dd;
    desc_to_chip(&dd, src, TL_FMT_FP32, 1, 16, 1, 12, 0, 0, TL_FMT_FP32);
    insn_nop(in, -1, 0, 0, 1);
    du_push(&d, 0, in);
    insn_dma(in, -1, 0, 0, 1, 3, &dd);
    du_push(&d, 0, in);
    du_push(&d, 0, in);
    du_run(&d, "RD_SLVERR");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_CODE)), TL_ISA_ERR_DMA + TL_DMA_ERR_RD_SLVERR);
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_ADDR_LO)), (uint32_t)((src + 40) & ~(uint64_t)(cc_dut_data_bytes() - 1)));
    du_free(&d);
}
END_TEST

START_TEST(architectural_counters)
{
    dual d = du_create(36);
    tl_insn in;
    tl_dma_desc dd;
    desc_to_chip(&dd, CH_DATA_BASE, TL_FMT_FP32, 4, 8, 1, 12, 0, 0, TL_FMT_BF16);
    insn_dma(in, -1, 0, 0, 1, 0, &dd);
    du_push(&d, 0, in);
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 3, 4, 8, 0, 0, 0};
    insn_matmul(in, 0, 1, 1, 1, &mm);
    du_push(&d, 1, in);
    mm.start = 0;
    insn_matmul(in, -1, 0, 1, 1, &mm);
    du_push(&d, 1, in);
    act_args a = {.in_space = 2, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 5, .out_off = 512, .scale = 0x3F800000};
    insn_act(in, 1, 2, 2, 1, &a);
    du_push(&d, 2, in);
    du_run(&d, "counters");
    ck_assert_uint_eq(rb_rd(d.r, CSR(PERF_TE_MACS.LO)), 2 * 3 * 4 * 8);
    du_wr(&d, CSR(PERF_CTRL), 1);
    mm.K = 0;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    du_push(&d, 1, in);
    du_run(&d, "faulting counts nothing");
    du_free(&d);
}
END_TEST

START_TEST(first_error_kept)
{
    dual d = du_create(37);
    du_wr(&d, CSR(CTRL), 0);
    tl_insn in;
    insn_nop(in, 20, 0, -1, 0);
    du_push(&d, 0, in);
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    du_push(&d, 2, in);
    du_wr(&d, CSR(CTRL), 1);
    du_run(&d, "two errors");
    ck_assert_uint_eq(rb_rd(d.r, CSR(ERR_ENGINE)) >> 16, 5);
    du_wr(&d, CSR(ERR_CLEAR), 1);
    du_compare(&d, "record cleared, engines still stopped");
    du_wr(&d, CSR_Q(0, CTRL), 1);
    du_wr(&d, CSR_Q(2, CTRL), 1);
    du_compare(&d, "rings reset");
    du_free(&d);
}
END_TEST

/* Random valid programs of core_progs.c (those generated for a 4 x 4
 * array), core_ctrl alone with the engines played by C (they acknowledge
 * and complete; the model runs the real instructions): the same
 * dispatches, semaphores and counters as the model. */
START_TEST(random_programs)
{
    uint32_t base = tl_test_seed(1);
    unsigned want = tl_test_seeds(12), ran = 0, ops = 0;
    for (uint32_t seed = base; ran < want; seed++) {
        core_prog p;
        core_prog_gen(&p, seed);
        if (p.cfg.rows != CC_ROWS || p.cfg.cols != CC_COLS) {
            core_prog_free(&p);
            continue;
        }
        dual d = du_create(seed);
        d.r->ready_pct = 30 + rnd(d.r, 71);
        d.r->lat_max = 1 + rnd(d.r, 60);
        du_wr(&d, CSR(CTRL), 0);
        memcpy(ch_mem(d.m, CH_DATA_BASE), p.data, PROG_DATA);
        memcpy(d.r->dram + (CH_DATA_BASE - CH_DRAM_BASE), p.data, PROG_DATA);
        for (unsigned i = 0; i < p.n; i++)
            du_push(&d, p.ops[i].engine, p.ops[i].insn);
        du_wr(&d, CSR(CTRL), 1);
        char where[64];
        snprintf(where, sizeof where, "program seed %u", seed);
        du_run(&d, where);
        ck_assert_msg(rb_rd(d.r, CSR(ERR_CODE)) == 0, "%s: error %u", where, rb_rd(d.r, CSR(ERR_CODE)));
        for (unsigned s = 0; s < p.cfg.sems; s++)
            ck_assert_uint_eq(rb_rd(d.r, CSR_SEM(s)), p.sem_final[s]);
        ops += p.n;
        du_free(&d);
        core_prog_free(&p);
        ran++;
    }
    printf("%u random programs (4 x 4) from seed %u, %u operations\n", ran, base, ops);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_ctrl");
    TCase *tc = tcase_create("ctrl");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, csr_identity_config_rw);
    tcase_add_test(tc, counters_run_and_latch);
    tcase_add_test(tc, counter_high_word_latch);
    tcase_add_test(tc, dma_errors_two_queues);
    tcase_add_test(tc, illegal_opcode);
    tcase_add_test(tc, other_engines_keep_running);
    tcase_add_test(tc, reserved_bits_nonzero);
    tcase_add_test(tc, sbuf_address_out_of_range);
    tcase_add_test(tc, psum_address_out_of_range);
    tcase_add_test(tc, overlapping_tiles);
    tcase_add_test(tc, bad_format_code);
    tcase_add_test(tc, bad_shape);
    tcase_add_test(tc, matmul_reuse_tile);
    tcase_add_test(tc, bad_sem);
    tcase_add_test(tc, dma_bad_queue);
    tcase_add_test(tc, wait_nobody_signals_times_out);
    tcase_add_test(tc, watchdog_zero_waits_for_host);
    tcase_add_test(tc, semaphore_semantics);
    tcase_add_test(tc, second_program_after_error);
    tcase_add_test(tc, soft_reset_mid_program);
    tcase_add_test(tc, interrupt_raised_and_cleared);
    tcase_add_test(tc, dram_window_dma_error);
    tcase_add_test(tc, fetch_errors);
    tcase_add_test(tc, dma_bus_error);
    tcase_add_test(tc, architectural_counters);
    tcase_add_test(tc, first_error_kept);
    tcase_add_test(tc, random_programs);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
