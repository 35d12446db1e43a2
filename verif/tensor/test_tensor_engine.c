/*
 * tensor_engine (through te_top: engine + psum_buffer), bit-exact against
 * cmodel tl_matmul. Built once per array size (4x4, 16x16, 8x4, and 8x4
 * with --x-assign/--x-initial unique); the size is read from the DUT.
 *
 * Each test builds a list of logical matmuls (jobs), runs them through the
 * three input streams, reads PSUM back and compares every written entry.
 * A failure prints the seed, the job, the contributing W column and X
 * column and both values in hex, then replays the run with tracing on and
 * prints the waveform path.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "te_drive.h"

static te_dut *dut;
static unsigned R, C, D;
static uint32_t seed;
static uint32_t seed_offset;   /* make fuzz: run i of SEEDS uses seed + i */

static void setup(void)
{
    seed = tl_test_seed(0x7e57) + seed_offset;
    dut = te_dut_create(tl_test_trace() ? tl_test_wave_path("tensor_engine") : NULL, seed);
    R = te_dut_rows(dut);
    C = te_dut_cols(dut);
    D = te_dut_depth(dut);
    te_dut_reset(dut);
}

static void teardown(void)
{
    te_dut_free(dut);
}

/* Run and check; on failure replay with a waveform. Returns mismatches. */
static unsigned run_check(const char *name, te_job *jobs, size_t n,
                          const te_feed *feed, uint32_t run_seed, te_run_stats *out)
{
    tl_rng rng = {run_seed};
    te_run_stats st;
    unsigned bad;
    te_feed f = *feed;
    if (te_run(dut, jobs, n, &f, &rng, &st) != 0)
        bad = 1;
    else
        bad = te_check(dut, jobs, n, seed);
    if (bad) {
        char wname[128];
        snprintf(wname, sizeof wname, "fail_%s_%ux%u_seed%u", name, R, C, seed);
        const char *path = tl_test_wave_path(wname);
        te_dut *t = te_dut_create(path, seed);
        tl_rng rng2 = {run_seed};
        te_run_stats st2;
        te_feed f2 = *feed;
        if (te_run(t, jobs, n, &f2, &rng2, &st2) == 0)
            te_run_free(&st2);
        te_dut_free(t);
        printf("%s (%ux%u): %u mismatches, seed %u (SEED=%u replays); waveform %s\n",
               name, R, C, bad, seed, seed, path);
    } else if (out) {
        *out = st;
        return 0;
    }
    if (!bad)
        te_run_free(&st);
    return bad;
}

static te_job job(tl_fmt fw, tl_fmt fx, unsigned K, unsigned M, unsigned N,
                  unsigned *addr, bool start)
{
    te_job j;
    memset(&j, 0, sizeof j);
    j.fw = fw;
    j.fx = fx;
    j.K = K;
    j.M = M;
    j.N = N;
    j.addr = *addr;
    j.start = start;
    j.chunks = 1;
    *addr += N;
    return j;
}

static const te_feed ideal = {.p_valid = 100};

/* every format, and mixed pairs, full tiles */
START_TEST(test_formats)
{
    static const tl_fmt pairs[][2] = {
        {TL_FMT_BF16, TL_FMT_BF16}, {TL_FMT_FP16, TL_FMT_FP16},
        {TL_FMT_E4M3, TL_FMT_E4M3}, {TL_FMT_E5M2, TL_FMT_E5M2},
        {TL_FMT_INT8, TL_FMT_INT8}, {TL_FMT_BF16, TL_FMT_FP16},
        {TL_FMT_FP16, TL_FMT_BF16}, {TL_FMT_E4M3, TL_FMT_E5M2},
        {TL_FMT_E5M2, TL_FMT_E4M3}, {TL_FMT_BF16, TL_FMT_E4M3},
        {TL_FMT_E5M2, TL_FMT_BF16}, {TL_FMT_FP16, TL_FMT_E5M2},
        {TL_FMT_E4M3, TL_FMT_FP16},
    };
    tl_rng r = {seed ^ 1};
    te_job jobs[16];
    unsigned n = 0, addr = 0;
    for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        jobs[n] = job(pairs[i][0], pairs[i][1], R, C, 5 + tl_rng_below(&r, 12), &addr, true);
        te_job_fill(&jobs[n++], &r, 1);
    }
    ck_assert_uint_eq(run_check("formats", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

/* K in {1, R-1, R, R+1, 3R+5, 8R+3} (K > R: tiles accumulated in PSUM), partial M, N */
START_TEST(test_k_sizes)
{
    static const tl_fmt pairs[][2] = {
        {TL_FMT_BF16, TL_FMT_BF16}, {TL_FMT_E4M3, TL_FMT_E4M3},
        {TL_FMT_INT8, TL_FMT_INT8}, {TL_FMT_FP16, TL_FMT_E5M2},
    };
    unsigned ks[5] = {1, R - 1, R, R + 1, 3 * R + 5};
    tl_rng r = {seed ^ 2};
    te_job jobs[24];
    unsigned n = 0, addr = 0;
    for (unsigned p = 0; p < 4; p++)
        for (unsigned k = 0; k < 5; k++) {
            if (ks[k] == 0)
                continue;
            unsigned M = 1 + tl_rng_below(&r, C);
            unsigned N = (k + p) % 3 == 0 ? 1 : 1 + tl_rng_below(&r, 12);
            jobs[n] = job(pairs[p][0], pairs[p][1], ks[k], M, N, &addr, true);
            te_job_fill(&jobs[n++], &r, 1);
        }
    /* K much larger than R: 9 tiles summed in PSUM */
    jobs[n] = job(TL_FMT_BF16, TL_FMT_E5M2, 8 * R + 3, C, 3, &addr, true);
    te_job_fill(&jobs[n++], &r, 1);
    jobs[n] = job(TL_FMT_INT8, TL_FMT_INT8, 8 * R + 3, C, 2, &addr, true);
    te_job_fill(&jobs[n++], &r, 1);
    ck_assert_uint_eq(run_check("k_sizes", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

/* int8: -128 * -128 summed over K = 131200 (> 2^31 / 2^14) tiles of R
 * through PSUM wraps around in int32 (ARCHITECTURE.md 5.5), exactly as
 * the C model; columns >= C/2 hold random int8 for contrast. */
START_TEST(test_int8_wrap)
{
    const unsigned K = 131200, N = 1;
    unsigned addr = 0;
    te_job j = job(TL_FMT_INT8, TL_FMT_INT8, K, C, N, &addr, true);
    tl_rng r = {seed ^ 9};
    j.w = malloc(sizeof *j.w * K * C);
    j.x = malloc(sizeof *j.x * K * N);
    for (unsigned k = 0; k < K; k++) {
        for (unsigned c = 0; c < C; c++)
            j.w[k * C + c] = c < (C + 1) / 2 ? 0x80 : (uint16_t)(tl_rng_u32(&r) & 0xff);
        j.x[k] = 0x80;
    }
    ck_assert_uint_eq(run_check("int8_wrap", &j, 1, &ideal, seed, NULL), 0);

    /* the wrapped value itself: 16384 * 131200 mod 2^32 */
    uint32_t data[TE_MAX_DIM];
    ck_assert_int_eq(te_read(dut, 0, data), 0);
    ck_assert_msg(data[0] == 0x80200000u, "PSUM[0][0] = 0x%08x, want 0x80200000 (wrapped)",
                  data[0]);
    te_jobs_free(&j, 1);
}
END_TEST

/* start / accumulate sequences onto the same PSUM region, formats changing */
START_TEST(test_accumulate)
{
    tl_rng r = {seed ^ 3};
    te_job jobs[12];
    unsigned n = 0, a0 = 0, a;
    /* fp32 region: start, accumulate (other formats), restart part of it */
    a = a0; jobs[n] = job(TL_FMT_BF16, TL_FMT_BF16, R, C, 9, &a, true);
    te_job_fill(&jobs[n++], &r, 1);
    a = a0; jobs[n] = job(TL_FMT_E4M3, TL_FMT_E5M2, R + 3, C, 9, &a, false);
    te_job_fill(&jobs[n++], &r, 1);
    a = a0 + 2; jobs[n] = job(TL_FMT_FP16, TL_FMT_FP16, 2, C > 1 ? C - 1 : 1, 4, &a, true);
    te_job_fill(&jobs[n++], &r, 1);
    a = a0; jobs[n] = job(TL_FMT_FP16, TL_FMT_BF16, 1, C, 9, &a, false);
    te_job_fill(&jobs[n++], &r, 1);
    /* N = 1 accumulates back to back: the PSUM same-address path */
    a = 40; jobs[n] = job(TL_FMT_BF16, TL_FMT_FP16, 1, C, 1, &a, true);
    te_job_fill(&jobs[n++], &r, 1);
    for (int i = 0; i < 3; i++) {
        a = 40; jobs[n] = job(TL_FMT_E5M2, TL_FMT_E5M2, R, C, 1, &a, false);
        te_job_fill(&jobs[n++], &r, 1);
    }
    /* N = 2: results two cycles apart (RAM forwarding) */
    a = 50; jobs[n] = job(TL_FMT_BF16, TL_FMT_BF16, 2 * R + 1, C, 2, &a, true);
    te_job_fill(&jobs[n++], &r, 1);
    /* int8 region: start, accumulate */
    a = 60; jobs[n] = job(TL_FMT_INT8, TL_FMT_INT8, R, C, 7, &a, true);
    te_job_fill(&jobs[n++], &r, 1);
    a = 60; jobs[n] = job(TL_FMT_INT8, TL_FMT_INT8, 3 * R + 5, C, 7, &a, false);
    te_job_fill(&jobs[n++], &r, 1);
    ck_assert_uint_eq(run_check("accumulate", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

/* NaN and inf injected: wild bit patterns, inf x 0, inf - inf */
START_TEST(test_nan_inf)
{
    static const tl_fmt pairs[][2] = {
        {TL_FMT_BF16, TL_FMT_BF16}, {TL_FMT_FP16, TL_FMT_FP16},
        {TL_FMT_E4M3, TL_FMT_E4M3}, {TL_FMT_E5M2, TL_FMT_E5M2},
        {TL_FMT_BF16, TL_FMT_E5M2}, {TL_FMT_FP16, TL_FMT_E4M3},
    };
    static const uint16_t inf[] = {0, 0x7f80, 0x7c00, 0x7f, 0x7c};  /* by format code */
    tl_rng r = {seed ^ 4};
    te_job jobs[16];
    unsigned n = 0, addr = 0;
    for (unsigned p = 0; p < 6; p++) {
        jobs[n] = job(pairs[p][0], pairs[p][1], R + 1, C, 10, &addr, true);
        te_job_fill(&jobs[n++], &r, 30);
        /* +-inf weights against zeros and infinities of either sign */
        jobs[n] = job(pairs[p][0], pairs[p][1], R, C, 6, &addr, true);
        te_job_fill(&jobs[n], &r, 0);
        for (unsigned i = 0; i < jobs[n].K * jobs[n].M; i++)
            if (tl_rng_below(&r, 4) == 0 && pairs[p][0] != TL_FMT_E4M3)
                jobs[n].w[i] = (uint16_t)(inf[pairs[p][0]] |
                               (tl_rng_below(&r, 2) ? (tl_fmt_bits(pairs[p][0]) == 8 ? 0x80 : 0x8000) : 0));
        for (unsigned i = 0; i < jobs[n].K * jobs[n].N; i++)
            if (tl_rng_below(&r, 4) == 0)
                jobs[n].x[i] = pairs[p][1] == TL_FMT_E4M3 ? 0x7f
                             : (uint16_t)(tl_rng_below(&r, 2) ? inf[pairs[p][1]] : 0);
        n++;
    }
    ck_assert_uint_eq(run_check("nan_inf", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

static size_t back_to_back_jobs_at(te_job *jobs, tl_rng *r, unsigned base)
{
    static const tl_fmt fmts[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
    size_t n = 0;
    unsigned addr = base;
    for (int i = 0; i < 14; i++) {
        bool is_int = i % 5 == 4;
        tl_fmt fw = is_int ? TL_FMT_INT8 : fmts[tl_rng_below(r, 4)];
        tl_fmt fx = is_int ? TL_FMT_INT8 : fmts[tl_rng_below(r, 4)];
        unsigned K = 1 + tl_rng_below(r, R);
        unsigned N = 1 + tl_rng_below(r, i % 3 == 0 ? 3 : 2 * R);
        jobs[n] = job(fw, fx, K, 1 + tl_rng_below(r, C), N, &addr, true);
        jobs[n].chunks = 1 + tl_rng_below(r, 3);   /* reuse the tile (no swap) */
        te_job_fill(&jobs[n++], r, 1);
    }
    /* a long-K job and an accumulate onto the first region */
    jobs[n] = job(TL_FMT_BF16, TL_FMT_E4M3, 2 * R + 3, C, 3, &addr, true);
    te_job_fill(&jobs[n++], r, 1);
    unsigned a = base;
    jobs[n] = job(jobs[0].fw, jobs[0].fx, R, jobs[0].M, jobs[0].N, &a, false);
    jobs[n].fw = jobs[0].fw == TL_FMT_INT8 ? TL_FMT_INT8 : TL_FMT_FP16;
    jobs[n].fx = jobs[0].fw == TL_FMT_INT8 ? TL_FMT_INT8 : TL_FMT_FP16;
    te_job_fill(&jobs[n++], r, 1);
    return n;
}

static size_t back_to_back_jobs(te_job *jobs, tl_rng *r)
{
    return back_to_back_jobs_at(jobs, r, 0);
}

/* back-to-back matmuls, shadow loads overlapping compute, tile reuse */
START_TEST(test_back_to_back)
{
    tl_rng r = {seed ^ 5};
    te_job jobs[20];
    size_t n = back_to_back_jobs(jobs, &r);
    ck_assert_uint_eq(run_check("back_to_back", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

/* the same with random stalls on all three feeding streams (nothing
 * stalls the result stream: PSUM takes every beat) */
START_TEST(test_stalls)
{
    static const te_feed feeds[] = {
        {.p_valid = 60}, {.p_valid = 85}, {.p_valid = 30},
    };
    for (unsigned f = 0; f < 3; f++) {
        tl_rng r = {seed ^ (6 + f)};
        te_job jobs[20];
        size_t n = back_to_back_jobs(jobs, &r);
        ck_assert_uint_eq(run_check("stalls", jobs, n, &feeds[f], seed + f, NULL), 0);
        te_jobs_free(jobs, n);
    }
}
END_TEST

/* measured cycles equal the cycle model (cmodel/te_cycles.c), ideal feeders */
START_TEST(test_cycle_model)
{
    tl_rng r = {seed ^ 9};
    for (int s = 0; s < 5; s++) {
        te_job jobs[20];
        size_t n;
        if (s == 0) {
            n = back_to_back_jobs(jobs, &r);
        } else {
            unsigned addr = 0;
            n = 0;
            for (int i = 0; i < 6; i++) {
                unsigned K = s == 1 ? R : 1 + tl_rng_below(&r, 3 * R);
                unsigned N = s == 2 ? 1 : s == 3 ? 2 * R + tl_rng_below(&r, 8)
                                                 : 1 + tl_rng_below(&r, R + 2);
                jobs[n] = job(TL_FMT_BF16, TL_FMT_BF16, K, C, N, &addr, true);
                if (s == 2 && i > 0)
                    jobs[n].addr = jobs[n - 1].addr, jobs[n].start = false;
                te_job_fill(&jobs[n++], &r, 0);
            }
        }
        te_run_stats st;
        ck_assert_uint_eq(run_check("cycle_model", jobs, n, &ideal, seed + s, &st), 0);
        tl_te_report rep;
        ck_assert_int_eq(tl_te_cycles(R, C, st.cmd, st.ncmd, &rep), 0);
        if (rep.cycles != st.cycles)
            printf("cycle model: scenario %d (%ux%u, %zu commands): rtl %llu cycles, "
                   "model %llu (hazards %llu, bubbles %llu), seed %u\n", s, R, C, st.ncmd,
                   (unsigned long long)st.cycles, (unsigned long long)rep.cycles,
                   (unsigned long long)rep.hazards, (unsigned long long)rep.bubbles, seed);
        ck_assert_uint_eq(rep.cycles, st.cycles);
        te_run_free(&st);
        te_jobs_free(jobs, n);
    }
}
END_TEST

/* reset in the middle of a run: nothing left over, the next run is exact */
START_TEST(test_reset_midway)
{
    tl_rng r = {seed ^ 10};
    te_job jobs[20];
    size_t n = back_to_back_jobs(jobs, &r);
    /* start a run by hand and abandon it mid-stream */
    te_pins p;
    memset(&p, 0, sizeof p);
    for (int cyc = 0; cyc < 3 * (int)R + 7; cyc++) {
        p.cmd_valid = 1; p.cmd_fmt_w = TL_FMT_BF16; p.cmd_fmt_x = TL_FMT_BF16;
        p.cmd_k = R; p.cmd_m = C; p.cmd_n = 50; p.cmd_addr = 0; p.cmd_start = 1;
        p.cmd_swap = 1; p.ld_valid = 1; p.ld_last = cyc % 3 == 2; p.mv_valid = 1;
        for (unsigned i = 0; i < TE_MAX_DIM; i++)
            p.ld_data[i] = p.mv_data[i] = (uint16_t)tl_rng_u32(&r);
        te_dut_cycle(dut, &p);
    }
    ck_assert_uint_eq(run_check("reset_midway", jobs, n, &ideal, seed, NULL), 0);
    te_jobs_free(jobs, n);
}
END_TEST

/* PSUM reads of a finished region while the engine writes another one
 * (accumulating writes take the RAM read port first) */
START_TEST(test_concurrent_read)
{
    tl_rng r = {seed ^ 11};
    te_job a[20], b[20];
    size_t na = back_to_back_jobs_at(a, &r, 0);
    size_t nb = back_to_back_jobs_at(b, &r, D / 2);
    unsigned hi = 0;
    for (size_t i = 0; i < na; i++)
        if (a[i].addr + a[i].N > hi)
            hi = a[i].addr + a[i].N;
    ck_assert_uint_le(hi, D / 2);
    ck_assert_uint_eq(run_check("concurrent_read_a", a, na, &ideal, seed, NULL), 0);
    uint32_t *model;
    int *owner;
    te_model(a, na, R, C, D, &model, &owner);
    /* entries of region A that no job wrote read as junk: give them the
     * value the RAM holds, read before B starts */
    for (unsigned addr = 0; addr < hi; addr++) {
        uint32_t data[TE_MAX_DIM];
        ck_assert_int_eq(te_read(dut, addr, data), 0);
        for (unsigned c = 0; c < C; c++)
            if (owner[(size_t)c * D + addr] < 0)
                model[(size_t)c * D + addr] = data[c];
    }
    te_feed f = {.p_valid = 85, .p_read = 60, .rd_lo = 0, .rd_hi = hi,
                 .rd_model = model};
    tl_rng rr = {seed + 77};
    te_run_stats st;
    ck_assert_int_eq(te_run(dut, b, nb, &f, &rr, &st), 0);
    te_run_free(&st);
    if (f.rd_bad)
        printf("concurrent_read (%ux%u): %u bad reads of %u, seed %u\n", R, C, f.rd_bad,
               f.rd_done, seed);
    ck_assert_uint_eq(f.rd_bad, 0);
    ck_assert_uint_gt(f.rd_done, 20);
    ck_assert_uint_eq(te_check(dut, b, nb, seed), 0);
    free(model);
    free(owner);
    te_jobs_free(a, na);
    te_jobs_free(b, nb);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("tensor_engine");
    TCase *tc = tcase_create("array");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_formats);
    tcase_add_test(tc, test_k_sizes);
    tcase_add_test(tc, test_int8_wrap);
    tcase_add_test(tc, test_accumulate);
    tcase_add_test(tc, test_nan_inf);
    tcase_add_test(tc, test_back_to_back);
    tcase_add_test(tc, test_stalls);
    tcase_add_test(tc, test_cycle_model);
    tcase_add_test(tc, test_reset_midway);
    tcase_add_test(tc, test_concurrent_read);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* failure messages survive Check's fork */
    /* make fuzz (SEEDS=N): the whole suite for seeds SEED .. SEED+N-1 */
    unsigned runs = getenv("SEEDS") ? tl_test_seeds(1) : 1;
    int rc = 0;
    for (seed_offset = 0; seed_offset < runs; seed_offset++) {
        if (runs > 1)
            printf("fuzz run %u of %u: seed %u\n", seed_offset + 1, runs,
                   tl_test_seed(0x7e57) + seed_offset);
        rc |= tl_test_main(argv[0], suite());
    }
    return rc;
}
