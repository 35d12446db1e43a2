#!/usr/bin/env python3
"""Rank the register-to-register paths of a synthesized ECP5 netlist.

    fpga/depth.py build/fpga/NAME/ecp5.json [--top 40] [--budget 10.0]

nextpnr reports one critical path per run, and a run of the larger blocks
takes from 15 minutes to hours. This reads the Yosys netlist that `make
synth` wrote (build/fpga/NAME/ecp5.json) and estimates, in seconds, the
arrival time at every flip-flop input with a simple delay model, so that
all the deep paths are seen at once and fixed before the next nextpnr run.

The model is an estimate for ranking, not a timing sign-off (nextpnr is):
per cell the logic delays nextpnr-ecp5 reports for speed grade 6 (LUT4
0.24 ns, PFUMX/L6MUX21 0.2 ns, CCU2C input to sum 0.4 ns, carry 0.06 ns per
cell, clock-to-out 0.52 ns, distributed RAM read 0.6 ns) and per net a
routing delay of ROUTE (0.6) ns, plus 0.2 ns per doubling of the fanout above 4
(calibrated so that the DMA board netlist's worst estimate is near what
nextpnr routed it at).
In routed designs of this project 70-85% of a critical path is routing,
which is why nets count for more than LUTs here. Carry-chain links
(CIN/COUT) route in the dedicated chain at no cost.

Prints the endpoints whose estimate exceeds the budget, worst first, one
line per register (bits of one register are grouped), then the worst
paths net by net.
"""
import argparse
import collections
import json
import math
import re
import sys

ROUTE = 0.6
LOGIC = {
    'LUT4': 0.24, 'PFUMX': 0.2, 'L6MUX21': 0.2, 'TRELLIS_DPR16X4': 0.6,
}
CLK_TO_Q = 0.52
CCU_SUM = 0.4
CCU_CARRY = 0.06
# outputs whose value comes from a clock edge, and inputs that end a path
SOURCE_PORTS = {'TRELLIS_FF': {'Q'}, 'DP16KD': None, 'MULT18X18D': None, 'ALU54B': None}
SINK_CELLS = {'TRELLIS_FF', 'DP16KD', 'MULT18X18D', 'ALU54B'}


def base_name(name):
    """register name without its bit index: `a.b_reg[3]` -> `a.b_reg`"""
    return re.sub(r'\[\d+\]$', '', name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('netlist')
    ap.add_argument('--top', type=int, default=40, help='registers to list')
    ap.add_argument('--paths', type=int, default=5, help='worst paths to print net by net')
    ap.add_argument('--budget', type=float, default=10.0, help='ns; list endpoints above it')
    args = ap.parse_args()

    with open(args.netlist) as f:
        design = json.load(f)
    mods = design['modules']
    tops = [n for n, m in mods.items() if m.get('attributes', {}).get('top')]
    if len(tops) != 1:
        sys.exit('depth.py: expected one top module in %s, found %d' % (args.netlist, len(tops)))
    top = mods[tops[0]]

    # a readable name per net bit: the shortest public name
    names = {}
    for nname, n in top['netnames'].items():
        for i, b in enumerate(n['bits']):
            if isinstance(b, str):
                continue
            label = nname if len(n['bits']) == 1 else '%s[%d]' % (nname, i)
            old = names.get(b)
            if old is None or (n.get('hide_name') == 0 and (old[1] or len(label) < len(old[0]))):
                names[b] = (label, n.get('hide_name', 0) != 0)

    def net_name(b):
        return names.get(b, ('$%s' % b, True))[0]

    fanout = collections.Counter()
    driver = {}             # bit -> (cell name, port)
    cells = top['cells']
    for cname, c in cells.items():
        for port, bits in c['connections'].items():
            d = c['port_directions'].get(port)
            for b in bits:
                if isinstance(b, str):
                    continue
                if d == 'output':
                    driver[b] = (cname, port)
                else:
                    fanout[b] += 1

    def route(b, port):
        if port in ('CIN',):
            return 0.0
        n = fanout[b]
        return ROUTE + (0.2 * math.log2(n / 4) if n > 4 else 0.0)

    # arrival at each net bit, with the previous bit for the path
    arrival = {}
    prev = {}
    for b, (cname, port) in driver.items():
        t = cells[cname]['type']
        if t in SINK_CELLS:
            arrival[b] = CLK_TO_Q if t == 'TRELLIS_FF' else 3.0
            prev[b] = None
    for p, n in top['ports'].items():
        if n['direction'] == 'input':
            for b in n['bits']:
                if not isinstance(b, str):
                    arrival[b] = 0.0
                    prev[b] = None

    sys.setrecursionlimit(100000)

    def arrive(b):
        if b in arrival:
            return arrival[b]
        if b not in driver:
            arrival[b] = 0.0
            prev[b] = None
            return 0.0
        cname, oport = driver[b]
        c = cells[cname]
        t = c['type']
        arrival[b] = 0.0        # breaks a combinational loop, should one exist
        best, best_in = 0.0, None
        for port, bits in c['connections'].items():
            if c['port_directions'].get(port) != 'input':
                continue
            if t == 'TRELLIS_DPR16X4' and port not in ('RAD',):
                continue
            if t == 'CCU2C':
                # a sum bit depends on its own half's inputs and the carry in
                half = oport[-1]
                if oport in ('S0', 'S1') and port not in ('CIN',) and port[-1] != half:
                    if not (oport == 'S1' and port[-1] == '0'):
                        continue
            for ib in bits:
                if isinstance(ib, str):
                    continue
                a = arrive(ib) + route(ib, port)
                if t == 'CCU2C':
                    a += CCU_CARRY if (port == 'CIN' and oport == 'COUT') else CCU_SUM
                else:
                    a += LOGIC.get(t, 0.3)
                if a > best:
                    best, best_in = a, ib
        arrival[b] = best
        prev[b] = best_in
        return best

    ends = []               # (arrival, register, sink bit)
    for cname, c in cells.items():
        t = c['type']
        if t not in SINK_CELLS and t != 'TRELLIS_DPR16X4':
            continue
        for port, bits in c['connections'].items():
            if c['port_directions'].get(port) != 'input' or port in ('CLK', 'WCK', 'CLKA', 'CLKB'):
                continue
            for b in bits:
                if isinstance(b, str):
                    continue
                a = arrive(b) + route(b, port) + 0.1
                if t == 'TRELLIS_FF':
                    reg = base_name(net_name(c['connections']['Q'][0]))
                else:
                    reg = '%s (%s %s)' % (cname.split('$')[0] or t, t, port)
                ends.append((a, '%s.%s' % (reg, port) if t == 'TRELLIS_FF' else reg, b))
    ends.sort(reverse=True)

    worst = collections.OrderedDict()
    for a, reg, b in ends:
        if a <= args.budget:
            break
        if reg not in worst:
            worst[reg] = (a, b, 1)
        else:
            w = worst[reg]
            worst[reg] = (w[0], w[1], w[2] + 1)
    over = sum(1 for e in ends if e[0] > args.budget)
    print('%s: %d flip-flop/RAM/DSP inputs, %d above %.1f ns (estimate, ROUTE %.1f ns per net)'
          % (args.netlist, len(ends), over, args.budget, ROUTE))
    print('%8s %6s  %-60s %s' % ('est. ns', 'bits', 'endpoint (register.port)', 'from'))
    for reg, (a, b, n) in list(worst.items())[:args.top]:
        src = b
        while prev.get(src) is not None:
            src = prev[src]
        print('%8.2f %6d  %-60s %s' % (a, n, reg[:60], net_name(src)))
    for reg, (a, b, n) in list(worst.items())[:args.paths]:
        print('\n%s: %.2f ns' % (reg, a))
        chain = []
        x = b
        while x is not None:
            chain.append(x)
            x = prev.get(x)
        for x in reversed(chain):
            drv = driver.get(x)
            print('  %7.2f  %-12s %s' % (arrival[x], cells[drv[0]]['type'] if drv else 'input', net_name(x)))


if __name__ == '__main__':
    main()
