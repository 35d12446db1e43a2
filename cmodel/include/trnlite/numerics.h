/*
 * trnlite numerics: the bit-exact contract of docs/ARCHITECTURE.md section
 * "Numerics", implemented once. The driver, the CLI and every RTL test call
 * these functions; nothing else re-derives a rounding rule.
 *
 * Every value is a bit pattern in an unsigned integer of exact width
 * (8-bit formats in the low 8 bits of a uint32_t, 16-bit in the low 16),
 * never a host float: a host float could quiet or change a NaN.
 *
 * Requirements on the host: IEEE 754 binary32 `float` with round-to-nearest-
 * even and subnormals (no FTZ/DAZ), and no FMA contraction
 * (-ffp-contract=off). tl_host_check() verifies this at run time.
 */
#ifndef TRNLITE_NUMERICS_H
#define TRNLITE_NUMERICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TL_ENC(group, name, value, width) TL_##group##_##name = (value),
/* tl_fmt: element formats; tl_round: rounding modes; TL_QNAN_*: NaNs. */
enum tl_encoding_values {
#include "trnlite/encoding.def"
};
#undef TL_ENC

typedef unsigned tl_fmt;   /* one of TL_FMT_* */
typedef unsigned tl_round; /* one of TL_RND_* */

#define TL_FMT_COUNT 7u

/* Width of one element of fmt in bits (8, 16 or 32); 0 if fmt is unknown. */
unsigned tl_fmt_bits(tl_fmt fmt);
/* Lower-case name ("fp32", "bf16", "fp16", "e4m3", "e5m2", "int8",
 * "int32"); NULL if fmt is unknown. */
const char *tl_fmt_name(tl_fmt fmt);
/* Parse a name as printed by tl_fmt_name(). Returns 0 and sets *fmt, or -1. */
int tl_fmt_parse(const char *name, tl_fmt *fmt);
/* True for bf16, fp16, e4m3, e5m2 (and fp32): formats a float can be
 * narrowed to. */
bool tl_fmt_is_float(tl_fmt fmt);

/*
 * Widening: bf16/fp16/e4m3/e5m2/fp32 -> fp32, exact; int8 -> fp32, exact.
 * Any NaN becomes TL_QNAN_FP32. `bits` holds the source pattern in its low
 * tl_fmt_bits(from) bits (higher bits ignored). Returns fp32 bits.
 * from == TL_FMT_INT32 is not a widening: it returns TL_QNAN_FP32; callers
 * check the pair with tl_convert_supported() first.
 */
uint32_t tl_widen(tl_fmt from, uint32_t bits);
/* Widen n packed elements of `from` (uint8_t/uint16_t/uint32_t array). */
void tl_widen_array(tl_fmt from, const void *src, uint32_t *dst_f32, size_t n);

/*
 * Narrowing fp32 -> to (fp32, bf16, fp16, e4m3, e5m2).
 *  mode      TL_RND_RNE or TL_RND_SR
 *  saturate  FP8 only: overflow and +-inf give +-max finite instead of
 *            NaN (e4m3) or +-inf (e5m2). Ignored for 16/32-bit targets.
 *  rand32    SR only: the 32 random bits for this element, normally
 *            tl_sr_rand(seed, coord). Ignored for RNE.
 * NaN gives the target's canonical NaN. Subnormal results are kept.
 * Returns the target bits in the low bits of the result.
 */
uint32_t tl_narrow(tl_fmt to, uint32_t f32, tl_round mode, bool saturate,
                   uint32_t rand32);

/*
 * Stochastic rounding random bits for the element at coordinate `coord`
 * of a destination tensor: word 0 of Threefry-2x32 with 20 rounds (the
 * Random123 / JAX generator), counter (coord, 0), key (seed, 0).
 */
uint32_t tl_sr_rand(uint32_t seed, uint32_t coord);
/* Full Threefry-2x32-20: out[0..1] from ctr[0..1] and key[0..1]. */
void tl_threefry2x32_20(const uint32_t ctr[2], const uint32_t key[2],
                        uint32_t out[2]);

/* Conversion options: what `trnlite convert` and the DMA take. */
typedef struct {
    tl_round mode;     /* TL_RND_RNE or TL_RND_SR */
    bool saturate;     /* FP8 overflow mode, see tl_narrow() */
    uint32_t seed;     /* SR key */
} tl_convert_opts;

/* Supported pairs: from in {fp32, bf16, fp16, e4m3, e5m2, int8}, to in
 * {fp32, bf16, fp16, e4m3, e5m2}. The value is widened exactly to fp32 and
 * narrowed once, so every pair rounds exactly once. */
bool tl_convert_supported(tl_fmt from, tl_fmt to);
/* Convert one element; coord is its destination coordinate (SR key). */
uint32_t tl_convert(tl_fmt from, tl_fmt to, uint32_t bits,
                    const tl_convert_opts *opts, uint32_t coord);

/* IEEE binary32 arithmetic, RNE, subnormals kept, NaN -> TL_QNAN_FP32. */
uint32_t tl_f32_add(uint32_t a, uint32_t b);
uint32_t tl_f32_mul(uint32_t a, uint32_t b);

/*
 * Product of two elements as the tensor engine forms it: both widened
 * exactly to fp32 and multiplied with tl_f32_mul(); formats may differ.
 * int8 x int8 gives the int32 product (as uint32_t bits). Mixing int8 with
 * a float format is not a legal matmul; it returns TL_QNAN_FP32.
 */
uint32_t tl_product(tl_fmt fa, uint32_t a, tl_fmt fb, uint32_t b);

/*
 * Reference matmul with the tensor engine's accumulation order
 * (ARCHITECTURE.md "Accumulation order"): for m < M, n < N
 *   psum[m*N + n] (op)= sum over k < K of w[k*M + m] * x[k*N + n]
 * with K split into tiles of `rows` (the array's R); each tile sum starts
 * at +0.0 and adds its products in increasing k; tile sums are added to
 * psum in increasing tile order. start=true: the first tile overwrites psum;
 * start=false: it is added to what psum holds.
 *
 * tl_matmul_f32: w, x are fp32 bit patterns (widen other formats first with
 * tl_widen_array; widening is exact so the result is the same). psum fp32.
 * tl_matmul_i8:  w, x are int8; psum int32 with two's-complement wrap.
 * Returns 0, or -1 if rows == 0.
 */
int tl_matmul_f32(unsigned rows, size_t K, size_t M, size_t N,
                  const uint32_t *w, const uint32_t *x, uint32_t *psum,
                  bool start);
int tl_matmul_i8(unsigned rows, size_t K, size_t M, size_t N,
                 const int8_t *w, const int8_t *x, uint32_t *psum,
                 bool start);
/* Convenience: any legal pair of formats (packed arrays of fw and fx). */
int tl_matmul(unsigned rows, size_t K, size_t M, size_t N,
              tl_fmt fw, const void *w, tl_fmt fx, const void *x,
              uint32_t *psum, bool start);

/* 0 if the host float unit behaves as required above, else -1. */
int tl_host_check(void);

#ifdef __cplusplus
}
#endif

#endif /* TRNLITE_NUMERICS_H */
