# The trnlite CLI, run as a user runs it.
$(eval $(call c_test,test_cli,verif/cli/test_cli.c))
$(BUILD)/tests/test_cli: | $(TRNLITE_BIN)
