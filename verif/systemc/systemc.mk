# verif/systemc: the core as SystemC/TLM-2.0 modules (docs/systemc.md):
# the Verilated RTL (verilator --sc) and the loosely-timed model on the
# whole-core C model, the TLM memory, the HAL backends systemc-rtl and
# systemc-lt, their tests and `make bench-systemc`.
SC_INC      := -isystem /usr/include
SC_LINK     := -lsystemc -pthread
# The Verilated core in SystemC mode, the 4 x 8 test configuration the rtl
# backend also uses (CORE_CFG_4x8, 2 activation lanes). Its classes are
# prefixed Vsc_core so that it links next to the --cc build of the same
# core (verilated.o comes from one of the two only).
SC_VL_DIR   := $(BUILD)/vl/sc_core_4x8
SC_VL_LIB   := $(SC_VL_DIR)/Vsc_core__ALL.a
SC_VL_GLOBAL := verilated.o verilated_threads.o
SC_VL_OBJS  := $(SC_VL_LIB) $(addprefix $(SC_VL_DIR)/,$(SC_VL_GLOBAL))
$(SC_VL_LIB): $(CORE_FILES) $(CORE_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=/usr/lib/x86_64-linux-gnu \
	  nice -n 10 $(VERILATOR) --sc -Wall --assert -Wno-fatal $(CORE_INC) $(CORE_CFG_4x8) -GACT_LANES=2 \
	  --top-module trnlite_core --prefix Vsc_core --Mdir $(@D) $(CORE_FILES)
	if test -f $(@D)/Vsc_core.mk; then SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=/usr/lib/x86_64-linux-gnu \
	  nice -n 10 $(MAKE) -s -C $(@D) -f Vsc_core.mk Vsc_core__ALL.a $(SC_VL_GLOBAL) \
	  OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2; fi
$(addprefix $(SC_VL_DIR)/,$(SC_VL_GLOBAL)): $(SC_VL_LIB)

# The C model's bus hook against its plain DRAM (no SystemC needed).
$(eval $(call c_test,test_dma_bus,verif/systemc/test_dma_bus.c))

# The models (systemc/) and the HAL backends (sw/hal/hal_systemc.cpp).
# Debian builds libsystemc with C++17; its API check wants the same.
SC_CXXFLAGS := $(filter-out -std=%,$(CXXFLAGS)) -std=c++17 -Isystemc -Isw/hal -Isw/rt
SC_MODEL_HDRS := $(wildcard systemc/*.h) sw/hal/hal_systemc.h $(RT_HDRS)
$(BUILD)/systemc/trnlite_lt.o: systemc/trnlite_lt.cpp $(SC_MODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -c $< -o $@
$(BUILD)/systemc/trnlite_rtl_tlm.o: systemc/trnlite_rtl_tlm.cpp $(SC_MODEL_HDRS) $(SC_VL_LIB)
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -I$(SC_VL_DIR) -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@
$(BUILD)/sw/hal/hal_systemc.o: sw/hal/hal_systemc.cpp $(SC_MODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CXX) $(SC_CXXFLAGS) -c $< -o $@
# What a program links for the two backends (plus verilated.o once:
# SC_VL_GLOBAL here, or the --cc build's in the trnlite tool).
SC_HAL_OBJS := $(BUILD)/sw/hal/hal_systemc.o $(BUILD)/systemc/trnlite_lt.o $(BUILD)/systemc/trnlite_rtl_tlm.o $(SC_VL_LIB)

# test_systemc on each model (backend_*.c name it).
SC_TEST_OBJS := $(BUILD)/verif/systemc/test_systemc.o $(BUILD)/verif/sw/gemm_ref.o
$(BUILD)/verif/systemc/%.o: VERIF_INC := $(SW_INC) -Iverif/sw
$(BUILD)/verif/systemc/test_systemc.o: sw/hal/hal_systemc.h $(RT_HDRS)
define sc_test
$(BUILD)/tests/$(1): $(BUILD)/verif/systemc/$(2).o $(SC_TEST_OBJS) $(SC_HAL_OBJS) $(addprefix $(SC_VL_DIR)/,$(SC_VL_GLOBAL)) \
    $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CXX) $$^ $(CHECK_LIBS) $(SC_LINK) -lm -o $$@
TESTS += $(BUILD)/tests/$(1)
endef
$(eval $(call sc_test,test_systemc_lt,backend_lt))
$(eval $(call sc_test,test_systemc_rtl,backend_rtl))

# The LT estimate against the RTL's cycles on the same GEMMs.
$(BUILD)/verif/systemc/test_systemc_cycles.o: sw/hal/hal_systemc.h $(RT_HDRS)
$(BUILD)/tests/test_systemc_cycles: $(BUILD)/verif/systemc/test_systemc_cycles.o $(BUILD)/verif/sw/gemm_ref.o \
    $(SC_HAL_OBJS) $(addprefix $(SC_VL_DIR)/,$(SC_VL_GLOBAL)) $(VERIF_COMMON_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $^ $(CHECK_LIBS) $(SC_LINK) -lm -o $@
TESTS += $(BUILD)/tests/test_systemc_cycles

# trnlite gemm / train on both SystemC backends against cmodel --like-rtl.
TESTS += verif/systemc/test_cli_systemc.sh
verif/systemc/test_cli_systemc.sh: | $(TRNLITE_BIN)

# make bench-systemc (not part of make test): a 512^3 bf16 GEMM on the LT
# model and, side by side, the Verilated RTL in SystemC: the RTL on
# BENCH_SC_RTL_SIZE^3 (default 256) scaled by MACs, or on the full size
# with BENCH_SC_RTL_SIZE=512 (about 8M simulated cycles).
BENCH_SC_SIZE ?= 512
BENCH_SC_RTL_SIZE ?= 256
$(BUILD)/bench/bench_systemc: $(BUILD)/verif/systemc/bench_systemc.o $(SC_HAL_OBJS) \
    $(addprefix $(SC_VL_DIR)/,$(SC_VL_GLOBAL)) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $^ $(SC_LINK) -lm -o $@
.PHONY: bench-systemc
bench-systemc: $(DEPS) $(BUILD)/bench/bench_systemc
	@$(BUILD)/bench/bench_systemc systemc-lt $(BENCH_SC_SIZE) $(BENCH_SC_SIZE) $(BENCH_SC_SIZE) | tee $(BUILD)/bench/systemc_lt.txt
	@nice -n 10 $(BUILD)/bench/bench_systemc systemc-rtl $(BENCH_SC_RTL_SIZE) $(BENCH_SC_RTL_SIZE) $(BENCH_SC_RTL_SIZE) \
	  | tee $(BUILD)/bench/systemc_rtl.txt
	@awk '/MACs\/s/ { for (i = 1; i <= NF; i++) if ($$i == "MACs/s,") r[n++] = $$(i-1) } \
	  END { printf "LT / RTL speed (MACs per CPU second; RTL on %s^3, scaled by MACs): %.0fx (target >= 100x)\n", \
	        "$(BENCH_SC_RTL_SIZE)", r[0] / r[1] }' $(BUILD)/bench/systemc_lt.txt $(BUILD)/bench/systemc_rtl.txt
