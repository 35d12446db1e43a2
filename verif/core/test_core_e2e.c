/*
 * Whole-core model, end to end: programs that DMA tensors in, compute and
 * DMA results out, checked against an independent composition of cmodel
 * functions (tl_matmul for GEMMs; plain loops of tl_widen, tl_f32_mul,
 * tl_f32_add, tl_narrow, tl_sr_rand for the activation engine).
 */
#include <stdlib.h>
#include <string.h>

#include "core_harness.h"
#include "core_ref.h"
#include "tl_test.h"

#define SB TL_ISA_SPACE_SBUF
#define PS TL_ISA_SPACE_PSUM
/* semaphores of the programs below */
enum { S_W = 0, S_X = 1, S_TE = 2, S_ACT = 3, S_OUT = 4, S_B = 5 };

static tl_rng rng;

static void fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)tl_rng_u32(&rng);
}

/* Random element bits of fmt: mostly finite values of moderate size. */
static uint32_t rand_elem(unsigned fmt)
{
    uint32_t r = tl_rng_u32(&rng);
    switch (fmt) {
    case TL_FMT_FP32: return (r & 0x807FFFFFu) | (uint32_t)(120 + (r >> 24) % 16) << 23;
    case TL_FMT_BF16: return (r & 0x807Fu) | (uint32_t)(120 + (r >> 24) % 16) << 7;
    default: return r & 0xFFu;
    }
}

static void fill_fmt(uint8_t *p, unsigned fmt, size_t n)
{
    unsigned es = tl_dma_esize(fmt);
    for (size_t i = 0; i < n; i++)
        st_le(p + es * i, es, fmt == TL_FMT_FP32 || fmt == TL_FMT_BF16 ? rand_elem(fmt) : tl_rng_u32(&rng));
}

static void push_dma(ch *h, int ws, uint32_t wv, int ss, unsigned q, const tl_dma_desc *d)
{
    tl_insn in;
    insn_dma(in, ws, wv, ss, 1, q, d);
    ch_push(h, 0, in);
}

static void expect_ok(ch *h)
{
    ck_assert_msg(ch_rd(h, CSR(ERR_CODE)) == 0, "error %s at 0x%x", tl_isa_strerror(ch_rd(h, CSR(ERR_CODE))),
                  ch_rd(h, CSR(ERR_PC_LO)));
    ck_assert(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__IDLE_bm);
}

static void expect_words(const uint8_t *have, const uint8_t *want, unsigned es, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t a = ld_le(have + es * i, es), b = ld_le(want + es * i, es);
        ck_assert_msg(a == b, "%s: element %zu is 0x%x, want 0x%x (SEED=%u)", what, i, a, b,
                      tl_test_seed(1));
    }
}

/*
 * GEMM on the core: W [K x M] and X [K x N] in DRAM (row-major, formats fw,
 * fx), K split into tiles of ROWS, one MATMUL per tile accumulating into
 * PSUM entries [0, N) of partitions 0..M-1, PSUM DMAed to DRAM as fp32 (or
 * int32). X tiles go through two SBUF buffers when double is set: the DMA
 * of tile t+2 waits for the matmul of tile t, so the DMA of tile t+1
 * overlaps matmul t. Returns the DRAM address of the result.
 */
static uint64_t gemm_program(ch *h, unsigned fw, unsigned fx, unsigned K, unsigned M, unsigned N,
                             bool dbl, uint64_t w_addr, uint64_t x_addr)
{
    const unsigned R = h->cfg.rows, T = (K + R - 1) / R, lg = h->cfg.sbuf_part_log2;
    unsigned ew = tl_dma_esize(fw), ex = tl_dma_esize(fx);
    uint32_t w_buf = 0, x_buf0 = 8192;
    uint64_t out = CH_DATA_BASE + 0x80000;
    tl_insn in;
    for (unsigned t = 0; t < T; t++) {
        unsigned kt = K - t * R < R ? K - t * R : R;
        uint32_t woff = w_buf + t * M * ew; /* all W tiles stay: they are small */
        uint32_t xoff = dbl ? x_buf0 + (t % 2) * N * ex : x_buf0 + t * N * ex;
        tl_dma_desc d;
        desc_to_chip(&d, w_addr + (uint64_t)t * R * M * ew, fw, kt, M, SB, lg, 0, woff, fw);
        push_dma(h, -1, 0, S_W, 0, &d);
        desc_to_chip(&d, x_addr + (uint64_t)t * R * N * ex, fx, kt, N, SB, lg, 0, xoff, fx);
        /* double buffering: buffer t%2 is free once matmul t-2 completed */
        push_dma(h, dbl && t >= 2 ? S_TE : -1, t - 1, S_X, 1, &d);
        insn_nop(in, S_W, t + 1, -1, 0);
        ch_push(h, 1, in);
        mm_args mm = {fw, fx, t == 0, 1, kt, M, N, woff, xoff, 0};
        insn_matmul(in, S_X, t + 1, S_TE, 1, &mm);
        ch_push(h, 1, in);
    }
    unsigned of = fw == TL_FMT_INT8 ? TL_FMT_INT32 : TL_FMT_FP32;
    tl_dma_desc d;
    desc_from_chip(&d, PS, ch_psum_part_log2(&h->cfg), 0, 0, of, M, N, out, of, 0, 0);
    push_dma(h, S_TE, T, S_OUT, 2, &d);
    return out;
}

static void gemm_case(unsigned fw, unsigned fx, unsigned K, unsigned M, unsigned N, bool dbl)
{
    ch *h = ch_create(NULL);
    rng.s = tl_test_seed(1) ^ (fw * 131u + fx * 7u + K);
    unsigned ew = tl_dma_esize(fw), ex = tl_dma_esize(fx);
    uint64_t w_addr = CH_DATA_BASE, x_addr = CH_DATA_BASE + 0x20000;
    fill_fmt(ch_mem(h, w_addr), fw, (size_t)K * M);
    fill_fmt(ch_mem(h, x_addr), fx, (size_t)K * N);
    uint64_t out = gemm_program(h, fw, fx, K, M, N, dbl, w_addr, x_addr);
    ch_run(h);
    expect_ok(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(S_OUT)), 1);
    uint32_t *ref = calloc((size_t)M * N, 4);
    ck_assert_int_eq(tl_matmul(h->cfg.rows, K, M, N, fw, ch_mem(h, w_addr), fx, ch_mem(h, x_addr), ref, true), 0);
    expect_words(ch_mem(h, out), (const uint8_t *)ref, 4, (size_t)M * N, "GEMM result");
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.LO)), K * M * N);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_DMA_RD_BYTES.LO)), K * (M * ew + N * ex) + 4 * M * N);
    free(ref);
    ch_free(h);
}

START_TEST(gemm_bf16_larger_than_array)
{
    gemm_case(TL_FMT_BF16, TL_FMT_BF16, 40, 16, 24, false);
}
END_TEST

START_TEST(gemm_fp8_and_int8)
{
    gemm_case(TL_FMT_E4M3, TL_FMT_E5M2, 50, 12, 33, false);
    gemm_case(TL_FMT_INT8, TL_FMT_INT8, 37, 16, 16, false);
    gemm_case(TL_FMT_FP16, TL_FMT_E4M3, 16, 5, 7, false);
}
END_TEST

/* DMA of X tile t+1 signalled while the matmul of tile t waits: the same
 * bits as without overlap and as tl_matmul. */
START_TEST(overlap_double_buffered)
{
    gemm_case(TL_FMT_BF16, TL_FMT_BF16, 16 * 6, 16, 40, true);
    gemm_case(TL_FMT_E5M2, TL_FMT_E4M3, 16 * 5 - 3, 9, 17, true);
}
END_TEST

/* load = 0 reuses the loaded tile even after SBUF changed under it. */
START_TEST(matmul_reuses_loaded_tile)
{
    ch *h = ch_create(NULL);
    rng.s = tl_test_seed(1) + 99;
    const unsigned K = 16, M = 16, N = 8;
    uint8_t w[16 * 16 * 2], x[2][16 * 8 * 2];
    fill_fmt(w, TL_FMT_BF16, K * M);
    fill_fmt(x[0], TL_FMT_BF16, K * N);
    fill_fmt(x[1], TL_FMT_BF16, K * N);
    for (unsigned k = 0; k < K; k++) {
        memcpy(tl_core_sbuf(h->core, k), w + 2 * M * k, 2 * M);
        memcpy(tl_core_sbuf(h->core, k) + 1024, x[0] + 2 * N * k, 2 * N);
        memcpy(tl_core_sbuf(h->core, k) + 2048, x[1] + 2 * N * k, 2 * N);
    }
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, K, M, N, 0, 1024, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    ch_push(h, 1, in);
    ch_run(h);
    for (unsigned k = 0; k < K; k++) /* overwrite W in SBUF */
        memset(tl_core_sbuf(h->core, k), 0x55, 2 * M);
    mm = (mm_args){TL_FMT_BF16, TL_FMT_BF16, 1, 0, K, M, N, 4000, 2048, 64};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    ch_push(h, 1, in);
    ch_run(h);
    expect_ok(h);
    for (unsigned j = 0; j < 2; j++) {
        uint32_t ref[16 * 8];
        tl_matmul(16, K, M, N, TL_FMT_BF16, w, TL_FMT_BF16, x[j], ref, true);
        for (unsigned m = 0; m < M; m++)
            for (unsigned n = 0; n < N; n++)
                ck_assert_uint_eq(tl_core_psum_get(h->core, m, 64 * j + n), ref[m * N + n]);
    }
    /* a reuse with another M is refused */
    mm.M = 8;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_BAD_SHAPE);
    ch_free(h);
}
END_TEST

/* MLP layer: Y = narrow(relu(W^T X * scale + bias_m)), W [K x M] bf16, X
 * [K x N] bf16, bias per output row (partition) in SBUF. */
static void mlp_case(unsigned out_fmt, unsigned round, unsigned sat, uint32_t seed)
{
    ch *h = ch_create(NULL);
    rng.s = tl_test_seed(1) ^ seed;
    const unsigned K = 32, M = 16, N = 20, lg = h->cfg.sbuf_part_log2;
    const uint32_t scale = 0x3F400000; /* 0.75 */
    const uint32_t bias_off = 30000, y_off = 40000;
    uint64_t w_addr = CH_DATA_BASE, x_addr = CH_DATA_BASE + 0x10000, b_addr = CH_DATA_BASE + 0x20000;
    uint64_t y_addr = CH_DATA_BASE + 0x30000;
    fill_fmt(ch_mem(h, w_addr), TL_FMT_BF16, K * M);
    fill_fmt(ch_mem(h, x_addr), TL_FMT_BF16, K * N);
    fill_fmt(ch_mem(h, b_addr), TL_FMT_FP32, M);
    gemm_program(h, TL_FMT_BF16, TL_FMT_BF16, K, M, N, false, w_addr, x_addr);
    tl_dma_desc d;
    desc_to_chip(&d, b_addr, TL_FMT_FP32, M, 1, SB, lg, 0, bias_off, TL_FMT_FP32);
    push_dma(h, -1, 0, S_B, 3, &d);
    tl_insn in;
    insn_nop(in, S_B, 1, -1, 0);
    ch_push(h, 2, in);
    act_args a = {.in_space = PS, .in_fmt = TL_FMT_FP32, .out_space = SB, .out_fmt = out_fmt,
                  .round = round, .sat = sat, .func = TL_ISA_FUNC_RELU, .bias_pp = 1, .P = M, .F = N,
                  .in_off = 0, .out_off = y_off, .scale = scale, .bias = bias_off, .seed = seed,
                  .cbase = 0, .csp = N, .csf = 1};
    insn_act(in, S_TE, 2, S_ACT, 1, &a);
    ch_push(h, 2, in);
    unsigned es = tl_dma_esize(out_fmt);
    desc_from_chip(&d, SB, lg, 0, y_off, out_fmt, M, N, y_addr, out_fmt, 0, 0);
    push_dma(h, S_ACT, 1, S_OUT, 0, &d);
    ch_run(h);
    expect_ok(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(S_OUT)), 2);

    uint32_t ps[16 * 20];
    tl_matmul(16, K, M, N, TL_FMT_BF16, ch_mem(h, w_addr), TL_FMT_BF16, ch_mem(h, x_addr), ps, true);
    uint8_t want[16 * 20 * 4];
    for (unsigned m = 0; m < M; m++)
        for (unsigned n = 0; n < N; n++) {
            uint32_t bias = ld_le(ch_mem(h, b_addr + 4 * m), 4);
            uint32_t v = ref_relu(tl_f32_add(tl_f32_mul(ps[m * N + n], scale), bias));
            uint32_t r = round == TL_RND_SR ? tl_sr_rand(seed, m * N + n) : 0;
            st_le(want + es * (m * N + n), es, tl_narrow(out_fmt, v, round, sat, r));
        }
    expect_words(ch_mem(h, y_addr), want, es, M * N, "MLP layer output");
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_ACT_ELEMS.LO)), M * N);
    ch_free(h);
}

START_TEST(mlp_layer_bias_relu_rne)
{
    mlp_case(TL_FMT_BF16, TL_RND_RNE, 0, 5);
}
END_TEST

START_TEST(mlp_layer_bias_relu_sr)
{
    mlp_case(TL_FMT_E4M3, TL_RND_SR, 1, 0x1234);
    mlp_case(TL_FMT_BF16, TL_RND_SR, 0, 77);
}
END_TEST

/* ELEMWISE: a bf16 in SBUF, b fp32 in PSUM with special values, every op,
 * outputs fp16 (SR) in SBUF and fp32 in PSUM; checked against loops. */
START_TEST(elemwise_ops)
{
    tl_core_config g;
    tl_core_config_default(&g);
    g.rows = 8;
    g.cols = 6;
    ch *h = ch_create(&g);
    rng.s = tl_test_seed(1) + 3;
    const unsigned P = 5, p0 = 1, F = 24;
    const uint32_t specials[] = {0, 0x80000000u, 0x7FC00001u, 0x7F800000u, 0xFF800000u, 0x3F800000u, 0xBF800000u, 1};
    for (unsigned p = 0; p < g.rows; p++)
        fill(tl_core_sbuf(h->core, p), 256);
    for (unsigned p = 0; p < g.cols; p++)
        for (unsigned f = 0; f < F; f++)
            tl_core_psum_set(h->core, p, 100 + f, f < 8 ? specials[f] : rand_elem(TL_FMT_FP32));
    for (unsigned p = 0; p < g.rows; p++) /* a few bf16 specials in a */
        st_le(tl_core_sbuf(h->core, p), 2, p % 2 ? 0x8000 : 0x0000);
    for (unsigned op = 0; op < 4; op++) {
        tl_insn in;
        ew_args e = {.a_space = SB, .a_fmt = TL_FMT_BF16, .b_space = PS, .b_fmt = TL_FMT_FP32,
                     .out_space = SB, .out_fmt = TL_FMT_FP16, .round = TL_RND_SR, .op = op, .P = P,
                     .p0 = p0, .F = F, .a_off = 0, .b_off = 100, .out_off = 1024 + 64 * op, .seed = op + 1,
                     .cbase = 1000, .csp = 7, .csf = 3};
        insn_ew(in, -1, 0, -1, 0, &e);
        ch_push(h, 2, in);
        e.out_space = PS;
        e.out_fmt = TL_FMT_FP32;
        e.out_off = 200 + 32 * op;
        insn_ew(in, -1, 0, -1, 0, &e);
        ch_push(h, 2, in);
    }
    ch_run(h);
    expect_ok(h);
    for (unsigned op = 0; op < 4; op++)
        for (unsigned p = 0; p < P; p++)
            for (unsigned f = 0; f < F; f++) {
                uint32_t a = tl_widen(TL_FMT_BF16, ld_le(tl_core_sbuf(h->core, p0 + p) + 2 * f, 2));
                uint32_t b = tl_core_psum_get(h->core, p0 + p, 100 + f);
                uint32_t v = ref_ew(op, a, tl_widen(TL_FMT_FP32, b));
                uint32_t want16 = tl_narrow(TL_FMT_FP16, v, TL_RND_SR, false,
                                            tl_sr_rand(op + 1, 1000 + 7 * p + 3 * f));
                ck_assert_msg(ld_le(tl_core_sbuf(h->core, p0 + p) + 1024 + 64 * op + 2 * f, 2) == want16,
                              "op %u p %u f %u: a 0x%x b 0x%x", op, p, f, a, b);
                ck_assert_msg(tl_core_psum_get(h->core, p0 + p, 200 + 32 * op + f) == tl_narrow(TL_FMT_FP32, v, 0, 0, 0),
                              "op %u p %u f %u (fp32 out)", op, p, f);
            }
    /* partitions outside [p0, p0 + P) untouched */
    ck_assert_uint_eq(tl_core_psum_get(h->core, 0, 200), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_ACT_ELEMS.LO)), 8 * P * F);
    ch_free(h);
}
END_TEST

START_TEST(activate_scales_and_inplace)
{
    ch *h = ch_create(NULL);
    rng.s = tl_test_seed(1) + 4;
    const unsigned P = 16, F = 40;
    for (unsigned p = 0; p < P; p++) {
        fill_fmt(tl_core_sbuf(h->core, p), TL_FMT_E5M2, F);
        st_le(tl_core_sbuf(h->core, p) + 512, 4, rand_elem(TL_FMT_FP32));
    }
    uint8_t before[16][40];
    for (unsigned p = 0; p < P; p++)
        memcpy(before[p], tl_core_sbuf(h->core, p), F);
    tl_insn in;
    /* per-partition scale, scalar bias, identity, e5m2 -> e5m2 in place */
    act_args a = {.in_space = SB, .in_fmt = TL_FMT_E5M2, .out_space = SB, .out_fmt = TL_FMT_E5M2,
                  .round = TL_RND_RNE, .func = TL_ISA_FUNC_IDENTITY, .scale_pp = 1, .P = P, .F = F,
                  .in_off = 0, .out_off = 0, .scale = 512, .bias = 0xBE000000u /* -0.125 */};
    insn_act(in, -1, 0, -1, 0, &a);
    ch_push(h, 2, in);
    ch_run(h);
    expect_ok(h);
    for (unsigned p = 0; p < P; p++)
        for (unsigned f = 0; f < F; f++) {
            uint32_t s = ld_le(tl_core_sbuf(h->core, p) + 512, 4);
            uint32_t v = tl_f32_add(tl_f32_mul(tl_widen(TL_FMT_E5M2, before[p][f]), s), 0xBE000000u);
            ck_assert_uint_eq(tl_core_sbuf(h->core, p)[f], tl_narrow(TL_FMT_E5M2, v, TL_RND_RNE, false, 0));
        }
    ch_free(h);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_e2e");
    TCase *tc = tcase_create("e2e");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, gemm_bf16_larger_than_array);
    tcase_add_test(tc, gemm_fp8_and_int8);
    tcase_add_test(tc, overlap_double_buffered);
    tcase_add_test(tc, matmul_reuses_loaded_tile);
    tcase_add_test(tc, mlp_layer_bias_relu_rne);
    tcase_add_test(tc, mlp_layer_bias_relu_sr);
    tcase_add_test(tc, elemwise_ops);
    tcase_add_test(tc, activate_scales_and_inplace);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
