/* trnlite train (docs/driver.md section 5.2): data and host helpers. */
#ifndef TRNLITE_TRAIN_H
#define TRNLITE_TRAIN_H

#include <stdint.h>

#include "cli.h"

#define TRAIN_MAX_CLASSES 256

typedef struct {
    uint32_t n, d, classes;
    float *x;          /* [n x d], scaled into [-1, 1] */
    uint8_t *y;        /* [n] */
    float scale;       /* what the features were divided by */
} train_data;

/* Features and labels from .npy files (x, y) or a CSV file (csv, when not
 * NULL); scaled. 0, or -1 (said). */
int train_data_load(const char *x, const char *y, const char *csv, train_data *d);
void train_data_free(train_data *d);

/* splitmix64; a 32-bit seed for (seed, k); idx = a permutation of 0..n-1
 * for (seed, stream). */
uint64_t train_mix64(uint64_t z);
uint32_t train_mix(uint32_t seed, uint64_t k);
void train_shuffle(uint32_t *idx, uint32_t n, uint32_t seed, uint64_t stream);

#endif
