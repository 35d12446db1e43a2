// Thin C shim around the Verilated te_top (tensor_engine + psum_buffer).
// Compiled once per array size; the port widths differ between sizes, so
// the wide ports go through small overloaded pack/unpack helpers.
#include "Vte_top.h"
#include "vl_dut.h"
#include "te_shim.h"

struct te_dut : VlDut<Vte_top> {
    unsigned rows, cols, depth;
};

// words[] little-endian into a port of any width
[[maybe_unused]] static void put(CData &p, const uint32_t *w) { p = (CData)w[0]; }
[[maybe_unused]] static void put(SData &p, const uint32_t *w) { p = (SData)w[0]; }
[[maybe_unused]] static void put(IData &p, const uint32_t *w) { p = w[0]; }
[[maybe_unused]] static void put(QData &p, const uint32_t *w) { p = (QData)w[0] | ((QData)w[1] << 32); }
template <std::size_t N> static void put(VlWide<N> &p, const uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++)
        p[i] = w[i];
}
[[maybe_unused]] static void get(const IData &p, uint32_t *w) { w[0] = p; }
[[maybe_unused]] static void get(const QData &p, uint32_t *w) { w[0] = (uint32_t)p; w[1] = (uint32_t)(p >> 32); }
template <std::size_t N> static void get(const VlWide<N> &p, uint32_t *w)
{
    for (std::size_t i = 0; i < N; i++)
        w[i] = p[i];
}

static void pack16(uint32_t *w, const uint16_t *e, unsigned n)
{
    for (unsigned i = 0; i < (n + 1) / 2 + 2; i++)
        w[i] = 0;
    for (unsigned i = 0; i < n; i++)
        w[i / 2] |= (uint32_t)e[i] << (16 * (i % 2));
}

extern "C" te_dut *te_dut_create(const char *wave, uint32_t seed)
{
    te_dut *d = new te_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    d->top->rst = 0;
    d->top->eval();  // settle, not traced
    d->rows = d->top->cfg_rows;
    d->cols = d->top->cfg_cols;
    d->depth = 1u << d->top->cfg_aw;
    return d;
}

extern "C" unsigned te_dut_rows(te_dut *d) { return d->rows; }
extern "C" unsigned te_dut_cols(te_dut *d) { return d->cols; }
extern "C" unsigned te_dut_depth(te_dut *d) { return d->depth; }
extern "C" uint64_t te_dut_time(te_dut *d) { return d->time() / 2; }  // 2 evals a cycle

extern "C" void te_dut_reset(te_dut *d)
{
    te_pins idle = {};
    d->top->rst = 1;
    te_dut_cycle(d, &idle);
    te_dut_cycle(d, &idle);
    d->top->rst = 0;
}

extern "C" void te_dut_cycle(te_dut *d, te_pins *p)
{
    Vte_top *t = d->top;
    uint32_t w[TE_MAX_DIM];
    t->cmd_valid = p->cmd_valid;
    t->cmd_fmt_w = p->cmd_fmt_w;
    t->cmd_fmt_x = p->cmd_fmt_x;
    t->cmd_k = p->cmd_k;
    t->cmd_m = p->cmd_m;
    t->cmd_n = p->cmd_n;
    t->cmd_addr = p->cmd_addr;
    t->cmd_start = p->cmd_start;
    t->cmd_swap = p->cmd_swap;
    t->ld_valid = p->ld_valid;
    t->ld_fmt = p->ld_fmt;
    t->ld_last = p->ld_last;
    pack16(w, p->ld_data, d->cols);
    put(t->ld_data, w);
    t->mv_valid = p->mv_valid;
    pack16(w, p->mv_data, d->rows);
    put(t->mv_data, w);
    t->rd_valid = p->rd_valid;
    t->rd_addr = p->rd_addr;
    // clk falls together with the new inputs: two evaluations per cycle
    d->edge(0);
    p->cmd_ready = t->cmd_ready;
    p->ld_ready = t->ld_ready;
    p->mv_ready = t->mv_ready;
    p->psum_wr_fire = t->psum_wr_fire;
    p->rd_ready = t->rd_ready;
    d->edge(1);
    p->rd_data_valid = t->rd_data_valid;
    get(t->rd_data, w);
    for (unsigned c = 0; c < d->cols; c++)
        p->rd_data[c] = w[c];
}

extern "C" void te_dut_free(te_dut *d) { delete d; }
