// Thin C shim around the Verilated tl_sr_rand (21-stage pipeline).
#include "Vtl_sr_rand.h"
#include "vl_dut.h"
#include "tl_cells_shim.h"

struct tl_sr_rand_dut : VlDut<Vtl_sr_rand> {};

extern "C" tl_sr_rand_dut *tl_sr_rand_dut_create(const char *wave)
{
    tl_sr_rand_dut *d = new tl_sr_rand_dut;
    d->create(wave);
    d->top->clk = 0;
    d->top->ce = 0;
    d->top->eval();  // settle, not traced
    return d;
}

extern "C" uint32_t tl_sr_rand_dut_step(tl_sr_rand_dut *d, unsigned ce, uint32_t seed,
                                        uint32_t coord)
{
    d->top->ce = ce;
    d->top->seed = seed;
    d->top->coord = coord;
    d->edge(0);
    d->edge(1);
    return d->top->rand_out;
}

extern "C" void tl_sr_rand_dut_free(tl_sr_rand_dut *d) { delete d; }
