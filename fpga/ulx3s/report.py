#!/usr/bin/env python3
"""The ULX3S board's line in build/fpga/report.md (fpga/ulx3s/flow.sh).

    report.py --dir OUT --variant V --seed N --rc RC --report build/fpga/report.md

Reads OUT/ecp5.stat.json (Yosys), OUT/pnr.report.json (nextpnr --report),
OUT/place.log and OUT/pnr.log (fpga/ulx3s/place.sh's placement, the
route; with place.out or pnr.out, nextpnr's output, when it failed),
OUT/pnr.time, OUT/ulx3s.bit. Replaces the line of this variant
in the report's "Board bitstreams" section (adds the section if
missing), prints it, and exits 1 when place and route failed or timing
was not met: then it names the failing clock and its critical path.
Standard library only.
"""
import argparse
import json
import os
import re
import sys

HEAD = "## Board bitstreams (make fpga BOARD=ulx3s)"
COLS = ("| board | core | LUT4 (TRELLIS_COMB) | FF | DP16KD | MULT18X18D | PLL | Fmax clk (target) | "
        "bitstream | P&R time | result |")


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--seed", required=True)
    ap.add_argument("--rc", type=int, required=True)
    ap.add_argument("--report", required=True)
    a = ap.parse_args()

    rep = load(os.path.join(a.dir, "pnr.report.json")) or {}
    util = rep.get("utilization", {})

    def use(cell):
        u = util.get(cell)
        return f"{u['used']:,} / {u['available']:,}" if u else "-"

    fmax = rep.get("fmax", {})
    clocks = []
    failed = []
    for name, f in sorted(fmax.items()):
        ach, con = f.get("achieved", 0.0), f.get("constraint", 0.0)
        clocks.append(f"{name} {ach:.1f} MHz ({con:.0f})")
        if ach < con:
            failed.append(f"{name}: {ach:.1f} MHz < {con:.1f} MHz")
    log = text(os.path.join(a.dir, "place.log")) + text(os.path.join(a.dir, "pnr.log"))
    # flow.sh removes pnr.log before it starts: without one the placement
    # failed, and nextpnr's own message (an unknown option, say) is in its
    # output, not its log
    stage = "pnr" if os.path.exists(os.path.join(a.dir, "pnr.log")) else "place"
    out = text(os.path.join(a.dir, f"{stage}.out"))
    bit = os.path.join(a.dir, "ulx3s.bit")
    size = os.path.getsize(bit) if os.path.exists(bit) else 0
    t = text(os.path.join(a.dir, "pnr.time")).strip() or "?"
    if a.rc == 0 and not failed and size:
        result = "**timing met**, bitstream written"
    elif a.rc == 124:
        result = "nextpnr timed out"
    elif failed:
        result = "**timing not met**: " + "; ".join(failed)
    else:
        errs = [l for l in log.splitlines() if "ERROR" in l] or [l for l in out.splitlines() if l.strip()]
        result = f"**failed**: nextpnr exit {a.rc}" + (f": {errs[-1].strip()}" if errs else "")
    line = (f"| ULX3S LFE5U-85F | {a.variant} | {use('TRELLIS_COMB')} | {use('TRELLIS_FF')} | {use('DP16KD')} | "
            f"{use('MULT18X18D')} | {use('EHXPLLL')} | {'; '.join(clocks) or '-'} | "
            f"{f'{size:,} bytes' if size else '-'} | {t} s (seed {a.seed}) | {result} |")

    old = text(a.report)
    lines = old.splitlines()
    if HEAD not in lines:
        lines += ["", HEAD, "", COLS, "| " + " | ".join(["---"] * (COLS.count("|") - 1)) + " |"]
    key = f"| ULX3S LFE5U-85F | {a.variant} |"
    lines = [l for l in lines if not l.startswith(key)]
    i = lines.index(HEAD) + 4
    lines.insert(i, line)
    os.makedirs(os.path.dirname(a.report) or ".", exist_ok=True)
    with open(a.report, "w") as f:
        f.write("\n".join(lines).lstrip("\n") + "\n")
    print(line)
    if result.startswith("**timing met**"):
        print(f"bitstream: {bit}")
        return 0
    # say why, with the critical path of the failing clock
    for p in rep.get("critical_paths", [])[:1]:
        print(f"critical path {p.get('from')} -> {p.get('to')}:", file=sys.stderr)
        for s in p.get("path", [])[-8:]:
            print(f"  {s.get('type')} {s.get('net', '')} {s.get('delay', '')} ns", file=sys.stderr)
    for l in log.splitlines():
        if re.search(r"ERROR|Max frequency for clock", l):
            print(l, file=sys.stderr)
    print(f"make fpga BOARD=ulx3s: {result} (log {a.dir}/{stage}.log, nextpnr's output {a.dir}/{stage}.out)",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
