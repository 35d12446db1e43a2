// Thin C shim around the Verilated tl_widen (combinational).
#include "Vtl_widen.h"
#include "vl_dut.h"
#include "tl_cells_shim.h"

struct tl_widen_dut : VlDut<Vtl_widen> {};

extern "C" tl_widen_dut *tl_widen_dut_create(const char *wave)
{
    tl_widen_dut *d = new tl_widen_dut;
    d->create(wave);
    return d;
}

extern "C" uint32_t tl_widen_dut_eval(tl_widen_dut *d, unsigned fmt, uint32_t bits)
{
    d->top->fmt = fmt;
    d->top->in_bits = bits;
    d->eval();
    return d->top->out_bits;
}

extern "C" void tl_widen_dut_free(tl_widen_dut *d) { delete d; }
