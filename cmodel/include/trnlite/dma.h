/*
 * trnlite DMA engine model (docs/dma.md): the descriptor format, the error
 * codes, and a reference that executes descriptors on C memory images and
 * produces exactly the memory contents and error codes of rtl/dma.
 *
 * The model is a reference, not a timing model: it runs one descriptor at
 * a time. The bus side is modelled only as far as it decides results: how
 * a pattern is cut into AXI bursts and beats (so that a bus error reports
 * the same address as the hardware) and which addresses answer SLVERR or
 * DECERR (tl_dma_fault, the same rule verif/common/axi_mem.c applies).
 */
#ifndef TRNLITE_DMA_H
#define TRNLITE_DMA_H

#include <stdbool.h>
#include <stdint.h>

#include "trnlite/numerics.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes (4 bits): err_code of a queue (1..12), or the engine-level
 * desc_err_code (13). */
enum tl_dma_err {
    TL_DMA_OK = 0,
    TL_DMA_ERR_RD_SLVERR = 1,  /* a read beat answered SLVERR; addr = that beat */
    TL_DMA_ERR_RD_DECERR = 2,  /* a read beat answered DECERR; addr = that beat */
    TL_DMA_ERR_WR_SLVERR = 3,  /* a write burst answered SLVERR; addr = AWADDR */
    TL_DMA_ERR_WR_DECERR = 4,  /* a write burst answered DECERR; addr = AWADDR */
    TL_DMA_ERR_SRC_WINDOW = 5, /* source leaves the DRAM window */
    TL_DMA_ERR_DST_WINDOW = 6, /* destination leaves the DRAM window */
    TL_DMA_ERR_SRC_RANGE = 7,  /* source beyond the last SBUF/PSUM partition */
    TL_DMA_ERR_DST_RANGE = 8,  /* destination beyond the last SBUF/PSUM partition */
    TL_DMA_ERR_BAD_SPACE = 9,  /* space code 3 */
    TL_DMA_ERR_BAD_FMT = 10,   /* format code 7, or a pair that is not a conversion */
    TL_DMA_ERR_BAD_STRIDE = 11,/* a stride not a multiple of the element size */
    TL_DMA_ERR_BAD_COUNT = 12, /* source and destination element totals differ */
    TL_DMA_ERR_BAD_QUEUE = 13, /* queue number >= the engine's queues (engine-level) */
};
/* Name of an error code ("RD_SLVERR", ...); "?" if unknown. */
const char *tl_dma_strerror(unsigned code);

enum tl_dma_space { TL_DMA_DRAM = 0, TL_DMA_SBUF = 1, TL_DMA_PSUM = 2 };

#define TL_DMA_DESC_WORDS 20
/* The descriptor's queue number is a 4-bit field: 0..15. An engine has
 * 2..16 queues; a number beyond its last queue is an error (BAD_QUEUE). */
#define TL_DMA_MAX_QUEUES 16

/* One side of a transfer: element (i0, i1, i2) lives at
 * addr + i0*stride[0] + i1*stride[1] + i2*stride[2], i0 fastest.
 * count[1] and count[2] are 16-bit fields. On-chip addresses are
 * (partition << part_log2) | offset. */
typedef struct {
    unsigned space;      /* tl_dma_space (2 bits) */
    tl_fmt fmt;          /* element format (3 bits) */
    uint64_t addr;
    uint32_t count[3];
    uint32_t stride[3];  /* bytes, unsigned */
} tl_dma_side;

typedef struct {
    tl_dma_side src, dst;
    tl_round round;      /* TL_RND_RNE / TL_RND_SR */
    bool saturate;       /* FP8 overflow mode */
    uint32_t seed;       /* SR key */
    uint32_t cbase;      /* SR coordinate of destination element (0,0,0) */
    uint32_t cstride[3]; /* SR coordinate step per destination dimension */
} tl_dma_desc;

/* Pack to / unpack from the 20-word hardware layout (docs/dma.md). */
void tl_dma_desc_pack(const tl_dma_desc *d, uint32_t w[TL_DMA_DESC_WORDS]);
void tl_dma_desc_unpack(const uint32_t w[TL_DMA_DESC_WORDS], tl_dma_desc *d);

/* An address range [lo, hi] (inclusive) that answers an AXI error. */
typedef struct {
    uint64_t lo, hi;
    bool on_write;       /* false: reads fail; true: writes fail */
    unsigned resp;       /* 2 = SLVERR, 3 = DECERR */
} tl_dma_fault;

/* A bus that DRAM goes through instead of tl_dma_sys.dram (models that
 * put DRAM behind another interface: the SystemC TLM model,
 * docs/systemc.md). One call per AXI burst, cut as the hardware cuts
 * them (docs/dma.md 5): n bytes from the beat-aligned address a, n a
 * multiple of the bus width. Writes carry a byte enable per byte (be[i]
 * != 0: byte i is written). Each returns the burst's AXI response: 0 OKAY,
 * 2 SLVERR, 3 DECERR. A read burst that fails is re-read beat by beat
 * (AXI answers each read beat) to find the failing beat. */
typedef struct tl_dma_bus {
    void *ctx;
    unsigned (*read)(void *ctx, uint64_t a, uint8_t *dst, uint32_t n);
    unsigned (*write)(void *ctx, uint64_t a, const uint8_t *src, const uint8_t *be, uint32_t n);
} tl_dma_bus;

/* The system the engine runs in. */
typedef struct {
    unsigned data_bytes;               /* bus width in bytes: 8, 16, 32 */
    unsigned addr_bits;                /* AXI address width, 32..64 */
    uint64_t win_base, win_limit;      /* DRAM window, inclusive */
    uint8_t *dram;                     /* backing store of DRAM addresses */
    uint64_t dram_base, dram_size;     /* it holds [dram_base, dram_base+size) */
    uint8_t *sbuf;                     /* sbuf_parts << sbuf_part_log2 bytes */
    unsigned sbuf_parts, sbuf_part_log2;
    uint8_t *psum;
    unsigned psum_parts, psum_part_log2;
    const tl_dma_fault *faults;        /* bus errors to inject (may be NULL) */
    unsigned nfaults;
    /* NULL: DRAM is dram[] with faults[]; else every DRAM byte goes
     * through this bus, which also decides the responses (dram and
     * faults unused) */
    const tl_dma_bus *bus;
} tl_dma_sys;

/*
 * Execute one descriptor. Returns TL_DMA_OK or an error code, with the
 * faulting address in *fault_addr (0 where the code has none). On an error
 * the destination is left untouched; the hardware may have written part of
 * it before stopping (each destination byte then holds its old or its new
 * value; docs/dma.md "Errors").
 */
unsigned tl_dma_run(const tl_dma_sys *sys, const tl_dma_desc *d, uint64_t *fault_addr);

/* The engine's status after a list of descriptors (docs/dma.md 1, 4). */
typedef struct {
    unsigned code[TL_DMA_MAX_QUEUES];  /* per queue: err_code (TL_DMA_OK if none) */
    uint64_t addr[TL_DMA_MAX_QUEUES];  /* per queue: err_addr */
    unsigned done[TL_DMA_MAX_QUEUES];  /* per queue: done_count */
    unsigned desc_err;                 /* engine-level desc_err_code: TL_DMA_OK or
                                          TL_DMA_ERR_BAD_QUEUE */
    unsigned desc_err_queue;           /* desc_err_queue: the first bad number (0 if none) */
} tl_dma_status;

/*
 * Execute a list of descriptors pushed to queues: entry i goes to queue
 * q[i] (0..15) of an engine with nqueues queues (2..16). Each queue runs
 * its entries in list order and stops at its first error (later entries of
 * that queue are dropped, as the engine drops them until the error is
 * cleared). An entry with q[i] >= nqueues is not run: the first such entry
 * sets st->desc_err = TL_DMA_ERR_BAD_QUEUE and st->desc_err_queue = q[i],
 * and every queue goes on. *st receives each queue's status and completion
 * count (entries at and beyond nqueues are zero). The result equals the
 * hardware's whenever descriptors of different queues do not touch each
 * other's destinations (the hardware interleaves queues).
 */
void tl_dma_run_queues(const tl_dma_sys *sys, const tl_dma_desc *list, const unsigned *q,
                       unsigned n, unsigned nqueues, tl_dma_status *st);

/* Element size in bytes of a format (4, 2 or 1); 0 for an illegal code. */
unsigned tl_dma_esize(tl_fmt fmt);
/* Total elements of a side (count0 * count1 * count2). */
uint64_t tl_dma_total(const tl_dma_side *s);

#ifdef __cplusplus
}
#endif

#endif
