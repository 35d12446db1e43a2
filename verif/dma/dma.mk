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

FUZZ += $(BUILD)/tests/test_tl_narrow
