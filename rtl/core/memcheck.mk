# rtl/core/memcheck.mk: core_mem_check, the simulation-only protocol checker
# of the SBUF and PSUM word ports, and core_mem_stall, their simulation-only
# long random stalls (docs/core.md section 11, docs/verification.md
# section 4). Not in CORE_FILES: synthesis and
# trnlite.core never read it. core_sbuf and core_psum instantiate it on
# each of their request ports under `ifndef SYNTHESIS` when TL_CHECKS is
# defined: a Verilated test build adds $(MEMCHECK_FILES) to its sources
# and $(MEMCHECK_DEFS) to its flags (verif/core/core_rtl.mk, mem.mk,
# verif/stress/stress.mk). core_act's own tests, which have no memories,
# check its four ports from the harness (test_core_act.c check_stable).
MEMCHECK_FILES := rtl/core/core_mem_check.v rtl/core/core_mem_stall.v
MEMCHECK_DEFS  := -DTL_CHECKS

$(eval $(call lint_top,core_mem_check,core_mem_check,rtl/core/core_mem_check.v rtl/core/core_mem.vh,-Irtl/core -GREAD=1 -GAW=12 -GDW=3))
$(eval $(call lint_top,core_mem_stall,core_mem_stall,rtl/core/core_mem_stall.v,-GSALT=3))
# the instances as the test builds see them (the default lint tops above
# see none of them)
$(eval $(call lint_top,core_sbuf_4x4_checks,core_sbuf,rtl/core/core_sbuf.v $(MEMCHECK_FILES) rtl/core/core_mem.vh,$(MEM_LINT_INC) $(MEMCHECK_DEFS) -GROWS=4 -GDATA_WIDTH=64))
$(eval $(call lint_top,core_psum_4x4_checks,core_psum,rtl/core/core_psum.v rtl/common/fp32_add.v $(MEMCHECK_FILES) $(MEM_HDRS),$(MEM_LINT_INC) $(MEMCHECK_DEFS) -GCOLS=4 $(MEM_SMALL)))
