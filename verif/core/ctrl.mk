# verif/core: core_ctrl (rtl/core) against the whole-core C model, with
# C playing the DRAM for fetch and the engines. The geometry must match
# verif/core/cc_shim.h (CC_*).
CC_VL_PARAMS := -GROWS=4 -GCOLS=4 -GSBUF_PART_LOG2=12 -GPSUM_BANKS=4 -GPSUM_BANK_LOG2=6 -GSEMS=16 -GDMA_QUEUES=4
$(eval $(call verilate,core_ctrl,core_ctrl,$(CTRL_FILES) $(CTRL_HDRS),$(CTRL_INC) $(CC_VL_PARAMS) -GDATA_WIDTH=128 -GADDR_WIDTH=32))
$(eval $(call vl_test,test_core_ctrl,core_ctrl,verif/core/test_core_ctrl.c verif/core/core_progs.c $(CORE_HARNESS),verif/core/shim_core_ctrl.cpp))
# The same test on 64-bit data and 64-bit addresses (16 fetch beats per slot).
$(eval $(call verilate,core_ctrl_w64,core_ctrl,$(CTRL_FILES) $(CTRL_HDRS),$(CTRL_INC) $(CC_VL_PARAMS) -GDATA_WIDTH=64 -GADDR_WIDTH=64))
$(eval $(call vl_test,test_core_ctrl_w64a64,core_ctrl_w64,verif/core/test_core_ctrl.c verif/core/core_progs.c $(CORE_HARNESS),verif/core/shim_core_ctrl.cpp))
FUZZ += $(BUILD)/tests/test_core_ctrl
