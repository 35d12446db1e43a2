# The RTL's copies of the field encodings and the pipeline depths,
# generated from encoding.def and pipeline.def.
$(eval $(call c_test,test_encoding,verif/encoding/test_encoding.c verif/encoding/encoding_vh.c))

$(BUILD)/bin/gen_encoding_vh: $(BUILD)/verif/encoding/gen_encoding_vh.o $(BUILD)/verif/encoding/encoding_vh.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

gen: $(BUILD)/bin/gen_encoding_vh
	$< > rtl/common/tl_encoding.vh
	$< pipe > rtl/common/tl_pipe.vh
