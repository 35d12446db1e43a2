/*
 * Common support for trnlite tests (Check library).
 *
 * Every test executable builds one Suite and ends main() with
 *     return tl_test_main(argv[0], suite);
 * which runs it, prints "RESULT <name> <run> <failed>" (read by
 * verif/run_tests.sh) and returns non-zero on any failure.
 *
 * Random tests take their seed from tl_test_seed(): the SEED environment
 * variable if set, else a fixed default; it is printed so that a failure
 * can be replayed with SEED=<value>.
 */
#ifndef TL_TEST_H
#define TL_TEST_H

#include <check.h>
#include <stdint.h>

/* Seed for random tests: $SEED or `dflt`; printed once per process. */
uint32_t tl_test_seed(uint32_t dflt);
/* Number of seeds a fuzz run asks for: $SEEDS or `dflt`. */
unsigned tl_test_seeds(unsigned dflt);
/* True when $TRACE=1: tests write a waveform for every DUT they create. */
int tl_test_trace(void);
/* Path under build/waves/ for a waveform named `name` (static buffer). */
const char *tl_test_wave_path(const char *name);

/* splitmix64: the tests' random number generator (seeded, portable). */
typedef struct { uint64_t s; } tl_rng;
static inline uint64_t tl_rng_next(tl_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint32_t tl_rng_u32(tl_rng *r) { return (uint32_t)(tl_rng_next(r) >> 32); }
/* Uniform in [0, n), n > 0. */
static inline uint32_t tl_rng_below(tl_rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)tl_rng_u32(r) * n) >> 32);
}

int tl_test_main(const char *argv0, Suite *suite);

#endif
