/*
 * make sim: the main demo. Programs for the whole trnlite core run on the
 * Verilated RTL (trnlite_core, 16 x 16, DRAM behind an AXI memory model
 * with 100 cycles of latency) and on the whole-core C model; the DRAM
 * after each program is compared bit for bit.
 *
 * A program is what a driver would write into the three rings: DMA loads
 * of A^T and B tiles from DRAM into SBUF (two DMA queues), one MATMUL per
 * K tile accumulating in a PSUM bank per block of COLS output rows, then
 * either a DMA store from PSUM to DRAM converting fp32 to the output
 * format (RNE or SR), or, for the MLP layer, ACTIVATE (per-row bias,
 * ReLU, bf16) from PSUM into SBUF and a DMA store. Semaphores order the
 * engines: the tensor engine starts on K tile 0 as soon as its two loads
 * have landed, while the DMA still loads the rest.
 *
 * One line per program: shape, formats, cycles, tensor-engine utilization
 * (MACs / (cycles * ROWS * COLS)), DMA bus efficiency (DMA data beats /
 * cycles the DMA was busy), "bit-exact vs C model". Then the simulation
 * speed. Exits non-zero on any mismatch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core_harness_rtl.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

enum { SEM_AT = 0, SEM_B = 1, SEM_MM = 2, SEM_ACT = 3, SEM_OUT = 4, SEM_BIAS = 5 };

typedef struct {
    const char *label;
    unsigned M, K, N;
    unsigned fa, fb;       /* A (stationary, as A^T) and B (moving) formats */
    unsigned fo, round;    /* output format and rounding of the store */
    bool mlp;              /* bias + ReLU on the activation engine, bf16 out */
} sim_prog;

typedef struct {
    uint64_t at, b, bias, out;   /* DRAM addresses */
    uint32_t s_at, s_b, s_bias, s_out; /* SBUF offsets */
    unsigned kt, mb;             /* K tiles, blocks of COLS rows */
    unsigned insns;
} layout;

/* Gaussian-ish value: sum of uniforms, mean 0, variance 1. */
static double randn(tl_rng *r)
{
    double s = 0;
    for (int i = 0; i < 12; i++)
        s += (double)tl_rng_u32(r) / 4294967296.0;
    return s - 6.0;
}

/* n random values in fmt (RNE from fp32) at p. */
static void fill(uint8_t *p, size_t n, unsigned fmt, tl_rng *r)
{
    tl_convert_opts o = {.mode = TL_RND_RNE, .saturate = true};
    unsigned es = tl_dma_esize(fmt);
    for (size_t i = 0; i < n; i++) {
        float f = (float)randn(r);
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        st_le(p + i * es, es, fmt == TL_FMT_FP32 ? b : tl_convert(TL_FMT_FP32, fmt, b, &o, (uint32_t)i));
    }
}

static void push(ch *h, unsigned e, const uint32_t *in, layout *L)
{
    ch_push(h, e, in);
    L->insns++;
}

/* The program of s into the rings of h (data already in DRAM). */
static void build(ch *h, const sim_prog *s, layout *L)
{
    const tl_core_config *c = &h->cfg;
    unsigned R = c->rows, C = c->cols, lg = c->sbuf_part_log2;
    unsigned ea = tl_dma_esize(s->fa), eb = tl_dma_esize(s->fb);
    uint32_t bank = 1u << c->psum_bank_log2;
    tl_dma_desc d;
    tl_insn in;

    /* loads: K tile t of A^T (rows t*R.., all M columns) and of B */
    for (unsigned t = 0; t < L->kt; t++) {
        unsigned rows = s->K - t * R < R ? s->K - t * R : R;
        desc_to_chip(&d, L->at + (uint64_t)t * R * s->M * ea, s->fa, rows, s->M, 1, lg, 0,
                     L->s_at + t * s->M * ea, s->fa);
        insn_dma(in, -1, 0, SEM_AT, 1, 0, &d);
        push(h, 0, in, L);
        desc_to_chip(&d, L->b + (uint64_t)t * R * s->N * eb, s->fb, rows, s->N, 1, lg, 0,
                     L->s_b + t * s->N * eb, s->fb);
        insn_dma(in, -1, 0, SEM_B, 1, 1, &d);
        push(h, 0, in, L);
    }
    if (s->mlp)
        for (unsigned b = 0; b < L->mb; b++) { /* bias of rows b*C.. into partitions 0..C-1 */
            unsigned rows = s->M - b * C < C ? s->M - b * C : C;
            desc_to_chip(&d, L->bias + 4ull * b * C, TL_FMT_FP32, rows, 1, 1, lg, 0, L->s_bias + 4 * b,
                         TL_FMT_FP32);
            insn_dma(in, -1, 0, SEM_BIAS, 1, 2, &d);
            push(h, 0, in, L);
        }

    /* matmuls: block b of output rows accumulates over the K tiles */
    for (unsigned b = 0; b < L->mb; b++) {
        unsigned cols = s->M - b * C < C ? s->M - b * C : C;
        for (unsigned t = 0; t < L->kt; t++) {
            unsigned rows = s->K - t * R < R ? s->K - t * R : R;
            mm_args a = {s->fa, s->fb, t == 0, 1, rows, cols, s->N, L->s_at + t * s->M * ea + b * C * ea,
                         L->s_b + t * s->N * eb, (b % c->psum_banks) * bank};
            if (b == 0) {
                insn_nop(in, SEM_AT, t + 1, -1, 0);
                push(h, 1, in, L);
            }
            bool last = t + 1 == L->kt;
            insn_matmul(in, b == 0 ? SEM_B : -1, t + 1, last ? SEM_MM : -1, 1, &a);
            push(h, 1, in, L);
        }
    }

    /* results: PSUM -> DRAM (converted), or bias + ReLU -> SBUF bf16 -> DRAM */
    for (unsigned b = 0; b < L->mb; b++) {
        unsigned rows = s->M - b * C < C ? s->M - b * C : C;
        uint32_t e0 = (b % c->psum_banks) * bank;
        uint64_t dst = L->out + (uint64_t)b * C * s->N * tl_dma_esize(s->fo);
        uint32_t s_out = L->s_out + b * s->N * tl_dma_esize(s->fo); /* a tile per block: no reuse race */
        if (s->mlp) {
            if (b == 0) {
                insn_nop(in, SEM_BIAS, L->mb, -1, 0);
                push(h, 2, in, L);
            }
            act_args a = {.in_space = 2, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = s->fo,
                          .round = s->round, .func = 1, .bias_pp = 1, .P = rows, .F = s->N,
                          .in_off = e0, .out_off = s_out, .scale = 0x3F800000u, .bias = L->s_bias + 4 * b,
                          .seed = 7, .csp = s->N, .csf = 1, .cbase = b * C * s->N};
            insn_act(in, SEM_MM, b + 1, SEM_ACT, 1, &a);
            push(h, 2, in, L);
            desc_from_chip(&d, 1, c->sbuf_part_log2, 0, s_out, s->fo, rows, s->N, dst, s->fo, 0, 0);
            insn_dma(in, SEM_ACT, b + 1, SEM_OUT, 1, 2, &d);
        } else {
            desc_from_chip(&d, 2, ch_psum_part_log2(c), 0, e0, TL_FMT_FP32, rows, s->N, dst, s->fo, s->round,
                           0x5EED + b);
            insn_dma(in, SEM_MM, b + 1, SEM_OUT, 1, 2, &d);
        }
        push(h, 0, in, L);
    }
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t rd64(ch *h, uint32_t off) { return ch_rd(h, off) | (uint64_t)ch_rd(h, off + 4) << 32; }

static const char *fmt_name(unsigned f)
{
    static const char *n[] = {"fp32", "bf16", "fp16", "e4m3", "e5m2", "int8", "int32", "?"};
    return n[f & 7];
}

START_TEST(demo)
{
    static const sim_prog progs[] = {
        {"GEMM", 64, 128, 256, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32, 0, false},
        {"GEMM", 64, 128, 256, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_BF16, 0, false},
        {"GEMM", 64, 128, 256, TL_FMT_E4M3, TL_FMT_E4M3, TL_FMT_FP32, 0, false},
        {"GEMM", 64, 128, 256, TL_FMT_E5M2, TL_FMT_E4M3, TL_FMT_E4M3, 1, false},
        {"GEMM", 64, 128, 256, TL_FMT_E4M3, TL_FMT_E4M3, TL_FMT_BF16, 1, false},
        {"MLP layer", 64, 128, 256, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_BF16, 0, true},
    };
    core_rtl_opts o = {.latency = 100, .wave = tl_test_trace() ? tl_test_wave_path("sim_core") : NULL};
    tl_rng rng = {tl_test_seed(2026)};
    unsigned bad = 0;
    uint64_t sim_cycles = 0;
    double sim_time = 0;

    printf("trnlite sim: programs on the whole core (Verilator RTL, DRAM latency 100 cycles),\n"
           "each also run on the whole-core C model; DRAM compared bit for bit.\n\n");
    printf("%-10s %-16s %-22s %9s %7s %8s  %s\n", "program", "M x K x N", "formats (A B -> out)", "cycles",
           "TE util", "DMA bus", "bit-exact vs C model");
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        const sim_prog *s = &progs[i];
        ch *rtl = ch_create_rtl(NULL, &o);
        ch *model = ch_create(&rtl->cfg);
        const tl_core_config *c = &rtl->cfg;
        layout L = {0};
        L.kt = (s->K + c->rows - 1) / c->rows;
        L.mb = (s->M + c->cols - 1) / c->cols;
        ck_assert_msg(L.mb <= c->psum_banks, "the demo keeps each block of rows in its own PSUM bank");
        L.at = CH_DATA_BASE;
        L.b = L.at + (uint64_t)s->K * s->M * tl_dma_esize(s->fa);
        L.bias = L.b + (uint64_t)s->K * s->N * tl_dma_esize(s->fb);
        L.out = (L.bias + 4ull * s->M + 127) & ~127ull;
        L.s_at = 0;
        L.s_b = (L.kt * s->M * tl_dma_esize(s->fa) + 127) & ~127u;
        L.s_bias = L.s_b + ((L.kt * s->N * tl_dma_esize(s->fb) + 127) & ~127u);
        L.s_out = L.s_bias + 128;
        fill(ch_mem(rtl, L.at), (size_t)s->K * s->M, s->fa, &rng);
        fill(ch_mem(rtl, L.b), (size_t)s->K * s->N, s->fb, &rng);
        fill(ch_mem(rtl, L.bias), s->M, TL_FMT_FP32, &rng);
        memcpy(ch_mem(model, L.at), ch_mem(rtl, L.at), L.out - L.at);
        build(rtl, s, &L);
        build(model, s, &L);

        double t0 = now_s();
        uint64_t cycles = ch_run(rtl);
        sim_time += now_s() - t0;
        sim_cycles += cycles;
        ch_run(model);

        size_t out_bytes = (size_t)s->M * s->N * tl_dma_esize(s->fo);
        bool same = memcmp(ch_mem(rtl, L.out), ch_mem(model, L.out), out_bytes) == 0 &&
                    ch_rd(rtl, CSR(ERR_CODE)) == 0 && ch_rd(model, CSR(ERR_CODE)) == 0 &&
                    ch_rd(rtl, CSR_SEM(SEM_OUT)) == L.mb && ch_rd(model, CSR_SEM(SEM_OUT)) == L.mb &&
                    rd64(rtl, CSR(PERF_TE_MACS.LO)) == rd64(model, CSR(PERF_TE_MACS.LO));
        bad += !same;

        const axi_mem_stats *st = axi_mem_get_stats(core_rtl_mem(ch_rtl(rtl)));
        uint64_t fetch_beats = (uint64_t)L.insns * 128 / (c->data_width / 8);
        uint64_t dma_beats = st->r_beats + st->w_beats - fetch_beats;
        uint64_t dma_busy = rd64(rtl, CSR(PERF_BUSY[0].LO));
        uint64_t macs = rd64(rtl, CSR(PERF_TE_MACS.LO));
        char shape[32], fmts[40];
        snprintf(shape, sizeof shape, "%ux%ux%u", s->M, s->K, s->N);
        snprintf(fmts, sizeof fmts, "%s %s -> %s%s", fmt_name(s->fa), fmt_name(s->fb), fmt_name(s->fo),
                 s->fo == TL_FMT_FP32 ? "" : s->round ? " SR" : " RNE");
        printf("%-10s %-16s %-22s %9llu %6.1f%% %7.1f%%  %s\n", s->label, shape, fmts, (unsigned long long)cycles,
               100.0 * (double)macs / ((double)cycles * c->rows * c->cols),
               dma_busy ? 100.0 * (double)dma_beats / (double)dma_busy : 0.0, same ? "yes" : "NO");
        ch_free(model);
        ch_free(rtl);
    }
    printf("\nsimulation speed: %.0f cycles/s (%llu cycles in %.1f s, Verilator, 16x16 core)\n",
           (double)sim_cycles / sim_time, (unsigned long long)sim_cycles, sim_time);
    printf("%s\n", bad ? "sim: FAILED: a program differs from the C model" : "sim: every program bit-exact");
    ck_assert_msg(bad == 0, "%u programs differ from the C model", bad);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("sim_core");
    TCase *tc = tcase_create("sim");
    tcase_set_timeout(tc, 1200);
    tcase_add_test(tc, demo);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
