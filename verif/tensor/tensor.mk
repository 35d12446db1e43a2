# verif/tensor: the tensor engine, its PE and fp32 adder, bit-exact against
# cmodel; the cycle model against the RTL; `make bench-te`.
#
# Verilator builds: the fp32_add cell (at both depths), one PE (in te_pe_tb;
# te_pe_first: row 0's, without an adder), and te_top (engine + PSUM)
# at 4x4, 8x4 and 16x16. The 8x4 one is built with --x-assign unique
# --x-initial unique (every shim also randomizes power-up values with
# randReset(2)), so its run is also the array's X-propagation test.
# make test runs 4x4 and 8x4; the 16x16 build (the longest te_top
# Verilator build, about 3 minutes here) runs in make fuzz and bench-te.

TE_INC      := -Irtl/common -Irtl/tensor
# Waveforms of the arrays trace te_top and tensor_engine (the partial-sum
# chain, pipelines, handshakes), not the inside of every PE: full depth
# makes the 16x16 model several times slower to compile. The PE and adder
# tests trace everything.
TE_TRACE    := --trace-depth 2
TE_HEADERS  := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/common/pe_operand.vh rtl/tensor/te_pipe.vh
TE_CELLS    := $(TE_HEADERS) rtl/common/pe_unpack.v rtl/common/pe_mul.v rtl/common/pe_sigmul.v rtl/common/fp32_add.v
TE_RTL      := $(TE_CELLS) rtl/tensor/te_pe.v rtl/tensor/te_delay.v rtl/tensor/tensor_engine.v rtl/tensor/psum_buffer.v rtl/tensor/te_top.v
TE_XUNIQUE  := --x-assign unique --x-initial unique

# the fp32 adder at both depths (fp32_add_tb: TE = 0 psum_buffer's, 1 te_pe's)
FP32_ADD_RTL := rtl/common/tl_encoding.vh rtl/common/tl_pipe.vh rtl/common/fp32_add.v verif/tensor/fp32_add_tb.v
$(eval $(call verilate,fp32_add,fp32_add_tb,$(FP32_ADD_RTL),$(TE_INC)))
$(eval $(call verilate,fp32_add_te,fp32_add_tb,$(FP32_ADD_RTL),$(TE_INC) -GTE=1))
# one PE inside te_pe_tb (the engine's decoders and operand registers)
$(eval $(call verilate,te_pe,te_pe_tb,$(TE_CELLS) rtl/tensor/te_pe.v verif/tensor/te_pe_tb.v,$(TE_INC)))
# row 0's PE: no adder, its partial sum in is +0
$(eval $(call verilate,te_pe_first,te_pe_tb,$(TE_CELLS) rtl/tensor/te_pe.v verif/tensor/te_pe_tb.v,$(TE_INC) -GFIRST_ROW=1))
$(eval $(call verilate,te_4x4,te_top,$(TE_RTL),$(TE_INC) $(TE_TRACE) -GROWS=4 -GCOLS=4))
$(eval $(call verilate,te_16x16,te_top,$(TE_RTL),$(TE_INC) $(TE_TRACE) -GROWS=16 -GCOLS=16))
$(eval $(call verilate,te_8x4,te_top,$(TE_RTL),$(TE_INC) $(TE_TRACE) -GROWS=8 -GCOLS=4 $(TE_XUNIQUE)))

TE_DRIVE := verif/tensor/te_drive.c
$(eval $(call vl_test,test_fp32_add,fp32_add,verif/tensor/test_fp32_add.c verif/common/fp32_pipe.c,verif/tensor/shim_fp32_add.cpp))
$(eval $(call vl_test,test_fp32_add_te,fp32_add_te,verif/tensor/test_fp32_add.c verif/common/fp32_pipe.c,verif/tensor/shim_fp32_add.cpp))
$(eval $(call vl_test,test_te_pe,te_pe,verif/tensor/test_te_pe.c,verif/tensor/shim_te_pe.cpp))
$(eval $(call vl_test,test_te_pe_first,te_pe_first,verif/tensor/test_te_pe.c,verif/tensor/shim_te_pe.cpp))
$(eval $(call vl_test,test_tensor_engine_4x4,te_4x4,verif/tensor/test_tensor_engine.c $(TE_DRIVE),verif/tensor/shim_te_top.cpp))
$(eval $(call vl_test,test_tensor_engine_16x16,te_16x16,verif/tensor/test_tensor_engine.c $(TE_DRIVE),verif/tensor/shim_te_top.cpp))
$(eval $(call vl_test,test_tensor_engine_8x4,te_8x4,verif/tensor/test_tensor_engine.c $(TE_DRIVE),verif/tensor/shim_te_top.cpp))

# The C objects depend on the tensor-engine headers too.
$(addprefix $(BUILD)/verif/tensor/,test_fp32_add.o test_te_pe.o test_tensor_engine.o te_drive.o bench_te.o): \
    verif/tensor/te_shim.h verif/tensor/te_drive.h cmodel/include/trnlite/tensor_engine.h


# make bench-te: utilization of back-to-back matmuls on 16x16 (Verilator)
$(eval $(call vl_test,bench_te,te_16x16,verif/tensor/bench_te.c $(TE_DRIVE),verif/tensor/shim_te_top.cpp))
TESTS := $(filter-out $(BUILD)/tests/bench_te,$(TESTS))
.PHONY: bench-te synth-te
bench-te: $(DEPS) $(BUILD)/tests/bench_te
	$(BUILD)/tests/bench_te

# make synth-te: the tensor-engine rows of `make synth` (fpga/configs.mk).
synth-te:
	@$(MAKE) --no-print-directory synth FPGA_CONFIGS="pe te_4x4 te_8x8"

# make fuzz SEEDS=N: the array suite for N seeds at 8x4, 4x4 and 16x16
FUZZ += $(BUILD)/tests/test_tensor_engine_8x4 $(BUILD)/tests/test_tensor_engine_4x4 \
        $(BUILD)/tests/test_tensor_engine_16x16
TESTS := $(filter-out $(BUILD)/tests/test_tensor_engine_16x16,$(TESTS))
