#!/usr/bin/env bash
# make xprop's runner (verif/stress/xprop.mk): each test binary given runs
# XPROP_SEEDS times (default 3), with VL_XSEED=1..N (other random power-up
# values and other values of every run-time X per N; the test's own seed,
# so its stimulus, stays the same). A run passes like a make test run (its
# RESULT line with no failure, exit 0, within TEST_TIMEOUT s); the test
# passes when every seed passes and every seed printed the same output
# (its statistics and cycle counts; host rates and times masked, see norm). Writes
# $XPROP_DIR/log/<test>.<seed>.log and $XPROP_DIR/summary.txt; exits
# non-zero if any test failed.
set -u
seeds=${XPROP_SEEDS:-3}
dir=${XPROP_DIR:-build/xprop}
limit=${TEST_TIMEOUT:-1800}
if ! [[ $seeds =~ ^[1-9][0-9]*$ ]]; then
  echo "xprop.sh: XPROP_SEEDS must be a positive number, not '$seeds'"; exit 2
fi
mkdir -p "$dir/log"
sum=$dir/summary.txt
start=$(date +%s)
printf '%-32s %6s %8s  %s\n' test seeds wall result > "$sum"
nfail=0; npass=0
# host speeds and times differ from run to run whatever the RTL does:
# rates ("87139 cycles/s") and times ("3.2 s", "12 ms") are masked, lines
# about wall or CPU time and the seed banner dropped; so is board_sim's
# SDRAM command count, which grows with the time the simulator idles
# between the host's commands (refreshes, and the rows they close)
norm() {
  sed -E -e 's/[0-9][0-9.]* ?[kMG]?[A-Za-z]*\/s\b/<rate>/g' -e 's/\b[0-9][0-9.]* ?(s|ms|min)\b/<time>/g' "$1" |
    grep -vE '^seed [0-9]+ \(replay|seconds|wall|CPU|^board_sim: SDRAM [0-9]+ ACTIVATE'
}
for t in "$@"; do
  n=${t##*/}
  t0=$(date +%s); res=pass; why=
  for s in $(seq 1 "$seeds"); do
    log=$dir/log/$n.$s.log
    VL_XSEED=$s timeout -k 10 "$limit" "$t" </dev/null >"$log" 2>&1
    rc=$?
    if [[ $rc -ne 0 ]] || ! grep -qE '^RESULT \S+ [1-9][0-9]* 0$' "$log" || grep -qE '^RESULT \S+ [0-9]+ [1-9]' "$log"; then
      res=FAIL; why="seed $s: exit $rc, $(grep -E '^RESULT ' "$log" | tr '\n' ' ')"; break
    fi
    if [[ $s -gt 1 ]] && ! diff -q <(norm "$dir/log/$n.1.log") <(norm "$log") >/dev/null; then
      res=FAIL; why="seed $s prints other results than seed 1: diff $dir/log/$n.1.log $log"; break
    fi
  done
  dt=$(( $(date +%s) - t0 ))
  printf '%-32s %6s %7ss  %s %s\n' "$n" "$seeds" "$dt" "$res" "$why" | tee -a "$sum"
  if [[ $res = pass ]]; then npass=$((npass + 1)); else nfail=$((nfail + 1)); fi
done
msg="make xprop: $npass of $((npass + nfail)) tests give the same bits under $seeds power-up seeds each, $nfail failed; $(( $(date +%s) - start )) s"
echo "$msg" | tee -a "$sum"
[[ $nfail -eq 0 ]]
