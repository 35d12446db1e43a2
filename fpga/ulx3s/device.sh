# The board's device and pins for nextpnr-ecp5, sourced by place.sh,
# flow.sh and congestion.sh (fpga/ulx3s/) so that the placement and the
# routes that load it name the same part: the ULX3S's LFE5U-85F, CABGA381,
# speed grade 6, with its pin and clock constraints.
# shellcheck shell=bash
ULX3S_NEXTPNR_DEVICE=(--85k --package CABGA381 --speed 6 --lpf fpga/ulx3s/ulx3s.lpf)
