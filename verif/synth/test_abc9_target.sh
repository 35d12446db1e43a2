#!/usr/bin/env bash
# fpga/yosys.sh's ABC9 delay target (ABC9_D, a configuration's
# FPGA_ABC9_D_<name> in fpga/configs.mk) reaches Yosys's LUT mapping: a
# small register whose delay-optimal mapping duplicates logic must map to
# fewer LUT4s with a loose target (20,000 ps) than without one, and the
# same with the target given twice must map identically (the flow is
# deterministic); the area script (ABC9_SCRIPT=fpga/abc9_area.abc, the
# board's) must map it to fewer LUT4s than ABC9's default too. Runs YoWASP Yosys, the tool `make synth` uses, a few
# seconds. Prints "RESULT test_abc9_target <run> <failed>".
set -u
out=build/synth/abc9_target
mkdir -p "$out"
run=0; failed=0

# lut4 DIR TARGET [SCRIPT]: synthesize into DIR with ABC9_D=TARGET (and
# ABC9_SCRIPT=SCRIPT), print the LUT4s
lut4() {
  ABC9_D=$2 ABC9_SCRIPT=${3:-} FPGA_DIR=$out/$1 fpga/yosys.sh ecp5 t abc9_target "" "" verif/synth/abc9_target.v >/dev/null || return 1
  build/venv/bin/python -c "import json, sys; print(json.load(open(sys.argv[1]))['design']['num_cells_by_type'].get('LUT4', 0))" \
    "$out/$1/t/ecp5.stat.json"
}

fast=$(lut4 fast "") || fast=
loose=$(lut4 loose 20000) || loose=
again=$(lut4 again 20000) || again=
area=$(lut4 area "" fpga/abc9_area.abc) || area=

run=$((run + 1))
if [[ -n $fast && -n $loose && $loose -lt $fast ]]; then
  echo "ok   abc9_target_loose: $loose LUT4 at 20,000 ps against $fast unset"
else
  echo "FAIL abc9_target_loose: '$loose' LUT4 at 20,000 ps against '$fast' unset (want fewer; logs under $out)"
  failed=$((failed + 1))
fi
run=$((run + 1))
if [[ -n $loose && $again == "$loose" ]]; then
  echo "ok   abc9_target_repeat: $again LUT4 again"
else
  echo "FAIL abc9_target_repeat: '$again' LUT4 on the second run against '$loose'"
  failed=$((failed + 1))
fi

# the board's area script (ABC9_SCRIPT) reaches the mapping too
run=$((run + 1))
if [[ -n $fast && -n $area && $area -lt $fast ]]; then
  echo "ok   abc9_script_area: $area LUT4 with fpga/abc9_area.abc against $fast"
else
  echo "FAIL abc9_script_area: '$area' LUT4 with fpga/abc9_area.abc against '$fast' (want fewer; logs under $out)"
  failed=$((failed + 1))
fi

echo "RESULT test_abc9_target $run $failed"
[[ $failed -eq 0 ]]
