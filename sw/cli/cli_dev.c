/*
 * What the device commands of the trnlite CLI share (docs/driver.md
 * section 5): the device options, opening a backend, uploads, .npy dtypes
 * of raw bits, device-error messages and the performance report.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!*s || *s < '0' || *s > '9')
        return -1;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

void cli_dev_opts_help(FILE *out)
{
    fputs("      --backend B   cmodel (the whole-core C model, default), rtl (the\n"
          "                    Verilated trnlite_core linked into this tool), systemc-lt\n"
          "                    or systemc-rtl (the same core as SystemC/TLM-2.0 modules,\n"
          "                    docs/systemc.md; timeout and latency in cycles) or uart\n"
          "                    (a board through its UART bridge, docs/board.md)\n"
          "      --port P      uart: the serial port (default /dev/ttyUSB0)\n"
          "      --baud N      uart: line rate (default 2000000, the bitstream's)\n"
          "      --like-rtl    cmodel: configure the model like the rtl build (same\n"
          "                    array, memories and bus), so that both give the same bits\n"
          "      --dram-size N device DRAM in bytes (default 67108864)\n"
          "      --timeout N   give up waiting for the device after N cycles (rtl) or\n"
          "                    model steps (cmodel); default 67108864\n"
          "      --latency N   rtl: DRAM latency in cycles (default 1)\n", out);
}

int cli_dev_opt(const char *cmd, int argc, char **argv, int *i, cli_dev_opts *o)
{
    const char *a = argv[*i];
    bool has_val = *i + 1 < argc;
    uint64_t v;
    if (strcmp(a, "--backend") == 0 && has_val) {
        o->backend = argv[++*i];
    } else if (strcmp(a, "--like-rtl") == 0) {
        o->like_rtl = true;
    } else if (strcmp(a, "--dram-size") == 0 && has_val) {
        if (cli_parse_u64(argv[++*i], &v) || v == 0) {
            cli_error("%s: bad --dram-size '%s' (bytes, decimal)", cmd, argv[*i]);
            return -1;
        }
        o->dram_size = v;
    } else if (strcmp(a, "--timeout") == 0 && has_val) {
        if (cli_parse_u64(argv[++*i], &v) || v == 0) {
            cli_error("%s: bad --timeout '%s' (a positive decimal number)", cmd, argv[*i]);
            return -1;
        }
        o->timeout = v;
    } else if (strcmp(a, "--port") == 0 && has_val) {
        o->port = argv[++*i];
    } else if (strcmp(a, "--baud") == 0 && has_val) {
        if (cli_parse_u64(argv[++*i], &v) || v == 0 || v > 12000000) {
            cli_error("%s: bad --baud '%s' (a positive decimal number of bits per second)", cmd, argv[*i]);
            return -1;
        }
        o->baud = (unsigned)v;
    } else if (strcmp(a, "--latency") == 0 && has_val) {
        if (cli_parse_u64(argv[++*i], &v) || v == 0 || v > 100000) {
            cli_error("%s: bad --latency '%s' (1..100000 cycles)", cmd, argv[*i]);
            return -1;
        }
        o->latency = (unsigned)v;
    } else {
        return 0;
    }
    return 1;
}

int cli_opt_other(const char *cmd, const char *a, bool has_val, const char *const *valued, void (*help)(FILE *))
{
    static const char *const dev[] = {"--backend", "--dram-size", "--timeout", "--latency", "--port", "--baud", NULL};
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        fputs("usage: trnlite", stdout);
        help(stdout);
        cli_dev_opts_help(stdout);
        return -1;
    }
    bool known = false;
    for (const char *const *l = valued; *l; l++)
        known |= strcmp(a, *l) == 0;
    for (const char *const *l = dev; *l; l++)
        known |= strcmp(a, *l) == 0;
    if (known && !has_val)
        cli_error("%s: option '%s' needs a value", cmd, a);
    else
        cli_error("%s: unknown option '%s' (try 'trnlite %s --help')", cmd, a, cmd);
    return CLI_EUSAGE;
}

/* The configuration of the linked Verilated build, read from its CSRs.
 * Returns NULL, or why it could not (for "cannot read ...: %s"). */
static const char *rtl_config(tl_core_config *cfg)
{
    tl_hal h;
    tl_dev d;
    tl_hal_opts ho = {.dram_size = 1u << 20};
    int rc = tl_hal_open("rtl", &ho, &h);
    if (rc != TL_HAL_OK)
        return tl_hal_strerror(rc);
    rc = tl_rt_open(&d, &h);
    *cfg = d.cfg;
    tl_hal_close(&h);
    return rc == TL_RT_OK ? NULL : tl_rt_strerror(rc);
}

int cli_open_device(const char *cmd, const cli_dev_opts *o, tl_hal *hal, tl_dev *dev)
{
    tl_core_config cfg;
    tl_hal_opts ho = {.dram_size = o->dram_size, .latency = o->latency, .port = o->port, .baud = o->baud};
    if (o->like_rtl && strcmp(o->backend, "cmodel") == 0) {
        const char *why = rtl_config(&cfg);
        if (why) {
            cli_error("%s: --like-rtl: cannot read the rtl build's configuration: %s", cmd, why);
            return CLI_EDEVICE;
        }
        ho.cfg = &cfg;
    }
    int rc = tl_hal_open(o->backend, &ho, hal);
    if (rc == TL_HAL_ENODEV && strcmp(o->backend, "cmodel") != 0 && strcmp(o->backend, "rtl") != 0 &&
        strcmp(o->backend, "uart") != 0) {
        cli_error("%s: unknown backend '%s' (%s)", cmd, o->backend, tl_hal_backends());
        return CLI_EUSAGE;
    }
    if (rc != TL_HAL_OK) {
        cli_error("%s: cannot open the %s backend: %s", cmd, o->backend, tl_hal_strerror(rc));
        return CLI_EDEVICE;
    }
    rc = tl_rt_open(dev, hal);
    if (rc != TL_RT_OK) {
        cli_error("%s: cannot open the device on %s: %s", cmd, o->backend, tl_rt_strerror(rc));
        tl_hal_close(hal);
        return CLI_EDEVICE;
    }
    if (o->timeout)
        dev->timeout = o->timeout;
    return CLI_OK;
}

const char *cli_raw_descr(tl_fmt f)
{
    switch (f) {
    case TL_FMT_BF16:
    case TL_FMT_FP16: return "<u2";
    case TL_FMT_E4M3:
    case TL_FMT_E5M2: return "|u1";
    case TL_FMT_INT8: return "|i1";
    case TL_FMT_INT32: return "<i4";
    default: return "<f4";
    }
}

int cli_upload(tl_dev *dev, const void *src, size_t n, uint64_t *addr)
{
    int rc = tl_rt_alloc(dev, n, 64, addr);
    if (rc == TL_RT_OK && src && dev->hal->dram_write(dev->hal->ctx, *addr, src, n) != TL_HAL_OK)
        rc = TL_RT_EHAL;
    return rc;
}

int cli_device_error(const char *cmd, const tl_dev *dev, const tl_hal *hal, int r)
{
    if (r == TL_RT_EDEVICE) {
        char where[32] = "";
        if (dev->err.code > TL_ISA_ERR_DMA)
            snprintf(where, sizeof where, " (queue %u)", dev->err.queue);
        cli_error("%s: device error %u (%s) in the %s engine%s: %s; instruction at 0x%llx, address 0x%llx", cmd,
                  dev->err.code, tl_isa_strerror(dev->err.code), tl_rt_engine_name(dev->err.engine), where,
                  tl_rt_device_message(dev->err.code), (unsigned long long)dev->err.pc,
                  (unsigned long long)dev->err.addr);
    } else if (r == TL_RT_ETIMEOUT) {
        cli_error("%s: the device did not finish within %llu %s (--timeout); it was reset", cmd,
                  (unsigned long long)dev->timeout, strcmp(hal->name, "cmodel") == 0 ? "model steps" : "cycles");
    } else {
        cli_error("%s: %s", cmd, tl_rt_strerror(r));
    }
    return CLI_EDEVICE;
}

void cli_perf_report(const char *cmd, tl_dev *dev, uint64_t dram_bytes)
{
    tl_rt_perf p;
    if (tl_rt_perf_read(dev, &p) != TL_RT_OK) {
        cli_error("%s: cannot read the performance counters", cmd);
        return;
    }
    const tl_core_config *c = &dev->cfg;
    printf("perf: %llu MACs, %llu activation elements; DMA %llu bytes read, %llu written (element bytes); "
           "%llu DRAM bytes\n",
           (unsigned long long)p.macs, (unsigned long long)p.act_elems, (unsigned long long)p.dma_rd_bytes,
           (unsigned long long)p.dma_wr_bytes, (unsigned long long)dram_bytes);
    if (p.cycles == 0) {
        printf("perf: the C model has no clock: cycles, utilization, busy and wait are not measured\n");
        return;
    }
    double cyc = (double)p.cycles;
    printf("perf: %llu cycles; tensor-engine utilization %.1f%% (MACs / (cycles x %u x %u))\n",
           (unsigned long long)p.cycles, 100.0 * (double)p.macs / (cyc * c->rows * c->cols), c->rows, c->cols);
    if (p.busy[0])
        printf("perf: DMA bus efficiency %.1f%% (DRAM bytes / (DMA busy cycles x %u bytes))\n",
               100.0 * (double)dram_bytes / ((double)p.busy[0] * (c->data_width / 8)), c->data_width / 8);
    printf("perf: busy / semaphore wait: DMA %.1f%% / %.1f%%, TE %.1f%% / %.1f%%, ACT %.1f%% / %.1f%%\n",
           100.0 * (double)p.busy[0] / cyc, 100.0 * (double)p.wait[0] / cyc, 100.0 * (double)p.busy[1] / cyc,
           100.0 * (double)p.wait[1] / cyc, 100.0 * (double)p.busy[2] / cyc, 100.0 * (double)p.wait[2] / cyc);
}
