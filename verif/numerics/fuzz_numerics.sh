#!/usr/bin/env bash
# make fuzz (SEEDS=N, SEED=B): the numerics random tests, each with the N
# seeds B .. B+N-1 (mod 2^32; make fuzz draws B afresh each run, `make
# test` runs seed 1). Without SEED, B is drawn here. Prints each failing
# seed so that `SEED=<s> build/tests/test_numerics_<t>` replays it; exits
# non-zero if any run failed. Run from the repository top.
set -u
n=${SEEDS:-20}
base=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' \n')}
echo "fuzz_numerics: seeds $base .. +$((n - 1))"
failed=()
for ((i = 0; i < n; i++)); do
  s=$(((base + i) % 4294967296))
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
echo "fuzz_numerics: $n seeds ($base ..) x 4 tests passed"
