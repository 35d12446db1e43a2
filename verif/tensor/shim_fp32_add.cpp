// Thin C shim around the Verilated fp32_add_tb (the pipelined fp32_add at
// one of its depths, no clock enable).
#include "Vfp32_add_tb.h"
#include "vl_dut.h"
#include "te_shim.h"

struct fp32_add_dut : VlDut<Vfp32_add_tb> {};

extern "C" fp32_add_dut *fp32_add_dut_create(const char *wave, uint32_t seed)
{
    fp32_add_dut *d = new fp32_add_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->eval();  // settle, not traced
    return d;
}

extern "C" uint32_t fp32_add_dut_step(fp32_add_dut *d, uint32_t a, uint32_t b)
{
    d->top->a = a;
    d->top->b = b;
    d->tick();
    return d->top->y;
}

extern "C" unsigned fp32_add_dut_latency(fp32_add_dut *d) { return d->top->cfg_latency; }

extern "C" void fp32_add_dut_free(fp32_add_dut *d) { delete d; }
