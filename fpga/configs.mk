# fpga: the table of FPGA configurations that `make synth`, `make fpga`
# and trnlite.core (make gen) are built from. One row per configuration:
#
#   $(call fpga_config,NAME,TOP,FILES,HEADERS,INCLUDES,PARAMETERS,MACS)
#
#   NAME        configuration name: outputs go to build/fpga/NAME/
#   TOP         top module
#   FILES       Verilog sources: a block's make variable from rtl/*/files.mk
#               (TE_FILES, DMA_FILES, ...), so new RTL files come in by
#               themselves; Yosys keeps only what TOP instantiates
#   HEADERS     `include files (the block's *_HDRS)
#   INCLUDES    -I flags (the block's include variable)
#   PARAMETERS  top-level parameters, NAME=VALUE separated by spaces
#               (Yosys chparam, FuseSoC vlogparam); empty for the defaults
#   MACS        multiply-accumulate units (ROWS * COLS), for LUT4-eq per
#               MAC; empty for blocks without MACs
#
# To add one (the core, once rtl/core/files.mk defines CORE_FILES etc.):
# add a row below, then `make gen` (regenerates trnlite.core) and
# `make synth FPGA_CONFIGS=core`.

# name       top         files         headers       includes         parameters                 MACs
$(eval $(call fpga_config,pe,        te_pe,     $(TE_FILES), $(TE_HDRS), $(TE_LINT_INC),,                          1))
$(eval $(call fpga_config,te_4x4,    te_top,    $(TE_FILES), $(TE_HDRS), $(TE_LINT_INC), ROWS=4 COLS=4 DEPTH=512,  16))
$(eval $(call fpga_config,te_8x8,    te_top,    $(TE_FILES), $(TE_HDRS), $(TE_LINT_INC), ROWS=8 COLS=8 DEPTH=512,  64))
$(eval $(call fpga_config,te_8x4,    te_top,    $(TE_FILES), $(TE_HDRS), $(TE_LINT_INC), ROWS=8 COLS=4 DEPTH=512,  32))
$(eval $(call fpga_config,dma_board, dma_engine,$(DMA_FILES),$(DMA_HDRS),$(DMA_INC),     DATA_WIDTH=64 CVT_LANES=1,))
$(eval $(call fpga_config,dma_128,   dma_engine,$(DMA_FILES),$(DMA_HDRS),$(DMA_INC),,))
# the activation engine alone with the core_board parameters (8 SBUF and 4
# PSUM partitions, 64-bit words, one lane), to measure it out of context
$(eval $(call fpga_config,act_board, core_act,  $(ACT_FILES),$(ACT_HDRS),$(ACT_LINT_INC),ROWS=8 COLS=4 DATA_WIDTH=64 SBUF_PART_LOG2=14 PSUM_BANKS=4 PSUM_BANK_LOG2=9 ACT_LANES=1,))
# the whole core (rtl/core/files.mk) in the board configuration of
# docs/fpga.md section 3: one activation lane serves the 8 partitions in
# turn (one lane per partition: 98.5k LUT4-eq, over the LFE5U-85F; two
# lanes: 73.2k, packed by nextpnr into 99.7% of its logic cells).
$(eval $(call fpga_config,core_board,trnlite_core,$(CORE_FILES),$(CORE_HDRS),$(CORE_INC),ROWS=8 COLS=4 DATA_WIDTH=64 CVT_LANES=1 SBUF_PART_LOG2=14 PSUM_BANKS=4 PSUM_BANK_LOG2=9 ACT_LANES=1,32))

# nextpnr options of a configuration, used unless FPGA_PNR_ARGS is given
# (docs/fpga.md section 2): the DMA with the electrostatic placer (the
# DMA's numbers since the fifteenth session; a quarter of HeAP's time at
# the same speed); te_8x8 with HeAP's timing weight raised (the default
# settings give 98.76 / 93.98 MHz at seeds 1 / 2, these 100.38 / 105.97).
FPGA_PNR_dma_board := --placer static
FPGA_PNR_dma_128   := --placer static
FPGA_PNR_te_8x8    := --placer-heap-timingweight 30 --placer-heap-critexp 3
# te_8x8's nextpnr takes 50 to 80 minutes on 2 cores
FPGA_TIMEOUT_te_8x8 := 10800

# ABC9's delay target for a configuration's LUT mapping in picoseconds
# (fpga/yosys.sh; unset: the least depth ABC9 can reach). Unset, the
# board DMA of the twenty-fifth session mapped at 12,273 LUT4-eq, over its
# 12k budget (issue 7), for about 4 MHz more; 4,200 ps maps the tree now
# at 11,853, 4,000 ps at 12,039 (docs/fpga.md section 2).
FPGA_ABC9_D_dma_board := 4200
