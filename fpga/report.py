#!/usr/bin/env python3
"""Write build/fpga/report.md from the FPGA flow outputs (fpga/fpga.mk).

    report.py --dir build/fpga --mode synth|fpga --freq MHZ --seed N NAME...

Reads, per configuration NAME, build/fpga/NAME/:
  config.txt       the row of fpga/configs.mk (top, parameters, MACs)
  ecp5.stat.json   Yosys `stat -json` after synth_ecp5
  xc7.stat.json    Yosys `stat -json` after synth_xilinx -family xc7
  pnr.report.json  nextpnr-ecp5 --report (utilisation, Fmax, critical path)
  pnr.rc, pnr.log  nextpnr's exit code (124: timed out) and log
With --mode fpga, exits 1 if a configuration did not place and route, or
missed the clock target; each failure names the overused resource or the
critical path. The report is written for every configuration first.
Standard library only.
"""
import argparse
import datetime
import json
import os
import re
import sys

# LFE5U-85F (nextpnr-ecp5 --85k): sites nextpnr reports as available
DEVICE = "LFE5U-85F-6 (CABGA381)"
ECP5_LUT = 83640        # TRELLIS_COMB sites (LUT4s); as many TRELLIS_FF
ECP5_DSP = 156          # MULT18X18D
ECP5_BRAM = 208         # DP16KD
XC7_LUT_CELLS = ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6")
XC7_FF_CELLS = ("FDRE", "FDSE", "FDCE", "FDPE")
XC7_LUTRAM_CELLS = ("RAM32X1D", "RAM32M", "RAM64X1D", "RAM64M", "RAM128X1D",
                    "RAM256X1S", "RAM32X1S", "RAM64X1S", "RAM128X1S", "RAM32M16",
                    "RAM64M8", "SRL16E", "SRLC32E")


def read_kv(path):
    out = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            out[k] = v
    return out


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def cells(stat):
    """Cell counts of the whole design from Yosys `stat -json`."""
    if stat is None:
        return None
    return stat.get("design", {}).get("num_cells_by_type", {})


def pct(n, total):
    return f"{n:,} ({100.0 * n / total:.1f}%)"


def short(name, width=70):
    return name if len(name) <= width else name[:width - 3] + "..."


def critical_path(report):
    """(start, end) of the slowest clock's critical path, or None."""
    paths = (report or {}).get("critical_paths") or []
    best = None
    for p in paths:
        steps = p.get("path") or []
        if not steps:
            continue
        delay = sum(s.get("delay", 0.0) for s in steps)
        if best is None or delay > best[0]:
            best = (delay, steps)
    if best is None:
        return None
    steps = best[1]
    first, last = steps[0]["from"], steps[-1]["to"]
    start = f"{first['cell']}.{first['port']}"
    # the first net is the source register's output: the readable name
    net = next((s["net"] for s in steps if s.get("net")), None)
    if net:
        start = f"{net} ({start})"
    return short(start), short(f"{last['cell']}.{last['port']}")


def log_overuse(log):
    """Resources nextpnr found overused (name, used, available) in its log."""
    over = []
    for m in re.finditer(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", log or "", re.M):
        used, avail = int(m.group(2)), int(m.group(3))
        if used > avail:
            over.append((m.group(1), used, avail))
    return over


def log_errors(log):
    return [l.strip() for l in (log or "").splitlines() if l.startswith("ERROR")]


class Config:
    def __init__(self, root, name):
        d = os.path.join(root, name)
        self.name = name
        self.cfg = read_kv(os.path.join(d, "config.txt"))
        self.ecp5 = cells(read_json(os.path.join(d, "ecp5.stat.json")))
        self.ecp5_creator = (read_json(os.path.join(d, "ecp5.stat.json")) or {}).get("creator", "")
        self.xc7 = cells(read_json(os.path.join(d, "xc7.stat.json")))
        self.pnr = read_json(os.path.join(d, "pnr.report.json"))
        rc = read_text(os.path.join(d, "pnr.rc"))
        self.pnr_rc = int(rc) if rc and rc.strip().lstrip("-").isdigit() else None
        self.pnr_log = read_text(os.path.join(d, "pnr.log"))
        self.pnr_version = (read_text(os.path.join(d, "pnr.version")) or "").strip()
        self.pnr_time = (read_text(os.path.join(d, "pnr.time")) or "").strip()
        self.pnr_args = (read_text(os.path.join(d, "pnr.args")) or "").strip()
        self.pnr_dir = d
        t = read_text(os.path.join(d, "ecp5.time")) or ""
        m = re.search(r"(\d+) s", t)
        self.synth_time = m.group(1) if m else "?"
        self.macs = int(self.cfg["macs"]) if self.cfg.get("macs") else None

    def what(self):
        p = self.cfg.get("params") or "defaults"
        d = self.cfg.get("abc9_d")
        return f"`{self.cfg.get('top', '?')}` {p}" + (f" (ABC9 delay target {d} ps)" if d else "")


def ecp5_synth_row(c):
    n = c.ecp5
    lut, ccu = n.get("LUT4", 0), n.get("CCU2C", 0)
    eq = lut + 2 * ccu
    per_mac = f"{eq / c.macs:,.0f}" if c.macs else "-"
    return [c.name, c.what(), f"{lut:,}", f"{ccu:,}", pct(eq, ECP5_LUT), per_mac,
            pct(n.get("TRELLIS_FF", 0), ECP5_LUT),
            pct(n.get("MULT18X18D", 0), ECP5_DSP), pct(n.get("DP16KD", 0), ECP5_BRAM),
            f"{n.get('TRELLIS_DPR16X4', 0):,}", c.synth_time]


def pnr_result(c, freq):
    """(row, failure message or None) for the place-and-route table."""
    if c.pnr_rc is None:
        return [c.name] + ["-"] * 8 + ["not run"], f"{c.name}: nextpnr did not run"
    if c.pnr_rc != 0 or c.pnr is None:
        if c.pnr_rc == 124:
            why = f"nextpnr timed out after {c.pnr_time} s (FPGA_TIMEOUT)"
        else:
            over = log_overuse(c.pnr_log)
            errs = log_errors(c.pnr_log)
            if over:
                why = "does not fit: " + ", ".join(f"{r} {u:,} used of {a:,}" for r, u, a in over)
            else:
                why = "nextpnr failed: " + (errs[-1] if errs else f"exit {c.pnr_rc}")
            why += f" (log {c.pnr_dir}/pnr.log)"
        return [c.name] + ["-"] * 8 + ["FAIL: " + why], f"{c.name}: {why}"
    u = c.pnr.get("utilization", {})

    def used(k):
        return u.get(k, {}).get("used", 0)

    fmax = min((v.get("achieved", 0.0) for v in c.pnr.get("fmax", {}).values()), default=None)
    cp = critical_path(c.pnr)
    start, end = cp if cp else ("-", "-")
    fail = None
    if fmax is None:
        verdict = "FAIL: no clock found"
        fail = f"{c.name}: nextpnr reported no clock"
    elif fmax < freq:
        verdict = f"FAIL: {fmax:.1f} < {freq:g} MHz"
        fail = f"{c.name}: Fmax {fmax:.2f} MHz misses {freq:g} MHz; critical path {start} -> {end}"
    else:
        verdict = "ok"
    row = [c.name, pct(used("TRELLIS_COMB"), ECP5_LUT), pct(used("TRELLIS_FF"), ECP5_LUT),
           pct(used("MULT18X18D"), ECP5_DSP), pct(used("DP16KD"), ECP5_BRAM),
           f"{used('TRELLIS_RAMW'):,}", f"{fmax:.1f}" if fmax is not None else "-",
           start, end, verdict + f" ({c.pnr_time} s)"]
    return row, fail


def xc7_row(c):
    n = c.xc7
    luts = sum(n.get(k, 0) for k in XC7_LUT_CELLS)
    ffs = sum(n.get(k, 0) for k in XC7_FF_CELLS)
    lutram = sum(n.get(k, 0) for k in XC7_LUTRAM_CELLS)
    bram = n.get("RAMB36E1", 0) + n.get("RAMB18E1", 0) / 2.0
    return [c.name, f"{luts:,}", f"{n.get('CARRY4', 0):,}", f"{ffs:,}", f"{n.get('DSP48E1', 0):,}",
            f"{bram:g} ({n.get('RAMB36E1', 0)} RAMB36E1 + {n.get('RAMB18E1', 0)} RAMB18E1)",
            f"{lutram:,}"]


def table(head, rows):
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--mode", choices=("synth", "fpga"), required=True)
    ap.add_argument("--freq", type=float, required=True)
    ap.add_argument("--seed", required=True)
    ap.add_argument("configs", nargs="+")
    a = ap.parse_args()

    cfgs = [Config(a.dir, n) for n in a.configs]
    # make runs this only after every synthesis; by hand, a missing one is
    # a row of dashes and a failure
    failures = [f"{c.name}: no Yosys {k} results in {c.pnr_dir}"
                for c in cfgs for k, v in (("synth_ecp5", c.ecp5), ("synth_xilinx", c.xc7)) if v is None]
    yosys = next((re.sub(r"\s*\(git sha1 ([0-9a-f]+).*", r" (\1)", c.ecp5_creator)
                  for c in cfgs if c.ecp5_creator), "?")
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")

    md = [f"# trnlite FPGA report ({a.mode}, {today})", ""]
    md.append(f"Device {DEVICE}: {ECP5_LUT:,} LUT4 and {ECP5_LUT:,} FF, "
              f"{ECP5_DSP} MULT18X18D, {ECP5_BRAM} DP16KD. Yosys: {yosys}.")
    md += ["", "## ECP5 synthesis (Yosys `synth_ecp5`)", ""]
    md.append(table(["config", "top, parameters", "LUT4", "CCU2C", "LUT4-eq", "LUT4-eq/MAC", "FF",
                     "MULT18X18D", "DP16KD", "LUT-RAM (DPR16X4)", "Yosys s"],
                    [ecp5_synth_row(c) if c.ecp5 is not None else [c.name, c.what()] + ["-"] * 9
                     for c in cfgs]))
    md += ["", "LUT4-eq = LUT4 + 2 x CCU2C, counted from the Yosys cell statistics after "
           "`synth_ecp5` (a CCU2C, two bits of carry chain, takes two LUT4 sites). "
           "PFUMX and L6MUX21 (slice muxes) and LUT-RAM are not in it. "
           "LUT4-eq/MAC divides the whole configuration by its MACs (ROWS x COLS).", ""]

    if a.mode == "fpga":
        rows = []
        for c in cfgs:
            row, fail = pnr_result(c, a.freq)
            rows.append(row)
            if fail:
                failures.append(fail)
        ver = next((c.pnr_version for c in cfgs if c.pnr_version), "")
        m = re.search(r"Version (nextpnr-[^)\s]+)", ver)
        ver = m.group(1) if m else "nextpnr-ecp5"
        opts = sorted({c.pnr_args for c in cfgs if c.pnr_args})
        md += [f"## ECP5 place and route ({ver}, out of context, "
               f"--freq {a.freq:g} --seed {a.seed}{''.join(' ' + o for o in opts)})", ""]
        md.append(table(["config", "TRELLIS_COMB", "TRELLIS_FF", "MULT18X18D", "DP16KD", "RAMW",
                         "Fmax MHz", "critical path start", "critical path end", "result (nextpnr s)"],
                        rows))
        md += ["", "TRELLIS_COMB: LUT4 sites nextpnr placed (LUT4s, two per CCU2C, and any "
               "LUT it adds while packing). Fmax and the critical path are nextpnr's "
               "`--report` after routing; start is the source net (cell.port), end the "
               "sink cell.port.", ""]
    else:
        md += ["Place and route not run: `make fpga` adds nextpnr utilisation, Fmax and "
               "the critical path.", ""]

    md += ["## Xilinx 7-series estimate (Yosys `synth_xilinx -family xc7`)", ""]
    md.append(table(["config", "LUT", "CARRY4", "FF", "DSP48E1", "BRAM (RAMB36 eq.)", "LUT-RAM/SRL"],
                    [xc7_row(c) if c.xc7 is not None else [c.name] + ["-"] * 6 for c in cfgs]))
    md += ["", "LUT counts LUT1 to LUT6; FF counts FDRE, FDSE, FDCE and FDPE. An estimate "
           "before any place and route.", ""]
    if failures:
        md += ["## Failures", ""] + [f"- {f}" for f in failures] + [""]

    out = os.path.join(a.dir, "report.md")
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(md) + "\n")
    os.replace(out + ".tmp", out)

    # short summary on stdout
    for c in cfgs:
        n = c.ecp5
        if n is None:
            print(f"{c.name:10s} no synthesis results")
            continue
        eq = n.get("LUT4", 0) + 2 * n.get("CCU2C", 0)
        line = (f"{c.name:10s} LUT4-eq {eq:7,} ({100.0 * eq / ECP5_LUT:5.1f}%)  "
                f"FF {n.get('TRELLIS_FF', 0):6,}  DSP {n.get('MULT18X18D', 0):3}  "
                f"BRAM {n.get('DP16KD', 0):3}")
        if c.macs:
            line += f"  {eq / c.macs:,.0f}/MAC"
        if a.mode == "fpga":
            row, fail = pnr_result(c, a.freq)
            line += f"  Fmax {row[6]} MHz  {'FAIL' if fail else 'ok'}"
        print(line)
    print(f"report: {out}")
    for f in failures:
        print("FAIL " + f, file=sys.stderr)
    if failures:
        print(f"make {a.mode}: {len(failures)} failures in {len(cfgs)} configurations "
              f"(target {a.freq:g} MHz, seed {a.seed})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
