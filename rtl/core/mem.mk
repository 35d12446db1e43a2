# rtl/core memories and the tensor-engine executor of the core (docs/core.md
# section 11): core_sbuf, core_psum, core_te (+ its operand streams
# core_te_elems and their block-RAM word buffers core_bram_fifo), and the
# rtl/tensor and rtl/common cells core_te and core_psum use.
MEM_HDRS  := rtl/core/core_mem.vh rtl/core/tl_isa.vh rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh \
             rtl/common/pe_operand.vh rtl/tensor/te_pipe.vh
MEM_FILES := rtl/core/core_sbuf.v rtl/core/core_psum.v rtl/core/core_te.v rtl/core/core_te_elems.v \
             rtl/core/core_bram_fifo.v \
             rtl/common/pe_unpack.v rtl/common/pe_mul.v rtl/common/pe_sigmul.v rtl/common/fp32_add.v \
             rtl/tensor/te_pe.v rtl/tensor/te_delay.v rtl/tensor/tensor_engine.v
MEM_LINT_INC := -Irtl/core -Irtl/common -Irtl/tensor

MEM_SMALL := -GDATA_WIDTH=64 -GPSUM_BANKS=1
$(eval $(call lint_top,core_sbuf_16x16,core_sbuf,rtl/core/core_sbuf.v rtl/core/core_mem.vh,$(MEM_LINT_INC) -GROWS=16 -GDATA_WIDTH=128))
$(eval $(call lint_top,core_sbuf_4x4,core_sbuf,rtl/core/core_sbuf.v rtl/core/core_mem.vh,$(MEM_LINT_INC) -GROWS=4 -GDATA_WIDTH=64))
$(eval $(call lint_top,core_psum_16x16,core_psum,rtl/core/core_psum.v rtl/common/fp32_add.v $(MEM_HDRS),$(MEM_LINT_INC) -GCOLS=16 -GDATA_WIDTH=128))
$(eval $(call lint_top,core_psum_4x4,core_psum,rtl/core/core_psum.v rtl/common/fp32_add.v $(MEM_HDRS),$(MEM_LINT_INC) -GCOLS=4 $(MEM_SMALL)))
$(eval $(call lint_top,core_te_8x16,core_te,$(MEM_FILES) $(MEM_HDRS),$(MEM_LINT_INC) -GROWS=8 -GCOLS=16 -GDATA_WIDTH=128))
$(eval $(call lint_top,core_te_4x4,core_te,$(MEM_FILES) $(MEM_HDRS),$(MEM_LINT_INC) -GROWS=4 -GCOLS=4 $(MEM_SMALL)))
