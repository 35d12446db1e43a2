"""trnlite gemm against an independent numpy reference (make test).

numpy writes the inputs (np.save: float32, and bf16 / e4m3 raw bits through
ml_dtypes), build/bin/trnlite runs the GEMM on the cmodel backend, numpy
reads the output (np.load) and compares it bit for bit with the contract's
accumulation order computed here in numpy float32 arithmetic (IEEE binary32,
RNE; no FMA): products of the exactly widened inputs, K in tiles of the
array's rows (read from `trnlite info`), each tile summed from +0 in
increasing k, tile sums added in order to C; the narrowed output converted
with ml_dtypes (RNE). Prints "RESULT test_cli_numpy <run> <failed>".
"""
import os
import re
import subprocess
import sys

import ml_dtypes
import numpy as np

# The tool under test; make coverage-c sets TRNLITE_BIN to its --coverage build.
BIN = os.environ.get("TRNLITE_BIN") or "build/bin/trnlite"
DIR = "build/tests/cli_numpy"


def contract_matmul(a32, b32, c32, rows):
    """OUT = ((C + T0) + T1) + ..., T_t the tile sums, all in float32."""
    m, k = a32.shape
    out = c32.copy() if c32 is not None else None
    for t0 in range(0, k, rows):
        s = np.zeros((m, b32.shape[1]), dtype=np.float32)
        for kk in range(t0, min(k, t0 + rows)):
            s = (s + np.multiply.outer(a32[:, kk], b32[kk, :]).astype(np.float32)).astype(np.float32)
        out = s if out is None else (out + s).astype(np.float32)
    return out


def main():
    os.makedirs(DIR, exist_ok=True)
    info = subprocess.run([BIN, "info"], capture_output=True, text=True, check=True).stdout
    rows = int(re.search(r"array\s+(\d+) x (\d+)", info).group(1))
    rng = np.random.default_rng(2026)
    run = failed = 0
    cases = [  # M, K, N, dtype-b, out-dtype, with C
        (13, 37, 21, "bf16", "fp32", True),
        (5, 50, 70, "e4m3", "bf16", False),
        (1, 1, 1, "bf16", "fp32", True),
        (33, 17, 600, "e4m3", "fp32", False),
    ]
    for m, k, n, tb, to, with_c in cases:
        run += 1
        a = rng.standard_normal((m, k)).astype(np.float32)
        bdt = ml_dtypes.bfloat16 if tb == "bf16" else ml_dtypes.float8_e4m3fn
        b = rng.standard_normal((k, n)).astype(bdt)
        c = rng.standard_normal((m, n)).astype(np.float32)
        np.save(f"{DIR}/a.npy", a)  # float32: the CLI converts it to bf16 (RNE)
        np.save(f"{DIR}/b.npy", b.view(np.uint16 if tb == "bf16" else np.uint8))  # raw bits
        np.save(f"{DIR}/c.npy", c)
        args = [BIN, "gemm", "--a", f"{DIR}/a.npy", "--b", f"{DIR}/b.npy", "--out", f"{DIR}/out.npy",
                "--dtype-a", "bf16", "--dtype-b", tb, "--out-dtype", to]
        if with_c:
            args += ["--c", f"{DIR}/c.npy"]
        p = subprocess.run(args, capture_output=True, text=True)
        name = f"{m}x{k}x{n} bf16*{tb}->{to}{' +C' if with_c else ''}"
        if p.returncode != 0:
            print(f"FAIL {name}: exit {p.returncode}: {p.stderr}")
            failed += 1
            continue
        out = np.load(f"{DIR}/out.npy")
        a32 = a.astype(ml_dtypes.bfloat16).astype(np.float32)
        ref = contract_matmul(a32, b.astype(np.float32), c if with_c else None, rows)
        if to == "bf16":
            want, have = ref.astype(ml_dtypes.bfloat16).view(np.uint16), out
        else:
            want, have = ref.view(np.uint32), out.view(np.uint32)
        if have.shape != want.shape or have.dtype != want.dtype or not np.array_equal(have, want):
            bad = np.argwhere(have != want) if have.shape == want.shape else []
            print(f"FAIL {name}: {len(bad)} elements differ from numpy, first {bad[:1]}")
            failed += 1
        else:
            print(f"ok   {name}: np.load reads it, bit-exact with the numpy reference ({rows}-row tiles)")
    print(f"RESULT test_cli_numpy {run} {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
