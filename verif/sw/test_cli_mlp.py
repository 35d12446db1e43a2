"""trnlite mlp against a numpy reference of the contract's numerics (make test).

numpy writes an MLP's weights and input (np.save, float32), build/bin/trnlite
runs it, numpy reads the output and compares it bit for bit with the
contract computed here: W and X^T narrowed with RNE (ml_dtypes), each
layer's matmul in the contract's accumulation order (contract_matmul of
test_cli_numpy.py, K in tiles of the array's rows), z * 1.0 + b in float32,
relu (u > 0 ? u : +0) and RNE to the compute format for hidden layers, the
last layer in fp32. Then: the rtl backend gives the bits of the cmodel
backend configured like it (--like-rtl), and every bad input gives a clear
message, its exit status and no output file.
Prints "RESULT test_cli_mlp <run> <failed>".
"""
import os
import re
import subprocess
import sys

import ml_dtypes
import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cli_check import BIN, Checks  # noqa: E402
from test_cli_numpy import contract_matmul  # noqa: E402

DIR = "build/tests/cli_mlp"
DT = {"bf16": ml_dtypes.bfloat16, "e4m3": ml_dtypes.float8_e4m3fn}


def reference(ws, bs, x, dtype, rows):
    dt = DT[dtype]
    h = x.T.astype(dt).astype(np.float32)
    for i, (w, b) in enumerate(zip(ws, bs)):
        z = contract_matmul(w.astype(dt).astype(np.float32), h, None, rows)
        u = (z * np.float32(1.0)).astype(np.float32) + b.reshape(-1, 1).astype(np.float32)
        if i + 1 < len(ws):
            h = np.where(u > 0, u, np.float32(0)).astype(dt).astype(np.float32)
        else:
            h = u
    return h.T


def run(args):
    return subprocess.run([BIN, "mlp"] + args, capture_output=True, text=True)


def main():
    os.makedirs(DIR, exist_ok=True)
    rng = np.random.default_rng(9)
    checks = Checks("test_cli_mlp")
    check = checks.check

    def rows_of(extra):
        info = subprocess.run([BIN, "info"] + extra, capture_output=True, text=True, check=True).stdout
        return int(re.search(r"array\s+(\d+) x (\d+)", info).group(1))

    dims = [23, 40, 17, 10]
    ws = [(rng.standard_normal((dims[i + 1], dims[i])) * 0.3).astype(np.float32) for i in range(3)]
    bs = [rng.standard_normal(dims[i + 1]).astype(np.float32) for i in range(3)]
    x = rng.standard_normal((29, dims[0])).astype(np.float32)
    d = f"{DIR}/w"
    os.makedirs(d, exist_ok=True)
    for i in range(3):
        np.save(f"{d}/w{i + 1}.npy", ws[i])
        np.save(f"{d}/b{i + 1}.npy", bs[i] if i != 1 else bs[i].reshape(-1, 1))
    np.save(f"{DIR}/x.npy", x)
    out = f"{DIR}/y.npy"
    files = ",".join(f"{d}/{k}{i + 1}.npy" for i in range(3) for k in "wb")
    for dtype in ("bf16", "e4m3"):
        for wspec, how in ((d, "directory"), (files, "file list")):
            for extra in ([], ["--like-rtl"]):
                if os.path.exists(out):
                    os.remove(out)
                p = run(["--weights", wspec, "--input", f"{DIR}/x.npy", "--out", out, "--dtype", dtype] + extra)
                name = f"mlp 23-40-17-10 batch 29 {dtype}, weights by {how}, cmodel {' '.join(extra)}"
                if p.returncode != 0:
                    check(False, name, p.stderr)
                    continue
                want = reference(ws, bs, x, dtype, rows_of(extra)).view(np.uint32)
                have = np.load(out).view(np.uint32)
                check(have.shape == want.shape and np.array_equal(have, want),
                      name + ": bit-exact with the numpy reference", f"{np.sum(have != want)} differ")

    # rtl gives the bits of cmodel configured like it
    base = ["--weights", d, "--input", f"{DIR}/x.npy"]
    p1 = run(base + ["--out", f"{DIR}/y_rtl.npy", "--backend", "rtl"])
    p2 = run(base + ["--out", f"{DIR}/y_cm.npy", "--like-rtl"])
    same = p1.returncode == 0 and p2.returncode == 0 and \
        open(f"{DIR}/y_rtl.npy", "rb").read() == open(f"{DIR}/y_cm.npy", "rb").read()
    check(same and "cycles" in p1.stdout, "rtl backend == cmodel --like-rtl, bit for bit; rtl reports cycles",
          p1.stderr + p2.stderr)

    # bad inputs: message, exit status, no output
    open(f"{DIR}/junk.npy", "wb").write(b"not a numpy file")
    open(f"{DIR}/trunc.npy", "wb").write(open(f"{d}/w1.npy", "rb").read()[:100])
    np.save(f"{DIR}/w_i4.npy", ws[0].astype(np.int32))
    np.save(f"{DIR}/w_3d.npy", ws[0].reshape(1, 40, 23))
    np.save(f"{DIR}/x_zero.npy", np.zeros((0, 23), np.float32))
    np.save(f"{DIR}/x_bad.npy", np.zeros((4, 22), np.float32))
    np.save(f"{DIR}/b_bad.npy", np.zeros(39, np.float32))
    emptydir = f"{DIR}/empty"
    os.makedirs(emptydir, exist_ok=True)
    w1, b1 = f"{d}/w1.npy", f"{d}/b1.npy"
    bad = [
        (["--weights", f"{DIR}/nothere.npy,{b1}"], 1, "nothere.npy"),
        (["--weights", f"{DIR}/junk.npy,{b1}"], 1, "junk.npy"),
        (["--weights", f"{DIR}/trunc.npy,{b1}"], 1, "trunc.npy"),
        (["--weights", f"{DIR}/w_i4.npy,{b1}"], 1, "float32"),
        (["--weights", f"{DIR}/w_3d.npy,{b1}"], 1, "dimensions"),
        (["--weights", f"{w1},{DIR}/b_bad.npy"], 1, "elements"),
        (["--weights", f"{w1}"], 1, "pairs"),
        (["--weights", emptydir], 1, "w1.npy"),
        (["--weights", f"{d}/w2.npy,{d}/b2.npy"], 1, "do not match"),
        (["--weights", d, "--input", f"{DIR}/x_zero.npy"], 1, "zero"),
        (["--weights", d, "--input", f"{DIR}/x_bad.npy"], 1, "do not match"),
        (["--weights", d, "--dram-size", "197000"], 1, "DRAM"),
        (["--weights", d, "--dtype", "int8"], 2, "--dtype"),
        (["--weights", d, "--frobnicate"], 2, "unknown option"),
        (["--weights", d, "--backend", "gpu"], 2, "unknown backend"),
        (["--weights", d, "--timeout", "5"], 3, "did not finish"),
        (["--weights", f"{w1},,{b1}"], 1, "an empty file name"),
        (["--weights", ",".join([w1, b1] * 17)], 1, "more than 16 layers"),
        (["--weights", f"{w1},{DIR}/nothere_b.npy"], 1, "nothere_b.npy"),
        (["--input", f"{DIR}/x.npy"], 2, "--weights, --input and --out are required"),
    ]
    checks.bad_inputs("mlp", [(a + ([] if "--input" in a else ["--input", f"{DIR}/x.npy"]) + ["--out", out], c, w)
                              for a, c, w in bad], out)
    # an output that cannot be written: a missing directory, and a path
    # that is a directory (the temporary file is written, the rename fails)
    os.makedirs(f"{DIR}/isdir", exist_ok=True)
    for o, words in ((f"{DIR}/no/such/y.npy", "cannot create"), (f"{DIR}/isdir", "cannot write")):
        p = run(["--weights", d, "--input", f"{DIR}/x.npy", "--out", o])
        left = [n for n in os.listdir(os.path.dirname(o)) if ".tmp." in n] if os.path.isdir(os.path.dirname(o)) else []
        check(p.returncode == 1 and f"mlp: {words} '{o}'" in p.stderr and not left and
              (os.path.isdir(o) or not os.path.exists(o)),
              f"mlp: --out {o}: exit 1, says '{words}', nothing written", f"(exit {p.returncode}: {p.stderr.strip()})")
    return checks.result()


if __name__ == "__main__":
    sys.exit(main())
