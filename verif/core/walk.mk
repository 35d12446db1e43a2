# test_core_walk (issue 10): the core's wide CSRs, ring bases, DMA
# descriptor fields and semaphores walked bit by bit against the C model
# (a few seconds; its coverage build is in verif/stress/coverage.mk).
$(eval $(call vl_test,test_core_walk,core_4x8,verif/core/test_core_walk.c $(CORE_RTL_HARNESS),verif/core/shim_core.cpp))
