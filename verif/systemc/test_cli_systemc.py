"""The unmodified driver through the trnlite tool on the SystemC backends
(docs/systemc.md section 5): trnlite gemm (bf16 and fp8) on systemc-lt and
systemc-rtl writes the same bytes as cmodel --like-rtl, and a tiny
trnlite train run (fp8, SR and RNE) prints the same output on both, the
performance lines aside. Prints "RESULT test_cli_systemc <run> <failed>".
"""
import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "sw"))
from cli_check import BIN, Checks  # noqa: E402

DIR = "build/tests/cli_systemc"


def run(args):
    return subprocess.run([BIN] + args, capture_output=True, text=True)


def main():
    os.makedirs(DIR, exist_ok=True)
    checks = Checks("test_cli_systemc")
    check = checks.check
    rng = np.random.default_rng(12)
    np.save(f"{DIR}/a.npy", rng.standard_normal((33, 70)).astype(np.float32))
    np.save(f"{DIR}/b.npy", rng.standard_normal((70, 41)).astype(np.float32))
    for da, db, do in (("bf16", "bf16", "fp32"), ("e4m3", "e5m2", "bf16")):
        common = ["gemm", "--a", f"{DIR}/a.npy", "--b", f"{DIR}/b.npy", "--dtype-a", da, "--dtype-b", db,
                  "--out-dtype", do]
        ref = run(common + ["--out", f"{DIR}/o_cm.npy", "--like-rtl"])
        for be in ("systemc-lt", "systemc-rtl"):
            out = f"{DIR}/o_{be}.npy"
            if os.path.exists(out):
                os.remove(out)
            p = run(common + ["--out", out, "--backend", be])
            same = p.returncode == 0 and ref.returncode == 0 and \
                open(out, "rb").read() == open(f"{DIR}/o_cm.npy", "rb").read()
            check(same and f"on {be}" in p.stdout, f"gemm {da}*{db}->{do} on {be} == cmodel --like-rtl",
                  p.stdout + p.stderr + ref.stderr)

    if not os.path.exists("build/data/digits_x.npy"):
        subprocess.run([sys.executable, "scripts/export_digits.py", "build/data"], check=True)
    np.save(f"{DIR}/sx.npy", np.load("build/data/digits_x.npy")[:100])
    np.save(f"{DIR}/sy.npy", np.load("build/data/digits_y.npy")[:100].astype(np.int64))
    tiny = ["train", "--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy", "--epochs", "1", "--batch", "16",
            "--hidden", "16", "--mode", "fp8", "--round", "both", "--seed", "7"]

    def body(s):
        s = re.sub(r"(systemc-lt|systemc-rtl|cmodel), 4 x 8", "X", s)
        return re.sub(r"^perf:.*\n", "", s, flags=re.M)
    ref = run(tiny + ["--like-rtl"])
    for be in ("systemc-lt", "systemc-rtl"):
        p = run(tiny + ["--backend", be])
        check(p.returncode == 0 and ref.returncode == 0 and body(p.stdout) == body(ref.stdout),
              f"train, tiny fp8 run (SR and RNE) on {be} == cmodel --like-rtl", p.stdout + p.stderr)
    return checks.result()


if __name__ == "__main__":
    sys.exit(main())
