# verif/board: the ULX3S top end to end without a board (docs/board.md
# section 4). The Verilated top runs with the PLL bypassed (-DSIM) and the
# board's own core (ulx3s_top's defaults: 8 x 4, 64-bit, 8 KiB SBUF
# partitions; it Verilates in about 3 minutes here, and its GEMMs take
# fewer cycles than a 4 x 4's), 8 clocks per UART bit and a 4096-cycle
# inter-byte timeout, behind a pseudo-terminal (board_sim.cpp).
# test_board speaks raw frames to it and runs the unmodified trnlite CLI
# against it (--backend uart --port). Its DRAM is the SDRAM (SDRAM=1)
# behind the SDRAM model (sdram_model.c). Built with --x-assign unique
# --x-initial unique: each simulator starts from other random power-up
# values (board_sim --seed), the reset synchronizer from its FPGA initial
# values.
BOARD_SIM_CPB    := 8
BOARD_SIM_PARAMS := -GCLKS_PER_BIT=$(BOARD_SIM_CPB) -GGAP_CYCLES=4096 -GLED_LOG2=8 -GSDRAM=1

# $(call board_sim,MODEL,SIM,EXTRA_FLAGS,EXTRA_FILES): the Verilated top
# MODEL and its simulator $(BUILD)/tests/SIM (board_sim.cpp).
define board_sim
$$(eval $$(call verilate,$(1),ulx3s_top,$(BOARD_ALL) $(4),$(BOARD_INC) -DSIM $(BOARD_SIM_PARAMS) $(3) -O3 --x-assign unique --x-initial unique --trace-depth 2))
$(BUILD)/vlshim/$(2)/board_sim.o: verif/board/board_sim.cpp $$$$(VL_OBJS_$(1))
	@mkdir -p $$(@D)
	$(CXX) $(CXXFLAGS) -DBOARD_CPB=$(BOARD_SIM_CPB) -Iverif/board -I$$(VL_DIR_$(1)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $$< -o $$@
$(BUILD)/tests/$(2): $(BUILD)/vlshim/$(2)/board_sim.o $(BUILD)/verif/board/sdram_model.o $$$$(VL_OBJS_$(1))
	@mkdir -p $$(@D)
	$(CXX) $$^ $(VL_LINK) -o $$@
endef
$(eval $(call board_sim,ulx3s_sim,board_sim,))
BOARD_SIM := $(BUILD)/tests/board_sim

$(eval $(call c_test,test_board,verif/board/test_board.c))
$(BUILD)/tests/test_board: | $(BOARD_SIM) $(TRNLITE_BIN)

# The same end-to-end tests on the top with a 4 x 4 core (BOARD_ARRAY=4x4,
# the smaller of the two arrays the board flow offers, the one that has
# routed: docs/board.md section 1): test_board again, against board_sim_4x4
# (BOARD_SIM in its environment). This build also has the core's SBUF/PSUM
# port checkers and stall sources (rtl/core/memcheck.mk), and
# test_board_4x4.sh turns the stalls on (BOARD_MEM_STALL: board_sim
# --mem-stall).
$(eval $(call board_sim,ulx3s_sim_4x4,board_sim_4x4,-GROWS=4 -GCOLS=4 $(MEMCHECK_DEFS),$(MEMCHECK_FILES)))
TESTS += verif/board/test_board_4x4.sh
verif/board/test_board_4x4.sh: $(BUILD)/tests/board_sim_4x4 $(BUILD)/tests/test_board

# The board's DRAM path alone: axi_arb2 + axi_bram under two random masters.
$(eval $(call verilate,arb_bram,arb_bram_tb,verif/board/arb_bram_tb.v rtl/board/axi_arb2.v rtl/board/axi_bram.v rtl/board/board_sdpram.v,))
$(eval $(call vl_test,test_arb_bram,arb_bram,verif/board/test_arb_bram.c verif/board/axi_txn.c,verif/board/shim_arb_bram.cpp))

# The board's SDRAM controller against the SDRAM model written here
# (sdram_model.c): at the board's clock (50 MHz, CAS latency 2, 32 MiB),
# the board at BOARD_MHZ=40 (40 MHz, CAS latency 2, a register on DQ in),
# and a fast part (125 MHz, CAS latency 3, 64 MiB, a register on DQ in).
$(eval $(call verilate,sdram,sdram_ctrl,rtl/board/sdram_ctrl.v,))
$(eval $(call vl_test,test_sdram_ctrl,sdram,verif/board/test_sdram_ctrl.c verif/board/sdram_model.c verif/board/axi_txn.c,verif/board/shim_sdram_ctrl.cpp))
$(eval $(call verilate,sdram_40,sdram_ctrl,rtl/board/sdram_ctrl.v,-GCLK_MHZ=40 -GRD_EXTRA=1))
$(eval $(call vl_test,test_sdram_ctrl_40,sdram_40,verif/board/test_sdram_ctrl.c verif/board/sdram_model.c verif/board/axi_txn.c,verif/board/shim_sdram_ctrl_40.cpp))
$(eval $(call verilate,sdram_30,sdram_ctrl,rtl/board/sdram_ctrl.v,-GCLK_MHZ=30 -GRD_EXTRA=1))
$(eval $(call vl_test,test_sdram_ctrl_30,sdram_30,verif/board/test_sdram_ctrl.c verif/board/sdram_model.c verif/board/axi_txn.c,verif/board/shim_sdram_ctrl_30.cpp))
$(eval $(call verilate,sdram_fast,sdram_ctrl,rtl/board/sdram_ctrl.v,-GCLK_MHZ=125 -GCAS_LATENCY=3 -GRD_EXTRA=1 -GCOL_BITS=10))
$(eval $(call vl_test,test_sdram_ctrl_fast,sdram_fast,verif/board/test_sdram_ctrl.c verif/board/sdram_model.c verif/board/axi_txn.c,verif/board/shim_sdram_ctrl_fast.cpp))

# ulx3s_top's CLK_MHZ as Yosys sees it: 50 and 40 elaborate with their own
# PLL instance, other values are refused (seconds, Debian's yosys)
TESTS += verif/board/test_board_params.sh
