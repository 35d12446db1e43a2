/*
 * trnlite gemm and trnlite info, run as a user runs them (build/bin/trnlite):
 * good runs on both backends compared bit for bit with cmodel's tl_matmul,
 * and every bad input of docs/driver.md section 5 (missing, truncated and
 * non-.npy files, wrong dtype or rank, mismatched shapes, a zero
 * dimension, beyond device memory, an unknown option, a device error, a
 * timeout): a message, a non-zero exit and no output file at all.
 *
 * The .npy files are written and read here with this file's own code, not
 * with the CLI's reader (sw/cli/npy.c), so that the two check each other.
 */
#define _POSIX_C_SOURCE 200809L
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tl_test.h"
#include "trnlite/dma.h"
#include "trnlite/numerics.h"

/* The tool under test: build/bin/trnlite, or $TRNLITE_BIN (make coverage-c
 * runs this test against its --coverage build of the tool). */
static const char *bin(void)
{
    const char *b = getenv("TRNLITE_BIN");
    return b && *b ? b : "build/bin/trnlite";
}
#define DIR "build/tests/cli_gemm"

static struct {
    int status;
    char out[16384], err[4096];
} res;

static void run(const char *env, const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s %s > " DIR "/stdout.txt 2> " DIR "/stderr.txt", env ? env : "", bin(), args);
    int st = system(cmd);
    res.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    FILE *f = fopen(DIR "/stdout.txt", "r");
    size_t n = f ? fread(res.out, 1, sizeof res.out - 1, f) : 0;
    res.out[n] = '\0';
    if (f)
        fclose(f);
    f = fopen(DIR "/stderr.txt", "r");
    n = f ? fread(res.err, 1, sizeof res.err - 1, f) : 0;
    res.err[n] = '\0';
    if (f)
        fclose(f);
}

/* An .npy of format version `major` (1: a 2-byte header length; 2 or
 * more: 4 bytes) with a raw header dict and raw data bytes; hlen_override,
 * if not 0, is the header length written instead of the true one. */
static void write_npy_ver(const char *path, unsigned major, const char *dict, const void *data, size_t n,
                          uint32_t hlen_override)
{
    size_t pre_len = major == 1 ? 10 : 12, len = strlen(dict), total = (pre_len + len + 1 + 63) / 64 * 64;
    uint32_t hlen = hlen_override ? hlen_override : (uint32_t)(total - pre_len);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    unsigned char pre[12] = {0x93, 'N', 'U', 'M', 'P', 'Y', (unsigned char)major, 0, (unsigned char)hlen,
                             (unsigned char)(hlen >> 8), (unsigned char)(hlen >> 16), (unsigned char)(hlen >> 24)};
    fwrite(pre, 1, pre_len, f);
    fputs(dict, f);
    for (size_t i = pre_len + len; i < total - 1; i++)
        fputc(' ', f);
    fputc('\n', f);
    if (n)
        fwrite(data, 1, n, f);
    fclose(f);
}

/* An .npy v1.0 file with a raw header dict and raw data bytes. */
static void write_npy_raw(const char *path, const char *dict, const void *data, size_t n)
{
    write_npy_ver(path, 1, dict, data, n, 0);
}

static void write_npy(const char *path, const char *descr, unsigned rows, unsigned cols, const void *data,
                      unsigned es)
{
    char dict[128];
    snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%u, %u), }", descr, rows, cols);
    write_npy_raw(path, dict, data, (size_t)rows * cols * es);
}

/* Read a 2-D .npy the CLI wrote; check its dtype and shape. */
static uint8_t *read_npy(const char *path, const char *descr, unsigned rows, unsigned cols, unsigned es)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s was not written", path);
    unsigned char pre[10];
    ck_assert_int_eq(fread(pre, 1, 10, f), 10);
    ck_assert(memcmp(pre, "\x93NUMPY\x01\x00", 8) == 0);
    unsigned hlen = pre[8] | pre[9] << 8;
    ck_assert_int_eq((10 + hlen) % 64, 0);
    char *h = calloc(hlen + 1, 1);
    ck_assert_int_eq(fread(h, 1, hlen, f), hlen);
    char want[128];
    snprintf(want, sizeof want, "{'descr': '%s', 'fortran_order': False, 'shape': (%u, %u), }", descr, rows, cols);
    ck_assert_msg(strncmp(h, want, strlen(want)) == 0, "%s: header '%s', want '%s'", path, h, want);
    ck_assert(h[hlen - 1] == '\n');
    size_t n = (size_t)rows * cols * es;
    uint8_t *d = malloc(n + 1);
    ck_assert_uint_eq(fread(d, 1, n + 1, f), n); /* exactly n data bytes */
    fclose(f);
    free(h);
    return d;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void setup(void)
{
    mkdir("build", 0777);
    mkdir("build/tests", 0777);
    mkdir(DIR, 0777);
}

static uint32_t ld(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

/* A float near 1 with a random fraction and sign (float32 bits). */
static uint32_t rnd_f32(tl_rng *r) { return (tl_rng_u32(r) & 0x807FFFFFu) | (124u + tl_rng_u32(r) % 6) << 23; }

/*
 * A GEMM through the CLI and the reference: A float32 (converted by the
 * CLI with RNE to fa), B raw bits of fb, C float32 (int32), OUT of fo.
 */
static void good_run(const char *backend, unsigned rows, unsigned M, unsigned K, unsigned N, tl_fmt fa, tl_fmt fb,
                     tl_fmt fo, bool with_c, const char *extra, tl_round round, uint32_t seed, bool sat)
{
    tl_rng rng = {tl_test_seed(1) + M * 31u + N};
    bool i8 = fa == TL_FMT_INT8;
    unsigned ea = tl_dma_esize(fa), eb = tl_dma_esize(fb), eo = tl_dma_esize(fo);
    uint32_t *af = malloc((size_t)M * K * 4), *cf = malloc((size_t)M * N * 4);
    uint8_t *a = malloc((size_t)M * K * ea), *b = malloc((size_t)K * N * eb), *at = malloc((size_t)K * M * ea);
    tl_convert_opts rne = {.mode = TL_RND_RNE};
    for (size_t i = 0; i < (size_t)M * K; i++) {
        af[i] = i8 ? tl_rng_u32(&rng) : rnd_f32(&rng);
        uint32_t v = i8 ? af[i] : tl_convert(TL_FMT_FP32, fa, af[i], &rne, 0);
        for (unsigned k = 0; k < ea; k++)
            a[i * ea + k] = (uint8_t)(v >> (8 * k));
    }
    for (size_t i = 0; i < (size_t)K * N; i++) {
        uint32_t v = i8 ? tl_rng_u32(&rng) : tl_convert(TL_FMT_FP32, fb, rnd_f32(&rng), &rne, 0);
        for (unsigned k = 0; k < eb; k++)
            b[i * eb + k] = (uint8_t)(v >> (8 * k));
    }
    for (size_t i = 0; i < (size_t)M * N; i++)
        cf[i] = i8 ? tl_rng_u32(&rng) : rnd_f32(&rng);
    for (unsigned m = 0; m < M; m++)
        for (unsigned k = 0; k < K; k++)
            memcpy(at + ((size_t)k * M + m) * ea, a + ((size_t)m * K + k) * ea, ea);
    static const char *raw[] = {"<f4", "<u2", "<u2", "|u1", "|u1", "|i1", "<i4"};
    if (i8)
        write_npy(DIR "/a.npy", "|i1", M, K, a, 1);
    else
        write_npy(DIR "/a.npy", "<f4", M, K, af, 4);
    write_npy(DIR "/b.npy", raw[fb], K, N, b, eb);
    write_npy(DIR "/c.npy", i8 ? "<i4" : "<f4", M, N, cf, 4);
    unlink(DIR "/out.npy");
    char args[1024];
    snprintf(args, sizeof args,
             "gemm --backend %s --a " DIR "/a.npy --b " DIR "/b.npy %s --out " DIR "/out.npy --dtype-a %s "
             "--dtype-b %s --out-dtype %s %s",
             backend, with_c ? "--c " DIR "/c.npy" : "", tl_fmt_name(fa), tl_fmt_name(fb), tl_fmt_name(fo), extra);
    run(NULL, args);
    ck_assert_msg(res.status == 0, "trnlite %s: exit %d: %s", args, res.status, res.err);
    ck_assert_ptr_nonnull(strstr(res.out, "perf: "));
    uint8_t *out = read_npy(DIR "/out.npy", raw[fo], M, N, eo);
    uint32_t *ref = calloc((size_t)M * N, 4);
    if (with_c)
        memcpy(ref, cf, (size_t)M * N * 4);
    ck_assert_int_eq(tl_matmul(rows, K, M, N, fa, at, fb, b, ref, !with_c), 0);
    tl_convert_opts o = {.mode = round, .saturate = sat, .seed = seed};
    tl_fmt acc = i8 ? TL_FMT_INT32 : TL_FMT_FP32;
    for (size_t i = 0; i < (size_t)M * N; i++) {
        uint32_t want = fo == acc ? ref[i] : tl_convert(acc, fo, ref[i], &o, (uint32_t)i);
        ck_assert_msg(ld(out + i * eo, eo) == want, "%s: OUT[%zu] = 0x%x, tl_matmul 0x%x", args, i,
                      ld(out + i * eo, eo), want);
    }
    free(af), free(cf), free(a), free(b), free(at), free(out), free(ref);
}

START_TEST(gemm_cmodel_matches_tl_matmul)
{
    setup();
    good_run("cmodel", 16, 13, 37, 21, TL_FMT_BF16, TL_FMT_E4M3, TL_FMT_FP32, true, "", TL_RND_RNE, 0, false);
    ck_assert_ptr_nonnull(strstr(res.out, "no clock"));
    good_run("cmodel", 16, 5, 40, 9, TL_FMT_FP16, TL_FMT_E5M2, TL_FMT_E4M3, false, "--round sr --seed 77 --saturate",
             TL_RND_SR, 77, true);
    good_run("cmodel", 16, 7, 19, 6, TL_FMT_INT8, TL_FMT_INT8, TL_FMT_INT32, true, "", TL_RND_RNE, 0, false);
}
END_TEST

START_TEST(gemm_rtl_matches_tl_matmul)
{
    setup();
    run(NULL, "info --backend rtl");
    ck_assert_int_eq(res.status, 0);
    unsigned R = 0, C = 0;
    const char *p = strstr(res.out, "array");
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(sscanf(p, "array %u x %u", &R, &C), 2);
    good_run("rtl", R, 11, 23, 70, TL_FMT_E4M3, TL_FMT_BF16, TL_FMT_BF16, true, "--round sr --seed 5 --latency 20",
             TL_RND_SR, 5, false);
    ck_assert_ptr_nonnull(strstr(res.out, "tensor-engine utilization"));
    ck_assert_ptr_nonnull(strstr(res.out, "busy / semaphore wait: DMA"));
    ck_assert_ptr_nonnull(strstr(res.out, "DMA bus efficiency"));
}
END_TEST

START_TEST(info_and_help)
{
    setup();
    run(NULL, "info");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "array         16 x 16"));
    ck_assert_ptr_nonnull(strstr(res.out, "backend       cmodel"));
    run(NULL, "gemm --help");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "--dtype-a"));
    run(NULL, "info --help");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "--backend"));
    run(NULL, "--help");
    ck_assert_ptr_nonnull(strstr(res.out, "gemm --a A.npy"));
    run(NULL, "info --backend fpga");
    ck_assert_int_eq(res.status, 2);
    ck_assert_ptr_nonnull(strstr(res.err, "unknown backend 'fpga'"));
}
END_TEST

/* Run a failing gemm; check exit, message, and that no output exists. */
static void expect_fail(const char *env, const char *args, int status, const char *msg)
{
    unlink(DIR "/out.npy");
    char full[1024];
    snprintf(full, sizeof full, "gemm %s --out " DIR "/out.npy", args);
    run(env, full);
    ck_assert_msg(res.status == status, "'%s': exit %d, want %d (stderr: %s)", full, res.status, status, res.err);
    ck_assert_msg(strstr(res.err, msg) != NULL, "'%s': stderr '%s' lacks '%s'", full, res.err, msg);
    ck_assert_msg(!exists(DIR "/out.npy"), "'%s': an output file was written", full);
    glob_t g;
    ck_assert_msg(glob(DIR "/out.npy.tmp*", 0, NULL, &g) == GLOB_NOMATCH, "'%s': a temporary file is left", full);
}

START_TEST(bad_inputs)
{
    setup();
    float f[64];
    for (int i = 0; i < 64; i++)
        f[i] = (float)i * 0.25f;
    write_npy(DIR "/a34.npy", "<f4", 3, 4, f, 4);
    write_npy(DIR "/b42.npy", "<f4", 4, 2, f, 4);
    write_npy(DIR "/b52.npy", "<f4", 5, 2, f, 4);
    write_npy_raw(DIR "/trunc.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", f, 40);
    write_npy_raw(DIR "/long.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", f, 52);
    write_npy_raw(DIR "/f8.npy", "{'descr': '<f8', 'fortran_order': False, 'shape': (3, 2), }", f, 48);
    write_npy_raw(DIR "/be.npy", "{'descr': '>f4', 'fortran_order': False, 'shape': (3, 4), }", f, 48);
    write_npy_raw(DIR "/rank1.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (12,), }", f, 48);
    write_npy_raw(DIR "/rank3.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3, 4), }", f, 48);
    write_npy_raw(DIR "/zero.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (0, 4), }", f, 0);
    write_npy_raw(DIR "/fortran.npy", "{'descr': '<f4', 'fortran_order': True, 'shape': (3, 4), }", f, 48);
    write_npy(DIR "/u8.npy", "|u1", 3, 4, f, 1);
    write_npy(DIR "/c33.npy", "<f4", 3, 3, f, 4);
    FILE *t = fopen(DIR "/text.npy", "w");
    fputs("1,2,3\n4,5,6\n", t);
    fclose(t);
    t = fopen(DIR "/short.npy", "wb");
    fwrite("\x93NUMPY\x01\x00\x76", 1, 9, t);
    fclose(t);
    unsigned big = 300; /* 300 x 300 float32 -> bf16: 180 KB of operands */
    float *bf = calloc((size_t)big * big, 4);
    write_npy(DIR "/big.npy", "<f4", big, big, bf, 4);
    free(bf);

    const char *ab = "--dtype-a bf16 --dtype-b bf16 --out-dtype fp32";
    char a[512];
#define CASE(files, status, msg)                                      \
    do {                                                              \
        snprintf(a, sizeof a, "%s %s", files, ab);                    \
        expect_fail(NULL, a, status, msg);                            \
    } while (0)
    CASE("--a " DIR "/missing.npy --b " DIR "/b42.npy", 1, "cannot open");
    CASE("--a " DIR "/trunc.npy --b " DIR "/b42.npy", 1, "is truncated");
    CASE("--a " DIR "/long.npy --b " DIR "/b42.npy", 1, "bytes after its data");
    CASE("--a " DIR "/short.npy --b " DIR "/b42.npy", 1, "truncated .npy header");
    CASE("--a " DIR "/text.npy --b " DIR "/b42.npy", 1, "is not a .npy file");
    CASE("--a " DIR "/f8.npy --b " DIR "/b42.npy", 1, "dtype '<f8' is not supported");
    CASE("--a " DIR "/be.npy --b " DIR "/b42.npy", 1, "dtype '>f4' is not supported");
    CASE("--a " DIR "/u8.npy --b " DIR "/b42.npy", 1, "bf16 takes float32 '<f4' or its raw bits '<u2'");
    CASE("--a " DIR "/rank1.npy --b " DIR "/b42.npy", 1, "has 1 dimensions");
    CASE("--a " DIR "/rank3.npy --b " DIR "/b42.npy", 1, "has 3 dimensions");
    CASE("--a " DIR "/fortran.npy --b " DIR "/b42.npy", 1, "Fortran-order");
    CASE("--a " DIR "/a34.npy --b " DIR "/b52.npy", 1, "shapes do not match");
    CASE("--a " DIR "/zero.npy --b " DIR "/b42.npy", 1, "zero dimension");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --c " DIR "/c33.npy", 1, "must be 3 x 2");
    CASE("--a " DIR "/big.npy --b " DIR "/big.npy --dram-size 262144", 1, "beyond the device's 262144 bytes");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --frobnicate", 2, "unknown option '--frobnicate'");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --round up", 2, "bad --round 'up'");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --seed -1", 2, "bad --seed");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --backend fpga", 2, "unknown backend");
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-a int8 --dtype-b bf16 --out-dtype fp32", 2,
                "int8 multiplies only with int8");
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-a int8 --dtype-b int8 --out-dtype int32", 1,
                "int8 takes int8 '|i1' only");
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-a bf16 --dtype-b bf16 --out-dtype int8", 2,
                "is not an output");
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-a fp32 --dtype-b bf16 --out-dtype fp32", 2,
                "not fp32");
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-a bf17 --dtype-b bf16 --out-dtype fp32", 2,
                "unknown format 'bf17'");
    /* The device: an error it reports, and a timeout, on both backends. */
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --timeout 3", 3, "did not finish within 3 model steps");
    CASE("--a " DIR "/a34.npy --b " DIR "/b42.npy --timeout 40 --backend rtl", 3, "did not finish within 40 cycles");
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy %s", ab);
    expect_fail("TRNLITE_TEST_FAULT=b", a, 3, "device error 17 (RD_SLVERR) in the DMA engine");
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy --backend rtl %s", ab);
    expect_fail("TRNLITE_TEST_FAULT=b", a, 3, "DMA: a DRAM read answered SLVERR");
#undef CASE
    /* An existing output survives a failing run unchanged. */
    write_npy(DIR "/keep.npy", "<f4", 3, 4, f, 4);
    run(NULL, "gemm --a " DIR "/a34.npy --b " DIR "/b52.npy --out " DIR "/keep.npy --dtype-a bf16 --dtype-b bf16 "
              "--out-dtype fp32");
    ck_assert_int_eq(res.status, 1);
    free(read_npy(DIR "/keep.npy", "<f4", 3, 4, 4));
}
END_TEST

/* Bytes of a file (malloc'd), its size in *n; NULL if it cannot be read. */
static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *d = malloc(1 << 20);
    *n = fread(d, 1, 1 << 20, f);
    fclose(f);
    return d;
}

/* A failing run of `trnlite ARGS` that names its own output `out`: exit,
 * message, and neither `out` nor a temporary file next to it. */
static void expect_fail_out(const char *args, const char *out, int status, const char *msg)
{
    run(NULL, args);
    ck_assert_msg(res.status == status, "'%s': exit %d, want %d (stderr: %s)", args, res.status, status, res.err);
    ck_assert_msg(strstr(res.err, msg) != NULL, "'%s': stderr '%s' lacks '%s'", args, res.err, msg);
    ck_assert_msg(strstr(res.err, "\n") == res.err + strlen(res.err) - 1 || strstr(res.err, "uart:"),
                  "'%s': more than one message: %s", args, res.err);
    if (out) {
        ck_assert_msg(!exists(out), "'%s': %s was written", args, out);
        char pat[600];
        snprintf(pat, sizeof pat, "%s.tmp*", out);
        glob_t g;
        ck_assert_msg(glob(pat, 0, NULL, &g) == GLOB_NOMATCH, "'%s': a temporary file is left", args);
    }
}

/* The .npy reader on every header it refuses (and the two forms it takes
 * that numpy also writes: version 2.0, spaces in the shape), the device
 * options' values, gemm's and info's remaining refusals, and outputs that
 * cannot be written: each with its message, exit status and no output. */
START_TEST(headers_options_outputs)
{
    setup();
    float f[64];
    for (int i = 0; i < 64; i++)
        f[i] = (float)i * 0.25f;
    write_npy(DIR "/a34.npy", "<f4", 3, 4, f, 4);
    write_npy(DIR "/b42.npy", "<f4", 4, 2, f, 4);
    const char *ab = "--dtype-a bf16 --dtype-b bf16 --out-dtype fp32";
    char a[1024];

    /* Version 2.0 and a shape written "(3 , 4)": the same result as v1.0. */
    snprintf(a, sizeof a, "gemm --a " DIR "/a34.npy --b " DIR "/b42.npy --out " DIR "/ref.npy %s", ab);
    run(NULL, a);
    ck_assert_msg(res.status == 0, "%s", res.err);
    write_npy_ver(DIR "/a34v2.npy", 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (3 , 4), }", f, 48, 0);
    snprintf(a, sizeof a, "gemm --a " DIR "/a34v2.npy --b " DIR "/b42.npy --out " DIR "/v2.npy %s", ab);
    run(NULL, a);
    ck_assert_msg(res.status == 0, "%s", res.err);
    size_t n1, n2;
    uint8_t *r1 = slurp(DIR "/ref.npy", &n1), *r2 = slurp(DIR "/v2.npy", &n2);
    ck_assert_ptr_nonnull(r1);
    ck_assert_ptr_nonnull(r2);
    ck_assert(n1 == n2 && memcmp(r1, r2, n1) == 0);
    free(r1);
    free(r2);

    /* Headers the reader refuses. */
    static const struct { const char *name, *dict, *msg; } hdr[] = {
        {"nodescr", "{'fortran_order': False, 'shape': (3, 4), }", "no dtype ('descr')"},
        {"longdescr", "{'descr': '<f4f4f4f4f4', 'fortran_order': False, 'shape': (3, 4), }", "unsupported dtype"},
        {"nofortran", "{'descr': '<f4', 'shape': (3, 4), }", "no 'fortran_order'"},
        {"noshape", "{'descr': '<f4', 'fortran_order': False, 'shape': 12, }", "no 'shape'"},
        {"shapechar", "{'descr': '<f4', 'fortran_order': False, 'shape': (3, x), }", "malformed shape"},
        {"shapesep", "{'descr': '<f4', 'fortran_order': False, 'shape': (3; 4), }", "malformed shape"},
        {"shapebig", "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999999, 4), }",
         "shape too large in the .npy header"},
        {"rank9", "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1), }",
         "shape too large in the .npy header"},
        {"overflow", "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 2), }",
         "shape too large"},
    };
    for (size_t i = 0; i < sizeof hdr / sizeof hdr[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, DIR "/h_%s.npy", hdr[i].name);
        write_npy_raw(path, hdr[i].dict, f, 48);
        snprintf(a, sizeof a, "--a %s --b " DIR "/b42.npy %s", path, ab);
        expect_fail(NULL, a, 1, hdr[i].msg);
    }
    write_npy_ver(DIR "/v9.npy", 9, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", f, 48, 0);
    write_npy_ver(DIR "/hlong.npy", 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }", f, 48,
                  (1u << 20) + 1);
    FILE *t = fopen(DIR "/v2short.npy", "wb"); /* a v2.0 preamble cut after 10 bytes */
    fwrite("\x93NUMPY\x02\x00\x40\x00", 1, 10, t);
    fclose(t);
    snprintf(a, sizeof a, "--a " DIR "/v9.npy --b " DIR "/b42.npy %s", ab);
    expect_fail(NULL, a, 1, ".npy format version 9 is not supported");
    snprintf(a, sizeof a, "--a " DIR "/hlong.npy --b " DIR "/b42.npy %s", ab);
    expect_fail(NULL, a, 1, ".npy header of 1048577 bytes is too long");
    snprintf(a, sizeof a, "--a " DIR "/v2short.npy --b " DIR "/b42.npy %s", ab);
    expect_fail(NULL, a, 1, "truncated .npy header");
    /* An operand piped in (/dev/stdin on a pipe): the size check needs a seek. */
    snprintf(a, sizeof a, "--a /dev/stdin --b " DIR "/b42.npy %s", ab);
    expect_fail("cat " DIR "/a34.npy |", a, 1, "'/dev/stdin': cannot seek");

    /* Device option values (exit 2), in gemm and in info. */
    static const struct { const char *opt, *msg; } dev[] = {
        {"--dram-size 0", "bad --dram-size '0'"},
        {"--dram-size 99999999999999999999999", "bad --dram-size"},
        {"--timeout 0x10", "bad --timeout '0x10'"},
        {"--baud 0", "bad --baud '0'"},
        {"--baud 12000001", "bad --baud '12000001'"},
        {"--latency 100001", "bad --latency '100001' (1..100000 cycles)"},
    };
    for (size_t i = 0; i < sizeof dev / sizeof dev[0]; i++) {
        snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy %s %s", ab, dev[i].opt);
        expect_fail(NULL, a, 2, dev[i].msg);
        snprintf(a, sizeof a, "info %s", dev[i].opt);
        expect_fail_out(a, NULL, 2, dev[i].msg);
    }
    expect_fail_out("info --frobnicate", NULL, 2, "info: unknown option '--frobnicate'");
    /* A baud rate the host's serial driver does not know (before any port is opened). */
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy %s --backend uart --port /nonexistent --baud 12345",
             ab);
    expect_fail(NULL, a, 3, "uart: baud rate 12345 is not one this host supports");

    /* gemm's own refusals. */
    expect_fail(NULL, "--a " DIR "/a34.npy --b " DIR "/b42.npy --dtype-b bf16 --out-dtype fp32", 2,
                "--dtype-a is required");
    expect_fail_out("gemm --a " DIR "/a34.npy --b " DIR "/b42.npy " "--dtype-a bf16 --dtype-b bf16 --out-dtype fp32",
                    NULL, 2, "--a, --b and --out are required");
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy --c " DIR "/nothere.npy %s", ab);
    expect_fail(NULL, a, 1, "gemm: C: cannot open");
    uint16_t c16[6] = {0};
    write_npy(DIR "/c32u2.npy", "<u2", 3, 2, c16, 2);
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy --c " DIR "/c32u2.npy %s", ab);
    expect_fail(NULL, a, 1, "has dtype '<u2'; it must be float32 '<f4'");
    snprintf(a, sizeof a, "--a " DIR "/a34.npy --b " DIR "/b42.npy %s --trace " DIR "/t.json", ab);
    expect_fail(NULL, a, 2, "--trace needs --backend rtl: the cmodel backend has no clock");
    ck_assert(!exists(DIR "/t.json"));

    /* Outputs that cannot be written: a missing directory, and a path that
     * is a directory (the temporary file is written, the rename fails). */
    mkdir(DIR "/isdir", 0777);
    snprintf(a, sizeof a, "gemm --a " DIR "/a34.npy --b " DIR "/b42.npy %s --out " DIR "/no/such/out.npy", ab);
    expect_fail_out(a, DIR "/no/such/out.npy", 1, "cannot create '" DIR "/no/such/out.npy'");
    snprintf(a, sizeof a, "gemm --a " DIR "/a34.npy --b " DIR "/b42.npy %s --out " DIR "/isdir", ab);
    run(NULL, a);
    ck_assert_msg(res.status == 1 && strstr(res.err, "cannot write '" DIR "/isdir'"), "%d %s", res.status, res.err);
    glob_t g;
    ck_assert(glob(DIR "/isdir.tmp*", 0, NULL, &g) == GLOB_NOMATCH);
    /* A trace that cannot be written (rtl backend): the GEMM's .npy is
     * complete, the trace neither exists nor leaves a temporary file. */
    unlink(DIR "/out.npy");
    snprintf(a, sizeof a, "gemm --backend rtl --a " DIR "/a34.npy --b " DIR "/b42.npy %s --out " DIR "/out.npy "
             "--trace " DIR "/isdir", ab);
    run(NULL, a);
    ck_assert_msg(res.status == 1 && strstr(res.err, "cannot write the trace '" DIR "/isdir'"), "%d %s", res.status,
                  res.err);
    ck_assert(glob(DIR "/isdir.tmp*", 0, NULL, &g) == GLOB_NOMATCH);
    free(read_npy(DIR "/out.npy", "<f4", 3, 2, 4));
    /* ... and a trace into a directory that does not exist. */
    snprintf(a, sizeof a, "gemm --backend rtl --a " DIR "/a34.npy --b " DIR "/b42.npy %s --out " DIR "/out.npy "
             "--trace " DIR "/no/such/t.json", ab);
    run(NULL, a);
    ck_assert_msg(res.status == 1 && strstr(res.err, "cannot write the trace '" DIR "/no/such/t.json'"), "%d %s",
                  res.status, res.err);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("cli_gemm");
    TCase *tc = tcase_create("cli");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, info_and_help);
    tcase_add_test(tc, gemm_cmodel_matches_tl_matmul);
    tcase_add_test(tc, gemm_rtl_matches_tl_matmul);
    tcase_add_test(tc, bad_inputs);
    tcase_add_test(tc, headers_options_outputs);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
