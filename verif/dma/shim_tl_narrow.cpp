// Thin C shim around the Verilated tl_narrow (combinational).
#include "Vtl_narrow.h"
#include "vl_dut.h"
#include "tl_cells_shim.h"

struct tl_narrow_dut : VlDut<Vtl_narrow> {};

extern "C" tl_narrow_dut *tl_narrow_dut_create(const char *wave)
{
    tl_narrow_dut *d = new tl_narrow_dut;
    d->create(wave);
    return d;
}

extern "C" uint32_t tl_narrow_dut_eval(tl_narrow_dut *d, unsigned fmt, uint32_t f32,
                                       unsigned rnd, unsigned sat, uint32_t rand32)
{
    d->top->fmt = fmt;
    d->top->in_bits = f32;
    d->top->rnd = rnd;
    d->top->sat = sat;
    d->top->rand32 = rand32;
    d->eval();
    return d->top->out_bits;
}

extern "C" void tl_narrow_dut_free(tl_narrow_dut *d) { delete d; }
