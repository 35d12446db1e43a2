// Thin C shim around the Verilated fp32_add (1-cycle pipeline).
#include <cstdlib>
#include <new>

#include "Vfp32_add.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "te_shim.h"

struct fp32_add_dut {
    VerilatedContext ctx;
    Vfp32_add *top;
    void *mem;        // 64-byte aligned storage of *top
    VerilatedFstC *fst;
    uint64_t t;
};

extern "C" fp32_add_dut *fp32_add_dut_create(const char *wave, uint32_t seed)
{
    fp32_add_dut *d = new fp32_add_dut;
    d->ctx.randReset(2);
    d->ctx.randSeed((int)(seed % 0x7ffffffeu) + 1);  // 0 would mean "time based"
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vfp32_add)))
        abort();
    d->top = new (d->mem) Vfp32_add(&d->ctx);
    d->fst = nullptr;
    d->t = 0;
    if (wave) {
        d->ctx.traceEverOn(true);
        d->fst = new VerilatedFstC;
        d->top->trace(d->fst, 99);
        d->fst->open(wave);
    }
    d->top->clk = 0;
    d->top->ce = 1;
    d->top->eval();
    return d;
}

extern "C" uint32_t fp32_add_dut_step(fp32_add_dut *d, uint32_t a, uint32_t b)
{
    d->top->a = a;
    d->top->b = b;
    d->top->clk = 1;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t);
    d->t++;
    d->top->clk = 0;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t);
    d->t++;
    return d->top->y;
}

extern "C" void fp32_add_dut_free(fp32_add_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vfp32_add();
    free(d->mem);
    delete d;
}
