# make coverage (issue 10; not part of make test): Verilator line and
# toggle coverage of the DMA engine (test_dma on the 128-bit build) and of
# the whole core (test_core_rtl on the 4 x 8 build), plus the functional
# coverage points the tests count (verif/common/fcov.h) with the crosses
# of verif/common/xcov.h against the legal list xcov_list prints
# (crosses.txt: every cross and its count), then gcov of the
# C model and the driver (make coverage-c, coverage_c.mk). Results under
# build/coverage/: summary.txt (the tables printed), rtl_line.info and
# rtl_toggle.info (lcov), html/line and html/toggle (genhtml), functional.txt,
# c_lines.info and html/c (the C part).
COV_DIR     := $(BUILD)/coverage
COV_VLFLAGS := --coverage-line --coverage-toggle
COV_TESTS   :=

$(eval $(call verilate,dma128_cov,dma_engine,$(DMA_RTL),$(DMA_VL_INC) $(DMA_TB_PARAMS) -GDATA_WIDTH=128 -GADDR_WIDTH=32 $(COV_VLFLAGS)))
$(eval $(call verilate,core_4x8_cov,trnlite_core,$(CORE_RTL_ALL),$(CORE_INC) --trace-depth 3 $(CORE_CFG_4x8) -GACT_LANES=2 $(COV_VLFLAGS)))

# $(call cov_test,NAME,VLNAME,TOP,C_SOURCES,SHIM_CPP): as vl_test, with the
# shim compiled for coverage (VlDut writes each model's counts) and
# Verilator's coverage runtime linked; built as $(COV_DIR)/bin/NAME.
# Verilator's coverage runtime of model VLNAME (top TOP): once per model.
define cov_runtime
$(BUILD)/vl/$(1)/verilated_cov.o: $(BUILD)/vl/$(1)/V$(2)__ALL.a
	$$(MAKE) -s -C $$(@D) -f V$(2).mk verilated_cov.o OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2
endef
$(eval $(call cov_runtime,dma128_cov,dma_engine))
$(eval $(call cov_runtime,core_4x8_cov,trnlite_core))

define cov_test
$(BUILD)/covshim/$(1)/shim.o: $(5) $$(VL_OBJS_$(2)) $(wildcard $(dir $(5))*.h) $(wildcard verif/common/*.h)
	@mkdir -p $$(@D)
	$(CXX) $(CXXFLAGS) -DVM_COVERAGE=1 -Iverif/common -I$(dir $(5)) -I$$(VL_DIR_$(2)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $(5) -o $$@
$(COV_DIR)/bin/$(1): $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(4)) $(BUILD)/covshim/$(1)/shim.o $$(VL_OBJS_$(2)) $(BUILD)/vl/$(2)/verilated_cov.o $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CXX) $$^ $(CHECK_LIBS) $(VL_LINK) -lm -o $$@
COV_TESTS += $(COV_DIR)/bin/$(1)
endef

$(eval $(call cov_test,test_dma,dma128_cov,dma_engine,$(DMA_TEST_C),verif/dma/shim_dma.cpp))
$(eval $(call cov_test,test_core_rtl,core_4x8_cov,trnlite_core,verif/core/test_core_rtl.c verif/core/core_progs.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
# the wide registers walked bit by bit (verif/core/walk.mk; also in make test)
$(eval $(call cov_test,test_core_walk,core_4x8_cov,trnlite_core,verif/core/test_core_walk.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))

# Each test binary writes one .dat per model it built (many); they are
# added up per binary at once, so the raw files never pile up.
# The C part (coverage_c.mk, read after this file: hence $$(COVC_TESTS))
# runs last: this recipe first clears html/.
.PHONY: coverage
coverage: $(DEPS) $(COV_TESTS) $$(COVC_TESTS) $(BUILD)/bin/xcov_list
	@rm -rf $(COV_DIR)/raw $(COV_DIR)/fcov $(COV_DIR)/html $(COV_DIR)/*.dat $(COV_DIR)/*.info
	@mkdir -p $(COV_DIR)/raw $(COV_DIR)/fcov
	@fail=0; for t in $(COV_TESTS); do n=$${t##*/}; mkdir -p $(COV_DIR)/raw/$$n; \
	  echo "make coverage: $$n"; \
	  if ! VL_COVERAGE_DIR=$(COV_DIR)/raw/$$n FCOV_DIR=$(COV_DIR)/fcov $$t > $(COV_DIR)/$$n.log 2>&1; then \
	    echo "make coverage: $$n failed (see $(COV_DIR)/$$n.log)"; fail=1; fi; \
	  verilator_coverage --write $(COV_DIR)/$$n.dat $(COV_DIR)/raw/$$n/*.dat || fail=1; \
	  rm -rf $(COV_DIR)/raw/$$n; \
	done; \
	$(BUILD)/bin/xcov_list > $(COV_DIR)/crosses_legal.txt || fail=1; \
	$(PYTHON) verif/stress/cov_report.py --dir $(COV_DIR) --psum-banks 2 --crosses $(COV_DIR)/crosses_legal.txt \
	  $(COV_DIR)/*.dat || fail=1; \
	for k in line toggle; do \
	  verilator_coverage --write-info $(COV_DIR)/rtl_$$k.info $(COV_DIR)/split/$$k.dat >/dev/null || fail=1; \
	  genhtml -q --output-directory $(COV_DIR)/html/$$k --title "trnlite RTL $$k coverage" $(COV_DIR)/rtl_$$k.info || fail=1; \
	done; \
	echo "make coverage: HTML in $(COV_DIR)/html/line/index.html and $(COV_DIR)/html/toggle/index.html"; \
	$(MAKE) --no-print-directory coverage-c || fail=1; \
	cat $(COV_DIR)/c_summary.txt >> $(COV_DIR)/summary.txt 2>/dev/null || fail=1; \
	exit $$fail
