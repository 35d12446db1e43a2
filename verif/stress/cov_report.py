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
Crosses (verif/common/xcov.h): the legal crosses xcov_list prints
(--crosses FILE, one name a line) against the counts, hit / total per
family, every cross at zero named; DIR/crosses.txt has every cross and
its count. Everything printed also goes to DIR/summary.txt. Every gap, one line each:
DIR/toggle_gaps.txt (per signal, with the shape of the gap) and
DIR/line_gaps.txt (per line or branch point).
"""
import argparse
import collections
import glob
import os
import re
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


CROSS_FAMILIES = [
    ("dma.x", "DMA engine: format pair x rounding x saturation"),
    ("core.x.DMA", "core DMA instruction: format pair x rounding x saturation"),
    ("core.x.MATMUL", "MATMUL: format pair x load/reuse x overwrite/accumulate"),
    ("core.x.ACTIVATE", "ACTIVATE: function x input x output x rounding x saturation"),
    ("core.x.ELEMWISE", "ELEMWISE: op x a x b x output x rounding x saturation"),
]


def cross_family(name):
    m = re.match(r"(dma\.x|core\.x\.[A-Z]+)\.", name)
    return m.group(1) if m else None


def report_crosses(path, fc, outdir, say, show=40):
    """Hit / total per family, the crosses at zero; DIR/crosses.txt. Returns
    (hit, total, the cross names)."""
    with open(path) as f:
        names = [line.strip() for line in f if line.strip()]
    fams = collections.OrderedDict((k, [0, 0, d]) for k, d in CROSS_FAMILIES)
    zeros = []
    for n in names:
        fam = fams.setdefault(cross_family(n) or "?", [0, 0, "?"])
        fam[1] += 1
        fam[0] += fc[n] > 0
        if not fc[n]:
            zeros.append(n)
    with open(os.path.join(outdir, "crosses.txt"), "w") as f:
        f.write("# every legal cross (xcov_list) and how often the RTL did it in a run that matched the model\n")
        for n in names:
            f.write("%-56s %10d\n" % (n, fc[n]))
    say("Cross coverage points (verif/common/xcov.h; the legal crosses from the C model's checks; "
        "every count in %s)" % os.path.join(outdir, "crosses.txt"))
    say("  %-18s %-62s %12s" % ("family", "cross", "hit/total"))
    for k, (h, t, d) in fams.items():
        say("  %-18s %-62s %12s" % (k, d, "%d/%d" % (h, t)))
    hit = len(names) - len(zeros)
    say("cross points hit: %d of %d" % (hit, len(names)))
    say("crosses at zero (%d): %s%s" % (len(zeros), " ".join(zeros[:show]) if zeros else "none",
                                       " ... (all in crosses.txt)" if len(zeros) > show else ""))
    return hit, len(names), set(names)


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


def toggle_gaps(counts, path):
    """Every signal with a bit that did not toggle both ways, one line each,
    most untoggled points first, with the shape of the gap:
      never      no bit of the signal toggled at all
      high bits  the untoggled bits are exactly the top ones (the values the
                 tests used stayed below 2^k)
      one way    every bit changed at least once, some only in one direction
      scattered  anything else
    Returns the untoggled points per shape. Written to path."""
    sig = collections.OrderedDict()
    for key, n in counts.items():
        fd = fields(key)
        if not fd.get("page", "").startswith("v_toggle"):
            continue
        o = fd.get("o", "?")
        name, _, rest = o.partition("[")
        bit = int(rest.split("]", 1)[0]) if rest and rest.split("]", 1)[0].isdigit() else 0
        name = name.split(":", 1)[0]
        src = os.path.relpath(fd.get("f", "?")) if fd.get("f", "?").startswith("/") else fd.get("f", "?")
        d = sig.setdefault((src, fd.get("page", "")[9:], name), collections.defaultdict(lambda: [0, 0]))
        d[bit][0] += 1
        d[bit][1] += n > 0
    rows, shapes = [], collections.Counter()
    for (src, mod, name), bits in sig.items():
        miss = sum(t - h for t, h in bits.values())
        if miss == 0:
            continue
        dead = sorted(b for b, (t, h) in bits.items() if h == 0)
        part = sorted(b for b, (t, h) in bits.items() if 0 < h < t)
        if len(dead) == len(bits):
            shape = "never"
        elif not part and dead and dead == list(range(min(dead), max(bits) + 1)):
            shape = "high bits"
        elif not dead:
            shape = "one way"
        else:
            shape = "scattered"
        shapes[shape] += miss
        rows.append((miss, src, mod, name, len(bits), shape, dead))
    rows.sort(key=lambda r: (-r[0], r[1], r[3]))
    with open(path, "w") as f:
        f.write("# untoggled points (0->1 and 1->0 per bit), signal, bits, shape, bits never toggled\n")
        for miss, src, mod, name, nb, shape, dead in rows:
            f.write("%6d  %-28s %-22s %-34s %4d  %-9s %s\n" % (
                miss, src, mod, name, nb, shape, ("[%d:%d]" % (max(dead), min(dead))) if shape == "high bits"
                else " ".join(map(str, dead[:12])) + (" ..." if len(dead) > 12 else "")))
    return shapes


def line_gaps(counts, path):
    """Every line or branch point never hit: file:line and Verilator's label."""
    rows = []
    for key, n in counts.items():
        fd = fields(key)
        if fd.get("page", "").startswith("v_toggle") or n:
            continue
        src = os.path.relpath(fd.get("f", "?")) if fd.get("f", "?").startswith("/") else fd.get("f", "?")
        rows.append((src, int(fd.get("l", "0") or 0), fd.get("page", ""), fd.get("o", "")))
    rows.sort()
    with open(path, "w") as f:
        for src, line, page, o in rows:
            f.write("%s:%d  %s  %s\n" % (src, line, page, o))
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--psum-banks", type=int, default=2)
    ap.add_argument("--crosses", help="the legal crosses, one name a line (xcov_list)")
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
    shapes = toggle_gaps(counts, os.path.join(a.dir, "toggle_gaps.txt"))
    nl = line_gaps(counts, os.path.join(a.dir, "line_gaps.txt"))
    say("untoggled points by shape (every signal in %s): %s" % (
        os.path.join(a.dir, "toggle_gaps.txt"), ", ".join("%s %d" % kv for kv in shapes.most_common())))
    say("line and branch points never hit: %d, each in %s" % (nl, os.path.join(a.dir, "line_gaps.txt")))
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
    crosses, xout = set(), []
    if a.crosses:
        _, _, crosses = report_crosses(a.crosses, fc, a.dir, xout.append)
    # a cross counted outside the legal list would be a definition that drifted: printed here
    extra = sorted(n for n in fc if n not in listed and n not in crosses)
    if extra:
        say("  counted, not in the list (e.g. from the invalid-program tests)")
        for n in extra:
            say("    %-44s %10d" % (n, fc[n]))
    say()
    say("functional points hit: %d of %d" % (len(u) - len(zeros), len(u)))
    say("points at zero (%d): %s" % (len(zeros), " ".join(zeros) if zeros else "none"))
    if xout:
        say()
        out.extend(xout)
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(a.dir, "summary.txt"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
