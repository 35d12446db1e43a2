#!/usr/bin/env bash
# trnlite.core works with FuseSoC (build/venv/bin/fusesoc), as a user who
# pulls trnlite into a FuseSoC SoC would run it: every lint_* target
# (Verilator --lint-only -Wall; a warning fails it), the Icarus sim target,
# and the setup (Makefile generation, no tools run) of every synth_* target.
# The cores root is the repository; build/ is ignored (FUSESOC_IGNORE);
# work directories go to build/fusesoc/. That trnlite.core matches the file
# lists of rtl/*/files.mk is checked by `make lint` (make gen rewrites it).
# Prints "RESULT test_fusesoc <run> <failed>" like the C tests.
set -u
fusesoc=build/venv/bin/fusesoc
core=trnlite:ip:trnlite
out=build/fusesoc
mkdir -p "$out"
touch build/FUSESOC_IGNORE
run=0; failed=0
vlnv=$(sed -n 's/^name: *//p' trnlite.core)
[[ $vlnv == ${core}:* ]] || { echo "FAIL trnlite.core names '$vlnv', not $core"; echo "RESULT test_fusesoc 1 1"; exit 1; }

# fs TARGET [--setup]
fs() {
  local t=$1 setup=${2:-} log="$out/$1.log"
  run=$((run + 1))
  rm -rf "${out:?}/$t"
  if "$fusesoc" --cores-root . run $setup --build-root "$out/$t" --target "$t" "$core" >"$log" 2>&1; then
    echo "ok   fusesoc ${setup:+$setup }--target $t"
  else
    echo "FAIL fusesoc ${setup:+$setup }--target $t (log $log):"; tail -15 "$log"
    failed=$((failed + 1))
  fi
}

targets=$(sed -n 's/^  \([a-z0-9_]*\):$/\1/p' trnlite.core | sed -n '/^\(lint\|synth\|sim\)/p')
for t in $targets; do
  case $t in
    lint_*|sim) fs "$t" ;;
    synth_*) fs "$t" --setup ;;
  esac
done
# The synthesis targets of the tensor engine build pe_sigmul in its ECP5
# DSP form: the define must reach Yosys's script.
run=$((run + 1))
tcl=$(ls "$out"/synth_pe/*/synth_pe-trellis/edalize_yosys_procs.tcl 2>/dev/null | head -1)
if [[ -n $tcl ]] && grep -q 'TRNLITE_ECP5_DSP' "$tcl"; then
  echo "ok   fusesoc synth_pe passes TRNLITE_ECP5_DSP to Yosys"
else
  echo "FAIL fusesoc synth_pe: TRNLITE_ECP5_DSP not in Yosys's defines (${tcl:-no edalize_yosys_procs.tcl})"
  failed=$((failed + 1))
fi
echo "RESULT test_fusesoc $run $failed"
[[ $failed -eq 0 ]]
