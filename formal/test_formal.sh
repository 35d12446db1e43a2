#!/usr/bin/env bash
# make test's share of the formal proofs: those in formal/quick.list, each
# on the RTL (PASS) and on its mutant (FAIL). make formal runs them all.
exec formal/run_formal.sh formal_quick $(cat formal/quick.list)
