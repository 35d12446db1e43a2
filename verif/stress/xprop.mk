# make xprop (issue 10, X-propagation; a long run, not part of make test).
#
# Every Verilated test (each vl_test of every fragment, plus the 256-bit
# DMA fuzz build) is linked once more against an x-unique build of its
# model: the same top, sources and parameters, with --x-assign unique
# --x-initial unique instead of the model's own --x-assign/--x-initial
# (models that already have them, core_4x8, te_8x4 and the board's
# ulx3s_sim, are used as they are). verif/stress/xprop.sh then runs each
# test binary, and test_board, under $(XPROP_SEEDS) power-up seeds
# ($VL_XSEED=1..N: verif/common/vl_dut.h draws every initial value and
# every X assigned at run time from it, as +verilator+rand+reset+2
# +verilator+seed+N would). Every run compares with the C model, so a pass
# is the same bits; the script also requires the same output (statistics,
# cycle counts) from every seed. Binaries under build/xprop/bin, logs
# under build/xprop/log, the table in build/xprop/summary.txt.
XPROP_SEEDS ?= 3
XPROP_DIR   := $(BUILD)/xprop
XPROP_XFLAGS := --x-assign unique --x-initial unique

# The x-unique flags of model M: its own, less any --x-assign/--x-initial.
xp_flags = $(filter-out --x-assign --x-initial fast unique,$(VL_XFL_$(1))) $(XPROP_XFLAGS)
xp_unique = $(findstring --x-initial unique,$(VL_XFL_$(1)))

# $(call xp_model,M): the x-unique build M_xp of model M (once).
define xp_model
ifndef XP_DONE_$(1)
XP_DONE_$(1) := 1
$$(eval $$(call verilate,$(1)_xp,$$(VL_TOP_$(1)),$$(VL_SRC_$(1)),$$(call xp_flags,$(1))))
endif
endef

# $(call xp_test,T): test T linked against its model's x-unique build as
# $(XPROP_DIR)/bin/T (or the test itself if its model is x-unique already).
define xp_test
ifeq ($$(call xp_unique,$$(VT_MODEL_$(1))),)
$$(eval $$(call xp_model,$$(VT_MODEL_$(1))))
$(XPROP_DIR)/shim/$(1)/shim.o: $$(VT_SHIM_$(1)) $$(VL_OBJS_$$(VT_MODEL_$(1))_xp) $$(wildcard $$(dir $$(VT_SHIM_$(1)))*.h) $(wildcard verif/common/*.h)
	@mkdir -p $$(@D)
	$(CXX) $(CXXFLAGS) -Iverif/common -I$$(dir $$(VT_SHIM_$(1))) -I$$(VL_DIR_$$(VT_MODEL_$(1))_xp) -I$(VL_INC) -I$(VL_INC)/vltstd -c $$(VT_SHIM_$(1)) -o $$@
$(XPROP_DIR)/bin/$(1): $$(patsubst verif/%.c,$(BUILD)/verif/%.o,$$(VT_SRC_$(1))) $(XPROP_DIR)/shim/$(1)/shim.o $$(VL_OBJS_$$(VT_MODEL_$(1))_xp) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CXX) $$^ $(CHECK_LIBS) $(VL_LINK) -lm -o $$@
else
$(XPROP_DIR)/bin/$(1): $(BUILD)/tests/$(1)
	@mkdir -p $$(@D)
	ln -sf ../../tests/$(1) $$@
endif
XPROP_BINS += $(XPROP_DIR)/bin/$(1)
endef

# Read at the end of verif/verif.mk, when every fragment has named its
# tests (VL_TESTS) and models.
define XPROP_RULES
VT_MODEL_test_dma_w256a64 := dma256
VT_SRC_test_dma_w256a64 := $$(DMA_TEST_C)
VT_SHIM_test_dma_w256a64 := verif/dma/shim_dma.cpp
$$(foreach t,$$(filter-out bench_%,$$(VL_TESTS)) test_dma_w256a64,$$(eval $$(call xp_test,$$(t))))

.PHONY: xprop xprop-build
xprop-build: $$(XPROP_BINS) $$(BOARD_SIM) $(BUILD)/tests/test_board
xprop: $(DEPS) xprop-build
	XPROP_SEEDS=$$(XPROP_SEEDS) XPROP_DIR=$(XPROP_DIR) verif/stress/xprop.sh $$(XPROP_BINS) $(BUILD)/tests/test_board
endef
