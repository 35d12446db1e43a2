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
 *
 * invalid_programs (CHECKLIST "Command processing", on the RTL): one bad
 * instruction of each kind, then a NOP that must not run, on both; the
 * error record, STATUS, IRQ_STATUS, the irq pin, heads, semaphores and
 * DRAM must agree. Then the host recovers (ERR_CLEAR, IRQ_STATUS, ring
 * reset) and a random valid program must give the model's result.
 * reset_mid_program: a soft reset while a program runs on the RTL, then a
 * second program from the same DRAM image gives the model's result.
 * hard_reset_anywhere: the same with rst at a random cycle (often in the
 * middle of AXI bursts); see the test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_harness_rtl.h"
#include "core_progs.h"
#include "fcov.h"
#include "tl_test.h"
#include "xcov.h"

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
    uint32_t err = ch_rd(rtl, CSR(ERR_CODE));
    if (err)
        fcov_hitf("core.err.%s%s", err > TL_ISA_ERR_DMA ? "DMA_" : "", tl_isa_strerror(err));
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
    expect_same_csr(rtl, model, CSR(IRQ_STATUS), "IRQ_STATUS", seed);
    expect_same_csr(rtl, model, CSR(ERR_PC_HI), "ERR_PC_HI", seed);
    expect_same_csr(rtl, model, CSR(ERR_ADDR_HI), "ERR_ADDR_HI", seed);
    ck_assert_msg(core_rtl_irq(ch_rtl(rtl)) == tl_core_irq(model->core), "program seed %llu (%s): irq pin %d, model %d",
                  (unsigned long long)seed, when, core_rtl_irq(ch_rtl(rtl)), tl_core_irq(model->core));
    for (unsigned s = 0; s < rtl->cfg.sems; s++)
        expect_same_csr(rtl, model, CSR_SEM(s), "a semaphore", seed);
}

typedef struct {
    ch *model, *rtl;
} pair;

static core_rtl_opts rtl_opts(uint64_t seed)
{
    tl_rng r = {seed * 0xD1B54A32D192ED03ull + 7};
    core_rtl_opts o = {
        .latency = 1 + tl_rng_below(&r, 60), .ready_pct = 60 + tl_rng_below(&r, 41),
        .stall_permille = tl_rng_below(&r, 4), .stall_max = 40, .seed = seed,
        .powerup_seed = (uint32_t)seed | 1, .wave = tl_test_trace() ? tl_test_wave_path("core_rtl") : NULL,
    };
    return o;
}

static pair pair_create(const tl_core_config *cfg, uint64_t seed)
{
    core_rtl_opts o = rtl_opts(seed);
    pair p = {ch_create(cfg), ch_create_rtl(cfg, &o)};
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

/* One address range that answers a bus error, on both (replaces any
 * earlier one; pair_no_faults removes it). */
static tl_dma_fault pair_fault_range;

static void pair_fault(pair *p, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    pair_fault_range = (tl_dma_fault){lo, hi, on_write, resp};
    tl_core_set_faults(p->model->core, &pair_fault_range, 1);
    axi_mem_clear_faults(core_rtl_mem(ch_rtl(p->rtl)));
    axi_mem_add_fault(core_rtl_mem(ch_rtl(p->rtl)), lo, hi, on_write, resp);
}

static void pair_no_faults(pair *p)
{
    tl_core_set_faults(p->model->core, NULL, 0);
    axi_mem_clear_faults(core_rtl_mem(ch_rtl(p->rtl)));
}

static void pair_push(pair *p, unsigned e, const uint32_t *in)
{
    ch_push(p->model, e, in);
    ch_push(p->rtl, e, in);
}

static uint64_t pair_run(pair *p)
{
    ch_run(p->model);
    return ch_run(p->rtl);
}

/* A random valid program for seed on a cleared SBUF/PSUM; compared after
 * it and after copying SBUF and PSUM out. Returns the RTL's cycles. */
static uint64_t pair_program(pair *p, uint64_t seed, uint64_t *ops)
{
    core_prog prog;
    core_prog_gen_cfg(&prog, seed, &p->rtl->cfg);
    clear_onchip(p->model);
    clear_onchip(p->rtl);
    core_prog_load(&prog, p->model);
    core_prog_load(&prog, p->rtl);
    if (getenv("PRINT"))
        core_prog_print(&prog, stdout);
    uint64_t cycles = pair_run(p);
    compare(p->rtl, p->model, seed, "after the program");
    ck_assert_msg(ch_rd(p->model, CSR(ERR_CODE)) == 0, "program seed %llu: the model reports an error",
                  (unsigned long long)seed);
    dump_onchip(p->model);
    dump_onchip(p->rtl);
    compare(p->rtl, p->model, seed, "SBUF and PSUM copied out");
    ch_xcov_commit(p->rtl);
    *ops += prog.n;
    core_prog_free(&prog);
    return cycles;
}

/* What the DRAM model did over all programs of random_programs. */
static axi_mem_stats axi_tot;

static void add_axi_stats(pair *p)
{
    const axi_mem_stats *st = axi_mem_get_stats(core_rtl_mem(ch_rtl(p->rtl)));
    axi_tot.w_early += st->w_early;
    axi_tot.r_switch += st->r_switch;
    axi_tot.r_overtake += st->r_overtake;
    axi_tot.b_overtake += st->b_overtake;
    for (unsigned i = 0; i < AXI_MEM_IDS; i++) {
        if (st->max_rd_seen[i] > axi_tot.max_rd_seen[i])
            axi_tot.max_rd_seen[i] = st->max_rd_seen[i];
        if (st->max_wr_seen[i] > axi_tot.max_wr_seen[i])
            axi_tot.max_wr_seen[i] = st->max_wr_seen[i];
    }
}

static uint64_t run_one(const tl_core_config *cfg, uint64_t seed, uint64_t *ops)
{
    pair p = pair_create(cfg, seed);
    uint64_t cycles = pair_program(&p, seed, ops);
    add_axi_stats(&p);
    pair_free(&p);
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
    bool imp = axi_mem_impolite_wanted();
    printf("AXI memory %s: %llu W beats before their AW, %llu R beats switching ID mid-burst, %llu R bursts and "
           "%llu B ahead of an older ID; most outstanding: DMA %u reads %u writes, fetch %u reads\n",
           imp ? "impolite" : "polite", (unsigned long long)axi_tot.w_early, (unsigned long long)axi_tot.r_switch,
           (unsigned long long)axi_tot.r_overtake, (unsigned long long)axi_tot.b_overtake, axi_tot.max_rd_seen[0],
           axi_tot.max_wr_seen[0], axi_tot.max_rd_seen[1]);
    if (imp)
        ck_assert_msg(axi_tot.w_early > 0 && axi_tot.r_switch > 0 && axi_tot.r_overtake > 0,
                      "the impolite memory never took W early, interleaved or reordered R");
}
END_TEST

/* ---- invalid programs ------------------------------------------------------ */

typedef struct {
    const char *name;
    unsigned engine;
    unsigned code;
} bad_case;

/* A failing DMA's destination bytes [dst, dst + len) may each hold their
 * old value or their new one, the byte at src + i (dma.md, "Memory after
 * an error"); the model leaves them old. len 0: no such bytes. */
typedef struct {
    uint64_t dst, src;
    uint32_t len;
} old_or_new;

/* Where the RTL wrote a failing DMA's new bytes, accept them: put the
 * model's (old) value back so that compare() checks everything else. */
static void accept_old_or_new(pair *p, const char *name, const old_or_new *w)
{
    for (uint32_t i = 0; i < w->len; i++) {
        uint8_t *have = ch_mem(p->rtl, w->dst + i), neu = *ch_mem(p->rtl, w->src + i);
        uint8_t old = *ch_mem(p->model, w->dst + i);
        ck_assert_msg(*have == old || *have == neu, "%s: DRAM 0x%llx is 0x%02x, neither old 0x%02x nor new 0x%02x",
                      name, (unsigned long long)(w->dst + i), *have, old, neu);
        *have = old;
    }
}

/* Instruction (or set-up) of bad case i on p; returns its description. */
static bad_case make_bad(pair *p, unsigned i, uint32_t *in, old_or_new *w, bool *done)
{
    const tl_core_config *c = &p->rtl->cfg;
    uint32_t part = 1u << c->sbuf_part_log2, bank = 1u << c->psum_bank_log2;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, c->rows, c->cols, 8, 0, 0, 0};
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16, .P = 1, .F = 16,
                  .in_off = 0, .out_off = 256, .scale = 0x3F800000u};
    tl_dma_desc d;
    *done = false;
    switch (i) {
    case 0: /* another engine's opcode */
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"MATMUL in the ACT ring", 2, TL_ISA_ERR_BAD_OPCODE};
    case 1:
        insn_hdr(in, 0x7F, -1, 0, -1, 0);
        return (bad_case){"unknown opcode", 1, TL_ISA_ERR_BAD_OPCODE};
    case 2:
        insn_nop(in, -1, 0, -1, 0);
        in[5] = 1;
        return (bad_case){"reserved bit", 0, TL_ISA_ERR_BAD_RESERVED};
    case 3:
        insn_nop(in, (int)c->sems, 1, -1, 0);
        return (bad_case){"wait semaphore out of range", 1, TL_ISA_ERR_BAD_SEM};
    case 4:
        mm.fw = TL_FMT_INT8;
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"int8 x bf16", 1, TL_ISA_ERR_BAD_FORMAT};
    case 5:
        a.out_fmt = TL_FMT_INT8;
        insn_act(in, -1, 0, -1, 0, &a);
        return (bad_case){"integer activation output", 2, TL_ISA_ERR_BAD_FORMAT};
    case 6:
        mm.load = 0;
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"reuse with no tile loaded", 1, TL_ISA_ERR_BAD_SHAPE};
    case 7:
        mm.M = c->cols + 1;
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"M beyond the array", 1, TL_ISA_ERR_BAD_SHAPE};
    case 8:
        mm.x_off = part - 14;
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"X beyond its partition", 1, TL_ISA_ERR_SBUF_RANGE};
    case 9:
        mm.e0 = bank - 4;
        insn_matmul(in, -1, 0, -1, 0, &mm);
        return (bad_case){"PSUM tile across a bank", 1, TL_ISA_ERR_PSUM_RANGE};
    case 10:
        a.out_off = 32;
        insn_act(in, -1, 0, -1, 0, &a);
        return (bad_case){"output overlaps the input", 2, TL_ISA_ERR_OVERLAP};
    case 11:
        pair_wr(p, CSR(WATCHDOG), 500);
        insn_nop(in, 3, 1, -1, 0);
        return (bad_case){"a wait nothing ends", 1, TL_ISA_ERR_WAIT_TIMEOUT};
    case 12:
        pair_wr(p, CSR_Q(2, SIZE), 3);
        insn_nop(in, -1, 0, -1, 0);
        return (bad_case){"ring size not a power of two", 2, TL_ISA_ERR_FETCH};
    case 13:
        desc_to_chip(&d, CH_DRAM_BASE + CH_DRAM_SIZE - 64, TL_FMT_FP32, 1, 32, 1, c->sbuf_part_log2, 0, 0,
                     TL_FMT_FP32);
        pair_wr(p, CSR(DRAM_LIMIT_LO), (uint32_t)(CH_DRAM_BASE + CH_DRAM_SIZE - 33));
        insn_dma(in, -1, 0, 0, 1, 1, &d);
        return (bad_case){"DMA source leaves the window", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_SRC_WINDOW};
    case 14:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        insn_dma(in, -1, 0, -1, 0, c->dma_queues, &d);
        return (bad_case){"DMA queue out of range", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_QUEUE};
    case 15:
        desc_from_chip(&d, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32, 1, 32, CH_DRAM_BASE + CH_DRAM_SIZE - 64,
                       TL_FMT_FP32, TL_RND_RNE, 0);
        pair_wr(p, CSR(DRAM_LIMIT_LO), (uint32_t)(CH_DRAM_BASE + CH_DRAM_SIZE - 33));
        insn_dma(in, -1, 0, -1, 0, 1, &d);
        return (bad_case){"DMA destination leaves the window", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_DST_WINDOW};
    case 16: /* the second row lands one partition past the last */
        desc_from_chip(&d, 1, c->sbuf_part_log2, c->rows - 1, 0, TL_FMT_FP32, 2, 4, CH_DATA_BASE, TL_FMT_FP32,
                       TL_RND_RNE, 0);
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA source past the last partition", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_SRC_RANGE};
    case 17:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 2, 4, 2, ch_psum_part_log2(c), c->cols - 1, 0, TL_FMT_FP32);
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA destination past the last PSUM partition", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_DST_RANGE};
    case 18:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        d.dst.space = 3;
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA space code 3", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_SPACE};
    case 19:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        d.src.fmt = (tl_fmt)7;
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA format code 7", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_FMT};
    case 20:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        d.src.stride[0] = 6;
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA stride not a multiple of the element", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_STRIDE};
    case 21:
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        d.dst.count[0] = 3;
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        return (bad_case){"DMA element totals differ", 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_COUNT};
    case 22:
    case 23: { /* a read beat in the middle of the source answers an error */
        unsigned resp = i == 22 ? 2 : 3;
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 2, 32, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        pair_fault(p, CH_DATA_BASE + 136, CH_DATA_BASE + 136, false, resp);
        insn_dma(in, -1, 0, -1, 0, 1, &d);
        return (bad_case){resp == 2 ? "DMA read answered SLVERR" : "DMA read answered DECERR", 0,
                          TL_ISA_ERR_DMA + (resp == 2 ? TL_DMA_ERR_RD_SLVERR : TL_DMA_ERR_RD_DECERR)};
    }
    case 24:
    case 25: { /* a write burst of the destination answers an error */
        unsigned resp = i == 24 ? 2 : 3;
        uint64_t dst = CH_DATA_BASE + 4096;
        desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 2, 32, 1, c->sbuf_part_log2, 0, 0, TL_FMT_FP32);
        d.dst = d.src; /* DRAM to DRAM, the same layout */
        d.dst.addr = dst;
        pair_fault(p, dst + 200, dst + 203, true, resp);
        insn_dma(in, -1, 0, -1, 0, 0, &d);
        *w = (old_or_new){dst, CH_DATA_BASE, 2 * 32 * 4};
        return (bad_case){resp == 2 ? "DMA write answered SLVERR" : "DMA write answered DECERR", 0,
                          TL_ISA_ERR_DMA + (resp == 2 ? TL_DMA_ERR_WR_SLVERR : TL_DMA_ERR_WR_DECERR)};
    }
    default:
        *done = true;
        return (bad_case){0};
    }
}

START_TEST(invalid_programs)
{
    tl_core_config cfg = build_cfg();
    unsigned n = 0;
    uint64_t ops = 0;
    for (unsigned i = 0;; i++) {
        pair p = pair_create(&cfg, 100 + i);
        pair_wr(&p, CSR(IRQ_ENABLE), 7);
        tl_insn in, nop;
        bool done;
        old_or_new w = {0};
        bad_case b = make_bad(&p, i, in, &w, &done);
        if (done) {
            pair_free(&p);
            break;
        }
        insn_nop(nop, -1, 0, 0, 1);
        pair_push(&p, b.engine, in);
        pair_push(&p, b.engine, nop);
        pair_run(&p);
        accept_old_or_new(&p, b.name, &w);
        compare(p.rtl, p.model, i, b.name);
        uint32_t code = ch_rd(p.rtl, CSR(ERR_CODE));
        ck_assert_msg(code == b.code, "%s: ERR_CODE %u (%s), want %u (%s)", b.name, code, tl_isa_strerror(code),
                      b.code, tl_isa_strerror(b.code));
        ck_assert_msg(ch_rd(p.rtl, CSR_SEM(0)) == 0, "%s: the NOP after it ran", b.name);
        ck_assert(core_rtl_irq(ch_rtl(p.rtl)));

        /* recover: faults gone, window and ring size back, clear, reset the ring, a valid program */
        pair_no_faults(&p);
        uint64_t last = CH_DRAM_BASE + CH_DRAM_SIZE - 1;
        pair_wr(&p, CSR(DRAM_LIMIT_LO), (uint32_t)last);
        pair_wr(&p, CSR_Q(2, SIZE), CH_RING_SLOTS);
        pair_wr(&p, CSR(WATCHDOG), 1u << 24);
        pair_wr(&p, CSR_Q(b.engine, CTRL), TRNLITE_CSR__QX__CTRL__RESET_bm);
        p.model->tail[b.engine] = p.rtl->tail[b.engine] = 0;
        for (unsigned s = 0; s < cfg.sems; s++)
            pair_wr(&p, CSR_SEM(s), 0);
        pair_wr(&p, CSR(ERR_CLEAR), 1);
        pair_wr(&p, CSR(IRQ_STATUS), 7);
        ck_assert_uint_eq(ch_rd(p.rtl, CSR(ERR_CODE)), 0);
        ck_assert_uint_eq(ch_rd(p.rtl, CSR(ERR_ENGINE)), 0);
        ck_assert_msg(!core_rtl_irq(ch_rtl(p.rtl)) && !tl_core_irq(p.model->core), "%s: irq after recovery", b.name);
        pair_program(&p, 1000 + i, &ops);
        pair_free(&p);
        n++;
    }
    printf("%u invalid-program kinds: same error record as the model, then a correct program\n", n);
}
END_TEST

/* Every ACTIVATE format pair (6 inputs x 5 outputs), SBUF to SBUF over
 * all partitions, on random input bits (NaN, Inf, subnormals included),
 * with the function, rounding and saturation taking turns: the random
 * programs draw pairs by chance, this makes sure each one runs. */
START_TEST(activate_every_format_pair)
{
    static const unsigned in_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16,
                                       TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
    static const unsigned out_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
    tl_core_config cfg = build_cfg();
    pair p = pair_create(&cfg, 400);
    tl_rng r = {400};
    const uint32_t F = 16, in_bytes = 4 * F;
    for (uint32_t i = 0; i < cfg.rows * in_bytes; i++)
        *ch_mem(p.model, CH_DATA_BASE + i) = *ch_mem(p.rtl, CH_DATA_BASE + i) = (uint8_t)tl_rng_u32(&r);
    clear_onchip(p.model);
    clear_onchip(p.rtl);
    tl_dma_desc d;
    tl_insn in;
    desc_to_chip(&d, CH_DATA_BASE, TL_FMT_INT8, cfg.rows, in_bytes, 1, cfg.sbuf_part_log2, 0, 0, TL_FMT_INT8);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    pair_push(&p, 0, in);
    pair_run(&p);
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof in_fmts / sizeof in_fmts[0]; i++)
        for (unsigned o = 0; o < sizeof out_fmts / sizeof out_fmts[0]; o++, n++) {
            act_args a = {.in_space = 1, .in_fmt = in_fmts[i], .out_space = 1, .out_fmt = out_fmts[o],
                          .round = n & 1, .sat = (n >> 1) & 1, .func = (n >> 2) & 1, .P = cfg.rows, .F = F,
                          .in_off = 0, .out_off = 1024, .scale = 0x3FC00000u /* 1.5 */, .bias = 0xBF000000u,
                          .seed = tl_rng_u32(&r), .cbase = tl_rng_u32(&r), .csp = F, .csf = 1};
            insn_act(in, -1, 0, -1, 0, &a);
            pair_push(&p, 2, in);
            pair_run(&p);
            ck_assert_msg(ch_rd(p.rtl, CSR(ERR_CODE)) == 0, "ACTIVATE pair %u: error %s", n,
                          tl_isa_strerror(ch_rd(p.rtl, CSR(ERR_CODE))));
            dump_onchip(p.model);
            dump_onchip(p.rtl);
            compare(p.rtl, p.model, n, "ACTIVATE format pair");
        }
    pair_free(&p);
    printf("%u ACTIVATE format pairs: bit-exact\n", n);
}
END_TEST

/* ---- every cross ---------------------------------------------------------- */

/* The points of xcov.h that the core makes, in xcov_each's order. */
typedef struct {
    xcov_point *p;
    unsigned n, cap;
} xlist;

static void xlist_add(void *u, const xcov_point *p)
{
    xlist *l = u;
    if (p->kind == XCOV_DMA && !p->core)
        return; /* the DMA engine alone: test_dma */
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->p = realloc(l->p, l->cap * sizeof *l->p);
        ck_assert_ptr_nonnull(l->p);
    }
    l->p[l->n++] = *p;
}

/* Spread each kind over the walk, keeping its own order (a MATMUL that
 * reuses the W tile still follows its load): the engines then share every
 * batch, and no batch runs out of PSUM slots while SBUF has room. */
static double xkey(const xlist *l, unsigned k, const unsigned *count, unsigned *seen)
{
    unsigned kind = l->p[k].kind;
    return (seen[kind]++ + 0.5) / count[kind];
}

typedef struct {
    double key;
    unsigned k;
} xorder;

static int xorder_cmp(const void *a, const void *b)
{
    const xorder *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (int)x->k - (int)y->k;
}

static void xinterleave(xlist *l)
{
    unsigned count[XCOV_KINDS] = {0}, seen[XCOV_KINDS] = {0};
    for (unsigned k = 0; k < l->n; k++)
        count[l->p[k].kind]++;
    xorder *o = malloc(l->n * sizeof *o);
    xcov_point *p = malloc(l->n * sizeof *p);
    ck_assert(o && p);
    for (unsigned k = 0; k < l->n; k++)
        o[k] = (xorder){xkey(l, k, count, seen), k};
    qsort(o, l->n, sizeof *o, xorder_cmp);
    for (unsigned k = 0; k < l->n; k++)
        p[k] = l->p[o[k].k];
    free(l->p);
    free(o);
    l->p = p;
}

/* Inputs and outputs of every_cross, per partition: SBUF a at byte 0 and
 * b at XB (random bits), outputs in slots of XF elements from XOUT; PSUM a
 * at entry 0 and b at entry XF (random fp32 bits), outputs in slots of XF
 * entries from entry 2*XF. DMA sources in DRAM at XDMA. */
#define XF 4u
#define XB 128u
#define XOUT (2 * XB)
#define XDMA (CH_DATA_BASE + (64u << 10))

typedef struct {
    pair *p;
    uint32_t sbuf_next, psum_next, sbuf_end, psum_end; /* next free slot, end */
    unsigned batch, insns, counted;
} xrun;

/* Run what is queued, compare SBUF, PSUM, DRAM and the error record with
 * the model, count the crosses; every slot is free again. */
static void xflush(xrun *x)
{
    if (!x->insns)
        return;
    pair_run(x->p);
    ck_assert_msg(ch_rd(x->p->rtl, CSR(ERR_CODE)) == 0, "every_cross batch %u: error %s", x->batch,
                  tl_isa_strerror(ch_rd(x->p->rtl, CSR(ERR_CODE))));
    dump_onchip(x->p->model);
    dump_onchip(x->p->rtl);
    compare(x->p->rtl, x->p->model, x->batch, "every_cross batch, SBUF and PSUM copied out");
    /* the batch, and the two copies out; the first batch also the loads of the inputs */
    unsigned counted = ch_xcov_commit(x->p->rtl);
    ck_assert_msg(counted >= x->insns + 2, "every_cross batch %u: %u of %u instructions counted", x->batch, counted,
                  x->insns + 2);
    x->counted += counted;
    x->sbuf_next = XOUT;
    x->psum_next = 2 * XF;
    x->insns = 0;
    x->batch++;
}

/* An output slot in space (1 SBUF: byte offset; 2 PSUM: entry), flushing
 * first when that space has none left. */
static uint32_t xslot(xrun *x, unsigned space)
{
    bool psum = space == TL_ISA_SPACE_PSUM;
    uint32_t *next = psum ? &x->psum_next : &x->sbuf_next, size = psum ? XF : 4 * XF;
    if (*next + size > (psum ? x->psum_end : x->sbuf_end))
        xflush(x);
    uint32_t at = *next;
    *next += size;
    return at;
}

/* The input tile of a space: a (i = 0) or b (i = 1). */
static uint32_t xin(unsigned space, unsigned i) { return space == TL_ISA_SPACE_PSUM ? i * XF : i * XB; }

/* Every legal cross of xcov.h the core makes (DMA, MATMUL, ACTIVATE,
 * ELEMWISE: format pair x rounding x saturation, MATMUL load / reuse x
 * overwrite / accumulate), each once, on random input bits (NaN, Inf and
 * subnormals included) and scales that push FP8 past its range. In
 * batches: the engines run a batch, SBUF and PSUM are copied out and
 * compared with the model, and the batch's crosses are counted. */
START_TEST(every_cross)
{
    static const uint32_t scales[] = {0x3FC00000u /* 1.5 */, 0x43E00000u /* 448 */, 0xBF400000u /* -0.75 */,
                                      0x35800000u /* 2^-20 */};
    static const uint32_t biases[] = {0xBF000000u /* -0.5 */, 0, 0x47000000u /* 32768 */};
    tl_core_config cfg = build_cfg();
    pair p = pair_create(&cfg, 500);
    tl_rng r = {500};
    xlist l = {0};
    unsigned total = xcov_each(~0u, xlist_add, &l);
    xinterleave(&l);
    const unsigned P = cfg.rows < cfg.cols ? cfg.rows : cfg.cols, plg = ch_psum_part_log2(&cfg);
    const uint32_t part = 1u << cfg.sbuf_part_log2, bank = 1u << cfg.psum_bank_log2;
    /* random bits: the SBUF inputs [0, 2*XB) and PSUM inputs [0, 2*XF) of
     * every partition, loaded from CH_DATA_BASE, and the DMA sources */
    for (uint32_t i = 0; i < XDMA - CH_DATA_BASE + 64 * 512; i++)
        *ch_mem(p.model, CH_DATA_BASE + i) = *ch_mem(p.rtl, CH_DATA_BASE + i) = (uint8_t)tl_rng_u32(&r);
    clear_onchip(p.model);
    clear_onchip(p.rtl);
    tl_dma_desc d;
    tl_insn in;
    desc_to_chip(&d, CH_DATA_BASE, TL_FMT_INT8, cfg.rows, 2 * XB, 1, cfg.sbuf_part_log2, 0, 0, TL_FMT_INT8);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    pair_push(&p, 0, in);
    desc_to_chip(&d, CH_DATA_BASE + cfg.rows * 2 * XB, TL_FMT_FP32, cfg.cols, 2 * XF, 2, plg, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, -1, 0, 1, &d);
    pair_push(&p, 0, in);
    pair_run(&p);
    xrun x = {&p, XOUT, 2 * XF, part, cfg.psum_banks * bank, 0, 0, 0};
    uint64_t t0 = core_rtl_now(ch_rtl(p.rtl));
    unsigned kinds[XCOV_KINDS] = {0};
    for (unsigned k = 0; k < l.n; k++) {
        const xcov_point *c = &l.p[k];
        uint32_t seed = tl_rng_u32(&r), cbase = tl_rng_u32(&r);
        unsigned e = 2;
        switch (c->kind) {
        case XCOV_DMA: /* DRAM (random bits, 64 sources of 512 bytes) to an SBUF slot */
            desc_to_chip(&d, XDMA + (uint64_t)(k % 64) * 512, c->fmt_a, cfg.rows, XF, 1, cfg.sbuf_part_log2, 0,
                         xslot(&x, TL_ISA_SPACE_SBUF), c->fmt_out);
            d.round = c->round;
            d.saturate = c->sat;
            d.seed = seed;
            d.cbase = cbase;
            insn_dma(in, -1, 0, -1, 0, k % cfg.dma_queues, &d);
            e = 0;
            break;
        case XCOV_MATMUL: { /* W from a, X from b; the reuses follow their load (xcov_each's order) */
            mm_args mm = {c->fmt_a, c->fmt_b, c->start, c->load, cfg.rows, cfg.cols, XF, 0, XB, 0};
            mm.e0 = xslot(&x, TL_ISA_SPACE_PSUM);
            insn_matmul(in, -1, 0, -1, 0, &mm);
            e = 1;
            break;
        }
        case XCOV_ACTIVATE: {
            act_args a = {.in_space = c->space_a, .in_fmt = c->fmt_a, .out_space = c->space_out,
                          .out_fmt = c->fmt_out, .round = c->round, .sat = c->sat, .func = c->fn, .P = P, .F = XF,
                          .in_off = xin(c->space_a, 0), .out_off = xslot(&x, c->space_out),
                          .scale = scales[k % 4], .bias = biases[k % 3], .seed = seed, .cbase = cbase,
                          .csp = XF, .csf = 1};
            insn_act(in, -1, 0, -1, 0, &a);
            break;
        }
        default: {
            ew_args a = {.a_space = c->space_a, .a_fmt = c->fmt_a, .b_space = c->space_b, .b_fmt = c->fmt_b,
                         .out_space = c->space_out, .out_fmt = c->fmt_out, .round = c->round, .sat = c->sat,
                         .op = c->fn, .P = P, .F = XF, .a_off = xin(c->space_a, 0), .b_off = xin(c->space_b, 1),
                         .out_off = xslot(&x, c->space_out), .seed = seed, .cbase = cbase, .csp = XF, .csf = 1};
            insn_ew(in, -1, 0, -1, 0, &a);
            break;
        }
        }
        /* the instruction must make the point it stands for */
        xcov_point got;
        char want[XCOV_NAME_MAX], have[XCOV_NAME_MAX];
        ck_assert(xcov_from_insn(in, &got));
        ck_assert_str_eq(xcov_name(&got, have), xcov_name(c, want));
        pair_push(&p, e, in);
        kinds[c->kind]++;
        x.insns++;
    }
    xflush(&x);
    uint64_t cycles = core_rtl_now(ch_rtl(p.rtl)) - t0;
    pair_free(&p);
    free(l.p);
    printf("%u crosses on the %ux%u core (DMA %u, MATMUL %u, ACTIVATE %u, ELEMWISE %u; %u with the DMA engine's "
           "own) in %u batches, %llu cycles: bit-exact, %u instructions counted\n",
           l.n, cfg.rows, cfg.cols, kinds[XCOV_DMA], kinds[XCOV_MATMUL], kinds[XCOV_ACTIVATE], kinds[XCOV_ELEMWISE],
           total, x.batch, (unsigned long long)cycles, x.counted);
}
END_TEST

START_TEST(reset_mid_program)
{
    tl_core_config cfg = build_cfg();
    uint64_t ops = 0;
    for (unsigned i = 0; i < 6; i++) {
        pair p = pair_create(&cfg, 200 + i);
        core_prog prog;
        core_prog_gen_cfg(&prog, 2000 + i, &cfg);
        core_prog_load(&prog, p.model);
        core_prog_load(&prog, p.rtl);
        ch_run(p.model);
        core_rtl_clock(ch_rtl(p.rtl), 100 + 150 * i); /* part of the program */
        core_prog_free(&prog);
        pair_wr(&p, CSR(CTRL), TRNLITE_CSR__CTRL__SOFT_RESET_bm);
        /* the soft reset drains the bus, then clears the rings and RUN */
        for (unsigned t = 0; ch_rd(p.rtl, CSR(STATUS)) & TRNLITE_CSR__STATUS__BUSY_bm; t++)
            ck_assert_msg(t < 100000, "soft reset %u: still busy", i);
        for (unsigned e = 0; e < 3; e++) {
            ck_assert_uint_eq(ch_rd(p.rtl, CSR_Q(e, HEAD)), 0);
            ck_assert_uint_eq(ch_rd(p.rtl, CSR_Q(e, TAIL)), 0);
            p.model->tail[e] = p.rtl->tail[e] = 0;
        }
        ck_assert_uint_eq(ch_rd(p.rtl, CSR(CTRL)) & TRNLITE_CSR__CTRL__RUN_bm, 0);
        ck_assert_uint_eq(ch_rd(p.rtl, CSR(ERR_CODE)), 0);
        const char *first;
        ck_assert_msg(core_rtl_violations(ch_rtl(p.rtl), &first) == 0, "soft reset: %s", first);
        /* the same DRAM image on both, then a second program */
        memcpy(p.rtl->dram, p.model->dram, CH_DRAM_SIZE);
        pair_wr(&p, CSR(PERF_CTRL), TRNLITE_CSR__PERF_CTRL__CLEAR_bm); /* the first program's counts differ */
        pair_wr(&p, CSR(CTRL), TRNLITE_CSR__CTRL__RUN_bm);
        pair_program(&p, 3000 + i, &ops);
        pair_free(&p);
    }
}
END_TEST

/* Power-up values are invisible: the same program with the same DRAM
 * timing, on cores whose every flip-flop and memory starts from different
 * random values (Verilator randReset(2) with 3 seeds; the xprop build also
 * randomizes every X the RTL assigns), must give the model's bits and the
 * same outputs in every cycle (core_rtl_out_hash). */
START_TEST(powerup_values_invisible)
{
    tl_core_config cfg = build_cfg();
    uint64_t ops = 0;
    const unsigned programs = 4;
    static const uint32_t pu[] = {1, 0x9E3779B9u, 0x7FFFFFFEu};
    for (unsigned i = 0; i < programs; i++) {
        uint64_t seed = tl_test_seed(1) * 1000003ull + 700 + i, h0 = 0;
        for (unsigned k = 0; k < 3; k++) {
            core_rtl_opts o = rtl_opts(seed);
            o.powerup_seed = pu[k] + (uint32_t)i;
            pair p = {ch_create(&cfg), ch_create_rtl(&cfg, &o)};
            pair_program(&p, seed, &ops);
            uint64_t h = core_rtl_out_hash(ch_rtl(p.rtl));
            pair_free(&p);
            if (k == 0)
                h0 = h;
            ck_assert_msg(h == h0, "program seed %llu: outputs with power-up seed 0x%x differ from those with 0x%x",
                          (unsigned long long)seed, pu[k] + (uint32_t)i, pu[0] + (uint32_t)i);
        }
    }
    printf("%u programs x 3 power-up seeds: bit-exact and the same outputs in every cycle\n", programs);
}
END_TEST

/* After a hard reset and RESET_SETTLE quiet cycles: every CSR the RTL
 * answers reads as in a freshly created C model (PERF_CYCLES: at most the
 * cycles since the reset). Returns the number of CSRs compared. */
#define RESET_SETTLE 200u
static unsigned expect_reset_csrs(core_rtl *rt, const tl_core_config *cfg, unsigned i, uint64_t when)
{
    unsigned compared = 0;
    uint64_t t0 = core_rtl_now(rt);
    tl_core *fresh;
    ck_assert_int_eq(tl_core_create(cfg, &fresh), TL_CORE_OK);
    for (uint32_t off = 0; off < 0x1000; off += 4) {
        uint32_t v;
        if (core_rtl_csr_read(rt, off, &v) != CORE_RTL_OK)
            continue;
        if (off == CSR(PERF_CYCLES.LO) || off == CSR(PERF_CYCLES.HI)) {
            ck_assert_msg(off == CSR(PERF_CYCLES.HI) ? v == 0 : v <= core_rtl_now(rt) - t0 + RESET_SETTLE,
                          "reset %u: PERF_CYCLES word 0x%x after reset", i, v);
            continue;
        }
        uint32_t want = tl_core_csr_read32(fresh, off);
        ck_assert_msg(v == want, "reset %u (in cycle %llu): CSR 0x%03x reads 0x%x, reset value 0x%x", i,
                      (unsigned long long)when, off, v, want);
        compared++;
    }
    tl_core_free(fresh);
    return compared;
}

/* Hard reset anywhere: a random program on the RTL, rst for 1..3 cycles
 * at a random cycle (the DRAM model drops the bursts in flight). Then:
 * 200 cycles with no AXI VALID; every CSR the RTL answers reads as in a
 * freshly created C model (PERF_CYCLES at most the cycles since the
 * reset); the host sets the core up again and a fresh program, run on the
 * RTL and on a model given the same DRAM image, is bit-exact. */
START_TEST(hard_reset_anywhere)
{
    tl_core_config cfg = build_cfg();
    tl_rng r = {tl_test_seed(1) * 0x2545F4914F6CDD1Dull + 99};
    const unsigned n = 12 * tl_test_seeds(1);
    unsigned busy = 0, mid = 0, compared = 0;
    uint64_t ops = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t seed = tl_test_seed(1) * 1000003ull + 400 + i;
        pair p = pair_create(&cfg, seed);
        core_rtl *rt = ch_rtl(p.rtl);
        axi_mem *mem = core_rtl_mem(rt);
        core_prog prog;
        core_prog_gen_cfg(&prog, seed + 7, &cfg);
        core_prog_load(&prog, p.rtl);
        core_prog_free(&prog);
        unsigned when = 1 + tl_rng_below(&r, i % 2 ? 300 : 2500);
        core_rtl_clock(rt, when);
        /* every other reset waits for a burst part-way (if one comes) */
        for (unsigned t = 0; i % 2 && t < 2000 && !axi_mem_mid_burst(mem); t++, when++)
            core_rtl_clock(rt, 1);
        busy += !axi_mem_idle(mem);
        mid += axi_mem_mid_burst(mem);
        core_rtl_reset(rt, 1 + tl_rng_below(&r, 3));
        axi_mem_clear_stats(mem);
        core_rtl_clock(rt, RESET_SETTLE);
        ck_assert_msg(axi_mem_get_stats(mem)->master_valid_cycles == 0,
                      "reset %u (after %u cycles): %llu cycles with an AXI VALID after it", i, when,
                      (unsigned long long)axi_mem_get_stats(mem)->master_valid_cycles);
        const char *first;
        ck_assert_msg(core_rtl_violations(rt, &first) == 0, "reset %u: %s", i, first);
        ck_assert(!core_rtl_irq(rt));
        compared += expect_reset_csrs(rt, &cfg, i, when);
        /* set up again; a fresh program on the DRAM the reset left */
        ch_setup(p.rtl);
        for (unsigned e = 0; e < 3; e++)
            p.rtl->tail[e] = 0;
        ch_free(p.model);
        p.model = ch_create(&cfg);
        memcpy(p.model->dram, p.rtl->dram, CH_DRAM_SIZE);
        pair_program(&p, seed + 11, &ops);
        pair_free(&p);
    }
    printf("%u hard resets (%u with AXI bursts open, %u part-way through a burst): bus quiet, %u CSR reads at "
           "their reset values, the next program bit-exact\n",
           n, busy, mid, compared);
    ck_assert_uint_ge(mid, n / 3);
}
END_TEST

/* The cycles of the first RC_MAX instruction completions of each engine
 * (0 DMA: a descriptor's completion on the trace port; 1 TE, 2 ACT: the
 * port's done bits). */
#define RC_MAX 2u
typedef struct {
    uint64_t at[3][RC_MAX];
    unsigned n[3];
} done_cycles;

static void note_done(void *u, uint64_t cycle, const core_trace_port *p)
{
    done_cycles *d = u;
    for (unsigned e = 0; e < 3; e++) {
        bool done = e == 0 ? p->dma_done != 0 : (p->done >> e & 1u);
        if (done && d->n[e] < RC_MAX)
            d->at[e][d->n[e]++] = cycle;
    }
}

/* A one-cycle hard reset in each of the cycles around an instruction's
 * completion, when the command processor applies it (its counter
 * increments, its semaphore): afterwards every CSR is at its reset value.
 * The regression case of a bug hard_reset_anywhere found once, by chance
 * of timing (an ACTIVATE's element count applied in the one reset cycle
 * landed in PERF_ACT_ELEMS after it); here the reset is placed, not drawn.
 * The same program and power-up seed run once to find the completions,
 * then once per reset cycle. */
START_TEST(one_cycle_reset_at_completions)
{
    tl_core_config cfg = build_cfg();
    uint64_t seed = tl_test_seed(1) * 1000003ull + 900;
    core_prog prog;
    done_cycles d;
    unsigned tries = 0;
    for (;; seed++, tries++) {   /* a program in which every engine completes twice */
        ck_assert_uint_lt(tries, 20);
        memset(&d, 0, sizeof d);
        core_prog_gen_cfg(&prog, seed, &cfg);
        pair p = pair_create(&cfg, seed);
        core_prog_load(&prog, p.rtl);
        core_rtl_set_trace(ch_rtl(p.rtl), note_done, &d);
        core_rtl_clock(ch_rtl(p.rtl), 20000);
        core_rtl_set_trace(ch_rtl(p.rtl), NULL, NULL);
        pair_free(&p);
        if (d.n[0] == RC_MAX && d.n[1] == RC_MAX && d.n[2] == RC_MAX)
            break;
        core_prog_free(&prog);
    }
    unsigned runs = 0, compared = 0;
    for (unsigned e = 0; e < 3; e++)
        for (unsigned j = 0; j < RC_MAX; j++)
            for (unsigned off = 0; off < 6; off++) {
                pair p = pair_create(&cfg, seed);
                core_rtl *rt = ch_rtl(p.rtl);
                core_prog_load(&prog, p.rtl);
                uint64_t at = d.at[e][j] + off;
                ck_assert_uint_le(core_rtl_now(rt), at);
                core_rtl_clock(rt, at - core_rtl_now(rt));
                core_rtl_reset(rt, 1);
                core_rtl_clock(rt, RESET_SETTLE);
                compared += expect_reset_csrs(rt, &cfg, runs, at);
                pair_free(&p);
                runs++;
            }
    core_prog_free(&prog);
    printf("%u one-cycle resets at the completions of program seed %llu (DMA, TE, ACT, %u each): %u CSR reads at "
           "their reset values\n", runs, (unsigned long long)seed, runs / 3, compared);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_rtl");
    TCase *tc = tcase_create("rtl");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, random_programs);
    tcase_add_test(tc, invalid_programs);
    tcase_add_test(tc, activate_every_format_pair);
    tcase_add_test(tc, reset_mid_program);
    tcase_add_test(tc, hard_reset_anywhere);
    tcase_add_test(tc, one_cycle_reset_at_completions);
    tcase_add_test(tc, powerup_values_invisible);
    suite_add_tcase(s, tc);
    /* its own case: CK_RUN_CASE=cross runs it alone (a coverage run of the crosses) */
    TCase *tx = tcase_create("cross");
    tcase_set_timeout(tx, 900);
    tcase_add_test(tx, every_cross);
    suite_add_tcase(s, tx);
    return tl_test_main(argv[0], s);
}
