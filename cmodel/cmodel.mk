# cmodel: the bit-accurate C golden model, built as one static library.
CMODEL_LIB   := $(BUILD)/lib/libtrnlite_cmodel.a
CMODEL_SRCS  := $(wildcard cmodel/*.c)
CMODEL_OBJS  := $(patsubst cmodel/%.c,$(BUILD)/cmodel/%.o,$(CMODEL_SRCS))
CMODEL_HDRS  := $(wildcard cmodel/include/trnlite/*) $(wildcard cmodel/*.h)
# The model verifies large workloads: optimize for this machine. Results do
# not depend on it (no FMA contraction, no fast-math). The GEMM reads fp32
# bit patterns as floats in place, hence -fno-strict-aliasing.
CMODEL_CFLAGS := $(CFLAGS) -O3 -march=native -fno-strict-aliasing

$(BUILD)/cmodel/%.o: cmodel/%.c $(CMODEL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CMODEL_CFLAGS) -c $< -o $@

$(CMODEL_LIB): $(CMODEL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
