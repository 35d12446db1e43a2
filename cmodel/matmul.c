/*
 * Reference matmul in the tensor engine's accumulation order
 * (ARCHITECTURE.md 5.5): K in tiles of `rows`; each tile sum starts at +0.0
 * and adds products in increasing k; tile sums go into psum in tile order.
 *
 * The inner loops run over n, which is independent across outputs, so the
 * compiler vectorizes them without reordering any element's additions.
 * NaNs are made canonical once, when a value is stored to psum: whether a
 * sum is NaN does not depend on NaN payloads.
 */
#include <stdlib.h>

#include "internals.h"

int tl_matmul_f32(unsigned rows, size_t K, size_t M, size_t N,
                  const uint32_t *w, const uint32_t *x, uint32_t *psum,
                  bool start)
{
    if (rows == 0)
        return -1;
    float *tile = malloc((N ? N : 1) * sizeof *tile);
    if (!tile)
        return -1;
    const float *xf = (const float *)(const void *)x;
    for (size_t m = 0; m < M; m++) {
        uint32_t *out = psum + m * N;
        for (size_t k0 = 0; k0 < K; k0 += rows) {
            size_t k1 = k0 + rows < K ? k0 + rows : K;
            for (size_t n = 0; n < N; n++)
                tile[n] = 0.0f;
            for (size_t k = k0; k < k1; k++) {
                float wv = tl_f32_from_bits(w[k * M + m]);
                const float *xr = xf + k * N;
                for (size_t n = 0; n < N; n++)
                    tile[n] = tile[n] + wv * xr[n];
            }
            bool overwrite = start && k0 == 0;
            for (size_t n = 0; n < N; n++) {
                float acc = overwrite ? 0.0f : tl_f32_from_bits(out[n]);
                uint32_t s = tl_bits_from_f32(tile[n]);
                out[n] = tl_f32_canon(overwrite ? s : tl_bits_from_f32(acc + tile[n]));
            }
        }
    }
    free(tile);
    return 0;
}

int tl_matmul_i8(unsigned rows, size_t K, size_t M, size_t N,
                 const int8_t *w, const int8_t *x, uint32_t *psum, bool start)
{
    if (rows == 0)
        return -1;
    /* Wrapped int32 sums do not depend on order; tiles only matter for
     * start (the first tile overwrites). */
    for (size_t m = 0; m < M; m++) {
        uint32_t *out = psum + m * N;
        if (start && K > 0)
            for (size_t n = 0; n < N; n++)
                out[n] = 0;
        for (size_t k = 0; k < K; k++) {
            uint32_t wv = (uint32_t)(int32_t)w[k * M + m];
            const int8_t *xr = x + k * N;
            for (size_t n = 0; n < N; n++)
                out[n] += wv * (uint32_t)(int32_t)xr[n];
        }
    }
    return 0;
}

int tl_matmul(unsigned rows, size_t K, size_t M, size_t N,
              tl_fmt fw, const void *w, tl_fmt fx, const void *x,
              uint32_t *psum, bool start)
{
    if (fw == TL_FMT_INT8 && fx == TL_FMT_INT8)
        return tl_matmul_i8(rows, K, M, N, w, x, psum, start);
    if (fw == TL_FMT_INT8 || fx == TL_FMT_INT8 || !tl_fmt_is_float(fw) ||
        !tl_fmt_is_float(fx))
        return -1;
    uint32_t *w32 = malloc((K * M + 1) * sizeof *w32);
    uint32_t *x32 = malloc((K * N + 1) * sizeof *x32);
    int rc = -1;
    if (w32 && x32) {
        tl_widen_array(fw, w, w32, K * M);
        tl_widen_array(fx, x, x32, K * N);
        rc = tl_matmul_f32(rows, K, M, N, w32, x32, psum, start);
    }
    free(w32);
    free(x32);
    return rc;
}
