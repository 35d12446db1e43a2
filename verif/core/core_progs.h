/*
 * Seeded generator of random valid core programs, and their reference
 * result computed without the core model.
 *
 * A program is a list of operations in one global order (DMA in and out,
 * MATMUL, ACTIVATE, ELEMWISE with random shapes, formats, rounding,
 * spaces and PSUM banks), each placed in its engine's ring. Every
 * operation signals the semaphore of its stream (a DMA queue, the TE or
 * the ACT) with a random value; an operation that touches memory an
 * earlier one of another stream (or an earlier DMA) writes or reads waits
 * for that operation's cumulative value, with NOPs carrying extra waits.
 * Engines thus overlap wherever the data allows, and any execution the
 * semaphores permit gives the result of running the operations in the
 * global order, which core_prog_reference computes with tl_dma_run,
 * tl_matmul and loops of tl_* calls (core_ref.h).
 *
 * The same program drives the RTL core later (core_prog_load writes the
 * DRAM image and rings through the harness).
 */
#ifndef CORE_PROGS_H
#define CORE_PROGS_H

#include <stdio.h>

#include "core_harness.h"

typedef struct {
    unsigned engine;          /* ring: 0 DMA, 1 TE, 2 ACT */
    bool nop;                 /* a NOP carrying an extra wait */
    tl_insn insn;             /* the encoded instruction */
    /* what the reference executes (not decoded from insn) */
    unsigned op;              /* TL_ISA_OP_* */
    tl_dma_desc dma;
    mm_args mm;
    act_args act;
    ew_args ew;
} prog_op;

typedef struct {
    tl_core_config cfg;
    uint64_t seed;
    unsigned n;               /* operations, NOPs included */
    prog_op *ops;
    uint8_t *data;            /* initial DRAM at CH_DATA_BASE, PROG_DATA bytes */
    uint32_t sem_final[32];   /* semaphores after the program */
    uint64_t macs, rd_bytes, wr_bytes, act_elems;
} core_prog;

#define PROG_DATA (128u << 10)

/* A random valid program for seed (the configuration too is random). */
void core_prog_gen(core_prog *p, uint64_t seed);
/* The same for a given configuration (SBUF partitions of 2^12 bytes, PSUM
 * banks of 2^6 entries, at most 4 DMA queues: the generator's regions
 * assume them); NULL: random, as core_prog_gen. */
void core_prog_gen_cfg(core_prog *p, uint64_t seed, const tl_core_config *cfg);
void core_prog_free(core_prog *p);
/* One line per operation: engine, wait/signal, fields (failure reports). */
void core_prog_print(const core_prog *p, FILE *f);
/* Write the data and the rings into a harness created with p->cfg. */
void core_prog_load(const core_prog *p, ch *h);

/* Memories after running p in program order. */
typedef struct {
    uint8_t *dram;            /* CH_DRAM_SIZE bytes at CH_DRAM_BASE */
    uint8_t *sbuf, *psum;     /* as the DMA model lays them out */
} prog_state;
void core_prog_reference(const core_prog *p, prog_state *s);
void prog_state_free(prog_state *s);

#endif
