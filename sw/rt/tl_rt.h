/*
 * trnlite runtime (docs/driver.md section 2): opens a device through a
 * HAL, builds programs in its instruction rings, waits with a timeout,
 * decodes device errors and runs GEMMs of any shape.
 *
 * Freestanding C99: no heap, no stdio, no libc. The caller provides the
 * tl_dev storage; everything else lives in it or on the stack.
 */
#ifndef TRNLITE_TL_RT_H
#define TRNLITE_TL_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tl_hal.h"
#include "trnlite/core_model.h"
#include "trnlite/dma.h"
#include "trnlite/isa.h"
#include "trnlite/numerics.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TL_RT_RING_SLOTS 512u        /* slots of each instruction ring */
#define TL_RT_WATCHDOG (1u << 20)    /* cycles a semaphore wait may last */
#define TL_RT_TIMEOUT (1ull << 26)   /* default HAL units per wait */

enum tl_rt_rc {
    TL_RT_OK = 0,
    TL_RT_EINVAL = -1,    /* bad argument: shape, format pair, address */
    TL_RT_ENOMEM = -2,    /* does not fit device DRAM or on-chip memory */
    TL_RT_EDEVICE = -3,   /* the core recorded an error: tl_dev.err */
    TL_RT_ETIMEOUT = -4,  /* no interrupt within tl_dev.timeout */
    TL_RT_EHAL = -5,      /* the HAL failed: tl_dev.hal_rc */
    TL_RT_ENODEV = -6,    /* no trnlite core behind the HAL (ID), or an unusable build */
};
/* Return the code of a call that failed (a tl_rt_rc). */
#define TL_RT_TRY(call)            \
    do {                           \
        int tl_rt_try_rc_ = (call);\
        if (tl_rt_try_rc_ != 0)    \
            return tl_rt_try_rc_;  \
    } while (0)

/* Message for a tl_rt_rc value. */
const char *tl_rt_strerror(int rc);

/* The first error the core recorded (docs/core.md section 7). */
typedef struct {
    uint32_t code;     /* ERR_CODE: TL_ISA_ERR_*, or TL_ISA_ERR_DMA + DMA code */
    unsigned engine;   /* 0 DMA, 1 TE, 2 ACT */
    unsigned queue;    /* DMA queue (DMA errors) */
    uint64_t pc;       /* DRAM address of the faulting instruction */
    uint64_t addr;     /* faulting data address (DMA errors), else 0 */
} tl_rt_deverr;
/* What a device error code means, in words (every code of core.md
 * section 7, and 16 + c for the DMA codes of dma.md section 4). */
const char *tl_rt_device_message(uint32_t code);
/* "DMA", "TE", "ACT". */
const char *tl_rt_engine_name(unsigned engine);

typedef struct {
    const tl_hal *hal;
    tl_core_config cfg;      /* the build, read from CFG_* */
    uint32_t version;        /* VERSION */
    uint64_t dram_base, dram_size;
    uint64_t ring[3];        /* ring base addresses, engines DMA, TE, ACT */
    uint32_t tail[3];
    uint32_t pushed[3];      /* instructions in the current batch */
    uint64_t timeout;        /* HAL units (cycles or model steps) per wait */
    unsigned max_slots;      /* GEMM: SBUF tile slots to use at most (0: 4; at least 2) */
    bool stream_b;           /* GEMM: reload B for every row block even when it fits SBUF */
    bool perf_keep;          /* GEMM, elementwise, copy: do not clear the counters first */
    uint64_t waited;         /* HAL units all waits took since tl_rt_open */
    int hal_rc;              /* the HAL's code behind TL_RT_EHAL */
    tl_rt_deverr err;        /* behind TL_RT_EDEVICE */
} tl_dev;

/* Open the core behind hal: check ID, read the configuration, soft-reset,
 * set the DRAM window to the HAL's DRAM, allocate and set up the rings,
 * the watchdog and the interrupt, RUN. */
int tl_rt_open(tl_dev *dev, const tl_hal *hal);

/* Device DRAM for the caller's tensors, after the rings; TL_RT_ENOMEM when
 * it does not fit. tl_rt_free_all frees every such buffer (the rings
 * stay). */
int tl_rt_alloc(tl_dev *dev, uint64_t size, uint64_t align, uint64_t *addr);
int tl_rt_free_all(tl_dev *dev);

/* CSR access; a HAL failure gives TL_RT_EHAL. */
int tl_rt_csr_read(tl_dev *dev, uint32_t off, uint32_t *v);
int tl_rt_csr_write(tl_dev *dev, uint32_t off, uint32_t v);
/* A 64-bit counter or register pair (low word first). */
int tl_rt_csr_read64(tl_dev *dev, uint32_t off, uint64_t *v);

/* Program builder. Instructions (32 words) are encoded with trnlite/isa.h;
 * the helpers below fill the header and the opcode's fields. A semaphore
 * argument < 0 means no wait / no signal. They return TL_RT_EINVAL if a
 * value does not fit its field. */
int tl_rt_insn_hdr(uint32_t *insn, unsigned opcode, int ws, uint32_t wv, int ss, uint32_t sv);
int tl_rt_insn_dma(uint32_t *insn, int ws, uint32_t wv, int ss, uint32_t sv, unsigned queue,
                   const tl_dma_desc *d);
typedef struct {
    tl_fmt fw, fx;
    bool start, load;
    uint32_t K, M, N, w_off, x_off, e0;
} tl_rt_matmul;
int tl_rt_insn_matmul(uint32_t *insn, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_matmul *m);

/* Room left in engine e's ring for this batch (the batch's fence needs one
 * slot in the DMA and TE rings: it is kept free). */
uint32_t tl_rt_room(const tl_dev *dev, unsigned engine);
/* Write insn into engine e's ring and move TAIL. TL_RT_ENOMEM if the ring
 * has no room: end the batch first. */
int tl_rt_push(tl_dev *dev, unsigned engine, const uint32_t *insn);
/* End the batch: a NOP in the DMA and TE rings (each dispatched when its
 * ring's earlier instructions have completed) signals TL_RT_SEM_DONE;
 * wait for both with the interrupt. Then every engine is idle and the
 * semaphores 0..TL_RT_SEMS_USED-1 are 0 again. On a device error or a
 * timeout the core is soft-reset (usable again) and the error returned. */
int tl_rt_run_batch(tl_dev *dev);
#define TL_RT_SEM_DONE 4u
#define TL_RT_SEMS_USED 5u

/* Soft reset (CTRL.SOFT_RESET), then RUN: rings empty, semaphores 0. */
int tl_rt_soft_reset(tl_dev *dev);

/* Performance counters (docs/core.md section 3). */
typedef struct {
    uint64_t cycles;
    uint64_t busy[3], wait[3];   /* per engine: DMA, TE, ACT */
    uint64_t macs;
    uint64_t dma_rd_bytes, dma_wr_bytes;
    uint64_t act_elems;
} tl_rt_perf;
int tl_rt_perf_clear(tl_dev *dev);
int tl_rt_perf_read(tl_dev *dev, tl_rt_perf *p);

/* GEMM (docs/driver.md section 3): out = a @ b (+ c), row-major in device
 * DRAM: a [M x K] of fa, b [K x N] of fb, c [M x N] fp32 (int32 for int8)
 * when has_c, out [M x N] of fo. */
typedef struct {
    uint32_t M, K, N;
    tl_fmt fa, fb, fo;
    uint64_t a, b, c, out;
    bool has_c;
    tl_round round;          /* narrowed output: TL_RND_RNE or TL_RND_SR */
    bool saturate;           /* FP8 output: overflow to +-max */
    uint32_t seed;           /* SR seed */
} tl_rt_gemm_args;

/* What a GEMM did (architectural: from the runtime's own program). */
typedef struct {
    uint64_t dram_bytes;     /* bytes its descriptors read and write in DRAM */
    uint32_t batches, matmuls, dmas;
    uint32_t mb, nb, slots;  /* output block Mb x Nb, SBUF slots */
    bool b_resident;         /* B stayed in SBUF (loaded once per column block) */
    bool a_panels;           /* A^T loaded a row block's panel at a time (one descriptor) */
} tl_rt_gemm_stats;

/* Check a GEMM's arguments against the device without running it:
 * TL_RT_EINVAL (zero dimension, format pair, output format, rounding,
 * a dimension beyond the DMA's 32-bit strides, an operand outside device
 * DRAM) or TL_RT_ENOMEM (the on-chip memories cannot hold two tiles). */
int tl_rt_gemm_check(const tl_dev *dev, const tl_rt_gemm_args *g);
/* Run it. st may be NULL. Clears the performance counters first (unless
 * dev->perf_keep). */
int tl_rt_gemm(tl_dev *dev, const tl_rt_gemm_args *g, tl_rt_gemm_stats *st);
/* The output format a GEMM of these inputs has without narrowing:
 * int32 for int8 x int8, else fp32. */
tl_fmt tl_rt_gemm_acc_fmt(tl_fmt fa, tl_fmt fb);

/* Elementwise runtime (docs/driver.md section 4): tensors of rows x cols
 * elements, row-major in device DRAM, any size. Row r of a tile is SBUF
 * partition r - r0; per-row vectors (scale, bias) are per partition. The
 * SR coordinate of element (r, c) is r * cols + c of the output. */

/* ACTIVATE and ELEMWISE instruction fields (docs/core.md section 5). */
typedef struct {
    unsigned in_space, in_fmt, out_space, out_fmt;
    tl_round round;
    bool saturate;
    unsigned func;             /* TL_ISA_FUNC_IDENTITY, TL_ISA_FUNC_RELU */
    bool scale_pp, bias_pp;    /* per partition: scale/bias are SBUF byte offsets */
    uint32_t P, p0, F, in_off, out_off, scale, bias;
    uint32_t seed, cbase, cstride_p, cstride_f;
} tl_rt_act;
int tl_rt_insn_activate(uint32_t *insn, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_act *a);
typedef struct {
    unsigned a_space, a_fmt, b_space, b_fmt, out_space, out_fmt;
    tl_round round;
    bool saturate;
    unsigned op;               /* TL_ISA_EWOP_ADD, _MUL, _MAX, _RELU_GRAD */
    uint32_t P, p0, F, a_off, b_off, out_off;
    uint32_t seed, cbase, cstride_p, cstride_f;
} tl_rt_ew;
int tl_rt_insn_elemwise(uint32_t *insn, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_ew *e);

/* A per-row vector of a tensor (rows elements of fmt in DRAM) or, when
 * addr is 0, the scalar fp32 bits `value`. */
typedef struct {
    uint64_t addr;
    tl_fmt fmt;
    uint32_t value;
} tl_rt_vec;

/* out = narrow(f(in * scale + bias)): in of fin (fp32, bf16, fp16, e4m3,
 * e5m2, int8), out of fo (fp32, bf16, fp16, e4m3, e5m2). */
typedef struct {
    uint32_t rows, cols;
    uint64_t in, out;
    tl_fmt fin, fo;
    unsigned func;
    tl_rt_vec scale, bias;
    tl_round round;
    bool saturate;
    uint32_t seed;
} tl_rt_act_args;
/* out = narrow(a op b), a and b of the same shape. */
typedef struct {
    uint32_t rows, cols;
    uint64_t a, b, out;
    tl_fmt fa, fb, fo;
    unsigned op;
    tl_round round;
    bool saturate;
    uint32_t seed;
} tl_rt_ew_args;

/* What an elementwise call or a copy did. */
typedef struct {
    uint64_t dram_bytes;
    uint32_t batches, tiles, dmas, acts;
    uint32_t tile_rows, tile_cols, slots;
} tl_rt_ew_stats;

/* TL_RT_EINVAL: zero dimension, format, op, rounding, or an operand
 * outside device DRAM; TL_RT_ENOMEM: two tiles of one element per
 * partition do not fit SBUF. st may be NULL. In place (out == an input
 * of the same format) is allowed. */
int tl_rt_activate(tl_dev *dev, const tl_rt_act_args *a, tl_rt_ew_stats *st);
int tl_rt_elemwise(tl_dev *dev, const tl_rt_ew_args *e, tl_rt_ew_stats *st);

/* DRAM to DRAM on the DMA: dst = convert(src) ([rows x cols]) or, with
 * transpose, dst[c][r] = convert(src[r][c]) ([cols x rows]); SR
 * coordinate = the destination element's row-major index. src and dst
 * must not overlap. */
typedef struct {
    uint32_t rows, cols;
    uint64_t src, dst;
    tl_fmt fs, fd;
    bool transpose;
    tl_round round;
    bool saturate;
    uint32_t seed;
} tl_rt_copy_args;
int tl_rt_copy(tl_dev *dev, const tl_rt_copy_args *c, tl_rt_ew_stats *st);

#ifdef __cplusplus
}
#endif

#endif
