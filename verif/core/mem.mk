# verif/core: core_sbuf + core_psum + core_te (verif/core/core_te_tb.v)
# against the whole-core C model: test_core_te_<config>.
#   4x4: 64-bit words, 2 PSUM banks of 128 entries, 4 KiB SBUF partitions
#   8x8: 128-bit words, 4 PSUM banks of 128 entries, 4 KiB SBUF partitions
# with core_mem_check on every SBUF and PSUM port (rtl/core/memcheck.mk)
CT_RTL   := $(MEM_HDRS) $(MEM_FILES) $(MEMCHECK_FILES) verif/core/core_te_tb.v
CT_FLAGS := $(MEM_LINT_INC) $(MEMCHECK_DEFS) --trace-depth 2
$(eval $(call verilate,core_te_4x4,core_te_tb,$(CT_RTL),$(CT_FLAGS) -GROWS=4 -GCOLS=4 -GDATA_WIDTH=64 -GPSUM_BANKS=2 -GPSUM_BANK_LOG2=7 -GSBUF_PART_LOG2=12))
$(eval $(call verilate,core_te_8x8,core_te_tb,$(CT_RTL),$(CT_FLAGS) -GROWS=8 -GCOLS=8 -GDATA_WIDTH=128 -GPSUM_BANKS=4 -GPSUM_BANK_LOG2=7 -GSBUF_PART_LOG2=12))
CT_TEST := verif/core/test_core_te.c verif/core/core_harness.c
$(eval $(call vl_test,test_core_te_4x4,core_te_4x4,$(CT_TEST),verif/core/shim_core_te.cpp))
$(eval $(call vl_test,test_core_te_8x8,core_te_8x8,$(CT_TEST),verif/core/shim_core_te.cpp))
$(BUILD)/verif/core/test_core_te.o: verif/core/ct_shim.h
# make test runs the 4x4 build (test_core_rtl_8x8 runs core_te at 8x8 inside
# the whole core); the 8x8 one runs in make fuzz.
FUZZ += $(BUILD)/tests/test_core_te_4x4 $(BUILD)/tests/test_core_te_8x8
TESTS := $(filter-out $(BUILD)/tests/test_core_te_8x8,$(TESTS))

# 16x16 (128-bit words, 4 banks): built and run by `make test-core-te-16x16`
# only (its Verilator build takes minutes; test_core_te_8x8 covers the
# same logic in `make test`).
$(eval $(call verilate,core_te_16x16,core_te_tb,$(CT_RTL),$(CT_FLAGS) -GROWS=16 -GCOLS=16 -GDATA_WIDTH=128 -GPSUM_BANKS=4 -GPSUM_BANK_LOG2=7 -GSBUF_PART_LOG2=12))
$(eval $(call vl_test,test_core_te_16x16,core_te_16x16,$(CT_TEST),verif/core/shim_core_te.cpp))
TESTS := $(filter-out $(BUILD)/tests/test_core_te_16x16,$(TESTS))
.PHONY: test-core-te-16x16
test-core-te-16x16: $(DEPS) $(BUILD)/tests/test_core_te_16x16
	$(BUILD)/tests/test_core_te_16x16
