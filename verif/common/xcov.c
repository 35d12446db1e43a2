/* Cross coverage points: see xcov.h. */
#include "xcov.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_internals.h" /* core_check: the model's instruction checks */
#include "fcov.h"
#include "trnlite/isa.h"

#define GET(in, op, name) tl_isa_get(in, TL_ISA_##op##_##name)

/* ARCHITECTURE.md 5.3: the rounding mode applies where a value is narrowed
 * to bf16, fp16, e4m3 or e5m2 (fp32 -> fp32 is the identity); the
 * saturation mode only exists for FP8. */
static bool rounds(unsigned fmt) { return tl_fmt_is_float(fmt) && fmt != TL_FMT_FP32; }
static bool sats(unsigned fmt) { return fmt == TL_FMT_E4M3 || fmt == TL_FMT_E5M2; }

static const char *fmt_name(unsigned f)
{
    const char *s = tl_fmt_name(f);
    return s ? s : "bad";
}

static const char *tile_name(unsigned space, unsigned fmt)
{
    return space == TL_ISA_SPACE_PSUM ? "psum" : fmt_name(fmt);
}

static const char *fn_name(unsigned kind, unsigned fn)
{
    static char other[16];
    if (kind == XCOV_ACTIVATE) {
        if (fn == TL_ISA_FUNC_IDENTITY)
            return "identity";
        if (fn == TL_ISA_FUNC_RELU)
            return "relu";
    } else {
        switch (fn) {
        case TL_ISA_EWOP_ADD: return "add";
        case TL_ISA_EWOP_MUL: return "mul";
        case TL_ISA_EWOP_MAX: return "max";
        case TL_ISA_EWOP_RELU_GRAD: return "relu_grad";
        }
    }
    snprintf(other, sizeof other, "fn%u", fn);
    return other;
}

const char *xcov_name(const xcov_point *p, char *buf)
{
    int n = 0;
    switch (p->kind) {
    case XCOV_DMA:
        n = snprintf(buf, XCOV_NAME_MAX, "%s.%s>%s", p->core ? "core.x.DMA" : "dma.x", fmt_name(p->fmt_a),
                     fmt_name(p->fmt_out));
        break;
    case XCOV_MATMUL:
        n = snprintf(buf, XCOV_NAME_MAX, "core.x.MATMUL.%s*%s.%s.%s", fmt_name(p->fmt_a), fmt_name(p->fmt_b),
                     p->load ? "load" : "reuse", p->start ? "overwrite" : "accumulate");
        break;
    case XCOV_ACTIVATE:
        n = snprintf(buf, XCOV_NAME_MAX, "core.x.ACTIVATE.%s.%s>%s", fn_name(p->kind, p->fn),
                     tile_name(p->space_a, p->fmt_a), tile_name(p->space_out, p->fmt_out));
        break;
    default:
        n = snprintf(buf, XCOV_NAME_MAX, "core.x.ELEMWISE.%s.%s,%s>%s", fn_name(p->kind, p->fn),
                     tile_name(p->space_a, p->fmt_a), tile_name(p->space_b, p->fmt_b),
                     tile_name(p->space_out, p->fmt_out));
        break;
    }
    if (p->has_round)
        n += snprintf(buf + n, XCOV_NAME_MAX - (size_t)n, ".%s", p->round == TL_RND_SR ? "SR" : "RNE");
    if (p->has_sat)
        snprintf(buf + n, XCOV_NAME_MAX - (size_t)n, ".sat%u", p->sat ? 1u : 0u);
    return buf;
}

/* The modes that do not apply are 0, so that equal behaviour is one point. */
static void set_modes(xcov_point *p, bool has_round, unsigned round, unsigned sat)
{
    p->has_round = has_round;
    p->has_sat = has_round && sats(p->fmt_out);
    p->round = p->has_round ? round : 0;
    p->sat = p->has_sat ? sat : 0;
}

void xcov_from_desc(const tl_dma_desc *d, bool core, xcov_point *p)
{
    memset(p, 0, sizeof *p);
    p->kind = XCOV_DMA;
    p->core = core;
    p->fmt_a = d->src.fmt;
    p->fmt_out = d->dst.fmt;
    set_modes(p, d->src.fmt != d->dst.fmt && rounds(d->dst.fmt), d->round, d->saturate);
}

bool xcov_from_insn(const uint32_t *in, xcov_point *p)
{
    memset(p, 0, sizeof *p);
    switch (GET(in, HDR, OPCODE)) {
    case TL_ISA_OP_DMA: {
        uint32_t w[TL_DMA_DESC_WORDS];
        tl_dma_desc d;
        for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
            w[i] = tl_isa_get_at(in, TL_ISA_DMA_DESC, i);
        tl_dma_desc_unpack(w, &d);
        xcov_from_desc(&d, true, p);
        return true;
    }
    case TL_ISA_OP_MATMUL:
        p->kind = XCOV_MATMUL;
        p->fmt_a = GET(in, MATMUL, FMT_W);
        p->fmt_b = GET(in, MATMUL, FMT_X);
        p->load = GET(in, MATMUL, LOAD);
        p->start = GET(in, MATMUL, START);
        return true;
    case TL_ISA_OP_ACTIVATE:
        p->kind = XCOV_ACTIVATE;
        p->space_a = GET(in, ACTIVATE, IN_SPACE);
        p->fmt_a = GET(in, ACTIVATE, IN_FMT);
        p->space_out = GET(in, ACTIVATE, OUT_SPACE);
        p->fmt_out = GET(in, ACTIVATE, OUT_FMT);
        p->fn = GET(in, ACTIVATE, FUNC);
        set_modes(p, p->space_out == TL_ISA_SPACE_SBUF && rounds(p->fmt_out), GET(in, ACTIVATE, ROUND),
                  GET(in, ACTIVATE, SAT));
        return true;
    case TL_ISA_OP_ELEMWISE:
        p->kind = XCOV_ELEMWISE;
        p->space_a = GET(in, ELEMWISE, A_SPACE);
        p->fmt_a = GET(in, ELEMWISE, A_FMT);
        p->space_b = GET(in, ELEMWISE, B_SPACE);
        p->fmt_b = GET(in, ELEMWISE, B_FMT);
        p->space_out = GET(in, ELEMWISE, OUT_SPACE);
        p->fmt_out = GET(in, ELEMWISE, OUT_FMT);
        p->fn = GET(in, ELEMWISE, OP);
        set_modes(p, p->space_out == TL_ISA_SPACE_SBUF && rounds(p->fmt_out), GET(in, ELEMWISE, ROUND),
                  GET(in, ELEMWISE, SAT));
        return true;
    default:
        return false;
    }
}

void xcov_hit(const xcov_point *p)
{
    char name[XCOV_NAME_MAX];
    if (fcov_hit)
        fcov_hit(xcov_name(p, name));
}

/* ---- the legal points ------------------------------------------------- */

/* Values a field of isa.def can hold. */
static unsigned field_values(unsigned id) { return 1u << tl_isa_field(id)->width; }

static void put(uint32_t *in, unsigned id, uint32_t v)
{
    if (tl_isa_set(in, id, v) != 0) {
        fprintf(stderr, "xcov: value %u does not fit %s_%s\n", v, tl_isa_field(id)->op, tl_isa_field(id)->name);
        abort();
    }
}

/* The model's verdict on an instruction whose shape and offsets are valid
 * whatever its formats: 0, or BAD_FORMAT. Anything else means this file
 * built a wrong shape. */
static bool legal(const tl_core *c, unsigned engine, const uint32_t *in)
{
    unsigned q, code = core_check(c, engine, in, &q);
    if (code != 0 && code != TL_ISA_ERR_BAD_FORMAT) {
        fprintf(stderr, "xcov: the model refuses a test instruction with %s, not BAD_FORMAT\n",
                tl_isa_strerror(code));
        abort();
    }
    return code == 0;
}

/* fn(u, p) for p with every rounding / saturation mode that applies. */
static unsigned expand(xcov_point *p, bool has_round, void (*fn)(void *u, const xcov_point *p), void *u)
{
    unsigned n = 0;
    for (unsigned r = 0; r < (has_round ? 2u : 1u); r++)
        for (unsigned s = 0; s < (has_round && sats(p->fmt_out) ? 2u : 1u); s++, n++) {
            set_modes(p, has_round, r ? TL_RND_SR : TL_RND_RNE, s);
            fn(u, p);
        }
    return n;
}

static unsigned each_dma(bool core, void (*fn)(void *u, const xcov_point *p), void *u)
{
    /* the format field's values: unpack a word 0 of all ones */
    uint32_t w[TL_DMA_DESC_WORDS] = {~0u};
    tl_dma_desc d;
    tl_dma_desc_unpack(w, &d);
    unsigned nfmt = d.src.fmt + 1, n = 0;
    uint8_t dram[64] = {0};
    tl_dma_sys sys = {.data_bytes = 8, .addr_bits = 32, .win_base = 0x1000, .win_limit = 0x103F,
                      .dram = dram, .dram_base = 0x1000, .dram_size = sizeof dram};
    for (unsigned s = 0; s < nfmt; s++)
        for (unsigned t = 0; t < nfmt; t++) {
            memset(&d, 0, sizeof d);
            d.src = (tl_dma_side){TL_DMA_DRAM, s, 0x1000, {1, 1, 1}, {0, 0, 0}};
            d.dst = (tl_dma_side){TL_DMA_DRAM, t, 0x1020, {1, 1, 1}, {0, 0, 0}};
            uint64_t fa;
            unsigned code = tl_dma_run(&sys, &d, &fa);
            if (code != TL_DMA_OK && code != TL_DMA_ERR_BAD_FMT) {
                fprintf(stderr, "xcov: the model refuses a test descriptor with %s\n", tl_dma_strerror(code));
                abort();
            }
            if (code != TL_DMA_OK)
                continue;
            xcov_point p;
            xcov_from_desc(&d, core, &p);
            n += expand(&p, p.has_round, fn, u);
        }
    return n;
}

static void hdr(uint32_t *in, unsigned op)
{
    memset(in, 0, 32 * sizeof *in);
    put(in, TL_ISA_HDR_OPCODE, op);
}

static unsigned each_matmul(const tl_core *c, void (*fn)(void *u, const xcov_point *p), void *u)
{
    unsigned n = 0;
    for (unsigned fw = 0; fw < field_values(TL_ISA_MATMUL_FMT_W); fw++)
        for (unsigned fx = 0; fx < field_values(TL_ISA_MATMUL_FMT_X); fx++) {
            uint32_t in[32];
            hdr(in, TL_ISA_OP_MATMUL);
            put(in, TL_ISA_MATMUL_FMT_W, fw);
            put(in, TL_ISA_MATMUL_FMT_X, fx);
            put(in, TL_ISA_MATMUL_LOAD, 1);
            put(in, TL_ISA_MATMUL_START, 1);
            put(in, TL_ISA_MATMUL_K, 1);
            put(in, TL_ISA_MATMUL_M, 1);
            put(in, TL_ISA_MATMUL_N, 1);
            if (!legal(c, TL_ISA_ENGINE_TE, in))
                continue;
            /* a reuse takes the loaded tile's fmt_w (core.md 5): legal
             * after a load of the same pair */
            for (unsigned load = 2; load-- > 0;)
                for (unsigned start = 2; start-- > 0; n++) {
                    xcov_point p = {.kind = XCOV_MATMUL, .fmt_a = fw, .fmt_b = fx, .load = load, .start = start};
                    fn(u, &p);
                }
        }
    return n;
}

/* Offsets of the three tiles of a one-element test instruction, apart in
 * either space: SBUF bytes 0, 32, 64; PSUM entries 0, 4, 8. */
static uint32_t tile_off(unsigned space, unsigned i) { return (space == TL_ISA_SPACE_PSUM ? 4u : 32u) * i; }

static unsigned each_act(const tl_core *c, void (*fn)(void *u, const xcov_point *p), void *u)
{
    unsigned n = 0;
    for (unsigned f = 0; f < field_values(TL_ISA_ACTIVATE_FUNC); f++)
        for (unsigned is = 0; is < field_values(TL_ISA_ACTIVATE_IN_SPACE); is++)
            for (unsigned ifm = 0; ifm < field_values(TL_ISA_ACTIVATE_IN_FMT); ifm++)
                for (unsigned os = 0; os < field_values(TL_ISA_ACTIVATE_OUT_SPACE); os++)
                    for (unsigned ofm = 0; ofm < field_values(TL_ISA_ACTIVATE_OUT_FMT); ofm++) {
                        uint32_t in[32];
                        hdr(in, TL_ISA_OP_ACTIVATE);
                        put(in, TL_ISA_ACTIVATE_FUNC, f);
                        put(in, TL_ISA_ACTIVATE_IN_SPACE, is);
                        put(in, TL_ISA_ACTIVATE_IN_FMT, ifm);
                        put(in, TL_ISA_ACTIVATE_OUT_SPACE, os);
                        put(in, TL_ISA_ACTIVATE_OUT_FMT, ofm);
                        put(in, TL_ISA_ACTIVATE_P, 1);
                        put(in, TL_ISA_ACTIVATE_F, 1);
                        put(in, TL_ISA_ACTIVATE_IN_OFF, tile_off(is, 0));
                        put(in, TL_ISA_ACTIVATE_OUT_OFF, tile_off(os, 2));
                        if (!legal(c, TL_ISA_ENGINE_ACT, in))
                            continue;
                        xcov_point p;
                        xcov_from_insn(in, &p);
                        n += expand(&p, p.has_round, fn, u);
                    }
    return n;
}

static unsigned each_ew(const tl_core *c, void (*fn)(void *u, const xcov_point *p), void *u)
{
    unsigned n = 0, ns = field_values(TL_ISA_ELEMWISE_A_SPACE), nf = field_values(TL_ISA_ELEMWISE_A_FMT);
    for (unsigned op = 0; op < field_values(TL_ISA_ELEMWISE_OP); op++)
        for (unsigned as = 0; as < ns; as++)
            for (unsigned af = 0; af < nf; af++)
                for (unsigned bs = 0; bs < field_values(TL_ISA_ELEMWISE_B_SPACE); bs++)
                    for (unsigned bf = 0; bf < field_values(TL_ISA_ELEMWISE_B_FMT); bf++)
                        for (unsigned os = 0; os < field_values(TL_ISA_ELEMWISE_OUT_SPACE); os++)
                            for (unsigned of = 0; of < field_values(TL_ISA_ELEMWISE_OUT_FMT); of++) {
                                uint32_t in[32];
                                hdr(in, TL_ISA_OP_ELEMWISE);
                                put(in, TL_ISA_ELEMWISE_OP, op);
                                put(in, TL_ISA_ELEMWISE_A_SPACE, as);
                                put(in, TL_ISA_ELEMWISE_A_FMT, af);
                                put(in, TL_ISA_ELEMWISE_B_SPACE, bs);
                                put(in, TL_ISA_ELEMWISE_B_FMT, bf);
                                put(in, TL_ISA_ELEMWISE_OUT_SPACE, os);
                                put(in, TL_ISA_ELEMWISE_OUT_FMT, of);
                                put(in, TL_ISA_ELEMWISE_P, 1);
                                put(in, TL_ISA_ELEMWISE_F, 1);
                                put(in, TL_ISA_ELEMWISE_A_OFF, tile_off(as, 0));
                                put(in, TL_ISA_ELEMWISE_B_OFF, tile_off(bs, 1));
                                put(in, TL_ISA_ELEMWISE_OUT_OFF, tile_off(os, 2));
                                if (!legal(c, TL_ISA_ENGINE_ACT, in))
                                    continue;
                                xcov_point p;
                                xcov_from_insn(in, &p);
                                n += expand(&p, p.has_round, fn, u);
                            }
    return n;
}

unsigned xcov_each(unsigned mask, void (*fn)(void *u, const xcov_point *p), void *u)
{
    unsigned n = 0;
    if (mask & XCOV_K(XCOV_DMA))
        n += each_dma(false, fn, u) + each_dma(true, fn, u);
    if (!(mask & (XCOV_K(XCOV_MATMUL) | XCOV_K(XCOV_ACTIVATE) | XCOV_K(XCOV_ELEMWISE))))
        return n;
    tl_core_config cfg;
    tl_core_config_default(&cfg);
    tl_core *c;
    if (tl_core_create(&cfg, &c) != TL_CORE_OK) {
        fprintf(stderr, "xcov: tl_core_create failed\n");
        abort();
    }
    if (mask & XCOV_K(XCOV_MATMUL))
        n += each_matmul(c, fn, u);
    if (mask & XCOV_K(XCOV_ACTIVATE))
        n += each_act(c, fn, u);
    if (mask & XCOV_K(XCOV_ELEMWISE))
        n += each_ew(c, fn, u);
    tl_core_free(c);
    return n;
}
