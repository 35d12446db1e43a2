/*
 * axi_mem (verif/common/axi_mem.c) on its own: the memory behaves (data,
 * latency, fault injection) and every protocol check fires on a master
 * that breaks its rule, so the DMA tests' "no violation" means something;
 * the impolite options do what axi_mem.h says (W before AW, R and B out of
 * order across IDs but in order within one) and the attribute and
 * outstanding checks fire.
 */
#include <string.h>

#include "axi_mem.h"
#include "tl_test.h"

static axi_mem *m;
static axi_port p;

static void setup(void)
{
    axi_mem_cfg cfg = {.data_bytes = 16, .base = 0x1000, .size = 0x10000, .latency = 3, .ready_pct = 100, .seed = 1};
    m = axi_mem_create(&cfg);
    memset(&p, 0, sizeof p);
    p.bready = p.rready = true;
    for (unsigned i = 0; i < 0x10000; i++)
        axi_mem_data(m)[i] = (uint8_t)(i * 7 + 1);
}

static void teardown(void) { axi_mem_free(m); }

/* One cycle with the master signals as they are in p. */
static void cycle(void)
{
    axi_mem_drive(m, &p);
    axi_mem_tick(m, &p);
}

static void aw(uint64_t a, unsigned len)
{
    p.awaddr = a;
    p.awlen = len;
    p.awsize = 4;
    p.awburst = 1;
    p.awvalid = true;
    cycle();
    p.awvalid = false;
}

static void ar(uint64_t a, unsigned len)
{
    p.araddr = a;
    p.arlen = len;
    p.arsize = 4;
    p.arburst = 1;
    p.arvalid = true;
    cycle();
    p.arvalid = false;
}

static void w(uint32_t strb, bool last, uint8_t fill)
{
    memset(p.wdata, fill, sizeof p.wdata);
    p.wstrb = strb;
    p.wlast = last;
    p.wvalid = true;
    cycle();
    p.wvalid = false;
}

START_TEST(write_read_latency_and_data)
{
    aw(0x2000, 1);
    w(0xFFFF, false, 0xAB);
    w(0x00FF, true, 0xCD);
    unsigned waited = 0;
    bool got_b = false;
    for (; waited < 20 && !got_b; waited++) {
        axi_mem_drive(m, &p);
        got_b = p.bvalid;
        axi_mem_tick(m, &p);
    }
    ck_assert(got_b);
    ck_assert_uint_eq(p.bresp, 0);
    ck_assert_uint_ge(waited, 3);
    ck_assert_uint_eq(axi_mem_data(m)[0x1000], 0xAB);
    ck_assert_uint_eq(axi_mem_data(m)[0x1017], 0xCD);
    ck_assert_uint_eq(axi_mem_data(m)[0x1018], (uint8_t)(0x1018 * 7 + 1));
    ar(0x2008, 1);
    unsigned beats = 0, first = 0, t = 0;
    uint8_t got[32];
    for (; t < 30 && beats < 2; t++) {
        axi_mem_drive(m, &p);
        if (p.rvalid) {
            if (!beats)
                first = t;
            memcpy(got + 16 * beats, p.rdata, 16);
            ck_assert_uint_eq(p.rlast, beats == 1);
            beats++;
        }
        axi_mem_tick(m, &p);
    }
    ck_assert_uint_eq(beats, 2);
    ck_assert_uint_ge(first, 2);
    ck_assert_uint_eq(got[0], 0xAB); /* aligned bus word 0x2000 */
    ck_assert_uint_eq(got[16], 0xCD);
    ck_assert_uint_eq(axi_mem_violations(m), 0);
    ck_assert(axi_mem_idle(m));
}
END_TEST

START_TEST(fault_injection)
{
    axi_mem_add_fault(m, 0x3010, 0x3010, false, 2);
    axi_mem_add_fault(m, 0x4000, 0x4003, true, 3);
    ar(0x3000, 2);
    unsigned resp[3], n = 0;
    for (unsigned t = 0; t < 30 && n < 3; t++) {
        axi_mem_drive(m, &p);
        if (p.rvalid)
            resp[n++] = p.rresp;
        axi_mem_tick(m, &p);
    }
    ck_assert_uint_eq(n, 3);
    ck_assert_uint_eq(resp[0], 0);
    ck_assert_uint_eq(resp[1], 2); /* only the beat covering 0x3010 */
    ck_assert_uint_eq(resp[2], 0);
    uint8_t before = axi_mem_data(m)[0x3000];
    aw(0x4000, 0);
    w(0xFFFF, true, 0x55);
    unsigned b = 99;
    for (unsigned t = 0; t < 20 && b == 99; t++) {
        axi_mem_drive(m, &p);
        if (p.bvalid)
            b = p.bresp;
        axi_mem_tick(m, &p);
    }
    ck_assert_uint_eq(b, 3);
    ck_assert_uint_eq(axi_mem_data(m)[0x3000], before); /* nothing written */
    /* outside the backing store: DECERR */
    ar(0x800, 0);
    unsigned r = 99;
    for (unsigned t = 0; t < 20 && r == 99; t++) {
        axi_mem_drive(m, &p);
        if (p.rvalid)
            r = p.rresp;
        axi_mem_tick(m, &p);
    }
    ck_assert_uint_eq(r, 3);
    ck_assert_uint_eq(axi_mem_violations(m), 0);
}
END_TEST

START_TEST(catches_4k_crossing)
{
    ar(0x1FF0, 1);
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    aw(0x2FFF, 0); /* one beat inside 4 KiB: fine */
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    aw(0x2FF8, 1);
    ck_assert_uint_ge(axi_mem_violations(m), 2);
}
END_TEST

START_TEST(catches_valid_dropped_and_payload_change)
{
    axi_mem_set_timing(m, 3, 0, 0, 0); /* never ready */
    p.arvalid = true;
    p.araddr = 0x2000;
    p.arsize = 4;
    p.arburst = 1;
    cycle();
    p.araddr = 0x2010; /* changed while waiting */
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    p.arvalid = false; /* dropped before ready */
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 2);
    p.wvalid = true; /* W with no burst at all */
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 3);
}
END_TEST

START_TEST(catches_wlast_and_wstrb)
{
    aw(0x2003, 1);
    w(0xFFF8, true, 1); /* WLAST on beat 0 of 2 */
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    w(0xFFFF, true, 1); /* beat 1 of 2: right */
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    aw(0x2103, 0);
    w(0xFFFF, true, 1); /* strobes below the start address */
    ck_assert_uint_eq(axi_mem_violations(m), 2);
    aw(0x2203, 0);
    w(0xFFF8, true, 1); /* exactly the transfer: fine */
    ck_assert_uint_eq(axi_mem_violations(m), 2);
}
END_TEST

START_TEST(catches_beat_after_reset)
{
    p.awvalid = true; /* first reset cycle: the master still shows its old state */
    p.awaddr = 0x2000;
    p.awsize = 4;
    p.awburst = 1;
    axi_mem_reset(m);
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 0);
    cycle(); /* first cycle after reset: VALID must be low */
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    p.awvalid = false;
    axi_mem_reset(m);
    cycle();
    p.arvalid = true;
    p.araddr = 0x2000;
    p.arsize = 4;
    p.arburst = 1;
    axi_mem_reset(m); /* second reset cycle */
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 2);
}
END_TEST

/* Replace m by a model with cfg's impolite options on top of setup's. */
static void remake(void (*adjust)(axi_mem_cfg *))
{
    axi_mem_cfg cfg = {.data_bytes = 16, .base = 0x1000, .size = 0x10000, .latency = 3, .ready_pct = 100, .seed = 1};
    adjust(&cfg);
    axi_mem_free(m);
    m = axi_mem_create(&cfg);
    for (unsigned i = 0; i < 0x10000; i++)
        axi_mem_data(m)[i] = (uint8_t)(i * 7 + 1);
}

static void cfg_w_ahead(axi_mem_cfg *c) { c->w_ahead = 4; }

START_TEST(w_taken_before_aw)
{
    remake(cfg_w_ahead);
    /* two beats with no AW anywhere: taken (legal AXI), nothing written yet */
    w(0xFFFF, false, 0x11);
    w(0x000F, true, 0x22);
    ck_assert_uint_eq(axi_mem_get_stats(m)->w_early, 2);
    ck_assert(!axi_mem_idle(m));
    ck_assert_uint_eq(axi_mem_data(m)[0x1000], 1);
    /* the buffer holds at most 4: the fifth beat waits */
    w(0xFFFF, true, 0x33);
    w(0xFFFF, true, 0x44);
    p.wvalid = true;
    axi_mem_drive(m, &p);
    ck_assert(!p.wready);
    p.wvalid = false;
    axi_mem_tick(m, &p);
    /* the AWs arrive: the beats land on their bursts in order */
    aw(0x2000, 1);
    aw(0x2100, 0);
    aw(0x2200, 0);
    unsigned bs = 0;
    for (unsigned t = 0; t < 20; t++) {
        axi_mem_drive(m, &p);
        bs += p.bvalid;
        axi_mem_tick(m, &p);
    }
    ck_assert_uint_eq(bs, 3);
    ck_assert_uint_eq(axi_mem_data(m)[0x1000], 0x11);
    ck_assert_uint_eq(axi_mem_data(m)[0x1013], 0x22);
    ck_assert_uint_eq(axi_mem_data(m)[0x1014], (uint8_t)(0x1014 * 7 + 1));
    ck_assert_uint_eq(axi_mem_data(m)[0x1100], 0x33);
    ck_assert_uint_eq(axi_mem_data(m)[0x1200], 0x44);
    ck_assert_uint_eq(axi_mem_violations(m), 0);
    ck_assert(axi_mem_idle(m));
    /* a matched beat is still checked: WLAST one beat early */
    w(0xFFFF, true, 0);
    aw(0x2300, 1);
    ck_assert_uint_eq(axi_mem_violations(m), 1);
}
END_TEST

static unsigned rseed;
static void cfg_reorder(axi_mem_cfg *c)
{
    c->reorder = true;
    c->jitter = 6;
    c->latency = 10; /* nothing answers while the requests go out */
    c->seed = rseed;
}

/* Three 4-beat reads, IDs 0, 1, 0: each ID's beats in its AR order with the
 * right data and RLAST; across seeds, ID 1 must sometimes overtake the
 * first ID 0 burst, and beats must sometimes switch ID mid-burst. */
START_TEST(reads_reordered_across_ids_only)
{
    uint64_t overtakes = 0, switches = 0;
    for (rseed = 1; rseed <= 40; rseed++) {
        remake(cfg_reorder);
        const uint64_t addr[3] = {0x2000, 0x3000, 0x4000};
        const unsigned id[3] = {0, 1, 0};
        for (unsigned i = 0; i < 3; i++) {
            p.arid = id[i];
            ar(addr[i], 3);
        }
        unsigned got[3] = {0}, done = 0;
        for (unsigned t = 0; t < 200 && done < 12; t++) {
            axi_mem_drive(m, &p);
            if (p.rvalid) {
                /* the burst this beat belongs to: the first unfinished one of its ID */
                unsigned b = p.rid == 1 ? 1 : (got[0] < 4 ? 0 : 2);
                uint64_t a = addr[b] + 16 * got[b];
                ck_assert_uint_eq(p.rdata[0], (uint8_t)((a - 0x1000) * 7 + 1));
                ck_assert_uint_eq(p.rlast, got[b] == 3);
                got[b]++;
                done++;
            }
            axi_mem_tick(m, &p);
        }
        ck_assert_uint_eq(done, 12);
        ck_assert_uint_eq(axi_mem_violations(m), 0);
        overtakes += axi_mem_get_stats(m)->r_overtake;
        switches += axi_mem_get_stats(m)->r_switch;
    }
    ck_assert_uint_gt(overtakes, 0);
    ck_assert_uint_gt(switches, 0);
}
END_TEST

/* Writes on IDs 0, 1, 0: B of ID 1 sometimes first, ID 0's in order. */
START_TEST(b_reordered_across_ids_only)
{
    uint64_t overtakes = 0;
    for (rseed = 1; rseed <= 40; rseed++) {
        remake(cfg_reorder);
        const unsigned id[3] = {0, 1, 0};
        for (unsigned i = 0; i < 3; i++) {
            p.awid = id[i];
            aw(0x2000 + 0x100 * i, 0);
            w(0xFFFF, true, (uint8_t)i);
        }
        unsigned order[3], n = 0;
        for (unsigned t = 0; t < 200 && n < 3; t++) {
            axi_mem_drive(m, &p);
            if (p.bvalid)
                order[n++] = p.bid;
            axi_mem_tick(m, &p);
        }
        ck_assert_uint_eq(n, 3);
        ck_assert_uint_eq(order[0] + order[1] + order[2], 1);
        overtakes += axi_mem_get_stats(m)->b_overtake;
        ck_assert_uint_eq(axi_mem_violations(m), 0);
    }
    ck_assert_uint_gt(overtakes, 0);
}
END_TEST

static void cfg_checks(axi_mem_cfg *c)
{
    c->check_attr = true;
    c->cache = 3;
    c->max_rd[0] = 2;
    c->max_wr[2] = 1;
    c->latency = 50;
}

START_TEST(catches_attributes_and_outstanding)
{
    remake(cfg_checks);
    p.arcache = 3;
    ar(0x2000, 0);
    ar(0x2100, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 0);
    ar(0x2200, 0); /* a third read on ID 0 with 2 allowed */
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    p.arid = 1; /* no limit on ID 1 */
    ar(0x2300, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 1);
    p.arcache = 2;
    ar(0x2400, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 2);
    p.arcache = 3;
    p.arprot = 1;
    ar(0x2500, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 3);
    p.arprot = 0;
    p.arlock = 1;
    ar(0x2600, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 4);
    p.arlock = 0;
    p.awcache = 3;
    p.awid = 2;
    aw(0x2000, 0);
    w(0xFFFF, true, 0);
    ck_assert_uint_eq(axi_mem_violations(m), 4);
    aw(0x2100, 0); /* second write on ID 2 before the first B: 1 allowed */
    ck_assert_uint_eq(axi_mem_violations(m), 5);
    p.awsize = 3; /* narrower than the bus */
    p.awid = 3;
    cycle();
    p.awvalid = true;
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 6);
    p.awvalid = false;
    w(0x00FF, true, 0x5A); /* bytes outside WSTRB not zero (for 0x2100) */
    ck_assert_uint_eq(axi_mem_violations(m), 7);
    /* AxCACHE changed while waiting */
    axi_mem_set_timing(m, 3, 0, 0, 0);
    p.awsize = 4;
    cycle();
    p.awvalid = true;
    cycle();
    p.awcache = 2;
    cycle();
    ck_assert_uint_eq(axi_mem_violations(m), 8);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("axi_mem");
    TCase *tc = tcase_create("axi_mem");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, write_read_latency_and_data);
    tcase_add_test(tc, fault_injection);
    tcase_add_test(tc, catches_4k_crossing);
    tcase_add_test(tc, catches_valid_dropped_and_payload_change);
    tcase_add_test(tc, catches_wlast_and_wstrb);
    tcase_add_test(tc, catches_beat_after_reset);
    tcase_add_test(tc, w_taken_before_aw);
    tcase_add_test(tc, reads_reordered_across_ids_only);
    tcase_add_test(tc, b_reordered_across_ids_only);
    tcase_add_test(tc, catches_attributes_and_outstanding);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
