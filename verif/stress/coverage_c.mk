# make coverage-c (issue 10; also run at the end of make coverage): gcov
# line coverage of the C model (cmodel/) and of all of sw/: the runtime
# (sw/rt), every host HAL backend (sw/hal: hal.c, hal_cmodel.c, hal_mem.c,
# hal_trace.c, hal_open.c, hal_rtl.c, hal_uart.c, hal_systemc.cpp) and the
# trnlite tool (sw/cli). Those sources are compiled again with --coverage
# (-O0, so that lines map one to one; -march=native kept: matmul.c picks
# its SIMD block shape from it) into $(COVC_BUILD). The C tests that use
# them are linked against those objects and run; so are the rtl and
# SystemC backend tests, and the tool is linked again as
# $(COVC_BUILD)/bin/trnlite, against which the tool's own tests (the CLI
# tests and test_board, unchanged binaries and scripts) run through
# TRNLITE_BIN. The Verilated models, the SystemC models (systemc/) and the
# test code (verif/, e.g. core_rtl.c, shim_core.cpp) are linked as make
# test builds them, without counters: only cmodel/ and sw/ are measured.
# lcov captures the counts and genhtml writes $(COV_DIR)/html/c/.
COVC_BUILD  := $(BUILD)/covc
COVC_FLAGS  := -O0 --coverage -fprofile-update=atomic
COVC_CMODEL_OBJS := $(patsubst cmodel/%.c,$(COVC_BUILD)/cmodel/%.o,$(CMODEL_SRCS))
COVC_RT_OBJS  := $(patsubst sw/%.c,$(COVC_BUILD)/sw/%.o,$(RT_SRCS))
COVC_HAL_OBJS := $(patsubst $(BUILD)/sw/%.o,$(COVC_BUILD)/sw/%.o,$(HAL_OBJS))
COVC_LIBS   := $(COVC_BUILD)/lib/libhal.a $(COVC_BUILD)/lib/librt.a $(COVC_BUILD)/lib/libcmodel.a

$(COVC_CMODEL_OBJS): $(COVC_BUILD)/cmodel/%.o: cmodel/%.c $(CMODEL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CMODEL_CFLAGS) $(COVC_FLAGS) -c $< -o $@
$(COVC_RT_OBJS): $(COVC_BUILD)/sw/%.o: sw/%.c $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(RT_CFLAGS) $(COVC_FLAGS) -c $< -o $@
$(COVC_HAL_OBJS): $(COVC_BUILD)/sw/%.o: sw/%.c $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) $(COVC_FLAGS) -c $< -o $@
$(COVC_BUILD)/lib/libcmodel.a: $(COVC_CMODEL_OBJS)
$(COVC_BUILD)/lib/librt.a: $(COVC_RT_OBJS)
$(COVC_BUILD)/lib/libhal.a: $(COVC_HAL_OBJS)
$(COVC_LIBS):
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# $(call covc_test,NAME,OBJECTS): the test NAME's own objects (built as for
# make test) linked with the coverage build of cmodel and sw.
COVC_TESTS :=
define covc_test
$(COVC_BUILD)/tests/$(1): $(2) $(VERIF_COMMON_OBJS) $(COVC_LIBS)
	@mkdir -p $$(@D)
	$(CC) --coverage $$^ $(CHECK_LIBS) -pthread -lm -o $$@
COVC_TESTS += $(COVC_BUILD)/tests/$(1)
endef
covc_objs = $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(1))

$(foreach t,$(NUMERICS_TESTS),$(eval $(call covc_test,test_numerics_$(t),$(call covc_objs,verif/numerics/test_numerics_$(t).c))))
$(eval $(call covc_test,test_products_slice,$(BUILD)/verif/numerics/products_slice.o))
$(eval $(call covc_test,test_isa,$(call covc_objs,verif/core/test_isa.c verif/core/isa_gen.c)))
$(eval $(call covc_test,test_core_cmd,$(call covc_objs,verif/core/test_core_cmd.c $(CORE_HARNESS))))
$(eval $(call covc_test,test_core_e2e,$(call covc_objs,verif/core/test_core_e2e.c $(CORE_HARNESS))))
$(eval $(call covc_test,test_core_progs,$(call covc_objs,verif/core/test_core_progs.c verif/core/core_progs.c $(CORE_HARNESS))))
$(eval $(call covc_test,test_dma_model,$(call covc_objs,verif/dma/test_dma_model.c)))
$(eval $(call covc_test,test_dma_bus,$(call covc_objs,verif/systemc/test_dma_bus.c)))
$(eval $(call covc_test,test_encoding,$(call covc_objs,verif/encoding/test_encoding.c verif/encoding/encoding_vh.c)))
$(eval $(call covc_test,test_rt_gemm,$(call covc_objs,verif/sw/test_rt_gemm.c verif/sw/gemm_ref.c)))
# test_c_paths: the behaviour the tests above leave out (make test too).
C_PATHS_SRCS := verif/stress/test_c_paths.c verif/core/core_progs.c $(CORE_HARNESS)
$(BUILD)/verif/stress/test_c_paths.o: VERIF_INC := $(SW_INC) -Iverif/core
$(BUILD)/verif/stress/test_c_paths.o: $(RT_HDRS)
# (verif/sw/sw.mk's sw_test is defined after this fragment is read.)
$(BUILD)/tests/test_c_paths: $(call covc_objs,$(C_PATHS_SRCS)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CC) $^ $(CHECK_LIBS) -lm -o $@
TESTS += $(BUILD)/tests/test_c_paths
$(eval $(call covc_test,test_c_paths,$(call covc_objs,$(C_PATHS_SRCS))))
$(eval $(call covc_test,test_rt_elem,$(call covc_objs,verif/sw/test_rt_elem.c verif/sw/ew_ref.c verif/sw/gemm_ref.c)))


# The other backends and the tool. Non-sw objects they need come from the
# make test build: core_rtl.o, axi_mem.o, shim_core.o (TRNLITE_RTL_OBJS)
# and the SystemC models (SC_HAL_OBJS, defined later: hence $$).
COVC_HAL_HOST := $(COVC_BUILD)/sw/hal/hal_open.o $(COVC_BUILD)/sw/hal/hal_uart.o
COVC_HAL_RTL  := $(COVC_BUILD)/sw/hal/hal_rtl.o
COVC_HAL_SC   := $(COVC_BUILD)/sw/hal/hal_systemc.o
COVC_CLI_OBJS := $(patsubst sw/%.c,$(COVC_BUILD)/sw/%.o,$(TRNLITE_SRCS))
COVC_RTL_DEV  := $(filter-out $(BUILD)/sw/hal/%,$(TRNLITE_RTL_OBJS))
$(COVC_HAL_HOST): $(COVC_BUILD)/sw/%.o: sw/%.c $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) $(COVC_FLAGS) -c $< -o $@
$(COVC_HAL_RTL): sw/hal/hal_rtl.c $(RT_HDRS) verif/core/core_rtl.h | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) -Iverif/core -Iverif/common $(COVC_FLAGS) -c $< -o $@
$(COVC_HAL_SC): sw/hal/hal_systemc.cpp $$(SC_MODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) $(COVC_FLAGS) -c $< -o $@
$(COVC_CLI_OBJS): $(COVC_BUILD)/sw/%.o: sw/%.c $(wildcard sw/cli/*.h) $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) -Isw/cli $(COVC_FLAGS) -c $< -o $@
COVC_SC_MODELS = $(filter-out $(BUILD)/sw/hal/hal_systemc.o,$(SC_HAL_OBJS))

COVC_TRNLITE := $(COVC_BUILD)/bin/trnlite
$(COVC_TRNLITE): $(COVC_CLI_OBJS) $(COVC_HAL_RTL) $(COVC_HAL_HOST) $(COVC_RTL_DEV) $(COVC_HAL_SC) $$(COVC_SC_MODELS) \
    $(COVC_LIBS) $$(VL_OBJS_$$(TRNLITE_RTL_CORE)) $(TRNLITE_RTL_STAMP)
	@mkdir -p $(@D)
	$(CXX) --coverage $(filter-out $(TRNLITE_RTL_STAMP),$^) $(VL_LINK) $(SC_LINK) -lm -o $@

# The rtl backend's runtime tests and the SystemC backends' tests, their
# own objects (the first list) as make test builds them.
define covc_rtl_test
$(COVC_BUILD)/tests/$(1): $(2) $(COVC_HAL_RTL) $(COVC_RTL_DEV) $$$$(VL_OBJS_$$$$(TRNLITE_RTL_CORE)) $(VERIF_COMMON_OBJS) \
    $(COVC_LIBS) $(TRNLITE_RTL_STAMP)
	@mkdir -p $$(@D)
	$(CXX) --coverage $$(filter-out $(TRNLITE_RTL_STAMP),$$^) $(CHECK_LIBS) $(VL_LINK) -lm -o $$@
COVC_TESTS += $(COVC_BUILD)/tests/$(1)
endef
define covc_sc_test
$(COVC_BUILD)/tests/$(1): $(2) $(COVC_HAL_SC) $$$$(COVC_SC_MODELS) $$$$(addprefix $$$$(SC_VL_DIR)/,$$$$(SC_VL_GLOBAL)) \
    $(VERIF_COMMON_OBJS) $(COVC_LIBS)
	@mkdir -p $$(@D)
	$(CXX) --coverage -Wl,--undefined=__gcov_dump $$^ $(CHECK_LIBS) $$(SC_LINK) -lm -o $$@
COVC_TESTS += $(COVC_BUILD)/tests/$(1)
endef
$(eval $(call covc_rtl_test,test_rt_gemm_rtl,$(call covc_objs,verif/sw/test_rt_gemm_rtl.c verif/sw/gemm_ref.c verif/sw/rtl_ref.c)))
$(eval $(call covc_rtl_test,test_rt_elem_rtl,$(call covc_objs,verif/sw/test_rt_elem_rtl.c verif/sw/ew_ref.c verif/sw/gemm_ref.c verif/sw/rtl_ref.c)))
# (SC_TEST_OBJS: verif/systemc/test_systemc.c and verif/sw/gemm_ref.c.)
$(eval $(call covc_sc_test,test_systemc_lt,$(call covc_objs,verif/systemc/backend_lt.c verif/systemc/test_systemc.c verif/sw/gemm_ref.c)))
$(eval $(call covc_sc_test,test_systemc_rtl,$(call covc_objs,verif/systemc/backend_rtl.c verif/systemc/test_systemc.c verif/sw/gemm_ref.c)))
$(eval $(call covc_sc_test,test_systemc_cycles,$(call covc_objs,verif/systemc/test_systemc_cycles.c verif/sw/gemm_ref.c)))

# The tool's tests, run as make test runs them but with TRNLITE_BIN set to
# the --coverage build (they call $$TRNLITE_BIN, default build/bin/trnlite).
COVC_TOOL_RUNS := $(BUILD)/tests/test_cli $(BUILD)/tests/test_convert_input $(BUILD)/tests/test_cli_gemm \
    verif/sw/test_cli_numpy.sh verif/sw/test_cli_mlp.sh verif/sw/test_cli_train.sh verif/sw/test_cli_trace.sh \
    verif/sw/test_cli_failalloc.sh \
    verif/systemc/test_cli_systemc.sh $(BUILD)/tests/test_board
COVC_TOOL_DEPS = $(COVC_TRNLITE) $(filter $(BUILD)/%,$(COVC_TOOL_RUNS)) $(BOARD_SIM) $(TRNLITE_BIN) $(FAILALLOC_LIB)

.PHONY: coverage-c
coverage-c: $(DEPS) $(COVC_TESTS) $$(COVC_TOOL_DEPS)
	@mkdir -p $(COV_DIR)/c
	@find $(COVC_BUILD) -name '*.gcda' -delete
	@fail=0; for t in $(COVC_TESTS); do n=$${t##*/}; \
	  if ! timeout -k 10 900 $$t > $(COV_DIR)/c/$$n.log 2>&1 </dev/null; then \
	    echo "make coverage-c: $$n failed (see $(COV_DIR)/c/$$n.log)"; fail=1; \
	  else echo "make coverage-c: $$n: $$(grep -E '^RESULT ' $(COV_DIR)/c/$$n.log | tr '\n' ' ')"; fi; \
	done; \
	for t in $(COVC_TOOL_RUNS); do n=$${t##*/}; n=$${n%.sh}; \
	  if ! TRNLITE_BIN=$(COVC_TRNLITE) timeout -k 10 900 $$t > $(COV_DIR)/c/$$n.log 2>&1 </dev/null; then \
	    echo "make coverage-c: $$n failed (see $(COV_DIR)/c/$$n.log)"; fail=1; \
	  else echo "make coverage-c: $$n: $$(grep -E '^RESULT ' $(COV_DIR)/c/$$n.log | tr '\n' ' ')"; fi; \
	done; \
	lcov -q --capture --initial --directory $(COVC_BUILD) --base-directory . --output-file $(COV_DIR)/c/base.info >/dev/null 2>&1 || fail=1; \
	lcov -q --capture --directory $(COVC_BUILD) --base-directory . --output-file $(COV_DIR)/c/run.info >/dev/null 2>&1 || fail=1; \
	lcov -q --add-tracefile $(COV_DIR)/c/base.info --add-tracefile $(COV_DIR)/c/run.info --output-file $(COV_DIR)/c/all.info >/dev/null || fail=1; \
	lcov -q --extract $(COV_DIR)/c/all.info '$(CURDIR)/cmodel/*' '$(CURDIR)/sw/*' --output-file $(COV_DIR)/c_lines.info || fail=1; \
	rm -rf $(COV_DIR)/html/c; \
	genhtml -q --output-directory $(COV_DIR)/html/c --title "trnlite cmodel and sw line coverage" $(COV_DIR)/c_lines.info || fail=1; \
	$(PYTHON) verif/stress/cov_c_report.py --root $(CURDIR) $(COV_DIR)/c_lines.info > $(COV_DIR)/c_summary.txt || fail=1; \
	cat $(COV_DIR)/c_summary.txt; \
	echo "make coverage-c: HTML in $(COV_DIR)/html/c/index.html"; \
	exit $$fail
