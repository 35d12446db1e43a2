# Cross coverage points (verif/common/xcov.h): their definition checked
# against the contract's counts (make test, well under a second), and the
# list make coverage reports against (verif/stress/coverage.mk).
$(eval $(call c_test,test_xcov,verif/stress/test_xcov.c))
$(BUILD)/bin/xcov_list: $(BUILD)/verif/stress/xcov_list.o $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ $(CHECK_LIBS) -lm -o $@
