# verif/sw: the driver (sw/hal, sw/rt) and, later, the CLI on both backends.
#
# $(call sw_test,NAME,C_SOURCES): like c_test, linked with the runtime and
# the cmodel HAL backend (the libraries in link order).
define sw_test
$(BUILD)/tests/$(1): $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(2)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CC) $$^ $(CHECK_LIBS) -lm -o $$@
TESTS += $(BUILD)/tests/$(1)
endef
$(BUILD)/verif/sw/%.o: VERIF_INC := $(SW_INC)
$(BUILD)/verif/sw/%.o: $(RT_HDRS)

$(eval $(call sw_test,test_rt_gemm,verif/sw/test_rt_gemm.c verif/sw/gemm_ref.c))
TESTS += verif/sw/test_rt_rv32.sh

# The rtl backend: the Verilated core the trnlite tool links (sw/sw.mk).
SW_RTL_OBJS := $(BUILD)/sw/hal/hal_rtl.o $(BUILD)/sw/rtl/core_rtl.o $(BUILD)/sw/rtl/axi_mem.o $(BUILD)/sw/rtl/shim_core.o
$(BUILD)/tests/test_rt_gemm_rtl: $(BUILD)/verif/sw/test_rt_gemm_rtl.o $(BUILD)/verif/sw/gemm_ref.o $(BUILD)/verif/sw/rtl_ref.o $(SW_RTL_OBJS) \
    $$(VL_OBJS_$$(TRNLITE_RTL_CORE)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $(filter-out $(TRNLITE_RTL_STAMP),$^) $(CHECK_LIBS) $(VL_LINK) -lm -o $@
TESTS += $(BUILD)/tests/test_rt_gemm_rtl

# The trnlite tool's gemm and info, run as a user runs them.
$(eval $(call c_test,test_cli_gemm,verif/sw/test_cli_gemm.c))
$(BUILD)/tests/test_cli_gemm: | $(TRNLITE_BIN)
TESTS += verif/sw/test_cli_numpy.sh
verif/sw/test_cli_numpy.sh: | $(TRNLITE_BIN)

# The elementwise runtime (ACTIVATE, ELEMWISE, DMA copies) on cmodel.
$(eval $(call sw_test,test_rt_elem,verif/sw/test_rt_elem.c verif/sw/ew_ref.c verif/sw/gemm_ref.c))
# trnlite mlp against a numpy reference, rtl vs cmodel, its bad inputs.
TESTS += verif/sw/test_cli_mlp.sh
verif/sw/test_cli_mlp.sh: | $(TRNLITE_BIN)
# trnlite train: short bf16/FP8 runs on the digits, rtl == cmodel, bad inputs.
TESTS += verif/sw/test_cli_train.sh
verif/sw/test_cli_train.sh: | $(TRNLITE_BIN)
# trnlite with each allocation its own code makes failing in turn (the
# LD_PRELOAD library verif/sw/failalloc.c): a message and no output file,
# or the same bits.
FAILALLOC_LIB := $(BUILD)/sw/failalloc.so
$(FAILALLOC_LIB): verif/sw/failalloc.c | $(DEPS)
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -Wextra -shared -fPIC -o $@ $<
TESTS += verif/sw/test_cli_failalloc.sh
verif/sw/test_cli_failalloc.sh: | $(TRNLITE_BIN) $(FAILALLOC_LIB)
# The elementwise runtime on the rtl backend.
$(BUILD)/tests/test_rt_elem_rtl: $(BUILD)/verif/sw/test_rt_elem_rtl.o $(BUILD)/verif/sw/ew_ref.o $(BUILD)/verif/sw/gemm_ref.o \
    $(BUILD)/verif/sw/rtl_ref.o $(SW_RTL_OBJS) $$(VL_OBJS_$$(TRNLITE_RTL_CORE)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) \
    $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $(filter-out $(TRNLITE_RTL_STAMP),$^) $(CHECK_LIBS) $(VL_LINK) -lm -o $@
TESTS += $(BUILD)/tests/test_rt_elem_rtl

# make bench-gemm (part of make bench, not of make test): the driver's GEMM
# on the default 16 x 16 core (the build `make sim` uses), DRAM latency 100
# (docs/driver.md section 6). BENCH_SIZES="64 256", BENCH_FMTS=e4m3: a subset.
BENCH_GEMM_CORE := core_16x16
$(BUILD)/bench/gemm/shim_core.o: verif/core/shim_core.cpp $$(VL_OBJS_$(BENCH_GEMM_CORE)) $(wildcard verif/common/*.h)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -Iverif/common -Iverif/core -I$(VL_DIR_$(BENCH_GEMM_CORE)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@
$(BUILD)/bench/bench_gemm: $(BUILD)/verif/sw/bench_gemm.o $(BUILD)/verif/sw/gemm_ref.o $(BUILD)/sw/hal/hal_rtl.o \
    $(BUILD)/sw/rtl/core_rtl.o $(BUILD)/sw/rtl/axi_mem.o $(BUILD)/bench/gemm/shim_core.o \
    $$(VL_OBJS_$(BENCH_GEMM_CORE)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $^ $(CHECK_LIBS) $(VL_LINK) -lm -o $@
.PHONY: bench-gemm
bench-gemm: $(DEPS) $(BUILD)/bench/bench_gemm
	@$(BUILD)/bench/bench_gemm

# trnlite gemm --trace: the timeline's structure (rtl backend).
TESTS += verif/sw/test_cli_trace.sh
verif/sw/test_cli_trace.sh: | $(TRNLITE_BIN)

# make trace-png [TRACE=FILE.json] [PNG=FILE.png]: render a --trace
# timeline with matplotlib (the venv). Without TRACE, a demo: a 64 x 64 x
# 64 bf16 GEMM on the rtl backend traced to build/trace/gemm.json.
TRACE_DEMO := $(BUILD)/trace/gemm.json
TRACE ?= $(TRACE_DEMO)
PNG ?= $(basename $(TRACE)).png
.PHONY: trace-png
$(TRACE_DEMO): $(TRNLITE_BIN) | $(DEPS)
	@mkdir -p $(@D)
	$(PYTHON) -c "import numpy as np; r = np.random.default_rng(1); \
	    np.save('$(@D)/a.npy', r.standard_normal((64, 64)).astype(np.float32)); \
	    np.save('$(@D)/b.npy', r.standard_normal((64, 64)).astype(np.float32))"
	$(TRNLITE_BIN) gemm --backend rtl --latency 100 --a $(@D)/a.npy --b $(@D)/b.npy --out $(@D)/out.npy \
	    --dtype-a bf16 --dtype-b bf16 --out-dtype fp32 --trace $@
trace-png: $(DEPS) $(TRACE)
	$(PYTHON) scripts/trace_png.py $(TRACE) $(PNG)
	@echo "wrote $(PNG)"
