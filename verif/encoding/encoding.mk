# The RTL's copy of the field encodings, generated from encoding.def.
$(eval $(call c_test,test_encoding,verif/encoding/test_encoding.c verif/encoding/encoding_vh.c))

$(BUILD)/bin/gen_encoding_vh: $(BUILD)/verif/encoding/gen_encoding_vh.o $(BUILD)/verif/encoding/encoding_vh.o
	@mkdir -p $(@D)
	$(CC) $^ -o $@

gen: $(BUILD)/bin/gen_encoding_vh
	$< > rtl/common/tl_encoding.vh
