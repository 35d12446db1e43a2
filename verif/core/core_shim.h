/*
 * C API of the Verilated trnlite_core (shim_core.cpp). The shim only
 * copies signals between the model and the plain C struct core_io; the
 * DRAM (axi_mem), the AXI4-Lite master and the clock loop live in C
 * (core_rtl.c).
 */
#ifndef CORE_SHIM_H
#define CORE_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#include "axi_mem.h"
#include "core_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /* inputs */
    bool rst;
    uint32_t awaddr; bool awvalid;
    uint32_t wdata, wstrb; bool wvalid;
    bool bready;
    uint32_t araddr; bool arvalid;
    bool rready;
    /* outputs */
    bool awready, wready;
    uint32_t bresp; bool bvalid;
    bool arready;
    uint32_t rdata, rresp; bool rvalid;
    bool irq;
    core_trace_port trc;     /* the trace port (debug) */
    /* the AXI4 master port, both directions */
    axi_port axi;
} core_io;

typedef struct core_dut core_dut;

/* wave: FST path or NULL; seed: random power-up values (0: all zero).
 * NULL if out of memory. */
core_dut *core_dut_create(const char *wave, uint32_t seed);
void core_dut_free(core_dut *d);
/* Adds a simulation plusarg (e.g. "+tl_mem_stall=5", rtl/core/core_mem_stall.v)
 * to the model; call it before the first core_dut_eval. */
void core_dut_plusarg(core_dut *d, const char *arg);
/* Bus width in bytes of this build. */
unsigned core_dut_data_bytes(void);
/* Clock low: inputs from io into the model, evaluate, outputs into io. */
void core_dut_eval(core_dut *d, core_io *io);
/* Rising clock edge. */
void core_dut_posedge(core_dut *d);

#ifdef __cplusplus
}
#endif

#endif
