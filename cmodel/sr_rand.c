/*
 * Stochastic rounding random bits: Threefry-2x32 with 20 rounds
 * (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11),
 * ARCHITECTURE.md 5.4.
 */
#include "internals.h"

static inline uint32_t rotl32(uint32_t v, unsigned n)
{
    return (v << n) | (v >> (32 - n));
}

/* One round with rotation n; four rounds then a key injection s. */
#define ROUND(n) (x0 += x1, x1 = rotl32(x1, n) ^ x0)
#define FOUR_ROUNDS(a, b, c, d, s)                         \
    do {                                                   \
        ROUND(a); ROUND(b); ROUND(c); ROUND(d);            \
        x0 += ks[(s) % 3];                                 \
        x1 += ks[((s) + 1) % 3] + (s);                     \
    } while (0)

void tl_threefry2x32_20(const uint32_t ctr[2], const uint32_t key[2], uint32_t out[2])
{
    const uint32_t ks[3] = {key[0], key[1], key[0] ^ key[1] ^ 0x1BD11BDAu};
    uint32_t x0 = ctr[0] + ks[0], x1 = ctr[1] + ks[1];
    /* Rotations 13 15 26 6 | 17 29 16 24, alternating every four rounds. */
    FOUR_ROUNDS(13, 15, 26, 6, 1);
    FOUR_ROUNDS(17, 29, 16, 24, 2);
    FOUR_ROUNDS(13, 15, 26, 6, 3);
    FOUR_ROUNDS(17, 29, 16, 24, 4);
    FOUR_ROUNDS(13, 15, 26, 6, 5);
    out[0] = x0;
    out[1] = x1;
}

uint32_t tl_sr_rand(uint32_t seed, uint32_t coord)
{
    const uint32_t ctr[2] = {coord, 0}, key[2] = {seed, 0};
    uint32_t out[2];
    tl_threefry2x32_20(ctr, key, out);
    return out[0];
}
