# rtl/core: the trnlite core (docs/core.md section 11). Each block of the
# core lists its files in its own fragment rtl/core/<block>.mk, included here.
include $(sort $(filter-out rtl/core/files.mk,$(wildcard rtl/core/*.mk)))
