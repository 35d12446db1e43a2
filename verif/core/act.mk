# verif/core/act.mk: the activation engine (core_act) and its fp32
# multiplier, bit-exact against cmodel (tl_f32_mul; the whole-core model's
# ACTIVATE and ELEMWISE).
ACT_INC := -Irtl/common -Irtl/core

$(eval $(call verilate,fp32_mul,fp32_mul,rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/common/fp32_mul.v,$(ACT_INC)))
$(eval $(call vl_test,test_fp32_mul,fp32_mul,verif/core/test_fp32_mul.c verif/common/fp32_pipe.c,verif/core/shim_fp32_mul.cpp))
$(BUILD)/verif/core/test_fp32_mul.o: verif/core/act_shim.h

# core_act at the two configurations the core is tested in
ACT_RTL := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/core/tl_isa.vh rtl/common/fp32_mul.v \
           rtl/common/fp32_add.v rtl/common/tl_widen.v rtl/common/tl_narrow.v rtl/common/tl_sr_rand.v \
           rtl/core/core_bram_fifo.v rtl/core/core_act_lane.v rtl/core/core_act.v
ACT_VLFLAGS := $(ACT_INC) --trace-depth 2 -O3 --x-assign fast
$(eval $(call verilate,core_act_4x4,core_act,$(ACT_RTL),$(ACT_VLFLAGS) -GROWS=4 -GCOLS=4 -GDATA_WIDTH=64 -GPSUM_BANKS=1))
$(eval $(call verilate,core_act_16x16,core_act,$(ACT_RTL),$(ACT_VLFLAGS) -GROWS=16 -GCOLS=16 -GDATA_WIDTH=128))
# the board configuration's (fpga/configs.mk core_board): 8 x 4 partitions
# served by one lane in eight rounds (test_core_rtl_4x8 has two lanes for 8)
$(eval $(call verilate,core_act_8x4_l1,core_act,$(ACT_RTL),$(ACT_VLFLAGS) -GROWS=8 -GCOLS=4 -GDATA_WIDTH=64 -GSBUF_PART_LOG2=14 -GACT_LANES=1))
ACT_TEST_C := verif/core/test_core_act.c verif/core/core_harness.c
$(eval $(call vl_test,test_core_act_4x4,core_act_4x4,$(ACT_TEST_C),verif/core/shim_core_act_4x4.cpp))
$(eval $(call vl_test,test_core_act_16x16,core_act_16x16,$(ACT_TEST_C),verif/core/shim_core_act_16x16.cpp))
$(eval $(call vl_test,test_core_act_8x4_l1,core_act_8x4_l1,$(ACT_TEST_C),verif/core/shim_core_act_8x4_l1.cpp))
$(BUILD)/vlshim/test_core_act_4x4/shim.o $(BUILD)/vlshim/test_core_act_16x16/shim.o \
  $(BUILD)/vlshim/test_core_act_8x4_l1/shim.o: verif/core/shim_core_act.inc
$(BUILD)/verif/core/test_core_act.o: verif/core/act_shim.h
FUZZ += $(BUILD)/tests/test_core_act_4x4 $(BUILD)/tests/test_core_act_16x16 $(BUILD)/tests/test_core_act_8x4_l1
# make test runs the 4x4 build; the 16x16 one (a long Verilator build) runs
# in make fuzz, and the whole 16x16 core runs in make sim.
TESTS := $(filter-out $(BUILD)/tests/test_core_act_16x16,$(TESTS))
