/*
 * .npy files (NumPy format versions 1.0, 2.0 and 3.0) for the trnlite
 * CLI: 2-D C-order arrays of the few dtypes the driver takes and gives
 * (docs/driver.md section 5). Every malformed file is an error with a
 * message; writing goes through a temporary file renamed at the end, so
 * a failure never leaves a partial file.
 */
#ifndef TRNLITE_NPY_H
#define TRNLITE_NPY_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char descr[8];        /* "<f4", "<u2", "|u1", "|i1", "<i4" (normalized) */
    unsigned itemsize;
    unsigned ndim;
    uint64_t shape[8];
    uint8_t *data;        /* little-endian elements, C order */
    size_t nbytes;
} npy_array;

/* Read path. Returns 0, or -1 with a message in err. */
int npy_read(const char *path, npy_array *a, char *err, size_t errlen);
void npy_free(npy_array *a);
/* Write a rows x cols array of descr (one of the above). Returns 0, or
 * -1 with a message in err (and no file at path changed). */
int npy_write(const char *path, const char *descr, uint64_t rows, uint64_t cols, const void *data,
              char *err, size_t errlen);

#endif
