#!/usr/bin/env bash
# fpga/ff_report.py on a netlist built here by hand: five flip-flops in
# three control sets (3 + 1 + 1: at least 4 slices, 3 if they shared one),
# fed by a LUT, a flip-flop (twice), a multiplier and a port. Checks every
# count it prints. Prints "RESULT test_ff_report <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
exec "$py" - <<'PY'
import json, os, subprocess, sys, tempfile

def ff(d, q, ce='1'):
    return {'type': 'TRELLIS_FF', 'parameters': {'CEMUX': 'CE' if ce != '1' else '1'},
            'port_directions': {'CLK': 'input', 'CE': 'input', 'DI': 'input', 'Q': 'output'},
            'connections': {'CLK': [2], 'CE': [ce], 'DI': [d], 'Q': [q]}}
cells = {
    'l': {'type': 'LUT4', 'port_directions': {'A': 'input', 'Z': 'output'},
          'connections': {'A': [3], 'Z': [10]}},
    'm': {'type': 'MULT18X18D', 'port_directions': {'A0': 'input', 'P0': 'output'},
          'connections': {'A0': [3], 'P0': [11]}},
    'f1': ff(10, 20), 'f2': ff(20, 21), 'f3': ff(21, 22),      # one set: LUT, FF, FF
    'f4': ff(11, 23, ce=4),                                    # set 2: multiplier
    'f5': ff(3, 24, ce=5),                                     # set 3: port
}
design = {'modules': {'t': {'ports': {}, 'cells': cells, 'netnames': {}}}}
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, 'n.json')
    json.dump(design, open(p, 'w'))
    out = subprocess.run([sys.executable, 'fpga/ff_report.py', p], capture_output=True, text=True)
print(out.stdout)
run, bad = 0, 0
def check(what, ok):
    global run, bad
    run += 1
    bad += not ok
    print(('ok   ' if ok else 'FAIL ') + what)
o = out.stdout
check('exits 0 (%s)' % out.stderr.strip(), out.returncode == 0)
check('5 flip-flops', 'flip-flops: 5\n' in o)
check('3 control sets, largest 3', 'control sets: 3; largest [3, 1, 1]; 3 sets of fewer than 8' in o)
check('at least 4 slices, 3 with one set', 'need at least: 4 (one set everywhere: 3)' in o)
import re
rows = dict((m.group(1), int(m.group(2))) for m in re.finditer(r'^  (\S.*?) +(\d+)  \(', o, re.M))
def row(kind):
    return rows.get(kind)
check('2 fed by flip-flops', row('TRELLIS_FF') == 2)
check('1 by a LUT, 1 by a multiplier, 1 by a port',
      (row('LUT4'), row('MULT18X18D'), row('constant or port')) == (1, 1, 1))
print('RESULT test_ff_report %d %d' % (run, bad))
sys.exit(1 if bad else 0)
PY
