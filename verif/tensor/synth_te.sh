#!/usr/bin/env bash
# Yosys synthesis of the tensor engine (make synth-te): te_top at 4x4 with
# a 4 x 512 PSUM, and one te_pe, each through synth_ecp5 and generic synth.
# Logs under $1; prints the cell counts that matter: DSPs (MULT18X18D),
# block RAMs (DP16KD), LUTs, flip-flops; fails if the PSUM RAMs or the
# multipliers were not inferred.
set -euo pipefail
out=${1:-build/synth}
mkdir -p "$out"
files="rtl/common/pe_unpack.v rtl/common/pe_mul.v rtl/common/fp32_add.v rtl/tensor/te_pe.v"
files="$files rtl/tensor/tensor_engine.v rtl/tensor/psum_buffer.v rtl/tensor/te_top.v"
read="read_verilog -Irtl/common -Irtl/tensor $files; chparam -set ROWS 4 -set COLS 4 -set DEPTH 512 te_top"
run() {  # name script
  local t0=$SECONDS
  yosys -q -l "$out/$1.log" -p "$2" >/dev/null
  echo "== $1 ($((SECONDS - t0)) s, log $out/$1.log)"
  sed -n '/Printing statistics/,$p' "$out/$1.log" | grep -E "Number of cells|MULT18X18D|DP16KD|LUT4|TRELLIS_FF|CCU2C|\\\$_DFF|\\\$_SDFF|\\\$mem|\\\$mul|ALU|\\\$_AND_ |\\\$_XOR_ " | tail -12
}
run te_top_4x4_ecp5 "$read; synth_ecp5 -top te_top; stat"
run te_top_4x4_generic "$read; synth -top te_top; stat"
run te_pe_ecp5 "read_verilog -Irtl/common -Irtl/tensor $files; synth_ecp5 -top te_pe; stat"
dsp=$(sed -n '/Printing statistics/,$p' "$out/te_top_4x4_ecp5.log" | awk '/MULT18X18D/ {n=$2} END {print n+0}')
bram=$(sed -n '/Printing statistics/,$p' "$out/te_top_4x4_ecp5.log" | awk '/DP16KD/ {n=$2} END {print n+0}')
echo "te_top 4x4 on ECP5: $dsp MULT18X18D (expect 16, one per PE), $bram DP16KD (expect 4, one per PSUM partition)"
[[ $dsp -ge 16 && $bram -ge 4 ]]
