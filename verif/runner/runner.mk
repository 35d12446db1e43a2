# The test runner's own test (verif/run_tests.sh: counting, zero-test
# suites, the per-binary timeout).
TESTS += verif/runner/test_run_tests.sh
