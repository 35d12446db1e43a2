# rtl/board: the ULX3S board top (docs/board.md): UART, the UART bridge,
# block-RAM DRAM, the AXI arbiter, reset, LEDs. BOARD_FILES is the board's
# own RTL; the core's files come from rtl/core/files.mk (CORE_FILES).
BOARD_FILES := rtl/board/ulx3s_top.v rtl/board/board_rst_sync.v rtl/board/uart_rx.v rtl/board/uart_tx.v \
               rtl/board/crc16_ccitt.v rtl/board/bridge_rx.v rtl/board/bridge_tx.v rtl/board/uart_bridge.v \
               rtl/board/board_sdpram.v rtl/board/axi_bram.v rtl/board/axi_arb2.v rtl/board/axil_err.v \
               rtl/board/led_stretch.v rtl/board/sdram_ctrl.v
BOARD_INC   := $(CORE_INC)
BOARD_HDRS  := $(CORE_HDRS)
BOARD_ALL   := $(BOARD_FILES) $(CORE_FILES)

# The top in simulation form (-DSIM: no PLL) with the board's core, with a
# small core, and without the core; the bridge alone.
$(eval $(call lint_top,ulx3s_top,ulx3s_top,$(BOARD_ALL) $(BOARD_HDRS),$(BOARD_INC) -DSIM))
$(eval $(call lint_top,ulx3s_top_4x4,ulx3s_top,$(BOARD_ALL) $(BOARD_HDRS),$(BOARD_INC) -DSIM -GROWS=4 -GCOLS=4 -GSBUF_PART_LOG2=12 -GPSUM_BANKS=2 -GPSUM_BANK_LOG2=6 -GCLKS_PER_BIT=8 -GGAP_CYCLES=4096))
$(eval $(call lint_top,ulx3s_top_nocore,ulx3s_top,$(BOARD_FILES),-DSIM -GCORE=0))
$(eval $(call lint_top,ulx3s_top_sdram,ulx3s_top,$(BOARD_ALL) $(BOARD_HDRS),$(BOARD_INC) -DSIM -GSDRAM=1))
$(eval $(call lint_top,ulx3s_top_nocore_sdram,ulx3s_top,$(BOARD_FILES),-DSIM -GCORE=0 -GSDRAM=1))
$(eval $(call lint_top,uart_bridge,uart_bridge,rtl/board/uart_bridge.v rtl/board/bridge_rx.v rtl/board/bridge_tx.v rtl/board/crc16_ccitt.v rtl/board/board_sdpram.v,))
# The SDRAM controller (docs/board.md section 6), at the board's settings and a fast part's.
$(eval $(call lint_top,sdram_ctrl,sdram_ctrl,rtl/board/sdram_ctrl.v,))
$(eval $(call lint_top,sdram_ctrl_fast,sdram_ctrl,rtl/board/sdram_ctrl.v,-GCLK_MHZ=125 -GCAS_LATENCY=3 -GRD_EXTRA=1 -GCOL_BITS=10))
