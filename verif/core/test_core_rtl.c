/*
 * The RTL core against the whole-core C model, bit for bit.
 *
 * random_programs: random valid programs (core_progs.c) for this build's
 * configuration run on trnlite_core (Verilated, DRAM behind axi_mem with
 * a random latency and back-pressure per program) and on the model. Then
 * the same DMA program copies SBUF and PSUM out to DRAM on both. Compared:
 * all of DRAM, every semaphore, the error record, the ring heads and the
 * architectural counters (MACs, DMA bytes, activation elements).
 * SEED= replays one program, SEEDS= sets how many (default 100); PRINT=1
 * lists each program before it runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_harness_rtl.h"
#include "core_progs.h"
#include "tl_test.h"

#define DUMP_BASE (CH_DRAM_BASE + (1u << 20)) /* SBUF, then PSUM, copied out */
#define ZERO_BASE (CH_DRAM_BASE + (2u << 20)) /* stays zero: the source of clear_onchip */

/* The build's configuration, read from its CFG registers. */
static tl_core_config build_cfg(void)
{
    core_rtl_opts o = {.latency = 1};
    ch *h = ch_create_rtl(NULL, &o);
    tl_core_config g = h->cfg;
    ch_free(h);
    return g;
}

/* Copy all of SBUF and PSUM to DUMP_BASE with the core's own DMA. */
static void dump_onchip(ch *h)
{
    const tl_core_config *c = &h->cfg;
    unsigned plg = ch_psum_part_log2(c);
    uint32_t sb_bytes = 1u << c->sbuf_part_log2, ps_entries = (1u << plg) / 4;
    tl_dma_desc d;
    tl_insn in;
    desc_from_chip(&d, 1, c->sbuf_part_log2, 0, 0, TL_FMT_INT8, c->rows, sb_bytes, DUMP_BASE, TL_FMT_INT8, 0, 0);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    ch_push(h, 0, in);
    desc_from_chip(&d, 2, plg, 0, 0, TL_FMT_FP32, c->cols, ps_entries,
                   DUMP_BASE + (uint64_t)c->rows * sb_bytes, TL_FMT_FP32, 0, 0);
    insn_dma(in, -1, 0, -1, 0, 1, &d);
    ch_push(h, 0, in);
    ch_run(h);
}

/* SBUF and PSUM power up undefined (the RTL randomizes them; the model
 * starts from zeros): clear both with the core's own DMA, from a DRAM
 * region of zeros, as a driver would before a program that reads memory
 * it has not written. */
static void clear_onchip(ch *h)
{
    const tl_core_config *c = &h->cfg;
    unsigned plg = ch_psum_part_log2(c);
    tl_dma_desc d;
    tl_insn in;
    desc_to_chip(&d, ZERO_BASE, TL_FMT_INT8, c->rows, 1u << c->sbuf_part_log2, 1, c->sbuf_part_log2, 0, 0,
                 TL_FMT_INT8);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    ch_push(h, 0, in);
    desc_to_chip(&d, ZERO_BASE, TL_FMT_FP32, c->cols, (1u << plg) / 4, 2, plg, 0, 0, TL_FMT_FP32);
    d.src.stride[1] = 0; /* every partition from the same zeros */
    insn_dma(in, -1, 0, -1, 0, 1, &d);
    ch_push(h, 0, in);
    ch_run(h);
}

static void expect_same_csr(ch *rtl, ch *model, uint32_t off, const char *what, uint64_t seed)
{
    uint32_t have = ch_rd(rtl, off), want = ch_rd(model, off);
    ck_assert_msg(have == want, "program seed %llu: %s (CSR 0x%03x) is 0x%x on the RTL, 0x%x in the model",
                  (unsigned long long)seed, what, off, have, want);
}

static void compare(ch *rtl, ch *model, uint64_t seed, const char *when)
{
    if (memcmp(rtl->dram, model->dram, CH_DRAM_SIZE) != 0) {
        size_t i = 0;
        while (rtl->dram[i] == model->dram[i])
            i++;
        ck_abort_msg("program seed %llu (%s): DRAM 0x%llx is 0x%02x on the RTL, 0x%02x in the model",
                     (unsigned long long)seed, when, (unsigned long long)(CH_DRAM_BASE + i), rtl->dram[i],
                     model->dram[i]);
    }
    static const struct {
        uint32_t off;
        const char *name;
    } regs[] = {
        {CSR(ERR_CODE), "ERR_CODE"}, {CSR(ERR_ENGINE), "ERR_ENGINE"}, {CSR(ERR_PC_LO), "ERR_PC_LO"},
        {CSR(ERR_ADDR_LO), "ERR_ADDR_LO"}, {CSR(STATUS), "STATUS"},
        {CSR(PERF_TE_MACS.LO), "PERF_TE_MACS"}, {CSR(PERF_DMA_RD_BYTES.LO), "PERF_DMA_RD_BYTES"},
        {CSR(PERF_DMA_WR_BYTES.LO), "PERF_DMA_WR_BYTES"}, {CSR(PERF_ACT_ELEMS.LO), "PERF_ACT_ELEMS"},
    };
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        expect_same_csr(rtl, model, regs[i].off, regs[i].name, seed);
    for (unsigned e = 0; e < 3; e++)
        expect_same_csr(rtl, model, CSR_Q(e, HEAD), "a ring's HEAD", seed);
    for (unsigned s = 0; s < rtl->cfg.sems; s++)
        expect_same_csr(rtl, model, CSR_SEM(s), "a semaphore", seed);
}

static uint64_t run_one(const tl_core_config *cfg, uint64_t seed, uint64_t *ops)
{
    core_prog p;
    core_prog_gen_cfg(&p, seed, cfg);
    tl_rng r = {seed * 0xD1B54A32D192ED03ull + 7};
    core_rtl_opts o = {
        .latency = 1 + tl_rng_below(&r, 60), .ready_pct = 60 + tl_rng_below(&r, 41),
        .stall_permille = tl_rng_below(&r, 4), .stall_max = 40, .seed = seed,
        .powerup_seed = (uint32_t)seed | 1, .wave = tl_test_trace() ? tl_test_wave_path("core_rtl") : NULL,
    };
    ch *model = ch_create(cfg);
    ch *rtl = ch_create_rtl(cfg, &o);
    clear_onchip(model);
    clear_onchip(rtl);
    core_prog_load(&p, model);
    core_prog_load(&p, rtl);
    if (getenv("PRINT"))
        core_prog_print(&p, stdout);
    ch_run(model);
    uint64_t cycles = ch_run(rtl);
    compare(rtl, model, seed, "after the program");
    ck_assert_msg(ch_rd(model, CSR(ERR_CODE)) == 0, "program seed %llu: the model reports an error",
                  (unsigned long long)seed);
    dump_onchip(model);
    dump_onchip(rtl);
    compare(rtl, model, seed, "SBUF and PSUM copied out");
    *ops += p.n;
    ch_free(rtl);
    ch_free(model);
    core_prog_free(&p);
    return cycles;
}

START_TEST(random_programs)
{
    tl_core_config cfg = build_cfg();
    uint32_t base = tl_test_seed(1);
    unsigned n = tl_test_seeds(100);
    uint64_t cycles = 0, ops = 0;
    for (unsigned i = 0; i < n; i++)
        cycles += run_one(&cfg, base + i, &ops);
    printf("%ux%u core, %u-bit bus: %u programs from seed %u, %llu instructions, %llu cycles, bit-exact\n",
           cfg.rows, cfg.cols, cfg.data_width, n, base, (unsigned long long)ops, (unsigned long long)cycles);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_rtl");
    TCase *tc = tcase_create("rtl");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, random_programs);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
