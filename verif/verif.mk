# verif: Check-based tests in C, Verilated RTL behind thin C++ shims.
#
# Per-block fragments live in verif/<block>/<block>.mk and use the helpers
# below; they add executables to TESTS (run by `make test`) and commands to
# FUZZ (run by `make fuzz SEEDS=N`).

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lrt -lpthread -lm)
VERIF_CFLAGS := $(CFLAGS) -Iverif/common $(CHECK_CFLAGS)
TL_TEST_OBJ  := $(BUILD)/verif/common/tl_test.o
VERIF_COMMON_OBJS := $(TL_TEST_OBJ) $(BUILD)/verif/common/fcov.o $(BUILD)/verif/common/xcov.o
VERIF_INC    :=   # extra -I for one object: set per target

# xcov.c asks the model's own instruction checks which crosses are legal
$(BUILD)/verif/common/xcov.o: VERIF_INC := -Icmodel

$(BUILD)/verif/%.o: verif/%.c $(wildcard verif/common/*.h) $(CMODEL_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(VERIF_CFLAGS) $(VERIF_INC) -I$(dir $<) -MMD -MP -c $< -o $@

# $(call c_test,NAME,C_SOURCES): a C test linked with cmodel and Check,
# built as $(BUILD)/tests/NAME and added to TESTS.
define c_test
$(BUILD)/tests/$(1): $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(2)) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CC) $$^ $(CHECK_LIBS) -lm -o $$@
TESTS += $(BUILD)/tests/$(1)
endef

# Verilator ------------------------------------------------------------
VERILATOR      := verilator
VL_INC         := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
VL_FLAGS       := -Wall --assert --trace-fst -Wno-fatal
VL_GLOBAL_OBJS := verilated.o verilated_fst_c.o verilated_threads.o
VL_LINK        := -lz -pthread

# $(call verilate,NAME,TOP,RTL_FILES,EXTRA_FLAGS)
# Verilates TOP (parameters via -G in EXTRA_FLAGS) into $(BUILD)/vl/NAME.
# Defines VL_OBJS_NAME (libraries to link) and VL_DIR_NAME (its headers).
define verilate
VL_DIR_$(1)  := $(BUILD)/vl/$(1)
VL_TOP_$(1)  := $(2)
VL_SRC_$(1)  := $(3)
VL_XFL_$(1)  := $(4)
VL_OBJS_$(1) := $(BUILD)/vl/$(1)/V$(2)__ALL.a $(addprefix $(BUILD)/vl/$(1)/,$(VL_GLOBAL_OBJS))
$(BUILD)/vl/$(1)/V$(2)__ALL.a: $(3) | $(DEPS)
	@mkdir -p $$(@D)
	$(VERILATOR) --cc $(VL_FLAGS) $(4) --top-module $(2) --Mdir $$(@D) $(3)
	@# make runs $$(MAKE) lines even under -n; the test keeps a dry run quiet.
	if test -f $$(@D)/V$(2).mk; then $$(MAKE) -s -C $$(@D) -f V$(2).mk V$(2)__ALL.a $(VL_GLOBAL_OBJS) OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2; fi
$(addprefix $(BUILD)/vl/$(1)/,$(VL_GLOBAL_OBJS)): $(BUILD)/vl/$(1)/V$(2)__ALL.a
endef

# $(call vl_test,NAME,VLNAME,C_SOURCES,SHIM_CPP)
# A C test driving the Verilated model VLNAME through the C++ shim SHIM_CPP
# (compiled against that model), built as $(BUILD)/tests/NAME.
define vl_test
$(BUILD)/vlshim/$(1)/shim.o: $(4) $$(VL_OBJS_$(2)) $(wildcard $(dir $(4))*.h) $(wildcard verif/common/*.h)
	@mkdir -p $$(@D)
	$(CXX) $(CXXFLAGS) -Iverif/common -I$(dir $(4)) -I$$(VL_DIR_$(2)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $(4) -o $$@
$(BUILD)/tests/$(1): $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(3)) $(BUILD)/vlshim/$(1)/shim.o $$(VL_OBJS_$(2)) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $$(@D)
	$(CXX) $$^ $(CHECK_LIBS) $(VL_LINK) -lm -o $$@
TESTS += $(BUILD)/tests/$(1)
VL_TESTS += $(1)
VT_MODEL_$(1) := $(2)
VT_SRC_$(1) := $(3)
VT_SHIM_$(1) := $(4)
endef

include $(sort $(wildcard verif/*/*.mk))

# make xprop (verif/stress/xprop.mk): an x-unique build of every model a
# Verilated test uses, defined once every fragment has named its tests.
$(eval $(XPROP_RULES))

# Header dependencies gcc recorded (-MMD) for every test object.
-include $(shell find $(BUILD)/verif -name '*.d' 2>/dev/null)
