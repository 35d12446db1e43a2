# rtl: lint rules. Per-block file lists live in rtl/<block>/files.mk.
#
# $(call lint_top,NAME,TOP,RTL_FILES,PARAMS): `make lint` runs
#   verilator --lint-only -Wall (no -Wno-fatal: any warning fails) and
#   iverilog -g2005 on TOP with each parameter set (PARAMS: -Gx=y ...).
define lint_top
$(BUILD)/lint/$(1).ok: $(3) | $(DEPS)
	@mkdir -p $$(@D)
	verilator --lint-only -Wall $(4) --top-module $(2) $(3)
	iverilog -g2005 -Wall -o $(BUILD)/lint/$(1).vvp -s $(2) $(subst -G,-P$(2).,$(4)) $(3)
	@touch $$@
LINT += $(BUILD)/lint/$(1).ok
endef

# Blocks in dependency order: the core's file list uses the DMA's.
include rtl/tensor/files.mk rtl/dma/files.mk rtl/core/files.mk rtl/board/files.mk
