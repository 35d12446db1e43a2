#!/usr/bin/env bash
# pe_sigmul in both of its forms, in Icarus: the portable one (fabric
# registers around a `*`) and the ECP5 one (TRNLITE_ECP5_DSP: a
# MULT18X18D with its own input and output registers, simulated with
# verif/synth/MULT18X18D.v). Each must give a * b two clock edges later
# for corner and random operand pairs (verif/synth/pe_sigmul_tb.v).
# Prints "RESULT test_pe_sigmul <run> <failed>" like the C tests.
set -u
dir=build/verif/synth/pe_sigmul
mkdir -p "$dir"
run=0; failed=0
for form in fabric ecp5; do
  run=$((run + 1))
  defs=""; extra=""
  [[ $form == ecp5 ]] && { defs="-DTRNLITE_ECP5_DSP"; extra="verif/synth/MULT18X18D.v"; }
  out=$(iverilog -g2005 -Wall $defs -o "$dir/$form.vvp" -s pe_sigmul_tb \
          verif/synth/pe_sigmul_tb.v rtl/common/pe_sigmul.v $extra 2>&1 && vvp -n "$dir/$form.vvp" 2>&1)
  line=$(grep -E '^pe_sigmul_tb: [0-9]+ checked' <<<"$out")
  if [[ $line =~ ^pe_sigmul_tb:\ ([0-9]+)\ checked,\ 0\ wrong$ ]] && ((BASH_REMATCH[1] >= 65536)); then
    echo "ok   pe_sigmul $form: ${BASH_REMATCH[1]} products"
  else
    echo "FAIL pe_sigmul $form:"; echo "$out" | head -20; failed=$((failed + 1))
  fi
done
echo "RESULT test_pe_sigmul $run $failed"
[[ $failed -eq 0 ]]
