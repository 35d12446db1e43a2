# make coverage-c (issue 10; also run at the end of make coverage): gcov
# line coverage of the C model (cmodel/) and the driver (sw/rt, and the
# host HAL's C-model backend sw/hal/hal.c, hal_cmodel.c, hal_mem.c,
# hal_trace.c). Those sources are compiled again with --coverage (-O0, so
# that lines map one to one; -march=native kept: matmul.c picks its SIMD
# block shape from it) into $(COVC_BUILD); the C tests that use them are
# linked against those objects and run; lcov captures the counts and
# genhtml writes $(COV_DIR)/html/c/. The Verilated tests and the trnlite
# tool (which links the Verilated core) are not part of it.
COVC_BUILD  := $(BUILD)/covc
COVC_FLAGS  := -O0 --coverage -fprofile-update=atomic
COVC_CMODEL_OBJS := $(patsubst cmodel/%.c,$(COVC_BUILD)/cmodel/%.o,$(CMODEL_SRCS))
COVC_RT_OBJS  := $(patsubst sw/%.c,$(COVC_BUILD)/sw/%.o,$(RT_SRCS))
# hal_trace.c (the clocked backends' timeline) is left out: no cmodel
# test uses it.
COVC_HAL_OBJS := $(patsubst $(BUILD)/sw/%.o,$(COVC_BUILD)/sw/%.o,$(filter-out %/hal_trace.o,$(HAL_OBJS)))
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

.PHONY: coverage-c
coverage-c: $(DEPS) $(COVC_TESTS)
	@mkdir -p $(COV_DIR)/c
	@find $(COVC_BUILD) -name '*.gcda' -delete
	@fail=0; for t in $(COVC_TESTS); do n=$${t##*/}; \
	  if ! timeout -k 10 900 $$t > $(COV_DIR)/c/$$n.log 2>&1 </dev/null; then \
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
