/*
 * Opening HAL backends on a host (docs/driver.md section 1): by name at
 * run time, or one backend directly. Host code (uses the C library).
 */
#ifndef TRNLITE_TL_HAL_HOST_H
#define TRNLITE_TL_HAL_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "tl_hal.h"
#include "trnlite/core_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint64_t dram_base;       /* device DRAM address of the first byte (0: 0x80000000) */
    uint64_t dram_size;       /* bytes (0: 64 MiB) */
    /* cmodel only: the core's parameters (NULL: tl_core_config_default) */
    const tl_core_config *cfg;
    /* rtl only */
    unsigned latency;         /* DRAM latency in cycles (0: 1) */
    unsigned ready_pct;       /* tests: chance (%) the DRAM offers ready/valid (0: 100) */
    unsigned stall_permille;  /* tests: long DRAM stalls per mille of cycles, up to stall_max */
    unsigned stall_max;
    uint64_t seed;            /* the back-pressure's random stream */
    const char *wave;         /* FST waveform path or NULL */
    /* uart only (a board, docs/board.md) */
    const char *port;         /* serial port (NULL: /dev/ttyUSB0) */
    unsigned baud;            /* 0: 2000000 */
    unsigned reply_ms;        /* how long one request waits for its reply (0: 2000) */
} tl_hal_opts;

/* Backend names tl_hal_open knows, space separated ("cmodel rtl"). */
const char *tl_hal_backends(void);
/* Open backend `name` into *hal. TL_HAL_ENODEV for an unknown name or a
 * backend that could not start, TL_HAL_EHOST when the host could not
 * allocate the backend's state or its DRAM. */
int tl_hal_open(const char *name, const tl_hal_opts *opts, tl_hal *hal);

int tl_hal_cmodel_open(const tl_hal_opts *opts, tl_hal *hal);
/* The model behind a cmodel HAL (tests: SBUF/PSUM, schedules). */
tl_core *tl_hal_cmodel_core(const tl_hal *hal);
int tl_hal_rtl_open(const tl_hal_opts *opts, tl_hal *hal);

/* A board through its UART bridge (hal_uart.c, docs/board.md). */
int tl_hal_uart_open(const tl_hal_opts *opts, tl_hal *hal);

/* Tests: DRAM bytes [lo, hi] answer a bus error (resp 2 SLVERR, 3 DECERR)
 * on reads or on writes; clear removes them. tl_hal_add_fault picks the
 * backend's own by name. */
int tl_hal_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
int tl_hal_cmodel_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
void tl_hal_cmodel_clear_faults(tl_hal *hal);
int tl_hal_rtl_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
void tl_hal_rtl_clear_faults(tl_hal *hal);
int tl_hal_uart_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);

#ifdef __cplusplus
}
#endif

#endif
