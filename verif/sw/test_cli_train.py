"""trnlite train, short runs (make test).

On scikit-learn's digits (exported by scripts/export_digits.py when
build/data has no copy yet): bf16 (SR) and FP8 (SR) runs of 4 epochs at lr
0.1 on the cmodel backend must lower the loss every epoch and reach 85%
test accuracy (measured when this test was written: 92.2% and 91.9%; the
fp32 reference 92.5%). The same seed gives the same output twice, and a
tiny run (100 digits, one epoch) gives the same output on the rtl backend
as on the cmodel backend configured like it (--like-rtl), the performance
lines aside. --save writes weights that trnlite mlp takes. Bad inputs: a
clear message, the exit status. Prints "RESULT test_cli_train <run> <failed>".
"""
import os
import pty
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from cli_check import BIN, Checks  # noqa: E402

DIR = "build/tests/cli_train"
THRESHOLD = 85.0


def train(args):
    return subprocess.run([BIN, "train"] + args, capture_output=True, text=True)


def main():
    os.makedirs(DIR, exist_ok=True)
    if not os.path.exists("build/data/digits_x.npy"):
        subprocess.run([sys.executable, "scripts/export_digits.py", "build/data"], check=True)
    checks = Checks("test_cli_train")
    check = checks.check

    for mode in ("bf16", "fp8"):
        p = train(["--mode", mode, "--round", "sr", "--epochs", "4", "--lr", "0.1", "--save", f"{DIR}/w_{mode}"])
        losses = [float(m.group(1)) for m in re.finditer(r"^\s+\d+\s+([\d.]+)\s", p.stdout, re.M)]
        acc = re.search(r"SR ([\d.]+)%", p.stdout)
        ok = p.returncode == 0 and len(losses) == 4 and all(b < a for a, b in zip(losses, losses[1:])) and \
            acc and float(acc.group(1)) >= THRESHOLD and "on the host: softmax cross-entropy" in p.stdout
        check(ok, f"train {mode} SR, 4 epochs: loss {losses} decreases, test accuracy "
              f"{acc.group(1) if acc else '?'}% >= {THRESHOLD}%", p.stdout + p.stderr)
        if mode == "bf16":
            q = train(["--mode", mode, "--round", "sr", "--epochs", "4", "--lr", "0.1"])
            check(q.returncode == 0 and q.stdout.replace(f" --save {DIR}/w_{mode}", "") ==
                  p.stdout[:p.stdout.find("train: wrote")] + p.stdout[p.stdout.find("perf:"):],
                  "the same seed gives the same output", q.stdout)
    # the saved weights run in trnlite mlp
    x = np.load("build/data/digits_x.npy")[:50] / np.float32(16)
    np.save(f"{DIR}/x50.npy", x.astype(np.float32))
    m = subprocess.run([BIN, "mlp", "--weights", f"{DIR}/w_bf16", "--input", f"{DIR}/x50.npy", "--out",
                        f"{DIR}/y50.npy"], capture_output=True, text=True)
    yl = np.load("build/data/digits_y.npy")[:50]
    ok = m.returncode == 0 and os.path.exists(f"{DIR}/y50.npy")
    hit = float(np.mean(np.argmax(np.load(f"{DIR}/y50.npy"), axis=1) == yl)) * 100 if ok else 0
    check(ok and hit >= THRESHOLD, f"trnlite mlp runs the saved weights: {hit:.0f}% of 50 digits right", m.stderr)

    # rtl and cmodel --like-rtl: the same output for the same seed
    np.save(f"{DIR}/sx.npy", np.load("build/data/digits_x.npy")[:100])
    np.save(f"{DIR}/sy.npy", np.load("build/data/digits_y.npy")[:100].astype(np.int64))
    tiny = ["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy", "--epochs", "1", "--batch", "16", "--hidden", "16",
            "--mode", "fp8", "--round", "both", "--seed", "7"]
    r1 = train(tiny + ["--backend", "rtl"])
    r2 = train(tiny + ["--like-rtl"])

    def body(s):
        return re.sub(r"^perf:.*\n", "", s.replace("rtl, 4 x 8", "X").replace("cmodel, 4 x 8", "X"), flags=re.M)
    check(r1.returncode == 0 and r2.returncode == 0 and body(r1.stdout) == body(r2.stdout) and
          "cycles" in r1.stdout, "tiny fp8 run (SR and RNE): rtl output == cmodel --like-rtl output",
          r1.stdout + r1.stderr + r2.stdout + r2.stderr)

    # bad inputs
    open(f"{DIR}/bad.csv", "w").write("1,2,3\n4,5\n")
    open(f"{DIR}/good.csv", "w").write("a,b,label\n" + "".join(f"{i % 3},{i % 5},{i % 2}\n" for i in range(40)))
    np.save(f"{DIR}/yf.npy", np.zeros(100, np.float32))
    np.save(f"{DIR}/y99.npy", np.zeros(99, np.uint8))
    ok_csv = train(["--csv", f"{DIR}/good.csv", "--epochs", "1", "--batch", "4"])
    check(ok_csv.returncode == 0 and "2 classes" in ok_csv.stdout, "a CSV with a header trains", ok_csv.stderr)
    bad = [
        (["--x", f"{DIR}/nothere.npy", "--y", f"{DIR}/sy.npy"], 1, "nothere.npy"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/yf.npy"], 1, "uint8, int32 or int64"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/y99.npy"], 1, "100 labels"),
        (["--csv", f"{DIR}/bad.csv"], 1, "line 2"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy", "--batch", "81"], 1, "larger than"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy", "--dram-size", "200000"], 1, "DRAM"),
        (["--x", f"{DIR}/sx.npy"], 2, "go together"),
        (["--lr", "-1"], 2, "--lr"),
        (["--mode", "fp4"], 2, "--mode"),
        (["--epochs"], 2, "needs a value"),
        (["--frobnicate"], 2, "unknown option"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy", "--timeout", "3"], 3, "did not finish"),
    ]
    # the data a user may get wrong, and the options' values
    csv = lambda name, text: open(f"{DIR}/{name}", "w", newline="").write(text) and f"{DIR}/{name}"
    rows = lambda n, label: "".join(f"{i % 3},{i % 5},{label(i)}\n" for i in range(n))
    long_csv = csv("long.csv", "1," * 40000 + "0\n")
    semi_csv = csv("semi.csv", "1,2,0\n3,4;5,1\n")
    head_csv = csv("head.csv", "a,b,label\n")
    frac_csv = csv("frac.csv", rows(40, lambda i: 2.5 if i == 2 else i % 2))
    few_csv = csv("few.csv", rows(5, lambda i: i % 2))
    one_csv = csv("one.csv", rows(40, lambda i: 0))
    xinf = np.load(f"{DIR}/sx.npy").astype(np.float32)
    xinf[3, 5] = np.inf
    np.save(f"{DIR}/xinf.npy", xinf)
    y300 = np.load(f"{DIR}/sy.npy").astype(np.int32)
    y300[4] = 300
    np.save(f"{DIR}/y300.npy", y300)
    sxy = ["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/sy.npy"]
    bad += [
        (["--csv", long_csv], 1, "line 1 is longer than 65535 bytes"),
        (["--csv", semi_csv], 1, "line 2: not a comma-separated list of numbers"),
        (["--csv", head_csv], 1, "has no samples"),
        (["--csv", frac_csv], 1, "sample 3: label 2.5 is not an integer"),
        (["--csv", few_csv], 1, "5 samples; at least 10 are needed"),
        (["--csv", one_csv], 1, "the labels name 1 class; at least 2 are needed"),
        (["--csv", f"{DIR}/nothere.csv"], 1, "cannot open"),
        (["--x", f"{DIR}/xinf.npy", "--y", f"{DIR}/sy.npy"], 1, "feature 5 of sample 3 is not a finite number"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/y300.npy"], 1, "label 300 of sample 4"),
        (["--x", f"{DIR}/sx.npy", "--y", f"{DIR}/nothere_y.npy"], 1, "train: labels: cannot open"),
        (["--csv", semi_csv] + sxy, 2, "give --csv or --x/--y, not both"),
        (sxy + ["--epochs", "0"], 2, "bad --epochs '0' (1..100000)"),
        (sxy + ["--batch", "65536"], 2, "bad --batch '65536'"),
        (sxy + ["--hidden", "0"], 2, "bad --hidden '0'"),
        (sxy + ["--seed", "4294967296"], 2, "bad --seed '4294967296'"),
        (sxy + ["--round", "up"], 2, "bad --round 'up' (rne, sr or both)"),
        (sxy + ["--backend", "gpu"], 2, "unknown backend 'gpu'"),
    ]
    checks.bad_inputs("train", bad)
    # a CSV from Windows (CRLF) with blanks and tabs around the numbers
    crlf = csv("crlf.csv", "a,b,label\r\n" + "".join(f"{i % 3} ,\t{i % 5} ,{i % 2}\r\n" for i in range(40)))
    p = train(["--csv", crlf, "--epochs", "1", "--batch", "4"])
    check(p.returncode == 0 and "40 samples of 2 features" in p.stdout, "a CRLF CSV with blanks trains", p.stderr)
    # weights that cannot be saved: a missing parent, a file in the way
    good = ["--csv", f"{DIR}/good.csv", "--epochs", "1", "--batch", "4"]
    open(f"{DIR}/afile", "w").write("x")
    for save, words in ((f"{DIR}/no/such", f"cannot create '{DIR}/no/such'"),
                        (f"{DIR}/afile", f"cannot create '{DIR}/afile/w1.npy'")):
        p = train(good + ["--save", save])
        check(p.returncode == 1 and words in p.stderr and "train: wrote" not in p.stdout and
              (not os.path.exists(save) or open(save).read() == "x"),
              f"train --save {save}: exit 1, says '{words}', nothing written", f"(exit {p.returncode}: {p.stderr})")
    # without --x or --csv: the digits under build/data, from another directory missing
    p = subprocess.run([os.path.abspath(BIN), "train"], capture_output=True, text=True, cwd=DIR)
    check(p.returncode == 1 and "build/data/digits_x.npy is missing: run 'make digits'" in p.stderr,
          "train without data where no digits were exported", p.stderr)
    # on a terminal: a progress bar per step, erased before each epoch's line
    # (the rest as without a terminal); a device error ends its line first
    plain = train(good + ["--epochs", "2"])

    def on_tty(args):
        mfd, sfd = pty.openpty()
        q = subprocess.Popen([BIN, "train"] + args, stdout=sfd, stderr=subprocess.PIPE)
        os.close(sfd)
        out = b""
        while True:
            try:
                chunk = os.read(mfd, 65536)
            except OSError:  # EIO: the tool closed the terminal
                break
            if not chunk:
                break
            out += chunk
        err = q.stderr.read().decode()
        q.wait()
        os.close(mfd)
        return q.returncode, out.replace(b"\r\n", b"\n").decode(), err
    code, out, err = on_tty(good + ["--epochs", "2"])
    bare = re.sub(r"\r {60}\r", "", re.sub(r"\r  epoch \d+/\d+ \[#* *\] \d+/\d+ steps", "", out))
    check(code == 0 and "\r  epoch 1/2 [" in out and "\r  epoch 2/2 [" in out and bare == plain.stdout,
          "train on a terminal: progress bars, then the same lines as without one", out + err)
    code, out, err = on_tty(sxy + ["--timeout", "3"])
    check(code == 3 and "did not finish" in err and out.endswith("\n"), "train on a terminal: a device error", out + err)
    return checks.result()


if __name__ == "__main__":
    sys.exit(main())
