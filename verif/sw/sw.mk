# verif/sw: the driver (sw/hal, sw/rt) and, later, the CLI on both backends.
#
# $(call sw_test,NAME,C_SOURCES): like c_test, linked with the runtime and
# the cmodel HAL backend (the libraries in link order).
define sw_test
$(BUILD)/tests/$(1): $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(2)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CC) $$^ $(CHECK_LIBS) -lm -o $$@
TESTS += $(BUILD)/tests/$(1)
endef
$(BUILD)/verif/sw/%.o: VERIF_INC := $(SW_INC)
$(BUILD)/verif/sw/%.o: $(RT_HDRS)

$(eval $(call sw_test,test_rt_gemm,verif/sw/test_rt_gemm.c verif/sw/gemm_ref.c))
