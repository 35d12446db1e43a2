/*
 * sdram_ctrl against the SDRAM model (sdram_model.c), and the model on
 * its own (docs/board.md section 6).
 *
 * controller: one random AXI4 master (random VALID delays, READY
 * back-pressure, W beats sometimes before their AW) over three 16 KiB
 * windows of the memory: its start, one in the middle and its end, so
 * that bursts cross rows and banks and reach the last address. Bursts of
 * 1..256 beats with random WSTRB, bursts outside the memory (DECERR), a
 * wrong size or burst type (SLVERR). Every R beat, RLAST, RID, BRESP and
 * BID is checked against a byte model; the SDRAM model checks every
 * command's timing and the refresh interval, and holds the data the
 * reads return (unwritten words and undriven DQ are noise). Then a
 * 256-beat write and read measure the rate against the SDRAM's peak.
 * model: each timing rule broken on purpose is reported by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_txn.h"
#include "sdram_ctrl_shim.h"
#include "tl_test.h"

#define BASE 0x80000000u
#define WIN 16384u

/* ---- the controller and the SDRAM model, clocked together ------------- */

typedef struct {
    sdram_dut *d;
    sdram_model *m;
    sdram_dut_cfg cfg;
    arb_port p;
    sdram_pins pins;
    unsigned d_next, d_prev; /* what the SDRAM drives for this edge, the last */
    uint64_t cyc;
    uint32_t noise;
} bench;

static void bench_open(bench *b, uint32_t seed)
{
    memset(b, 0, sizeof *b);
    b->cfg = sdram_dut_config();
    sdram_cfg mc = sdram_cfg_as4c32m16sb(b->cfg.row_bits, b->cfg.col_bits, 1000000u / b->cfg.clk_mhz);
    b->m = sdram_model_create(&mc, seed);
    ck_assert_ptr_nonnull(b->m);
    b->d = sdram_dut_create(tl_test_trace() ? tl_test_wave_path("sdram_ctrl") : NULL, seed);
    b->noise = seed | 1;
}

/* Evaluate with the AXI inputs in b->p: outputs valid for this edge. */
static void bench_eval(bench *b)
{
    /* with an input register (RD_EXTRA) the controller sees DQ one edge late */
    sdram_dut_eval(b->d, &b->p, b->cfg.rd_extra ? b->d_prev : b->d_next);
}

/* Our edge, then the SDRAM's half a cycle later (its clock is ours
 * inverted, docs/board.md section 6): it samples the pins our edge set,
 * and what it then drives is valid at our next edge. Before the first
 * reset edge the Verilated flops hold random power-up values (the FPGA's
 * are zero, which sdram_ctrl makes a NOP): the SDRAM model starts after
 * the first reset edge. */
static void bench_edge(bench *b, int rst)
{
    sdram_dut_tick(b->d, rst);
    sdram_dut_pins(b->d, &b->pins);
    int drive;
    unsigned v = sdram_model_edge(b->m, &b->pins, &drive);
    if (!drive) {
        b->noise ^= b->noise << 13, b->noise ^= b->noise >> 17, b->noise ^= b->noise << 5;
        v = b->noise & 0xFFFF;
    }
    b->d_prev = b->d_next;
    b->d_next = v;
    b->cyc++;
}

static void bench_close(bench *b)
{
    sdram_model_finish(b->m);
    ck_assert_msg(sdram_model_violations(b->m) == 0, "SDRAM model: %u timing violations, first: %s",
                  sdram_model_violations(b->m), sdram_model_first_violation(b->m));
    sdram_model_free(b->m);
    sdram_dut_free(b->d);
}

static uint32_t mem_size(const bench *b) { return 8u << (b->cfg.row_bits + b->cfg.col_bits); }

/* ---- AXI transactions ---------------------------------------------------- */

/* The byte model of the three windows. */
static uint8_t ref[3 * WIN];
static uint32_t win_base[3];

static uint8_t *ref_byte(uint32_t addr)
{
    for (int w = 0; w < 3; w++)
        if (addr >= win_base[w] && addr < win_base[w] + WIN)
            return &ref[w * WIN + (addr - win_base[w])];
    ck_abort_msg("address 0x%x outside the test's windows", addr);
    return NULL;
}

static void new_txn(tl_rng *r, axi_txn *t, uint32_t size)
{
    uint32_t w = tl_rng_below(r, 3), words = WIN / 8;
    uint32_t w0 = tl_rng_below(r, words);
    uint32_t room = words - w0;
    uint32_t len = tl_rng_below(r, 2) ? tl_rng_below(r, room < 8 ? room : 8) : tl_rng_below(r, room < 256 ? room : 256);
    int write = tl_rng_below(r, 2);
    axi_txn_new(r, t, write, tl_rng_below(r, 16), win_base[w] + w0 * 8, len);
    unsigned kind = tl_rng_below(r, 12);
    if (kind == 0) {
        /* outside: below the memory, or running past its end */
        if (tl_rng_below(r, 2)) {
            t->addr = BASE - 8 * (1 + tl_rng_below(r, 64));
        } else {
            t->addr = BASE + size - 8 * (1 + tl_rng_below(r, 4));
            t->len = 4 + tl_rng_below(r, 8);
        }
        t->resp = 3;
    } else if (kind == 1) {
        axi_txn_bad_type(r, t);
    }
}

/* Runs t to its end with VALIDs and READYs at random (valid_pct,
 * ready_pct); returns the cycles from its first cycle to its last. */
static uint64_t run_txn(bench *b, tl_rng *r, axi_txn *x, unsigned valid_pct, unsigned ready_pct, uint32_t seed)
{
    uint64_t start = b->cyc;
    while (!x->done) {
        ck_assert_msg(b->cyc - start < 200000, "seed %u: burst at 0x%x (len %u, %s) stuck", seed, x->addr, x->len,
                      x->write ? "write" : "read");
        axi_txn_drive(r, x, &b->p, valid_pct, ready_pct);
        bench_eval(b);
        axi_txn_observe(x, &b->p, ref_byte, seed, 0);
        bench_edge(b, 0);
    }
    memset(&b->p, 0, sizeof b->p);
    return b->cyc - start;
}

static void reset_and_fill(bench *b, tl_rng *r, uint32_t seed)
{
    for (int i = 0; i < 4; i++) {
        bench_eval(b);
        bench_edge(b, 1);
    }
    uint32_t size = mem_size(b);
    win_base[0] = BASE;
    win_base[1] = BASE + size / 2 - WIN / 2;
    win_base[2] = BASE + size - WIN;
    /* the windows start unknown: write them once with known bytes */
    static axi_txn t;
    for (int w = 0; w < 3; w++)
        for (uint32_t off = 0; off < WIN; off += 256 * 8) {
            axi_txn_new(r, &t, 1, 0, win_base[w] + off, 255);
            for (uint32_t k = 0; k <= t.len; k++)
                t.strb[k] = 0xFF;
            run_txn(b, r, &t, 100, 100, seed);
        }
}

START_TEST(random_bursts)
{
    uint32_t seed = tl_test_seed(31);
    tl_rng rng = {seed};
    bench b;
    bench_open(&b, seed);
    reset_and_fill(&b, &rng, seed);
    static axi_txn t;
    unsigned errs = 0, long_bursts = 0, n = 500;
    for (unsigned i = 0; i < n; i++) {
        new_txn(&rng, &t, mem_size(&b));
        errs += t.resp != 0;
        long_bursts += t.len >= 64;
        run_txn(&b, &rng, &t, 60, 60, seed);
        /* idle gaps now and then, long enough for refreshes with nothing to do */
        for (unsigned k = tl_rng_below(&rng, 4) == 0 ? tl_rng_below(&rng, 600) : 0; k; k--) {
            bench_eval(&b);
            bench_edge(&b, 0);
        }
    }
    sdram_stats st = sdram_model_stats(b.m);
    printf("sdram_ctrl %u MHz CL%u: %u bursts (%u with an error response, %u of 64 beats or more) in %llu cycles; "
           "%llu ACTIVATE, %llu READ, %llu WRITE, %llu REFRESH, longest refresh interval %llu ns\n",
           b.cfg.clk_mhz, b.cfg.cas_latency, n, errs, long_bursts, (unsigned long long)b.cyc,
           (unsigned long long)st.acts, (unsigned long long)st.reads, (unsigned long long)st.writes,
           (unsigned long long)st.refs, (unsigned long long)(st.max_ref_gap_ps / 1000));
    ck_assert_uint_gt(errs, 20);
    ck_assert_uint_gt(long_bursts, 20);
    /* refreshes kept pace (the model checks every interval against tREFI) */
    ck_assert_uint_gt(st.refs, 100);
    ck_assert_uint_le(st.max_ref_gap_ps, 7800000u);
    bench_close(&b);
}
END_TEST

/* A 256-beat write and read with VALID and READY always high: one beat
 * per BL cycles at best, less refreshes and row changes. */
START_TEST(full_rate)
{
    uint32_t seed = tl_test_seed(32);
    tl_rng rng = {seed};
    bench b;
    bench_open(&b, seed);
    reset_and_fill(&b, &rng, seed);
    static axi_txn t;
    uint64_t cycles[2];
    unsigned bl = 4; /* 64-bit beats of a x16 SDRAM */
    for (int wr = 1; wr >= 0; wr--) {
        axi_txn_new(&rng, &t, wr, 0, win_base[1], 255);
        for (uint32_t k = 0; k <= t.len; k++)
            t.strb[k] = 0xFF;
        cycles[wr] = run_txn(&b, &rng, &t, 100, 100, seed);
    }
    double eff_w = 256.0 * bl / (double)cycles[1], eff_r = 256.0 * bl / (double)cycles[0];
    printf("sdram_ctrl %u MHz CL%u: 256-beat write %llu cycles (%.1f%% of the SDRAM's peak), read %llu cycles "
           "(%.1f%%): %.0f and %.0f MB/s\n",
           b.cfg.clk_mhz, b.cfg.cas_latency, (unsigned long long)cycles[1], 100 * eff_w,
           (unsigned long long)cycles[0], 100 * eff_r, eff_w * 2 * b.cfg.clk_mhz, eff_r * 2 * b.cfg.clk_mhz);
    ck_assert_msg(eff_w > 0.9 && eff_r > 0.9, "below 90%% of the peak: write %.3f, read %.3f", eff_w, eff_r);
    bench_close(&b);
}
END_TEST

/* ---- the model alone: each rule, broken on purpose --------------------- */

#define TCK 20000u /* 50 MHz */

static sdram_model *model_new(void)
{
    sdram_cfg c = sdram_cfg_as4c32m16sb(13, 9, TCK);
    return sdram_model_create(&c, 1);
}

static unsigned drive_val;
static int drive_en;

static void cmd(sdram_model *m, unsigned c, unsigned ba, unsigned a, unsigned dq_oe, unsigned dq)
{
    /* c: {ras_n, cas_n, we_n}; 7 is NOP */
    sdram_pins p = {.cke = 1, .cs_n = 0, .ras_n = c >> 2 & 1, .cas_n = c >> 1 & 1, .we_n = c & 1, .ba = ba, .a = a,
                    .dqm = 0, .dq = dq, .dq_oe = dq_oe};
    drive_val = sdram_model_edge(m, &p, &drive_en);
}

static void nops(sdram_model *m, unsigned k)
{
    while (k--)
        cmd(m, 7, 0, 0, 0, 0);
}

enum { ACT = 3, READ = 5, WRITE = 4, PRE = 2, REF = 1, MRS = 0 };

/* Power-up by the book: 200 us, PRECHARGE ALL, 2 refreshes, LOAD MODE (BL4, CL2). */
static void power_up(sdram_model *m)
{
    nops(m, 200000000u / TCK);
    cmd(m, PRE, 0, 0x400, 0, 0);
    nops(m, 1);
    cmd(m, REF, 0, 0, 0, 0);
    nops(m, 3);
    cmd(m, REF, 0, 0, 0, 0);
    nops(m, 3);
    cmd(m, MRS, 0, 0x022, 0, 0);
    nops(m, 1);
}

/* A powered-up model with a row of bank 0 open, tRCD passed. */
static sdram_model *model_row_open(void)
{
    sdram_model *m = model_new();
    power_up(m);
    cmd(m, ACT, 0, 5, 0, 0);
    nops(m, 1);
    return m;
}

static void expect_rule(sdram_model *m, const char *rule)
{
    ck_assert_msg(sdram_model_violations(m) >= 1, "no violation reported, want '%s'", rule);
    ck_assert_msg(strstr(sdram_model_first_violation(m), rule), "first violation '%s', want '%s'",
                  sdram_model_first_violation(m), rule);
    sdram_model_free(m);
}

START_TEST(model_by_the_book)
{
    sdram_model *m = model_new();
    power_up(m);
    cmd(m, ACT, 2, 0x123, 0, 0);
    nops(m, 1);
    cmd(m, WRITE, 2, 0x10, 1, 0x1111);
    cmd(m, 7, 0, 0, 1, 0x2222);
    cmd(m, 7, 0, 0, 1, 0x3333);
    cmd(m, 7, 0, 0, 1, 0x4444);
    cmd(m, READ, 2, 0x12, 0, 0); /* sequential wrap: 0x12, 0x13, 0x10, 0x11 */
    unsigned got[4];
    nops(m, 1); /* CL 2: the first word is driven for the second edge */
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(drive_en, 1);
        got[i] = drive_val;
        nops(m, 1);
    }
    ck_assert_uint_eq(got[0], 0x3333);
    ck_assert_uint_eq(got[1], 0x4444);
    ck_assert_uint_eq(got[2], 0x1111);
    ck_assert_uint_eq(got[3], 0x2222);
    cmd(m, PRE, 0, 0x400, 0, 0);
    nops(m, 1);
    cmd(m, REF, 0, 0, 0, 0);
    nops(m, 3);
    sdram_model_finish(m);
    ck_assert_msg(sdram_model_violations(m) == 0, "%s", sdram_model_first_violation(m));
    ck_assert_uint_eq(sdram_model_peek(m, 2, 0x123, 0x11), 0x2222);
    sdram_model_free(m);
}
END_TEST

START_TEST(model_catches_trcd)
{
    sdram_model *m = model_new();
    power_up(m);
    cmd(m, ACT, 0, 5, 0, 0);
    cmd(m, READ, 0, 0, 0, 0);
    expect_rule(m, "tRCD");
}
END_TEST

START_TEST(model_catches_open_row)
{
    sdram_model *m = model_new();
    power_up(m);
    cmd(m, ACT, 1, 5, 0, 0);
    nops(m, 4);
    cmd(m, ACT, 1, 6, 0, 0);
    expect_rule(m, "while a row is open");
}
END_TEST

START_TEST(model_catches_tras)
{
    sdram_model *m = model_row_open();
    cmd(m, PRE, 0, 0x400, 0, 0);
    expect_rule(m, "tRAS");
}
END_TEST

START_TEST(model_catches_twr)
{
    sdram_model *m = model_row_open();
    cmd(m, WRITE, 0, 0, 1, 1);
    cmd(m, 7, 0, 0, 1, 2);
    cmd(m, 7, 0, 0, 1, 3);
    cmd(m, PRE, 0, 0x400, 1, 4); /* with the last word: tWR (14 ns, one cycle) not kept */
    expect_rule(m, "tWR");
}
END_TEST

START_TEST(model_catches_missing_refresh)
{
    sdram_model *m = model_new();
    power_up(m);
    nops(m, 7900000u / TCK);
    sdram_model_finish(m);
    expect_rule(m, "no refresh");
}
END_TEST

START_TEST(model_catches_early_command)
{
    sdram_model *m = model_new();
    nops(m, 1000);
    cmd(m, PRE, 0, 0x400, 0, 0);
    expect_rule(m, "power-up wait");
}
END_TEST

START_TEST(model_catches_contention)
{
    sdram_model *m = model_row_open();
    cmd(m, READ, 0, 0, 0, 0);
    nops(m, 1);
    cmd(m, 7, 0, 0, 1, 0); /* the controller drives DQ as the first word comes */
    expect_rule(m, "driven by both");
}
END_TEST

START_TEST(model_catches_interrupted_burst)
{
    sdram_model *m = model_row_open();
    cmd(m, READ, 0, 0, 0, 0);
    nops(m, 1);
    cmd(m, READ, 0, 4, 0, 0);
    expect_rule(m, "interrupts a burst");
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("sdram_ctrl");
    TCase *tc = tcase_create("controller");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, random_bursts);
    tcase_add_test(tc, full_rate);
    suite_add_tcase(s, tc);
    TCase *tm = tcase_create("model");
    tcase_set_timeout(tm, 60);
    tcase_add_test(tm, model_by_the_book);
    tcase_add_test(tm, model_catches_trcd);
    tcase_add_test(tm, model_catches_open_row);
    tcase_add_test(tm, model_catches_tras);
    tcase_add_test(tm, model_catches_twr);
    tcase_add_test(tm, model_catches_missing_refresh);
    tcase_add_test(tm, model_catches_early_command);
    tcase_add_test(tm, model_catches_contention);
    tcase_add_test(tm, model_catches_interrupted_burst);
    suite_add_tcase(s, tm);
    return tl_test_main(argv[0], s);
}
