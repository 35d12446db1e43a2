// Thin C shim around the Verilated sdram_ctrl. The parameters it was
// Verilated with are repeated here (board.mk passes the same values):
// shim_sdram_ctrl_fast.cpp defines them and includes this file.
#include "Vsdram_ctrl.h"
#include "sdram_ctrl_shim.h"
#include "vl_dut.h"

#ifndef SDRAM_CLK_MHZ
#define SDRAM_CLK_MHZ 50
#define SDRAM_CAS_LATENCY 2
#define SDRAM_RD_EXTRA 0
#define SDRAM_ROW_BITS 13
#define SDRAM_COL_BITS 9
#endif

struct sdram_dut : VlDut<Vsdram_ctrl> {};

extern "C" sdram_dut *sdram_dut_create(const char *wave, uint32_t seed)
{
    sdram_dut *d = new sdram_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->eval();
    return d;
}

extern "C" sdram_dut_cfg sdram_dut_config(void)
{
    return sdram_dut_cfg{SDRAM_CLK_MHZ, SDRAM_CAS_LATENCY, SDRAM_RD_EXTRA, SDRAM_ROW_BITS, SDRAM_COL_BITS};
}

extern "C" void sdram_dut_eval(sdram_dut *d, arb_port *p, unsigned dq_in)
{
    Vsdram_ctrl *t = d->top;
    t->s_axi_awid = p->awid;
    t->s_axi_awaddr = p->awaddr;
    t->s_axi_awlen = p->awlen;
    t->s_axi_awsize = p->awsize;
    t->s_axi_awburst = p->awburst;
    t->s_axi_awvalid = p->awvalid;
    t->s_axi_wdata = p->wdata;
    t->s_axi_wstrb = p->wstrb;
    t->s_axi_wlast = p->wlast;
    t->s_axi_wvalid = p->wvalid;
    t->s_axi_bready = p->bready;
    t->s_axi_arid = p->arid;
    t->s_axi_araddr = p->araddr;
    t->s_axi_arlen = p->arlen;
    t->s_axi_arsize = p->arsize;
    t->s_axi_arburst = p->arburst;
    t->s_axi_arvalid = p->arvalid;
    t->s_axi_rready = p->rready;
    t->sdram_dq_in = dq_in;
    d->eval();
    p->awready = t->s_axi_awready;
    p->wready = t->s_axi_wready;
    p->bid = t->s_axi_bid;
    p->bresp = t->s_axi_bresp;
    p->bvalid = t->s_axi_bvalid;
    p->arready = t->s_axi_arready;
    p->rid = t->s_axi_rid;
    p->rdata = t->s_axi_rdata;
    p->rresp = t->s_axi_rresp;
    p->rlast = t->s_axi_rlast;
    p->rvalid = t->s_axi_rvalid;
}

extern "C" void sdram_dut_pins(sdram_dut *d, sdram_pins *pins)
{
    Vsdram_ctrl *t = d->top;
    pins->cke = t->sdram_cke;
    pins->cs_n = t->sdram_cs_n;
    pins->ras_n = t->sdram_ras_n;
    pins->cas_n = t->sdram_cas_n;
    pins->we_n = t->sdram_we_n;
    pins->ba = t->sdram_ba;
    pins->a = t->sdram_a;
    pins->dqm = t->sdram_dqm;
    pins->dq = t->sdram_dq_out;
    pins->dq_oe = t->sdram_dq_oe;
}

extern "C" void sdram_dut_tick(sdram_dut *d, int rst)
{
    d->top->rst = rst;
    d->tick();
}

extern "C" void sdram_dut_free(sdram_dut *d) { delete d; }
