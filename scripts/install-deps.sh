#!/usr/bin/env bash
# Install what trnlite needs on Debian 12, and only what is missing.
# Idempotent: run it as often as you like; make runs it once per build/ tree.
#   apt: verilator iverilog yosys check pkg-config g++ make zlib1g-dev
#        libsystemc-dev python3-venv
#   venv under build/venv: numpy, ml_dtypes (independent numerics reference);
#        PeakRDL (CSR header and register chapter from spec/trnlite_csr.rdl),
#        pinned so that the generated files do not change under us
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

# python module : PyPI requirement
pypi=(
  "numpy:numpy"
  "ml_dtypes:ml_dtypes"
  "systemrdl:systemrdl-compiler==1.33.0"
  "peakrdl_cheader:peakrdl-cheader==1.1.0"
  "peakrdl_markdown:peakrdl-markdown==1.0.3"
)
[[ -x $venv/bin/python ]] || { echo "install-deps: creating Python venv in build/venv"; python3 -m venv "$venv"; }
want=()
for item in "${pypi[@]}"; do
  "$venv/bin/python" -c "import ${item%%:*}" >/dev/null 2>&1 || want+=("${item#*:}")
done
if ((${#want[@]})); then
  echo "install-deps: pip install ${want[*]}"
  "$venv/bin/pip" install -q --disable-pip-version-check "${want[@]}"
fi
