# rtl/dma: the DMA engine and the conversion cells it owns in rtl/common.
DMA_FILES := rtl/dma/dma_engine.v rtl/dma/dma_rd.v rtl/dma/dma_wr.v rtl/dma/dma_cvt.v \
             rtl/dma/dma_agen.v rtl/dma/dma_pack.v rtl/dma/dma_fifo.v rtl/dma/dma_skid.v rtl/dma/dma_rotl.v rtl/dma/dma_queues.v rtl/dma/dma_mul.v rtl/dma/dma_psize.v \
             rtl/common/tl_widen.v rtl/common/tl_narrow.v rtl/common/tl_sr_rand.v
DMA_INC   := -Irtl/common -Irtl/dma
DMA_HDRS  := rtl/common/tl_encoding.vh rtl/dma/dma_defs.vh

$(eval $(call lint_top,dma_engine_128_a32,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC)))
$(eval $(call lint_top,dma_engine_64_a64,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=64 -GADDR_WIDTH=64))
$(eval $(call lint_top,dma_engine_64_a32_l1,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=64 -GCVT_LANES=1))
$(eval $(call lint_top,dma_engine_256_a48,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=256 -GADDR_WIDTH=48 -GQUEUES=3))
$(eval $(call lint_top,tl_widen,tl_widen,rtl/common/tl_widen.v rtl/common/tl_encoding.vh,$(DMA_INC)))
$(eval $(call lint_top,tl_narrow,tl_narrow,rtl/common/tl_narrow.v rtl/common/tl_encoding.vh,$(DMA_INC)))
$(eval $(call lint_top,tl_sr_rand,tl_sr_rand,rtl/common/tl_sr_rand.v,$(DMA_INC)))

# Yosys synthesis of dma_engine (default parameters: 128-bit data, 32-bit
# addresses): generic `synth` and `synth_ecp5`; reports under build/synth/.
.PHONY: synth-dma
# the last statistics block of a Yosys log (the whole design's cells)
DMA_SYNTH_SUMMARY = awk '{l[NR]=$$0} /Printing statistics/{s=NR} /=== design hierarchy ===/{h=NR} END{b=(h>s)?h:s; for(i=b;i<=NR;i++) if(l[i] ~ /Number of cells/ || (l[i] ~ /^     [$$A-Z]/ && l[i] !~ /paramod/)) print l[i]}'
synth-dma: $(BUILD)/synth/dma_engine_generic.log $(BUILD)/synth/dma_engine_ecp5.log
	@echo "== dma_engine (DATA_WIDTH=128, ADDR_WIDTH=32, QUEUES=4), yosys synth, whole design:"
	@$(DMA_SYNTH_SUMMARY) $(BUILD)/synth/dma_engine_generic.log
	@echo "== dma_engine, yosys synth_ecp5, whole design:"
	@$(DMA_SYNTH_SUMMARY) $(BUILD)/synth/dma_engine_ecp5.log
	@grep -i 'warning' $(BUILD)/synth/dma_engine_generic.log $(BUILD)/synth/dma_engine_ecp5.log | grep -v 'ABC: Warning: The network is combinational' || echo "no Yosys warnings"

$(BUILD)/synth/dma_engine_generic.log: $(DMA_FILES) $(DMA_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	yosys -q -l $@ -p 'read_verilog -DSYNTHESIS $(DMA_INC) $(DMA_FILES); synth -top dma_engine; stat' > /dev/null

$(BUILD)/synth/dma_engine_ecp5.log: $(DMA_FILES) $(DMA_HDRS) | $(DEPS)
	@mkdir -p $(@D)
	yosys -q -l $@ -p 'read_verilog -DSYNTHESIS $(DMA_INC) $(DMA_FILES); synth_ecp5 -top dma_engine; stat' > /dev/null
