/*
 * C API of the Verilated core_ctrl (shim_core_ctrl.cpp). The shim only
 * copies signals between the model and the plain C struct cc_io; the
 * DRAM, the engines and the checks live in C (test_core_ctrl.c).
 *
 * Every test build of core_ctrl uses the geometry of test_core_cmd's
 * small configuration (ctrl.mk passes the same values with -G):
 */
#ifndef CC_SHIM_H
#define CC_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CC_ROWS 4
#define CC_COLS 4
#define CC_SBUF_PART_LOG2 12
#define CC_PSUM_BANKS 4
#define CC_PSUM_BANK_LOG2 6
#define CC_SEMS 16
#define CC_QUEUES 4

typedef struct {
    /* inputs */
    bool rst;
    uint32_t awaddr; bool awvalid; uint32_t wdata; bool wvalid; bool bready;
    uint32_t araddr; bool arvalid; bool rready;
    bool f_arready, f_rvalid, f_rlast;
    uint8_t f_rdata[32];
    uint32_t f_rresp;
    bool dma_desc_ready;
    uint32_t dma_done_pulse, dma_err_valid;
    uint32_t dma_err_code[CC_QUEUES];
    uint64_t dma_err_addr[CC_QUEUES];
    bool dma_idle;
    bool te_insn_ready, te_done, act_insn_ready, act_done;
    /* outputs */
    bool awready, wready, bvalid, arready, rvalid;
    uint32_t bresp, rdata, rresp;
    bool f_arvalid;
    uint64_t f_araddr, dram_base, dram_limit;
    bool dma_desc_valid;
    uint32_t dma_desc_queue;
    uint32_t dma_desc_data[20];
    uint32_t dma_err_clear;
    bool dma_abort;
    bool te_insn_valid, act_insn_valid;
    uint32_t te_insn[32], act_insn[32];
    bool eng_rst, irq;
} cc_io;

typedef struct cc_dut cc_dut;

/* wave: FST path or NULL; seed: the power-up values of every flip-flop
 * and memory (Verilator randReset(2) seeded with it). */
cc_dut *cc_dut_create(const char *wave, uint32_t seed);
void cc_dut_free(cc_dut *d);
/* Bus width in bytes and AXI address bits of this build. */
unsigned cc_dut_data_bytes(void);
unsigned cc_dut_addr_bits(void);
/* Clock low: inputs from io into the model, evaluate, outputs into io. */
void cc_dut_eval(cc_dut *d, cc_io *io);
/* Rising clock edge. */
void cc_dut_posedge(cc_dut *d);

#ifdef __cplusplus
}
#endif

#endif
