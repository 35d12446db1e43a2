// Thin C shim around the Verilated fp32_mul (pipelined, no clock enable).
#include "Vfp32_mul.h"
#include "vl_dut.h"
#include "act_shim.h"

struct fp32_mul_dut : VlDut<Vfp32_mul> {};

extern "C" fp32_mul_dut *fp32_mul_dut_create(const char *wave, uint32_t seed)
{
    fp32_mul_dut *d = new fp32_mul_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->eval();  // settle, not traced
    return d;
}

extern "C" uint32_t fp32_mul_dut_step(fp32_mul_dut *d, uint32_t a, uint32_t b)
{
    d->top->a = a;
    d->top->b = b;
    d->tick();
    return d->top->y;
}

extern "C" void fp32_mul_dut_free(fp32_mul_dut *d) { delete d; }
