/*
 * Test support for the driver's GEMM (sw/rt): random operands in device
 * DRAM, the reference result from cmodel's tl_matmul (which knows nothing
 * of the driver's tiling), and one call that runs a case on a device and
 * compares bit for bit.
 */
#ifndef GEMM_REF_H
#define GEMM_REF_H

#include <stdint.h>

#include "tl_hal.h"
#include "tl_rt.h"
#include "tl_test.h"

typedef struct {
    uint32_t M, K, N;
    tl_fmt fa, fb, fo;
    bool has_c;
    tl_round round;
    bool saturate;
    uint32_t seed;
} gemm_case;

/* Host copies of a case's operands and its reference output. */
typedef struct {
    gemm_case c;
    uint8_t *a, *b, *cm, *ref;    /* A [M x K], B [K x N], C [M x N] (or NULL), OUT */
    size_t out_bytes;
} gemm_data;

/* Random operands (mostly normal values, some specials) from rng. */
void gemm_data_make(gemm_data *d, const gemm_case *c, tl_rng *rng);
/* The reference: tl_matmul with rows = R, then tl_convert per element. */
void gemm_data_reference(gemm_data *d, unsigned rows);
void gemm_data_free(gemm_data *d);

/* Upload d's operands to dev's DRAM (after the runtime's own buffers),
 * run tl_rt_gemm, read OUT into a new buffer (returned; the caller frees
 * it). Fails the test on a runtime error. */
uint8_t *gemm_run(tl_dev *dev, const gemm_data *d, tl_rt_gemm_stats *st);
/* Compare out with d->ref element by element; fail with the first
 * difference in hex, the case and the seed. `what` names the backend. */
void gemm_expect(const gemm_data *d, const uint8_t *out, const char *what);
/* The whole round: operands from rng, reference, run on dev, compare.
 * st may be NULL. */
void gemm_check(tl_dev *dev, const gemm_case *c, tl_rng *rng, const char *what, tl_rt_gemm_stats *st);

/* How a test injects bus errors on its backend (tl_hal_host.h). */
typedef struct {
    int (*add_fault)(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
    void (*clear_faults)(tl_hal *hal);
    uint64_t short_timeout;  /* HAL units far too few for a small GEMM */
} gemm_fault_ops;
/* A read of B answering SLVERR: the runtime returns the decoded DMA error
 * (code, engine, address, message) and the same GEMM then runs right; a
 * timeout too short: TL_RT_ETIMEOUT, and again the GEMM runs right. */
void gemm_errors_and_recovery(tl_dev *dev, tl_hal *hal, const gemm_fault_ops *ops, const char *what);

/* Helpers the other driver tests share: little-endian element n bytes
 * wide; n random elements of f (mostly normal values around 2^-3..2^3,
 * some specials and random patterns); upload to fresh device DRAM (src
 * NULL: only allocate). */
void ref_st_le(uint8_t *p, unsigned n, uint32_t v);
uint32_t ref_ld_le(const uint8_t *p, unsigned n);
void ref_fill(uint8_t *p, size_t n, tl_fmt f, tl_rng *r);
uint64_t ref_upload(tl_dev *dev, const void *src, size_t n);

/* A runtime on the cmodel backend (16 MiB of DRAM; cfg NULL: the default
 * 16 x 16), and the configurations the tests share: 4 x 8 like the RTL
 * test build, and an odd 3 x 5 (one PSUM bank, two DMA queues, 256-byte
 * SBUF partitions) that takes the tilings' rarer paths. */
typedef struct {
    tl_hal hal;
    tl_dev dev;
} ref_cm;
void ref_cm_open(ref_cm *c, const tl_core_config *cfg);
void ref_cfg_4x8(tl_core_config *g);
void ref_cfg_3x5(tl_core_config *g);

/* "M x K x N fa*fb->fo ..." for messages (static buffer). */
const char *gemm_case_str(const gemm_case *c);

#endif
