#!/usr/bin/env python3
"""Where a design's routing congestion is, and whose wires make it.

    fpga/congestion.py PLACED_JSON HEATMAP_PREFIX [--iter N] [--under PREFIX]
                       [--depth D] [--top K]

Reads a placed netlist (nextpnr-ecp5 `--no-route --write`) and the CSV
files that router2 writes after iteration N with `--router2-heatmap
HEATMAP_PREFIX` (`_congestion_by_wiretype_N`, `_congestion_by_coordinate_N`,
`_congestion_by_net_N`), and prints

  - overuse by wire type: how far each kind of routing wire is over its
    capacity (overuse: the bindings beyond one per wire), and how much of
    it is used at all;
  - overuse by die row (y), with the block-RAM and multiplier rows marked;
  - overuse by module, two ways: by the nets each module drives (the
    net's name), and by the logic cells in and around the overused tiles
    (a tile's overuse shared among the modules whose cells are within
    one tile of it, by their cell counts); with each module's share of
    the logic cells, so that a ratio above 1 marks a module whose wires
    crowd more than its size would;
  - the buses whose nets use the most overused wires (net names with bit
    indices and nextpnr's cell-name suffixes taken off).

A module is the cell or net name's first D hierarchy levels after PREFIX
(array indices dropped: `part[3]` counts as `part[]`); names outside PREFIX
count as `(other)`. What router2 calls overuse is the demand that it has
not yet resolved in that iteration, not a final result: it shows where the
router has to negotiate, which is where router1 spends its hours
(docs/fpga.md section 3c). Standard library only.
"""
import argparse
import collections
import csv
import json
import re
import sys


def module_of(name, under, depth):
    if not name.startswith(under):
        return '(other)'
    parts = name[len(under):].split('.')
    if len(parts) > 1:
        parts = parts[:-1]        # the last level is the cell or net itself
    return re.sub(r'\[\d+\]', '[]', '.'.join(parts[:depth])) or '(top)'


def bus_of(name):
    """A net's name without bit indices and nextpnr's cell-name suffixes."""
    name = re.sub(r'\[\d+\]', '', name)
    return re.sub(r'_(TRELLIS|LUT4|PFUMX|L6MUX21|CCU2C|DPR16X4|DP16KD|MULT18X18D)_.*$', '', name)


def load_placement(path):
    with open(path) as f:
        design = json.load(f)
    mods = design['modules']
    tops = [m for m in mods.values() if m.get('attributes', {}).get('top')]
    if len(tops) != 1:
        sys.exit('congestion.py: %s: expected one top module, found %d' % (path, len(tops)))
    cells = []
    for name, cell in tops[0]['cells'].items():
        bel = cell.get('attributes', {}).get('NEXTPNR_BEL')
        if not bel:
            continue
        x, y = (int(v[1:]) for v in bel.split('/')[:2])
        cells.append((name, cell['type'], x, y))
    if not cells:
        sys.exit('congestion.py: %s has no placed cells (write it with nextpnr --write after placement)' % path)
    return cells


def read_rows(path):
    try:
        with open(path) as f:
            return [row for row in csv.reader(f) if row]
    except OSError as e:
        sys.exit('congestion.py: %s' % e)


def number(text, path):
    try:
        return int(text)
    except ValueError:
        sys.exit('congestion.py: %s: %r is not a count (not a router2 heatmap file?)' % (path, text))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('placed')
    ap.add_argument('prefix')
    ap.add_argument('--iter', type=int, default=1, help='router2 iteration (default 1)')
    ap.add_argument('--under', default='', help='hierarchy prefix the modules are counted under')
    ap.add_argument('--depth', type=int, default=2, help='hierarchy levels per module (default 2)')
    ap.add_argument('--top', type=int, default=20, help='rows per table (default 20)')
    a = ap.parse_args()

    cells = load_placement(a.placed)
    logic = collections.defaultdict(collections.Counter)   # (x, y) -> module -> logic cells
    size = collections.Counter()                           # module -> logic cells
    special = collections.defaultdict(collections.Counter)  # y -> RAM / DSP cells
    for name, kind, x, y in cells:
        if kind in ('TRELLIS_COMB', 'TRELLIS_RAMW'):
            m = module_of(name, a.under, a.depth)
            logic[(x, y)][m] += 1
            size[m] += 1
        elif kind in ('DP16KD', 'MULT18X18D'):
            special[y][kind] += 1
    nlogic = sum(size.values())

    # wire types: column i of a row counts the wires bound to i nets
    path = '%s_congestion_by_wiretype_%d.csv' % (a.prefix, a.iter)
    rows = read_rows(path)
    types = []
    for row in rows[1:]:
        counts = [number(v, path) for v in row[1:] if v.strip()]
        over = sum((i - 1) * n for i, n in enumerate(counts) if i > 1)
        used = sum(n for i, n in enumerate(counts) if i > 0)
        types.append((over, row[0], used, sum(counts)))
    types.sort(reverse=True)
    total = sum(t[0] for t in types)
    print('router2 iteration %d: overuse %d (bindings beyond one per wire)' % (a.iter, total))
    print('\nby wire type: overuse, its share, wires in use / wires of the type')
    for over, kind, used, n in types:
        if over:
            print('  %-20s %8d %5.1f%%  %8d / %8d (%.0f%%)' % (kind, over, 100.0 * over / max(total, 1),
                                                            used, n, 100.0 * used / max(n, 1)))

    # tiles; rows of x, columns of y
    heat = {}
    path = '%s_congestion_by_coordinate_%d.csv' % (a.prefix, a.iter)
    for x, row in enumerate(read_rows(path)):
        for y, v in enumerate(row):
            if v.strip() and number(v, path):
                heat[(x, y)] = number(v, path)
    tiles = sum(heat.values())
    by_y = collections.Counter()
    for (x, y), v in heat.items():
        by_y[y] += v
    peak = max(by_y.values()) if by_y else 1
    print('\nby die row: bindings on overused wires (%d in all; one # per %.1f)' % (tiles, peak / 40.0))
    shown = set(by_y) | set(special)
    for y in range(min(shown, default=0), max(shown, default=-1) + 1):
        mark = ' '.join('%s %d' % (k, n) for k, n in sorted(special[y].items()))
        print('  y %3d %7d %-40s %s' % (y, by_y[y], '#' * int(40 * by_y[y] / peak), mark))

    # modules: by their cells near the overused tiles, and by their nets
    near_heat = collections.Counter()
    for (x, y), v in heat.items():
        near = collections.Counter()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                near.update(logic.get((x + dx, y + dy), {}))
        n = sum(near.values())
        if n == 0:
            near_heat['(no-logic-near)'] += v
        for m, k in near.items():
            near_heat[m] += v * k / n
    net_heat = collections.Counter()
    bus_heat = collections.Counter()
    bus_nets = collections.Counter()
    path = '%s_congestion_by_net_%d.csv' % (a.prefix, a.iter)
    net_total = 0
    for row in read_rows(path):
        v = number(row[1] if len(row) > 1 else '', path)
        net_total += v
        net_heat[module_of(row[0], a.under, a.depth)] += v
        bus_heat[bus_of(row[0])] += v
        bus_nets[bus_of(row[0])] += 1
    print('\nby module: logic cells, share of them; share of the overuse by the cells'
          ' near it (ratio to the cell share); share by the nets it names')
    share = {m: near_heat[m] / max(tiles, 1) + net_heat[m] / max(net_total, 1)
             for m in set(near_heat) | set(net_heat)}
    for m in sorted(share, key=share.get, reverse=True)[:a.top]:
        cs = size[m] / max(nlogic, 1)
        nh = near_heat[m] / max(tiles, 1)
        print('  %-28s %7d %5.1f%%  %5.1f%% (%4.2f)  %5.1f%%' % (
            m, size[m], 100 * cs, 100 * nh, nh / cs if cs else 0, 100 * net_heat[m] / max(net_total, 1)))
    print('\nbuses: overused wires their nets use, share, nets')
    for b, v in bus_heat.most_common(a.top):
        print('  %7d %5.1f%% %5d  %s' % (v, 100.0 * v / max(net_total, 1), bus_nets[b], b))


if __name__ == '__main__':
    main()
