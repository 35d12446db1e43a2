#!/usr/bin/env python3
"""How the flip-flops of a synthesized ECP5 netlist sit in slices.

    fpga/ff_report.py build/fpga/NAME/ecp5.json

An ECP5 slice holds two LUT4 and two flip-flops; the two flip-flops share
clock, clock enable and set/reset (a control set), and each flip-flop's
input comes either from its own slice's LUT or mux, or through the
slice's M input (a flip-flop fed by another flip-flop, a multiplier or a
block RAM). When nextpnr cannot place a netlist that is not full, these
two constraints are the first suspects; this counts both from the Yosys
netlist, without running nextpnr:

- control sets: how many, the largest, and the lower bound on slices
  their flip-flops need (each set rounded up to whole slices);
- what drives each flip-flop's DI: a LUT or mux (packable beside it) or
  something that needs the M input.
"""
import argparse
import collections
import json


def top_module(netlist):
    mods = [m for m in netlist["modules"].values() if m.get("cells")]
    return max(mods, key=lambda m: len(m["cells"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist")
    args = ap.parse_args()
    with open(args.netlist) as f:
        cells = top_module(json.load(f))["cells"].values()

    driver = {}
    for c in cells:
        dirs = c.get("port_directions", {})
        for port, bits in c["connections"].items():
            if dirs.get(port) == "output":
                for b in bits:
                    driver[b] = c["type"]

    sets = collections.Counter()
    source = collections.Counter()
    ffs = [c for c in cells if c["type"] == "TRELLIS_FF"]
    for c in ffs:
        k, p = c["connections"], c["parameters"]
        sets[(tuple(k.get("CLK", [])), tuple(k.get("CE", [])), tuple(k.get("LSR", [])),
              p.get("CEMUX"), p.get("LSRMUX"), p.get("SRMODE"))] += 1
        source[driver.get(k["DI"][0], "constant or port")] += 1

    sizes = sorted(sets.values(), reverse=True)
    print(f"flip-flops: {len(ffs)}")
    print(f"control sets: {len(sizes)}; largest {sizes[:3]}; "
          f"{sum(1 for s in sizes if s < 8)} sets of fewer than 8")
    print(f"slices their control sets need at least: {sum((s + 1) // 2 for s in sizes)} "
          f"(one set everywhere: {(len(ffs) + 1) // 2})")
    print("DI driven by:")
    for kind, n in source.most_common():
        note = "packs beside its LUT/mux" if kind in ("LUT4", "CCU2C", "PFUMX", "L6MUX21") \
            else "needs the slice's M input"
        print(f"  {kind:18} {n:7}  ({100.0 * n / len(ffs):.1f} %, {note})")
    print("cells:", dict(collections.Counter(c["type"] for c in cells).most_common()))


if __name__ == "__main__":
    main()
