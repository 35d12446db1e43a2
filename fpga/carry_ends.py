#!/usr/bin/env python3
"""Unhook the carry outputs of CCU2C cells that nothing reads.

    fpga/carry_ends.py NETLIST.json

Yosys leaves the carry output of the last CCU2C of a chain connected to a
net even when no cell reads it (an adder or counter whose carry out is
not used). nextpnr-ecp5 0.11 gives every chain whose last carry output
has a net a feed-out cell, one more CCU2C, two logic cells, to bring the
carry into the fabric, whether or not anything reads it. On the 8 x 4
board that was 643 CCU2C, 1,286 of its 83,640 logic cells
(docs/fpga.md section 3c). Removing the connection changes no logic: the
net has no reader. Rewrites NETLIST.json in place; prints how many.
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


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fpga/carry_ends.py NETLIST.json")
    path = sys.argv[1]
    with open(path) as f:
        netlist = json.load(f)
    cut = 0
    for module in netlist["modules"].values():
        read = read_bits(module)
        for cell in module.get("cells", {}).values():
            if cell["type"] != "CCU2C":
                continue
            cout = cell["connections"].get("COUT")
            if cout and isinstance(cout[0], int) and cout[0] not in read:
                cell["connections"]["COUT"] = ["x"]   # the port stays, unconnected
                cut += 1
    with open(path, "w") as f:
        json.dump(netlist, f)
    print(f"carry_ends: {cut} unread CCU2C carry outputs unhooked")


if __name__ == "__main__":
    main()
