/*
 * trnlite convert against hostile text input (CHECKLIST.md, "Driver and
 * CLI"), through the real binary: a NUL byte inside a line, a seed written
 * with a leading zero, a sign or a hex prefix, and a 20 MiB bad line. Each
 * is refused with the line number, a non-zero exit and no output, and the
 * message quotes at most a short excerpt of the line.
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
#define IN_PATH "build/tests/convert_input_in.bin"
#define ERR_PATH "build/tests/convert_input_err.txt"

static struct {
    int status;
    char out[4096];
    char *err;      /* all of stderr (malloc'd) */
    size_t err_len;
} res;

/* Run `trnlite ARGS` with the n bytes of input on stdin. */
static void run(const char *args, const char *input, size_t n)
{
    FILE *f = fopen(IN_PATH, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(input, 1, n, f), n);
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s < " IN_PATH " 2> " ERR_PATH, bin(), args);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t got = fread(res.out, 1, sizeof res.out - 1, p);
    res.out[got] = '\0';
    int st = pclose(p);
    res.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    f = fopen(ERR_PATH, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    res.err_len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    free(res.err);
    res.err = malloc(res.err_len + 1);
    ck_assert_uint_eq(fread(res.err, 1, res.err_len, f), res.err_len);
    res.err[res.err_len] = '\0';
    fclose(f);
}

static void expect_error(const char *args, const char *input, size_t n, int status,
                         const char *msg)
{
    run(args, input, n);
    ck_assert_msg(res.status == status, "'%s': exit %d, want %d (stderr: %.200s)", args,
                  res.status, status, res.err);
    ck_assert_msg(res.out[0] == '\0', "'%s': wrote output despite the error: %.200s", args,
                  res.out);
    ck_assert_msg(strstr(res.err, msg) != NULL, "'%s': stderr '%.300s' lacks '%s'", args,
                  res.err, msg);
}

/* "3f800000\n3f80\0zz\n": before the fix the NUL ended the line and the
 * rest was ignored, so line 2 read as 3f80. */
START_TEST(nul_byte_in_line)
{
    static const char in[] = "3f800000\n3f80\0zz\n";
    expect_error("convert --from fp32 --to bf16", in, sizeof in - 1, 1,
                 "line 2: NUL byte in line: '3f80\\x00zz'");
    /* A NUL alone, and one at the very end of the input (no newline). */
    expect_error("convert --from fp32 --to bf16", "\0\n", 2, 1, "line 1: NUL byte");
    expect_error("convert --from fp32 --to bf16", "3f800000\n1\0", 11, 1, "line 2: NUL byte");
}
END_TEST

/* The seed is documented as decimal: a leading zero (read as octal by
 * strtoul base 0: 010 was 8), a sign, a hex prefix, spaces are refused;
 * 0 and 4294967295 are fine. */
START_TEST(seed_decimal_only)
{
    static const char *bad[] = {"010", "00", "0x10", "+5", "-0", " 5", "5 ", "1e3", "", "4294967296"};
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        char args[128];
        snprintf(args, sizeof args, "convert --from fp32 --to bf16 --round sr --seed '%s'", bad[i]);
        expect_error(args, "3f800000\n", 9, 2, "bad seed");
    }
    /* What a good seed means: 10 is ten (before the fix "010" was eight),
     * checked against the C model with coordinate = line number. */
    static const uint32_t seeds[] = {10, 0, 4294967295u};
    char in[64 * 9 + 1], *w = in;
    uint32_t x[64];
    for (unsigned i = 0; i < 64; i++) {
        x[i] = 0x3f800000u | (i * 0x2717u & 0xFFFFu); /* not representable in bf16 */
        w += sprintf(w, "%08x\n", x[i]);
    }
    for (unsigned k = 0; k < 3; k++) {
        char args[128], *o = res.out;
        snprintf(args, sizeof args, "convert --from fp32 --to bf16 --round sr --seed %u", seeds[k]);
        run(args, in, strlen(in));
        ck_assert_msg(res.status == 0, "'%s': exit %d (%s)", args, res.status, res.err);
        tl_convert_opts opt = {.mode = TL_RND_SR, .saturate = false, .seed = seeds[k]};
        for (unsigned i = 0; i < 64; i++, o += 5) {
            unsigned got;
            ck_assert_int_eq(sscanf(o, "%4x", &got), 1);
            uint32_t want = tl_convert(TL_FMT_FP32, TL_FMT_BF16, x[i], &opt, i);
            ck_assert_msg(got == want, "seed %u line %u: got %04x want %04x", seeds[k], i + 1,
                          got, want);
        }
    }
}
END_TEST

/* A 20 MiB line of garbage: refused, and stderr holds a short excerpt
 * and the length, not the line. */
START_TEST(overlong_bad_line_cut)
{
    const size_t n = 20u << 20;
    char *in = malloc(n + 16);
    ck_assert_ptr_nonnull(in);
    memcpy(in, "3f800000\n", 9);
    memset(in + 9, 'z', n);
    in[9 + n] = '\n';
    expect_error("convert --from fp32 --to bf16", in, n + 10, 1, "line 2: malformed hex: 'zzzz");
    free(in);
    ck_assert_msg(res.err_len < 200, "stderr is %zu bytes: the bad line was echoed", res.err_len);
    char want[64];
    snprintf(want, sizeof want, "of %zu bytes", n);
    ck_assert_msg(strstr(res.err, want) != NULL, "stderr '%s' does not give the length", res.err);
    /* A short bad line is quoted whole, as it was read (before trimming). */
    expect_error("convert --from e4m3 --to fp32", "7f\n 100 \n", 9, 1,
                 "line 2: value wider than the source format: ' 100 '");
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("convert_input");
    TCase *tc = tcase_create("convert_input");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, nul_byte_in_line);
    tcase_add_test(tc, seed_decimal_only);
    tcase_add_test(tc, overlong_bad_line_cut);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
