#!/usr/bin/env bash
# make fuzz (SEEDS=N): the numerics random tests, each with N more seeds
# (2 .. N+1; `make test` runs seed 1). Prints each failing seed so that
# `SEED=<s> build/tests/test_numerics_<t>` replays it; exits non-zero if
# any run failed. Run from the repository top.
set -u
n=${SEEDS:-20}
failed=()
for ((s = 2; s < n + 2; s++)); do
  for t in ref arith matmul sr; do
    out=$(SEED=$s "build/tests/test_numerics_$t" 2>&1)
    rc=$?
    echo "$out" | grep -E '^RESULT '
    if [[ $rc -ne 0 ]]; then
      echo "$out" | grep -E 'MISMATCH|:F:|:E:' | head -20
      failed+=("SEED=$s build/tests/test_numerics_$t")
    fi
  done
done
if ((${#failed[@]})); then
  printf 'fuzz_numerics: FAILED: %s\n' "${failed[@]}"
  exit 1
fi
echo "fuzz_numerics: $n seeds x 4 tests passed"
