#!/usr/bin/env python3
"""Independent reference for trnlite's conversions: ml_dtypes and numpy.

Writes, under --out (little-endian raw arrays):

  inputs.u32          --count seeded fp32 bit patterns, biased toward each
                      target's ties, rounding boundaries, overflow edge and
                      subnormal range (see gen_inputs)
  ref_<fmt>.bin       those inputs narrowed with RNE, for fmt in bf16
                      (ml_dtypes.bfloat16), fp16 (numpy.float16), e4m3
                      (ml_dtypes.float8_e4m3fn), e5m2 (ml_dtypes.float8_e5m2);
                      uint16 for 16-bit formats, uint8 for 8-bit ones
  widen_<src>.u32     every encoding of src (bf16, fp16, e4m3, e5m2, int8)
                      widened to float32
  conv_<src>_<dst>.bin  every encoding of src converted to dst (RNE):
                      widened to float32 (exact) and narrowed once

ml_dtypes and numpy convert non-saturating and may keep a NaN's sign and
payload; the C test (test_numerics_ref.c) compares NaN-ness for NaNs and
derives the saturating results from these. Nothing here uses trnlite code.

Usage: narrow_ref.py --seed S --count N --out DIR
"""
import argparse
import os
import sys

import numpy as np
import ml_dtypes

# name: (numpy dtype, storage dtype, significand bits p, emin, emax)
TARGETS = {
    "bf16": (ml_dtypes.bfloat16, np.uint16, 8, -126, 127),
    "fp16": (np.float16, np.uint16, 11, -14, 15),
    "e4m3": (ml_dtypes.float8_e4m3fn, np.uint8, 4, -6, 8),
    "e5m2": (ml_dtypes.float8_e5m2, np.uint8, 3, -14, 15),
}
SOURCES = dict(TARGETS)
SOURCES["int8"] = (np.int8, np.uint8, None, None, None)


def grid_values(rng, n, p, emin, emax):
    """n fp32 values on, between and around the target's grid points."""
    # Exponent of the binade, from below the subnormal range to above max.
    e = rng.integers(emin - p - 3, emax + 2, size=n)
    # A quarter of the draws sit at the top of the range (overflow edge).
    top = rng.random(n) < 0.25
    e = np.where(top, rng.integers(emax - 1, emax + 2, size=n), e)
    sub = e < emin
    q = np.maximum(e, emin) - (p - 1)  # quantum exponent
    half = 1 << (p - 1)
    k = np.where(sub, rng.integers(0, half, size=n),
                 rng.integers(half, 2 * half, size=n))
    # At the top, favour the largest significands (the max value and the
    # first unencodable values above it).
    k = np.where(top & (rng.random(n) < 0.5),
                 2 * half - 1 - rng.integers(0, 3, size=n), k)
    kind = rng.integers(0, 7, size=n)
    frac = np.select(
        [kind == 0, kind == 1, kind == 2, kind == 3],
        [0.0, 0.5, 0.5, 0.5],
        rng.random(n))
    with np.errstate(over="ignore"):
        v = np.ldexp(k.astype(np.float64) + frac, q).astype(np.float32)
        # kind 2/3: one fp32 ulp above/below the tie; kind 4: one ulp off a
        # grid point (either side).
        v = np.where(kind == 2, np.nextafter(v, np.float32(np.inf)), v)
        v = np.where(kind == 3, np.nextafter(v, np.float32(0)), v)
        on_grid = np.ldexp(k.astype(np.float64), q).astype(np.float32)
        side = np.where(rng.random(n) < 0.5, np.float32(np.inf), np.float32(0))
        v = np.where(kind == 4, np.nextafter(on_grid, side), v)
        # kind 5: any fp32 in the binade (random mantissa), reaching below
        # the target's smallest subnormal.
        m = np.ldexp(1.0 + rng.random(n), e).astype(np.float32)
        v = np.where(kind == 5, m, v)
    sign = rng.random(n) < 0.5
    return np.where(sign, -v, v).astype(np.float32).view(np.uint32)


def special_values(rng, n):
    """fp32 subnormals, zeros, infinities, NaNs with any payload and sign."""
    kind = rng.integers(0, 4, size=n)
    sign = rng.integers(0, 2, size=n, dtype=np.uint32) << np.uint32(31)
    frac = rng.integers(0, 1 << 23, size=n, dtype=np.uint32)
    nan_frac = np.maximum(frac, np.uint32(1))
    bits = np.select(
        [kind == 0, kind == 1, kind == 2],
        [frac,                                   # subnormal (or 0)
         np.zeros(n, dtype=np.uint32),           # zero
         np.full(n, 0x7F800000, dtype=np.uint32)],  # inf
        np.uint32(0x7F800000) | nan_frac)        # NaN
    return (bits.astype(np.uint32) | sign).astype(np.uint32)


def gen_inputs(seed, count):
    rng = np.random.default_rng(seed)
    n_rand = count // 10
    n_spec = count // 20
    n_grid = count - n_rand - n_spec
    parts = [rng.integers(0, 1 << 32, size=n_rand, dtype=np.uint64).astype(np.uint32),
             special_values(rng, n_spec)]
    per = n_grid // len(TARGETS)
    for i, (_, _, p, emin, emax) in enumerate(TARGETS.values()):
        nn = per if i < len(TARGETS) - 1 else n_grid - per * (len(TARGETS) - 1)
        parts.append(grid_values(rng, nn, p, emin, emax))
    x = np.concatenate(parts).astype(np.uint32)
    rng.shuffle(x)
    return x


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)

    x = gen_inputs(a.seed, a.count)
    x.astype("<u4").tofile(os.path.join(a.out, "inputs.u32"))
    xf = x.view(np.float32)
    with np.errstate(all="ignore"):
        for name, (dt, st, _, _, _) in TARGETS.items():
            xf.astype(dt).view(st).tofile(os.path.join(a.out, f"ref_{name}.bin"))
        for src, (sdt, sst, _, _, _) in SOURCES.items():
            enc = np.arange(1 << (8 * np.dtype(sst).itemsize), dtype=np.uint64).astype(sst)
            wide = enc.view(sdt).astype(np.float32)
            wide.view(np.uint32).astype("<u4").tofile(os.path.join(a.out, f"widen_{src}.u32"))
            for dst, (ddt, dst_st, _, _, _) in TARGETS.items():
                wide.astype(ddt).view(dst_st).tofile(
                    os.path.join(a.out, f"conv_{src}_{dst}.bin"))
    print(f"narrow_ref.py: seed {a.seed}, {len(x)} inputs, numpy {np.__version__}, "
          f"ml_dtypes {ml_dtypes.__version__} -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
