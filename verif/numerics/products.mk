# Every 16-bit x 16-bit product (issue 10, Numerics): verif/numerics/
# fuzz_products.c checks tl_product and tl_matmul (K = 1) on all 2^32
# operand pairs of each 16-bit format pair against an independent
# reference. `make fuzz-products` runs it (PAIR=, ARANGE=, THREADS=
# shard it); `make fuzz` runs it too. test_products_slice, in make test,
# is the same check on 87 first operands x all 65536 second operands.
PRODUCTS_CFLAGS := $(CFLAGS) -pthread

$(BUILD)/verif/numerics/fuzz_products.o: verif/numerics/fuzz_products.c $(CMODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(PRODUCTS_CFLAGS) -c $< -o $@
$(BUILD)/verif/numerics/products_slice.o: verif/numerics/fuzz_products.c $(CMODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(PRODUCTS_CFLAGS) -DPRODUCTS_SLICE -c $< -o $@

$(BUILD)/tests/fuzz_products: $(BUILD)/verif/numerics/fuzz_products.o $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ -pthread -lm -o $@
$(BUILD)/tests/test_products_slice: $(BUILD)/verif/numerics/products_slice.o $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ -pthread -lm -o $@

TESTS += $(BUILD)/tests/test_products_slice
FUZZ  += $(BUILD)/tests/fuzz_products

.PHONY: fuzz-products
fuzz-products: $(DEPS) $(BUILD)/tests/fuzz_products
	PAIR='$(PAIR)' ARANGE='$(ARANGE)' THREADS='$(THREADS)' $(BUILD)/tests/fuzz_products
