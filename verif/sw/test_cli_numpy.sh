#!/usr/bin/env bash
# trnlite gemm against numpy (verif/sw/test_cli_numpy.py, the venv's numpy
# and ml_dtypes). Prints "RESULT test_cli_numpy <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
bin=${TRNLITE_BIN:-build/bin/trnlite}
if [[ ! -x $py ]] || [[ ! -x $bin ]]; then
  echo "FAIL need $py and $bin"; echo "RESULT test_cli_numpy 1 1"; exit 1
fi
exec "$py" verif/sw/test_cli_numpy.py
