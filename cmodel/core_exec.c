/*
 * Whole-core model: checks and execution of one instruction
 * (docs/core.md sections 5, 6, 7). Numerics only through cmodel's
 * functions: tl_matmul_f32/tl_matmul_i8, tl_widen, tl_f32_mul,
 * tl_f32_add, tl_narrow, tl_sr_rand; DMA through tl_dma_run.
 */
#include "core_internals.h"

#define GET(in, op, name) tl_isa_get(in, TL_ISA_##op##_##name)
/* A field ACTIVATE and ELEMWISE both have, of the instruction's opcode. */
#define AGET(in, act, name) tl_isa_get(in, (act) ? TL_ISA_ACTIVATE_##name : TL_ISA_ELEMWISE_##name)

static bool te_float(unsigned f)
{
    return f == TL_FMT_BF16 || f == TL_FMT_FP16 || f == TL_FMT_E4M3 || f == TL_FMT_E5M2;
}

static uint32_t load_le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static void store_le(uint8_t *p, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint8_t *sbuf_at(const tl_core *c, unsigned p, uint64_t off)
{
    return c->sbuf + ((size_t)p << c->cfg.sbuf_part_log2) + off;
}

static uint8_t *psum_at(const tl_core *c, unsigned p, uint64_t e)
{
    return c->psum + ((size_t)p << c->psum_part_log2) + 4 * e;
}

/* ---- MATMUL ------------------------------------------------------------ */

static unsigned check_matmul(const tl_core *c, const uint32_t *in)
{
    const tl_core_config *g = &c->cfg;
    unsigned fw = GET(in, MATMUL, FMT_W), fx = GET(in, MATMUL, FMT_X);
    bool load = GET(in, MATMUL, LOAD);
    uint64_t K = GET(in, MATMUL, K), M = GET(in, MATMUL, M), N = GET(in, MATMUL, N);
    uint64_t woff = GET(in, MATMUL, W_OFF), xoff = GET(in, MATMUL, X_OFF), e0 = GET(in, MATMUL, E0);
    uint64_t part = 1ull << g->sbuf_part_log2, bank = 1ull << g->psum_bank_log2;

    if (!((te_float(fw) && te_float(fx)) || (fw == TL_FMT_INT8 && fx == TL_FMT_INT8)) ||
        (!load && c->w_loaded && fw != c->w_fmt))
        return TL_ISA_ERR_BAD_FORMAT;
    if (K < 1 || K > g->rows || M < 1 || M > g->cols || N < 1 || N > bank ||
        (!load && (!c->w_loaded || K != c->w_k || M != c->w_m)))
        return TL_ISA_ERR_BAD_SHAPE;
    uint64_t ew = tl_dma_esize(fw), ex = tl_dma_esize(fx);
    if ((load && (woff % ew || woff + M * ew > part)) || xoff % ex || xoff + N * ex > part)
        return TL_ISA_ERR_SBUF_RANGE;
    if (e0 + N > g->psum_banks * bank || e0 / bank != (e0 + N - 1) / bank)
        return TL_ISA_ERR_PSUM_RANGE;
    return 0;
}

/* PSUM[m][e0+n] (=, +=) sum_k W[k][m] * X[k][n] through tl_matmul_*. */
static void exec_matmul(tl_core *c, const uint32_t *in)
{
    unsigned fw = GET(in, MATMUL, FMT_W), fx = GET(in, MATMUL, FMT_X);
    size_t K = GET(in, MATMUL, K), M = GET(in, MATMUL, M), N = GET(in, MATMUL, N);
    uint32_t woff = GET(in, MATMUL, W_OFF), xoff = GET(in, MATMUL, X_OFF), e0 = GET(in, MATMUL, E0);
    bool start = GET(in, MATMUL, START);
    unsigned ew = tl_dma_esize(fw), ex = tl_dma_esize(fx);

    if (GET(in, MATMUL, LOAD)) {
        for (size_t k = 0; k < K; k++)
            for (size_t m = 0; m < M; m++)
                c->w_tile[k * M + m] = load_le(sbuf_at(c, (unsigned)k, woff + m * ew), ew);
        c->w_loaded = true;
        c->w_fmt = fw;
        c->w_k = (unsigned)K;
        c->w_m = (unsigned)M;
    }
    uint32_t *w = c->scr_w, *x = c->scr_x, *ps = c->scr_ps;
    int8_t *w8 = c->scr_w8, *x8 = c->scr_x8;
    for (size_t i = 0; i < K * M; i++) {
        w[i] = tl_widen(fw, c->w_tile[i]);
        w8[i] = (int8_t)(uint8_t)c->w_tile[i];
    }
    for (size_t k = 0; k < K; k++)
        for (size_t n = 0; n < N; n++) {
            uint32_t b = load_le(sbuf_at(c, (unsigned)k, xoff + n * ex), ex);
            x[k * N + n] = tl_widen(fx, b);
            x8[k * N + n] = (int8_t)(uint8_t)b;
        }
    for (size_t m = 0; m < M; m++)
        for (size_t n = 0; n < N; n++)
            ps[m * N + n] = load_le(psum_at(c, (unsigned)m, e0 + n), 4);
    if (fw == TL_FMT_INT8)
        tl_matmul_i8(c->cfg.rows, K, M, N, w8, x8, ps, start);
    else
        tl_matmul_f32(c->cfg.rows, K, M, N, w, x, ps, start);
    for (size_t m = 0; m < M; m++)
        for (size_t n = 0; n < N; n++)
            store_le(psum_at(c, (unsigned)m, e0 + n), 4, ps[m * N + n]);
    c->perf_macs += (uint64_t)K * M * N;
}

/* ---- ACTIVATE / ELEMWISE ------------------------------------------------ */

typedef struct {
    unsigned space, fmt;
    uint64_t off, F;
    bool out;
} tile;

/* The tiles an ACT instruction touches: inputs, then the output, then
 * per-partition scale and bias (SBUF fp32, one element). */
static unsigned act_tiles(const uint32_t *in, tile *t)
{
    unsigned n = 0;
    if (GET(in, HDR, OPCODE) == TL_ISA_OP_ACTIVATE) {
        uint64_t F = GET(in, ACTIVATE, F);
        t[n++] = (tile){GET(in, ACTIVATE, IN_SPACE), GET(in, ACTIVATE, IN_FMT), GET(in, ACTIVATE, IN_OFF), F, false};
        t[n++] = (tile){GET(in, ACTIVATE, OUT_SPACE), GET(in, ACTIVATE, OUT_FMT), GET(in, ACTIVATE, OUT_OFF), F, true};
        if (GET(in, ACTIVATE, SCALE_PP))
            t[n++] = (tile){TL_ISA_SPACE_SBUF, TL_FMT_FP32, GET(in, ACTIVATE, SCALE), 1, false};
        if (GET(in, ACTIVATE, BIAS_PP))
            t[n++] = (tile){TL_ISA_SPACE_SBUF, TL_FMT_FP32, GET(in, ACTIVATE, BIAS), 1, false};
    } else {
        uint64_t F = GET(in, ELEMWISE, F);
        t[n++] = (tile){GET(in, ELEMWISE, A_SPACE), GET(in, ELEMWISE, A_FMT), GET(in, ELEMWISE, A_OFF), F, false};
        t[n++] = (tile){GET(in, ELEMWISE, B_SPACE), GET(in, ELEMWISE, B_FMT), GET(in, ELEMWISE, B_OFF), F, false};
        t[n++] = (tile){GET(in, ELEMWISE, OUT_SPACE), GET(in, ELEMWISE, OUT_FMT), GET(in, ELEMWISE, OUT_OFF), F, true};
    }
    return n;
}

static bool tile_fmt_ok(const tile *t)
{
    if (t->space == TL_ISA_SPACE_PSUM)
        return t->fmt == TL_FMT_FP32;
    if (t->space != TL_ISA_SPACE_SBUF)
        return false;
    return tl_fmt_is_float(t->fmt) || (!t->out && t->fmt == TL_FMT_INT8);
}

/* Byte ranges of two tiles in one space overlap (PSUM offsets are entries). */
static bool tiles_overlap(const tile *a, const tile *b)
{
    if (a->space != b->space)
        return false;
    uint64_t ua = a->space == TL_ISA_SPACE_PSUM ? 4 : tl_dma_esize(a->fmt);
    uint64_t ub = b->space == TL_ISA_SPACE_PSUM ? 4 : tl_dma_esize(b->fmt);
    uint64_t a0 = a->off * (a->space == TL_ISA_SPACE_PSUM ? 4 : 1), a1 = a0 + a->F * ua;
    uint64_t b0 = b->off * (b->space == TL_ISA_SPACE_PSUM ? 4 : 1), b1 = b0 + b->F * ub;
    return a0 < b1 && b0 < a1;
}

static unsigned check_act(const tl_core *c, const uint32_t *in)
{
    const tl_core_config *g = &c->cfg;
    tile t[4];
    unsigned n = act_tiles(in, t);
    bool act = GET(in, HDR, OPCODE) == TL_ISA_OP_ACTIVATE;
    uint64_t P = AGET(in, act, P), p0 = AGET(in, act, P0), F = AGET(in, act, F);
    uint64_t part = 1ull << g->sbuf_part_log2, bank = 1ull << g->psum_bank_log2;

    if (act && GET(in, ACTIVATE, FUNC) > TL_ISA_FUNC_RELU)
        return TL_ISA_ERR_BAD_FORMAT;
    for (unsigned i = 0; i < n; i++)
        if (!tile_fmt_ok(&t[i]))
            return TL_ISA_ERR_BAD_FORMAT;
    if (P < 1 || F < 1)
        return TL_ISA_ERR_BAD_SHAPE;
    for (unsigned i = 0; i < n; i++)
        if (p0 + P > (t[i].space == TL_ISA_SPACE_SBUF ? g->rows : g->cols))
            return TL_ISA_ERR_BAD_SHAPE;
    for (unsigned i = 0; i < n; i++) {
        uint64_t es = tl_dma_esize(t[i].fmt);
        if (t[i].space == TL_ISA_SPACE_SBUF && (t[i].off % es || t[i].off + t[i].F * es > part))
            return TL_ISA_ERR_SBUF_RANGE;
    }
    for (unsigned i = 0; i < n; i++)
        if (t[i].space == TL_ISA_SPACE_PSUM &&
            (t[i].off + t[i].F > g->psum_banks * bank || t[i].off / bank != (t[i].off + t[i].F - 1) / bank))
            return TL_ISA_ERR_PSUM_RANGE;
    /* The RTL streams the data inputs (they come before the output in t[];
     * scale and bias, after it, are read first): an output may be one of
     * them only in place (section 11). */
    unsigned o = act ? 1 : 2;
    for (unsigned i = 0; i < o; i++)
        if (tiles_overlap(&t[i], &t[o]) &&
            !(t[i].off == t[o].off && tl_dma_esize(t[i].fmt) == tl_dma_esize(t[o].fmt)))
            return TL_ISA_ERR_OVERLAP;
    return 0;
}

static uint8_t *tile_at(const tl_core *c, const tile *t, unsigned p, uint64_t f)
{
    if (t->space == TL_ISA_SPACE_PSUM)
        return psum_at(c, p, t->off + f);
    return sbuf_at(c, p, t->off + f * tl_dma_esize(t->fmt));
}

static bool f32_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
/* x > 0: positive, nonzero, not NaN. */
static bool f32_pos(uint32_t x) { return !(x >> 31) && x != 0 && !f32_nan(x); }
/* relu(u) = u > 0 ? u : +0; NaN stays NaN (docs/core.md 6). */
static uint32_t f32_relu(uint32_t u) { return f32_nan(u) || f32_pos(u) ? u : 0; }
/* Order key of a non-NaN fp32: larger value, larger key; -0 < +0. */
static uint32_t f32_key(uint32_t x) { return x >> 31 ? ~x : x | 0x80000000u; }

static uint32_t ew_op(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case TL_ISA_EWOP_ADD: return tl_f32_add(a, b);
    case TL_ISA_EWOP_MUL: return tl_f32_mul(a, b);
    case TL_ISA_EWOP_MAX:
        if (f32_nan(a) || f32_nan(b))
            return TL_QNAN_FP32;
        return f32_key(a) >= f32_key(b) ? a : b;
    default: return f32_pos(b) ? a : 0; /* relu-gradient */
    }
}

/* ACTIVATE and ELEMWISE: read every input, compute in fp32, narrow, write;
 * one partition at a time (a partition's output overlaps only inputs of
 * the same partition). */
static void exec_act(tl_core *c, const uint32_t *in)
{
    tile t[4];
    act_tiles(in, t);
    bool act = GET(in, HDR, OPCODE) == TL_ISA_OP_ACTIVATE;
    unsigned P = AGET(in, act, P), p0 = AGET(in, act, P0);
    uint64_t F = AGET(in, act, F);
    tl_round rnd = AGET(in, act, ROUND);
    bool sat = AGET(in, act, SAT);
    uint32_t seed = AGET(in, act, SEED), cbase = AGET(in, act, CBASE);
    uint32_t csp = AGET(in, act, CSTRIDE_P), csf = AGET(in, act, CSTRIDE_F);
    const tile *out = &t[act ? 1 : 2];
    uint32_t *v = c->scr_v;
    for (unsigned p = 0; p < P; p++) {
        uint32_t scale = GET(in, ACTIVATE, SCALE), bias = GET(in, ACTIVATE, BIAS);
        if (act && GET(in, ACTIVATE, SCALE_PP))
            scale = load_le(sbuf_at(c, p0 + p, scale), 4);
        if (act && GET(in, ACTIVATE, BIAS_PP))
            bias = load_le(sbuf_at(c, p0 + p, bias), 4);
        for (uint64_t f = 0; f < F; f++) {
            uint32_t a = tl_widen(t[0].fmt, load_le(tile_at(c, &t[0], p0 + p, f), tl_dma_esize(t[0].fmt)));
            uint32_t r;
            if (act) {
                r = tl_f32_add(tl_f32_mul(a, scale), bias);
                if (GET(in, ACTIVATE, FUNC) == TL_ISA_FUNC_RELU)
                    r = f32_relu(r);
            } else {
                uint32_t b = tl_widen(t[1].fmt, load_le(tile_at(c, &t[1], p0 + p, f), tl_dma_esize(t[1].fmt)));
                r = ew_op(GET(in, ELEMWISE, OP), a, b);
            }
            uint32_t rand = 0;
            if (rnd == TL_RND_SR && out->fmt != TL_FMT_FP32)
                rand = tl_sr_rand(seed, cbase + p * csp + (uint32_t)f * csf);
            v[f] = tl_narrow(out->fmt, r, rnd, sat, rand);
        }
        for (uint64_t f = 0; f < F; f++)
            store_le(tile_at(c, out, p0 + p, f), tl_dma_esize(out->fmt), v[f]);
    }
    c->perf_act_elems += (uint64_t)P * F;
}

/* ---- DMA ------------------------------------------------------------------ */

static unsigned exec_dma(tl_core *c, const uint32_t *in, uint64_t *fault)
{
    const tl_core_config *g = &c->cfg;
    uint32_t w[TL_DMA_DESC_WORDS];
    for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
        w[i] = tl_isa_get_at(in, TL_ISA_DMA_DESC, i);
    tl_dma_desc d;
    tl_dma_desc_unpack(w, &d);
    tl_dma_sys sys = {
        .data_bytes = g->data_width / 8, .addr_bits = g->addr_width,
        .win_base = c->win_base, .win_limit = c->win_limit,
        .dram = c->dram, .dram_base = c->dram_base, .dram_size = c->dram_size,
        .sbuf = c->sbuf, .sbuf_parts = g->rows, .sbuf_part_log2 = g->sbuf_part_log2,
        .psum = c->psum, .psum_parts = g->cols, .psum_part_log2 = c->psum_part_log2,
        .faults = c->faults, .nfaults = c->nfaults, .bus = c->bus,
    };
    unsigned code = tl_dma_run(&sys, &d, fault);
    if (code)
        return TL_ISA_ERR_DMA + code;
    c->perf_rd_bytes += tl_dma_total(&d.src) * tl_dma_esize(d.src.fmt);
    c->perf_wr_bytes += tl_dma_total(&d.dst) * tl_dma_esize(d.dst.fmt);
    return 0;
}

/* ---- dispatch ------------------------------------------------------------ */

unsigned core_check(const tl_core *c, unsigned e, const uint32_t *in, unsigned *queue)
{
    unsigned op = GET(in, HDR, OPCODE);
    *queue = 0;
    if (!(tl_isa_op_engines(op) >> e & 1))
        return TL_ISA_ERR_BAD_OPCODE;
    for (unsigned w = 0; w < 32; w++)
        if (in[w] & c->resv_mask[op][w])
            return TL_ISA_ERR_BAD_RESERVED;
    if ((GET(in, HDR, WAIT) && GET(in, HDR, WS) >= c->cfg.sems) ||
        (GET(in, HDR, SIGNAL) && GET(in, HDR, SS) >= c->cfg.sems))
        return TL_ISA_ERR_BAD_SEM;
    switch (op) {
    case TL_ISA_OP_DMA:
        *queue = GET(in, DMA, QUEUE);
        return *queue >= c->cfg.dma_queues ? TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_QUEUE : 0;
    case TL_ISA_OP_MATMUL:
        return check_matmul(c, in);
    case TL_ISA_OP_ACTIVATE:
    case TL_ISA_OP_ELEMWISE:
        return check_act(c, in);
    default:
        return 0;
    }
}

unsigned core_exec(tl_core *c, const uint32_t *in, uint64_t *fault_addr, unsigned *queue)
{
    *fault_addr = 0;
    *queue = 0;
    switch (GET(in, HDR, OPCODE)) {
    case TL_ISA_OP_DMA:
        *queue = GET(in, DMA, QUEUE);
        return exec_dma(c, in, fault_addr);
    case TL_ISA_OP_MATMUL:
        exec_matmul(c, in);
        return 0;
    case TL_ISA_OP_ACTIVATE:
    case TL_ISA_OP_ELEMWISE:
        exec_act(c, in);
        return 0;
    default:
        return 0;
    }
}
