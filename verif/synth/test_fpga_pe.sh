#!/usr/bin/env bash
# FPGA timing guard in make test: the `pe` configuration of fpga/configs.mk
# (one te_pe) through YoWASP Yosys synth_ecp5 and nextpnr-ecp5 out of
# context on the LFE5U-85F-6 with a fixed seed; fails if its Fmax is below
# PE_FMAX_MIN MHz, if Yosys did not map its multiplier to a MULT18X18D, or
# if that DSP does not use its own input and output registers (pe_sigmul).
# nextpnr with a fixed seed is deterministic: not a wall-clock test.
# About a minute the first time (the first YoWASP call compiles its
# WebAssembly for about a minute more); then make finds it up to date.
#
#   PE_FMAX_MIN   pass threshold in MHz (default 100)
#   PE_FMAX_FREQ  nextpnr --freq target in MHz (default 125, the PE goal)
#   PE_FMAX_SEED  nextpnr --seed (default 1)
# Outputs in build/fpga-guard/pe/ (apart from make fpga's build/fpga/).
# Prints "RESULT test_fpga_pe <run> <failed>" like the C tests.
set -u
min=${PE_FMAX_MIN:-100}
freq=${PE_FMAX_FREQ:-125}
seed=${PE_FMAX_SEED:-1}
dir=build/fpga-guard
run=3; failed=0

# a make of its own, not a sub-make of `make test`'s jobserver
if ! env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s --no-print-directory \
    FPGA_DIR=$dir FPGA_FREQ="$freq" FPGA_SEED="$seed" FPGA_CONFIGS=pe "$dir/pe/pnr.done"; then
  echo "FAIL test_fpga_pe: the pe synthesis did not run"
  echo "RESULT test_fpga_pe $run $run"; exit 1
fi
build/venv/bin/python - "$dir/pe" "$min" "$freq" "$seed" <<'PY' || failed=$?
import json, sys
d, lo, freq, seed = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4]
bad = 0
n = json.load(open(f"{d}/ecp5.stat.json"))["design"]["num_cells_by_type"].get("MULT18X18D", 0)
if n >= 1:
    print(f"ok   te_pe multiplier in {n} MULT18X18D")
else:
    print(f"FAIL te_pe: no MULT18X18D, the multiplier is in LUTs (log {d}/ecp5.log)"); bad += 1
regs = ("REG_INPUTA_CLK", "REG_INPUTB_CLK", "REG_OUTPUT_CLK")
dsps = [c for m in json.load(open(f"{d}/ecp5.json"))["modules"].values()
        for c in m["cells"].values() if c["type"] == "MULT18X18D"]
if dsps and all(c["parameters"].get(k) == "CLK0" for c in dsps for k in regs):
    print(f"ok   te_pe MULT18X18D registers {', '.join(regs)} on CLK0")
else:
    print(f"FAIL te_pe: the MULT18X18D does not use its own registers {regs} "
          f"(pe_sigmul built without TRNLITE_ECP5_DSP?)"); bad += 1
rc = open(f"{d}/pnr.rc").read().strip()
try:
    r = json.load(open(f"{d}/pnr.report.json"))
    fmax = min(v["achieved"] for v in r["fmax"].values())
except (OSError, ValueError, KeyError):
    print(f"FAIL te_pe: nextpnr failed (exit {rc}, log {d}/pnr.log)"); sys.exit(bad + 1)
steps = max(r["critical_paths"], key=lambda p: sum(s["delay"] for s in p["path"]))["path"]
path = f"{steps[0]['from']['cell']} -> {steps[-1]['to']['cell']}"
what = (f"te_pe Fmax {fmax:.2f} MHz (nextpnr-ecp5 --85k --speed 6 --out-of-context "
        f"--freq {freq} --seed {seed}), want >= {lo:g}")
if fmax >= lo:
    print(f"ok   {what}")
else:
    print(f"FAIL {what}; critical path {path}"); bad += 1
sys.exit(bad)
PY
echo "RESULT test_fpga_pe $run $failed"
[[ $failed -eq 0 ]]
