# trnlite convert against hostile text input (NUL bytes, non-decimal
# seeds, a 20 MiB bad line).
$(eval $(call c_test,test_convert_input,verif/cli/test_convert_input.c))
$(BUILD)/tests/test_convert_input: | $(TRNLITE_BIN)
