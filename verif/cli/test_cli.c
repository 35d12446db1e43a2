/*
 * trnlite CLI: `trnlite convert` end to end through the real binary,
 * results checked against the C model; every bad input gives a message,
 * a non-zero exit and no output at all.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tl_test.h"
#include "trnlite/numerics.h"

/* The tool under test: build/bin/trnlite, or $TRNLITE_BIN (make coverage-c
 * runs this test against its --coverage build of the tool). */
static const char *bin(void)
{
    const char *b = getenv("TRNLITE_BIN");
    return b && *b ? b : "build/bin/trnlite";
}

typedef struct {
    int status;        /* exit status */
    char out[1 << 16]; /* stdout */
    char err[4096];    /* stderr */
} run_result;

static run_result res;

/* Run `trnlite ARGS` with `input` on stdin; fill res. */
static void run(const char *args, const char *input)
{
    const char *in_path = "build/tests/cli_in.txt", *err_path = "build/tests/cli_err.txt";
    FILE *f = fopen(in_path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(input, f);
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s < %s 2> %s", bin(), args, in_path, err_path);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(res.out, 1, sizeof res.out - 1, p);
    res.out[n] = '\0';
    int st = pclose(p);
    res.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    f = fopen(err_path, "r");
    ck_assert_ptr_nonnull(f);
    n = fread(res.err, 1, sizeof res.err - 1, f);
    res.err[n] = '\0';
    fclose(f);
}

static void expect_error(const char *args, const char *input, int status, const char *msg)
{
    run(args, input);
    ck_assert_msg(res.status == status, "'%s': exit %d, want %d (stderr: %s)", args,
                  res.status, status, res.err);
    ck_assert_msg(res.out[0] == '\0', "'%s': wrote output despite the error: %s", args, res.out);
    ck_assert_msg(strstr(res.err, msg) != NULL, "'%s': stderr '%s' lacks '%s'", args, res.err, msg);
}

START_TEST(help_and_version)
{
    run("--help", "");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "convert --from FMT --to FMT"));
    run("--version", "");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "trnlite "));
    expect_error("", "", 2, "usage");
    expect_error("frobnicate", "", 2, "unknown command");
    run("convert --help", "");
    ck_assert_int_eq(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.out, "--from FMT"));
    ck_assert_str_eq(res.err, "");
}
END_TEST

START_TEST(convert_ocp_boundaries)
{
    /* fp32 448, 464, 465, inf, -0, NaN -> e4m3, both saturation modes */
    const char *in = "43e00000\n43e80000\n43e88000\n7f800000\n80000000\nffc00001\n";
    run("convert --from fp32 --to e4m3", in);
    ck_assert_int_eq(res.status, 0);
    ck_assert_str_eq(res.out, "7e\n7e\n7f\n7f\n80\n7f\n");
    run("convert --from fp32 --to e4m3 --saturate", in);
    ck_assert_int_eq(res.status, 0);
    ck_assert_str_eq(res.out, "7e\n7e\n7e\n7e\n80\n7f\n");
    /* e5m2: 57344, 61440 (tie) */
    run("convert --from fp32 --to e5m2 --no-saturate", "47600000\n47700000\n");
    ck_assert_str_eq(res.out, "7b\n7c\n");
    run("convert --from fp32 --to e5m2 --saturate", "0x47600000\n0X47700000\n");
    ck_assert_str_eq(res.out, "7b\n7b\n");
    /* widening keeps -0 and makes NaN canonical; int8 -> fp32 */
    run("convert --from e5m2 --to fp32", "80\nff\n");
    ck_assert_str_eq(res.out, "80000000\n7fc00000\n");
    run("convert --from int8 --to fp32", "80\n7f\n");
    ck_assert_str_eq(res.out, "c3000000\n42fe0000\n");
}
END_TEST

/* More lines than the tool's first buffer (1,024): it grows, and the SR
 * coordinates go on counting across the growth. */
#define NSR 3000
START_TEST(convert_matches_cmodel_with_sr_coordinates)
{
    tl_rng rng = {tl_test_seed(1)};
    static char in[NSR * 12];
    uint32_t vals[NSR];
    char *p = in;
    for (int i = 0; i < NSR; i++) {
        vals[i] = tl_rng_u32(&rng);
        p += sprintf(p, "%08x\n", vals[i]);
    }
    run("convert --from fp32 --to bf16 --round sr --seed 77", in);
    ck_assert_int_eq(res.status, 0);
    tl_convert_opts o = {.mode = TL_RND_SR, .saturate = false, .seed = 77};
    char *line = res.out;
    for (int i = 0; i < NSR; i++) {
        uint32_t want = tl_convert(TL_FMT_FP32, TL_FMT_BF16, vals[i], &o, (uint32_t)i);
        unsigned got = (unsigned)strtoul(line, &line, 16);
        ck_assert_msg(got == want, "line %d: in %08x got %04x want %04x", i, vals[i], got, want);
    }
}
END_TEST

START_TEST(convert_bad_input)
{
    expect_error("convert --from fp32 --to bf16", "3f800000\nzz\n", 1, "line 2: malformed hex");
    expect_error("convert --from e4m3 --to fp32", "7f\n100\n", 1, "line 2: value wider");
    expect_error("convert --from fp32 --to bf16", "3f800000\n\n", 1, "line 2: empty");
    expect_error("convert --from fp33 --to bf16", "", 2, "unknown format 'fp33'");
    expect_error("convert --from fp32 --to int8", "", 2, "unsupported conversion fp32 -> int8");
    expect_error("convert --from int32 --to fp32", "", 2, "unsupported conversion");
    expect_error("convert --from fp32 --to bf16 --round rtz", "", 2, "unknown rounding mode");
    expect_error("convert --from fp32 --to bf16 --seed -1", "", 2, "bad seed");
    expect_error("convert --from fp32 --to bf16 --seed 4294967296", "", 2, "bad seed");
    expect_error("convert --to bf16", "", 2, "--from and --to are required");
    expect_error("convert --from fp32 --to bf16 --bogus", "", 2, "unknown or incomplete option");
    /* Standard input that cannot be read (a directory), standard output
     * that cannot be written (a full device): exit 1 and the message. */
    static const struct { const char *redir, *msg; } io[] = {
        {"< build/tests > /dev/null", "convert: error reading standard input"},
        {"< /dev/null > /dev/full", NULL},
        {"< build/tests/cli_in.txt > /dev/full", "convert: error writing standard output"},
    };
    FILE *f = fopen("build/tests/cli_in.txt", "w");
    ck_assert_ptr_nonnull(f);
    fputs("3f800000\n", f);
    fclose(f);
    for (size_t i = 0; i < sizeof io / sizeof io[0]; i++) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "%s convert --from fp32 --to bf16 %s 2> build/tests/cli_err.txt", bin(), io[i].redir);
        int st = system(cmd);
        int code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        f = fopen("build/tests/cli_err.txt", "r");
        ck_assert_ptr_nonnull(f);
        size_t n = fread(res.err, 1, sizeof res.err - 1, f);
        res.err[n] = '\0';
        fclose(f);
        if (!io[i].msg) { /* nothing to write: nothing fails */
            ck_assert_msg(code == 0 && n == 0, "'%s': exit %d, stderr '%s'", cmd, code, res.err);
            continue;
        }
        ck_assert_msg(code == 1, "'%s': exit %d, want 1 (stderr: %s)", cmd, code, res.err);
        ck_assert_msg(strstr(res.err, io[i].msg) != NULL, "'%s': stderr '%s' lacks '%s'", cmd, res.err, io[i].msg);
    }
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("convert");
    tcase_add_test(tc, help_and_version);
    tcase_add_test(tc, convert_ocp_boundaries);
    tcase_add_test(tc, convert_matches_cmodel_with_sr_coordinates);
    tcase_add_test(tc, convert_bad_input);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
