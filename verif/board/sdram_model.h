/*
 * A single-data-rate SDRAM (x16, 4 banks) as the board's controller sees
 * it, written from the AS4C32M16SB datasheet's command truth table and
 * AC timing (docs/board.md section 6): it stores what is written, answers
 * READs CAS latency later, and checks every timing rule the controller
 * must keep. A broken rule is counted and the first one kept as a
 * message naming the rule; the SDRAM then carries on as if it had been
 * kept, so one test can see many.
 */
#ifndef SDRAM_MODEL_H
#define SDRAM_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    unsigned row_bits, col_bits;  /* 4 banks of 2^row_bits x 2^col_bits 16-bit words */
    uint32_t tck_ps;              /* clock period */
    /* datasheet minimums, ns (tRAS also has its maximum) */
    uint32_t t_rc, t_rfc, t_rcd, t_rp, t_ras, t_ras_max, t_wr, t_mrd, t_rrd;
    uint32_t t_refi;              /* longest time between two refreshes, ns */
    uint32_t t_init;              /* NOPs after power-up, ns */
    unsigned init_refreshes;      /* at least this many before LOAD MODE */
} sdram_cfg;

/* The -7 grade of the AS4C32M16SB at clock period tck_ps. */
sdram_cfg sdram_cfg_as4c32m16sb(unsigned row_bits, unsigned col_bits, uint32_t tck_ps);

/* The pins at one rising edge (what the SDRAM samples). */
typedef struct {
    unsigned cke, cs_n, ras_n, cas_n, we_n, ba, a, dqm;
    unsigned dq;     /* the controller's DQ */
    unsigned dq_oe;  /* the controller drives DQ */
} sdram_pins;

typedef struct {
    uint64_t edges, acts, reads, writes, pres, refs;
    uint64_t max_ref_gap_ps;      /* longest time between refreshes after power-up */
} sdram_stats;

typedef struct sdram_model sdram_model;

/* NULL if out of memory. Memory starts with seeded noise, not zeros. */
sdram_model *sdram_model_create(const sdram_cfg *cfg, uint32_t seed);
/* One rising edge: checks and applies the command on the pins; returns
 * what the SDRAM drives on DQ towards the next edge (*drive = 1) or that
 * it does not drive (*drive = 0). */
unsigned sdram_model_edge(sdram_model *m, const sdram_pins *p, int *drive);
/* Checks that end with the run: no refresh overdue (a run that ends in
 * the power-up wait is not an error). */
void sdram_model_finish(sdram_model *m);
unsigned sdram_model_violations(const sdram_model *m);
const char *sdram_model_first_violation(const sdram_model *m);  /* "" if none */
sdram_stats sdram_model_stats(const sdram_model *m);
/* The 16-bit word at {bank, row, col} (for a test's own checks). */
uint16_t sdram_model_peek(const sdram_model *m, unsigned bank, unsigned row, unsigned col);
void sdram_model_free(sdram_model *m);

#ifdef __cplusplus
}
#endif

#endif
