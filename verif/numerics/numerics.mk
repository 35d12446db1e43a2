# numerics: the C model's conversions, arithmetic, SR generator and matmul
# against independent references (ml_dtypes/numpy, host IEEE binary32, an
# integer soft-float, Random123 known answers). test_numerics_ref runs
# verif/numerics/narrow_ref.py with the venv's Python at run time.
NUMERICS_TESTS := convert ref arith matmul sr
$(foreach t,$(NUMERICS_TESTS),$(eval $(call c_test,test_numerics_$(t),verif/numerics/test_numerics_$(t).c)))


