#!/usr/bin/env bash
# verif/run_tests.sh itself: scripted test executables that pass, fail, print
# no RESULT line, run zero tests, and hang with a child process that holds
# the pipe open. The runner must count each as documented, kill the hung
# one (child included) after TEST_TIMEOUT, and still print its summary.
# Prints "RESULT test_run_tests <run> <failed>" like the C tests.
set -u
dir=build/runner
rm -rf "$dir"; mkdir -p "$dir"
run=0; failed=0
check() { # check NAME CONDITION-COMMAND...
  local name=$1; shift
  run=$((run + 1))
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failed=$((failed + 1)); fi
}
mkscript() { # mkscript NAME BODY
  printf '#!/usr/bin/env bash\n%s\n' "$2" > "$dir/$1"; chmod +x "$dir/$1"
}
mkscript pass   'echo "RESULT pass 3 0"'
mkscript fail   'echo "RESULT fail 3 1"; exit 1'
mkscript silent 'exit 0'
mkscript zero   'echo "RESULT zero 0 0"'
# The hang: a grandchild that keeps stdout open and records its pid.
mkscript hang   "sleep 120 & echo \$! > $dir/hang.pid; wait"

# An outer limit, so that a runner without its own cannot hang this test.
out() { TEST_TIMEOUT=${2:-900} timeout 60 verif/run_tests.sh "$dir/$1" > "$dir/$1.log" 2>&1; echo $?; }
# Alive: exists and is not a zombie (nothing may reap an orphan here).
alive() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null); [[ -n $st && $st != Z* ]]; }
last() { tail -1 "$dir/$1.log"; }

check "a passing suite counts its tests" \
  test "$(out pass)" = 0 -a "$(last pass)" = "3 passed, 0 failed"
check "a failing suite counts its failures" \
  test "$(out fail)" = 1 -a "$(last fail)" = "2 passed, 1 failed"
check "no RESULT line is a failure" \
  test "$(out silent)" = 1 -a "$(last silent)" = "0 passed, 1 failed"
check "a suite that ran 0 tests is a failure" \
  test "$(out zero)" = 1 -a "$(last zero)" = "0 passed, 1 failed"

t0=$(date +%s)
rc=$(out hang 2)
t1=$(date +%s)
check "a hung test is killed after TEST_TIMEOUT and fails" \
  test "$rc" = 1 -a "$(last hang)" = "0 passed, 1 failed" -a $((t1 - t0)) -lt 30
check "the hung test's child process is killed too" \
  eval '! alive "$(cat $dir/hang.pid)"'
check "the timeout is reported by name" grep -q "did not finish within 2 s" "$dir/hang.log"
check "a bad TEST_TIMEOUT is refused" test "$(out pass 0x10)" = 2

echo "RESULT test_run_tests $run $failed"
[[ $failed -eq 0 ]]
