# fpga/ulx3s: the ULX3S bitstream (docs/board.md), included by fpga/fpga.mk
# when BOARD=ulx3s.
#
#   make fpga BOARD=ulx3s [BOARD_CORE=full|bridge_only] [BOARD_DRAM=sdram|bram]
#             [BOARD_MHZ=30|40|50] [BOARD_ARRAY=4x4|8x4] [BOARD_ROUTER=router1|router2]
#             [BOARD_PNR_ARGS='nextpnr options'] [FPGA_SEED=1] [FPGA_TIMEOUT=s]
#       Yosys synth_ecp5 of ulx3s_top, nextpnr-ecp5 with fpga/ulx3s/ulx3s.lpf
#       (fails when timing is not met), ecppack: build/fpga/ulx3s_<core>/ulx3s.bit
#       and its line in build/fpga/report.md
#   make fpga-congestion [the same variables] [CONGESTION_ITERS=3]
#       places the board once (kept as placed.json), runs router2 for that
#       many iterations with its heatmaps and says where the congestion is
#       and whose nets make it: <dir>/congestion.txt (fpga/congestion.py)
#   make flash [BOARD_CORE=...]   openFPGALoader -b ulx3s (SRAM; FLASH=1: the
#       SPI flash, so that it survives power-off)
#
# BOARD_CORE=full: the core in the board configuration (the core_board row
# of fpga/configs.mk); bridge_only: the top without the core (CORE=0:
# bridge, UART, DRAM, PLL, LEDs), a quick run of the whole flow.
# BOARD_DRAM=sdram: the board's 32 MiB SDRAM (sdram_ctrl); bram: 256 KiB
# of block RAM (axi_bram), the fallback if the SDRAM does not work on a
# board (docs/board.md section 6).
# BOARD_MHZ: the core clock the PLL makes (ulx3s_top's CLK_MHZ; the UART
# stays at 2 Mbaud, the SDRAM timings follow). A variant at another clock
# gets its own directory (ulx3s_<core>[_bram][_<MHz>mhz][_<array>]; the
# clock unless 50, the array unless 8x4).
# BOARD_PNR_ARGS: further nextpnr options for placement experiments (the
# variant's directory does not change with them; pnr.args records them).
# The default is the electrostatic placer: on the whole core it left
# router2 a tenth of the overused wires HeAP's placement did (docs/fpga.md
# section 3c); BOARD_PNR_ARGS= (empty) gives HeAP.
# BOARD_ABC9: the ABC script of Yosys' LUT mapping (fpga/yosys.sh
# ABC9_SCRIPT); the default maps for area, not depth (two rounds of choice
# computation and area-oriented mapping): the board runs at 30 to 50 MHz and
# its logic cells are the limit (docs/fpga.md section 3c). Empty: abc9's
# own script.
# BOARD_ARRAY: the core's tensor array, ROWS x COLS (ulx3s_top's ROWS and
# COLS; SBUF partitions = ROWS, PSUM partitions = COLS); docs/board.md
# section 1 says which of them routes.
BOARD_CORE ?= full
BOARD_DRAM ?= sdram
# The defaults are the largest build that places, routes and meets timing
# (docs/fpga.md section 3c): the 4 x 4 array at 30 MHz, router1.
# The 8 x 4 array (issue 11's target) places but has not routed.
BOARD_MHZ  ?= 30
BOARD_ROUTER ?= router1
BOARD_PNR_ARGS ?= --placer static
BOARD_ABC9 ?= fpga/abc9_area.abc
ifeq ($(BOARD_CORE),full)
ULX3S_PARAMS := CORE=1
ULX3S_FILES  := $(BOARD_ALL)
# nextpnr's limit (FPGA_TIMEOUT overrides it): the 4 x 4 default took
# 8,851 s of nextpnr beside other jobs (docs/fpga.md section 3c), so an
# hour (the flow's default) is too short
FPGA_TIMEOUT_board := 14400
else ifeq ($(BOARD_CORE),bridge_only)
ULX3S_PARAMS := CORE=0
ULX3S_FILES  := $(BOARD_FILES)
else
$(error BOARD_CORE: 'full' or 'bridge_only', not '$(BOARD_CORE)')
endif
ifeq ($(BOARD_DRAM),sdram)
ULX3S_PARAMS += SDRAM=1
ULX3S_VARIANT := $(BOARD_CORE)
else ifeq ($(BOARD_DRAM),bram)
ULX3S_PARAMS += SDRAM=0
ULX3S_VARIANT := $(BOARD_CORE)_bram
else
$(error BOARD_DRAM: 'sdram' or 'bram', not '$(BOARD_DRAM)')
endif
ifeq ($(filter 50 40 30,$(BOARD_MHZ)),)
$(error BOARD_MHZ: 50, 40 or 30 (the PLL settings ulx3s_top has), not '$(BOARD_MHZ)')
endif
ULX3S_PARAMS += CLK_MHZ=$(BOARD_MHZ)
ifneq ($(BOARD_MHZ),50)
ULX3S_VARIANT := $(ULX3S_VARIANT)_$(BOARD_MHZ)mhz
endif
BOARD_ARRAY ?= 4x4
ifeq ($(filter 8x4 4x4,$(BOARD_ARRAY)),)
$(error BOARD_ARRAY: 8x4 or 4x4 (ROWS x COLS of the core), not '$(BOARD_ARRAY)')
endif
ifeq ($(BOARD_CORE),full)
ULX3S_PARAMS += ROWS=$(word 1,$(subst x, ,$(BOARD_ARRAY))) COLS=$(word 2,$(subst x, ,$(BOARD_ARRAY)))
ifneq ($(BOARD_ARRAY),8x4)
ULX3S_VARIANT := $(ULX3S_VARIANT)_$(BOARD_ARRAY)
endif
endif
ULX3S_DIR := $(FPGA_DIR)/ulx3s_$(ULX3S_VARIANT)
ULX3S_BIT := $(ULX3S_DIR)/ulx3s.bit

# rewritten only when the parameters or the file list change
$(ULX3S_DIR)/config.txt: fpga-always
	@mkdir -p $(@D)
	@printf '%s\n' 'params=$(ULX3S_PARAMS)' 'files=$(ULX3S_FILES)' 'abc9=$(BOARD_ABC9)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(ULX3S_DIR)/ecp5.json: $(ULX3S_DIR)/config.txt $(ULX3S_FILES) $(BOARD_HDRS) fpga/yosys.sh fpga/carry_ends.py $(BOARD_ABC9) | $(DEPS)
	FPGA_DIR=$(FPGA_DIR) ABC9_SCRIPT=$(BOARD_ABC9) fpga/yosys.sh ecp5 ulx3s_$(ULX3S_VARIANT) ulx3s_top "$(BOARD_INC)" "$(ULX3S_PARAMS)" $(ULX3S_FILES)

.PHONY: fpga-board fpga-congestion flash
fpga-board: $(ULX3S_DIR)/ecp5.json fpga/ulx3s/ulx3s.lpf fpga/ulx3s/device.sh fpga/ulx3s/place.sh fpga/ulx3s/flow.sh fpga/ulx3s/report.py | $(DEPS)
	PYTHON=$(PYTHON) PNR_ARGS='$(BOARD_PNR_ARGS)' fpga/ulx3s/flow.sh $(ULX3S_DIR) $(ULX3S_VARIANT) $(FPGA_SEED) $(call fpga_timeout,board) $(BOARD_MHZ) $(BOARD_ROUTER)

# make fpga-congestion [BOARD_ARRAY=...] [CONGESTION_ITERS=3]: where the
# board's routing is congested, from router2's heatmaps on one placement
# (fpga/ulx3s/congestion.sh, fpga/congestion.py; docs/fpga.md section 3c)
CONGESTION_ITERS ?= 3
fpga-congestion: $(ULX3S_DIR)/ecp5.json fpga/ulx3s/ulx3s.lpf fpga/ulx3s/device.sh fpga/ulx3s/place.sh fpga/ulx3s/congestion.sh fpga/congestion.py | $(DEPS)
	PYTHON=$(PYTHON) PNR_ARGS='$(BOARD_PNR_ARGS)' fpga/ulx3s/congestion.sh $(ULX3S_DIR) $(FPGA_SEED) $(CONGESTION_ITERS) $(call fpga_timeout,board) $(BOARD_MHZ)

flash:
	@if ! command -v openFPGALoader > /dev/null; then \
	  echo "make flash: openFPGALoader is not installed (Debian 12: sudo apt-get install openfpgaloader;"; \
	  echo "  scripts/install-deps.sh installs it when the distribution has it). fujprog also works:"; \
	  echo "  fujprog $(ULX3S_BIT)"; exit 1; fi
	@if [ ! -f $(ULX3S_BIT) ]; then \
	  echo "make flash: no bitstream $(ULX3S_BIT): run make fpga BOARD=ulx3s BOARD_CORE=$(BOARD_CORE) BOARD_DRAM=$(BOARD_DRAM) BOARD_MHZ=$(BOARD_MHZ) BOARD_ARRAY=$(BOARD_ARRAY) first"; exit 1; fi
	@openFPGALoader -b ulx3s --detect > /dev/null 2>&1 || { \
	  echo "make flash: no ULX3S found (openFPGALoader -b ulx3s --detect failed): plug the board's US1 port"; \
	  echo "  into this machine, and check that you may use the USB device (udev rule or the plugdev group)"; exit 1; }
	openFPGALoader -b ulx3s $(if $(FLASH),-f) $(ULX3S_BIT)
