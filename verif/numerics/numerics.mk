# numerics: the C model's conversions, arithmetic, SR generator and matmul
# against independent references (ml_dtypes/numpy, host IEEE binary32, an
# integer soft-float, Random123 known answers). test_numerics_ref runs
# verif/numerics/narrow_ref.py with the venv's Python at run time.
NUMERICS_TESTS := convert ref arith matmul sr
$(foreach t,$(NUMERICS_TESTS),$(eval $(call c_test,test_numerics_$(t),verif/numerics/test_numerics_$(t).c)))

# make fuzz SEEDS=N: the random tests again with N other seeds.
FUZZ_DEPS += $(foreach t,$(NUMERICS_TESTS),$(BUILD)/tests/test_numerics_$(t))
FUZZ += verif/numerics/fuzz_numerics.sh



# make bench-cmodel: bit-exact bf16 GEMM of the model vs OpenBLAS sgemm,
# one core each (verif/numerics/bench_cmodel.py runs both and compares;
# bench_cmodel.c verifies the model's result against a plain loop).
$(BUILD)/bin/bench_cmodel: $(BUILD)/verif/numerics/bench_cmodel.o $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ -lm -o $@

bench-cmodel: $(DEPS) $(BUILD)/bin/bench_cmodel
	@$(PYTHON) verif/numerics/bench_cmodel.py $(BUILD)/bin/bench_cmodel
