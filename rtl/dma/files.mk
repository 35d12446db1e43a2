# rtl/dma: the DMA engine and the conversion cells it owns in rtl/common.
DMA_FILES := rtl/dma/dma_engine.v rtl/dma/dma_rd.v rtl/dma/dma_wr.v rtl/dma/dma_cvt.v \
             rtl/dma/dma_agen.v rtl/dma/dma_pack.v rtl/dma/dma_fifo.v rtl/dma/dma_skid.v rtl/dma/dma_pingpong.v rtl/dma/dma_bypass.v rtl/dma/dma_rotl.v rtl/dma/dma_queues.v rtl/dma/dma_mul.v rtl/dma/dma_psize.v \
             rtl/common/tl_widen.v rtl/common/tl_narrow.v rtl/common/tl_sr_rand.v
DMA_INC   := -Irtl/common -Irtl/dma
DMA_HDRS  := rtl/common/tl_encoding.vh rtl/dma/dma_defs.vh

$(eval $(call lint_top,dma_engine_128_a32,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC)))
$(eval $(call lint_top,dma_engine_64_a64,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=64 -GADDR_WIDTH=64))
$(eval $(call lint_top,dma_engine_64_a32_l1,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=64 -GCVT_LANES=1))
$(eval $(call lint_top,dma_engine_256_a48,dma_engine,$(DMA_FILES) $(DMA_HDRS),$(DMA_INC) -GDATA_WIDTH=256 -GADDR_WIDTH=48 -GQUEUES=3))
$(eval $(call lint_top,tl_widen,tl_widen,rtl/common/tl_widen.v rtl/common/tl_encoding.vh,$(DMA_INC)))
$(eval $(call lint_top,tl_widen_l1,tl_widen,rtl/common/tl_widen.v rtl/common/tl_encoding.vh,$(DMA_INC) -GLATENCY=1))
$(eval $(call lint_top,tl_narrow,tl_narrow,rtl/common/tl_narrow.v rtl/common/tl_encoding.vh,$(DMA_INC)))
$(eval $(call lint_top,tl_sr_rand,tl_sr_rand,rtl/common/tl_sr_rand.v,$(DMA_INC)))

# make synth-dma: the DMA rows of `make synth` (fpga/configs.mk).
.PHONY: synth-dma
synth-dma:
	@$(MAKE) --no-print-directory synth FPGA_CONFIGS="dma_board dma_128"
