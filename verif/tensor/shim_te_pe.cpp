// Thin C shim around the Verilated te_pe_tb (one PE with the engine's
// operand decoders around it).
#include "Vte_pe_tb.h"
#include "vl_dut.h"
#include "te_shim.h"

struct te_pe_dut : VlDut<Vte_pe_tb> {};

extern "C" te_pe_dut *te_pe_dut_create(const char *wave, uint32_t seed)
{
    te_pe_dut *d = new te_pe_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->eval();  // settle, not traced
    return d;
}

extern "C" unsigned te_pe_dut_psum_delay(te_pe_dut *d) { return d->top->cfg_psum_delay; }
extern "C" unsigned te_pe_dut_out_delay(te_pe_dut *d) { return d->top->cfg_out_delay; }
extern "C" int te_pe_dut_first_row(te_pe_dut *d) { return d->top->cfg_first_row; }

extern "C" uint32_t te_pe_dut_step(te_pe_dut *d, const te_pe_in *in)
{
    Vte_pe_tb *t = d->top;
    t->mv_valid = in->mv_valid;
    t->mv_swap = in->mv_swap;
    t->fmt_w = in->fmt_w;
    t->fmt_x = in->fmt_x;
    t->x = in->x;
    t->row_en = in->row_en;
    t->ld_en = in->ld_en;
    t->ld_data = in->ld_data;
    t->psum_in = in->psum_in;
    d->tick();
    return t->psum_out;
}

extern "C" void te_pe_dut_free(te_pe_dut *d) { delete d; }
