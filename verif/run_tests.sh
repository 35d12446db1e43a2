#!/usr/bin/env bash
# Run every test executable given, each in turn, and add up the RESULT lines
# they print ("RESULT <suite> <run> <failed>"). A test that exits non-zero
# or prints no RESULT line counts as one failure: nothing is skipped silently.
# So does a suite that ran zero tests, and a test still running after
# TEST_TIMEOUT seconds (default 900): it is killed with everything it started
# (its process group: Check's forked cases, a Python or yosys subprocess),
# so that a hang cannot stall `make test`. Tests read no input (/dev/null).
# Each binary's wall-clock time is printed after it ("-- <test>: N s"), and
# the slowest ones at the end, to keep `make test` inside its budget.
# Ends with the line "N passed, N failed"; exits non-zero if any failed.
set -u
limit=${TEST_TIMEOUT:-900}
if ! [[ $limit =~ ^[1-9][0-9]*$ ]]; then
  echo "run_tests.sh: TEST_TIMEOUT must be a positive number of seconds, not '$limit'"
  exit 2
fi
passed=0; failed=0; bad=(); times=()
for t in "$@"; do
  log=$(mktemp)
  echo "== $t"
  start=$SECONDS
  # timeout runs the test in a process group of its own and signals the
  # whole group: TERM at the limit, KILL 10 s later.
  timeout -k 10 "$limit" "$t" </dev/null 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  res=$(grep -E '^RESULT ' "$log" || true)
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then
    echo "!! $t did not finish within ${limit} s (TEST_TIMEOUT): killed"
    failed=$((failed + 1)); bad+=("$t")
  elif [[ -z $res ]]; then
    echo "!! $t printed no RESULT line (exit $rc)"
    failed=$((failed + 1)); bad+=("$t")
  else
    while read -r _ name run nfail; do
      if [[ $run -eq 0 ]]; then
        echo "!! $t: suite $name ran 0 tests"
        failed=$((failed + 1)); bad+=("$t")
      fi
      passed=$((passed + run - nfail)); failed=$((failed + nfail))
    done <<<"$res"
    if [[ $rc -ne 0 ]] && ! grep -qE '^RESULT \S+ [0-9]+ [1-9]' "$log"; then
      echo "!! $t exited $rc"; failed=$((failed + 1)); bad+=("$t")
    fi
    grep -qE '^RESULT \S+ [0-9]+ [1-9]' "$log" && bad+=("$t")
  fi
  rm -f "$log"
  echo "-- $t: $((SECONDS - start)) s"
  times+=("$((SECONDS - start)) $t")
done
((${#times[@]})) && { echo "slowest:"; printf '%s\n' "${times[@]}" | sort -rn | head -5 | sed 's/^/  /'; }
((${#bad[@]})) && printf 'failing: %s\n' $(printf '%s\n' "${bad[@]}" | sort -u)
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
