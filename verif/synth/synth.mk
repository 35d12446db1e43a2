# Yosys block RAM / DSP inference on small tops, as part of make test.
TESTS += verif/synth/test_synth_inference.sh
