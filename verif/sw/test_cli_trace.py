"""trnlite gemm --trace on the rtl backend: the timeline's structure (make test).

Runs GEMMs through build/bin/trnlite with --trace and checks the JSON with
python's json module: it parses; every event is a complete event ("ph":
"X") with integer ts >= 0 and dur >= 1 on a named track; there is one
instruction track per engine (DMA ring, TE, ACT) and per DMA queue of the
device (`trnlite info`), and one semaphore-wait track per engine; no two
events of one track overlap; the instruction events number exactly the
instructions the run executed (the perf line's matmuls + DMAs + the NOP
each batch ends with in the DMA and in the TE ring), per track too. Also: --trace on
the cmodel backend is a usage error (exit 2) that writes nothing.
Prints "RESULT test_cli_trace <run> <failed>".
"""
import json
import os
import re
import subprocess
import sys

import numpy as np

# The tool under test; make coverage-c sets TRNLITE_BIN to its --coverage build.
BIN = os.environ.get("TRNLITE_BIN") or "build/bin/trnlite"
DIR = "build/tests/cli_trace"
run = failed = 0


def check(cond, what):
    global run, failed
    run += 1
    if not cond:
        failed += 1
        print("FAIL", what)
    return cond


def trnlite(*args):
    return subprocess.run([BIN, *args], capture_output=True, text=True)


def dma_queues():
    p = trnlite("info", "--backend", "rtl")
    m = re.search(r"DMA queues\s+(\d+)", p.stdout) or re.search(r"(\d+) DMA queues", p.stdout)
    if not m:
        print(p.stdout)
        sys.exit("cannot read the DMA queues from trnlite info")
    return int(m.group(1))


def trace_case(m, k, n, dt, extra=()):
    rng = np.random.default_rng(m * 10007 + k * 101 + n)
    a = os.path.join(DIR, "a.npy")
    b = os.path.join(DIR, "b.npy")
    out = os.path.join(DIR, "out.npy")
    tr = os.path.join(DIR, f"trace_{m}x{k}x{n}_{dt}.json")
    np.save(a, rng.standard_normal((m, k)).astype(np.float32))
    np.save(b, rng.standard_normal((k, n)).astype(np.float32))
    p = trnlite("gemm", "--backend", "rtl", "--latency", "20", "--a", a, "--b", b, "--out", out,
                "--dtype-a", dt, "--dtype-b", dt, "--out-dtype", "fp32", "--trace", tr, *extra)
    name = f"{m}x{k}x{n} {dt}"
    if not check(p.returncode == 0, f"{name}: exit {p.returncode}: {p.stderr}"):
        return
    perf = re.search(r"perf: (\d+) matmuls, (\d+) DMAs in (\d+) batch", p.stdout)
    check(perf is not None, f"{name}: no perf line")
    mm, dmas, batches = (int(x) for x in perf.groups())
    try:
        with open(tr) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        check(False, f"{name}: trace is not valid JSON: {e}")
        return
    check(not [x for x in os.listdir(DIR) if ".tmp" in x], f"{name}: a temporary file was left")
    evs = doc.get("traceEvents")
    check(isinstance(evs, list), f"{name}: no traceEvents list")
    names = {e["tid"]: e["args"]["name"] for e in evs if e.get("ph") == "M" and e.get("name") == "thread_name"}
    xs = [e for e in evs if e.get("ph") != "M"]
    check(all(e.get("ph") == "X" for e in xs), f"{name}: an event that is not complete (ph X)")
    check(all(isinstance(e.get("ts"), int) and e["ts"] >= 0 and isinstance(e.get("dur"), int) and e["dur"] >= 1
              for e in xs), f"{name}: an event without integer ts >= 0 and dur >= 1")
    check(all(e.get("tid") in names for e in xs), f"{name}: an event on an unnamed track")
    want = {"DMA ring", "TE", "ACT"} | {f"DMA queue {q}" for q in range(nq)} | \
           {f"{e} semaphore wait" for e in ("DMA ring", "TE", "ACT")}
    check(sorted(names.values()) == sorted(want), f"{name}: tracks {sorted(names.values())}, want {sorted(want)}")
    by = {}
    for e in xs:
        by.setdefault(e["tid"], []).append((e["ts"], e["ts"] + e["dur"]))
    for tid, iv in by.items():
        iv.sort()
        bad = [i for i in range(1, len(iv)) if iv[i][0] < iv[i - 1][1]]
        check(not bad, f"{name}: track '{names[tid]}': events overlap at {iv[bad[0]] if bad else ''}")
    insn = [e for e in xs if e.get("cat") == "insn"]
    # every batch ends with a NOP in the DMA ring and one in the TE ring
    check(len(insn) == mm + dmas + 2 * batches,
          f"{name}: {len(insn)} instruction events, the run executed {mm} + {dmas} + {2 * batches} NOPs")
    tid = {v: t for t, v in names.items()}
    count = lambda track, nm: sum(1 for e in insn if e["tid"] == tid[track] and e["name"] == nm)
    check(count("TE", "MATMUL") == mm and count("TE", "NOP") == batches and count("DMA ring", "NOP") == batches,
          f"{name}: TE {count('TE', 'MATMUL')} MATMULs + {count('TE', 'NOP')} NOPs, DMA ring "
          f"{count('DMA ring', 'NOP')} NOPs; want {mm}, {batches}, {batches}")
    check(sum(1 for e in insn if names[e["tid"]].startswith("DMA queue")) == dmas,
          f"{name}: DMA queue events != {dmas} DMAs")
    waits = [e for e in xs if e.get("cat") == "wait"]
    check(len(waits) > 0, f"{name}: no semaphore wait shown")
    print(f"{name}: {len(insn)} instructions ({mm} MATMUL, {dmas} DMA, {2 * batches} NOP), {len(waits)} waits, "
          f"{len(by)} tracks with events")


os.makedirs(DIR, exist_ok=True)
if not (os.access(BIN, os.X_OK)):
    sys.exit(f"need {BIN}")
nq = dma_queues()
trace_case(8, 16, 24, "bf16")
trace_case(33, 70, 150, "e4m3")
trace_case(5, 1200, 40, "bf16")  # several batches
# no clock, no timeline: a usage error, nothing written
bad = os.path.join(DIR, "cmodel.json")
np.save(os.path.join(DIR, "a.npy"), np.ones((2, 2), np.float32))
p = trnlite("gemm", "--a", os.path.join(DIR, "a.npy"), "--b", os.path.join(DIR, "a.npy"), "--out",
            os.path.join(DIR, "o.npy"), "--dtype-a", "bf16", "--dtype-b", "bf16", "--out-dtype", "fp32",
            "--trace", bad)
check(p.returncode == 2 and "no timeline" in p.stderr and not os.path.exists(bad),
      f"--trace on cmodel: exit {p.returncode}, {p.stderr!r}")
print(f"RESULT test_cli_trace {run} {failed}")
sys.exit(1 if failed else 0)
