/*
 * axi_mem (verif/common/axi_mem.c) on its own: the memory behaves (data,
 * latency, fault injection) and every protocol check fires on a master
 * that breaks its rule, so the DMA tests' "no violation" means something.
 */
#include <string.h>

#include "axi_mem.h"
#include "tl_test.h"

static axi_mem *m;
static axi_port p;

static void setup(void)
{
    axi_mem_cfg cfg = {16, 0x1000, 0x10000, 3, 100, 0, 0, 1};
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
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
