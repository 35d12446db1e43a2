# verif/core: the core's instruction set (one source: isa.def) and the
# whole-core C model.
$(eval $(call c_test,test_isa,verif/core/test_isa.c verif/core/isa_gen.c))

$(BUILD)/bin/gen_isa: $(BUILD)/verif/core/gen_isa.o $(BUILD)/verif/core/isa_gen.o $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ -o $@

.PHONY: gen-isa
gen-isa: $(BUILD)/bin/gen_isa
	$< vh > rtl/core/tl_isa.vh
	$< doc docs/core.md
gen: gen-isa

CORE_HARNESS := verif/core/core_harness.c verif/core/core_ref.c
$(eval $(call c_test,test_core_cmd,verif/core/test_core_cmd.c $(CORE_HARNESS)))
$(eval $(call c_test,test_core_e2e,verif/core/test_core_e2e.c $(CORE_HARNESS)))
$(eval $(call c_test,test_core_progs,verif/core/test_core_progs.c verif/core/core_progs.c $(CORE_HARNESS)))
FUZZ += $(BUILD)/tests/test_core_progs
