# verif/stress (issue 10): the plain differential tests again under harder
# conditions. *_impolite: the same test drivers linked with
# verif/common/axi_impolite.c, so the DRAM model jitters latency, takes W
# beats ahead of AW and interleaves / reorders across IDs (axi_mem.h).

$(eval $(call vl_test,test_dma_impolite,dma128,$(DMA_TEST_C) verif/common/axi_impolite.c,verif/dma/shim_dma.cpp))
$(eval $(call vl_test,test_core_impolite,core_4x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS) verif/common/axi_impolite.c,verif/core/shim_core.cpp))
FUZZ += $(BUILD)/tests/test_dma_impolite $(BUILD)/tests/test_core_impolite
