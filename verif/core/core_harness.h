/*
 * Test support for the whole-core model: a core with its DRAM, rings in
 * that DRAM, instruction builders on top of trnlite/isa.h, and the CSR
 * offsets of trnlite/csr.h. The same calls are meant to drive the RTL
 * core later (only ch_create and the CSR/DRAM accessors change).
 */
#ifndef CORE_HARNESS_H
#define CORE_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "trnlite/core_model.h"
#include "trnlite/csr.h"
#include "trnlite/isa.h"

#define CSR(reg) ((uint32_t)offsetof(trnlite_csr_t, reg))
#define CSR_Q(e, reg) (CSR(Q[0].reg) + (uint32_t)(e) * (uint32_t)sizeof(((trnlite_csr_t *)0)->Q[0]))
#define CSR_SEM(s) (CSR(SEM) + 4u * (s))
#define CSR_SEM_ADD(s) (CSR(SEM_ADD) + 4u * (s))

#define CH_DRAM_BASE 0x80000000ull
#define CH_DRAM_SIZE (4u << 20)
#define CH_RING_SLOTS 256u        /* per engine */
#define CH_DATA_BASE (CH_DRAM_BASE + 3 * CH_RING_SLOTS * 128) /* first byte after the rings */

typedef struct ch ch;

/* What differs between the C model and the RTL behind a harness. */
typedef struct {
    uint32_t (*rd)(ch *h, uint32_t off);
    void (*wr)(ch *h, uint32_t off, uint32_t v);
    uint64_t (*run)(ch *h);       /* until quiescent; model steps or RTL cycles */
    void (*free)(ch *h);
} ch_ops;

struct ch {
    const ch_ops *ops;
    tl_core *core;                /* the C model, or NULL */
    void *rtl;                    /* the RTL (core_rtl, core_harness_rtl.c), or NULL */
    tl_core_config cfg;
    uint8_t *dram;                /* CH_DRAM_SIZE bytes at CH_DRAM_BASE */
    uint32_t tail[3];
    /* RTL only: the instructions pushed since the last reset or
     * ch_xcov_commit, whose cross points (xcov.h) wait for the run */
    tl_insn *xpend;
    unsigned nxpend, xcap;
};

/* A C model with cfg (NULL: default), DRAM, the window = all of DRAM,
 * rings of CH_RING_SLOTS at the start of DRAM, RUN = 1. */
ch *ch_create(const tl_core_config *cfg);
/* The same set-up on a created device (both backends use it). */
void ch_setup(ch *h);
void ch_free(ch *h);
uint32_t ch_rd(ch *h, uint32_t off);
void ch_wr(ch *h, uint32_t off, uint32_t v);
/* Write insn into ring e at its tail and move TAIL. */
void ch_push(ch *h, unsigned e, const uint32_t *insn);
/* Count the cross points (xcov.h) of the instructions pushed to the RTL
 * since the last reset or commit, if the RTL ran every one of them: no
 * error recorded and every ring drained (HEAD == TAIL). Call it once the
 * results are compared with the model's. Returns how many were counted.
 * A soft reset, a ring reset (ch_wr) or ch_setup drops them uncounted. */
unsigned ch_xcov_commit(ch *h);
/* Run until quiescent (fails the test if it does not get there). */
uint64_t ch_run(ch *h);
/* DRAM address of slot i of ring e. */
uint64_t ch_slot(unsigned e, unsigned i);
uint8_t *ch_mem(ch *h, uint64_t addr);

/* Instruction header: opcode, wait (ws < 0: none) and signal (ss < 0: none). */
void insn_hdr(uint32_t *in, unsigned op, int ws, uint32_t wv, int ss, uint32_t sv);
void insn_nop(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv);
void insn_dma(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, unsigned queue,
              const tl_dma_desc *d);
typedef struct {
    unsigned fw, fx, start, load, K, M, N;
    uint32_t w_off, x_off, e0;
} mm_args;
void insn_matmul(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const mm_args *a);
typedef struct {
    unsigned in_space, in_fmt, out_space, out_fmt, round, sat, func, scale_pp, bias_pp;
    unsigned P, p0;
    uint32_t F, in_off, out_off, scale, bias, seed, cbase, csp, csf;
} act_args;
void insn_act(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const act_args *a);
typedef struct {
    unsigned a_space, a_fmt, b_space, b_fmt, out_space, out_fmt, round, sat, op, P, p0;
    uint32_t F, a_off, b_off, out_off, seed, cbase, csp, csf;
} ew_args;
void insn_ew(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const ew_args *a);

/* Descriptors for row-major [R x C] tensors. DRAM -> on-chip (space 1
 * SBUF, 2 PSUM): row r to partition p0 + r at byte offset off. */
void desc_to_chip(tl_dma_desc *d, uint64_t dram, unsigned src_fmt, unsigned R, unsigned C,
                  unsigned space, unsigned part_log2, unsigned p0, uint32_t off, unsigned dst_fmt);
/* on-chip -> DRAM, the reverse; conversion with the given rounding. */
void desc_from_chip(tl_dma_desc *d, unsigned space, unsigned part_log2, unsigned p0, uint32_t off,
                    unsigned src_fmt, unsigned R, unsigned C, uint64_t dram, unsigned dst_fmt,
                    unsigned round, uint32_t seed);
/* log2 bytes of a PSUM partition of cfg. */
unsigned ch_psum_part_log2(const tl_core_config *cfg);

/* Little-endian element access to a byte array. */
uint32_t ld_le(const uint8_t *p, unsigned n);
void st_le(uint8_t *p, unsigned n, uint32_t v);

#endif
