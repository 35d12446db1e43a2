// Thin C shim around the Verilated tl_sr_rand (5-stage pipeline).
#include <cstdlib>
#include <new>

#include "Vtl_sr_rand.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "tl_cells_shim.h"

struct tl_sr_rand_dut {
    VerilatedContext ctx;
    Vtl_sr_rand *top;
    void *mem;
    VerilatedFstC *fst;
    uint64_t t;
};

extern "C" tl_sr_rand_dut *tl_sr_rand_dut_create(const char *wave)
{
    tl_sr_rand_dut *d = new tl_sr_rand_dut;
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vtl_sr_rand)))
        abort();
    d->top = new (d->mem) Vtl_sr_rand(&d->ctx);
    d->fst = nullptr;
    d->t = 0;
    if (wave) {
        d->ctx.traceEverOn(true);
        d->fst = new VerilatedFstC;
        d->top->trace(d->fst, 99);
        d->fst->open(wave);
    }
    d->top->clk = 0;
    d->top->ce = 0;
    d->top->eval();
    return d;
}

extern "C" uint32_t tl_sr_rand_dut_step(tl_sr_rand_dut *d, unsigned ce, uint32_t seed,
                                        uint32_t coord)
{
    d->top->ce = ce;
    d->top->seed = seed;
    d->top->coord = coord;
    d->top->clk = 0;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t++);
    d->top->clk = 1;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t++);
    return d->top->rand_out;
}

extern "C" void tl_sr_rand_dut_free(tl_sr_rand_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vtl_sr_rand();
    free(d->mem);
    delete d;
}
