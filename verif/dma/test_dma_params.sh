#!/usr/bin/env bash
# dma_engine parameter checks that synthesis sees: Yosys must elaborate the
# legal configurations and stop on each illegal one, naming the broken rule
# (a generate branch instantiates a module that does not exist). Elaboration
# only (hierarchy -check), so it runs in seconds.
# Prints "RESULT test_dma_params <run> <failed>" like the C tests.
set -u
out=build/synth/dma_params
mkdir -p "$out"
# the DMA's sources as rtl/dma/files.mk lists them (DMA_FILES, with its
# continuation lines), so that a new file cannot be missed here
files=$(sed -n '/^DMA_FILES *:=/,/[^\\]$/p' rtl/dma/files.mk | sed 's/^DMA_FILES *:=//; s/\\$//' | tr -s ' \n' ' ')
[[ $files == *dma_engine.v* ]] || { echo "FAIL: no DMA_FILES in rtl/dma/files.mk"; echo "RESULT test_dma_params 1 1"; exit 1; }
run=0; failed=0

# elab NAME WANT(ok|MODULE-NAME-FRAGMENT) PARAMS...
elab() {
  local name=$1 want=$2 log="$out/$1.log"; shift 2
  local set=""
  for p in "$@"; do set="$set -set ${p%%=*} ${p#*=}"; done
  run=$((run + 1))
  yosys -q -l "$log" -p "read_verilog -DSYNTHESIS -Irtl/common -Irtl/dma $files;
    chparam $set dma_engine; hierarchy -check -top dma_engine" >/dev/null 2>&1
  local rc=$?
  if [[ $want == ok ]]; then
    if [[ $rc -eq 0 ]]; then echo "ok   $name: elaborates"
    else echo "FAIL $name: yosys failed on a legal configuration (log $log)"; failed=$((failed + 1)); fi
  elif [[ $rc -ne 0 ]] && grep -q "dma_engine_bad_parameter_$want" "$log"; then
    echo "ok   $name: refused (dma_engine_bad_parameter_$want)"
  else
    echo "FAIL $name: want a refusal naming dma_engine_bad_parameter_$want (exit $rc, log $log)"
    failed=$((failed + 1))
  fi
}

elab default        ok
elab board          ok DATA_WIDTH=64 CVT_LANES=1
elab w256_q16       ok DATA_WIDTH=256 ADDR_WIDTH=64 QUEUES=16 CVT_LANES=2
elab queues_1       QUEUES_must_be_2_to_16 QUEUES=1
elab queues_17      QUEUES_must_be_2_to_16 QUEUES=17
elab data_width_96  DATA_WIDTH_must_be_64_128_or_256 DATA_WIDTH=96
elab addr_width_16  ADDR_WIDTH_must_be_32_to_64 ADDR_WIDTH=16
elab depth_0        QUEUE_DEPTH_LOG2_and_OUTSTANDING_LOG2 QUEUE_DEPTH_LOG2=0
elab rd_out_9       QUEUE_DEPTH_LOG2_and_OUTSTANDING_LOG2 RD_OUTSTANDING_LOG2=9
elab lanes_3        CVT_LANES_must_be_a_power_of_2 CVT_LANES=3
elab lanes_4_w64    CVT_LANES_must_be_a_power_of_2 DATA_WIDTH=64 CVT_LANES=4
elab lanes_0        CVT_LANES_must_be_a_power_of_2 CVT_LANES=0
elab sbuf_too_big   SBUF_and_PSUM_must_fit SBUF_PARTS=32 SBUF_PART_LOG2=28

echo "RESULT test_dma_params $run $failed"
[[ $failed -eq 0 ]]
