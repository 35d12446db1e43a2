// Thin C shim around a Verilated tl_widen built with LATENCY = 1 (the
// activation lane's and the DMA converter's form), behind the same calls as
// shim_tl_widen.cpp: the inputs go in, one clock edge with ce = 1, then
// different inputs and one edge with ce = 0, and the output must still be
// the first inputs' (it comes from the register, which ce holds).
#include "Vtl_widen.h"
#include "vl_dut.h"
#include "tl_cells_shim.h"

struct tl_widen_dut : VlDut<Vtl_widen> {};

extern "C" tl_widen_dut *tl_widen_dut_create(const char *wave)
{
    tl_widen_dut *d = new tl_widen_dut;
    d->create(wave);
    d->top->clk = 0;
    d->top->ce = 1;
    d->eval();
    return d;
}

extern "C" uint32_t tl_widen_dut_eval(tl_widen_dut *d, unsigned fmt, uint32_t bits)
{
    d->top->ce = 1;
    d->top->fmt = fmt;
    d->top->in_bits = bits;
    d->eval();
    d->tick();
    d->top->ce = 0;
    d->top->fmt = (fmt + 1) & 7;
    d->top->in_bits = ~bits;
    d->eval();
    d->tick();
    return d->top->out_bits;
}

extern "C" void tl_widen_dut_free(tl_widen_dut *d) { delete d; }
