/*
 * Driving te_top (tensor_engine + psum_buffer) from C: logical matmuls
 * ("jobs") are split into engine commands (K in tiles of ROWS, optionally
 * N in chunks that reuse the stationary tile), fed through the command,
 * stationary-load and moving streams with optional random stalls, and
 * the PSUM contents read back and compared with the C model
 * (tl_matmul, applied job after job). Shared by the tests and the bench.
 */
#ifndef TE_DRIVE_H
#define TE_DRIVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "te_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"
#include "trnlite/tensor_engine.h"

typedef struct {
    tl_fmt fw, fx;       /* stationary and moving formats */
    unsigned K, M, N;    /* W[K x M], X[K x N], M <= COLS */
    unsigned addr;       /* PSUM address of column n = 0 */
    bool start;          /* overwrite (else accumulate) */
    unsigned chunks;     /* K <= ROWS only: N in this many commands, one tile */
    uint16_t *w;         /* K*M elements, row-major (8-bit formats: low byte) */
    uint16_t *x;         /* K*N elements, row-major */
} te_job;

typedef struct {
    unsigned p_valid;    /* % of cycles a feeder offers a beat it has */
    /* optional PSUM reads while the engine runs: in p_read % of cycles
     * read a random address in [rd_lo, rd_hi) of a region the run does not
     * write; each answer must equal rd_model (te_model() layout). */
    unsigned p_read, rd_lo, rd_hi;
    const uint32_t *rd_model;
    unsigned rd_done, rd_bad;   /* out: reads answered, mismatches */
} te_feed;

typedef struct {
    uint64_t cycles;     /* cycle 0 (first offered beat) .. last result accepted, inclusive */
    uint64_t results;    /* result beats accepted by PSUM */
    tl_te_cmd *cmd;      /* the engine commands issued (free with te_run_free) */
    size_t ncmd;
} te_run_stats;

/* Random element of fmt: mostly moderate magnitudes; with probability
 * wild_pct % any bit pattern (NaN, inf, subnormals, extremes). 8-bit
 * formats get random garbage in the high byte when junk_hi is set. */
uint16_t te_rand_elem(tl_rng *r, tl_fmt fmt, unsigned wild_pct, bool junk_hi);

/* Allocate w, x of a job and fill them with te_rand_elem(). */
void te_job_fill(te_job *j, tl_rng *r, unsigned wild_pct);
void te_jobs_free(te_job *j, size_t n);

/* Reset the DUT, run the jobs, wait until every result is in PSUM.
 * Returns 0, or -1 on a timeout (message printed). */
int te_run(te_dut *d, const te_job *jobs, size_t njobs, te_feed *feed,
           tl_rng *rng, te_run_stats *st);
void te_run_free(te_run_stats *st);

/* Read one PSUM entry (all partitions) with the engine idle: the request,
 * then idle cycles until the answer. Returns 0, or -1 (message printed)
 * when the read is refused or not answered. */
int te_read(te_dut *d, unsigned addr, uint32_t *data);

/* Read PSUM back and compare every entry the jobs define with tl_matmul
 * applied job after job. Returns the number of mismatching entries
 * (the first few printed with inputs, both values in hex, the seed). */
unsigned te_check(te_dut *d, const te_job *jobs, size_t njobs, uint32_t seed);

/* The C model of PSUM after the jobs: model[c * depth + addr] for
 * partition c, owner[] the last job writing the entry (-1: none). Both
 * malloc'ed. */
void te_model(const te_job *jobs, size_t njobs, unsigned rows, unsigned cols,
              unsigned depth, uint32_t **model, int **owner);

#endif
