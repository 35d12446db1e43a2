/*
 * The harness of core_harness.h on the Verilated RTL core: the same
 * calls (ch_rd, ch_wr, ch_push, ch_run, ch_mem) drive trnlite_core, its
 * DRAM an axi_mem with the latency and back-pressure of opts.
 */
#ifndef CORE_HARNESS_RTL_H
#define CORE_HARNESS_RTL_H

#include "core_harness.h"
#include "core_rtl.h"

/* An RTL core set up as ch_create does. cfg is what the test expects of
 * the build: the CFG_* registers must say the same (the test fails
 * otherwise); NULL takes the build as it is (h->cfg). */
ch *ch_create_rtl(const tl_core_config *cfg, const core_rtl_opts *opts);
core_rtl *ch_rtl(ch *h);
/* The build's parameters, read from its CFG_* registers. */
void ch_rtl_config(ch *h, tl_core_config *cfg);
/* Cycles ch_run allows before it fails the test (default 20 million). */
void ch_rtl_set_limit(ch *h, uint64_t cycles);

#endif
