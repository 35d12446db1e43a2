#!/usr/bin/env bash
# Reset without initial values in a four-state simulator (issue 10, X
# propagation): verif/stress/xreset_core_tb.v on Icarus, where every
# flip-flop and memory of trnlite_core starts as X. Runs the core's test
# configuration (4 x 8) and the board's (8 x 4, 64-bit bus, 1 activation
# lane); each must print "XRESET 0". Then a mutant, the IRQ_STATUS
# register left without its reset value, which must be caught (a CSR
# read returns X): the check can fail.
#
# Usage: verif/stress/test_xreset.sh CORE_FILES... (make passes them)
# Prints "RESULT test_xreset <run> <failed>".
set -u
out=build/xreset
mkdir -p "$out/mut"
inc="-Irtl/common -Irtl/tensor -Irtl/dma -Irtl/core"
tb=verif/stress/xreset_core_tb.v
run=0; failed=0
P() { local s=""; for kv in "$@"; do s+=" -Pxreset_core_tb.$kv"; done; echo "$s"; }

# one configuration: NAME "PARAMS" FILES... ; returns the X error count
# (or 999 when it does not build or run)
xrun() {
  local name=$1 params=$2; shift 2
  if ! iverilog -g2005 $inc $params -o "$out/$name.vvp" -s xreset_core_tb "$tb" "$@" > "$out/$name.log" 2>&1; then
    echo 999; return
  fi
  vvp -n "$out/$name.vvp" >> "$out/$name.log" 2>&1
  local n; n=$(sed -n 's/^XRESET \([0-9]*\).*/\1/p' "$out/$name.log")
  echo "${n:-999}"
}

for cfg in "core_4x8:$(P ROWS=4 COLS=8 SBUF_PART_LOG2=12 PSUM_BANKS=2 PSUM_BANK_LOG2=6 DATA_WIDTH=64 DMA_QUEUES=3 ACT_LANES=2)" \
           "board_8x4:$(P ROWS=8 COLS=4 SBUF_PART_LOG2=13 PSUM_BANKS=4 PSUM_BANK_LOG2=9 DATA_WIDTH=64 DMA_QUEUES=4 ACT_LANES=1)"; do
  name=${cfg%%:*}; params=${cfg#*:}
  run=$((run + 1))
  n=$(xrun "$name" "$params" "$@")
  if [[ $n == 0 ]]; then
    echo "ok   $name: no X on any handshake, side-band or valid payload, through reset, 1024 CSR reads and RUN"
  else
    echo "FAIL $name: $n errors (build/xreset/$name.log)"; sed -n '1,12p' "$out/$name.log"
    failed=$((failed + 1))
  fi
done

# the mutant: IRQ_STATUS keeps its X through reset
run=$((run + 1))
csr=rtl/core/core_csr.v
sed "s/irq_status_reg    <= 3'd0;/irq_status_reg    <= irq_status_reg;/" "$csr" > "$out/mut/core_csr.v"
if cmp -s "$csr" "$out/mut/core_csr.v"; then
  echo "FAIL mutant: the sed expression no longer changes $csr"; failed=$((failed + 1))
else
  files=(); for f in "$@"; do [[ $f == "$csr" ]] && files+=("$out/mut/core_csr.v") || files+=("$f"); done
  n=$(xrun mutant "$(P ROWS=4 COLS=8 SBUF_PART_LOG2=12 PSUM_BANKS=2 PSUM_BANK_LOG2=6 DATA_WIDTH=64 DMA_QUEUES=3 ACT_LANES=2)" "${files[@]}")
  if [[ $n != 0 && $n != 999 ]]; then
    echo "ok   mutant (IRQ_STATUS not reset) caught: $n errors"
  else
    echo "FAIL mutant (IRQ_STATUS not reset) not caught ($n)"; failed=$((failed + 1))
  fi
fi
echo "RESULT test_xreset $run $failed"
