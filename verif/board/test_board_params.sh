#!/usr/bin/env bash
# ulx3s_top's clock choice as synthesis sees it: Yosys elaborates the top
# (without the core, CORE=0, so it runs in seconds) at CLK_MHZ = 50, 40 and
# 30, its PLL with that frequency's dividers (CLKOP_DIV 12, 15, 20), and refuses any other value by naming
# ulx3s_top_bad_parameter_CLK_MHZ (a generate branch instantiates a module
# that does not exist). Prints "RESULT test_board_params <run> <failed>".
set -u
BOARD_FILES=$(echo rtl/board/*.v)     # the board's own RTL (rtl/board/files.mk)
out=build/synth/board_params
mkdir -p "$out"
run=0; failed=0

# elab MHZ WANT(ok|refused) SELECTION (exactly one cell)
elab() {
  local mhz=$1 want=$2 inst=$3 log="$out/mhz$1.log"
  run=$((run + 1))
  yosys -q -l "$log" -p "read_verilog -lib +/ecp5/cells_sim.v +/ecp5/cells_bb.v; read_verilog -DSYNTHESIS $BOARD_FILES;
    chparam -set CORE 0 -set CLK_MHZ $mhz ulx3s_top; hierarchy -check -top ulx3s_top; select -assert-count 1 $inst" \
    >/dev/null 2>&1
  local rc=$?
  if [[ $want == ok && $rc -eq 0 ]]; then
    echo "ok   CLK_MHZ=$mhz: elaborates, one cell in $inst"
  elif [[ $want == refused && $rc -ne 0 ]] && grep -q "ulx3s_top_bad_parameter_CLK_MHZ" "$log"; then
    echo "ok   CLK_MHZ=$mhz: refused (ulx3s_top_bad_parameter_CLK_MHZ)"
  else
    echo "FAIL CLK_MHZ=$mhz: want $want (exit $rc, log $log)"; failed=$((failed + 1))
  fi
}

elab 50 ok 'ulx3s_top/r:CLKOP_DIV=12'
elab 40 ok 'ulx3s_top/r:CLKOP_DIV=15'
elab 30 ok 'ulx3s_top/r:CLKOP_DIV=20 ulx3s_top/r:CLKFB_DIV=6 %i'
elab 33 refused ''
elab 100 refused ''
echo "RESULT test_board_params $run $failed"
[[ $failed -eq 0 ]]
