# rtl/core: core_ctrl, the control block of the core (docs/core.md sections 3-8, 11).
CTRL_FILES := rtl/core/core_ctrl.v rtl/core/core_csr.v rtl/core/core_fetch.v rtl/core/core_check.v \
              rtl/core/core_sem.v rtl/core/core_cmd.v rtl/core/core_bram_fifo.v rtl/dma/dma_fifo.v
CTRL_INC   := -Irtl/core
CTRL_HDRS  := rtl/core/tl_csr.vh rtl/core/tl_isa.vh

$(eval $(call lint_top,core_ctrl_16x16,core_ctrl,$(CTRL_FILES) $(CTRL_HDRS),$(CTRL_INC)))
$(eval $(call lint_top,core_ctrl_4x4_a64,core_ctrl,$(CTRL_FILES) $(CTRL_HDRS),$(CTRL_INC) -GROWS=4 -GCOLS=4 -GDATA_WIDTH=64 -GADDR_WIDTH=64 -GSBUF_PART_LOG2=12 -GPSUM_BANK_LOG2=6))
