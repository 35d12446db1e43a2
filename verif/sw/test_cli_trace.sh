#!/usr/bin/env bash
# trnlite gemm --trace: the timeline JSON's structure (verif/sw/test_cli_trace.py,
# the venv's python). Prints "RESULT test_cli_trace <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
if [[ ! -x $py ]] || [[ ! -x build/bin/trnlite ]]; then
  echo "FAIL need $py and build/bin/trnlite"; echo "RESULT test_cli_trace 1 1"; exit 1
fi
exec "$py" verif/sw/test_cli_trace.py
