/* The C view of test_sdram_ctrl's DUT (sdram_ctrl, shim_sdram_ctrl.cpp). */
#ifndef SDRAM_CTRL_SHIM_H
#define SDRAM_CTRL_SHIM_H

#include <stdint.h>

#include "arb_bram_shim.h" /* arb_port: one AXI4 master port's pins */
#include "sdram_model.h"   /* sdram_pins */

#ifdef __cplusplus
extern "C" {
#endif

/* The parameters the model was Verilated with. */
typedef struct {
    unsigned clk_mhz, cas_latency, rd_extra, row_bits, col_bits;
} sdram_dut_cfg;

typedef struct sdram_dut sdram_dut;
sdram_dut *sdram_dut_create(const char *wave, uint32_t seed);
sdram_dut_cfg sdram_dut_config(void);
/* Drive the AXI inputs and DQ in, evaluate, read the AXI outputs (the
 * values the coming edge sees). */
void sdram_dut_eval(sdram_dut *d, arb_port *p, unsigned dq_in);
/* The clock edge; rst is applied with it. */
void sdram_dut_tick(sdram_dut *d, int rst);
/* The SDRAM pins as the last edge left them. */
void sdram_dut_pins(sdram_dut *d, sdram_pins *pins);
void sdram_dut_free(sdram_dut *d);

#ifdef __cplusplus
}
#endif

#endif
