# Yosys block RAM / DSP inference on small tops, as part of make test.
TESTS += verif/synth/test_synth_inference.sh
# pe_sigmul, fabric form and ECP5 DSP form (a model of MULT18X18D), in Icarus
TESTS += verif/synth/test_pe_sigmul.sh
# FPGA flows in make test: the PE's Fmax after place and route (YoWASP
# nextpnr, fixed seed, fails below PE_FMAX_MIN = 100 MHz) and trnlite.core
# under FuseSoC (lint, sim, synth setup).
TESTS += verif/synth/test_fpga_pe.sh verif/synth/test_fusesoc.sh
# fpga/yosys.sh's ABC9 delay target (FPGA_ABC9_D_<name>) reaching the LUT mapping
TESTS += verif/synth/test_abc9_target.sh
# fpga/carry_ends.py: unread carry outputs unhooked, nextpnr packs no feed-out for them
TESTS += verif/synth/test_carry_ends.sh
# fpga/depth.py (the path ranking between nextpnr runs) on a hand-built netlist
TESTS += verif/synth/test_depth.sh
# fpga/ff_report.py (control sets, flip-flop input sources) on a hand-built netlist
TESTS += verif/synth/test_ff_report.sh
# fpga/congestion.py (router2's heatmaps by wire type, die row, module, bus) on hand-written files
TESTS += verif/synth/test_congestion.sh
# fpga/ulx3s/flow.sh with a stand-in for nextpnr: the board's device on both
# runs, and failed placements and routes reported with nextpnr's message
TESTS += verif/synth/test_board_flow.sh
