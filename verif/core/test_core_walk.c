/*
 * The wide registers of the RTL core walked bit by bit, each against the
 * whole-core C model (issue 10: the toggle-coverage gaps closed with
 * checks that can fail, not with stimulus alone). Small and fast; part of
 * make test and of make coverage.
 *
 * csr_walk: every writable CSR offset (0x000..0x45C, CTRL aside) gets the
 * 32 walking-ones and 32 walking-zeros patterns, each compared on read-back
 * with the model; the registers that only store get also compared with the
 * written value masked by the field of the generated map (trnlite/csr.h);
 * after each pattern every offset 0x000..0xFFC is read on both (a write
 * that leaks into another register fails), and the irq pin compared.
 * fetch_wide_bases: ring bases with random 64-bit values (aligned or not),
 * sizes and tails: the FETCH error record (ERR_PC with its high word)
 * must equal the model's.
 * dma_wide_fields: DMA instructions whose descriptor bits are walked one
 * at a time from a valid descriptor at the top of the DRAM window, then
 * descriptors with random 64-bit addresses and random 32-bit counts and
 * strides: error record (ERR_CODE with the DMA's code, ERR_ADDR both
 * words), semaphores, DRAM compared with the model after each.
 * sem_walk: NOPs whose signal amounts walk every bit of every semaphore
 * (each on the engine of its semaphore, waiting for the value the one
 * before reached, wrapping past 2^32), host writes of walking zeros,
 * compared with the model.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_harness_rtl.h"
#include "tl_test.h"

typedef struct {
    ch *model, *rtl;
} pair;

static tl_core_config cfg;

static pair pair_new(uint64_t seed)
{
    core_rtl_opts o = {.latency = 1 + (unsigned)(seed % 23), .ready_pct = 85, .seed = seed,
                       .powerup_seed = (uint32_t)seed | 1,
                       .wave = tl_test_trace() ? tl_test_wave_path("core_walk") : NULL};
    if (!cfg.rows) {
        core_rtl_opts o1 = {.latency = 1};
        ch *h = ch_create_rtl(NULL, &o1);
        cfg = h->cfg;
        ch_free(h);
    }
    pair p = {ch_create(&cfg), ch_create_rtl(&cfg, &o)};
    return p;
}

static void pair_free(pair *p)
{
    ch_free(p->rtl);
    ch_free(p->model);
}

static void pair_wr(pair *p, uint32_t off, uint32_t v)
{
    ch_wr(p->model, off, v);
    ch_wr(p->rtl, off, v);
}

/* Counters of RTL cycles: the model reads 0 there (docs/core.md 3). */
static int clock_counter(uint32_t off)
{
    return off >= CSR(PERF_CYCLES.LO) && off < CSR(PERF_TE_MACS.LO);
}

static void same(pair *p, uint32_t off, const char *when)
{
    if (clock_counter(off))
        return;
    uint32_t have = ch_rd(p->rtl, off), want = ch_rd(p->model, off);
    ck_assert_msg(have == want, "%s: CSR 0x%03x reads 0x%08x on the RTL, 0x%08x in the model (ERR_CODE %u, %u)", when,
                  off, have, want, ch_rd(p->rtl, CSR(ERR_CODE)), ch_rd(p->model, CSR(ERR_CODE)));
}

static void same_all(pair *p, const char *when)
{
    for (uint32_t off = 0; off < 0x1000; off += 4)
        same(p, off, when);
    ck_assert_msg(core_rtl_irq(ch_rtl(p->rtl)) == tl_core_irq(p->model->core), "%s: irq pin %d, model %d", when,
                  core_rtl_irq(ch_rtl(p->rtl)), tl_core_irq(p->model->core));
}

/* Registers that store what is written (masked by the map's fields). */
static uint32_t store_mask(uint32_t off)
{
    static const struct {
        uint32_t off, bm;
    } st[] = {
        {CSR(DRAM_BASE_LO), TRNLITE_CSR__DRAM_BASE_LO__VALUE_bm},
        {CSR(DRAM_BASE_HI), TRNLITE_CSR__DRAM_BASE_HI__VALUE_bm},
        {CSR(DRAM_LIMIT_LO), TRNLITE_CSR__DRAM_LIMIT_LO__VALUE_bm},
        {CSR(DRAM_LIMIT_HI), TRNLITE_CSR__DRAM_LIMIT_HI__VALUE_bm},
        {CSR(WATCHDOG), TRNLITE_CSR__WATCHDOG__CYCLES_bm},
        {CSR(IRQ_ENABLE), TRNLITE_CSR__IRQ_ENABLE__ERROR_bm | TRNLITE_CSR__IRQ_ENABLE__SEM_bm |
                              TRNLITE_CSR__IRQ_ENABLE__IDLE_bm},
        {CSR(IRQ_SEM), TRNLITE_CSR__IRQ_SEM__INDEX_bm},
        {CSR(IRQ_SEM_VALUE), TRNLITE_CSR__IRQ_SEM_VALUE__VALUE_bm},
    };
    for (unsigned i = 0; i < sizeof st / sizeof st[0]; i++)
        if (st[i].off == off)
            return st[i].bm;
    for (unsigned e = 0; e < 3; e++) {
        if (off == CSR_Q(e, BASE_LO))
            return TRNLITE_CSR__QX__BASE_LO__VALUE_bm;
        if (off == CSR_Q(e, BASE_HI))
            return TRNLITE_CSR__QX__BASE_HI__VALUE_bm;
        if (off == CSR_Q(e, SIZE))
            return TRNLITE_CSR__QX__SIZE__SIZE_bm;
    }
    for (unsigned s = 0; s < cfg.sems; s++)
        if (off == CSR_SEM(s))
            return TRNLITE_CSR__SEMX__VALUE_bm;
    return 0;
}

START_TEST(csr_walk)
{
    pair p = pair_new(tl_test_seed(1) * 7919ull + 1);
    pair_wr(&p, CSR(CTRL), 0); /* rings stopped: TAIL moves must not fetch */
    unsigned writes = 0, stored = 0;
    char when[96];
    for (unsigned k = 0; k < 64; k++) {
        uint32_t pat = k < 32 ? 1u << k : ~(1u << (k - 32));
        for (uint32_t off = 0; off < sizeof(trnlite_csr_t); off += 4) {
            if (off == CSR(CTRL))
                continue;
            pair_wr(&p, off, pat);
            snprintf(when, sizeof when, "pattern 0x%08x written to 0x%03x", pat, off);
            same(&p, off, when);
            uint32_t bm = store_mask(off);
            if (bm) {
                uint32_t v = ch_rd(p.rtl, off);
                ck_assert_msg(v == (pat & bm), "%s: reads 0x%08x, the map says 0x%08x", when, v, pat & bm);
                stored++;
            }
            writes++;
        }
        snprintf(when, sizeof when, "after pattern 0x%08x everywhere", pat);
        same_all(&p, when);
    }
    /* the window and rings back, RUN, an empty ring: still idle, no error */
    for (unsigned e = 0; e < 3; e++) {
        pair_wr(&p, CSR_Q(e, CTRL), TRNLITE_CSR__QX__CTRL__RESET_bm);
        p.model->tail[e] = p.rtl->tail[e] = 0;
    }
    ch_setup(p.model);
    ch_setup(p.rtl);
    pair_wr(&p, CSR(ERR_CLEAR), 1);
    pair_wr(&p, CSR(IRQ_STATUS), 7);
    tl_insn nop;
    insn_nop(nop, -1, 0, 0, 5);
    for (unsigned e = 0; e < 3; e++) {
        ch_push(p.model, e, nop);
        ch_push(p.rtl, e, nop);
    }
    ch_run(p.model);
    ch_run(p.rtl);
    same_all(&p, "a NOP per ring after the walk");
    ck_assert_uint_eq(ch_rd(p.rtl, CSR(ERR_CODE)), 0);
    printf("csr_walk: %u writes (%u compared with the map), %u full CSR comparisons\n", writes, stored, 64u);
    pair_free(&p);
}
END_TEST

/* Error record, rings and semaphores against the model. */
static void same_record(pair *p, const char *when)
{
    static const uint32_t regs[] = {CSR(ERR_CODE),    CSR(ERR_ENGINE),  CSR(ERR_PC_LO), CSR(ERR_PC_HI),
                                    CSR(ERR_ADDR_LO), CSR(ERR_ADDR_HI), CSR(STATUS),    CSR(IRQ_STATUS)};
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        same(p, regs[i], when);
    for (unsigned e = 0; e < 3; e++)
        same(p, CSR_Q(e, HEAD), when);
    for (unsigned s = 0; s < cfg.sems; s++)
        same(p, CSR_SEM(s), when);
    ck_assert_msg(core_rtl_irq(ch_rtl(p->rtl)) == tl_core_irq(p->model->core), "%s: irq pin", when);
}

/* After an error: clear it, reset ring e, the window and rings as set up. */
static void recover(pair *p, unsigned e)
{
    pair_wr(p, CSR(CTRL), 0);
    pair_wr(p, CSR_Q(e, CTRL), TRNLITE_CSR__QX__CTRL__RESET_bm);
    p->model->tail[e] = p->rtl->tail[e] = 0;
    ch_setup(p->model);
    ch_setup(p->rtl);
    pair_wr(p, CSR(ERR_CLEAR), 1);
    pair_wr(p, CSR(IRQ_STATUS), 7);
    ck_assert_uint_eq(ch_rd(p->rtl, CSR(ERR_CODE)), 0);
}

static uint64_t rnd64(tl_rng *r) { return tl_rng_next(r); }

START_TEST(fetch_wide_bases)
{
    pair p = pair_new(tl_test_seed(1) * 7919ull + 2);
    tl_rng r = {tl_test_seed(1) * 0x9E3779B97F4A7C15ull + 5};
    pair_wr(&p, CSR(IRQ_ENABLE), 7);
    unsigned n = 96 * tl_test_seeds(1), errs = 0;
    char when[96];
    for (unsigned i = 0; i < n; i++) {
        unsigned e = i % 3;
        uint64_t base = rnd64(&r);
        if (i % 4 != 3)
            base &= ~127ull; /* aligned: the window decides */
        if (i % 8 == 1)
            base = (CH_DRAM_BASE + CH_DRAM_SIZE - 128 * (1 + tl_rng_below(&r, 4))) ^ (1ull << (7 + i % 57));
        uint32_t size = i % 5 == 4 ? tl_rng_u32(&r) & 0x1ffff : 1u << tl_rng_below(&r, 17);
        uint32_t tail = size > 1 ? 1 + tl_rng_below(&r, size - 1) : 0;
        if (i % 7 == 6)
            tail = tl_rng_u32(&r) & 0xffff; /* maybe >= SIZE */
        pair_wr(&p, CSR(CTRL), 0);
        pair_wr(&p, CSR_Q(e, BASE_LO), (uint32_t)base);
        pair_wr(&p, CSR_Q(e, BASE_HI), (uint32_t)(base >> 32));
        pair_wr(&p, CSR_Q(e, SIZE), size);
        pair_wr(&p, CSR_Q(e, TAIL), tail);
        pair_wr(&p, CSR(CTRL), 1);
        ch_run(p.model);
        ch_run(p.rtl);
        snprintf(when, sizeof when, "ring %u base 0x%016llx size %u tail %u", e, (unsigned long long)base, size,
                 tail);
        same_record(&p, when);
        errs += ch_rd(p.rtl, CSR(ERR_CODE)) != 0;
        recover(&p, e);
    }
    printf("fetch_wide_bases: %u ring set-ups, %u with a FETCH error, records equal\n", n, errs);
    ck_assert_uint_ge(errs, n / 2);
    pair_free(&p);
}
END_TEST

/* Push one DMA instruction with raw descriptor words on both, run, compare. */
static unsigned dma_words(pair *p, const uint32_t *w, unsigned queue, const char *when)
{
    tl_insn in;
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    insn_dma(in, -1, 0, 1, 1, queue, &d);
    for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
        ck_assert_int_eq(tl_isa_set_at(in, TL_ISA_DMA_DESC, i, w[i]), 0);
    ch_push(p->model, 0, in);
    ch_push(p->rtl, 0, in);
    ch_run(p->model);
    ch_run(p->rtl);
    same_record(p, when);
    ck_assert_msg(memcmp(p->rtl->dram, p->model->dram, CH_DRAM_SIZE) == 0, "%s: DRAM differs", when);
    uint32_t code = ch_rd(p->rtl, CSR(ERR_CODE));
    if (code)
        recover(p, 0);
    return code;
}

START_TEST(dma_wide_fields)
{
    pair p = pair_new(tl_test_seed(1) * 7919ull + 3);
    tl_rng r = {tl_test_seed(1) * 0xBF58476D1CE4E5B9ull + 9};
    for (uint32_t i = 0; i < CH_DRAM_SIZE; i += 4) /* data that is not zeros */
        st_le(p.model->dram + i, 4, (uint32_t)tl_rng_next(&r));
    memcpy(p.rtl->dram, p.model->dram, CH_DRAM_SIZE);
    /* valid: 16 fp32 from near the top of the window to just below it, so
     * that a larger count, stride or address leaves the window */
    uint64_t top = CH_DRAM_BASE + CH_DRAM_SIZE;
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    d.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, top - 0x100, {4, 4, 1}, {4, 16, 0}};
    d.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, top - 0x200, {16, 1, 1}, {4, 0, 0}};
    d.cstride[0] = 1;
    uint32_t w0[TL_DMA_DESC_WORDS], w[TL_DMA_DESC_WORDS];
    tl_dma_desc_pack(&d, w0);
    unsigned errs = 0, runs = 0, hist[32] = {0};
    char when[128];
    for (unsigned k = 0; k < 32 * TL_DMA_DESC_WORDS; k++) {
        memcpy(w, w0, sizeof w);
        w[k / 32] ^= 1u << (k % 32);
        snprintf(when, sizeof when, "descriptor bit %u (word %u bit %u) flipped", k, k / 32, k % 32);
        unsigned c = dma_words(&p, w, k % cfg.dma_queues, when);
        errs += c != 0;
        hist[c < 32 ? c : 31]++;
        runs++;
    }
    unsigned n = 400 * tl_test_seeds(1);
    for (unsigned i = 0; i < n; i++) {
        tl_dma_desc x = d;
        tl_dma_side *s[2] = {&x.src, &x.dst};
        for (unsigned j = 0; j < 2; j++) {
            unsigned pick = tl_rng_below(&r, 4);
            s[j]->space = tl_rng_below(&r, 3);
            s[j]->fmt = tl_rng_below(&r, 7);
            s[j]->addr = pick == 0 ? rnd64(&r) : pick == 1 ? top - (rnd64(&r) & 0xfffff) : rnd64(&r) >> tl_rng_below(&r, 64);
            for (unsigned a = 0; a < 3; a++) {
                s[j]->count[a] = tl_rng_below(&r, 3) ? 1 + tl_rng_below(&r, 8) : tl_rng_u32(&r) >> tl_rng_below(&r, 32);
                s[j]->stride[a] = tl_rng_u32(&r) >> tl_rng_below(&r, 32);
                if (tl_rng_below(&r, 2))
                    s[j]->stride[a] &= ~7u;
            }
        }
        x.seed = tl_rng_u32(&r);
        x.cbase = tl_rng_u32(&r);
        for (unsigned a = 0; a < 3; a++)
            x.cstride[a] = tl_rng_u32(&r);
        x.round = tl_rng_below(&r, 2);
        x.saturate = tl_rng_below(&r, 2);
        /* equal element totals above 4096 could be a valid, long copy:
         * slow, not wrong; left out (random counts rarely agree) */
        uint64_t ts = tl_dma_total(&x.src);
        if (ts == tl_dma_total(&x.dst) && ts > 4096)
            continue;
        tl_dma_desc_pack(&x, w);
        snprintf(when, sizeof when, "random wide descriptor %u", i);
        unsigned c = dma_words(&p, w, tl_rng_below(&r, cfg.dma_queues), when);
        errs += c != 0;
        hist[c < 32 ? c : 31]++;
        runs++;
    }
    printf("dma_wide_fields: %u DMA instructions, %u refused or faulted; ERR_CODE counts:", runs, errs);
    for (unsigned c = 0; c < 32; c++)
        if (hist[c])
            printf(" %u:%u", c, hist[c]);
    printf("\n");
    pair_free(&p);
}
END_TEST

START_TEST(sem_walk)
{
    pair p = pair_new(tl_test_seed(1) * 7919ull + 4);
    uint32_t val[32] = {0};
    unsigned pushed = 0;
    /* per semaphore, the 32 walking-one amounts, then 32 more that carry
     * through every bit (value + 2^b - 1 ... ), each instruction waiting
     * for the value the previous one reached */
    for (unsigned s = 0; s < cfg.sems; s++) {
        for (unsigned k = 0; k < 64; k++) {
            uint32_t amt = k < 32 ? 1u << k : (uint32_t)(0xFFFFFFFFu >> (k - 32)) ^ val[s];
            tl_insn in;
            unsigned e = s % 3; /* one engine per semaphore: its waits are met in order */
            insn_nop(in, (int)s, val[s], (int)s, amt);
            ch_push(p.model, e, in);
            ch_push(p.rtl, e, in);
            val[s] += amt;
            if (++pushed % 96 == 0) {
                ch_run(p.model);
                ch_run(p.rtl);
                same_record(&p, "semaphore walk");
            }
        }
        /* a host write of walking zeros on top, once its NOPs ran */
        ch_run(p.model);
        ch_run(p.rtl);
        same_record(&p, "semaphore walk, before a host write");
        pair_wr(&p, CSR_SEM(s), ~(1u << s));
        val[s] = ~(1u << s);
    }
    ch_run(p.model);
    ch_run(p.rtl);
    same_record(&p, "semaphore walk, end");
    for (unsigned s = 0; s < cfg.sems; s++)
        ck_assert_uint_eq(ch_rd(p.rtl, CSR_SEM(s)), val[s]);
    ck_assert_uint_eq(ch_rd(p.rtl, CSR(ERR_CODE)), 0);
    printf("sem_walk: %u signalling NOPs over %u semaphores, values equal\n", pushed, cfg.sems);
    pair_free(&p);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_walk");
    TCase *tc = tcase_create("walk");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, csr_walk);
    tcase_add_test(tc, fetch_wide_bases);
    tcase_add_test(tc, dma_wide_fields);
    tcase_add_test(tc, sem_walk);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
