# verif/core: the RTL core (trnlite_core) against the whole-core C model.
#
# Test builds use small memories (SBUF partitions of 4 KiB, PSUM banks of
# 64 entries: what core_progs.c generates for) at two array sizes and bus
# widths; `make sim` uses the default 16 x 16 core, built for speed.
CORE_RTL_ALL := $(CORE_FILES) $(CORE_HDRS)
# The 4 x 8 build has 2 activation lanes for its 8 partitions (ACT_LANES,
# 4 groups of 2 partitions, one after the other; the board configuration
# has 1); the 8 x 8 one has the default, one per partition.
# Both carry core_mem_check on every SBUF and PSUM port (TL_CHECKS,
# rtl/core/memcheck.mk). The 4 x 8 one is built with --x-assign unique
# --x-initial unique: every X the RTL assigns and every initial value is
# random at run time, from the power-up seed each test gives
# (verif/common/vl_dut.h), so each of its users is an X-propagation run.
$(eval $(call verilate,core_4x8,trnlite_core,$(CORE_RTL_ALL) $(MEMCHECK_FILES),$(CORE_INC) $(MEMCHECK_DEFS) --trace-depth 3 $(CORE_CFG_4x8) -GACT_LANES=2 --x-assign unique --x-initial unique))
$(eval $(call verilate,core_8x8,trnlite_core,$(CORE_RTL_ALL) $(MEMCHECK_FILES),$(CORE_INC) $(MEMCHECK_DEFS) --trace-depth 3 $(CORE_CFG_8x8)))

CORE_RTL_HARNESS := verif/core/core_rtl.c verif/core/core_harness_rtl.c verif/common/axi_mem.c $(CORE_HARNESS)
$(eval $(call vl_test,test_core_rtl_4x8,core_4x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
$(eval $(call vl_test,test_core_rtl_8x8,core_8x8,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
FUZZ += $(BUILD)/tests/test_core_rtl_4x8 $(BUILD)/tests/test_core_rtl_8x8

# lint of the whole core as fpga/configs.mk builds it for the board
# (core_board: 1 activation lane); here because CORE_FILES is defined
# after the rtl/core fragments are read
$(eval $(call lint_top,trnlite_core_board,trnlite_core,$(CORE_FILES) $(CORE_HDRS),$(CORE_INC) -GROWS=8 -GCOLS=4 -GDATA_WIDTH=64 -GCVT_LANES=1 -GSBUF_PART_LOG2=14 -GPSUM_BANKS=4 -GPSUM_BANK_LOG2=9 -GACT_LANES=1))
