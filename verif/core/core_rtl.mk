# verif/core: the RTL core (trnlite_core) against the whole-core C model.
#
# Test builds use small memories (SBUF partitions of 4 KiB, PSUM banks of
# 64 entries: what core_progs.c generates for) at two array sizes and bus
# widths; `make sim` uses the default 16 x 16 core, built for speed.
CORE_RTL_ALL := $(CORE_FILES) $(CORE_HDRS)
$(eval $(call verilate,core_4x8,trnlite_core,$(CORE_RTL_ALL),$(CORE_INC) --trace-depth 3 $(CORE_CFG_4x8)))
$(eval $(call verilate,core_8x8,trnlite_core,$(CORE_RTL_ALL),$(CORE_INC) --trace-depth 3 $(CORE_CFG_8x8)))

CORE_RTL_HARNESS := verif/core/core_rtl.c verif/core/core_harness_rtl.c verif/common/axi_mem.c $(CORE_HARNESS)
$(eval $(call vl_test,test_core_rtl_4x8,core_4x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
$(eval $(call vl_test,test_core_rtl_8x8,core_8x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
FUZZ += $(BUILD)/tests/test_core_rtl_4x8 $(BUILD)/tests/test_core_rtl_8x8
