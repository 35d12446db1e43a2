# verif/stress/memcheck.mk: core_mem_check (rtl/core/memcheck.mk, the
# checker of the core's SBUF and PSUM ports) shown to fail. Each mutant is
# a copy of rtl/ under $(BUILD)/mutants/NAME/src with one deliberate
# protocol bug (a sed expression applied to one file of the copy, which it
# must change; rtl/ itself is untouched), Verilated with the flags of an
# existing test's model and linked with that test's sources. `make
# test-memcheck` (verif/stress/test_memcheck.sh) requires every mutant's
# test to fail with its checker message, and counts each as a test.
# Not in `make test`: every mutant is a Verilator build of its own.
MC_DIR := $(BUILD)/mutants
MC_MUTANTS :=

# $(call mc_mutant,NAME,TEST,FILE): mutant NAME of FILE (one of TEST's
# model sources), built as $(MC_DIR)/NAME/test. MC_SED_NAME: the sed
# expression; MC_MSG_NAME: the text the checker's message must contain.
define mc_mutant
MC_MUTANTS += $(1)
MC_SRC_$(1) := $$(addprefix $(MC_DIR)/$(1)/src/,$$(VL_SRC_$$(VT_MODEL_$(2))))
$(MC_DIR)/$(1)/src.stamp: $$(VL_SRC_$$(VT_MODEL_$(2))) $(wildcard rtl/*/*.v rtl/*/*.vh) verif/stress/memcheck.mk
	rm -rf $(MC_DIR)/$(1)/src && mkdir -p $(MC_DIR)/$(1)/src
	cp -r rtl $(MC_DIR)/$(1)/src/
	for f in $$(filter-out rtl/%,$$(VL_SRC_$$(VT_MODEL_$(2)))); do mkdir -p $(MC_DIR)/$(1)/src/$$$$(dirname $$$$f) && cp $$$$f $(MC_DIR)/$(1)/src/$$$$f; done
	sed -e '$$(MC_SED_$(1))' $(3) > $(MC_DIR)/$(1)/src/$(3)
	@if cmp -s $(3) $(MC_DIR)/$(1)/src/$(3); then echo "mutant $(1) does not change $(3)"; exit 1; fi
	touch $$@
$$(MC_SRC_$(1)): $(MC_DIR)/$(1)/src.stamp ;
$$(eval $$(call verilate,mc_$(1),$$(VL_TOP_$$(VT_MODEL_$(2))),$$(MC_SRC_$(1)),$$(patsubst -Irtl/%,-I$(MC_DIR)/$(1)/src/rtl/%,$$(VL_XFL_$$(VT_MODEL_$(2))))))
$(MC_DIR)/$(1)/shim.o: $$(VT_SHIM_$(2)) $$(VL_OBJS_mc_$(1))
	$(CXX) $(CXXFLAGS) -Iverif/common -I$$(dir $$(VT_SHIM_$(2))) -I$$(VL_DIR_mc_$(1)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $$< -o $$@
$(MC_DIR)/$(1)/test: $$(patsubst verif/%.c,$(BUILD)/verif/%.o,$$(VT_SRC_$(2))) $(MC_DIR)/$(1)/shim.o $$(VL_OBJS_mc_$(1)) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	$(CXX) $$^ $(CHECK_LIBS) $(VL_LINK) -lm -o $$@
endef

# core_te offers a read, not taken, and then the other stream's: the
# arbitration without its hold (core_te as it was before the checker;
# built without the checker, test_core_te_4x4 passes 6 of 6 on it)
MC_SED_te_switch := s/pick_w = rd_wait_reg/pick_w = !rd_valid/
MC_MSG_te_switch := SBUF TE read: address changed while VALID waited for READY
$(eval $(call mc_mutant,te_switch,test_core_te_4x4,rtl/core/core_te.v))
# core_te withdraws a read that was not taken for one cycle (a retry: no
# data is lost; without the checker only test_full_traffic notices, as a
# hang: the withdrawn read keeps losing its turn to the traffic)
MC_SED_te_drop := s/assign rd_valid = w_rd_valid || x_rd_valid;/assign rd_valid = (w_rd_valid || x_rd_valid) \&\& !rd_wait_reg;/
MC_MSG_te_drop := SBUF TE read: VALID dropped before READY
$(eval $(call mc_mutant,te_drop,test_core_te_4x4,rtl/core/core_te.v))
# core_sbuf answers the TE one cycle early
MC_SED_sbuf_early := s/assign te_rd_rsp_valid  = rsp2_reg\[1\]/assign te_rd_rsp_valid  = rsp1_reg[1]/
MC_MSG_sbuf_early := SBUF TE read: a read response without a read taken 2 cycles earlier
$(eval $(call mc_mutant,sbuf_early,test_core_te_4x4,rtl/core/core_sbuf.v))
# core_psum never answers the ACT port when the DMA port read the cycle before
MC_SED_psum_lost := s/assign act_rd_rsp_valid = rsp_act_reg\[1\];/assign act_rd_rsp_valid = rsp_act_reg[1] \&\& !rsp_dma_reg[0];/
MC_MSG_psum_lost := PSUM ACT read: no read response 2 cycles after a read was taken
$(eval $(call mc_mutant,psum_lost,test_core_te_4x4,rtl/core/core_psum.v))

.PHONY: test-memcheck
test-memcheck: $(foreach m,$(MC_MUTANTS),$(MC_DIR)/$(m)/test)
	verif/stress/test_memcheck.sh $(foreach m,$(MC_MUTANTS),$(MC_DIR)/$(m)/test '$(MC_MSG_$(m))')
