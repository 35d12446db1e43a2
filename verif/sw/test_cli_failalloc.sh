#!/usr/bin/env bash
# trnlite under allocation failure: each command is run once to count the
# allocations its own code makes (verif/sw/failalloc.c, LD_PRELOAD; the
# C++ models' `new` is not counted, its caller is libstdc++), then once
# per allocation with that one failing. Every run must end in one of:
#   - exit 0 with every output bit for bit the one of the run without
#     failures (the failure was survived: tl_matmul_f32 falls back to its
#     plain loop, for one);
#   - exit 1..3 with a "trnlite: ... memory" message on stderr (what
#     failed is memory, not the device or the input) and no output file
#     (an output marked "=" may be left if it is complete: bit for bit the
#     one of the run without failures; gemm writes its result before the
#     --trace timeline, whose failure does not take the result back);
#   - SIGABRT after "out of host memory" from the C model's DMA, the one
#     place where a device model has no status to report a host failure
#     with (cmodel/dma_model.c); still no output file.
# A crash, a hang, a silent exit, a wrong result or a half-written file
# fails the test. Prints "RESULT test_cli_failalloc <runs> <failed>".
set -u
py=${PYTHON:-build/venv/bin/python}
bin=${TRNLITE_BIN:-build/bin/trnlite}
lib=${FAILALLOC_LIB:-build/sw/failalloc.so}
for f in "$py" "$bin" "$lib"; do
  if [[ ! -e $f ]]; then
    echo "FAIL need $f"; echo "RESULT test_cli_failalloc 1 1"; exit 1
  fi
done
bin=$(realpath "$bin"); lib=$(realpath "$lib"); py=$(realpath -s "$py")
dir=$(mktemp -d "${TMPDIR:-/tmp}/tl_failalloc.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1

"$py" - <<'EOF' || { echo "FAIL cannot write the inputs"; echo "RESULT test_cli_failalloc 1 1"; exit 1; }
import numpy as np
r = np.random.default_rng(7)
f32 = lambda *s: r.standard_normal(s).astype(np.float32)
np.save('a.npy', f32(5, 20)); np.save('b.npy', f32(20, 7)); np.save('c.npy', f32(5, 7))
np.save('ai.npy', r.integers(-128, 128, (3, 9), dtype=np.int8))
np.save('bi.npy', r.integers(-128, 128, (9, 4), dtype=np.int8))
np.save('w1.npy', f32(6, 10)); np.save('b1.npy', f32(6)); np.save('w2.npy', f32(3, 6)); np.save('b2.npy', f32(3))
np.save('x.npy', f32(4, 10))
import os, shutil; os.mkdir('wdir')
for n in ('w1', 'b1', 'w2', 'b2'):
    shutil.copy('%s.npy' % n, 'wdir')
np.save('tx.npy', f32(12, 5)); np.save('ty.npy', (np.arange(12) % 3).astype(np.int32))
with open('train.csv', 'w') as fp:
    for i in range(24):
        v = r.standard_normal(5)
        fp.write(','.join('%.4f' % t for t in v) + ',%d\n' % (i % 3))
with open('convert.txt', 'w') as fp:
    fp.write('\n'.join('0x%08x' % int(t) for t in r.integers(0, 2**32, 40, dtype=np.uint64)) + '\n')
EOF

runs=0; failed=0
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# run_case NAME STDIN OUTPUTS -- trnlite arguments
#   OUTPUTS: comma-separated files the command writes ("-": stdout is the
#   output, compared only on success; "=FILE": FILE may stay after a
#   failure if it is complete)
run_case() {
  local name=$1 input=$2 outs=$3; shift 4
  local -a files; IFS=, read -ra files <<< "${outs//=/}"
  local kept=,${outs},
  rm -rf ref save; mkdir ref
  if ! TL_FAIL_ALLOC_COUNT=count LD_PRELOAD=$lib "$bin" "$@" < "$input" > ref/stdout 2> ref/stderr; then
    fail "$name: fails without an injected failure: $(head -c 300 ref/stderr)"; return
  fi
  local f n total; total=$(cat count)
  for f in "${files[@]}"; do [[ $f == - ]] || mv "$f" ref/; done
  if [[ $total -lt 1 ]]; then fail "$name: no allocation counted (the library did not see the tool's calls)"; return; fi
  local errs=0 survived=0 stopped=0
  for ((n = 1; n <= total; n++)); do
    runs=$((runs + 1))
    for f in "${files[@]}"; do [[ $f == - ]] || rm -f "$f"; done
    rm -rf save
    # (in a subshell whose stderr takes bash's own "Aborted" report)
    (timeout 60 env TL_FAIL_ALLOC=$n TL_FAIL_ALLOC_WHERE=1 LD_PRELOAD="$lib" "$bin" "$@" < "$input" > stdout 2> stderr
     exit $?) 2> /dev/null
    local rc=$? where
    where=$(sed -n 's/^failalloc: allocation [0-9]* fails, called from offset //p' stderr)
    local at="$name: allocation $n of $total${where:+ ($(addr2line -f -s -e "$bin" "$where" 2>/dev/null | paste -sd' '))}"
    if [[ -z $where ]]; then fail "$at: the allocation was not reached (the count changed)"; errs=$((errs + 1)); continue; fi
    if [[ $rc -eq 0 ]]; then
      survived=$((survived + 1))
      for f in "${files[@]}"; do
        if [[ $f == - ]]; then cmp -s stdout ref/stdout || { fail "$at: exit 0 but stdout differs"; errs=$((errs + 1)); }
        elif ! cmp -s "$f" "ref/$(basename "$f")"; then fail "$at: exit 0 but $f differs or is missing"; errs=$((errs + 1)); fi
      done
      continue
    fi
    stopped=$((stopped + 1))
    for f in "${files[@]}"; do
      [[ $f != - && -e $f ]] || continue
      if [[ $kept != *",=$f,"* ]]; then fail "$at: exit $rc but $f was written"; errs=$((errs + 1))
      elif ! cmp -s "$f" "ref/$(basename "$f")"; then fail "$at: exit $rc and $f differs"; errs=$((errs + 1)); fi
    done
    if [[ $rc -ge 1 && $rc -le 3 ]]; then
      grep -q '^trnlite: .*memory' stderr || { fail "$at: exit $rc without an out-of-memory message: $(grep -v '^failalloc:' stderr | head -c 200)"; errs=$((errs + 1)); }
    elif [[ $rc -eq 134 ]] && grep -q '^trnlite C model: DMA: out of host memory' stderr; then
      :
    else
      fail "$at: exit $rc: $(grep -v '^failalloc:' stderr | head -c 300)"; errs=$((errs + 1))
    fi
  done
  [[ $errs -eq 0 ]] && echo "ok   $name: $total allocations, each failed once: $stopped stopped with a message, $survived survived with the same output"
}

run_case gemm_bf16_c /dev/null out.npy -- gemm --a a.npy --b b.npy --c c.npy --out out.npy \
  --dtype-a bf16 --dtype-b bf16 --out-dtype fp32
run_case gemm_e4m3_sr /dev/null out.npy -- gemm --a a.npy --b b.npy --out out.npy \
  --dtype-a e4m3 --dtype-b e5m2 --out-dtype e4m3 --round sr --seed 9 --saturate
run_case gemm_int8 /dev/null out.npy -- gemm --a ai.npy --b bi.npy --out out.npy \
  --dtype-a int8 --dtype-b int8 --out-dtype int32
run_case mlp /dev/null y.npy -- mlp --weights w1.npy,b1.npy,w2.npy,b2.npy --input x.npy --out y.npy
run_case mlp_dir /dev/null y.npy -- mlp --weights wdir --input x.npy --out y.npy
run_case train_save /dev/null save/w1.npy,save/b1.npy,save/w2.npy,save/b2.npy -- train --csv train.csv \
  --epochs 1 --batch 8 --hidden 4 --save save
run_case train_npy /dev/null save/w1.npy,save/b1.npy,save/w2.npy,save/b2.npy -- train --x tx.npy --y ty.npy \
  --epochs 1 --batch 8 --hidden 3 --save save
# the other device backends' open and run: the Verilated core (its DRAM
# model, the model's storage), both SystemC models
for be in rtl systemc-rtl systemc-lt; do
  run_case "gemm_$be" /dev/null out.npy -- gemm --backend "$be" --a a.npy --b b.npy --c c.npy --out out.npy \
    --dtype-a bf16 --dtype-b bf16 --out-dtype fp32
done
run_case gemm_rtl_trace /dev/null =out.npy,trace.json -- gemm --backend rtl --a ai.npy --b bi.npy --out out.npy \
  --dtype-a int8 --dtype-b int8 --out-dtype int32 --trace trace.json
run_case gemm_like_rtl /dev/null out.npy -- gemm --like-rtl --a ai.npy --b bi.npy --out out.npy \
  --dtype-a int8 --dtype-b int8 --out-dtype int32
run_case convert convert.txt - -- convert --from fp32 --to e5m2 --round sr --seed 3

echo "RESULT test_cli_failalloc $runs $failed"
[[ $failed -eq 0 ]]
