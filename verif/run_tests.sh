#!/usr/bin/env bash
# Run every test executable given, each in turn, and add up the RESULT lines
# they print ("RESULT <suite> <run> <failed>"). A test that exits non-zero
# or prints no RESULT line counts as one failure: nothing is skipped silently.
# Ends with the line "N passed, N failed"; exits non-zero if any failed.
set -u
passed=0; failed=0; bad=()
for t in "$@"; do
  log=$(mktemp)
  echo "== $t"
  "$t" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  res=$(grep -E '^RESULT ' "$log" || true)
  if [[ -z $res ]]; then
    echo "!! $t printed no RESULT line (exit $rc)"
    failed=$((failed + 1)); bad+=("$t")
  else
    while read -r _ _ run nfail; do
      passed=$((passed + run - nfail)); failed=$((failed + nfail))
    done <<<"$res"
    if [[ $rc -ne 0 ]] && ! grep -qE '^RESULT \S+ [0-9]+ [1-9]' "$log"; then
      echo "!! $t exited $rc"; failed=$((failed + 1))
    fi
    grep -qE '^RESULT \S+ [0-9]+ [1-9]' "$log" && bad+=("$t")
  fi
  rm -f "$log"
done
((${#bad[@]})) && printf 'failing: %s\n' "${bad[@]}"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
