# verif/core/act.mk: the activation engine (core_act) and its fp32
# multiplier, bit-exact against cmodel (tl_f32_mul; the whole-core model's
# ACTIVATE and ELEMWISE).
ACT_INC := -Irtl/common -Irtl/core

$(eval $(call verilate,fp32_mul,fp32_mul,rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/common/fp32_mul.v,$(ACT_INC)))
$(eval $(call vl_test,test_fp32_mul,fp32_mul,verif/core/test_fp32_mul.c,verif/core/shim_fp32_mul.cpp))
$(BUILD)/verif/core/test_fp32_mul.o: verif/core/act_shim.h
