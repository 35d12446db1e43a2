/* The C view of test_arb_bram's DUT (arb_bram_tb, shim_arb_bram.cpp). */
#ifndef ARB_BRAM_SHIM_H
#define ARB_BRAM_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One master port: inputs the test drives, outputs it reads. */
typedef struct {
    uint32_t awid;
    uint32_t awaddr;
    uint32_t awlen;
    uint32_t awsize;
    uint32_t awburst;
    uint32_t awvalid;
    uint64_t wdata;
    uint32_t wstrb;
    uint32_t wlast;
    uint32_t wvalid;
    uint32_t bready;
    uint32_t arid;
    uint32_t araddr;
    uint32_t arlen;
    uint32_t arsize;
    uint32_t arburst;
    uint32_t arvalid;
    uint32_t rready;
    /* outputs */
    uint32_t awready;
    uint32_t wready;
    uint32_t bid;
    uint32_t bresp;
    uint32_t bvalid;
    uint32_t arready;
    uint32_t rid;
    uint64_t rdata;
    uint32_t rresp;
    uint32_t rlast;
    uint32_t rvalid;
} arb_port;

typedef struct arb_dut arb_dut;
arb_dut *arb_dut_create(const char *wave, uint32_t seed);
/* Drive both ports' inputs, evaluate, and read their outputs (the values
 * the coming clock edge sees: a handshake happens where both are high). */
void arb_dut_eval(arb_dut *d, arb_port p[2]);
/* The clock edge; rst is applied with it. */
void arb_dut_tick(arb_dut *d, int rst);
void arb_dut_free(arb_dut *d);

#ifdef __cplusplus
}
#endif

#endif
