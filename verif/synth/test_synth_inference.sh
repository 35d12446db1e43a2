#!/usr/bin/env bash
# FPGA-readiness in make test: Yosys (synth_ecp5) must map the PE's
# multiplier to a DSP (MULT18X18D), a tensor-engine delay line to LUT RAM
# (TRELLIS_DPR16X4) and each PSUM partition to block RAM (DP16KD). Small tops only, so it runs in seconds; `make synth` and
# `make fpga` synthesize and place the whole blocks (fpga/README.md).
# Prints "RESULT test_synth_inference <run> <failed>" like the C tests.
set -u
out=build/synth/inference
mkdir -p "$out"
run=0; failed=0

# check NAME TOP "FILES" "CHPARAM" CELL MIN
check() {
  local name=$1 top=$2 files=$3 chparam=$4 cell=$5 min=$6 log="$out/$1.log"
  run=$((run + 1))
  if ! yosys -q -l "$log" -p "read_verilog -Irtl/common -Irtl/tensor $files; $chparam synth_ecp5 -top $top; stat" >/dev/null 2>&1; then
    echo "FAIL $name: yosys failed (log $log)"; failed=$((failed + 1)); return
  fi
  local n
  n=$(sed -n '/Printing statistics/,$p' "$log" | awk -v c="$cell" '$1 == c {n = $2} END {print n + 0}')
  if [[ $n -ge $min ]]; then
    echo "ok   $name: $n $cell (want >= $min)"
  else
    echo "FAIL $name: $n $cell, want >= $min (log $log)"; failed=$((failed + 1))
  fi
}

pe="rtl/common/pe_unpack.v rtl/common/pe_mul.v rtl/common/pe_sigmul.v rtl/common/fp32_add.v rtl/tensor/te_pe.v"
check te_pe_dsp te_pe "$pe" "" MULT18X18D 1
# a tensor-engine skew line (te_delay) in LUT RAM, not a flip-flop chain:
# 35 bits (one decoded operand) over 13 cycles, 9 DPR16X4 of 16 x 4
check te_delay_lutram te_delay rtl/tensor/te_delay.v "chparam -set WIDTH 35 -set DELAY 13 te_delay;" TRELLIS_DPR16X4 9
# the same line asked for block RAM (BLOCK_BITS = 512, the board's):
# 19 bits over 21 cycles, one DP16KD and no LUT RAM
check te_delay_block te_delay rtl/tensor/te_delay.v "chparam -set WIDTH 19 -set DELAY 21 -set BLOCK_BITS 512 te_delay;" DP16KD 1
check psum_buffer_bram psum_buffer "rtl/common/fp32_add.v rtl/tensor/psum_buffer.v" \
  "chparam -set COLS 4 -set DEPTH 512 psum_buffer;" DP16KD 4

echo "RESULT test_synth_inference $run $failed"
[[ $failed -eq 0 ]]
