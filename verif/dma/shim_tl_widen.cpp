// Thin C shim around the Verilated tl_widen (combinational).
#include <cstdlib>
#include <new>

#include "Vtl_widen.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "tl_cells_shim.h"

struct tl_widen_dut {
    VerilatedContext ctx;
    Vtl_widen *top;
    void *mem;
    VerilatedFstC *fst;
    uint64_t t;
};

extern "C" tl_widen_dut *tl_widen_dut_create(const char *wave)
{
    tl_widen_dut *d = new tl_widen_dut;
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vtl_widen)))
        abort();
    d->top = new (d->mem) Vtl_widen(&d->ctx);
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

extern "C" uint32_t tl_widen_dut_eval(tl_widen_dut *d, unsigned fmt, uint32_t bits)
{
    d->top->fmt = fmt;
    d->top->in_bits = bits;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t++);
    return d->top->out_bits;
}

extern "C" void tl_widen_dut_free(tl_widen_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vtl_widen();
    free(d->mem);
    delete d;
}
