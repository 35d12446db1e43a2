/* trnlite command-line tool: one function per subcommand. */
#ifndef TRNLITE_CLI_H
#define TRNLITE_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "npy.h"
#include "tl_hal_host.h"
#include "tl_rt.h"

#define TRNLITE_VERSION "0.1.0"

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_EINPUT = 1, CLI_EUSAGE = 2, CLI_EDEVICE = 3 };

/* argv[0] is the subcommand name. Returns an exit code. */
int cmd_convert(int argc, char **argv);
void cmd_convert_help(FILE *out);
int cmd_gemm(int argc, char **argv);
void cmd_gemm_help(FILE *out);
int cmd_info(int argc, char **argv);
void cmd_info_help(FILE *out);
int cmd_mlp(int argc, char **argv);
void cmd_mlp_help(FILE *out);
int cmd_train(int argc, char **argv);
void cmd_train_help(FILE *out);

/* Print "trnlite: <msg>\n" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Device options every device command takes (cli_dev.c). */
typedef struct {
    const char *backend;
    bool like_rtl;            /* cmodel configured like the rtl build */
    uint64_t dram_size;       /* 0: the backend's default */
    uint64_t timeout;         /* 0: TL_RT_TIMEOUT */
    unsigned latency;         /* rtl DRAM latency */
    const char *port;         /* uart: serial port */
    unsigned baud;            /* uart: 0: the backend's default */
} cli_dev_opts;
/* A decimal number; 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *v);
void cli_dev_opts_help(FILE *out);
/* Parse a device option at argv[*i]: 1 taken, 0 not one, -1 bad (said). */
int cli_dev_opt(const char *cmd, int argc, char **argv, int *i, cli_dev_opts *o);
/* An argument an option parser did not take: --help prints the usage
 * (help, then the device options) and gives -1; an option of `valued`
 * (NULL-terminated; the device options count too) without its value, or
 * an unknown option, is said and gives CLI_EUSAGE. */
int cli_opt_other(const char *cmd, const char *a, bool has_val, const char *const *valued, void (*help)(FILE *));
/* Open the backend and the runtime; CLI_OK or an exit code (said). */
int cli_open_device(const char *cmd, const cli_dev_opts *o, tl_hal *hal, tl_dev *dev);
/* The .npy dtype that carries raw bits of fmt ("<f4" for fp32). */
const char *cli_raw_descr(tl_fmt f);
/* Fresh device DRAM holding n bytes of src (NULL: only allocate). */
int cli_upload(tl_dev *dev, const void *src, size_t n, uint64_t *addr);
/* Say what a failed runtime call r means; returns CLI_EDEVICE. */
int cli_device_error(const char *cmd, const tl_dev *dev, const tl_hal *hal, int r);
/* Read a float32 .npy: a matrix, or a vector (1-D, or 2-D with one side
 * 1) when vec; no zero dimension. 0, or -1 (said, "cmd: what ..."). */
int cli_load_f32(const char *cmd, const char *what, const char *path, bool vec, npy_array *a);
/* The counters since they were last cleared; dram_bytes: what the
 * runtime's descriptors moved in DRAM. */
void cli_perf_report(const char *cmd, tl_dev *dev, uint64_t dram_bytes);

#endif
