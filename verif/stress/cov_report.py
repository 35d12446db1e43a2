#!/usr/bin/env python3
"""make coverage's report (verif/stress/coverage.mk).

RTL: adds up Verilator coverage files (.dat), splits the points into line
(v_line, v_branch: blocks and branch arms) and toggle (v_toggle: each bit
of each signal, both directions), writes DIR/split/line.dat and
DIR/split/toggle.dat for verilator_coverage --write-info, and prints per
source file how many points were hit.

Functional: adds up the counts the tests wrote (DIR/fcov/*.txt, fcov.h)
and prints them against the list of points below; every point at zero is
listed. Extra points the tests counted (outside the list) are printed too.
Everything printed also goes to DIR/summary.txt.
"""
import argparse
import collections
import glob
import os
import sys

FMTS = ["fp32", "bf16", "fp16", "e4m3", "e5m2", "int8", "int32"]
CVT_SRC = ["fp32", "bf16", "fp16", "e4m3", "e5m2", "int8"]
CVT_DST = ["fp32", "bf16", "fp16", "e4m3", "e5m2"]
DMA_ERRS = ["RD_SLVERR", "RD_DECERR", "WR_SLVERR", "WR_DECERR", "SRC_WINDOW", "DST_WINDOW",
            "SRC_RANGE", "DST_RANGE", "BAD_SPACE", "BAD_FMT", "BAD_STRIDE", "BAD_COUNT", "BAD_QUEUE"]
CORE_ERRS = ["BAD_OPCODE", "BAD_RESERVED", "BAD_FORMAT", "BAD_SHAPE", "SBUF_RANGE", "PSUM_RANGE",
             "BAD_SEM", "WAIT_TIMEOUT", "FETCH", "OVERLAP"]
TE_FMTS = ["bf16", "fp16", "e4m3", "e5m2"]
SPACES = ["dram", "sbuf", "psum"]


def universe(psum_banks):
    """(group, point) in report order."""
    u = []
    add = lambda g, names: u.extend((g, n) for n in names)
    add("DMA format pairs (completed descriptors)",
        ["dma.fmt.%s>%s" % (f, f) for f in FMTS] +
        ["dma.fmt.%s>%s" % (s, d) for s in CVT_SRC for d in CVT_DST if s != d])
    add("DMA space pairs", ["dma.space.%s>%s" % (s, d) for s in SPACES for d in SPACES])
    add("DMA rounding, saturation (conversions)",
        ["dma.round.RNE", "dma.round.SR"] + ["dma.sat.%s.%u" % (f, s) for f in ("e4m3", "e5m2") for s in (0, 1)])
    add("DMA error codes (reported by the RTL)", ["dma.err." + e for e in DMA_ERRS])
    add("AXI responses (taken by the master)",
        ["axi.%s.%s" % (c, r) for c in ("rresp", "bresp") for r in ("OKAY", "SLVERR", "DECERR")])
    add("core opcodes (issued to the RTL)", ["core.op." + o for o in ("NOP", "DMA", "MATMUL", "ACTIVATE", "ELEMWISE")])
    add("MATMUL format pairs (fmt_w * fmt_x)",
        ["core.matmul.%s*%s" % (w, x) for w in TE_FMTS for x in TE_FMTS] + ["core.matmul.int8*int8",
                                                                           "core.matmul.load0", "core.matmul.load1"])
    add("PSUM overwrite / accumulate per bank",
        ["core.psum.bank%u.%s" % (b, k) for b in range(psum_banks) for k in ("overwrite", "accumulate")])
    add("ACTIVATE format pairs, function",
        ["core.act.%s>%s" % (s, d) for s in CVT_SRC for d in CVT_DST] + ["core.act.func0", "core.act.func1"])
    add("ELEMWISE ops", ["core.ew.op%u" % k for k in range(4)])
    add("ACTIVATE / ELEMWISE rounding and saturation",
        ["core.%s.round.%s" % (e, r) for e in ("act", "ew") for r in ("RNE", "SR")] +
        ["core.%s.sat.%s.%u" % (e, f, s) for e in ("act", "ew") for f in ("e4m3", "e5m2") for s in (0, 1)])
    add("semaphores", ["core.sem.wait_insn", "core.sem.signal_insn"] +
        ["core.sem.blocked." + e for e in ("dma", "te", "act")] + ["core.err.WAIT_TIMEOUT"])
    add("core error codes (ERR_CODE of the RTL)",
        ["core.err." + e for e in CORE_ERRS if e != "WAIT_TIMEOUT"] + ["core.err.DMA_" + e for e in DMA_ERRS])
    return u


def parse_dat(paths):
    counts = collections.OrderedDict()
    for p in paths:
        with open(p, encoding="latin-1") as f:
            for line in f:
                if not line.startswith("C '"):
                    continue
                key, n = line[3:].rsplit("' ", 1)
                counts[key] = counts.get(key, 0) + int(n)
    return counts


def fields(key):
    d = {}
    for kv in key.split("\x01"):
        if "\x02" in kv:
            k, v = kv.split("\x02", 1)
            d[k] = v
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--psum-banks", type=int, default=2)
    ap.add_argument("dat", nargs="*")
    a = ap.parse_args()
    out = []
    say = lambda s="": out.append(s)

    counts = parse_dat(a.dat)
    split = {"line": [], "toggle": []}
    per = {"line": collections.defaultdict(lambda: [0, 0]), "toggle": collections.defaultdict(lambda: [0, 0])}
    for key, n in counts.items():
        fd = fields(key)
        page = fd.get("page", "")
        kind = "toggle" if page.startswith("v_toggle") else "line"
        split[kind].append("C '%s' %d\n" % (key, n))
        src = os.path.relpath(fd.get("f", "?")) if fd.get("f", "?").startswith("/") else fd.get("f", "?")
        per[kind][src][0] += 1
        per[kind][src][1] += n > 0
    os.makedirs(os.path.join(a.dir, "split"), exist_ok=True)
    for kind, lines in split.items():
        with open(os.path.join(a.dir, "split", kind + ".dat"), "w", encoding="latin-1") as f:
            f.write("# SystemC::Coverage-3\n")
            f.writelines(lines)

    say("RTL coverage (Verilator; points summed over every instance and both test builds; power-up from zeros)")
    say("%-28s %12s %8s %12s %8s" % ("file", "line+branch", "%", "toggle", "%"))
    files = sorted(set(per["line"]) | set(per["toggle"]))
    tot = {"line": [0, 0], "toggle": [0, 0]}
    for src in files:
        cells = []
        for kind in ("line", "toggle"):
            n, h = per[kind].get(src, [0, 0])
            tot[kind][0] += n
            tot[kind][1] += h
            cells += ["%d/%d" % (h, n), "%.1f" % (100.0 * h / n) if n else "-"]
        say("%-28s %12s %8s %12s %8s" % (src, cells[0], cells[1], cells[2], cells[3]))
    say("%-28s %12s %8s %12s %8s" % (
        "total", "%d/%d" % (tot["line"][1], tot["line"][0]),
        "%.1f" % (100.0 * tot["line"][1] / max(tot["line"][0], 1)),
        "%d/%d" % (tot["toggle"][1], tot["toggle"][0]),
        "%.1f" % (100.0 * tot["toggle"][1] / max(tot["toggle"][0], 1))))
    say()

    fc = collections.Counter()
    for p in glob.glob(os.path.join(a.dir, "fcov", "*.txt")):
        with open(p) as f:
            for line in f:
                name, n = line.rsplit(" ", 1)
                fc[name] += int(n)
    u = universe(a.psum_banks)
    listed = set(n for _, n in u)
    say("Functional coverage points (counted by the tests; fcov.h)")
    group = None
    zeros = []
    for g, n in u:
        if g != group:
            say("  " + g)
            group = g
        say("    %-44s %10d" % (n, fc[n]))
        if fc[n] == 0:
            zeros.append(n)
    extra = sorted(n for n in fc if n not in listed)
    if extra:
        say("  counted, not in the list (e.g. from the invalid-program tests)")
        for n in extra:
            say("    %-44s %10d" % (n, fc[n]))
    say()
    say("functional points hit: %d of %d" % (len(u) - len(zeros), len(u)))
    say("points at zero (%d): %s" % (len(zeros), " ".join(zeros) if zeros else "none"))
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(a.dir, "summary.txt"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
