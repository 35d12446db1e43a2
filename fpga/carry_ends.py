#!/usr/bin/env python3
"""Take the carry chains' ends out of nextpnr's way: unread carry outputs
and constant carry inputs.

    fpga/carry_ends.py NETLIST.json

nextpnr-ecp5 0.11 adds a CCU2C, two logic cells, at either end of a carry
chain that has a net there: a feed-out behind a chain whose last carry
output has a net, read or not, and a feed-in in front of a chain whose
carry input has a net, constants included. On the 8 x 4 board those were
643 feed-outs for carry outputs nothing read and 772 feed-ins for
constant carry inputs (docs/fpga.md section 3c). This rewrites the Yosys
netlist, logic unchanged:

- a CCU2C carry output that nothing reads is unhooked;
- a chain's first CCU2C with a constant carry input, a first-half sum
  that nothing reads and constant C0/D0 (the shape Yosys gives a compare)
  gets a first half whose carry does not depend on the carry input: its
  LUT4 (the propagate) is 0 there, so the half's carry out is its LUT2
  of A0/B0, set to the carry the old half gave with that constant carry
  input; the carry input is then unhooked. The half's sum, which now
  follows the (unhooked) carry input, had no reader.

CCU2C as in Yosys's model (share/ecp5/ccu2c_sim.vh): per half, sum =
LUT4 ^ cin and cout = LUT4 ? cin : LUT2, LUT2 = INIT[3:0] on (A, B), with
INJECT1 = "YES" gating cin and LUT2 to 0. Rewrites NETLIST.json in place;
prints the counts. verif/synth/test_carry_ends.sh proves a rewritten
netlist equivalent to Yosys's and counts nextpnr's cells.
"""
import json
import sys


def read_bits(module):
    """Every net bit that a cell input or an output port of the module reads."""
    bits = set()
    for cell in module.get("cells", {}).values():
        dirs = cell.get("port_directions", {})
        for port, conn in cell["connections"].items():
            if dirs.get(port) != "output":
                bits.update(b for b in conn if isinstance(b, int))
    for port in module.get("ports", {}).values():
        if port["direction"] != "input":
            bits.update(b for b in port["bits"] if isinstance(b, int))
    return bits


def first_half_cout(init, inject, a, b, c, d, cin):
    """The first half's carry out, Yosys's CCU2C model."""
    lut4 = (init >> (a | b << 1 | c << 2 | d << 3)) & 1
    lut2 = 0 if inject == "YES" else (init >> (a | b << 1)) & 1
    return cin if lut4 else lut2


def const_carry_in(cell, read):
    """Rewrite a chain head whose constant carry input can be folded; True if done."""
    conn, par = cell["connections"], cell["parameters"]
    cin, s0, c0, d0 = conn["CIN"][0], conn["S0"][0], conn["C0"][0], conn["D0"][0]
    if cin not in ("0", "1") or c0 not in ("0", "1") or d0 not in ("0", "1"):
        return False
    if isinstance(s0, int) and s0 in read:
        return False
    init = str(par.get("INIT0", "0"))           # the model's defaults where Yosys set none
    if set(init) - {"0", "1"}:
        return False
    inject = par.get("INJECT1_0", "YES")
    lut2 = 0
    for a in (0, 1):
        for b in (0, 1):
            lut2 |= first_half_cout(int(init, 2), inject, a, b, int(c0), int(d0), int(cin)) << (a | b << 1)
    # C0 = D0 = 1 select INIT0[15:12], kept 0 (propagate 0); INIT0[3:0] is the LUT2
    par["INIT0"] = format(lut2, "016b")
    par["INJECT1_0"] = "NO"
    conn["C0"], conn["D0"] = ["1"], ["1"]
    conn["CIN"] = ["x"]
    return True


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fpga/carry_ends.py NETLIST.json")
    path = sys.argv[1]
    with open(path) as f:
        netlist = json.load(f)
    outs = ins = 0
    for module in netlist["modules"].values():
        read = read_bits(module)
        for cell in module.get("cells", {}).values():
            if cell["type"] != "CCU2C":
                continue
            cout = cell["connections"].get("COUT")
            if cout and isinstance(cout[0], int) and cout[0] not in read:
                cell["connections"]["COUT"] = ["x"]   # the port stays, unconnected
                outs += 1
            if const_carry_in(cell, read):
                ins += 1
    with open(path, "w") as f:
        json.dump(netlist, f)
    print(f"carry_ends: {outs} unread CCU2C carry outputs unhooked, {ins} constant carry inputs folded")


if __name__ == "__main__":
    main()
