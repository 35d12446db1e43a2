#!/usr/bin/env bash
# trnlite gemm and train on the SystemC backends (verif/systemc/
# test_cli_systemc.py). Prints "RESULT test_cli_systemc <run> <failed>".
py=${PYTHON:-build/venv/bin/python}
bin=${TRNLITE_BIN:-build/bin/trnlite}
if [[ ! -x $py ]] || [[ ! -x $bin ]]; then
  echo "FAIL need $py and $bin"; echo "RESULT test_cli_systemc 1 1"; exit 1
fi
exec "$py" verif/systemc/test_cli_systemc.py
