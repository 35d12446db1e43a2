// Thin C shim around the Verilated arb_bram_tb (axi_arb2 + axi_bram).
#include "Varb_bram_tb.h"
#include "arb_bram_shim.h"
#include "vl_dut.h"

struct arb_dut : VlDut<Varb_bram_tb> {};

extern "C" arb_dut *arb_dut_create(const char *wave, uint32_t seed)
{
    arb_dut *d = new arb_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->eval();
    return d;
}

extern "C" void arb_dut_eval(arb_dut *d, arb_port p[2])
{
    Varb_bram_tb *t = d->top;
    t->m0_awid = p[0].awid;
    t->m0_awaddr = p[0].awaddr;
    t->m0_awlen = p[0].awlen;
    t->m0_awsize = p[0].awsize;
    t->m0_awburst = p[0].awburst;
    t->m0_awvalid = p[0].awvalid;
    t->m0_wdata = p[0].wdata;
    t->m0_wstrb = p[0].wstrb;
    t->m0_wlast = p[0].wlast;
    t->m0_wvalid = p[0].wvalid;
    t->m0_bready = p[0].bready;
    t->m0_arid = p[0].arid;
    t->m0_araddr = p[0].araddr;
    t->m0_arlen = p[0].arlen;
    t->m0_arsize = p[0].arsize;
    t->m0_arburst = p[0].arburst;
    t->m0_arvalid = p[0].arvalid;
    t->m0_rready = p[0].rready;
    t->m1_awid = p[1].awid;
    t->m1_awaddr = p[1].awaddr;
    t->m1_awlen = p[1].awlen;
    t->m1_awsize = p[1].awsize;
    t->m1_awburst = p[1].awburst;
    t->m1_awvalid = p[1].awvalid;
    t->m1_wdata = p[1].wdata;
    t->m1_wstrb = p[1].wstrb;
    t->m1_wlast = p[1].wlast;
    t->m1_wvalid = p[1].wvalid;
    t->m1_bready = p[1].bready;
    t->m1_arid = p[1].arid;
    t->m1_araddr = p[1].araddr;
    t->m1_arlen = p[1].arlen;
    t->m1_arsize = p[1].arsize;
    t->m1_arburst = p[1].arburst;
    t->m1_arvalid = p[1].arvalid;
    t->m1_rready = p[1].rready;
    d->eval();
    p[0].awready = t->m0_awready;
    p[0].wready = t->m0_wready;
    p[0].bid = t->m0_bid;
    p[0].bresp = t->m0_bresp;
    p[0].bvalid = t->m0_bvalid;
    p[0].arready = t->m0_arready;
    p[0].rid = t->m0_rid;
    p[0].rdata = t->m0_rdata;
    p[0].rresp = t->m0_rresp;
    p[0].rlast = t->m0_rlast;
    p[0].rvalid = t->m0_rvalid;
    p[1].awready = t->m1_awready;
    p[1].wready = t->m1_wready;
    p[1].bid = t->m1_bid;
    p[1].bresp = t->m1_bresp;
    p[1].bvalid = t->m1_bvalid;
    p[1].arready = t->m1_arready;
    p[1].rid = t->m1_rid;
    p[1].rdata = t->m1_rdata;
    p[1].rresp = t->m1_rresp;
    p[1].rlast = t->m1_rlast;
    p[1].rvalid = t->m1_rvalid;
}

extern "C" void arb_dut_tick(arb_dut *d, int rst)
{
    d->top->rst = rst;
    d->tick();
}

extern "C" void arb_dut_free(arb_dut *d) { delete d; }
