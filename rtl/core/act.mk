# rtl/core/act.mk: the activation engine (docs/core.md sections 5, 6, 11)
# and the rtl/common cells it needs.
ACT_HDRS  := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/core/tl_isa.vh
ACT_FILES := rtl/common/fp32_mul.v
ACT_LINT_INC := -Irtl/common -Irtl/core

$(eval $(call lint_top,fp32_mul,fp32_mul,rtl/common/fp32_mul.v $(ACT_HDRS),$(ACT_LINT_INC)))
