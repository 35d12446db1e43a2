#!/usr/bin/env bash
# fpga/depth.py on a netlist built here by hand, where every arrival time
# is known: two paths between flip-flops (two LUT4 levels, one LUT4 level),
# a carry chain, and a net with fanout 16. Checks the estimates to the
# picosecond, the worst-first order, the register grouping and the path
# print-out. Prints "RESULT test_depth <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
exec "$py" - <<'PY'
import json, os, subprocess, sys, tempfile

def ff(d, q):
    return {'type': 'TRELLIS_FF', 'port_directions': {'CLK': 'input', 'DI': 'input', 'Q': 'output'},
            'connections': {'CLK': [2], 'DI': [d], 'Q': [q]}}
def lut(ins, z):
    ports = ['A', 'B', 'C', 'D'][:len(ins)]
    c = {p: [b] for p, b in zip(ports, ins)}; c['Z'] = [z]
    return {'type': 'LUT4', 'port_directions': dict({p: 'input' for p in ports}, Z='output'), 'connections': c}
def ccu(a0, a1, cin, s0, s1, cout):
    return {'type': 'CCU2C', 'port_directions': {'A0': 'input', 'A1': 'input', 'CIN': 'input',
            'S0': 'output', 'S1': 'output', 'COUT': 'output'},
            'connections': {'A0': [a0], 'A1': [a1], 'CIN': [cin], 'S0': [s0], 'S1': [s1], 'COUT': [cout]}}

cells = {
    'fa': ff(20, 10), 'l1': lut([10], 11), 'l2': lut([11, 10], 12), 'fb': ff(12, 13),   # deep: b_reg
    'fc': ff(20, 14), 'ff': ff(20, 17), 'l3': lut([17], 15), 'fd': ff(15, 16),           # shallow: d_reg
    'c0': ccu(14, 14, '0', 30, 31, 32), 'c1': ccu(14, 14, 32, 33, 34, 35), 'fe': ff(34, 36),  # carry: e_reg
    'fx': ff(20, 40), 'fy': ff(41, 42),
}
for i in range(16):                                   # fanout 16 on x_reg's Q
    cells['lf%d' % i] = lut([40], 50 + i)
cells['ly'] = lut([50], 41)
names = {'a_reg': 10, 'b_reg': 13, 'c_reg': 14, 'f_reg': 17, 'd_reg': 16, 'e_reg': 36, 'x_reg': 40, 'y_reg': 42}
design = {'modules': {'t': {'attributes': {'top': '00000000000000000000000000000001'},
          'ports': {'clk': {'direction': 'input', 'bits': [2]}, 'i': {'direction': 'input', 'bits': [20]}},
          'cells': cells,
          'netnames': {n: {'hide_name': 0, 'bits': [b]} for n, b in names.items()}}}}
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, 'n.json')
    json.dump(design, open(p, 'w'))
    out = subprocess.run([sys.executable, 'fpga/depth.py', p, '--budget', '0', '--paths', '1'],
                         capture_output=True, text=True)
run, bad = 0, 0
def check(what, ok):
    global run, bad
    run += 1
    if not ok:
        bad += 1
    print(('ok   ' if ok else 'FAIL ') + what)
print(out.stdout)
check('depth.py exits 0 (%s)' % out.stderr.strip(), out.returncode == 0)
rows = {}
for line in out.stdout.splitlines():
    f = line.split()
    if len(f) >= 3 and f[2].endswith('.DI'):
        rows.setdefault(f[2], float(f[0]))
# ROUTE 0.6, LUT4 0.24, clock-to-out 0.52, setup 0.1 (fpga/depth.py)
# b: 0.52 + (0.6+0.24) [a->l1] ... l2 takes max(l1, a direct) = l1 path
#    0.52 + 0.84 + 0.84 + 0.6 + 0.1 = 2.90
check('b_reg (two LUT levels) 2.90 ns: %s' % rows.get('b_reg.DI'), abs(rows.get('b_reg.DI', 0) - 2.90) < 1e-6)
check('d_reg (one LUT level) 2.06 ns: %s' % rows.get('d_reg.DI'), abs(rows.get('d_reg.DI', 0) - 2.06) < 1e-6)
# e: c_reg (4 loads, all in the chain's cells) -> c0 -> COUT: 0.52 + 0.6 +
#    0.4 = 1.52; c1's S1 from its carry in: + 0.4 = 1.92 (its own inputs
#    give 1.52); + 0.6 + 0.1 = 2.62
check('e_reg (through the carry chain) 2.62 ns: %s' % rows.get('e_reg.DI'), abs(rows.get('e_reg.DI', 0) - 2.62) < 1e-6)
# y: x_reg's Q drives 16 LUTs: route 0.6 + 0.2*log2(16/4) = 1.0; then one
#    of them into ly: 0.52 + 1.0 + 0.24 + 0.6 + 0.24 + 0.6 + 0.1 = 3.30
check('y_reg (fanout 16, two levels) 3.30 ns: %s' % rows.get('y_reg.DI'), abs(rows.get('y_reg.DI', 0) - 3.30) < 1e-6)
order = [r for r in rows]
check('worst first: %s' % order[:4], order[:4] == ['y_reg.DI', 'b_reg.DI', 'e_reg.DI', 'd_reg.DI'])
tail = out.stdout.split('y_reg.DI: 3.30 ns')
check('the worst path printed from x_reg', len(tail) == 2 and tail[1].split('\n')[1].split()[-1] == 'x_reg')
print('RESULT test_depth %d %d' % (run, bad))
sys.exit(1 if bad else 0)
PY
