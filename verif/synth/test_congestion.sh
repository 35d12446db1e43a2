#!/usr/bin/env bash
# fpga/congestion.py on a placed netlist and router2 heatmap files written
# here by hand, where every share is known: overuse by wire type, by die row
# (a block-RAM row marked), by module through its cells near the overused
# tiles and through its nets, and by bus. Prints "RESULT test_congestion
# <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
exec "$py" - <<'PY'
import json, os, re, subprocess, sys, tempfile

def cell(kind, x, y):
    return {'type': kind, 'attributes': {'NEXTPNR_BEL': 'X%d/Y%d/SLICEA' % (x, y)}}
cells = {
    'u.te.pe[0].c1': cell('TRELLIS_COMB', 10, 5),
    'u.te.pe[1].c2': cell('TRELLIS_COMB', 10, 5),
    'u.te.pe[1].c3': cell('TRELLIS_COMB', 11, 5),
    'u.sbuf.c4': cell('TRELLIS_COMB', 20, 8),
    'u.sbuf.m': cell('DP16KD', 20, 9),
    'other.c5': cell('TRELLIS_COMB', 30, 8),
    'u.te.unplaced': {'type': 'TRELLIS_COMB', 'attributes': {}},
}
design = {'modules': {'t': {'attributes': {'top': '00000000000000000000000000000001'}, 'cells': cells}}}
heat = {(10, 5): 6, (20, 8): 4, (25, 0): 2}
run, bad = 0, 0
def check(what, ok):
    global run, bad
    run += 1
    if not ok:
        bad += 1
    print(('ok   ' if ok else 'FAIL ') + what)
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, 'placed.json')
    json.dump(design, open(p, 'w'))
    h = os.path.join(d, 'h')
    with open(h + '_congestion_by_wiretype_2.csv', 'w') as f:
        # V02: 5 wires bound once, 2 twice, 1 three times: overuse 2 + 2 = 4
        f.write('type,bound=0,bound=1,bound=2,bound=3,\nV02,10,5,2,1,\nH01,4,4,0,0,\nH06,0,1,1,0,\n')
    with open(h + '_congestion_by_coordinate_2.csv', 'w') as f:
        for x in range(31):
            f.write(''.join('%d,' % heat.get((x, y), 0) for y in range(11)) + '\n')
    with open(h + '_congestion_by_net_2.csv', 'w') as f:
        f.write('u.sbuf.rd_rsp_data[0],5\nu.sbuf.rd_rsp_data[1],3\n'
                'u.te.pe[0].x_TRELLIS_FF_Q_DI[2],2\n$PACKER_GND_NET,1\n')
    out = subprocess.run([sys.executable, 'fpga/congestion.py', p, h, '--iter', '2', '--under', 'u.'],
                         capture_output=True, text=True)
    missing = subprocess.run([sys.executable, 'fpga/congestion.py', p, h, '--iter', '3'],
                             capture_output=True, text=True)
    with open(h + '_congestion_by_wiretype_4.csv', 'w') as f:
        f.write('type,bound=0,\nV02,x,\n')
    garbled = subprocess.run([sys.executable, 'fpga/congestion.py', p, h, '--iter', '4'],
                             capture_output=True, text=True)
print(out.stdout)
o = out.stdout
check('congestion.py exits 0 (%s)' % out.stderr.strip(), out.returncode == 0)
check('total overuse 5 (V02 4, H06 1)', 'iteration 2: overuse 5 ' in o)
check('V02: 4, 80.0%, 8 of 18 wires in use', re.search(r'V02 +4 +80\.0% +8 / +18 \(44%\)', o) is not None)
check('H01 (no overuse) not listed', re.search(r'^ +H01', o, re.M) is None)
rows = dict((int(m.group(1)), int(m.group(2))) for m in re.finditer(r'^  y +(\d+) +(\d+)', o, re.M))
check('rows 0..9 listed, heat 6 at y 5, 4 at y 8, 2 at y 0: %s' % rows,
      sorted(rows) == list(range(10)) and rows[5] == 6 and rows[8] == 4 and rows[0] == 2 and rows[9] == 0)
check('row 9 marked as a block-RAM row', re.search(r'^  y +9 +0 +DP16KD 1$', o, re.M) is not None)
mods = {}
for m in re.finditer(r'^  (\S+) +(\d+) +([\d.]+)% +([\d.]+)% \(([\d.]+)\) +([\d.]+)%$', o, re.M):
    mods[m.group(1)] = tuple(float(v) for v in m.groups()[1:])
print(mods)
# cells: te.pe[] 3 of 5 logic cells (the unplaced one not counted), sbuf 1, (other) 1
# tiles: (10,5)'s 6 all to te.pe[] (3 cells within a tile), (20,8)'s 4 to sbuf,
# (25,0)'s 2 to no module; 12 in all
check('te.pe[]: 3 cells 60%, 50% of the tile overuse (0.83), 18.2% by nets',
      mods.get('te.pe[]') == (3, 60.0, 50.0, 0.83, 18.2))
check('sbuf: 1 cell 20%, 33.3% (1.67), 72.7% by nets', mods.get('sbuf') == (1, 20.0, 33.3, 1.67, 72.7))
check('(other): 1 cell, no tile overuse, 9.1% by nets', mods.get('(other)') == (1, 20.0, 0.0, 0.0, 9.1))
check('(no-logic-near): 16.7% of the tile overuse', mods.get('(no-logic-near)') == (0, 0.0, 16.7, 0.0, 0.0))
check('bus u.sbuf.rd_rsp_data: 8 over 2 nets, first',
      re.search(r'buses.*\n +8 +72\.7% +2  u\.sbuf\.rd_rsp_data\n', o) is not None)
check('bus u.te.pe.x (indices and cell suffixes taken off): 2', re.search(r' +2 +18\.2% +1  u\.te\.pe\.x$', o, re.M) is not None)
check('a missing iteration is an error naming the file',
      missing.returncode != 0 and 'h_congestion_by_wiretype_3.csv' in missing.stderr and not missing.stdout)
check('a file that is not a heatmap is an error naming it',
      garbled.returncode != 0 and "wiretype_4.csv: 'x' is not a count" in garbled.stderr)
print('RESULT test_congestion %d %d' % (run, bad))
sys.exit(1 if bad else 0)
PY
