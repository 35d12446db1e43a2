/*
 * The board's DRAM path alone (arb_bram_tb: axi_arb2 + axi_bram, 4 KiB at
 * 0x8000_0000): two random AXI4 masters at once, each in its own half of
 * the memory, with random VALID delays and READY back-pressure, W beats
 * sometimes before their AW. Bursts of 1..256 beats with random WSTRB,
 * bursts outside the memory (DECERR), a wrong size or burst type
 * (SLVERR). Every R beat, RLAST, RID, BRESP and BID is checked against a
 * byte model of the memory; a burst with an error writes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arb_bram_shim.h"
#include "axi_txn.h"
#include "tl_test.h"

#define BASE 0x80000000u
#define SIZE 4096u
#define HALF (SIZE / 2)

static uint8_t ref[SIZE];
static uint8_t *ref_byte(uint32_t addr) { return &ref[addr - BASE]; }

static void new_txn(tl_rng *r, int m, axi_txn *t)
{
    uint32_t lo = BASE + (uint32_t)m * HALF;
    uint32_t words = HALF / 8;
    uint32_t w0 = tl_rng_below(r, words);
    uint32_t room = words - w0;  /* words to the end of this master's half */
    uint32_t len = tl_rng_below(r, 2) ? tl_rng_below(r, room < 8 ? room : 8) : tl_rng_below(r, room < 256 ? room : 256);
    int write = tl_rng_below(r, 2);
    axi_txn_new(r, t, write, tl_rng_below(r, 16), lo + w0 * 8, len);
    unsigned kind = tl_rng_below(r, 10);
    if (kind == 0) {
        /* outside: below the memory, or (master 1) running past its end */
        if (m == 0) {
            t->addr = BASE - 8 * (1 + tl_rng_below(r, 64));
        } else {
            t->addr = BASE + SIZE - 8 * (1 + tl_rng_below(r, 4));
            t->len = 4 + tl_rng_below(r, 8);
        }
        t->resp = 3;
    } else if (kind == 1) {
        axi_txn_bad_type(r, t);
    }
}

START_TEST(two_masters_random)
{
    uint32_t seed = tl_test_seed(21);
    tl_rng rng = {seed};
    arb_dut *d = arb_dut_create(tl_test_trace() ? tl_test_wave_path("arb_bram") : NULL, seed);
    arb_port p[2];
    memset(p, 0, sizeof p);
    for (int i = 0; i < 4; i++) {
        arb_dut_eval(d, p);
        arb_dut_tick(d, 1);
    }
    /* the memory starts unknown: write all of it once with known bytes */
    memset(ref, 0, sizeof ref);
    static axi_txn t[2];
    int left[2] = {300, 300}, init[2] = {1, 1};
    unsigned errs_seen = 0, long_bursts = 0;
    for (int m = 0; m < 2; m++) {
        axi_txn_new(&rng, &t[m], 1, 0, BASE + (uint32_t)m * HALF, HALF / 8 - 1);
        for (uint32_t b = 0; b <= t[m].len; b++)
            t[m].strb[b] = 0xFF;
    }
    uint64_t cyc = 0;
    while ((left[0] || left[1]) && cyc < 4000000) {
        for (int m = 0; m < 2; m++) {
            axi_txn *x = &t[m];
            if (x->done && left[m] == 0) {
                memset(&p[m], 0, sizeof p[m]);
                continue;
            }
            if (x->done) {
                if (!init[m])
                    left[m]--;
                init[m] = 0;
                if (left[m] == 0) {
                    memset(&p[m], 0, sizeof p[m]);
                    continue;
                }
                new_txn(&rng, m, x);
                errs_seen += x->resp != 0;
                long_bursts += x->len >= 64;
            }
            axi_txn_drive(&rng, x, &p[m], 60, 60);
        }
        arb_dut_eval(d, p);
        for (int m = 0; m < 2; m++)
            axi_txn_observe(&t[m], &p[m], ref_byte, seed, m);
        arb_dut_tick(d, 0);
        cyc++;
    }
    ck_assert_msg(!left[0] && !left[1], "seed %u: stuck after %llu cycles (left %d, %d)", seed,
                  (unsigned long long)cyc, left[0], left[1]);
    printf("arb_bram: 600 bursts (%u with an error response, %u of 64 beats or more) in %llu cycles\n", errs_seen,
           long_bursts, (unsigned long long)cyc);
    ck_assert_uint_gt(errs_seen, 20);
    ck_assert_uint_gt(long_bursts, 20);
    arb_dut_free(d);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("arb_bram");
    TCase *tc = tcase_create("dram_path");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, two_masters_random);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
