#!/usr/bin/env bash
# Runs the core_mem_check mutants (verif/stress/memcheck.mk): each test
# binary must fail (exit non-zero) and its output must contain the given
# checker message. Prints each verdict, the message seen, and
# "RESULT memcheck_mutants <run> <failed>" like the C tests.
#
# Usage: verif/stress/test_memcheck.sh BINARY MESSAGE [BINARY MESSAGE]...
set -u
run=0; failed=0
while [[ $# -ge 2 ]]; do
  bin=$1; msg=$2; shift 2
  run=$((run + 1))
  log=$(mktemp)
  timeout -k 10 600 "$bin" </dev/null >"$log" 2>&1
  rc=$?
  seen=$(grep -m1 -F "core_mem_check" "$log" || true)
  if [[ $rc -ne 0 ]] && grep -qF "$msg" "$log"; then
    echo "ok   $bin fails (exit $rc): ${seen}"
  else
    echo "FAIL $bin: exit $rc, expected a failure with '$msg'; first checker line: ${seen:-none}"
    tail -5 "$log"
    failed=$((failed + 1))
  fi
  rm -f "$log"
done
echo "RESULT memcheck_mutants $run $failed"
[[ $failed -eq 0 ]]
