# verif/spec: the interfaces generated from one source are up to date.
TESTS += verif/spec/test_csr_gen.sh

# make gen: the CSR header, register chapter and Verilog constants from
# spec/trnlite_csr.rdl (PeakRDL and systemrdl-compiler in the venv).
.PHONY: gen-csr
gen-csr: $(DEPS)
	@mkdir -p $(BUILD)/spec/gen
	$(PYTHON) scripts/gen_csr.py $(BUILD)/spec/gen
	cp $(BUILD)/spec/gen/csr.h cmodel/include/trnlite/csr.h
	cp $(BUILD)/spec/gen/csr.md docs/csr.md
	cp $(BUILD)/spec/gen/tl_csr.vh rtl/core/tl_csr.vh
gen: gen-csr
