#!/usr/bin/env bash
# trnlite gemm --trace: the timeline JSON's structure (verif/sw/test_cli_trace.py,
# the venv's python). Prints "RESULT test_cli_trace <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
bin=${TRNLITE_BIN:-build/bin/trnlite}
if [[ ! -x $py ]] || [[ ! -x $bin ]]; then
  echo "FAIL need $py and $bin"; echo "RESULT test_cli_trace 1 1"; exit 1
fi
exec "$py" verif/sw/test_cli_trace.py
