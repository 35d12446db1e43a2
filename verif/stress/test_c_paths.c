/*
 * Behaviour of the C model and the driver that the other C tests leave
 * out, found by make coverage-c (docs/verification.md section 6b): the
 * core model's DRAM bus hook and instruction observer (the SystemC LT
 * model's interface) on random programs, fetch through a failing bus,
 * CSR read-back and ignored accesses, out-of-range SBUF/PSUM accessors,
 * invalid formats, every error message, the HAL's allocator and range
 * errors, the runtime's device checks and HAL failures, and the runtime
 * finishing instructions a caller left in the rings before a GEMM or a
 * copy.
 */
#include <stdlib.h>
#include <string.h>

#include "core_progs.h"
#include "tl_hal_host.h"
#include "tl_rt.h"
#include "tl_test.h"
#include "trnlite/numerics.h"
#include "trnlite/tensor_engine.h"

/* ---- the core model through a bus, with an observer ---- */

typedef struct {
    uint8_t *mem;             /* CH_DRAM_SIZE bytes at CH_DRAM_BASE */
    unsigned fail_reads;      /* answer every read with this (0: OKAY) */
    unsigned fail_writes;     /* answer every write with this (0: OKAY) */
    unsigned reads, writes;
} bus_mem;

static unsigned b_read(void *ctx, uint64_t a, uint8_t *dst, uint32_t n)
{
    bus_mem *b = ctx;
    b->reads++;
    if (b->fail_reads)
        return b->fail_reads;
    if (a < CH_DRAM_BASE || a + n > CH_DRAM_BASE + CH_DRAM_SIZE)
        return 3;
    memcpy(dst, b->mem + (a - CH_DRAM_BASE), n);
    return 0;
}

static unsigned b_write(void *ctx, uint64_t a, const uint8_t *src, const uint8_t *be, uint32_t n)
{
    bus_mem *b = ctx;
    b->writes++;
    if (b->fail_writes)
        return b->fail_writes;
    if (a < CH_DRAM_BASE || a + n > CH_DRAM_BASE + CH_DRAM_SIZE)
        return 3;
    for (uint32_t i = 0; i < n; i++)
        if (be[i])
            b->mem[a - CH_DRAM_BASE + i] = src[i];
    return 0;
}

typedef struct {
    unsigned ok[3], err[3], null_insn;
    unsigned last_engine, last_err;
    uint32_t last_word0;
    unsigned first_err, first_err_engine; /* the first call with an error */
    bool first_err_insn;
} obs_log;

static void observe(void *ctx, unsigned engine, const uint32_t *insn, unsigned err)
{
    obs_log *o = ctx;
    ck_assert_uint_lt(engine, 3);
    if (err && !o->first_err) {
        o->first_err = err;
        o->first_err_engine = engine;
        o->first_err_insn = insn != NULL;
    }
    if (err)
        o->err[engine]++;
    else
        o->ok[engine]++;
    if (!insn)
        o->null_insn++;
    o->last_engine = engine;
    o->last_err = err;
    o->last_word0 = insn ? insn[0] : 0;
}

/* A random program run with the memory and again through the bus (over a
 * copy of the same DRAM): the same DRAM, SBUF, PSUM, semaphores; the bus
 * carried the fetches and the DMA's DRAM side; the observer saw each
 * instruction of each engine once, without error. */
START_TEST(bus_and_observer_match_memory)
{
    uint64_t seed = tl_test_seed(1) * 1000u + (uint64_t)_i;
    core_prog p;
    core_prog_gen(&p, seed);
    ch *a = ch_create(&p.cfg), *b = ch_create(&p.cfg);
    core_prog_load(&p, a);
    core_prog_load(&p, b);
    bus_mem bm = {b->dram, 0, 0, 0, 0};
    tl_dma_bus bus = {&bm, b_read, b_write};
    uint8_t *unused = calloc(CH_DRAM_SIZE, 1);
    /* The bus replaces the memory: the memory given to the model must
     * not be touched. */
    tl_core_set_dram(b->core, unused, CH_DRAM_BASE, CH_DRAM_SIZE);
    tl_core_set_bus(b->core, &bus);
    obs_log o = {0};
    tl_core_set_observer(b->core, observe, &o);
    ch_run(a);
    ch_run(b);
    ck_assert_uint_eq(ch_rd(a, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(b, CSR(ERR_CODE)), 0);
    ck_assert_msg(memcmp(a->dram, b->dram, CH_DRAM_SIZE) == 0, "seed %llu: DRAM differs through the bus",
                  (unsigned long long)seed);
    uint8_t *zero = calloc(CH_DRAM_SIZE, 1);
    ck_assert_msg(memcmp(unused, zero, CH_DRAM_SIZE) == 0, "the memory behind a bus was written");
    free(zero);
    const tl_core_config *c = &p.cfg;
    ck_assert(memcmp(tl_core_sbuf(a->core, 0), tl_core_sbuf(b->core, 0), (size_t)c->rows << c->sbuf_part_log2) == 0);
    for (unsigned q = 0; q < c->cols; q++)
        for (uint32_t e = 0; e < (c->psum_banks << c->psum_bank_log2); e++)
            ck_assert_uint_eq(tl_core_psum_get(a->core, q, e), tl_core_psum_get(b->core, q, e));
    for (unsigned s = 0; s < c->sems; s++)
        ck_assert_uint_eq(ch_rd(b, CSR_SEM(s)), p.sem_final[s]);
    unsigned want[3] = {0, 0, 0};
    for (unsigned i = 0; i < p.n; i++)
        want[p.ops[i].engine]++;
    for (unsigned e = 0; e < 3; e++) {
        ck_assert_uint_eq(o.ok[e], want[e]);
        ck_assert_uint_eq(o.err[e], 0);
    }
    ck_assert_uint_eq(o.null_insn, 0);
    ck_assert_uint_ge(bm.reads, p.n); /* one fetch per instruction at least */
    /* Observer removed and bus gone: the model runs on its memory again
     * (a NOP there, fetched from `unused`, a zero slot: a NOP). */
    tl_core_set_observer(b->core, NULL, NULL);
    tl_core_set_bus(b->core, NULL);
    unsigned reads = bm.reads;
    uint32_t nop[32];
    insn_nop(nop, -1, 0, -1, 0);
    uint32_t tail = ch_rd(b, CSR_Q(1, TAIL));
    ch_wr(b, CSR_Q(1, TAIL), (tail + 1) % CH_RING_SLOTS);
    ck_assert_uint_eq(tl_core_run(b->core, 100), 1);
    ck_assert_uint_eq(bm.reads, reads);
    ck_assert_uint_eq(o.ok[1], want[1]);
    ck_assert_uint_eq(ch_rd(b, CSR(ERR_CODE)), 0);
    free(unused);
    ch_free(a);
    ch_free(b);
    core_prog_free(&p);
}
END_TEST

/* A fetch the bus answers with SLVERR is a FETCH error, reported to the
 * observer without an instruction; an instruction of another engine is
 * BAD_OPCODE, reported with it. */
START_TEST(bus_fetch_error_and_bad_opcode)
{
    ch *h = ch_create(NULL);
    bus_mem bm = {h->dram, 2, 0, 0, 0};
    tl_dma_bus bus = {&bm, b_read, b_write};
    obs_log o = {0};
    tl_core_set_bus(h->core, &bus);
    tl_core_set_observer(h->core, observe, &o);
    uint32_t in[32];
    insn_nop(in, -1, 0, -1, 0);
    ch_push(h, 1, in);
    ck_assert_uint_eq(tl_core_run(h->core, 100), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_PC_LO)), (uint32_t)ch_slot(1, 0));
    ck_assert_uint_eq(o.err[1], 1);
    ck_assert_uint_eq(o.null_insn, 1);
    ck_assert_uint_eq(o.last_err, TL_ISA_ERR_FETCH);
    ch_free(h);

    h = ch_create(NULL);
    memset(&o, 0, sizeof o);
    tl_core_set_observer(h->core, observe, &o);
    insn_hdr(in, TL_ISA_OP_MATMUL, -1, 0, -1, 0); /* the TE's opcode in the DMA ring */
    ch_push(h, 0, in);
    tl_core_run(h->core, 100);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_BAD_OPCODE);
    ck_assert_uint_eq(o.err[0], 1);
    ck_assert_uint_eq(o.null_insn, 0);
    ck_assert_uint_eq(o.last_engine, 0);
    ck_assert_uint_eq(o.last_err, TL_ISA_ERR_BAD_OPCODE);
    ck_assert_uint_eq(o.last_word0, in[0]);
    ch_free(h);
}
END_TEST

/* A program whose DRAM writes the bus answers with SLVERR: the DMA
 * error is the core's error, and the observer saw it with the
 * instruction. */
START_TEST(bus_write_error_reported)
{
    core_prog p;
    ch *h = NULL;
    uint64_t seed = 0;
    bool has_store = false;
    /* the first program (seeds 1, 2, ...) with a DMA into DRAM */
    while (!has_store) {
        core_prog_gen(&p, ++seed);
        for (unsigned i = 0; i < p.n && !has_store; i++)
            has_store = !p.ops[i].nop && p.ops[i].op == TL_ISA_OP_DMA && p.ops[i].dma.dst.space == TL_DMA_DRAM;
        if (!has_store)
            core_prog_free(&p);
    }
    h = ch_create(&p.cfg);
    core_prog_load(&p, h);
    bus_mem bm = {h->dram, 0, 2, 0, 0};
    tl_dma_bus bus = {&bm, b_read, b_write};
    obs_log o = {0};
    tl_core_set_bus(h->core, &bus);
    tl_core_set_observer(h->core, observe, &o);
    tl_core_run(h->core, 1000000);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_DMA + TL_DMA_ERR_WR_SLVERR);
    /* the DMA ring stops at its error; the other engines may go on */
    ck_assert_uint_eq(o.err[0], 1);
    ck_assert_uint_eq(o.first_err, TL_ISA_ERR_DMA + TL_DMA_ERR_WR_SLVERR);
    ck_assert_uint_eq(o.first_err_engine, 0);
    ck_assert(o.first_err_insn);
    ck_assert_uint_gt(bm.writes, 0);
    ch_free(h);
    core_prog_free(&p);
}
END_TEST

/* The DMA model on its own DRAM array: inside the window but past the
 * array is DECERR for reads and writes; a queue stops at its first error
 * and drops its later descriptors, another queue goes on. */
START_TEST(dma_model_decerr_and_queue_stop)
{
    static uint8_t dram[0x8000], sbuf[16 << 12], psum[16 << 11];
    tl_dma_sys sys = {0};
    sys.data_bytes = 16;
    sys.addr_bits = 32;
    sys.win_base = 0x10000;
    sys.win_limit = 0x1FFFF; /* 64 KiB window, 32 KiB of DRAM behind it */
    sys.dram = dram;
    sys.dram_base = 0x10000;
    sys.dram_size = sizeof dram;
    sys.sbuf = sbuf;
    sys.sbuf_parts = 16;
    sys.sbuf_part_log2 = 12;
    sys.psum = psum;
    sys.psum_parts = 16;
    sys.psum_part_log2 = 11;
    for (unsigned i = 0; i < sizeof dram; i++)
        dram[i] = (uint8_t)(i * 7 + 1);
    tl_dma_desc d[3];
    memset(d, 0, sizeof d);
    for (unsigned i = 0; i < 3; i++) {
        d[i].src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, 0x10000, {8, 1, 1}, {4, 0, 0}};
        d[i].dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, 0x11000 + 0x100 * i, {8, 1, 1}, {4, 0, 0}};
    }
    uint64_t fa;
    d[0].src.addr = 0x18010;
    ck_assert_uint_eq(tl_dma_run(&sys, &d[0], &fa), TL_DMA_ERR_RD_DECERR);
    ck_assert_uint_eq(fa, 0x18010);
    d[0].src.addr = 0x10000;
    d[0].dst.addr = 0x18020;
    ck_assert_uint_eq(tl_dma_run(&sys, &d[0], &fa), TL_DMA_ERR_WR_DECERR);
    ck_assert_uint_eq(fa, 0x18020);
    /* queue 0: the failing d[0], then d[1] (dropped); queue 1: d[2] */
    unsigned q[3] = {0, 0, 1};
    tl_dma_status st;
    uint8_t before[0x100];
    memcpy(before, dram + 0x1100, sizeof before);
    tl_dma_run_queues(&sys, d, q, 3, 2, &st);
    ck_assert_uint_eq(st.code[0], TL_DMA_ERR_WR_DECERR);
    ck_assert_uint_eq(st.addr[0], 0x18020);
    ck_assert_uint_eq(st.done[0], 0);
    ck_assert_uint_eq(st.code[1], TL_DMA_OK);
    ck_assert_uint_eq(st.done[1], 1);
    ck_assert(memcmp(dram + 0x1100, before, sizeof before) == 0); /* d[1] did not run */
    ck_assert(memcmp(dram + 0x1200, dram, 32) == 0);               /* d[2] did */
}
END_TEST

/* A ring inside the window but outside the model's memory: the fetch
 * gets DECERR, a FETCH error. */
START_TEST(fetch_outside_memory)
{
    ch *h = ch_create(NULL);
    uint64_t ring = CH_DRAM_BASE + CH_DRAM_SIZE, last = ring + (1u << 20) - 1;
    ch_wr(h, CSR(DRAM_LIMIT_LO), (uint32_t)last);
    ch_wr(h, CSR(DRAM_LIMIT_HI), (uint32_t)(last >> 32));
    ch_wr(h, CSR_Q(2, BASE_LO), (uint32_t)ring);
    ch_wr(h, CSR_Q(2, BASE_HI), (uint32_t)(ring >> 32));
    ch_wr(h, CSR_Q(2, TAIL), 1);
    ck_assert_uint_eq(tl_core_run(h->core, 100), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_PC_LO)), (uint32_t)ring);
    ch_free(h);
}
END_TEST

/* CSRs read back what was written; a misaligned access, a write to a
 * read-only register or to no register changes nothing; out-of-range
 * SBUF/PSUM accessors return NULL / 0 and write nothing. */
START_TEST(csr_read_back_and_ignored_accesses)
{
    ch *h = ch_create(NULL);
    ch_wr(h, CSR(DRAM_BASE_LO), 0x12345000u);
    ch_wr(h, CSR(DRAM_BASE_HI), 0xA5u);
    ch_wr(h, CSR(DRAM_LIMIT_HI), 0x5Au);
    ck_assert_uint_eq(ch_rd(h, CSR(DRAM_BASE_LO)), 0x12345000u);
    ck_assert_uint_eq(ch_rd(h, CSR(DRAM_BASE_HI)), 0xA5u);
    ck_assert_uint_eq(ch_rd(h, CSR(DRAM_LIMIT_HI)), 0x5Au);
    ch_wr(h, CSR(IRQ_SEM), 3);
    ch_wr(h, CSR(IRQ_SEM_VALUE), 0xCAFEu);
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_SEM)), 3);
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_SEM_VALUE)), 0xCAFEu);
    ch_wr(h, CSR_Q(1, BASE_HI), 0x77u);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, BASE_HI)), 0x77u);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, CTRL)), 0); /* write-only: reads 0 */
    ch_wr(h, CSR_Q(1, HEAD), 7);                       /* read-only */
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, HEAD)), 0);
    uint32_t id = ch_rd(h, CSR(ID)), wd = ch_rd(h, CSR(WATCHDOG));
    ch_wr(h, CSR(ID), ~id);                    /* read-only */
    ch_wr(h, CSR(WATCHDOG) + 1, 0x1234u);      /* misaligned */
    ck_assert_uint_eq(ch_rd(h, CSR(ID)), id);
    ck_assert_uint_eq(ch_rd(h, CSR(WATCHDOG)), wd);
    ck_assert_uint_eq(ch_rd(h, CSR(ID) + 2), 0);
    tl_core_config cfg;
    tl_core_config_default(&cfg);
    ck_assert_ptr_null(tl_core_sbuf(h->core, cfg.rows));
    tl_core_psum_set(h->core, cfg.cols, 0, 0xDEADBEEFu);
    tl_core_psum_set(h->core, 0, cfg.psum_banks << cfg.psum_bank_log2, 0xDEADBEEFu);
    ck_assert_uint_eq(tl_core_psum_get(h->core, cfg.cols, 0), 0);
    for (unsigned q = 0; q < cfg.cols; q++)
        for (uint32_t e = 0; e < (cfg.psum_banks << cfg.psum_bank_log2); e++)
            ck_assert_uint_eq(tl_core_psum_get(h->core, q, e), 0);
    ch_free(h);
}
END_TEST

/* Every message is distinct and non-empty; unknown codes say so. */
static void distinct(const char *const *m, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        ck_assert_ptr_nonnull(m[i]);
        ck_assert_uint_gt(strlen(m[i]), 1);
        for (unsigned j = 0; j < i; j++)
            ck_assert_msg(strcmp(m[i], m[j]) != 0, "message '%s' twice", m[i]);
    }
}

START_TEST(error_messages)
{
    const char *core[] = {tl_core_strerror(TL_CORE_OK), tl_core_strerror(TL_CORE_EINVAL),
                          tl_core_strerror(TL_CORE_ENOMEM), tl_core_strerror(-99)};
    distinct(core, 4);
    ck_assert_str_eq(core[3], "unknown error");
    ck_assert_str_eq(tl_isa_strerror(0), "OK");
    ck_assert_str_eq(tl_isa_strerror(0xFFu), "?");
    ck_assert_str_eq(tl_isa_strerror(TL_ISA_ERR_DMA), "?"); /* the base alone is no code */
    const char *hal[8];
    for (int rc = 0; rc >= -6; rc--)
        hal[-rc] = tl_hal_strerror(rc);
    hal[7] = tl_hal_strerror(-42);
    distinct(hal, 8);
    ck_assert_str_eq(hal[7], "unknown HAL error");
    const char *rt[8];
    for (int rc = 0; rc < 7; rc++)
        rt[rc] = tl_rt_strerror(-rc);
    rt[7] = tl_rt_strerror(-42);
    distinct(rt, 8);
    ck_assert_str_eq(rt[7], "unknown runtime error");
    ck_assert_str_eq(tl_rt_engine_name(0), "DMA");
    ck_assert_str_eq(tl_rt_engine_name(1), "TE");
    ck_assert_str_eq(tl_rt_engine_name(2), "ACT");
    ck_assert_str_eq(tl_rt_engine_name(3), "?");
}
END_TEST

/* A format code that does not exist: no name, NaN out of widening and
 * narrowing; a field id that does not exist reads 0. */
START_TEST(invalid_codes)
{
    ck_assert_ptr_null(tl_fmt_name(TL_FMT_COUNT + 1));
    ck_assert_uint_eq(tl_widen(TL_FMT_COUNT + 1, 0x3F80), TL_QNAN_FP32);
    ck_assert_uint_eq(tl_narrow(TL_FMT_COUNT + 1, 0x3F800000u, TL_RND_RNE, false, 0), TL_QNAN_FP32);
    uint32_t in[32];
    memset(in, 0xFF, sizeof in);
    ck_assert_uint_eq(tl_isa_get_at(in, 100000u, 0), 0);
}
END_TEST

/* The tensor engine's cycle model (test_tensor_engine holds the RTL to
 * it) on sequences worked out by hand from its rules (tensor_engine.h):
 * rows 8, cols 4, latency 7 * 8 + 13 = 69 (skew 7: te_pe's adder; the
 * PSUM window 6 + 3 = 9: psum_buffer's). */
START_TEST(te_cycle_model_by_hand)
{
    tl_te_report r;
    ck_assert_uint_eq(tl_te_latency(8), 69);
    /* one tile, 10 vectors: the 8 rows load in cycles 0..7, the vectors
     * issue in 8..17, the last result reaches PSUM at 17 + 69 */
    tl_te_cmd one = {8, 4, 10, 0, true, true};
    ck_assert_int_eq(tl_te_cycles(8, 4, &one, 1, &r), 0);
    ck_assert_uint_eq(r.first_issue, 8);
    ck_assert_uint_eq(r.last_issue, 17);
    ck_assert_uint_eq(r.bubbles, 0);
    ck_assert_uint_eq(r.hazards, 0);
    ck_assert_uint_eq(r.macs, 320);
    ck_assert_uint_eq(r.cycles, 87);
    ck_assert(r.utilization == 320.0 / (32.0 * 87.0));
    /* accumulating into the addresses just written: vector 0 of the
     * second command waits for 8 + 9 (7 cycles lost), vector 1 then
     * issues at 18 = 9 + 9 with no further wait */
    tl_te_cmd acc[2] = {{8, 4, 2, 0, true, true}, {8, 4, 2, 0, false, false}};
    ck_assert_int_eq(tl_te_cycles(8, 4, acc, 2, &r), 0);
    ck_assert_uint_eq(r.first_issue, 8);
    ck_assert_uint_eq(r.last_issue, 18);
    ck_assert_uint_eq(r.hazards, 7);
    ck_assert_uint_eq(r.bubbles, 7);
    ck_assert_uint_eq(r.cycles, 88);
    /* a second tile loads from the cycle the first is swapped in (2):
     * its 8 rows are in at 10 */
    tl_te_cmd sw[2] = {{2, 4, 1, 0, true, true}, {8, 4, 1, 1, true, true}};
    ck_assert_int_eq(tl_te_cycles(8, 4, sw, 2, &r), 0);
    ck_assert_uint_eq(r.first_issue, 2);
    ck_assert_uint_eq(r.last_issue, 10);
    ck_assert_uint_eq(r.bubbles, 7);
    ck_assert_uint_eq(r.macs, 8 + 32);
    /* illegal sequences */
    tl_te_cmd bad = one;
    ck_assert_int_eq(tl_te_cycles(0, 4, &one, 1, &r), -1);
    ck_assert_int_eq(tl_te_cycles(8, 0, &one, 1, &r), -1);
    ck_assert_int_eq(tl_te_cycles(8, 4, &one, 0, &r), -1);
    bad.swap = false;
    ck_assert_int_eq(tl_te_cycles(8, 4, &bad, 1, &r), -1);
    bad = one;
    bad.k = 9;
    ck_assert_int_eq(tl_te_cycles(8, 4, &bad, 1, &r), -1);
    bad = one;
    bad.m = 5;
    ck_assert_int_eq(tl_te_cycles(8, 4, &bad, 1, &r), -1);
    bad = one;
    bad.n = 0;
    ck_assert_int_eq(tl_te_cycles(8, 4, &bad, 1, &r), -1);
}
END_TEST

/* Freeing nothing is allowed; a configuration out of range is refused. */
START_TEST(core_create_refuses_bad_config)
{
    tl_core_free(NULL);
    tl_core_config cfg;
    tl_core_config_default(&cfg);
    cfg.psum_banks = 3;
    tl_core *c = (tl_core *)&cfg;
    ck_assert_int_eq(tl_core_create(&cfg, &c), TL_CORE_EINVAL);
    ck_assert_ptr_null(c);
}
END_TEST

/* ---- the HAL and the runtime ---- */

START_TEST(hal_allocator_and_ranges)
{
    tl_hal_bump b = {0x1000, 0x100, 0};
    uint64_t a;
    ck_assert_int_eq(tl_hal_bump_alloc(&b, 16, 0, &a), TL_HAL_EINVAL);
    ck_assert_int_eq(tl_hal_bump_alloc(&b, 16, 3, &a), TL_HAL_EINVAL);
    ck_assert_int_eq(tl_hal_bump_alloc(&b, 0x101, 1, &a), TL_HAL_ENOMEM);
    ck_assert_int_eq(tl_hal_bump_alloc(&b, 0x10, 16, &a), TL_HAL_OK);
    ck_assert_uint_eq(a, 0x1000);
    ck_assert_int_eq(tl_hal_bump_alloc(&b, 0xF0, 32, &a), TL_HAL_ENOMEM); /* aligned to 0x1020 */

    tl_hal h;
    tl_hal_opts o = {.dram_base = 0x40000000ull, .dram_size = 1u << 16};
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &h), TL_HAL_OK);
    uint8_t buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ck_assert_int_eq(h.dram_write(h.ctx, 0x40000000ull - 1, buf, 2), TL_HAL_ERANGE);
    ck_assert_int_eq(h.dram_write(h.ctx, 0x40000000ull + (1u << 16) - 4, buf, 8), TL_HAL_ERANGE);
    ck_assert_int_eq(h.dram_read(h.ctx, 0x40000000ull + (1u << 16) + 8, buf, 1), TL_HAL_ERANGE);
    ck_assert_int_eq(h.dram_write(h.ctx, 0x40000000ull + (1u << 16) - 8, buf, 8), TL_HAL_OK);
    ck_assert_int_eq(tl_hal_cmodel_add_fault(&h, 0, 0x10, false, 1), TL_HAL_EINVAL); /* resp 1 is EXOKAY */
    ck_assert_int_eq(tl_hal_cmodel_add_fault(&h, 0x20, 0x10, false, 2), TL_HAL_EINVAL);
    tl_hal_close(&h);

    tl_core_config bad;
    tl_core_config_default(&bad);
    bad.rows = 0;
    o.cfg = &bad;
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &h), TL_HAL_ENODEV);
}
END_TEST

/* A HAL in front of the C model's that can lie about ID or the
 * configuration, fail CSR reads, or report no DRAM. */
typedef struct {
    tl_hal inner;
    uint32_t id_xor, cfg_array;
    int fail_reads_after; /* < 0: never */
    bool no_dram;
} lie;

static int lie_rd(void *ctx, uint32_t off, uint32_t *v)
{
    lie *l = ctx;
    if (l->fail_reads_after == 0)
        return TL_HAL_EBUS;
    if (l->fail_reads_after > 0)
        l->fail_reads_after--;
    int rc = l->inner.csr_read(l->inner.ctx, off, v);
    if (off == CSR(ID))
        *v ^= l->id_xor;
    if (off == CSR(CFG_ARRAY) && l->cfg_array)
        *v = l->cfg_array;
    return rc;
}
static int lie_wr(void *ctx, uint32_t off, uint32_t v) { lie *l = ctx; return l->inner.csr_write(l->inner.ctx, off, v); }
static void lie_range(void *ctx, uint64_t *b, uint64_t *s)
{
    lie *l = ctx;
    l->inner.dram_range(l->inner.ctx, b, s);
    if (l->no_dram)
        *s = 0;
}
static int lie_alloc(void *ctx, uint64_t s, uint64_t a, uint64_t *r) { lie *l = ctx; return l->inner.dram_alloc(l->inner.ctx, s, a, r); }
static void lie_reset(void *ctx) { lie *l = ctx; l->inner.dram_reset(l->inner.ctx); }
static int lie_w(void *ctx, uint64_t a, const void *s, size_t n) { lie *l = ctx; return l->inner.dram_write(l->inner.ctx, a, s, n); }
static int lie_r(void *ctx, uint64_t a, void *d, size_t n) { lie *l = ctx; return l->inner.dram_read(l->inner.ctx, a, d, n); }
static int lie_wait(void *ctx, uint64_t t, uint64_t *u) { lie *l = ctx; return l->inner.wait_irq(l->inner.ctx, t, u); }

static int open_lie(lie *l, tl_hal *front, tl_dev *dev)
{
    ck_assert_int_eq(tl_hal_cmodel_open(NULL, &l->inner), TL_HAL_OK);
    *front = (tl_hal){"lie", l, lie_rd, lie_wr, lie_range, lie_alloc, lie_reset, lie_w, lie_r, lie_wait, NULL};
    return tl_rt_open(dev, front);
}

START_TEST(runtime_device_checks)
{
    tl_hal front;
    tl_dev dev;
    lie l = {.id_xor = 1, .fail_reads_after = -1};
    ck_assert_int_eq(open_lie(&l, &front, &dev), TL_RT_ENODEV); /* not a trnlite ID */
    tl_hal_close(&l.inner);
    /* CFG_ARRAY: 16 x 16, 4 semaphores (fewer than the runtime uses) */
    l = (lie){.cfg_array = 16u << TRNLITE_CSR__CFG_ARRAY__ROWS_bp | 16u << TRNLITE_CSR__CFG_ARRAY__COLS_bp |
                           4u << TRNLITE_CSR__CFG_ARRAY__SEMS_bp | 4u << TRNLITE_CSR__CFG_ARRAY__DMA_QUEUES_bp,
              .fail_reads_after = -1};
    ck_assert_int_eq(open_lie(&l, &front, &dev), TL_RT_ENODEV);
    tl_hal_close(&l.inner);
    l = (lie){.no_dram = true, .fail_reads_after = -1};
    ck_assert_int_eq(open_lie(&l, &front, &dev), TL_RT_ENOMEM);
    tl_hal_close(&l.inner);
    l = (lie){.fail_reads_after = 0};
    ck_assert_int_eq(open_lie(&l, &front, &dev), TL_RT_EHAL);
    ck_assert_int_eq(dev.hal_rc, TL_HAL_EBUS);
    tl_hal_close(&l.inner);
    /* A working device: bad engine numbers, a read failing later. */
    l = (lie){.fail_reads_after = -1};
    ck_assert_int_eq(open_lie(&l, &front, &dev), TL_RT_OK);
    uint32_t nop[32];
    ck_assert_int_eq(tl_rt_insn_hdr(nop, TL_ISA_OP_NOP, -1, 0, -1, 0), TL_RT_OK);
    ck_assert_int_eq(tl_rt_push(&dev, 3, nop), TL_RT_EINVAL);
    l.fail_reads_after = 0;
    uint64_t v;
    ck_assert_int_eq(tl_rt_csr_read64(&dev, CSR(PERF_CYCLES.LO), &v), TL_RT_EHAL);
    tl_hal_close(&l.inner);
}
END_TEST

/* Instructions a caller pushed and did not run are finished before a
 * GEMM or a copy starts (the NOP's signal shows it ran), and the GEMM's
 * and copy's own results are right. */
START_TEST(runtime_finishes_pending_before_gemm_and_copy)
{
    tl_hal h;
    ck_assert_int_eq(tl_hal_cmodel_open(NULL, &h), TL_HAL_OK);
    tl_dev dev;
    ck_assert_int_eq(tl_rt_open(&dev, &h), TL_RT_OK);
    uint64_t a, b, out;
    const uint32_t M = 3, K = 5, N = 4;
    ck_assert_int_eq(tl_rt_alloc(&dev, 2 * M * K, 64, &a), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(&dev, 2 * K * N, 64, &b), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(&dev, 4 * M * K, 64, &out), TL_RT_OK); /* M x N fp32 or M x K fp32 */
    /* bf16 operands (fp32 is not a tensor engine input): small integers
     * and halves, whose bf16 bits are the top half of their fp32 bits. */
    float fa[15], fb[20], fo[12];
    uint16_t ha[15], hb[20];
    for (unsigned i = 0; i < M * K; i++) {
        fa[i] = (float)(i % 7) - 3.0f;
        uint32_t u;
        memcpy(&u, &fa[i], 4);
        ha[i] = (uint16_t)(u >> 16);
    }
    for (unsigned i = 0; i < K * N; i++) {
        fb[i] = (float)(i % 5) * 0.5f;
        uint32_t u;
        memcpy(&u, &fb[i], 4);
        hb[i] = (uint16_t)(u >> 16);
    }
    ck_assert_int_eq(h.dram_write(h.ctx, a, ha, sizeof ha), TL_HAL_OK);
    ck_assert_int_eq(h.dram_write(h.ctx, b, hb, sizeof hb), TL_HAL_OK);
    for (unsigned round = 0; round < 3; round++) {
        /* a NOP on the ACT ring that signals semaphore 9 by 5 */
        uint32_t nop[32];
        ck_assert_int_eq(tl_rt_insn_hdr(nop, TL_ISA_OP_NOP, -1, 0, 9, 5), TL_RT_OK);
        ck_assert_int_eq(tl_rt_push(&dev, 2, nop), TL_RT_OK);
        ck_assert_uint_eq(dev.pushed[2], 1);
        if (round == 0) {
            tl_rt_gemm_args g = {.M = M, .K = K, .N = N, .fa = TL_FMT_BF16, .fb = TL_FMT_BF16,
                                 .fo = TL_FMT_FP32, .a = a, .b = b, .out = out, .round = TL_RND_RNE};
            ck_assert_int_eq(tl_rt_gemm(&dev, &g, NULL), TL_RT_OK);
            ck_assert_int_eq(h.dram_read(h.ctx, out, fo, sizeof fo), TL_HAL_OK);
            for (unsigned m = 0; m < M; m++)
                for (unsigned n = 0; n < N; n++) {
                    float s = 0.0f; /* exact: small integers and halves */
                    for (unsigned k = 0; k < K; k++)
                        s += fa[m * K + k] * fb[k * N + n];
                    ck_assert_msg(fo[m * N + n] == s, "out[%u][%u] = %g, want %g", m, n, fo[m * N + n], s);
                }
        } else if (round == 1) {
            /* bf16 -> fp32: exact, so the floats come back */
            tl_rt_copy_args c = {.rows = M, .cols = K, .src = a, .dst = out, .fs = TL_FMT_BF16,
                                 .fd = TL_FMT_FP32, .round = TL_RND_RNE};
            tl_rt_ew_stats st;
            memset(&st, 0xFF, sizeof st);
            ck_assert_int_eq(tl_rt_copy(&dev, &c, &st), TL_RT_OK);
            ck_assert_uint_eq(st.dmas, 1);
            ck_assert_uint_eq(st.batches, 1);
            ck_assert_uint_eq(st.dram_bytes, (uint64_t)M * K * (2 + 4));
            float back[15];
            ck_assert_int_eq(h.dram_read(h.ctx, out, back, sizeof back), TL_HAL_OK);
            ck_assert(memcmp(back, fa, sizeof fa) == 0);
        } else {
            /* identity activation, scale 1, bias 0: the same floats */
            tl_rt_act_args c = {.rows = M, .cols = K, .in = a, .out = out, .fin = TL_FMT_BF16,
                                .fo = TL_FMT_FP32, .func = TL_ISA_FUNC_IDENTITY,
                                .scale = {0, TL_FMT_FP32, 0x3F800000u}, .bias = {0, TL_FMT_FP32, 0},
                                .round = TL_RND_RNE};
            ck_assert_int_eq(tl_rt_activate(&dev, &c, NULL), TL_RT_OK);
            float back[15];
            ck_assert_int_eq(h.dram_read(h.ctx, out, back, sizeof back), TL_HAL_OK);
            ck_assert(memcmp(back, fa, sizeof fa) == 0);
        }
        ck_assert_uint_eq(dev.pushed[2], 0);
        uint32_t sem;
        ck_assert_int_eq(tl_rt_csr_read(&dev, CSR_SEM(9), &sem), TL_RT_OK);
        ck_assert_uint_eq(sem, 5u * (round + 1));
    }
    /* more than the device DRAM; a full ring */
    uint64_t big;
    ck_assert_int_eq(tl_rt_alloc(&dev, 1ull << 40, 64, &big), TL_RT_ENOMEM);
    uint32_t nop[32];
    ck_assert_int_eq(tl_rt_insn_hdr(nop, TL_ISA_OP_NOP, -1, 0, -1, 0), TL_RT_OK);
    unsigned pushed = 0;
    while (tl_rt_room(&dev, 2) > 0) {
        ck_assert_int_eq(tl_rt_push(&dev, 2, nop), TL_RT_OK);
        pushed++;
    }
    ck_assert_uint_eq(pushed, TL_RT_RING_SLOTS - 1);
    ck_assert_int_eq(tl_rt_push(&dev, 2, nop), TL_RT_ENOMEM);
    ck_assert_int_eq(tl_rt_run_batch(&dev), TL_RT_OK);
    ck_assert_uint_eq(tl_rt_room(&dev, 2), TL_RT_RING_SLOTS - 1);
    tl_hal_close(&h);
}
END_TEST

/* A core with 256-byte SBUF partitions and a 256-bit bus: a GEMM whose
 * B tile does not fit halves its column block (and still computes the
 * right thing); one whose A tile alone does not fit, and an activation
 * with two per-row vectors (four bus words of fixed regions per slot),
 * are refused with TL_RT_ENOMEM; a dimension beyond the 32-bit DMA
 * strides with TL_RT_EINVAL. */
START_TEST(runtime_small_sbuf)
{
    tl_core_config cfg;
    tl_core_config_default(&cfg);
    cfg.sbuf_part_log2 = 8;
    cfg.data_width = 256;
    cfg.cols = 128;
    tl_hal_opts o = {.cfg = &cfg};
    tl_hal h;
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &h), TL_HAL_OK);
    tl_dev dev;
    ck_assert_int_eq(tl_rt_open(&dev, &h), TL_RT_OK);
    dev.stream_b = true;
    const uint32_t M = 4, K = 4, N = 64;
    uint64_t a, b, out, big;
    ck_assert_int_eq(tl_rt_alloc(&dev, 2 * M * K, 64, &a), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(&dev, 2 * K * N, 64, &b), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(&dev, 4 * M * N, 64, &out), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(&dev, 2 * 128 * 4, 64, &big), TL_RT_OK);
    uint16_t ha[16], hb[256];
    float fa[16], fb[256], fo[256];
    for (unsigned i = 0; i < M * K; i++) {
        fa[i] = (float)(i % 5) - 2.0f;
        uint32_t u;
        memcpy(&u, &fa[i], 4);
        ha[i] = (uint16_t)(u >> 16);
    }
    for (unsigned i = 0; i < K * N; i++) {
        fb[i] = (float)(i % 9) - 4.0f;
        uint32_t u;
        memcpy(&u, &fb[i], 4);
        hb[i] = (uint16_t)(u >> 16);
    }
    ck_assert_int_eq(h.dram_write(h.ctx, a, ha, sizeof ha), TL_HAL_OK);
    ck_assert_int_eq(h.dram_write(h.ctx, b, hb, sizeof hb), TL_HAL_OK);
    tl_rt_gemm_args g = {.M = M, .K = K, .N = N, .fa = TL_FMT_BF16, .fb = TL_FMT_BF16, .fo = TL_FMT_FP32,
                         .a = a, .b = b, .out = out, .round = TL_RND_RNE};
    tl_rt_gemm_stats st;
    ck_assert_int_eq(tl_rt_gemm(&dev, &g, &st), TL_RT_OK);
    ck_assert_uint_lt(st.nb, N); /* 64 columns of bf16 (128 bytes) + A's 32 do not fit twice in 256 */
    ck_assert_int_eq(h.dram_read(h.ctx, out, fo, 4 * M * N), TL_HAL_OK);
    for (unsigned m = 0; m < M; m++)
        for (unsigned n = 0; n < N; n++) {
            float s = 0.0f; /* exact: small integers */
            for (unsigned k = 0; k < K; k++)
                s += fa[m * K + k] * fb[k * N + n];
            ck_assert_msg(fo[m * N + n] == s, "out[%u][%u] = %g, want %g", m, n, fo[m * N + n], s);
        }
    /* A: 128 rows of bf16 in one tile = 256 bytes, two of them never fit */
    tl_rt_gemm_args g2 = {.M = 128, .K = 4, .N = 1, .fa = TL_FMT_BF16, .fb = TL_FMT_BF16, .fo = TL_FMT_FP32,
                          .a = big, .b = b, .out = out, .round = TL_RND_RNE};
    ck_assert_int_eq(tl_rt_gemm_check(&dev, &g2), TL_RT_ENOMEM);
    g2.M = 1;
    g2.N = 0x40000001u; /* N * 4 bytes per PSUM row is beyond 32 bits */
    ck_assert_int_eq(tl_rt_gemm_check(&dev, &g2), TL_RT_EINVAL);
    tl_rt_act_args act = {.rows = M, .cols = K, .in = a, .out = out, .fin = TL_FMT_BF16, .fo = TL_FMT_FP32,
                          .func = TL_ISA_FUNC_IDENTITY, .scale = {a, TL_FMT_BF16, 0},
                          .bias = {a, TL_FMT_BF16, 0}, .round = TL_RND_RNE};
    ck_assert_int_eq(tl_rt_activate(&dev, &act, NULL), TL_RT_ENOMEM);
    tl_hal_close(&h);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);
    Suite *s = suite_create("test_c_paths");
    TCase *t = tcase_create("core");
    tcase_set_timeout(t, 120);
    tcase_add_loop_test(t, bus_and_observer_match_memory, 0, 3);
    tcase_add_test(t, bus_fetch_error_and_bad_opcode);
    tcase_add_test(t, fetch_outside_memory);
    tcase_add_test(t, bus_write_error_reported);
    tcase_add_test(t, dma_model_decerr_and_queue_stop);
    tcase_add_test(t, csr_read_back_and_ignored_accesses);
    tcase_add_test(t, error_messages);
    tcase_add_test(t, invalid_codes);
    tcase_add_test(t, te_cycle_model_by_hand);
    tcase_add_test(t, core_create_refuses_bad_config);
    suite_add_tcase(s, t);
    t = tcase_create("sw");
    tcase_add_test(t, hal_allocator_and_ranges);
    tcase_add_test(t, runtime_device_checks);
    tcase_add_test(t, runtime_finishes_pending_before_gemm_and_copy);
    tcase_add_test(t, runtime_small_sbuf);
    suite_add_tcase(s, t);
    return tl_test_main(argv[0], s);
}
