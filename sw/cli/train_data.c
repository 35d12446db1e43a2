/*
 * trnlite train: the data set (docs/driver.md section 5.2): .npy features
 * and labels or a CSV file, scaled and split on the host.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "train.h"

uint64_t train_mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t train_mix(uint32_t seed, uint64_t k) { return (uint32_t)train_mix64((uint64_t)seed << 40 ^ k); }

void train_shuffle(uint32_t *idx, uint32_t n, uint32_t seed, uint64_t stream)
{
    for (uint32_t i = 0; i < n; i++)
        idx[i] = i;
    for (uint32_t i = n; i > 1; i--) {
        uint32_t j = (uint32_t)(train_mix64(((uint64_t)seed << 32 | i) ^ stream << 56 ^ stream) % i);
        uint32_t t = idx[i - 1];
        idx[i - 1] = idx[j];
        idx[j] = t;
    }
}

static int labels_from_npy(const npy_array *a, const char *path, train_data *d)
{
    uint64_t n = a->ndim == 1 ? a->shape[0] : a->shape[0] * a->shape[1];
    if (!(a->ndim == 1 || (a->ndim == 2 && (a->shape[0] == 1 || a->shape[1] == 1))) || n != d->n) {
        cli_error("train: labels '%s' must be a vector of %u labels (one per row of the features)", path, d->n);
        return -1;
    }
    for (uint32_t i = 0; i < d->n; i++) {
        int64_t v;
        const uint8_t *p = a->data + (size_t)i * a->itemsize;
        if (strcmp(a->descr, "|u1") == 0)
            v = p[0];
        else if (strcmp(a->descr, "<i4") == 0)
            v = (int32_t)(p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        else if (strcmp(a->descr, "<i8") == 0) {
            uint64_t u = 0;
            for (unsigned b = 0; b < 8; b++)
                u |= (uint64_t)p[b] << (8 * b);
            v = (int64_t)u;
        } else {
            cli_error("train: labels '%s' have dtype '%s'; they must be uint8, int32 or int64", path, a->descr);
            return -1;
        }
        if (v < 0 || v >= TRAIN_MAX_CLASSES) {
            cli_error("train: label %lld of sample %u in '%s' is outside 0..%d", (long long)v, i, path,
                      TRAIN_MAX_CLASSES - 1);
            return -1;
        }
        d->y[i] = (uint8_t)v;
    }
    return 0;
}

static int load_npy(const char *xp, const char *yp, train_data *d)
{
    npy_array X = {0}, Y = {0};
    int rc = -1;
    char err[512];
    if (cli_load_f32("train", "features", xp, false, &X))
        goto out;
    if (npy_read(yp, &Y, err, sizeof err)) {
        cli_error("train: labels: %s", err);
        goto out;
    }
    d->n = (uint32_t)X.shape[0];
    d->d = (uint32_t)X.shape[1];
    d->x = malloc((size_t)d->n * d->d * sizeof(float));
    d->y = malloc(d->n);
    if (!d->x || !d->y) {
        cli_error("train: out of memory");
        goto out;
    }
    memcpy(d->x, X.data, (size_t)d->n * d->d * sizeof(float)); /* little-endian host */
    rc = labels_from_npy(&Y, yp, d);
out:
    npy_free(&X);
    npy_free(&Y);
    return rc;
}

/* One CSV sample per line: features, then the label. */
static int load_csv(const char *path, train_data *d)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        cli_error("train: cannot open '%s'", path);
        return -1;
    }
    size_t cap = 0, len = 0, cap_line = 1 << 16;
    char *line = malloc(cap_line);
    float *vals = NULL;
    uint32_t cols = 0, rows = 0, lineno = 0;
    int rc = -1;
    if (!line) {
        cli_error("train: out of memory");
        goto out;
    }
    while (fgets(line, (int)cap_line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            cli_error("train: '%s' line %u is longer than %zu bytes", path, lineno, cap_line - 1);
            goto out;
        }
        uint32_t c = 0;
        char *p = line, *end;
        bool bad = false;
        for (;;) {
            float v = strtof(p, &end);
            if (end == p || !isfinite(v)) {
                bad = true;
                break;
            }
            if (len + c + 1 > cap) {
                cap = cap ? 2 * cap : 4096;
                float *nv = realloc(vals, cap * sizeof(float));
                if (!nv) {
                    cli_error("train: '%s': out of memory at line %u", path, lineno);
                    goto out;
                }
                vals = nv;
            }
            vals[len + c++] = v;
            while (*end == ' ' || *end == '\t' || *end == '\r')
                end++;
            if (*end == ',') {
                p = end + 1;
                continue;
            }
            if (*end != '\n' && *end != '\0')
                bad = true;
            break;
        }
        if (bad && lineno == 1 && rows == 0)
            continue; /* a header */
        if (bad || c < 2 || (cols && c != cols)) {
            cli_error("train: '%s' line %u: %s", path, lineno,
                      bad ? "not a comma-separated list of numbers"
                          : c < 2 ? "needs at least one feature and a label" : "a different number of columns");
            goto out;
        }
        cols = c;
        len += c;
        rows++;
    }
    if (rows == 0) {
        cli_error("train: '%s' has no samples", path);
        goto out;
    }
    d->n = rows;
    d->d = cols - 1;
    d->x = malloc((size_t)rows * d->d * sizeof(float));
    d->y = malloc(rows);
    if (!d->x || !d->y) {
        cli_error("train: '%s': out of memory for %u samples", path, rows);
        goto out;
    }
    for (uint32_t i = 0; i < rows; i++) {
        memcpy(d->x + (size_t)i * d->d, vals + (size_t)i * cols, d->d * sizeof(float));
        float l = vals[(size_t)i * cols + d->d];
        if (l < 0 || l >= TRAIN_MAX_CLASSES || l != floorf(l)) {
            cli_error("train: '%s' sample %u: label %g is not an integer 0..%d", path, i + 1, l, TRAIN_MAX_CLASSES - 1);
            goto out;
        }
        d->y[i] = (uint8_t)l;
    }
    rc = 0;
out:
    free(line);
    free(vals);
    fclose(f);
    return rc;
}

int train_data_load(const char *x, const char *y, const char *csv, train_data *d)
{
    memset(d, 0, sizeof *d);
    if (csv ? load_csv(csv, d) : load_npy(x, y, d))
        return -1;
    if (d->n < 10) {
        cli_error("train: %u samples; at least 10 are needed (a fifth is the test set)", d->n);
        return -1;
    }
    float big = 0;
    for (size_t i = 0; i < (size_t)d->n * d->d; i++) {
        if (!isfinite(d->x[i])) {
            cli_error("train: feature %zu of sample %zu is not a finite number", i % d->d, i / d->d);
            return -1;
        }
        if (fabsf(d->x[i]) > big)
            big = fabsf(d->x[i]);
    }
    /* Features within [-1, 1]: divide by the largest magnitude. */
    for (size_t i = 0; big > 0 && i < (size_t)d->n * d->d; i++)
        d->x[i] /= big;
    d->scale = big;
    d->classes = 0;
    for (uint32_t i = 0; i < d->n; i++)
        if (d->y[i] + 1u > d->classes)
            d->classes = d->y[i] + 1u;
    if (d->classes < 2) {
        cli_error("train: the labels name %u class; at least 2 are needed", d->classes);
        return -1;
    }
    return 0;
}

void train_data_free(train_data *d)
{
    free(d->x);
    free(d->y);
}
