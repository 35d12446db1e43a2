/*
 * core_act (rtl/core/core_act.v) against the whole-core C model, bit for
 * bit. The test plays SBUF and PSUM behind the engine's ports: a read taken
 * in cycle t is answered in cycle t + 2 (CORE_MEM_RL) with the word of
 * every partition as it was before the writes of cycle t; writes apply
 * their partition mask and byte strobes; every request port gets random
 * back-pressure. The same random valid ACTIVATE and ELEMWISE instructions
 * (every input format including int8 and PSUM fp32, every output format,
 * RNE and SR, saturation, relu and identity, scalar and per-partition
 * scale and bias, every ELEMWISE op, odd and high offsets, in place,
 * P < partitions, p0 > 0, F from 1 to a few hundred, NaN, inf, subnormal
 * and zero inputs) run on tl_core (pushed into its ACT ring) and on the
 * RTL; after every instruction both memories are compared in full. The
 * handshake rules are checked on the way: a request stays valid with the
 * same payload until taken, one done per instruction, busy until done.
 * A reset in the middle of an instruction leaves the engine idle, and the
 * next instruction is correct. Then cycles per instruction against F,
 * with every port always ready: each further element costs one cycle per
 * group of ACT_LANES partitions that holds partitions of the tile, which
 * is checked.
 *
 * A mismatch prints the seed, the instruction's fields, the first bytes
 * that differ in both memories; TRACE=1 writes a waveform.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "act_shim.h"
#include "core_harness.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

#define SB TL_ISA_SPACE_SBUF
#define PS TL_ISA_SPACE_PSUM

typedef struct {
    core_act_dut *dut;
    core_act_params prm;
    ch *h;                         /* the model, with the same memories */
    uint8_t *sbuf;                 /* RTL side: rows partitions */
    uint8_t *psum;                 /* RTL side: cols partitions */
    size_t sb_part, ps_part;       /* bytes per partition */
    unsigned db;                   /* bytes per word */
    tl_rng r;
    core_act_pins pins;
    /* read answers in flight: slot k answers in k cycles */
    struct { unsigned valid; uint32_t data[ACT_MAX_LANE_WORDS]; } sb_q[3], ps_q[3];
    /* ready probabilities (percent) of the current instruction */
    unsigned p_sb_rd, p_sb_wr, p_ps_rd, p_ps_wr;
    /* the previous cycle's requests, for the stability check */
    core_act_pins prev;
    uint64_t cycles;
} env;

static uint32_t seed;

static uint32_t below(env *e, uint32_t n) { return tl_rng_below(&e->r, n); }
static int chance(env *e, unsigned pct) { return below(e, 100) < pct; }

static void env_init(env *e, uint32_t s)
{
    memset(e, 0, sizeof *e);
    e->r.s = s;
    e->dut = core_act_dut_create(tl_test_trace() ? tl_test_wave_path("core_act") : NULL, s);
    core_act_dut_params(e->dut, &e->prm);
    tl_core_config cfg;
    tl_core_config_default(&cfg);
    cfg.rows = e->prm.rows;
    cfg.cols = e->prm.cols;
    cfg.data_width = e->prm.data_width;
    cfg.sbuf_part_log2 = e->prm.sbuf_part_log2;
    cfg.psum_banks = e->prm.psum_banks;
    cfg.psum_bank_log2 = e->prm.psum_bank_log2;
    e->h = ch_create(&cfg);
    e->db = e->prm.data_width / 8;
    e->sb_part = (size_t)1 << e->prm.sbuf_part_log2;
    e->ps_part = (size_t)4 * e->prm.psum_banks << e->prm.psum_bank_log2;
    e->sbuf = malloc(e->prm.rows * e->sb_part);
    e->psum = malloc(e->prm.cols * e->ps_part);
    ck_assert_ptr_nonnull(e->sbuf);
    ck_assert_ptr_nonnull(e->psum);
    /* random contents, the same on both sides */
    for (unsigned p = 0; p < e->prm.rows; p++) {
        uint8_t *m = tl_core_sbuf(e->h->core, p);
        for (size_t i = 0; i < e->sb_part; i += 4)
            st_le(m + i, 4, tl_rng_u32(&e->r));
        memcpy(e->sbuf + p * e->sb_part, m, e->sb_part);
    }
    for (unsigned p = 0; p < e->prm.cols; p++)
        for (uint32_t i = 0; i < e->ps_part / 4; i++) {
            uint32_t v = tl_rng_u32(&e->r);
            tl_core_psum_set(e->h->core, p, i, v);
            st_le(e->psum + p * e->ps_part + 4 * i, 4, v);
        }
    core_act_dut_reset(e->dut);
    e->p_sb_rd = e->p_sb_wr = e->p_ps_rd = e->p_ps_wr = 100;
}

static void env_free(env *e)
{
    core_act_dut_free(e->dut);
    ch_free(e->h);
    free(e->sbuf);
    free(e->psum);
}

/* Write an element into both memories (the model's and the RTL's). */
static void poke(env *e, unsigned space, unsigned p, uint32_t byte, unsigned es, uint32_t v)
{
    if (space == SB) {
        st_le(tl_core_sbuf(e->h->core, p) + byte, es, v);
        st_le(e->sbuf + p * e->sb_part + byte, es, v);
    } else {
        tl_core_psum_set(e->h->core, p, byte / 4, v);
        st_le(e->psum + p * e->ps_part + byte, 4, v);
    }
}

/* ---- one clock cycle of the memories around the DUT ------------------------ */

static void word_read(env *e, const uint8_t *mem, size_t part, unsigned lanes, unsigned addr, uint32_t *out)
{
    unsigned wpl = e->db / 4;
    for (unsigned l = 0; l < lanes; l++)
        for (unsigned w = 0; w < wpl; w++)
            out[l * wpl + w] = ld_le(mem + l * part + (size_t)addr * e->db + 4 * w, 4);
}

static void word_write(env *e, uint8_t *mem, size_t part, unsigned lanes, unsigned addr, uint64_t mask,
                       uint64_t strb, const uint32_t *data)
{
    unsigned wpl = e->db / 4;
    for (unsigned l = 0; l < lanes; l++) {
        if (!((mask >> l) & 1))
            continue;
        for (unsigned b = 0; b < e->db; b++)
            if ((strb >> b) & 1)
                mem[l * part + (size_t)addr * e->db + b] = (uint8_t)(data[l * wpl + b / 4] >> (8 * (b % 4)));
    }
}

/* A request that was not taken must stay valid with the same payload. */
static void check_stable(env *e, const core_act_pins *p)
{
    const core_act_pins *q = &e->prev;
    unsigned sbw = e->prm.rows * e->db / 4, psw = e->prm.cols * e->db / 4;
    if (q->sb_rd_valid && !q->sb_rd_ready)
        ck_assert_msg(p->sb_rd_valid && p->sb_rd_addr == q->sb_rd_addr, "SBUF read request changed before taken");
    if (q->ps_rd_valid && !q->ps_rd_ready)
        ck_assert_msg(p->ps_rd_valid && p->ps_rd_addr == q->ps_rd_addr, "PSUM read request changed before taken");
    if (q->sb_wr_valid && !q->sb_wr_ready)
        ck_assert_msg(p->sb_wr_valid && p->sb_wr_addr == q->sb_wr_addr && p->sb_wr_mask == q->sb_wr_mask &&
                      p->sb_wr_strb == q->sb_wr_strb && !memcmp(p->sb_wr_data, q->sb_wr_data, 4 * sbw),
                      "SBUF write changed before taken");
    if (q->ps_wr_valid && !q->ps_wr_ready)
        ck_assert_msg(p->ps_wr_valid && p->ps_wr_addr == q->ps_wr_addr && p->ps_wr_mask == q->ps_wr_mask &&
                      p->ps_wr_strb == q->ps_wr_strb && !memcmp(p->ps_wr_data, q->ps_wr_data, 4 * psw),
                      "PSUM write changed before taken");
}

static void cycle(env *e)
{
    core_act_pins *p = &e->pins;
    unsigned sbw = e->prm.rows * e->db / 4, psw = e->prm.cols * e->db / 4;
    p->sb_rd_ready = chance(e, e->p_sb_rd);
    p->sb_wr_ready = chance(e, e->p_sb_wr);
    p->ps_rd_ready = chance(e, e->p_ps_rd);
    p->ps_wr_ready = chance(e, e->p_ps_wr);
    /* answers due now; other cycles carry junk on the data bus */
    p->sb_rd_rsp_valid = e->sb_q[0].valid;
    p->ps_rd_rsp_valid = e->ps_q[0].valid;
    for (unsigned i = 0; i < sbw; i++)
        p->sb_rd_rsp_data[i] = e->sb_q[0].valid ? e->sb_q[0].data[i] : tl_rng_u32(&e->r);
    for (unsigned i = 0; i < psw; i++)
        p->ps_rd_rsp_data[i] = e->ps_q[0].valid ? e->ps_q[0].data[i] : tl_rng_u32(&e->r);
    core_act_dut_cycle(e->dut, p);
    check_stable(e, p);
    e->sb_q[0] = e->sb_q[1];
    e->sb_q[1].valid = 0;
    e->ps_q[0] = e->ps_q[1];
    e->ps_q[1].valid = 0;
    /* reads of this cycle see the memory before this cycle's writes */
    if (p->sb_rd_valid && p->sb_rd_ready) {
        ck_assert_uint_lt(p->sb_rd_addr, e->sb_part / e->db);
        e->sb_q[1].valid = 1;
        word_read(e, e->sbuf, e->sb_part, e->prm.rows, p->sb_rd_addr, e->sb_q[1].data);
    }
    if (p->ps_rd_valid && p->ps_rd_ready) {
        ck_assert_uint_lt(p->ps_rd_addr, e->ps_part / e->db);
        e->ps_q[1].valid = 1;
        word_read(e, e->psum, e->ps_part, e->prm.cols, p->ps_rd_addr, e->ps_q[1].data);
    }
    if (p->sb_wr_valid && p->sb_wr_ready) {
        ck_assert_uint_lt(p->sb_wr_addr, e->sb_part / e->db);
        word_write(e, e->sbuf, e->sb_part, e->prm.rows, p->sb_wr_addr, p->sb_wr_mask, p->sb_wr_strb, p->sb_wr_data);
    }
    if (p->ps_wr_valid && p->ps_wr_ready) {
        ck_assert_uint_lt(p->ps_wr_addr, e->ps_part / e->db);
        word_write(e, e->psum, e->ps_part, e->prm.cols, p->ps_wr_addr, p->ps_wr_mask, p->ps_wr_strb, p->ps_wr_data);
    }
    e->prev = *p;
    e->cycles++;
}

/* ---- instructions ---------------------------------------------------------------- */

typedef struct {
    int act;
    act_args a;
    ew_args w;
    uint32_t insn[32];
} instr;

static void describe(const instr *in, char *buf, size_t n)
{
    if (in->act) {
        const act_args *a = &in->a;
        snprintf(buf, n, "ACTIVATE in %u/%u@%u out %u/%u@%u P %u p0 %u F %u rnd %u sat %u func %u "
                 "scale%s 0x%08x bias%s 0x%08x seed 0x%08x cbase 0x%08x csp 0x%08x csf 0x%08x",
                 a->in_space, a->in_fmt, a->in_off, a->out_space, a->out_fmt, a->out_off, a->P, a->p0, a->F,
                 a->round, a->sat, a->func, a->scale_pp ? "@" : "", a->scale, a->bias_pp ? "@" : "", a->bias,
                 a->seed, a->cbase, a->csp, a->csf);
    } else {
        const ew_args *w = &in->w;
        snprintf(buf, n, "ELEMWISE op %u a %u/%u@%u b %u/%u@%u out %u/%u@%u P %u p0 %u F %u rnd %u sat %u "
                 "seed 0x%08x cbase 0x%08x csp 0x%08x csf 0x%08x",
                 w->op, w->a_space, w->a_fmt, w->a_off, w->b_space, w->b_fmt, w->b_off, w->out_space, w->out_fmt,
                 w->out_off, w->P, w->p0, w->F, w->round, w->sat, w->seed, w->cbase, w->csp, w->csf);
    }
}

static const unsigned float_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

static unsigned es_of(unsigned space, unsigned fmt) { return space == PS ? 4 : tl_dma_esize(fmt); }

/* A tile: space, format, offset (SBUF bytes, PSUM entries) for F elements. */
typedef struct { unsigned space, fmt; uint32_t off; } tdesc;

static uint32_t pick_off(env *e, unsigned space, unsigned es, uint32_t F)
{
    if (space == PS) {
        uint32_t bank = 1u << e->prm.psum_bank_log2;
        return below(e, e->prm.psum_banks) * bank + below(e, bank - F + 1);
    }
    /* mostly in a small window, so that tiles meet and share words; some at the top */
    uint32_t room = (uint32_t)(e->sb_part / es) - F;
    uint32_t win = chance(e, 85) ? (1024u / es < room ? 1024u / es : room) : room;
    uint32_t i = below(e, win + 1);
    if (chance(e, 10))
        i = room;                  /* ends at the partition's last byte */
    return i * es;
}

static void pick_tile(env *e, tdesc *t, int out, uint32_t F)
{
    t->space = chance(e, 55) ? SB : PS;
    if (t->space == PS)
        t->fmt = TL_FMT_FP32;
    else
        t->fmt = (!out && chance(e, 15)) ? TL_FMT_INT8 : float_fmts[below(e, 5)];
    t->off = pick_off(e, t->space, es_of(t->space, t->fmt), F);
}

/* The overlap rule of docs/core.md section 11 (error OVERLAP). */
static int out_ok(const tdesc *o, const tdesc *i, uint32_t F)
{
    if (o->space != i->space)
        return 1;
    uint64_t oe = es_of(o->space, o->fmt), ie = es_of(i->space, i->fmt);
    uint64_t o0 = o->space == PS ? 4ull * o->off : o->off, i0 = i->space == PS ? 4ull * i->off : i->off;
    return !(o0 < i0 + F * ie && i0 < o0 + F * oe) || (o->off == i->off && oe == ie);
}

/* An output in place of input t: same space and offset, a format of the same size. */
static void in_place(env *e, tdesc *o, tdesc *t)
{
    o->space = t->space;
    o->off = t->off;
    if (t->space == PS) {
        o->fmt = TL_FMT_FP32;
        return;
    }
    switch (tl_dma_esize(t->fmt)) {
    case 4: o->fmt = TL_FMT_FP32; break;
    case 2: o->fmt = chance(e, 50) ? TL_FMT_BF16 : TL_FMT_FP16; break;
    default: o->fmt = chance(e, 50) ? TL_FMT_E4M3 : TL_FMT_E5M2; break;
    }
}

static uint32_t pick_f(env *e, uint32_t fmax)
{
    uint32_t F;
    switch (below(e, 4)) {
    case 0: F = 1 + below(e, 8); break;
    case 1: F = 1 + below(e, 40); break;
    case 2: F = 1 + below(e, 300); break;
    default: F = 100 + below(e, 400); break;
    }
    return F < fmax ? F : fmax;
}

/* Interesting fp32 values: zeros, subnormals, inf, NaN, moderate. */
static uint32_t special32(env *e)
{
    static const uint32_t v[] = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00400000, 0x3f800000,
                                 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f7fffff,
                                 0x00800000, 0x3f000000, 0x3effffff, 0x43e00000, 0x477fe000, 0x47700000};
    return v[below(e, sizeof v / sizeof v[0])];
}

static uint32_t moderate32(env *e)
{
    uint32_t u = tl_rng_u32(&e->r);
    return (u & 0x807fffffu) | (120u + below(e, 16)) << 23;
}

/* A value for an element of fmt: mostly moderate (so that rounding is
 * exercised), some specials, some raw bits. */
static uint32_t value_for(env *e, unsigned fmt)
{
    uint32_t u = tl_rng_u32(&e->r);
    unsigned k = below(e, 10);
    if (fmt == TL_FMT_INT8 || fmt == TL_FMT_E4M3 || fmt == TL_FMT_E5M2)
        return u & 0xff;          /* every encoding is interesting */
    if (k < 2)
        return u;
    uint32_t f = k < 4 ? special32(e) : moderate32(e);
    if (fmt == TL_FMT_FP32)
        return f;
    return tl_narrow(fmt, f, TL_RND_RNE, 0, 0) & 0xffff;
}

/* Fill an input tile over partitions [p0, p0+P) with chosen values. */
static void fill_tile(env *e, const tdesc *t, unsigned p0, unsigned P, uint32_t F)
{
    unsigned es = es_of(t->space, t->fmt);
    uint32_t b0 = t->space == PS ? 4 * t->off : t->off;
    for (unsigned p = p0; p < p0 + P; p++)
        for (uint32_t f = 0; f < F; f++)
            poke(e, t->space, p, b0 + f * es, es, value_for(e, t->fmt));
}

static uint32_t scalar(env *e)
{
    return chance(e, 25) ? special32(e) : moderate32(e);
}

static void gen(env *e, instr *in)
{
    unsigned rows = e->prm.rows, cols = e->prm.cols;
    uint32_t bank = 1u << e->prm.psum_bank_log2;
    memset(in, 0, sizeof *in);
    in->act = chance(e, 50);
    uint32_t F = pick_f(e, bank);
    tdesc a, b, o;
    pick_tile(e, &a, 0, F);
    pick_tile(e, &b, 0, F);
    do
        pick_tile(e, &o, 1, F);
    while (!out_ok(&o, &a, F) || (!in->act && !out_ok(&o, &b, F)));
    if (chance(e, 25)) {                             /* in place */
        int on_b = !in->act && chance(e, 50);
        tdesc *t = on_b ? &b : &a, *other = on_b ? &a : &b;
        in_place(e, &o, t);
        if (!in->act && !out_ok(&o, other, F))
            *other = *t;                             /* both inputs the same tile */
    }
    int scale_pp = in->act && chance(e, 40), bias_pp = in->act && chance(e, 50);
    unsigned parts = 255;
    unsigned sp[4] = {a.space, o.space, in->act ? a.space : b.space, (scale_pp || bias_pp) ? SB : a.space};
    for (unsigned i = 0; i < 4; i++) {
        unsigned q = sp[i] == SB ? rows : cols;
        parts = q < parts ? q : parts;
    }
    unsigned P = chance(e, 30) ? parts : 1 + below(e, parts);
    unsigned p0 = below(e, parts - P + 1);
    fill_tile(e, &a, p0, P, F);
    if (!in->act)
        fill_tile(e, &b, p0, P, F);
    unsigned rnd = below(e, 2), sat = below(e, 2);
    uint32_t sd = tl_rng_u32(&e->r), cb = tl_rng_u32(&e->r), csp = tl_rng_u32(&e->r);
    uint32_t csf = chance(e, 50) ? 1 : tl_rng_u32(&e->r);
    if (in->act) {
        act_args *x = &in->a;
        x->in_space = a.space; x->in_fmt = a.fmt; x->in_off = a.off;
        x->out_space = o.space; x->out_fmt = o.fmt; x->out_off = o.off;
        x->round = rnd; x->sat = sat; x->func = below(e, 2);
        x->scale_pp = scale_pp; x->bias_pp = bias_pp;
        x->P = P; x->p0 = p0; x->F = F;
        x->seed = sd; x->cbase = cb; x->csp = csp; x->csf = csf;
        x->scale = scale_pp ? pick_off(e, SB, 4, 1) : scalar(e);
        x->bias = bias_pp ? pick_off(e, SB, 4, 1) : scalar(e);
        for (unsigned p = p0; p < p0 + P; p++) {
            if (scale_pp && chance(e, 80))
                poke(e, SB, p, x->scale, 4, scalar(e));
            if (bias_pp && chance(e, 80))
                poke(e, SB, p, x->bias, 4, scalar(e));
        }
        insn_act(in->insn, -1, 0, -1, 0, x);
    } else {
        ew_args *x = &in->w;
        x->a_space = a.space; x->a_fmt = a.fmt; x->a_off = a.off;
        x->b_space = b.space; x->b_fmt = b.fmt; x->b_off = b.off;
        x->out_space = o.space; x->out_fmt = o.fmt; x->out_off = o.off;
        x->round = rnd; x->sat = sat; x->op = below(e, 4);
        x->P = P; x->p0 = p0; x->F = F;
        x->seed = sd; x->cbase = cb; x->csp = csp; x->csf = csf;
        insn_ew(in->insn, -1, 0, -1, 0, x);
    }
}

/* Run one instruction on the RTL; returns its cycles from accept to done. */
static uint64_t run_rtl(env *e, const instr *in, uint64_t limit)
{
    core_act_pins *p = &e->pins;
    p->insn_valid = 1;
    memcpy(p->insn, in->insn, sizeof p->insn);
    uint64_t t0 = 0, n = 0;
    int accepted = 0;
    for (;;) {
        cycle(e);
        ck_assert_msg(!(p->done && !accepted), "done without an instruction");
        if (!accepted && p->insn_ready) {
            accepted = 1;
            t0 = e->cycles;
            p->insn_valid = 0;
            memset(p->insn, 0xa5, sizeof p->insn);   /* the engine keeps its own copy */
            continue;
        }
        if (accepted) {
            if (p->done)
                break;
            ck_assert_msg(p->busy, "busy low before done");
        }
        ck_assert_msg(++n < limit, "seed %u: the instruction did not finish in %llu cycles", seed,
                      (unsigned long long)limit);
    }
    /* the next cycle: idle and ready, no second done */
    cycle(e);
    ck_assert_msg(!p->done && !p->busy && p->insn_ready, "done or busy after the instruction");
    return e->cycles - 1 - t0;
}

static void run_model(env *e, const instr *in)
{
    ch_push(e->h, 2, in->insn);
    ch_run(e->h);
    uint32_t err = ch_rd(e->h, CSR(ERR_CODE));
    char buf[512];
    describe(in, buf, sizeof buf);
    ck_assert_msg(err == 0, "seed %u: the model rejects a generated instruction (error %u): %s", seed, err, buf);
}

/* Compare both memories; print the first differences. */
static void compare(env *e, const instr *in, unsigned idx)
{
    unsigned bad = 0;
    char buf[512];
    for (unsigned p = 0; p < e->prm.rows; p++) {
        const uint8_t *m = tl_core_sbuf(e->h->core, p), *r = e->sbuf + p * e->sb_part;
        if (!memcmp(m, r, e->sb_part))
            continue;
        for (size_t i = 0; i < e->sb_part && bad < 8; i++)
            if (m[i] != r[i] && bad++ < 8)
                printf("  SBUF partition %u byte %zu: rtl 0x%02x model 0x%02x\n", p, i, r[i], m[i]);
        bad++;
    }
    for (unsigned p = 0; p < e->prm.cols; p++)
        for (uint32_t i = 0; i < e->ps_part / 4; i++) {
            uint32_t m = tl_core_psum_get(e->h->core, p, i), r = ld_le(e->psum + p * e->ps_part + 4 * i, 4);
            if (m != r && bad++ < 16)
                printf("  PSUM partition %u entry %u: rtl 0x%08x model 0x%08x\n", p, i, r, m);
        }
    if (bad) {
        describe(in, buf, sizeof buf);
        printf("MISMATCH seed %u instruction %u: %s%s\n", seed, idx, buf,
               tl_test_trace() ? " (waveform build/waves/core_act.fst)" : " (TRACE=1 for a waveform)");
    }
    ck_assert_msg(bad == 0, "seed %u: memories differ after instruction %u", seed, idx);
}

START_TEST(test_random)
{
    env *e = malloc(sizeof *e);
    env_init(e, seed);
    unsigned n = 0, nact = 0, inplace = 0, nsr = 0, npp = 0, nop[4] = {0}, nin[8] = {0}, nout[8] = {0};
    uint64_t cyc = 0;
    double secs = 0;
    unsigned N = e->prm.rows > 8 ? 1500 : 3000;
    for (unsigned i = 0; i < N; i++) {
        instr in;
        gen(e, &in);
        /* back-pressure: none, light or heavy, per port */
        unsigned lv[] = {100, 100, 80, 50, 25};
        e->p_sb_rd = lv[below(e, 5)];
        e->p_sb_wr = lv[below(e, 5)];
        e->p_ps_rd = lv[below(e, 5)];
        e->p_ps_wr = lv[below(e, 5)];
        run_model(e, &in);
        uint32_t F = in.act ? in.a.F : in.w.F;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        cyc += run_rtl(e, &in, 200000 + 400ull * F);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        secs += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        compare(e, &in, i);
        n++;
        nact += in.act;
        nsr += in.act ? in.a.round : in.w.round;
        npp += in.act && (in.a.scale_pp || in.a.bias_pp);
        if (!in.act)
            nop[in.w.op]++;
        nin[in.act ? in.a.in_fmt : in.w.a_fmt]++;
        if (!in.act)
            nin[in.w.b_fmt]++;
        nout[in.act ? in.a.out_fmt : in.w.out_fmt]++;
        inplace += in.act ? (in.a.out_space == in.a.in_space && in.a.out_off == in.a.in_off)
                          : ((in.w.out_space == in.w.a_space && in.w.out_off == in.w.a_off) ||
                             (in.w.out_space == in.w.b_space && in.w.out_off == in.w.b_off));
    }
    printf("core_act %ux%u/%u, %u lane(s): %u instructions (%u ACTIVATE, %u with per-partition scale or bias, "
           "%u in place, %u SR) bit-exact, %llu cycles (%.0f cycles/s with the memory model)\n",
           e->prm.rows, e->prm.cols, e->prm.data_width, e->prm.act_lanes, n, nact, npp, inplace, nsr, (unsigned long long)cyc,
           secs > 0 ? (double)cyc / secs : 0.0);
    printf("  ELEMWISE add %u mul %u max %u relu-grad %u; inputs fp32 %u bf16 %u fp16 %u e4m3 %u e5m2 %u int8 %u; "
           "outputs fp32 %u bf16 %u fp16 %u e4m3 %u e5m2 %u\n", nop[0], nop[1], nop[2], nop[3], nin[0], nin[1], nin[2],
           nin[3], nin[4], nin[5], nout[0], nout[1], nout[2], nout[3], nout[4]);
    for (unsigned f = 0; f <= TL_FMT_INT8; f++)
        ck_assert_msg(nin[f] > 0 && (f == TL_FMT_INT8 || nout[f] > 0), "format %u never generated", f);
    for (unsigned o = 0; o < 4; o++)
        ck_assert_msg(nop[o] > 0, "ELEMWISE op %u never generated", o);
    env_free(e);
    free(e);
}
END_TEST

/* Cycles from accept to done against F, every port always ready. */
START_TEST(test_cycles)
{
    env *e = malloc(sizeof *e);
    env_init(e, seed ^ 0xc7c1e5);
    static const uint32_t Fs[] = {1, 8, 64, 256, 512};
    unsigned nl = e->prm.rows > e->prm.cols ? e->prm.rows : e->prm.cols;
    unsigned parts = e->prm.rows < e->prm.cols ? e->prm.rows : e->prm.cols;
    /* cycles per element: the groups of act_lanes partitions holding
     * partitions 0 .. parts-1 run one after the other */
    unsigned groups = (parts - 1) / e->prm.act_lanes + 1;
    printf("core_act %ux%u/%u, %u lane(s) for %u partitions, P = %u: %u group(s), cycles per instruction:\n",
           e->prm.rows, e->prm.cols, e->prm.data_width, e->prm.act_lanes, nl, parts, groups);
    printf("  %-44s", "F");
    for (unsigned i = 0; i < sizeof Fs / sizeof Fs[0]; i++)
        printf(" %6u", Fs[i]);
    printf("\n");
    for (unsigned kind = 0; kind < 4; kind++) {
        static const char *names[] = {"ACTIVATE bf16 SBUF -> bf16 SBUF, relu, RNE", "ACTIVATE fp32 PSUM -> bf16 SBUF, pp bias",
                                      "ELEMWISE add fp32 SBUF + fp32 SBUF -> fp32", "ELEMWISE mul PSUM x PSUM -> PSUM, SR"};
        printf("  %-44s", names[kind]);
        uint64_t c8 = 0;   /* cycles at F = 8 (Fs[1]) */
        for (unsigned i = 0; i < sizeof Fs / sizeof Fs[0]; i++) {
            uint32_t F = Fs[i];
            instr in;
            memset(&in, 0, sizeof in);
            in.act = kind < 2;
            if (kind == 0) {
                in.a = (act_args){.in_space = SB, .in_fmt = TL_FMT_BF16, .out_space = SB, .out_fmt = TL_FMT_BF16,
                                  .func = 1, .P = parts, .F = F, .in_off = 0, .out_off = 2048,
                                  .scale = 0x3f800000, .bias = 0};
            } else if (kind == 1) {
                in.a = (act_args){.in_space = PS, .in_fmt = TL_FMT_FP32, .out_space = SB, .out_fmt = TL_FMT_BF16,
                                  .bias_pp = 1, .P = parts, .F = F, .in_off = 0, .out_off = 4096,
                                  .scale = 0x3f800000, .bias = 8192};
            } else if (kind == 2) {
                in.w = (ew_args){.a_space = SB, .a_fmt = TL_FMT_FP32, .b_space = SB, .b_fmt = TL_FMT_FP32,
                                 .out_space = SB, .out_fmt = TL_FMT_FP32, .op = 0, .P = parts, .F = F,
                                 .a_off = 0, .b_off = 4096, .out_off = 8192};
            } else {
                uint32_t bank = 1u << e->prm.psum_bank_log2;
                in.w = (ew_args){.a_space = PS, .a_fmt = TL_FMT_FP32, .b_space = PS, .b_fmt = TL_FMT_FP32,
                                 .out_space = PS, .out_fmt = TL_FMT_FP32, .op = 1, .round = 1, .P = parts,
                                 .F = F, .a_off = 0, .b_off = 0, .out_off = 0};
                (void)bank;
            }
            if (in.act)
                insn_act(in.insn, -1, 0, -1, 0, &in.a);
            else
                insn_ew(in.insn, -1, 0, -1, 0, &in.w);
            run_model(e, &in);
            uint64_t c = run_rtl(e, &in, 100000);
            compare(e, &in, i);
            printf(" %6llu", (unsigned long long)c);
            /* every port ready: each further element costs one cycle per group
             * (docs/core.md section 11), whatever the lanes' latency. From F = 8
             * on: below that, an ELEMWISE tile of several groups waits for its
             * reads (both inputs' first words of each group come through one
             * port), so F = 1 is printed, not checked. */
            if (i == 1)
                c8 = c;
            if (i >= 1)
                ck_assert_msg(c == c8 + (uint64_t)groups * (F - 8),
                              "%s F %u: %llu cycles, expected %llu (F = 8) + %u * (F - 8)", names[kind], F,
                              (unsigned long long)c, (unsigned long long)c8, groups);
        }
        printf("\n");
    }
    env_free(e);
    free(e);
}
END_TEST

/* Reset in the middle of an instruction (answers to reads taken before the
 * reset still arrive after it and must be dropped), then the next
 * instruction runs correctly: the model is given the memories the aborted
 * instruction left, and both run the next one. */
START_TEST(test_reset)
{
    env *e = malloc(sizeof *e);
    env_init(e, seed ^ 0x5e5e7);
    for (unsigned i = 0; i < 60; i++) {
        instr in;
        gen(e, &in);
        uint32_t F = in.act ? in.a.F : in.w.F;
        e->p_sb_rd = e->p_sb_wr = e->p_ps_rd = e->p_ps_wr = chance(e, 50) ? 100 : 60;
        core_act_pins *p = &e->pins;
        p->insn_valid = 1;
        memcpy(p->insn, in.insn, sizeof p->insn);
        unsigned stop = 1 + below(e, F + 40);
        for (unsigned c = 0; c < stop; c++) {
            cycle(e);
            if (p->insn_ready)
                p->insn_valid = 0;
        }
        p->insn_valid = 0;
        core_act_dut_reset(e->dut);
        memset(&e->prev, 0, sizeof e->prev);   /* a reset drops the requests */
        /* the model takes the memories as the aborted instruction left them */
        for (unsigned q = 0; q < e->prm.rows; q++)
            memcpy(tl_core_sbuf(e->h->core, q), e->sbuf + q * e->sb_part, e->sb_part);
        for (unsigned q = 0; q < e->prm.cols; q++)
            for (uint32_t k = 0; k < e->ps_part / 4; k++)
                tl_core_psum_set(e->h->core, q, k, ld_le(e->psum + q * e->ps_part + 4 * k, 4));
        cycle(e);
        ck_assert_msg(!p->busy && p->insn_ready && !p->done, "not idle after a reset");
        gen(e, &in);
        run_model(e, &in);
        run_rtl(e, &in, 200000 + 400ull * (in.act ? in.a.F : in.w.F));
        compare(e, &in, i);
    }
    env_free(e);
    free(e);
}
END_TEST

static void setup(void)
{
    seed = tl_test_seed(0xac7);
}

static Suite *suite(void)
{
    Suite *s = suite_create("core_act");
    TCase *tc = tcase_create("core_act");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_random);
    tcase_add_test(tc, test_reset);
    tcase_add_test(tc, test_cycles);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* failure messages survive Check's fork */
    return tl_test_main(argv[0], suite());
}
