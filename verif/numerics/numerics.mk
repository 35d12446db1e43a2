# numerics: the C model's conversions, arithmetic, SR generator and matmul
# against independent references (ml_dtypes/numpy, host IEEE binary32, an
# integer soft-float, Random123 known answers). Owner: verif/numerics/.
NUMERICS_TESTS := matmul
$(foreach t,$(NUMERICS_TESTS),$(eval $(call c_test,test_numerics_$(t),verif/numerics/test_numerics_$(t).c)))


