# verif/stress (issue 10): the plain differential tests again under harder
# conditions. *_impolite: the same test drivers linked with
# verif/common/axi_impolite.c, so the DRAM model jitters latency, takes W
# beats ahead of AW and interleaves / reorders across IDs (axi_mem.h).

$(eval $(call vl_test,test_dma_impolite,dma128,$(DMA_TEST_C) verif/common/axi_impolite.c,verif/dma/shim_dma.cpp))
$(eval $(call vl_test,test_core_impolite,core_4x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS) verif/common/axi_impolite.c,verif/core/shim_core.cpp))
FUZZ += $(BUILD)/tests/test_dma_impolite $(BUILD)/tests/test_core_impolite

# X-propagation: the 4 x 8 core model (core_4x8, verif/core/core_rtl.mk)
# is built with --x-assign unique and --x-initial unique, so
# test_core_rtl_4x8 is also the core's X-propagation test: random programs
# bit-exact under 100 power-up seeds, and powerup_values_invisible (the
# same outputs in every cycle under 3 seeds per program).

# Reset without initial values in Icarus (four-state): every flip-flop and
# memory of the core starts as X (verif/stress/test_xreset.sh).
$(BUILD)/tests/test_xreset: verif/stress/test_xreset.sh verif/stress/xreset_core_tb.v $(CORE_RTL_ALL)
	@mkdir -p $(@D)
	printf '#!/bin/sh\nexec verif/stress/test_xreset.sh %s\n' "$(CORE_FILES)" > $@
	chmod +x $@
TESTS += $(BUILD)/tests/test_xreset
