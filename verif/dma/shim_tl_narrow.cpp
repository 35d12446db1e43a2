// Thin C shim around the Verilated tl_narrow (combinational).
#include <cstdlib>
#include <new>

#include "Vtl_narrow.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "tl_cells_shim.h"

struct tl_narrow_dut {
    VerilatedContext ctx;
    Vtl_narrow *top;
    void *mem;
    VerilatedFstC *fst;
    uint64_t t;
};

extern "C" tl_narrow_dut *tl_narrow_dut_create(const char *wave)
{
    tl_narrow_dut *d = new tl_narrow_dut;
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vtl_narrow)))
        abort();
    d->top = new (d->mem) Vtl_narrow(&d->ctx);
    d->fst = nullptr;
    d->t = 0;
    if (wave) {
        d->ctx.traceEverOn(true);
        d->fst = new VerilatedFstC;
        d->top->trace(d->fst, 99);
        d->fst->open(wave);
    }
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
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t++);
    return d->top->out_bits;
}

extern "C" void tl_narrow_dut_free(tl_narrow_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vtl_narrow();
    free(d->mem);
    delete d;
}
