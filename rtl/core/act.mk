# rtl/core/act.mk: the activation engine core_act (docs/core.md sections 5,
# 6, 11), the rtl/common cells it needs, its FIFOs (core_bram_fifo, block
# RAM, for the inputs and the output). fp32_add is also in TE_FILES:
# a file list for the whole core should take $(sort ...) of both.
ACT_HDRS     := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/core/tl_isa.vh
ACT_FILES    := rtl/common/fp32_mul.v rtl/common/fp32_add.v rtl/common/tl_widen.v \
                rtl/common/tl_narrow.v rtl/common/tl_sr_rand.v \
                rtl/core/core_bram_fifo.v \
                rtl/core/core_act_lane.v rtl/core/core_act.v
ACT_LINT_INC := -Irtl/common -Irtl/core

# core_act at 16 x 16 / 128 bits (the default) and 4 x 4 / 64 bits with one
# PSUM bank; the multiplier alone.
$(eval $(call lint_top,core_act_16x16,core_act,$(ACT_FILES) $(ACT_HDRS),$(ACT_LINT_INC)))
$(eval $(call lint_top,core_act_4x4,core_act,$(ACT_FILES) $(ACT_HDRS),$(ACT_LINT_INC) -GROWS=4 -GCOLS=4 -GDATA_WIDTH=64 -GPSUM_BANKS=1))
$(eval $(call lint_top,fp32_mul,fp32_mul,rtl/common/fp32_mul.v $(ACT_HDRS),$(ACT_LINT_INC)))
# fewer arithmetic lanes than partitions (ACT_LANES): 4 x 4 with one lane,
# 8 x 4 with two
$(eval $(call lint_top,core_act_4x4_l1,core_act,$(ACT_FILES) $(ACT_HDRS),$(ACT_LINT_INC) -GROWS=4 -GCOLS=4 -GDATA_WIDTH=64 -GPSUM_BANKS=1 -GACT_LANES=1))
$(eval $(call lint_top,core_act_8x4_l2,core_act,$(ACT_FILES) $(ACT_HDRS),$(ACT_LINT_INC) -GROWS=8 -GCOLS=4 -GDATA_WIDTH=64 -GACT_LANES=2))
