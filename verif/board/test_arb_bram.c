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
#include "tl_test.h"

#define BASE 0x80000000u
#define SIZE 4096u
#define HALF (SIZE / 2)

typedef struct {
    int write;
    uint32_t addr, len, size, burst, id;
    unsigned resp;             /* expected: 0 OKAY, 2 SLVERR, 3 DECERR */
    uint64_t data[256];
    uint32_t strb[256];
    /* progress */
    int a_done, w_sent, r_got, done;
    int avalid, wvalid;        /* held until the handshake */
} txn;

static uint8_t ref[SIZE];

static void new_txn(tl_rng *r, int m, txn *t)
{
    memset(t, 0, sizeof *t);
    t->write = tl_rng_below(r, 2);
    t->id = tl_rng_below(r, 16);
    t->size = 3, t->burst = 1;
    uint32_t lo = BASE + (uint32_t)m * HALF;
    uint32_t words = HALF / 8;
    uint32_t w0 = tl_rng_below(r, words);
    t->addr = lo + w0 * 8;
    uint32_t room = words - w0;  /* words to the end of this master's half */
    t->len = tl_rng_below(r, 2) ? tl_rng_below(r, room < 8 ? room : 8) : tl_rng_below(r, room < 256 ? room : 256);
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
        if (tl_rng_below(r, 2))
            t->size = 2;
        else
            t->burst = tl_rng_below(r, 2) ? 0 : 2;
        t->resp = 2;
    }
    for (uint32_t b = 0; b <= t->len; b++) {
        t->data[b] = tl_rng_next(r);
        t->strb[b] = tl_rng_below(r, 2) ? 0xFF : tl_rng_below(r, 256);
    }
}

/* The model's contents of a word. */
static uint64_t ref_word(uint32_t addr)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)ref[addr - BASE + i] << (8 * i);
    return v;
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
    static txn t[2];
    int left[2] = {300, 300}, init[2] = {1, 1};
    unsigned errs_seen = 0, long_bursts = 0;
    for (int m = 0; m < 2; m++) {
        memset(&t[m], 0, sizeof t[m]);
        t[m].write = 1, t[m].addr = BASE + (uint32_t)m * HALF, t[m].len = HALF / 8 - 1, t[m].size = 3, t[m].burst = 1;
        for (uint32_t b = 0; b <= t[m].len; b++)
            t[m].data[b] = tl_rng_next(&rng), t[m].strb[b] = 0xFF;
    }
    uint64_t cyc = 0;
    while ((left[0] || left[1]) && cyc < 4000000) {
        for (int m = 0; m < 2; m++) {
            txn *x = &t[m];
            arb_port *q = &p[m];
            if (x->done && left[m] == 0) {
                memset(q, 0, sizeof *q);
                continue;
            }
            if (x->done) {
                if (!init[m])
                    left[m]--;
                init[m] = 0;
                if (left[m] == 0) {
                    memset(q, 0, sizeof *q);
                    continue;
                }
                new_txn(&rng, m, x);
                errs_seen += x->resp != 0;
                long_bursts += x->len >= 64;
            }
            /* address: VALID raised at random, held until taken */
            if (!x->a_done && !x->avalid)
                x->avalid = tl_rng_below(&rng, 100) < 60;
            /* write data: after AW, or (half the time) already before it */
            uint32_t wb = (uint32_t)x->w_sent;
            if (x->write && wb <= x->len && !x->wvalid && (x->a_done || (x->id & 1)))
                x->wvalid = tl_rng_below(&rng, 100) < 70;
            q->awvalid = x->write && x->avalid;
            q->arvalid = !x->write && x->avalid;
            q->awid = q->arid = x->id;
            q->awaddr = q->araddr = x->addr;
            q->awlen = q->arlen = x->len;
            q->awsize = q->arsize = x->size;
            q->awburst = q->arburst = x->burst;
            q->wvalid = x->wvalid;
            q->wdata = wb <= x->len ? x->data[wb] : 0;
            q->wstrb = wb <= x->len ? x->strb[wb] : 0;
            q->wlast = wb == x->len;
            q->bready = tl_rng_below(&rng, 100) < 60;
            q->rready = tl_rng_below(&rng, 100) < 60;
        }
        arb_dut_eval(d, p);
        for (int m = 0; m < 2; m++) {
            txn *x = &t[m];
            arb_port *q = &p[m];
            if (x->done)
                continue;
            if (x->avalid && (x->write ? q->awready : q->arready))
                x->a_done = 1, x->avalid = 0;
            if (x->wvalid && q->wready) {
                x->wvalid = 0;
                x->w_sent++;
            }
            if (x->write && q->bvalid && q->bready) {
                ck_assert_msg(x->w_sent == (int)x->len + 1, "seed %u master %d: B before the last W", seed, m);
                ck_assert_msg(q->bresp == x->resp, "seed %u master %d: BRESP %u, want %u (addr 0x%x len %u)", seed,
                              m, q->bresp, x->resp, x->addr, x->len);
                ck_assert_uint_eq(q->bid, x->id);
                if (x->resp == 0)
                    for (uint32_t b = 0; b <= x->len; b++)
                        for (int i = 0; i < 8; i++)
                            if (x->strb[b] >> i & 1)
                                ref[x->addr - BASE + 8 * b + i] = (uint8_t)(x->data[b] >> (8 * i));
                x->done = 1;
            }
            if (!x->write && q->rvalid && q->rready) {
                uint32_t b = (uint32_t)x->r_got++;
                ck_assert_msg(x->a_done, "seed %u master %d: R before AR", seed, m);
                ck_assert_msg(b <= x->len, "seed %u master %d: too many R beats", seed, m);
                ck_assert_uint_eq(q->rid, x->id);
                ck_assert_msg(q->rresp == x->resp, "seed %u master %d: RRESP %u, want %u (addr 0x%x)", seed, m,
                              q->rresp, x->resp, x->addr);
                ck_assert_uint_eq(q->rlast, b == x->len);
                if (x->resp == 0)
                    ck_assert_msg(q->rdata == ref_word(x->addr + 8 * b),
                                  "seed %u master %d: read 0x%x beat %u: 0x%016llx, model 0x%016llx", seed, m,
                                  x->addr, b, (unsigned long long)q->rdata,
                                  (unsigned long long)ref_word(x->addr + 8 * b));
                if (b == x->len)
                    x->done = 1;
            }
        }
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
