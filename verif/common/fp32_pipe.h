/*
 * fp32_pipe: checks a pipelined two-operand fp32 cell (fp32_add, fp32_mul)
 * against its cmodel function, one vector per clock, bit for bit. The
 * cell's test supplies its shim through the hooks below; a mismatch prints
 * the vector and both results in hex and replays it alone with a waveform.
 */
#ifndef FP32_PIPE_H
#define FP32_PIPE_H

#include <stddef.h>
#include <stdint.h>

typedef struct fp32_pipe {
    const char *name;     /* the cell: names the failure waveform */
    const char *op;       /* "+" or "*": the mismatch line */
    uint32_t seed;        /* the test's seed, printed with a mismatch */
    size_t latency;       /* clock edges from operands to result */
    void *dut;            /* the running model */
    void *(*create)(const char *wave, uint32_t seed);
    uint32_t (*step)(void *dut, uint32_t a, uint32_t b);
    void (*destroy)(void *dut);
    uint32_t (*ref)(uint32_t a, uint32_t b);   /* cmodel */
} fp32_pipe;

/* Runs a[i] op b[i] for i < n through p->dut, one per clock; returns the
 * number of results that differ from p->ref (the first 5 are printed). */
unsigned fp32_pipe_run(const fp32_pipe *p, const char *what,
                       const uint32_t *a, const uint32_t *b, size_t n);

/* Every v[i] op v[j], both orders; returns the mismatches. */
unsigned fp32_pipe_cross(const fp32_pipe *p, const uint32_t *v, size_t nv);

static inline uint32_t fp32_bits(uint32_t s, uint32_t e, uint32_t f)
{
    return s << 31 | (e & 0xff) << 23 | (f & 0x7fffff);
}

#endif
