# rtl/core: the trnlite core (docs/core.md section 11). Each block of the
# core lists its files in its own fragment rtl/core/<block>.mk, included
# here: CTRL_FILES (core_ctrl), MEM_FILES (core_sbuf, core_psum, core_te
# with the tensor engine), ACT_FILES (core_act); DMA_FILES come from
# rtl/dma/files.mk.
include $(sort $(filter-out rtl/core/files.mk,$(wildcard rtl/core/*.mk)))

CORE_INC   := -Irtl/common -Irtl/tensor -Irtl/dma -Irtl/core
CORE_HDRS  := $(wildcard rtl/common/*.vh rtl/tensor/*.vh rtl/dma/*.vh rtl/core/*.vh)
CORE_FILES := $(sort rtl/core/trnlite_core.v $(filter %.v,$(CTRL_FILES) $(MEM_FILES) $(ACT_FILES) $(DMA_FILES)))

# the whole core at its default size and at the small test configurations
# (the default 16 x 16 takes Verilator about 25 s alone, more than half of
# what `make lint` may take: it is in LINT_FULL, which `make lint-full`
# and `make test` run)
$(eval $(call lint_top,trnlite_core_16x16,trnlite_core,$(CORE_FILES) $(CORE_HDRS),$(CORE_INC)))
LINT_FULL += $(BUILD)/lint/trnlite_core_16x16.ok
CORE_CFG_4x8 := -GROWS=4 -GCOLS=8 -GDATA_WIDTH=64 -GSBUF_PART_LOG2=12 -GPSUM_BANKS=2 -GPSUM_BANK_LOG2=6 -GDMA_QUEUES=3
CORE_CFG_8x8 := -GROWS=8 -GCOLS=8 -GDATA_WIDTH=128 -GSBUF_PART_LOG2=12 -GPSUM_BANKS=4 -GPSUM_BANK_LOG2=6 -GDMA_QUEUES=4
$(eval $(call lint_top,trnlite_core_4x8,trnlite_core,$(CORE_FILES) $(CORE_HDRS),$(CORE_INC) $(CORE_CFG_4x8)))
$(eval $(call lint_top,trnlite_core_8x4_a64,trnlite_core,$(CORE_FILES) $(CORE_HDRS),$(CORE_INC) -GROWS=8 -GCOLS=4 -GDATA_WIDTH=256 -GADDR_WIDTH=64 -GPSUM_BANKS=1))
