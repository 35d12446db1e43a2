# rtl/tensor: the tensor engine, its PSUM buffer, and the PE cells it owns
# in rtl/common (operand decode, product, fp32 adder).
TE_FILES := rtl/common/pe_unpack.v rtl/common/pe_mul.v rtl/common/pe_sigmul.v rtl/common/fp32_add.v \
            rtl/tensor/te_pe.v rtl/tensor/te_delay.v rtl/tensor/tensor_engine.v rtl/tensor/psum_buffer.v \
            rtl/tensor/te_top.v
TE_LINT_INC := -Irtl/common -Irtl/tensor
TE_HDRS  := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/common/pe_operand.vh rtl/tensor/te_pipe.vh

# te_top (engine + PSUM) at the small sizes and the FPGA sizes, and each
# cell alone. The 16 x 16 array is linted once, inside trnlite_core_16x16:
# each 16 x 16 lint takes 10-20 s, and four of them made make lint ~50 s.
$(eval $(call lint_top,te_top_4x4,te_top,$(TE_FILES) $(TE_HDRS),$(TE_LINT_INC) -GROWS=4 -GCOLS=4))
$(eval $(call lint_top,te_top_8x4,te_top,$(TE_FILES) $(TE_HDRS),$(TE_LINT_INC) -GROWS=8 -GCOLS=4))
$(eval $(call lint_top,te_top_8x8,te_top,$(TE_FILES) $(TE_HDRS),$(TE_LINT_INC) -GROWS=8 -GCOLS=8 -GDEPTH=512))
$(eval $(call lint_top,tensor_engine_4x8,tensor_engine,$(TE_FILES) $(TE_HDRS),$(TE_LINT_INC) -GROWS=4 -GCOLS=8))
$(eval $(call lint_top,psum_buffer,psum_buffer,rtl/tensor/psum_buffer.v rtl/common/fp32_add.v $(TE_HDRS),$(TE_LINT_INC)))
$(eval $(call lint_top,te_delay,te_delay,rtl/tensor/te_delay.v,))
$(eval $(call lint_top,te_delay_0,te_delay,rtl/tensor/te_delay.v,-GDELAY=0))
$(eval $(call lint_top,te_delay_3,te_delay,rtl/tensor/te_delay.v,-GDELAY=3))
$(eval $(call lint_top,te_delay_16,te_delay,rtl/tensor/te_delay.v,-GWIDTH=35 -GDELAY=16))
$(eval $(call lint_top,te_delay_19,te_delay,rtl/tensor/te_delay.v,-GWIDTH=140 -GDELAY=19))
$(eval $(call lint_top,te_pe,te_pe,rtl/tensor/te_pe.v rtl/common/pe_mul.v rtl/common/pe_sigmul.v rtl/common/fp32_add.v $(TE_HDRS),$(TE_LINT_INC)))
$(eval $(call lint_top,pe_mul,pe_mul,rtl/common/pe_mul.v rtl/common/pe_sigmul.v $(TE_HDRS),$(TE_LINT_INC)))
$(eval $(call lint_top,pe_sigmul,pe_sigmul,rtl/common/pe_sigmul.v,))
$(eval $(call lint_top,pe_sigmul_ecp5,pe_sigmul,rtl/common/pe_sigmul.v verif/synth/MULT18X18D.v,-DTRNLITE_ECP5_DSP))
$(eval $(call lint_top,pe_unpack,pe_unpack,rtl/common/pe_unpack.v $(TE_HDRS),$(TE_LINT_INC)))
$(eval $(call lint_top,fp32_add,fp32_add,rtl/common/fp32_add.v $(TE_HDRS),$(TE_LINT_INC)))
