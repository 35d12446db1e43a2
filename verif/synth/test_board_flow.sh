#!/usr/bin/env bash
# fpga/ulx3s/flow.sh (place.sh, report.py) with a stand-in for nextpnr
# (FPGA_NEXTPNR), so that every outcome is known and nothing is placed:
# both nextpnr runs get the board's device and pins (device.sh); a
# placement that fails before its log has an ERROR (an unknown option) is
# reported with nextpnr's own message and names place.out; one whose log
# has an ERROR is reported with that line; a route that fails is reported
# with the route's ERROR and names pnr.out. Each failure exits non-zero
# and writes no bitstream. Prints "RESULT test_board_flow <run> <failed>".
set -u
py=${PYTHON:-build/venv/bin/python}
top=build/synth/board_flow
rm -rf "$top"
mkdir -p "$top"
fake=$PWD/$top/nextpnr
# The stand-in: records its arguments; FAKE_PLACE / FAKE_ROUTE say what the
# placing run (--no-route) and the routing run (--no-place) do: "ok",
# "option" (a message on stderr, exit 125, no log) or "error" (an ERROR
# line in the log, exit 1).
cat > "$fake" <<'SH'
#!/usr/bin/env bash
echo "$*" >> "$FAKE_ARGS"
log="" write="" mode=$FAKE_ROUTE
while [[ $# -gt 0 ]]; do
  case $1 in
    --log) log=$2; shift ;;
    --write) write=$2; shift ;;
    --no-route) mode=$FAKE_PLACE ;;
    --version) echo "fake nextpnr"; exit 0 ;;
  esac
  shift
done
case $mode in
  option) echo "unrecognised option '--bogus'" >&2; exit 125 ;;
  error) echo "ERROR: fake failure of this run" > "$log"; exit 1 ;;
esac
echo "Info: fake run" > "$log"
[[ -n $write ]] && echo '{"settings": {"router": "router1", "target_freq": "12000000.000000"}}' > "$write"
exit 0
SH
chmod +x "$fake"

run=0; failed=0
check() {  # NAME CONDITION-EXIT-STATUS
  run=$((run + 1))
  if [[ $2 -eq 0 ]]; then echo "ok   $1"; else echo "FAIL $1"; failed=$((failed + 1)); fi
}

# flow NAME PLACE ROUTE: runs flow.sh in $top/NAME; sets rc, line, err
flow() {
  local d=$top/$1
  mkdir -p "$d/b"
  echo '{}' > "$d/b/ecp5.json"
  rc=0
  FAKE_ARGS=$d/args FAKE_PLACE=$2 FAKE_ROUTE=$3 FPGA_NEXTPNR=$fake PYTHON=$py \
    fpga/ulx3s/flow.sh "$d/b" fake 1 60 30 > "$d/stdout" 2> "$d/stderr" || rc=$?
  line=$(grep '^| ULX3S' "$d/report.md" 2>/dev/null)
  err=$(cat "$d/stderr")
}

dev="--85k --package CABGA381 --speed 6 --lpf fpga/ulx3s/ulx3s.lpf"

flow option option ok
check "unknown option: flow fails" $(( rc == 0 ))
[[ $line == *"**failed**: nextpnr exit 125: unrecognised option '--bogus'"* ]]; check "unknown option: the report gives nextpnr's message ($line)" $?
[[ $err == *"$top/option/b/place.out"* ]]; check "unknown option: stderr names place.out" $?
[[ ! -e $top/option/b/ulx3s.bit ]]; check "unknown option: no bitstream" $?
[[ $(grep -c -- "$dev" "$top/option/args") -eq 1 ]]; check "unknown option: the placement had the board's device" $?

flow perror error ok
check "placement ERROR: flow fails" $(( rc == 0 ))
[[ $line == *"**failed**: nextpnr exit 1: ERROR: fake failure of this run"* ]]; check "placement ERROR: the report gives the log's ERROR" $?

flow rerror ok error
check "route ERROR: flow fails" $(( rc == 0 ))
[[ $line == *"**failed**: nextpnr exit 1: ERROR: fake failure of this run"* ]]; check "route ERROR: the report gives the route's ERROR" $?
[[ $err == *"$top/rerror/b/pnr.out"* ]]; check "route ERROR: stderr names pnr.out" $?
[[ $(grep -c -- "$dev" "$top/rerror/args") -eq 2 ]]; check "route ERROR: the placement and the route had the board's device" $?
grep -q '"target_freq": "30000000.000000"' "$top/rerror/b/placed_router1.json"; check "route ERROR: the route's copy carries the 30 MHz target" $?

echo "RESULT test_board_flow $run $failed"
[[ $failed -eq 0 ]]
