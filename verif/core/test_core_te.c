/*
 * core_sbuf + core_psum + core_te (verif/core/core_te_tb.v) against the
 * whole-core C model, bit for bit.
 *
 * Each test loads random operands into the SBUF (DMA write port) and
 * random values into PSUM (ACT write port), runs a sequence of valid
 * MATMULs through core_te and the same sequence through tl_core (a TE
 * ring, verif/core/core_harness.c), then reads all of PSUM and all of the
 * SBUF back through the DMA read ports and compares them with the model.
 *
 * Layout: MATMUL operands live in the low half of every SBUF partition
 * and their results in the low 3/4 of every PSUM bank; the random port
 * traffic that runs during the matmuls (DMA and ACT, reads and writes)
 * uses the rest, so it contends for the same ports and banks without
 * touching the matmuls' data. Traffic writes are mirrored into the model;
 * traffic reads are checked when they return.
 *
 * SEED=<n> replays a run; TRACE=1 writes build/waves/test_core_te_*.fst.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_harness.h"
#include "ct_shim.h"
#include "tl_test.h"

static ct_dut *d;
static ch *h;
static ct_cfg cfg;
static tl_rng rng;
static uint32_t seed;
static const char *wave;

/* geometry */
static unsigned WB, LANES, SB, BE, SWORDS, PWORDS, OPND, PS_MM;
static uint64_t cycles;
static void reset_tracking(void);

static unsigned rnd(unsigned n) { return tl_rng_below(&rng, n); }

/* A fresh DUT (with a plusarg, or NULL) and model, the generator at seed. */
static void open_dut(const char *plusarg)
{
    rng.s = seed;
    wave = tl_test_trace() ? tl_test_wave_path("test_core_te") : NULL;
    d = ct_dut_create(wave, seed, plusarg);
    ct_dut_cfg(d, &cfg);
    ct_dut_reset(d);
    tl_core_config mc;
    tl_core_config_default(&mc);
    mc.rows = cfg.rows;
    mc.cols = cfg.cols;
    mc.data_width = cfg.data_width;
    mc.sbuf_part_log2 = cfg.sbuf_part_log2;
    mc.psum_banks = cfg.psum_banks;
    mc.psum_bank_log2 = cfg.psum_bank_log2;
    h = ch_create(&mc);
    WB = cfg.data_width / 8;
    LANES = cfg.data_width / 32;
    SB = 1u << cfg.sbuf_part_log2;
    BE = 1u << cfg.psum_bank_log2;
    SWORDS = SB / WB;
    PWORDS = cfg.psum_banks * BE / LANES;
    OPND = SB / 2;        /* matmul operands: bytes [0, OPND) */
    PS_MM = BE / 4 * 3;   /* matmul results: entries [0, PS_MM) of a bank */
    cycles = 0;
    reset_tracking();
}

static void teardown(void)
{
    ct_dut_free(d);
    ch_free(h);
}

static void setup(void)
{
    seed = tl_test_seed(1);
    open_dut(NULL);
}

/* ---- random data ------------------------------------------------------------ */

/* A byte of an operand: mostly of moderate magnitude in every 8- and 16-bit
 * format (sign, exponent near the bias), sometimes anything (NaN, inf,
 * subnormals, extremes). */
static uint8_t rand_byte(void)
{
    uint32_t r = tl_rng_u32(&rng);
    if ((r & 15) == 0)
        return (uint8_t)(r >> 8);
    return (uint8_t)(((r >> 8) & 0x80) | (0x34 + (r >> 16) % 17));
}

static uint32_t rand_f32(void)
{
    uint32_t r = tl_rng_u32(&rng);
    if ((r & 31) == 0)
        return tl_rng_u32(&rng);
    return (r & 0x807FFFFFu) | (uint32_t)(118 + (r >> 23) % 20) << 23;
}

/* ---- the cycle loop with port traffic ---------------------------------------------- */

typedef struct {
    uint8_t data[16 * 32];   /* expected word of every partition */
    unsigned addr;
} rd_expect;

#define RQ 8
typedef struct {
    rd_expect q[RQ];
    unsigned head, n;
    unsigned is_psum;
    const char *name;
} rd_track;

static rd_track tr[4] = {{.name = "SBUF DMA"}, {.name = "SBUF ACT"},
                         {.name = "PSUM DMA", .is_psum = 1}, {.name = "PSUM ACT", .is_psum = 1}};
static unsigned traffic;       /* percent of cycles a traffic port asks */
static uint64_t traffic_taken;

static ct_pins pins;

static void reset_tracking(void)
{
    memset(&pins, 0, sizeof pins);
    for (unsigned i = 0; i < 4; i++)
        tr[i].head = tr[i].n = 0;
}

/* word a of every partition from the model into e */
static void model_word(unsigned is_psum, unsigned a, uint8_t *e)
{
    unsigned parts = is_psum ? cfg.cols : cfg.rows;
    for (unsigned p = 0; p < parts; p++) {
        if (is_psum) {
            for (unsigned l = 0; l < LANES; l++)
                st_le(e + p * WB + 4 * l, 4, tl_core_psum_get(h->core, p, a * LANES + l));
        } else {
            memcpy(e + p * WB, tl_core_sbuf(h->core, p) + (size_t)a * WB, WB);
        }
    }
}

/* apply a write (DMA: one partition; ACT: mask) to the model */
static void model_write(unsigned is_psum, const ct_wr *w, int dma)
{
    unsigned parts = is_psum ? cfg.cols : cfg.rows;
    for (unsigned p = 0; p < parts; p++) {
        if (dma ? p != w->part : !((w->mask >> p) & 1))
            continue;
        const uint8_t *src = (const uint8_t *)(dma ? w->data : w->data + p * WB / 4);
        for (unsigned b = 0; b < WB; b++) {
            if (!((w->strb >> b) & 1))
                continue;
            if (is_psum) {
                uint32_t e = w->addr * LANES + b / 4;
                uint32_t v = tl_core_psum_get(h->core, p, e);
                v = (v & ~(0xFFu << 8 * (b % 4))) | (uint32_t)src[b] << 8 * (b % 4);
                tl_core_psum_set(h->core, p, e, v);
            } else {
                tl_core_sbuf(h->core, p)[(size_t)w->addr * WB + b] = src[b];
            }
        }
    }
}

/* a random word address of the traffic region */
static unsigned traffic_addr(unsigned is_psum)
{
    if (!is_psum)
        return OPND / WB + rnd((SB - OPND) / WB);
    unsigned bank = rnd(cfg.psum_banks);
    return (bank * BE + PS_MM) / LANES + rnd((BE - PS_MM) / LANES);
}

static void rand_write(ct_wr *w, unsigned is_psum, int dma)
{
    unsigned parts = is_psum ? cfg.cols : cfg.rows;
    w->valid = 1;
    w->addr = traffic_addr(is_psum);
    w->strb = (uint32_t)tl_rng_next(&rng) & (WB == 32 ? 0xFFFFFFFFu : (1u << WB) - 1);
    if (dma)
        w->part = rnd(parts);
    else
        w->mask = (uint32_t)tl_rng_next(&rng) & ((1u << parts) - 1);
    for (unsigned i = 0; i < (dma ? 1 : parts) * WB / 4; i++)
        w->data[i] = tl_rng_u32(&rng);
}

/* Sets the traffic requests of this cycle. A request on offer in the last
 * cycle and not taken stays on offer, unchanged (the ports' protocol,
 * docs/core.md section 11, which core_mem_check enforces); the other ports
 * draw anew. Reads never target the word a write of the same cycle
 * targets (the RAMs leave that undefined): a new read is dropped for a
 * write's word, a new write for a waiting read's. */
static void traffic_requests(void)
{
    ct_wr *wr[4] = {&pins.s_dma_wr, &pins.s_act_wr, &pins.p_dma_wr, &pins.p_act_wr};
    ct_rd *rd[4] = {&pins.s_dma_rd, &pins.s_act_rd, &pins.p_dma_rd, &pins.p_act_rd};
    int wr_held[4], rd_held[4];
    for (unsigned i = 0; i < 4; i++) {
        wr_held[i] = wr[i]->valid && !wr[i]->ready;
        rd_held[i] = rd[i]->valid && !rd[i]->ready;
    }
    for (unsigned i = 0; i < 4; i++) {
        if (wr_held[i])
            continue;
        wr[i]->valid = rnd(100) < traffic;
        if (!wr[i]->valid)
            continue;
        rand_write(wr[i], i >= 2, !(i & 1));
        for (unsigned j = (i >= 2) * 2; j < (i >= 2) * 2 + 2; j++)
            if (rd_held[j] && rd[j]->addr == wr[i]->addr)
                wr[i]->valid = 0;
    }
    for (unsigned i = 0; i < 4; i++) {
        unsigned ps = i >= 2;
        if (rd_held[i])
            continue;
        rd[i]->valid = rnd(100) < traffic && tr[i].n < RQ - 2;
        if (!rd[i]->valid)
            continue;
        rd[i]->addr = traffic_addr(ps);
        if ((wr[ps * 2]->valid && wr[ps * 2]->addr == rd[i]->addr)
            || (wr[ps * 2 + 1]->valid && wr[ps * 2 + 1]->addr == rd[i]->addr))
            rd[i]->valid = 0;
    }
}

/* a traffic request on offer and not taken in the last cycle */
static int traffic_waiting(void)
{
    ct_wr *wr[4] = {&pins.s_dma_wr, &pins.s_act_wr, &pins.p_dma_wr, &pins.p_act_wr};
    ct_rd *rd[4] = {&pins.s_dma_rd, &pins.s_act_rd, &pins.p_dma_rd, &pins.p_act_rd};
    for (unsigned i = 0; i < 4; i++)
        if ((wr[i]->valid && !wr[i]->ready) || (rd[i]->valid && !rd[i]->ready))
            return 1;
    return 0;
}

/* After the cycle's handshakes: expected data of reads taken (the model
 * before this cycle's writes), then the writes taken into the model. */
static void traffic_taken_update(void)
{
    ct_wr *wr[4] = {&pins.s_dma_wr, &pins.s_act_wr, &pins.p_dma_wr, &pins.p_act_wr};
    ct_rd *rd[4] = {&pins.s_dma_rd, &pins.s_act_rd, &pins.p_dma_rd, &pins.p_act_rd};
    for (unsigned i = 0; i < 4; i++)
        if (rd[i]->valid && rd[i]->ready) {
            rd_track *t = &tr[i];
            model_word(t->is_psum, rd[i]->addr, t->q[(t->head + t->n) % RQ].data);
            t->q[(t->head + t->n) % RQ].addr = rd[i]->addr;
            t->n++;
            traffic_taken++;
        }
    for (unsigned i = 0; i < 4; i++)
        if (wr[i]->valid && wr[i]->ready) {
            model_write(i >= 2, wr[i], !(i & 1));
            traffic_taken++;
        }
}

static void check_responses(void)
{
    ct_rd *rd[4] = {&pins.s_dma_rd, &pins.s_act_rd, &pins.p_dma_rd, &pins.p_act_rd};
    for (unsigned i = 0; i < 4; i++) {
        if (!rd[i]->rsp_valid)
            continue;
        rd_track *t = &tr[i];
        ck_assert_msg(t->n > 0, "%s: a response nobody asked for (seed %u)", t->name, seed);
        const uint8_t *got = (const uint8_t *)(t->is_psum ? pins.p_rd_rsp_data : pins.s_rd_rsp_data);
        unsigned parts = t->is_psum ? cfg.cols : cfg.rows;
        if (memcmp(got, t->q[t->head].data, parts * WB) != 0)
            for (unsigned b = 0; b < parts * WB; b += 4)
                fprintf(stderr, "  partition %u byte %u: RTL 0x%08x, expected 0x%08x\n", b / WB, b % WB,
                        ld_le(got + b, 4), ld_le(t->q[t->head].data + b, 4));
        ck_assert_msg(memcmp(got, t->q[t->head].data, parts * WB) == 0,
                      "%s: traffic read of word %u returned wrong data (seed %u, cycle %llu)", t->name,
                      t->q[t->head].addr, seed,
                      (unsigned long long)cycles);
        t->head = (t->head + 1) % RQ;
        t->n--;
    }
}

/* One cycle. */
static void cycle(void)
{
    ct_dut_cycle(d, &pins);
    traffic_taken_update();
    cycles++;
    check_responses();
}

static void idle_ports(void)
{
    pins.s_dma_wr.valid = pins.s_act_wr.valid = pins.p_dma_wr.valid = pins.p_act_wr.valid = 0;
    pins.s_dma_rd.valid = pins.s_act_rd.valid = pins.p_dma_rd.valid = pins.p_act_rd.valid = 0;
}

/* ---- fill and read back -------------------------------------------------------------- */

static void fill_memories(void)
{
    idle_ports();
    pins.insn_valid = 0;
    traffic = 0;
    uint32_t all = WB == 32 ? 0xFFFFFFFFu : (1u << WB) - 1;
    for (unsigned p = 0; p < cfg.rows; p++)
        for (unsigned a = 0; a < SWORDS; a++) {
            ct_wr *w = &pins.s_dma_wr;
            w->valid = 1;
            w->part = p;
            w->addr = a;
            w->strb = all;
            uint8_t *b = (uint8_t *)w->data;
            for (unsigned i = 0; i < WB; i++)
                b[i] = rand_byte();
            do
                cycle();
            while (!w->ready);
        }
    pins.s_dma_wr.valid = 0;
    for (unsigned a = 0; a < PWORDS; a++) {
        ct_wr *w = &pins.p_act_wr;
        w->valid = 1;
        w->mask = (1u << cfg.cols) - 1;
        w->addr = a;
        w->strb = all;
        for (unsigned i = 0; i < cfg.cols * LANES; i++)
            w->data[i] = rand_f32();
        do
            cycle();
        while (!w->ready);
    }
    pins.p_act_wr.valid = 0;
}

/* Reads every word of SBUF and PSUM through the DMA read ports and
 * compares it with the model (after the model has run). */
static void read_back(void)
{
    idle_ports();
    pins.insn_valid = 0;
    traffic = 0;
    for (unsigned s = 0; s < 2; s++) {
        unsigned words = s ? PWORDS : SWORDS;
        ct_rd *r = s ? &pins.p_dma_rd : &pins.s_dma_rd;
        unsigned parts = s ? cfg.cols : cfg.rows;
        static uint8_t exp[16 * 32];
        for (unsigned a = 0; a < words; a++) {
            r->valid = 1;
            r->addr = a;
            do
                ct_dut_cycle(d, &pins);
            while (!r->ready);
            r->valid = 0;
            model_word(s, a, exp);
            ct_dut_cycle(d, &pins);
            ck_assert(r->rsp_valid);
            const uint8_t *got = (const uint8_t *)(s ? pins.p_rd_rsp_data : pins.s_rd_rsp_data);
            for (unsigned p = 0; p < parts; p++)
                for (unsigned l = 0; l < WB / 4; l++) {
                    uint32_t g = ld_le(got + p * WB + 4 * l, 4), e = ld_le(exp + p * WB + 4 * l, 4);
                    if (g != e) {
                        if (s)
                            ck_abort_msg("PSUM partition %u entry %u (bank %u): RTL 0x%08x, model 0x%08x "
                                         "(seed %u; SEED=%u TRACE=1 writes build/waves/test_core_te.fst)",
                                         p, a * LANES + l, a * LANES / BE, g, e, seed, seed);
                        else
                            ck_abort_msg("SBUF partition %u byte %u: RTL 0x%08x, model 0x%08x (seed %u)", p,
                                         (a * WB) + 4 * l, g, e, seed);
                    }
                }
        }
    }
}

/* ---- MATMUL sequences ------------------------------------------------------------------- */

static const unsigned float_fmts[4] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

typedef struct {
    int loaded;
    unsigned fw, K, M;
} tile_state;

/* A random valid MATMUL (given tile state; updates it). max_n: N limit. */
static void rand_matmul(mm_args *a, tile_state *t, unsigned max_n, const mm_args *prev)
{
    memset(a, 0, sizeof *a);
    a->load = !t->loaded || rnd(2);
    if (a->load) {
        if (rnd(5) == 0) {
            a->fw = a->fx = TL_FMT_INT8;
        } else {
            a->fw = float_fmts[rnd(4)];
            a->fx = float_fmts[rnd(4)];
        }
        a->K = rnd(3) == 0 ? cfg.rows : 1 + rnd(cfg.rows);
        a->M = rnd(3) == 0 ? cfg.cols : 1 + rnd(cfg.cols);
        t->loaded = 1;
        t->fw = a->fw;
        t->K = a->K;
        t->M = a->M;
    } else {
        a->fw = t->fw;
        a->fx = t->fw == TL_FMT_INT8 ? TL_FMT_INT8 : float_fmts[rnd(4)];
        a->K = t->K;
        a->M = t->M;
    }
    a->N = rnd(4) == 0 ? 1 + rnd(max_n) : 1 + rnd(max_n < 3 * WB ? max_n : 3 * WB);
    if (a->N > PS_MM)
        a->N = PS_MM;
    a->start = rnd(3) == 0;
    unsigned ew = tl_dma_esize(a->fw), ex = tl_dma_esize(a->fx);
    a->w_off = rnd((OPND - a->M * ew) / ew + 1) * ew;
    a->x_off = rnd((OPND - a->N * ex) / ex + 1) * ex;
    a->e0 = rnd(cfg.psum_banks) * BE + rnd(PS_MM - a->N + 1);
    /* sometimes accumulate right onto the previous matmul's entries */
    if (prev && rnd(6) == 0) {
        a->e0 = prev->e0;
        if (a->N > prev->N)
            a->N = prev->N;
        a->x_off = rnd((OPND - a->N * ex) / ex + 1) * ex;
        a->start = 0;
    }
}

typedef struct {
    uint64_t cycles, beats, insns;
} run_stats;

/* Runs the n instructions on the model and the DUT (traffic in percent of
 * cycles per port) and compares all memories. */
static run_stats run(const mm_args *mm, unsigned n, unsigned traffic_pct)
{
    run_stats st = {0};
    uint32_t in[32];
    for (unsigned i = 0; i < n; i++) {
        insn_matmul(in, -1, 0, -1, 0, &mm[i]);
        ch_push(h, 1, in);
        if (i % 128 == 127)
            ch_run(h);
        st.beats += mm[i].N;
    }
    ch_run(h);
    ck_assert_msg(ch_rd(h, CSR(ERR_CODE)) == 0, "the model refused instruction (ERR_CODE %u, ERR_PC 0x%x)",
                  ch_rd(h, CSR(ERR_CODE)), ch_rd(h, CSR(ERR_PC_LO)));

    traffic = traffic_pct;
    traffic_taken = 0;
    unsigned next = 0, dones = 0;
    uint64_t start = cycles, first = 0, last = 0;
    uint64_t limit = cycles + 2000 + (uint64_t)n * 200 + st.beats * 8;
    while (dones < n || pins.busy) {
        ck_assert_msg(cycles < limit, "core_te hangs: %u of %u done after %llu cycles (seed %u)", dones, n,
                      (unsigned long long)(cycles - start), seed);
        pins.insn_valid = next < n;
        if (next < n)
            insn_matmul(pins.insn, -1, 0, -1, 0, &mm[next]);
        traffic_requests();
        cycle();
        if (pins.insn_valid && pins.insn_ready) {
            if (next == 0)
                first = cycles;
            next++;
        }
        if (pins.done) {
            dones++;
            last = cycles;
        }
        ck_assert_msg(dones <= n, "more done pulses than instructions (seed %u)", seed);
    }
    /* requests still waiting stay on offer until taken; then no more */
    pins.insn_valid = 0;
    traffic = 0;
    while (traffic_waiting()) {
        ck_assert_msg(cycles < limit, "a traffic request never taken (seed %u)", seed);
        traffic_requests();
        cycle();
    }
    idle_ports();
    /* drain traffic reads */
    for (unsigned i = 0; i < 4; i++)
        cycle();
    for (unsigned i = 0; i < 4; i++)
        ck_assert_msg(tr[i].n == 0, "%s: a traffic read never returned", tr[i].name);
    st.cycles = last - first + 1;
    st.insns = n;
    read_back();
    return st;
}

#define MAXI 4096
static mm_args seq[MAXI];

START_TEST(test_random_traffic)
{
    fill_memories();
    tile_state t = {0};
    unsigned n = 300;
    for (unsigned i = 0; i < n; i++)
        rand_matmul(&seq[i], &t, 64, i ? &seq[i - 1] : NULL);
    run_stats st = run(seq, n, 30);
    printf("core_te %ux%u/%u random: %u matmuls, %llu vectors in %llu cycles, %llu traffic transfers (seed %u)\n",
           cfg.rows, cfg.cols, cfg.data_width, n, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (unsigned long long)traffic_taken, seed);
}
END_TEST

START_TEST(test_random_quiet)
{
    fill_memories();
    tile_state t = {0};
    unsigned n = 300;
    for (unsigned i = 0; i < n; i++)
        rand_matmul(&seq[i], &t, 2 * WB, i ? &seq[i - 1] : NULL);
    run(seq, n, 0);
}
END_TEST

/* Long stalls on every SBUF and PSUM request port (core_mem_stall, from
 * the plusarg +tl_mem_stall: 1 to 300 cycles, about one start per 1,024
 * cycles per port; core_mem_check checks that every stalled request stays
 * on offer unchanged). The same matmuls and memories run once without and
 * once with them: both bit-exact, and the stalled run must take longer,
 * which shows the stalls happened. */
START_TEST(test_port_stalls)
{
    unsigned n = 1000;
    uint64_t polite = 0;
    for (unsigned pass = 0; pass < 2; pass++) {
        if (pass) {
            char arg[40];
            snprintf(arg, sizeof arg, "+tl_mem_stall=%u", seed % 1000000u + 1u);
            teardown();
            open_dut(arg);
        }
        fill_memories();
        tile_state t = {0};
        for (unsigned i = 0; i < n; i++)
            rand_matmul(&seq[i], &t, 64, i ? &seq[i - 1] : NULL);
        run_stats st = run(seq, n, 30);
        if (!pass) {
            polite = st.cycles;
            continue;
        }
        printf("core_te %ux%u/%u port stalls: %u matmuls bit-exact in %llu cycles, %llu without stalls (seed %u)\n",
               cfg.rows, cfg.cols, cfg.data_width, n, (unsigned long long)st.cycles, (unsigned long long)polite,
               seed);
        ck_assert_msg(st.cycles > polite, "the port stalls did not slow the run: %llu cycles, %llu without (seed %u)",
                      (unsigned long long)st.cycles, (unsigned long long)polite, seed);
    }
}
END_TEST

/* Every traffic port asks in every cycle: the TE's SBUF read port gets one
 * grant in three at worst and its PSUM banks are contended; nothing may
 * starve and the results stay exact. */
START_TEST(test_full_traffic)
{
    fill_memories();
    tile_state t = {0};
    unsigned n = 120;
    for (unsigned i = 0; i < n; i++)
        rand_matmul(&seq[i], &t, 48, i ? &seq[i - 1] : NULL);
    run_stats st = run(seq, n, 100);
    printf("core_te %ux%u/%u full traffic: %llu vectors in %llu cycles, %llu traffic transfers (seed %u)\n",
           cfg.rows, cfg.cols, cfg.data_width, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (unsigned long long)traffic_taken, seed);
}
END_TEST

/* Short matmuls (N = 1..4), mostly reusing the tile: one instruction per
 * cycle or so must still flow. */
START_TEST(test_short_matmuls)
{
    fill_memories();
    unsigned n = 400;
    for (unsigned i = 0; i < n; i++) {
        mm_args *a = &seq[i];
        memset(a, 0, sizeof *a);
        a->fw = TL_FMT_BF16;
        a->fx = float_fmts[i % 4];
        a->load = i % 16 == 0;
        a->K = cfg.rows;
        a->M = cfg.cols;
        a->N = 1 + i % 4;
        a->start = i % 3 == 0;
        a->w_off = 2 * (i / 16 % 7);
        a->x_off = (unsigned)(i * 6 % 512) * tl_dma_esize(a->fx);
        a->e0 = (unsigned)(i % cfg.psum_banks) * BE + (unsigned)(i * 7 % 90);
    }
    run_stats st = run(seq, n, 0);
    printf("core_te %ux%u/%u short matmuls: %llu vectors / %llu cycles = %.3f (N = 1..4, load every 16th)\n",
           cfg.rows, cfg.cols, cfg.data_width, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (double)st.beats / (double)st.cycles);
    /* a new tile for every matmul of N = 2*ROWS vectors */
    for (unsigned i = 0; i < n; i++) {
        seq[i].load = 1;
        seq[i].N = 2 * cfg.rows;
        seq[i].x_off = (unsigned)(i * 6 % 256) * tl_dma_esize(seq[i].fx);
        seq[i].e0 = (unsigned)(i % cfg.psum_banks) * BE + (unsigned)(i * 7 % 50);
    }
    st = run(seq, n, 0);
    printf("core_te %ux%u/%u load every matmul: %llu vectors / %llu cycles = %.3f (N = 2*ROWS)\n",
           cfg.rows, cfg.cols, cfg.data_width, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (double)st.beats / (double)st.cycles);
}
END_TEST

/* Back-to-back accumulates to the same entries: every format pair, small N
 * (the tensor engine's read-modify-write window holds them), load and
 * reuse. */
START_TEST(test_accumulate_same_entries)
{
    fill_memories();
    unsigned n = 0;
    for (unsigned f = 0; f < 5; f++)
        for (unsigned N = 1; N <= 9; N += 2)
            for (unsigned r = 0; r < 6; r++) {
                mm_args *a = &seq[n++];
                memset(a, 0, sizeof *a);
                a->fw = f == 4 ? TL_FMT_INT8 : float_fmts[f];
                a->fx = f == 4 ? TL_FMT_INT8 : float_fmts[(f + r) % 4];
                a->load = r == 0 || r == 3;
                a->K = cfg.rows - (f & 1);
                a->M = cfg.cols;
                a->N = N;
                a->start = r == 0;
                a->w_off = (unsigned)(f * 2 * cfg.cols * (r == 3 ? 3 : 1)) & ~1u;
                a->x_off = (unsigned)(r * 2 + 2 * f) & ~1u;
                a->e0 = (f % cfg.psum_banks) * BE + 5;
            }
    run(seq, n, 20);
}
END_TEST

/* A long run without traffic: the tensor engine's utilization. Matmuls of
 * 64 vectors in bf16, a new W tile every 4 (loaded while the previous
 * ones compute), accumulating in groups, across banks. */
START_TEST(test_utilization)
{
    fill_memories();
    unsigned n = 256;
    for (unsigned i = 0; i < n; i++) {
        mm_args *a = &seq[i];
        memset(a, 0, sizeof *a);
        a->fw = a->fx = TL_FMT_BF16;
        a->load = i % 4 == 0;
        a->K = cfg.rows;
        a->M = cfg.cols;
        a->N = 64;
        a->start = i % 4 == 0;
        a->w_off = (unsigned)(i / 4 % 8) * 2 * cfg.cols + 2 * (i % 3);
        a->x_off = (unsigned)(i % 4) * 128 + 2 * (i % 5);
        a->e0 = (unsigned)(i / 4 % cfg.psum_banks) * BE + (unsigned)(i / 16 % 2) * 64;
    }
    run_stats st = run(seq, n, 0);
    printf("core_te %ux%u/%u utilization: %llu vectors (N*instructions) / %llu cycles = %.3f "
           "(bf16, N=64, load every 4th)\n",
           cfg.rows, cfg.cols, cfg.data_width, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (double)st.beats / (double)st.cycles);
    /* and int8 with e4m3 vectors, N = 16, a load every 2nd */
    for (unsigned i = 0; i < n; i++) {
        mm_args *a = &seq[i];
        a->fw = TL_FMT_E4M3;
        a->fx = TL_FMT_E4M3;
        a->N = 16;
        a->load = i % 2 == 0;
        a->start = i % 2 == 0;
        a->e0 = (unsigned)(i / 2 % cfg.psum_banks) * BE + (unsigned)(i % 5) * 20;
    }
    st = run(seq, n, 0);
    printf("core_te %ux%u/%u utilization: %llu vectors / %llu cycles = %.3f (e4m3, N=16, load every 2nd)\n",
           cfg.rows, cfg.cols, cfg.data_width, (unsigned long long)st.beats, (unsigned long long)st.cycles,
           (double)st.beats / (double)st.cycles);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("core_te");
    TCase *tc = tcase_create("matmul");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_accumulate_same_entries);
    tcase_add_test(tc, test_random_quiet);
    tcase_add_test(tc, test_random_traffic);
    tcase_add_test(tc, test_full_traffic);
    tcase_add_test(tc, test_port_stalls);
    tcase_add_test(tc, test_short_matmuls);
    tcase_add_test(tc, test_utilization);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    return tl_test_main(argv[0], suite());
}
