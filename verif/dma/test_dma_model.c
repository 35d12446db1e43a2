/*
 * The C DMA model (cmodel/dma_model.c) against literal expectations and
 * straightforward loops written here, independent of the RTL: descriptor
 * packing, the check order and fault addresses of docs/dma.md, the bus
 * error rule, element order across different source and destination
 * shapes, and conversion through tl_convert.
 */
#include <string.h>

#include "tl_test.h"
#include "trnlite/dma.h"

static uint8_t dram[0x10000], sbuf[16 << 12], psum[16 << 11];
static tl_dma_sys sys;

static void setup(void)
{
    memset(&sys, 0, sizeof sys);
    sys.data_bytes = 16;
    sys.addr_bits = 32;
    sys.win_base = 0x10000;
    sys.win_limit = 0x1FFFF;
    sys.dram = dram;
    sys.dram_base = 0x10000;
    sys.dram_size = sizeof dram;
    sys.sbuf = sbuf;
    sys.sbuf_parts = 16;
    sys.sbuf_part_log2 = 12;
    sys.psum = psum;
    sys.psum_parts = 16;
    sys.psum_part_log2 = 11;
    for (unsigned i = 0; i < sizeof dram; i++)
        dram[i] = (uint8_t)(i * 13 + 5);
}

static tl_dma_desc copy(uint64_t src, uint64_t dst, tl_fmt f, uint32_t n)
{
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    unsigned es = tl_dma_esize(f);
    d.src = (tl_dma_side){TL_DMA_DRAM, f, src, {n, 1, 1}, {es, 0, 0}};
    d.dst = (tl_dma_side){TL_DMA_DRAM, f, dst, {n, 1, 1}, {es, 0, 0}};
    return d;
}

START_TEST(pack_unpack_roundtrip)
{
    tl_rng r = {tl_test_seed(3)};
    for (int i = 0; i < 1000; i++) {
        uint32_t w[TL_DMA_DESC_WORDS], w2[TL_DMA_DESC_WORDS];
        for (int k = 0; k < TL_DMA_DESC_WORDS; k++)
            w[k] = tl_rng_u32(&r);
        w[0] &= 0xFFF; /* reserved bits are not kept */
        tl_dma_desc d;
        tl_dma_desc_unpack(w, &d);
        tl_dma_desc_pack(&d, w2);
        ck_assert_int_eq(memcmp(w, w2, sizeof w), 0);
    }
    tl_dma_desc d = copy(0x12345678ABull, 0x42, TL_FMT_E5M2, 7);
    uint32_t w[TL_DMA_DESC_WORDS];
    d.src.count[1] = 3;
    d.src.count[2] = 9;
    d.round = TL_RND_SR;
    tl_dma_desc_pack(&d, w);
    ck_assert_uint_eq(w[0], 4u | 4u << 3 | 1u << 10);
    ck_assert_uint_eq(w[6], 0x345678ABu);
    ck_assert_uint_eq(w[7], 0x12u);
    ck_assert_uint_eq(w[9], 3u | 9u << 16);
}
END_TEST

START_TEST(check_order_and_addresses)
{
    uint64_t fa;
    tl_dma_desc d = copy(0x10000, 0x18000, TL_FMT_FP32, 4);
    d.src.space = 3;
    d.src.fmt = 7; /* space is checked first */
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_BAD_SPACE);
    d = copy(0x10000, 0x18000, TL_FMT_FP32, 4);
    d.dst.fmt = TL_FMT_INT32; /* fp32 -> int32 is no conversion */
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_BAD_FMT);
    d = copy(0x10000, 0x18000, TL_FMT_INT32, 4); /* int32 copy is fine */
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_OK);
    d = copy(0x10001, 0x18002, TL_FMT_FP16, 4);
    d.dst.stride[2] = 3;
    d.dst.count[0] = 5; /* stride before count */
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_BAD_STRIDE);
    ck_assert_uint_eq(fa, 0x18002);
    d.dst.stride[2] = 0;
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_BAD_COUNT);
    d = copy(0xFFFF, 0x1FFFF, TL_FMT_INT8, 0); /* zero length: no range check */
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_OK);
    d = copy(0xFFFF, 0x1FFFF, TL_FMT_INT8, 2);
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_SRC_WINDOW);
    ck_assert_uint_eq(fa, 0xFFFF);
    d.src.addr = 0x10000;
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_DST_WINDOW);
    ck_assert_uint_eq(fa, 0x20000); /* the last byte touched */
    d = copy(0x10000, 0, TL_FMT_FP32, 3);
    d.dst.space = TL_DMA_PSUM;
    d.dst.addr = (16 << 11) - 8;
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_DST_RANGE);
    ck_assert_uint_eq(fa, (16 << 11) + 3);
}
END_TEST

START_TEST(bus_error_addresses)
{
    uint64_t fa;
    tl_dma_fault f = {0x10123, 0x10123, false, 2};
    sys.faults = &f;
    sys.nfaults = 1;
    tl_dma_desc d = copy(0x10105, 0x18000, TL_FMT_INT8, 100);
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_RD_SLVERR);
    ck_assert_uint_eq(fa, 0x10120); /* aligned beat, not the first */
    d = copy(0x10121, 0x18000, TL_FMT_INT8, 100);
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_RD_SLVERR);
    ck_assert_uint_eq(fa, 0x10121); /* first beat: the burst address */
    f = (tl_dma_fault){0x19000, 0x19000, true, 3};
    d = copy(0x10000, 0x18F00, TL_FMT_INT8, 0x300);
    uint8_t before = dram[0x8F00];
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_ERR_WR_DECERR);
    ck_assert_uint_eq(fa, 0x19000); /* the burst starting at the 4 KiB line */
    ck_assert_uint_eq(dram[0x8F00], before); /* model leaves it untouched */
}
END_TEST

/* Element k of the source (i0 fastest) lands on element k of the
 * destination, with different shapes and strides on each side. */
START_TEST(element_order_and_conversion)
{
    uint64_t fa;
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    d.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, 0x10010, {6, 4, 1}, {2, 20, 0}};
    d.dst = (tl_dma_side){TL_DMA_SBUF, TL_FMT_FP32, 0x1003, {3, 2, 4}, {4, 4096, 40}};
    d.round = TL_RND_RNE;
    ck_assert_uint_eq(tl_dma_run(&sys, &d, &fa), TL_DMA_OK);
    tl_convert_opts o = {TL_RND_RNE, false, 0};
    for (unsigned k = 0; k < 24; k++) {
        unsigned s0 = k % 6, s1 = k / 6;
        unsigned t0 = k % 3, t1 = (k / 3) % 2, t2 = k / 6;
        uint32_t sa = 0x10 + 2 * s0 + 20 * s1;
        uint32_t bits = dram[sa] | dram[sa + 1] << 8;
        uint32_t want = tl_convert(TL_FMT_BF16, TL_FMT_FP32, bits, &o, 0);
        uint32_t da = 0x1003 + 4 * t0 + 4096 * t1 + 40 * t2;
        uint32_t got = sbuf[da] | sbuf[da + 1] << 8 | sbuf[da + 2] << 16 | (uint32_t)sbuf[da + 3] << 24;
        ck_assert_uint_eq(got, want);
    }
}
END_TEST

/* Queues in a list: an error stops its own queue only; a queue number
 * beyond the engine's queues is not run and sets the engine-level
 * BAD_QUEUE status with the first such number. */
START_TEST(run_queues_bad_queue)
{
    static uint8_t before[sizeof dram];
    memcpy(before, dram, sizeof dram);
    tl_dma_desc list[6];
    unsigned q[6] = {0, 7, 1, 4, 1, 0};
    list[0] = copy(0x10000, 0x18000, TL_FMT_INT8, 16);
    list[1] = copy(0x10100, 0x18100, TL_FMT_INT8, 16); /* queue 7 of 4 */
    list[2] = copy(0x10200, 0x18200, TL_FMT_INT8, 16);
    list[3] = copy(0x10300, 0x18300, TL_FMT_INT8, 16); /* queue 4 of 4 */
    list[4] = copy(0x10400, 0x18400, TL_FMT_INT8, 16);
    list[4].dst.count[0] = 15;                         /* BAD_COUNT on queue 1 */
    list[5] = copy(0x10500, 0x18500, TL_FMT_INT8, 16);
    tl_dma_status st;
    memset(&st, 0xA5, sizeof st);
    tl_dma_run_queues(&sys, list, q, 6, 4, &st);
    ck_assert_uint_eq(st.desc_err, TL_DMA_ERR_BAD_QUEUE);
    ck_assert_uint_eq(st.desc_err_queue, 7);     /* the first one */
    ck_assert_uint_eq(st.done[0], 2);
    ck_assert_uint_eq(st.done[1], 1);
    ck_assert_uint_eq(st.code[0], TL_DMA_OK);
    ck_assert_uint_eq(st.code[1], TL_DMA_ERR_BAD_COUNT);
    for (unsigned i = 2; i < TL_DMA_MAX_QUEUES; i++)
        ck_assert_uint_eq(st.done[i] | st.code[i] | (unsigned)st.addr[i], 0);
    ck_assert_int_eq(memcmp(dram + 0x8000, before + 0x0, 16), 0);
    ck_assert_int_eq(memcmp(dram + 0x8200, before + 0x200, 16), 0);
    ck_assert_int_eq(memcmp(dram + 0x8500, before + 0x500, 16), 0);
    /* the bad ones and the failing one wrote nothing */
    ck_assert_int_eq(memcmp(dram + 0x8100, before + 0x8100, 16), 0);
    ck_assert_int_eq(memcmp(dram + 0x8300, before + 0x8300, 16), 0);
    ck_assert_int_eq(memcmp(dram + 0x8400, before + 0x8400, 16), 0);
    ck_assert_str_eq(tl_dma_strerror(TL_DMA_ERR_BAD_QUEUE), "BAD_QUEUE");
    /* no bad number: the engine-level status stays clear */
    q[1] = 3;
    q[3] = 2;
    tl_dma_run_queues(&sys, list, q, 6, 4, &st);
    ck_assert_uint_eq(st.desc_err, TL_DMA_OK);
    ck_assert_uint_eq(st.desc_err_queue, 0);
    ck_assert_uint_eq(st.done[3] + st.done[2], 2);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("dma_model");
    TCase *tc = tcase_create("dma_model");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, pack_unpack_roundtrip);
    tcase_add_test(tc, check_order_and_addresses);
    tcase_add_test(tc, bus_error_addresses);
    tcase_add_test(tc, element_order_and_conversion);
    tcase_add_test(tc, run_queues_bad_queue);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
