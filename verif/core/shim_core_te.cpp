// Thin C shim around the Verilated core_te_tb (ct_shim.h). Compiled once
// per configuration; the wide ports go through overloaded put/get.
#include "Vcore_te_tb.h"
#include "vl_dut.h"
#include "ct_shim.h"

struct ct_dut : VlDut<Vcore_te_tb> {};

[[maybe_unused]] static void put(CData &p, const uint32_t *w) { p = (CData)w[0]; }
[[maybe_unused]] static void put(SData &p, const uint32_t *w) { p = (SData)w[0]; }
[[maybe_unused]] static void put(IData &p, const uint32_t *w) { p = w[0]; }
[[maybe_unused]] static void put(QData &p, const uint32_t *w) { p = (QData)w[0] | ((QData)w[1] << 32); }
template <std::size_t N> static void put(VlWide<N> &p, const uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++)
        p[i] = w[i];
}
[[maybe_unused]] static void get(const QData &p, uint32_t *w) { w[0] = (uint32_t)p; w[1] = (uint32_t)(p >> 32); }
template <std::size_t N> static void get(const VlWide<N> &p, uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++)
        w[i] = p[i];
}

extern "C" ct_dut *ct_dut_create(const char *wave, uint32_t seed, const char *plusarg)
{
    ct_dut *d = new ct_dut;
    d->create(wave, seed);
    if (plusarg) {  // before the first eval: the RTL reads it in an initial block
        const char *argv[1] = {plusarg};
        d->ctx.commandArgsAdd(1, argv);
    }
    d->top->clk = 0;
    d->top->rst = 0;
    d->top->eval();  // settle, not traced
    return d;
}

extern "C" void ct_dut_cfg(ct_dut *d, ct_cfg *c)
{
    c->rows = d->top->cfg_rows;
    c->cols = d->top->cfg_cols;
    c->data_width = d->top->cfg_data_width;
    c->sbuf_part_log2 = d->top->cfg_sbuf_part_log2;
    c->psum_banks = d->top->cfg_psum_banks;
    c->psum_bank_log2 = d->top->cfg_psum_bank_log2;
}

extern "C" void ct_dut_reset(ct_dut *d)
{
    static ct_pins idle;
    d->top->rst = 1;
    ct_dut_cycle(d, &idle);
    ct_dut_cycle(d, &idle);
    d->top->rst = 0;
}

extern "C" void ct_dut_cycle(ct_dut *d, ct_pins *p)
{
    Vcore_te_tb *t = d->top;
    uint32_t w[2];
    t->insn_valid = p->insn_valid;
    put(t->insn, p->insn);
#define WR(pfx, f)                                   \
    t->pfx##_valid = p->pfx.valid;                   \
    t->pfx##_##f = p->pfx.f;                         \
    t->pfx##_addr = p->pfx.addr;                     \
    w[0] = p->pfx.strb;                              \
    put(t->pfx##_strb, w);                           \
    put(t->pfx##_data, p->pfx.data);
    WR(s_dma_wr, part)
    WR(s_act_wr, mask)
    WR(p_dma_wr, part)
    WR(p_act_wr, mask)
#undef WR
#define RD(pfx)                    \
    t->pfx##_valid = p->pfx.valid; \
    t->pfx##_addr = p->pfx.addr;
    RD(s_dma_rd)
    RD(s_act_rd)
    RD(p_dma_rd)
    RD(p_act_rd)
#undef RD
    // clk falls together with the new inputs: two evaluations per cycle
    d->edge(0);
    p->insn_ready = t->insn_ready;
    p->s_dma_wr.ready = t->s_dma_wr_ready;
    p->s_act_wr.ready = t->s_act_wr_ready;
    p->p_dma_wr.ready = t->p_dma_wr_ready;
    p->p_act_wr.ready = t->p_act_wr_ready;
    p->s_dma_rd.ready = t->s_dma_rd_ready;
    p->s_act_rd.ready = t->s_act_rd_ready;
    p->p_dma_rd.ready = t->p_dma_rd_ready;
    p->p_act_rd.ready = t->p_act_rd_ready;
    d->edge(1);
    p->done = t->done;
    p->busy = t->busy;
    p->te_beat = t->te_beat;
    p->s_dma_rd.rsp_valid = t->s_dma_rd_rsp_valid;
    p->s_act_rd.rsp_valid = t->s_act_rd_rsp_valid;
    p->p_dma_rd.rsp_valid = t->p_dma_rd_rsp_valid;
    p->p_act_rd.rsp_valid = t->p_act_rd_rsp_valid;
    get(t->s_rd_rsp_data, p->s_rd_rsp_data);
    get(t->p_rd_rsp_data, p->p_rd_rsp_data);
}

extern "C" void ct_dut_free(ct_dut *d) { delete d; }
