# verif/dma: the DMA engine and its conversion cells, bit-exact against
# cmodel. Test executables share names with the RTL they test.

DMA_VL_INC := -Irtl/common -Irtl/dma

# Conversion cells: exhaustive / random against cmodel numerics.
$(eval $(call verilate,tl_widen,tl_widen,rtl/common/tl_widen.v rtl/common/tl_encoding.vh,$(DMA_VL_INC)))
$(eval $(call verilate,tl_narrow,tl_narrow,rtl/common/tl_narrow.v rtl/common/tl_encoding.vh,$(DMA_VL_INC)))
$(eval $(call verilate,tl_sr_rand,tl_sr_rand,rtl/common/tl_sr_rand.v,$(DMA_VL_INC)))
$(eval $(call vl_test,test_tl_widen,tl_widen,verif/dma/test_tl_widen.c,verif/dma/shim_tl_widen.cpp))
$(eval $(call vl_test,test_tl_narrow,tl_narrow,verif/dma/test_tl_narrow.c,verif/dma/shim_tl_narrow.cpp))
$(eval $(call vl_test,test_tl_sr_rand,tl_sr_rand,verif/dma/test_tl_sr_rand.c,verif/dma/shim_tl_sr_rand.cpp))
# tl_widen's pipelined form (LATENCY 1, the activation lane's): the same
# test through a shim that clocks it and then changes its inputs.
$(eval $(call verilate,tl_widen_l1,tl_widen,rtl/common/tl_widen.v rtl/common/tl_encoding.vh,$(DMA_VL_INC) -GLATENCY=1))
$(eval $(call vl_test,test_tl_widen_l1,tl_widen_l1,verif/dma/test_tl_widen.c,verif/dma/shim_tl_widen_l1.cpp))

FUZZ += $(BUILD)/tests/test_tl_narrow

# tl_narrow's pipelined forms (LATENCY 1 and 2, the DMA's and core_act's).
$(eval $(call verilate,tl_narrow_l1,tl_narrow,rtl/common/tl_narrow.v rtl/common/tl_encoding.vh,$(DMA_VL_INC) -GLATENCY=1))
$(eval $(call verilate,tl_narrow_l2,tl_narrow,rtl/common/tl_narrow.v rtl/common/tl_encoding.vh,$(DMA_VL_INC) -GLATENCY=2))
$(eval $(call vl_test,test_tl_narrow_l1,tl_narrow_l1,verif/dma/test_tl_narrow_pipe.c,verif/dma/shim_tl_narrow_l1.cpp))
$(eval $(call vl_test,test_tl_narrow_l2,tl_narrow_l2,verif/dma/test_tl_narrow_pipe.c,verif/dma/shim_tl_narrow_l2.cpp))
$(BUILD)/vlshim/test_tl_narrow_l1/shim.o $(BUILD)/vlshim/test_tl_narrow_l2/shim.o: verif/dma/shim_tl_narrow_pipe.inc

# DMA engine. Three builds: the main one (128-bit data, 32-bit addresses), a
# coverage one (64-bit data, 64-bit addresses) and the board one (below). The geometry parameters
# must match verif/dma/dma_shim.h (DMA_TB_*).
DMA_RTL := $(wildcard rtl/dma/*.v) rtl/dma/dma_defs.vh rtl/common/tl_encoding.vh \
           rtl/common/tl_widen.v rtl/common/tl_narrow.v rtl/common/tl_sr_rand.v
DMA_TB_PARAMS := -GQUEUES=4 -GSBUF_PARTS=16 -GSBUF_PART_LOG2=12 -GPSUM_PARTS=16 -GPSUM_PART_LOG2=11
DMA_VL_SRCS := $(filter %.v,$(DMA_RTL))
DMA_TEST_C := verif/dma/test_dma.c verif/dma/dma_check.c verif/dma/dma_harness.c verif/common/axi_mem.c

$(eval $(call verilate,dma128,dma_engine,$(DMA_RTL),$(DMA_VL_INC) $(DMA_TB_PARAMS) -GDATA_WIDTH=128 -GADDR_WIDTH=32))
$(eval $(call verilate,dma64,dma_engine,$(DMA_RTL),$(DMA_VL_INC) $(DMA_TB_PARAMS) -GDATA_WIDTH=64 -GADDR_WIDTH=64))
$(eval $(call vl_test,test_dma,dma128,$(DMA_TEST_C),verif/dma/shim_dma.cpp))
$(eval $(call vl_test,test_dma_w64a64,dma64,$(DMA_TEST_C),verif/dma/shim_dma.cpp))
# The board configuration (docs/dma.md): 64-bit data, 32-bit addresses and
# one conversion lane instead of two; same tests, same bits, more cycles.
$(eval $(call verilate,dma64b,dma_engine,$(DMA_RTL),$(DMA_VL_INC) $(DMA_TB_PARAMS) -GDATA_WIDTH=64 -GADDR_WIDTH=32 -GCVT_LANES=1))
$(eval $(call vl_test,test_dma_board,dma64b,$(DMA_TEST_C),verif/dma/shim_dma.cpp))

FUZZ += $(BUILD)/tests/test_dma

# make bench-dma: bus efficiency (not part of make test).
.PHONY: bench-dma
DMA_BENCH_OBJS := $(patsubst verif/%.c,$(BUILD)/verif/%.o,verif/dma/bench_dma.c verif/dma/dma_check.c verif/dma/dma_harness.c verif/common/axi_mem.c)
$(BUILD)/bench/bench_dma: $(DMA_BENCH_OBJS) $(BUILD)/vlshim/test_dma/shim.o $(VL_OBJS_dma128) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $^ $(CHECK_LIBS) $(VL_LINK) -lm -o $@
bench-dma: $(DEPS) $(BUILD)/bench/bench_dma
	$(BUILD)/bench/bench_dma

# A 256-bit / 64-bit-address build for make fuzz only (not in make test,
# to keep its build time out of it).
$(eval $(call verilate,dma256,dma_engine,$(DMA_RTL),$(DMA_VL_INC) $(DMA_TB_PARAMS) -GDATA_WIDTH=256 -GADDR_WIDTH=64))
$(BUILD)/vlshim/test_dma_w256a64/shim.o: verif/dma/shim_dma.cpp $(VL_OBJS_dma256) $(wildcard verif/dma/*.h) verif/common/vl_dut.h
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS) -Iverif/common -Iverif/dma -I$(VL_DIR_dma256) -I$(VL_INC) -I$(VL_INC)/vltstd -c $< -o $@
$(BUILD)/fuzz/test_dma_w256a64: $(patsubst verif/%.c,$(BUILD)/verif/%.o,$(DMA_TEST_C)) $(BUILD)/vlshim/test_dma_w256a64/shim.o $(VL_OBJS_dma256) $(VERIF_COMMON_OBJS) $(CMODEL_LIB)
	@mkdir -p $(@D)
	$(CXX) $^ $(CHECK_LIBS) $(VL_LINK) -lm -o $@

FUZZ += $(BUILD)/tests/test_dma_w64a64 $(BUILD)/tests/test_dma_board $(BUILD)/fuzz/test_dma_w256a64
FUZZ_DEPS += $(BUILD)/fuzz/test_dma_w256a64

# The AXI memory model's own test (its protocol checks must fire).
$(eval $(call c_test,test_axi_mem,verif/dma/test_axi_mem.c verif/common/axi_mem.c))

# The C DMA model against literal expectations (no RTL).
$(eval $(call c_test,test_dma_model,verif/dma/test_dma_model.c))

# Parameter checks that synthesis sees (Yosys elaboration, seconds).
TESTS += verif/dma/test_dma_params.sh
