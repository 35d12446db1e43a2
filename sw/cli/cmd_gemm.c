/*
 * trnlite gemm and trnlite info: the driver (sw/rt) on a backend chosen
 * at run time (sw/hal), .npy in and out, a performance report after the
 * run (docs/driver.md sections 3 and 5). Every input is read and checked
 * before the device runs; the output is written to a temporary file and
 * renamed, so an error never leaves a partial OUT.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hal_trace.h"
#include "npy.h"
#include "tl_hal_host.h"
#include "tl_rt.h"
#include "trnlite/csr.h"
#include "trnlite/numerics.h"

/* ---------------------------------------------------------------- info */

void cmd_info_help(FILE *out)
{
    fputs("  info [--backend cmodel|rtl]\n"
          "      Print the configuration read from the device's CSRs.\n", out);
}

int cmd_info(int argc, char **argv)
{
    cli_dev_opts o = {.backend = "cmodel"};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs("usage: trnlite", stdout);
            cmd_info_help(stdout);
            cli_dev_opts_help(stdout);
            return CLI_OK;
        }
        int t = cli_dev_opt("info", argc, argv, &i, &o);
        if (t < 0)
            return CLI_EUSAGE;
        if (t == 0) {
            cli_error("info: unknown option '%s' (try 'trnlite info --help')", argv[i]);
            return CLI_EUSAGE;
        }
    }
    tl_hal hal;
    tl_dev dev;
    int rc = cli_open_device("info", &o, &hal, &dev);
    if (rc)
        return rc;
    const tl_core_config *c = &dev.cfg;
    uint32_t fmt = 0;
    tl_rt_csr_read(&dev, (uint32_t)offsetof(trnlite_csr_t, CFG_FMT), &fmt);
    printf("backend       %s\n", hal.name);
    printf("core          trnlite %u.%u.%u\n", dev.version >> 16, (dev.version >> 8) & 0xFF, dev.version & 0xFF);
    printf("array         %u x %u\n", c->rows, c->cols);
    printf("SBUF          %u partitions x %u bytes\n", c->rows, 1u << c->sbuf_part_log2);
    printf("PSUM          %u partitions x %u banks x %u entries (32-bit)\n", c->cols, c->psum_banks,
           1u << c->psum_bank_log2);
    printf("bus           %u-bit data, %u-bit addresses\n", c->data_width, c->addr_width);
    printf("semaphores    %u\n", c->sems);
    printf("DMA queues    %u\n", c->dma_queues);
    printf("formats       tensor engine inputs 0x%02x, activation outputs 0x%02x, SR %s\n", fmt & 0xFF,
           (fmt >> 8) & 0xFF, (fmt >> 16) & 1 ? "yes" : "no");
    printf("DRAM          0x%llx..0x%llx (%llu bytes)\n", (unsigned long long)dev.dram_base,
           (unsigned long long)(dev.dram_base + dev.dram_size - 1), (unsigned long long)dev.dram_size);
    tl_hal_close(&hal);
    return CLI_OK;
}

/* ---------------------------------------------------------------- gemm */

void cmd_gemm_help(FILE *out)
{
    fputs("  gemm --a A.npy --b B.npy [--c C.npy] --out OUT.npy --dtype-a T --dtype-b T\n"
          "       --out-dtype T [--round rne|sr] [--seed N] [--saturate|--no-saturate]\n"
          "       [--backend cmodel|rtl] [--dram-size N] [--timeout N] [--latency N]\n"
          "       [--trace FILE.json]\n"
          "      OUT = A (M x K) @ B (K x N) [+ C] on the device: K in tiles of the\n"
          "      array's rows, tile sums added in order into C (or 0), each add RNE.\n"
          "      --dtype-a/-b  bf16 fp16 e4m3 e5m2 (any pair), or int8 with int8.\n"
          "                    A .npy of float32 is converted with RNE; raw bits are\n"
          "                    uint16 (bf16, fp16), uint8 (e4m3, e5m2), int8 (int8).\n"
          "      --c           float32 M x N (int32 for int8), added first.\n"
          "      --out-dtype   fp32 (float32 .npy) or bf16 fp16 e4m3 e5m2 (raw bits:\n"
          "                    uint16 or uint8 .npy); int32 for int8 inputs.\n"
          "      --round       narrowing of OUT: rne (default) or sr; SR uses element\n"
          "                    m*N + n of OUT as its coordinate and --seed (default 0)\n"
          "      --saturate / --no-saturate  FP8 OUT overflow to +-max, or to NaN\n"
          "                    (e4m3) / inf (e5m2); default --no-saturate\n"
          "      --trace       rtl: write the engine timeline as Chrome/Perfetto trace\n"
          "                    JSON (one track per engine, DMA queue and semaphore\n"
          "                    waits; ts and dur in core cycles)\n"
          "      Prints a performance report from the core's counters.\n", out);
}

typedef struct {
    const char *a, *b, *c, *out;
    const char *ta, *tb, *to;
    const char *trace;
    tl_round round;
    uint32_t seed;
    bool saturate;
    cli_dev_opts dev;
} gemm_opts;


/* Load an operand and bring it to fmt: raw bits as they are, float32
 * converted with RNE (cmodel's tl_convert, ARCHITECTURE.md 5.3). */
static int load_operand(const char *what, const char *path, tl_fmt fmt, npy_array *a, uint8_t **bits)
{
    char err[512];
    if (npy_read(path, a, err, sizeof err)) {
        cli_error("gemm: %s: %s", what, err);
        return -1;
    }
    if (a->ndim != 2) {
        cli_error("gemm: %s '%s' has %u dimensions; a matrix has 2", what, path, a->ndim);
        return -1;
    }
    if (a->shape[0] == 0 || a->shape[1] == 0) {
        cli_error("gemm: %s '%s' has a zero dimension (%llu x %llu)", what, path,
                  (unsigned long long)a->shape[0], (unsigned long long)a->shape[1]);
        return -1;
    }
    if (a->shape[0] > UINT32_MAX || a->shape[1] > UINT32_MAX) {
        cli_error("gemm: %s '%s' is too large", what, path);
        return -1;
    }
    size_t n = (size_t)(a->shape[0] * a->shape[1]);
    const char *raw = cli_raw_descr(fmt);
    if (strcmp(a->descr, raw) == 0) {
        *bits = a->data;
        return 0;
    }
    if (strcmp(a->descr, "<f4") == 0 && tl_fmt_is_float(fmt)) {
        unsigned es = tl_dma_esize(fmt);
        uint8_t *p = malloc(n * es + 1);
        if (!p) {
            cli_error("gemm: out of memory");
            return -1;
        }
        tl_convert_opts o = {.mode = TL_RND_RNE};
        for (size_t i = 0; i < n; i++) {
            const uint8_t *s = a->data + 4 * i;
            uint32_t f = s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
            uint32_t v = tl_convert(TL_FMT_FP32, fmt, f, &o, (uint32_t)i);
            for (unsigned b = 0; b < es; b++)
                p[i * es + b] = (uint8_t)(v >> (8 * b));
        }
        free(a->data);
        a->data = p;
        *bits = p;
        return 0;
    }
    if (fmt == TL_FMT_INT8)
        cli_error("gemm: %s '%s' has dtype '%s'; int8 takes int8 '|i1' only", what, path, a->descr);
    else
        cli_error("gemm: %s '%s' has dtype '%s'; %s takes float32 '<f4' or its raw bits '%s'", what, path,
                  a->descr, tl_fmt_name(fmt), raw);
    return -1;
}

static int parse_fmt(const char *opt, const char *s, tl_fmt *f)
{
    if (!s) {
        cli_error("gemm: %s is required (try 'trnlite gemm --help')", opt);
        return -1;
    }
    if (tl_fmt_parse(s, f)) {
        cli_error("gemm: unknown format '%s' for %s", s, opt);
        return -1;
    }
    return 0;
}


static int parse_gemm(int argc, char **argv, gemm_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        int t = cli_dev_opt("gemm", argc, argv, &i, &o->dev);
        if (t < 0)
            return CLI_EUSAGE;
        if (t > 0)
            continue;
        if (strcmp(a, "--a") == 0 && has_val) o->a = argv[++i];
        else if (strcmp(a, "--b") == 0 && has_val) o->b = argv[++i];
        else if (strcmp(a, "--c") == 0 && has_val) o->c = argv[++i];
        else if (strcmp(a, "--out") == 0 && has_val) o->out = argv[++i];
        else if (strcmp(a, "--dtype-a") == 0 && has_val) o->ta = argv[++i];
        else if (strcmp(a, "--dtype-b") == 0 && has_val) o->tb = argv[++i];
        else if (strcmp(a, "--out-dtype") == 0 && has_val) o->to = argv[++i];
        else if (strcmp(a, "--trace") == 0 && has_val) o->trace = argv[++i];
        else if (strcmp(a, "--round") == 0 && has_val) {
            const char *m = argv[++i];
            if (strcmp(m, "rne") == 0) o->round = TL_RND_RNE;
            else if (strcmp(m, "sr") == 0) o->round = TL_RND_SR;
            else {
                cli_error("gemm: bad --round '%s' (rne or sr)", m);
                return CLI_EUSAGE;
            }
        } else if (strcmp(a, "--seed") == 0 && has_val) {
            uint64_t v;
            if (cli_parse_u64(argv[++i], &v) || v > UINT32_MAX) {
                cli_error("gemm: bad --seed '%s' (0..4294967295)", argv[i]);
                return CLI_EUSAGE;
            }
            o->seed = (uint32_t)v;
        } else if (strcmp(a, "--saturate") == 0) o->saturate = true;
        else if (strcmp(a, "--no-saturate") == 0) o->saturate = false;
        else {
            static const char *const valued[] = {"--a", "--b", "--c", "--out", "--dtype-a", "--dtype-b",
                                                 "--out-dtype", "--round", "--seed", "--trace", NULL};
            return cli_opt_other("gemm", a, has_val, valued, cmd_gemm_help);
        }
    }
    if (!o->a || !o->b || !o->out) {
        cli_error("gemm: --a, --b and --out are required (try 'trnlite gemm --help')");
        return CLI_EUSAGE;
    }
    if (o->trace && strcmp(o->dev.backend, "rtl") != 0) {
        cli_error("gemm: --trace needs --backend rtl: the %s backend has no clock, so no timeline", o->dev.backend);
        return CLI_EUSAGE;
    }
    return CLI_OK;
}


int cmd_gemm(int argc, char **argv)
{
    gemm_opts o = {.dev = {.backend = "cmodel"}, .round = TL_RND_RNE};
    int rc = parse_gemm(argc, argv, &o);
    if (rc < 0)
        return CLI_OK; /* --help */
    if (rc)
        return rc;
    tl_fmt fa, fb, fo;
    if (parse_fmt("--dtype-a", o.ta, &fa) || parse_fmt("--dtype-b", o.tb, &fb) || parse_fmt("--out-dtype", o.to, &fo))
        return CLI_EUSAGE;
    bool i8 = fa == TL_FMT_INT8 || fb == TL_FMT_INT8;
    if (i8 && fa != fb) {
        cli_error("gemm: int8 multiplies only with int8 (--dtype-a %s --dtype-b %s)", o.ta, o.tb);
        return CLI_EUSAGE;
    }
    if (fa == TL_FMT_FP32 || fb == TL_FMT_FP32 || fa == TL_FMT_INT32 || fb == TL_FMT_INT32) {
        cli_error("gemm: the tensor engine takes bf16, fp16, e4m3, e5m2 or int8 inputs, not %s",
                  tl_fmt_name(fa == TL_FMT_FP32 || fa == TL_FMT_INT32 ? fa : fb));
        return CLI_EUSAGE;
    }
    if (i8 ? fo != TL_FMT_INT32 : !(tl_fmt_is_float(fo))) {
        cli_error("gemm: --out-dtype %s is not an output of %s x %s (%s)", o.to, o.ta, o.tb,
                  i8 ? "int8 gives int32" : "fp32, bf16, fp16, e4m3 or e5m2");
        return CLI_EUSAGE;
    }

    npy_array A = {0}, B = {0}, C = {0};
    uint8_t *a_bits, *b_bits, *c_bits = NULL, *out = NULL;
    tl_hal hal = {0};
    tl_dev dev;
    bool opened = false;
    tl_trace *trace = NULL;
    rc = CLI_EINPUT;
    if (load_operand("A", o.a, fa, &A, &a_bits) || load_operand("B", o.b, fb, &B, &b_bits))
        goto done;
    uint32_t M = (uint32_t)A.shape[0], K = (uint32_t)A.shape[1], N = (uint32_t)B.shape[1];
    if (B.shape[0] != K) {
        cli_error("gemm: shapes do not match: A is %u x %u, B is %llu x %u (B needs %u rows)", M, K,
                  (unsigned long long)B.shape[0], N, K);
        goto done;
    }
    tl_fmt acc = tl_rt_gemm_acc_fmt(fa, fb);
    if (o.c) {
        char err[512];
        if (npy_read(o.c, &C, err, sizeof err)) {
            cli_error("gemm: C: %s", err);
            goto done;
        }
        if (C.ndim != 2 || C.shape[0] != M || C.shape[1] != N) {
            cli_error("gemm: C '%s' must be %u x %u (the output's shape)", o.c, M, N);
            goto done;
        }
        if (strcmp(C.descr, cli_raw_descr(acc)) != 0) {
            cli_error("gemm: C '%s' has dtype '%s'; it must be %s", o.c, C.descr,
                      acc == TL_FMT_INT32 ? "int32 '<i4' (int8 inputs)" : "float32 '<f4'");
            goto done;
        }
        c_bits = C.data;
    }
    /* The device. */
    rc = cli_open_device("gemm", &o.dev, &hal, &dev);
    if (rc)
        goto done;
    opened = true;
    rc = CLI_EINPUT;
    unsigned eo = tl_dma_esize(fo);
    size_t out_bytes = (size_t)M * N * eo;
    tl_rt_gemm_args g = {M, K, N, fa, fb, fo, 0, 0, 0, 0, o.c != NULL, o.round, o.saturate, o.seed};
    uint64_t need = (uint64_t)M * K * tl_dma_esize(fa) + (uint64_t)K * N * tl_dma_esize(fb) +
                    (o.c ? C.nbytes : 0) + out_bytes + 3ull * TL_RT_RING_SLOTS * 128;
    int r = cli_upload(&dev, a_bits, (size_t)M * K * tl_dma_esize(fa), &g.a);
    if (!r)
        r = cli_upload(&dev, b_bits, (size_t)K * N * tl_dma_esize(fb), &g.b);
    if (!r && o.c)
        r = cli_upload(&dev, c_bits, C.nbytes, &g.c);
    if (!r)
        r = cli_upload(&dev, NULL, out_bytes, &g.out);
    if (r == TL_RT_ENOMEM) {
        cli_error("gemm: the operands and rings need %llu bytes, beyond the device's %llu bytes of DRAM (--dram-size)",
                  (unsigned long long)need, (unsigned long long)dev.dram_size);
        goto done;
    }
    if (r) {
        cli_error("gemm: uploading the operands failed: %s", tl_rt_strerror(r));
        rc = CLI_EDEVICE;
        goto done;
    }
    /* Test hook (verif/cli): a bus error on the DRAM holding B. */
    const char *fault = getenv("TRNLITE_TEST_FAULT");
    if (fault && strcmp(fault, "b") == 0)
        tl_hal_add_fault(&hal, g.b, g.b + (uint64_t)K * N * tl_dma_esize(fb) - 1, false, 2);
    r = tl_rt_gemm_check(&dev, &g);
    if (r) {
        cli_error("gemm: %u x %u x %u does not fit the device: %s", M, K, N, tl_rt_strerror(r));
        goto done;
    }
    if (o.trace) {
        trace = tl_trace_new(dev.cfg.dma_queues);
        if (!trace && errno == ENOMEM) {
            cli_error("gemm: --trace: out of memory");
            rc = CLI_EINPUT;
            goto done;
        }
        if (!trace || tl_hal_trace(&hal, trace) != TL_HAL_OK) {
            cli_error("gemm: --trace: the %s backend gives no timeline", hal.name);
            rc = CLI_EUSAGE;
            goto done;
        }
    }
    tl_rt_gemm_stats st;
    r = tl_rt_gemm(&dev, &g, &st);
    if (trace)
        tl_hal_trace(&hal, NULL);
    if (r) {
        rc = cli_device_error("gemm", &dev, &hal, r);
        goto done;
    }
    out = malloc(out_bytes + 1);
    if (!out) {
        cli_error("gemm: out of memory for the %zu-byte result", (size_t)out_bytes);
        goto done;
    }
    if (hal.dram_read(hal.ctx, g.out, out, out_bytes) != TL_HAL_OK) {
        cli_error("gemm: cannot read the result back");
        rc = CLI_EDEVICE;
        goto done;
    }
    char err[512];
    if (npy_write(o.out, cli_raw_descr(fo), M, N, out, err, sizeof err)) {
        cli_error("gemm: %s", err);
        goto done;
    }
    printf("gemm: %u x %u x %u, %s x %s -> %s%s%s on %s (%u x %u array): wrote %s\n", M, K, N, tl_fmt_name(fa),
           tl_fmt_name(fb), tl_fmt_name(fo), o.c ? " + C" : "",
           fo != acc ? (o.round == TL_RND_SR ? " SR" : " RNE") : "", hal.name, dev.cfg.rows, dev.cfg.cols, o.out);
    printf("perf: %u matmuls, %u DMAs in %u batch%s; blocks of %u x %u, %u SBUF %s, B %s\n", st.matmuls,
           st.dmas, st.batches, st.batches == 1 ? "" : "es", st.mb, st.nb, st.slots,
           st.a_panels ? "A^T panels" : "slots", st.b_resident ? "resident" : "streamed");
    cli_perf_report("gemm", &dev, st.dram_bytes);
    if (trace) {
        if (tl_trace_write_json(trace, o.trace)) {
            cli_error("gemm: cannot write the trace '%s': %s", o.trace, strerror(errno));
            goto done;
        }
        printf("trace: %llu instructions, %llu semaphore waits: wrote %s\n",
               (unsigned long long)tl_trace_insns(trace), (unsigned long long)tl_trace_waits(trace), o.trace);
    }
    rc = CLI_OK;
done:
    tl_trace_free(trace);
    free(out);
    npy_free(&A);
    npy_free(&B);
    npy_free(&C);
    if (opened)
        tl_hal_close(&hal);
    return rc;
}
