#!/usr/bin/env bash
# The CSR interface has one source, spec/trnlite_csr.rdl. This test
# regenerates the C header, the register chapter and the Verilog constants
# (scripts/gen_csr.py) and fails if a committed copy differs: run
# `make gen` after changing the .rdl. It also compiles the C header and
# checks a few offsets against the map in docs/core.md section 3.
# Prints "RESULT test_csr_gen <run> <failed>" like the C tests.
set -u
py=${PYTHON:-build/venv/bin/python}
out=build/spec/csr
rm -rf "$out"; mkdir -p "$out"
run=0; failed=0
if ! "$py" scripts/gen_csr.py "$out" > "$out/gen.log" 2>&1; then
  echo "FAIL gen_csr.py failed:"; cat "$out/gen.log"
  echo "RESULT test_csr_gen 1 1"; exit 1
fi
for pair in "csr.h:cmodel/include/trnlite/csr.h" "csr.md:docs/csr.md" "tl_csr.vh:rtl/core/tl_csr.vh"; do
  gen=$out/${pair%%:*}; committed=${pair##*:}
  run=$((run + 1))
  if cmp -s "$gen" "$committed"; then
    echo "ok   $committed is what spec/trnlite_csr.rdl generates"
  else
    echo "FAIL $committed is stale: run 'make gen' (diff $gen $committed)"; failed=$((failed + 1))
  fi
done
# The generated header compiles and its offsets are the documented ones.
run=$((run + 1))
cat > "$out/check.c" <<'C'
#include <stddef.h>
#include "trnlite/csr.h"
_Static_assert(offsetof(trnlite_csr_t, ID) == 0x000, "ID");
_Static_assert(offsetof(trnlite_csr_t, CTRL) == 0x020, "CTRL");
_Static_assert(offsetof(trnlite_csr_t, IRQ_STATUS) == 0x050, "IRQ_STATUS");
_Static_assert(offsetof(trnlite_csr_t, ERR_CODE) == 0x060, "ERR_CODE");
_Static_assert(offsetof(trnlite_csr_t, Q[1].TAIL) == 0x130, "Q1 TAIL");
_Static_assert(offsetof(trnlite_csr_t, SEM[5]) == 0x214, "SEM5");
_Static_assert(offsetof(trnlite_csr_t, SEM_ADD[0]) == 0x280, "SEM_ADD0");
_Static_assert(offsetof(trnlite_csr_t, PERF_ACT_ELEMS.HI) == 0x454, "PERF_ACT_ELEMS");
int main(void) { return 0; }
C
if gcc -std=c11 -Wall -Werror -Icmodel/include "$out/check.c" -o "$out/check" 2> "$out/check.log"; then
  echo "ok   csr.h compiles and matches the documented offsets"
else
  echo "FAIL csr.h offsets:"; cat "$out/check.log"; failed=$((failed + 1))
fi
echo "RESULT test_csr_gen $run $failed"
[[ $failed -eq 0 ]]
