# sw: the driver (sw/hal, sw/rt) and the trnlite command-line tool (sw/cli).
#
# sw/rt is freestanding C99 (docs/driver.md section 2): built here for the
# host into libtrnlite_rt.a, and cross-compiled for rv32imc by the test
# verif/sw/test_rt_rv32.sh. The HAL backends are host code: the C model
# (libtrnlite_hal.a), the Verilated core (hal_rtl.c, linked with one
# Verilated build: TRNLITE_RTL_CORE) and a board over its UART bridge
# (hal_uart.c, docs/board.md).
SW_INC      := -Isw/hal -Isw/rt
RT_SRCS     := $(wildcard sw/rt/*.c) sw/hal/hal.c
RT_HDRS     := $(wildcard sw/rt/*.h) $(wildcard sw/hal/*.h) $(CMODEL_HDRS)
RT_CFLAGS   := $(CFLAGS) -std=c99 -ffreestanding -Isw/rt/freestanding $(SW_INC)
RT_LIB      := $(BUILD)/lib/libtrnlite_rt.a
RT_OBJS     := $(patsubst sw/%.c,$(BUILD)/sw/%.o,$(RT_SRCS))
HAL_LIB     := $(BUILD)/lib/libtrnlite_hal.a
HAL_OBJS    := $(BUILD)/sw/hal/hal_cmodel.o $(BUILD)/sw/hal/hal_mem.o $(BUILD)/sw/hal/hal_trace.o

$(RT_OBJS): $(BUILD)/sw/%.o: sw/%.c $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(RT_CFLAGS) -c $< -o $@

$(BUILD)/sw/hal/hal_cmodel.o $(BUILD)/sw/hal/hal_mem.o $(BUILD)/sw/hal/hal_open.o $(BUILD)/sw/hal/hal_trace.o \
    $(BUILD)/sw/hal/hal_uart.o: $(BUILD)/sw/%.o: sw/%.c $(RT_HDRS) sw/hal/hal_systemc.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) -c $< -o $@

$(RT_LIB): $(RT_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(HAL_LIB): $(HAL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# The trnlite tool: both backends; the RTL one is the Verilated core
# TRNLITE_RTL_CORE (a name given to $(call verilate,...)): by default the
# small test build core_4x8 (docs/driver.md section 1);
# `make trnlite TRNLITE_RTL_CORE=core_16x16` links the default core.
TRNLITE_RTL_CORE ?= core_4x8
TRNLITE_BIN := $(BUILD)/bin/trnlite
# Which Verilated core the shim and the tool were built against: the stamp
# changes (and they are rebuilt) only when TRNLITE_RTL_CORE does.
TRNLITE_RTL_STAMP := $(BUILD)/sw/rtl_core
$(shell mkdir -p $(BUILD)/sw; test "$$(cat $(TRNLITE_RTL_STAMP) 2>/dev/null)" = "$(TRNLITE_RTL_CORE)" || \
    echo "$(TRNLITE_RTL_CORE)" > $(TRNLITE_RTL_STAMP))
TRNLITE_SRCS := $(wildcard sw/cli/*.c)
TRNLITE_RTL_OBJS := $(BUILD)/sw/hal/hal_rtl.o $(BUILD)/sw/hal/hal_open.o $(BUILD)/sw/rtl/core_rtl.o \
    $(BUILD)/sw/rtl/axi_mem.o $(BUILD)/sw/rtl/shim_core.o $(BUILD)/sw/hal/hal_uart.o

$(BUILD)/sw/hal/hal_rtl.o: sw/hal/hal_rtl.c $(RT_HDRS) verif/core/core_rtl.h | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) -Iverif/core -Iverif/common -c $< -o $@
$(BUILD)/sw/rtl/core_rtl.o: verif/core/core_rtl.c $(wildcard verif/core/core_*.h) | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iverif/core -Iverif/common -c $< -o $@
$(BUILD)/sw/rtl/axi_mem.o: verif/common/axi_mem.c verif/common/axi_mem.h | $(DEPS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Iverif/common -c $< -o $@

# The Verilated core is defined later (verif/, Makefile): its variables
# are expanded when the prerequisites are needed.
.SECONDEXPANSION:
$(BUILD)/sw/rtl/shim_core.o: verif/core/shim_core.cpp $$(VL_OBJS_$$(TRNLITE_RTL_CORE)) $(wildcard verif/common/*.h) \
    $(TRNLITE_RTL_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -Iverif/common -Iverif/core -I$(VL_DIR_$(TRNLITE_RTL_CORE)) -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@

CLI_OBJS := $(patsubst sw/%.c,$(BUILD)/sw/%.o,$(TRNLITE_SRCS))
$(CLI_OBJS): $(BUILD)/sw/%.o: sw/%.c $(wildcard sw/cli/*.h) $(RT_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SW_INC) -Isw/cli -c $< -o $@

# The SystemC backends (SC_HAL_OBJS, verif/systemc/systemc.mk) come along:
# hal_open.c names them.
$(TRNLITE_BIN): $(CLI_OBJS) $(TRNLITE_RTL_OBJS) $$(SC_HAL_OBJS) $(HAL_LIB) $(RT_LIB) $(CMODEL_LIB) \
    $$(VL_OBJS_$$(TRNLITE_RTL_CORE)) $(TRNLITE_RTL_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(filter-out $(TRNLITE_RTL_STAMP),$^) $(VL_LINK) $(SC_LINK) -lm -o $@

.PHONY: trnlite
trnlite: $(TRNLITE_BIN)

# scikit-learn's bundled digits as .npy (no download), for trnlite train.
DIGITS := $(BUILD)/data/digits_x.npy
$(DIGITS): scripts/export_digits.py | $(DEPS)
	$(BUILD)/venv/bin/python scripts/export_digits.py $(BUILD)/data
.PHONY: digits train
digits: $(DIGITS)
# The full training run (docs/driver.md 5.2): bf16 and FP8, each with SR
# and RNE weight updates from the same start, next to the fp32 reference.
TRAIN_ARGS ?= --epochs 30 --lr 0.01
train: $(TRNLITE_BIN) $(DIGITS)
	nice -n 10 $(TRNLITE_BIN) train --mode bf16 --round both $(TRAIN_ARGS)
	nice -n 10 $(TRNLITE_BIN) train --mode fp8 --round both $(TRAIN_ARGS)
