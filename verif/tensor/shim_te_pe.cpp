// Thin C shim around the Verilated te_pe (one processing element).
#include <cstdlib>
#include <new>

#include "Vte_pe.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "te_shim.h"

struct te_pe_dut {
    VerilatedContext ctx;
    Vte_pe *top;
    void *mem;        // 64-byte aligned storage of *top
    VerilatedFstC *fst;
    uint64_t t;
};

extern "C" te_pe_dut *te_pe_dut_create(const char *wave, uint32_t seed)
{
    te_pe_dut *d = new te_pe_dut;
    d->ctx.randReset(2);
    d->ctx.randSeed((int)(seed % 0x7ffffffeu) + 1);  // 0 would mean "time based"
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vte_pe)))
        abort();
    d->top = new (d->mem) Vte_pe(&d->ctx);
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

extern "C" uint32_t te_pe_dut_step(te_pe_dut *d, const te_pe_in *in)
{
    Vte_pe *t = d->top;
    t->mv_valid = in->mv_valid;
    t->mv_swap = in->mv_swap;
    t->fmt_w = in->fmt_w;
    t->fmt_x = in->fmt_x;
    t->x = in->x;
    t->row_en = in->row_en;
    t->ld_en = in->ld_en;
    t->ld_data = in->ld_data;
    t->psum_in = in->psum_in;
    t->clk = 1;
    t->eval();
    if (d->fst)
        d->fst->dump(d->t);
    d->t++;
    t->clk = 0;
    t->eval();
    if (d->fst)
        d->fst->dump(d->t);
    d->t++;
    return t->psum_out;
}

extern "C" void te_pe_dut_free(te_pe_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vte_pe();
    free(d->mem);
    delete d;
}
