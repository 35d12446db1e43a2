// Thin C shim around the Verilated te_top (tensor_engine + psum_buffer).
// Compiled once per array size; the port widths differ between sizes, so
// the wide ports go through small overloaded pack/unpack helpers.
#include <cstdlib>
#include <new>

#include "Vte_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "te_shim.h"

struct te_dut {
    VerilatedContext ctx;
    Vte_top *top;
    void *mem;        // 64-byte aligned storage of *top
    VerilatedFstC *fst;
    uint64_t t;       // half cycles (trace time)
    uint64_t cycles;
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

static void half(te_dut *d, int clk)
{
    d->top->clk = clk;
    d->top->eval();
    if (d->fst)
        d->fst->dump(d->t);
    d->t++;
}

extern "C" te_dut *te_dut_create(const char *wave, uint32_t seed)
{
    te_dut *d = new te_dut;
    d->ctx.randReset(2);
    d->ctx.randSeed((int)(seed % 0x7ffffffeu) + 1);  // 0 would mean "time based"
    // the model may need 64-byte alignment: allocate it aligned
    if (posix_memalign(&d->mem, 64, sizeof(Vte_top)))
        abort();
    d->top = new (d->mem) Vte_top(&d->ctx);
    d->fst = nullptr;
    d->t = 0;
    d->cycles = 0;
    if (wave) {
        d->ctx.traceEverOn(true);
        d->fst = new VerilatedFstC;
        d->top->trace(d->fst, 99);
        d->fst->open(wave);
    }
    d->top->clk = 0;
    d->top->rst = 0;
    d->top->eval();
    d->rows = d->top->cfg_rows;
    d->cols = d->top->cfg_cols;
    d->depth = 1u << d->top->cfg_aw;
    return d;
}

extern "C" unsigned te_dut_rows(te_dut *d) { return d->rows; }
extern "C" unsigned te_dut_cols(te_dut *d) { return d->cols; }
extern "C" unsigned te_dut_depth(te_dut *d) { return d->depth; }
extern "C" uint64_t te_dut_time(te_dut *d) { return d->cycles; }

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
    t->ld_last = p->ld_last;
    pack16(w, p->ld_data, d->cols);
    put(t->ld_data, w);
    t->mv_valid = p->mv_valid;
    pack16(w, p->mv_data, d->rows);
    put(t->mv_data, w);
    t->out_stall = p->out_stall;
    t->rd_valid = p->rd_valid;
    t->rd_addr = p->rd_addr;
    // clk falls together with the new inputs: two evaluations per cycle
    half(d, 0);
    p->cmd_ready = t->cmd_ready;
    p->ld_ready = t->ld_ready;
    p->mv_ready = t->mv_ready;
    p->psum_wr_fire = t->psum_wr_fire;
    p->rd_ready = t->rd_ready;
    half(d, 1);
    d->cycles++;
    p->rd_data_valid = t->rd_data_valid;
    get(t->rd_data, w);
    for (unsigned c = 0; c < d->cols; c++)
        p->rd_data[c] = w[c];
}

extern "C" void te_dut_free(te_dut *d)
{
    if (d->fst) {
        d->fst->close();
        delete d->fst;
    }
    d->top->final();
    d->top->~Vte_top();
    free(d->mem);
    delete d;
}
