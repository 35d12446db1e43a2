/*
 * The Verilated trnlite_core as a device: its DRAM is an axi_mem (latency
 * and back-pressure as configured), its CSRs are reached through a C
 * AXI4-Lite master, one clock at a time. The harness (core_harness.h)
 * puts this behind the same calls as the C model.
 */
#ifndef CORE_RTL_H
#define CORE_RTL_H

#include <stdbool.h>
#include <stdint.h>

#include "axi_mem.h"

typedef struct {
    unsigned latency;         /* DRAM: AR -> first R, last W -> B (>= 1) */
    unsigned ready_pct;       /* chance (%) a ready/valid is offered; 100 = always */
    unsigned stall_permille;  /* long stalls per mille of cycles and channel */
    unsigned stall_max;
    uint64_t seed;            /* back-pressure stream */
    uint32_t powerup_seed;    /* random power-up values of every flip-flop (0: zeros) */
    const char *wave;         /* FST path or NULL */
} core_rtl_opts;

typedef struct core_rtl core_rtl;

/* Return codes of the CSR accesses. */
enum { CORE_RTL_OK = 0, CORE_RTL_ETIMEOUT = -1, CORE_RTL_ERESP = -2 };
const char *core_rtl_strerror(int rc);

/* A reset core with DRAM [base, base + size) (zeros); NULL if out of memory. */
core_rtl *core_rtl_create(uint64_t base, uint64_t size, const core_rtl_opts *o);
void core_rtl_free(core_rtl *r);
uint8_t *core_rtl_dram(core_rtl *r);
axi_mem *core_rtl_mem(core_rtl *r);
unsigned core_rtl_data_bytes(void);

/* rst high for n cycles (the DRAM model drops what was in flight). */
void core_rtl_reset(core_rtl *r, unsigned n);
/* One AXI4-Lite transaction each, clocking until it completes:
 * CORE_RTL_OK, CORE_RTL_ETIMEOUT (no answer in 10000 cycles; the request
 * is withdrawn) or CORE_RTL_ERESP (core_rtl_last_resp has BRESP/RRESP). */
int core_rtl_csr_read(core_rtl *r, uint32_t off, uint32_t *v);
int core_rtl_csr_write(core_rtl *r, uint32_t off, uint32_t v);
unsigned core_rtl_last_resp(const core_rtl *r);
void core_rtl_clock(core_rtl *r, uint64_t n);
uint64_t core_rtl_now(const core_rtl *r);
bool core_rtl_irq(const core_rtl *r);
/* The core's trace port in one cycle (docs/core.md section 11): per
 * engine (0 DMA, 1 TE, 2 ACT) bit masks, the queue of the descriptor
 * taken, and per DMA queue a completion mask. */
typedef struct {
    uint8_t issue, done, wait, nop, dma_queue;
    uint32_t dma_done;
} core_trace_port;
/* fn(u, cycle, port) in every cycle in which the port shows anything or
 * its wait bits change (fn NULL: off). */
void core_rtl_set_trace(core_rtl *r, void (*fn)(void *u, uint64_t cycle, const core_trace_port *p), void *u);
/* A hash of every output a well-behaved neighbour may look at, in every
 * cycle outside reset: VALIDs, READYs, irq, and each payload while its
 * VALID is high (WDATA bytes under WSTRB). Equal runs give equal hashes. */
uint64_t core_rtl_out_hash(const core_rtl *r);
/* AXI protocol violations the DRAM model saw (and the first one). */
unsigned core_rtl_violations(const core_rtl *r, const char **first);

#endif
