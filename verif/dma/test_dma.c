/*
 * dma_engine RTL against the cmodel DMA reference (cmodel/dma_model.c):
 * every DMA line of CHECKLIST.md as a named test, then random descriptor
 * lists (shapes, strides, alignments, spaces, conversions, queues and bad
 * queue numbers, bus faults, malformed descriptors) under random
 * backpressure. Every run compares every byte of DRAM, SBUF and PSUM, each
 * queue's error code, faulting address and completion count, the
 * engine-level status (BAD_QUEUE and its number), and the AXI protocol checks of
 * verif/common/axi_mem.c. A failing job is replayed with a waveform under
 * build/waves/.
 *
 * $DMA_RANDOM_LISTS sets how many random lists (default 1500 per build);
 * $SEEDS multiplies it (make fuzz).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dma_check.h"
#include "tl_test.h"
#include "xcov.h"

static dma_tb *tb;
static tl_rng rng;
static const char *test_name = "dma";

static void setup(void)
{
    dma_tb_cfg cfg = {1, 4, 100, 0, 0, tl_test_trace() ? tl_test_wave_path(test_name) : NULL};
    tb = dma_tb_create(&cfg);
    rng.s = tl_test_seed(1) * 0x2545F4914F6CDD1Dull + 11;
    uint8_t *d = dma_tb_dram(tb);
    for (unsigned i = 0; i < DMA_TB_DRAM_SIZE; i++)
        d[i] = (uint8_t)tl_rng_u32(&rng);
    for (unsigned i = 0; i < DMA_TB_SBUF_SIZE; i++)
        tb->sbuf[i] = (uint8_t)tl_rng_u32(&rng);
    for (unsigned i = 0; i < DMA_TB_PSUM_SIZE; i++)
        tb->psum[i] = (uint8_t)tl_rng_u32(&rng);
}

static void teardown(void) { dma_tb_free(tb); }

/* Run a job; on failure replay it on a fresh DUT with a waveform. */
static int check(const dma_job *job, uint32_t seed, dma_result *res)
{
    static uint8_t d0[DMA_TB_DRAM_SIZE], s0[DMA_TB_SBUF_SIZE], p0[DMA_TB_PSUM_SIZE];
    memcpy(d0, dma_tb_dram(tb), sizeof d0);
    memcpy(s0, tb->sbuf, sizeof s0);
    memcpy(p0, tb->psum, sizeof p0);
    if (dma_check_job(tb, job, seed, res))
        return 1;
    const char *wave = tl_test_wave_path("dma_fail");
    dma_tb_cfg cfg = {1, 4, 100, 0, 0, wave};
    dma_tb *w = dma_tb_create(&cfg);
    dma_tb_timing(w, tb->lat, tb->ready_pct, tb->stall_pm, tb->stall_max);
    w->io.dram_base = tb->io.dram_base;
    w->io.dram_limit = tb->io.dram_limit;
    memcpy(dma_tb_dram(w), d0, sizeof d0);
    memcpy(w->sbuf, s0, sizeof s0);
    memcpy(w->psum, p0, sizeof p0);
    printf("replaying with a waveform: %s (test seed %u)\n", wave, tl_test_seed(1));
    dma_check_job(w, job, seed, NULL);
    dma_tb_free(w);
    return 0;
}

/* ------------------------------------------------------------ helpers */

static uint64_t DR(uint64_t off) { return tb->dram_base + off; }

static tl_dma_desc copy1d(unsigned sspace, uint64_t src, unsigned dspace, uint64_t dst,
                          tl_fmt fmt, uint32_t n)
{
    unsigned es = tl_dma_esize(fmt);
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    d.src = (tl_dma_side){sspace, fmt, src, {n, 1, 1}, {es, 0, 0}};
    d.dst = (tl_dma_side){dspace, fmt, dst, {n, 1, 1}, {es, 0, 0}};
    d.cstride[0] = 1;
    return d;
}

static dma_result run1(const tl_dma_desc *d, unsigned q, const tl_dma_fault *f, unsigned nf)
{
    dma_job job = {d, &q, 1, {{0}}, nf, 0};
    for (unsigned i = 0; i < nf; i++)
        job.faults[i] = f[i];
    dma_result r;
    ck_assert_msg(check(&job, tl_test_seed(1), &r), "RTL differs from cmodel");
    return r;
}

static void timing(unsigned lat, unsigned pct, unsigned stall_pm, unsigned stall_max)
{
    dma_tb_timing(tb, lat, pct, stall_pm, stall_max);
}

/* ------------------------------------------------------- named tests */

START_TEST(burst_4k_boundary_exact)
{
    /* ends exactly on a 4 KiB boundary; starts exactly on one and is 4 KiB
     * long (one full 256-beat burst at 128 bits); crosses several. */
    tl_dma_desc a = copy1d(TL_DMA_DRAM, DR(0x1000 - 0x120), TL_DMA_DRAM, DR(0x20000 - 0x120), TL_FMT_INT8, 0x120);
    run1(&a, 0, NULL, 0);
    tl_dma_desc b = copy1d(TL_DMA_DRAM, DR(0x3000), TL_DMA_DRAM, DR(0x22000), TL_FMT_FP32, 1024);
    axi_mem_clear_stats(tb->axi);
    run1(&b, 1, NULL, 0);
    unsigned db = dma_dut_data_bytes();
    uint64_t expect = db == 8 ? 2 : 1; /* 256 beats of 8 bytes = 2 KiB */
    ck_assert_uint_eq(axi_mem_get_stats(tb->axi)->ar_bursts, expect);
    ck_assert_uint_eq(axi_mem_get_stats(tb->axi)->aw_bursts, expect);
    tl_dma_desc c = copy1d(TL_DMA_DRAM, DR(0x4FF0), TL_DMA_DRAM, DR(0x24F01), TL_FMT_INT8, 3 * 4096 + 77);
    run1(&c, 2, NULL, 0);
}
END_TEST

START_TEST(unaligned_every_alignment_pair)
{
    /* every source/destination byte alignment within a bus word, short and
     * multi-beat lengths: the first and last WSTRB of each transfer */
    unsigned db = dma_dut_data_bytes();
    static const uint32_t lens[] = {1, 3, 17, 70};
    static tl_dma_desc list[8];
    static unsigned qs[8];
    for (unsigned sa = 0; sa < db; sa++)
        for (unsigned da = 0; da < db; da++) {
            for (unsigned l = 0; l < 4; l++) {
                list[l] = copy1d(TL_DMA_DRAM, DR(0x100 * l + sa), TL_DMA_DRAM,
                                 DR(0x20000 + 0x100 * l + da), TL_FMT_INT8, lens[l]);
                qs[l] = l;
            }
            dma_job job = {list, qs, 4, {{0}}, 0, 0};
            ck_assert_msg(check(&job, sa * 64 + da, NULL), "alignment src %u dst %u", sa, da);
        }
}
END_TEST

START_TEST(length_zero_one_byte_long)
{
    tl_dma_desc z = copy1d(TL_DMA_DRAM, DR(0x100), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 0);
    axi_mem_clear_stats(tb->axi);
    dma_result r = run1(&z, 0, NULL, 0);
    ck_assert_uint_eq(r.done[0], 1);
    ck_assert_uint_eq(axi_mem_get_stats(tb->axi)->ar_bursts + axi_mem_get_stats(tb->axi)->aw_bursts, 0);
    ck_assert_msg(r.cycles < 40, "zero-length took %" PRIu64 " cycles", r.cycles);
    tl_dma_desc one = copy1d(TL_DMA_DRAM, DR(0x104), TL_DMA_DRAM, DR(0x20010), TL_FMT_FP32, 1);
    run1(&one, 1, NULL, 0);
    tl_dma_desc byte = copy1d(TL_DMA_DRAM, DR(0x107), TL_DMA_DRAM, DR(0x2001D), TL_FMT_INT8, 1);
    run1(&byte, 2, NULL, 0);
    /* longer than 256 beats in one row */
    tl_dma_desc lng = copy1d(TL_DMA_DRAM, DR(0x10003), TL_DMA_DRAM, DR(0x30005), TL_FMT_INT8, 300 * 32 + 5);
    axi_mem_clear_stats(tb->axi);
    run1(&lng, 3, NULL, 0);
    ck_assert_uint_ge(axi_mem_get_stats(tb->axi)->r_beats, 301);
}
END_TEST

/* A bus error: recorded with its address, queue stopped (its later
 * descriptors dropped, other queues unaffected), engine reusable after
 * err_clear. That the bus has drained when the error shows is
 * error_raised_after_drain's check. */
static void bus_error_case(bool on_write, unsigned resp, unsigned code)
{
    static tl_dma_desc list[4];
    static unsigned qs[4] = {1, 1, 2, 1};
    list[0] = copy1d(TL_DMA_DRAM, DR(0x1000), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 3000);
    list[1] = copy1d(TL_DMA_DRAM, DR(0x8000), TL_DMA_DRAM, DR(0x28000), TL_FMT_FP32, 64);
    list[2] = copy1d(TL_DMA_DRAM, DR(0x9000), TL_DMA_DRAM, DR(0x29000), TL_FMT_FP32, 64);
    list[3] = copy1d(TL_DMA_DRAM, DR(0xA000), TL_DMA_DRAM, DR(0x2A000), TL_FMT_FP32, 64);
    dma_job job = {list, qs, 4, {{0}}, 1, 0};
    job.faults[0] = (tl_dma_fault){on_write ? DR(0x22345) : DR(0x2345),
                                   on_write ? DR(0x22345) : DR(0x2345), on_write, resp};
    timing(20, 60, 5, 100);
    dma_result r;
    ck_assert(check(&job, 77, &r));
    ck_assert_uint_eq(r.code[1], code);
    uint64_t want = on_write ? DR(0x22000) : DR(0x2340) & ~(uint64_t)(dma_dut_data_bytes() - 1);
    if (!on_write)
        ck_assert_uint_eq(r.addr[1], want);
    else
        ck_assert_uint_le(r.addr[1], DR(0x22345));
    ck_assert_uint_eq(r.done[1], 0);   /* later descriptors of queue 1 dropped */
    ck_assert_uint_eq(r.done[2], 1);   /* queue 2 unaffected */
    /* a queue in error drops new work until cleared */
    ck_assert(dma_tb_push(tb, 1, &list[1], 1000));
    ck_assert(dma_tb_wait_idle(tb, 100000));
    ck_assert_uint_eq(tb->io.done_count[1], 0);
    /* clear: the queue takes new work */
    tb->io.err_clear = 1u << 1;
    dma_tb_step(tb);
    tb->io.err_clear = 0;
    dma_tb_step(tb);
    ck_assert_uint_eq(tb->io.err_valid, 0);
    ck_assert_uint_eq(tb->io.err_code[1], 0);
    axi_mem_clear_faults(tb->axi);
    ck_assert(dma_tb_push(tb, 1, &list[3], 1000));
    ck_assert(dma_tb_wait_idle(tb, 100000));
    ck_assert_uint_eq(tb->io.done_count[1], 1);
    ck_assert_uint_eq(tb->io.err_valid, 0);
    ck_assert_uint_eq(dma_tb_violations(tb), 0);
    /* and the data of that last job is right */
    ck_assert_int_eq(memcmp(dma_tb_dram(tb) + 0x2A000, dma_tb_dram(tb) + 0xA000, 256), 0);
}

START_TEST(read_slverr) { bus_error_case(false, 2, TL_DMA_ERR_RD_SLVERR); }
END_TEST
START_TEST(read_decerr) { bus_error_case(false, 3, TL_DMA_ERR_RD_DECERR); }
END_TEST
START_TEST(write_slverr) { bus_error_case(true, 2, TL_DMA_ERR_WR_SLVERR); }
END_TEST
START_TEST(write_decerr) { bus_error_case(true, 3, TL_DMA_ERR_WR_DECERR); }
END_TEST

/* docs/dma.md 4: the error shows (err_valid[q]) only after everything the
 * failing descriptor had issued has finished. A long descriptor alone on
 * the bus, with a fault early in it and a slow memory, so that bursts are
 * still in flight when the error response arrives; in the cycle err_valid
 * is first seen, no transaction may be open and no request on offer. */
static void error_after_drain_case(bool on_write, unsigned resp, unsigned lat, unsigned pct)
{
    tl_dma_desc d = copy1d(TL_DMA_DRAM, DR(0x1000), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 3000);
    uint64_t fa = on_write ? DR(0x20345) : DR(0x1345);
    timing(lat, pct, 0, 0);
    dma_tb_reset(tb, 2);
    axi_mem_clear_faults(tb->axi);
    axi_mem_add_fault(tb->axi, fa, fa, on_write, resp);
    ck_assert(dma_tb_push(tb, 1, &d, 1000));
    bool err_resp = false, raised = false;
    unsigned busy_after = 0;
    for (unsigned c = 0; c < 200000 && !raised; c++) {
        dma_tb_step(tb);
        const axi_port *p = &tb->io.axi;
        if ((tb->io.err_valid >> 1) & 1) {
            raised = true;
            ck_assert_msg(axi_mem_idle(tb->axi) && !p->arvalid && !p->awvalid && !p->wvalid,
                          "err_valid raised with the bus not drained (cycle %u: AR %d AW %d "
                          "W %d, idle %d)", c, p->arvalid, p->awvalid, p->wvalid,
                          axi_mem_idle(tb->axi));
            break;
        }
        if (err_resp && !axi_mem_idle(tb->axi))
            busy_after++;
        if ((p->rvalid && p->rready && p->rresp) || (p->bvalid && p->bready && p->bresp))
            err_resp = true;
    }
    ck_assert_msg(raised, "no error raised");
    /* Not vacuous: transactions were still open after the error response. */
    ck_assert_msg(busy_after > 0, "nothing left to drain after the error response");
    ck_assert_uint_eq(tb->io.err_code[1], on_write ? (resp == 2 ? TL_DMA_ERR_WR_SLVERR
                                                               : TL_DMA_ERR_WR_DECERR)
                                                   : (resp == 2 ? TL_DMA_ERR_RD_SLVERR
                                                               : TL_DMA_ERR_RD_DECERR));
    ck_assert(dma_tb_wait_idle(tb, 100000));
    ck_assert_uint_eq(dma_tb_violations(tb), 0);
    axi_mem_clear_faults(tb->axi);
}

START_TEST(error_raised_after_drain)
{
    error_after_drain_case(false, 2, 20, 100);
    error_after_drain_case(false, 3, 7, 60);
    error_after_drain_case(true, 2, 20, 100);
    error_after_drain_case(true, 3, 7, 60);
}
END_TEST

START_TEST(backpressure_long_stalls)
{
    static const unsigned pct[] = {100, 70, 30, 10};
    for (unsigned i = 0; i < 4; i++) {
        timing(1 + 13 * i, pct[i], i * 4, 300);
        tl_dma_desc a = copy1d(TL_DMA_DRAM, DR(0x333), TL_DMA_DRAM, DR(0x20111 + i * 0x3000), TL_FMT_INT8, 10000);
        run1(&a, i, NULL, 0);
        tl_dma_desc b = copy1d(TL_DMA_DRAM, DR(0x444), TL_DMA_SBUF, 0x1003 + i * 0x100, TL_FMT_BF16, 100);
        run1(&b, i, NULL, 0);
        tl_dma_desc c = copy1d(TL_DMA_SBUF, 0x2005, TL_DMA_DRAM, DR(0x30001 + i * 0x100), TL_FMT_BF16, 100);
        run1(&c, i, NULL, 0);
    }
}
END_TEST

START_TEST(reset_mid_transfer)
{
    timing(10, 80, 0, 0);
    tl_dma_desc a = copy1d(TL_DMA_DRAM, DR(0x0), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 8192);
    for (unsigned when = 50; when <= 1250; when += 400) {
        dma_tb_reset(tb, 2);
        ck_assert(dma_tb_push(tb, 0, &a, 100));
        for (unsigned i = 0; i < when; i++)
            dma_tb_step(tb);
        ck_assert_uint_gt(axi_mem_get_stats(tb->axi)->master_valid_cycles, 0);
        dma_tb_reset(tb, 1 + when % 3);
        axi_mem_clear_stats(tb->axi);
        for (unsigned i = 0; i < 300; i++)
            dma_tb_step(tb);
        ck_assert_uint_eq(axi_mem_get_stats(tb->axi)->master_valid_cycles, 0); /* no beat after reset */
        ck_assert(tb->io.idle);
        for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
            ck_assert_uint_eq(tb->io.done_count[q], 0);
            ck_assert_uint_eq(tb->io.err_code[q], 0);
        }
        ck_assert_uint_eq(tb->io.err_valid, 0);
        ck_assert_uint_eq(dma_tb_violations(tb), 0);
    }
    /* next job correct */
    tl_dma_desc b = copy1d(TL_DMA_DRAM, DR(0x777), TL_DMA_DRAM, DR(0x30003), TL_FMT_INT8, 5000);
    run1(&b, 2, NULL, 0);
}
END_TEST

START_TEST(window_violation)
{
    tb->io.dram_base = DR(0x1000);
    tb->io.dram_limit = DR(0x2FFFF);
    tl_dma_desc lo = copy1d(TL_DMA_DRAM, DR(0xFFF), TL_DMA_DRAM, DR(0x20000), TL_FMT_INT8, 16);
    tl_dma_desc hi = copy1d(TL_DMA_DRAM, DR(0x1000), TL_DMA_DRAM, DR(0x2FFF8), TL_FMT_FP32, 4);
    tl_dma_desc ok = copy1d(TL_DMA_DRAM, DR(0x1000), TL_DMA_DRAM, DR(0x2FFF0), TL_FMT_FP32, 4);
    axi_mem_clear_stats(tb->axi);
    dma_result r = run1(&lo, 0, NULL, 0);
    ck_assert_uint_eq(r.code[0], TL_DMA_ERR_SRC_WINDOW);
    ck_assert_uint_eq(r.addr[0], DR(0xFFF));
    r = run1(&hi, 1, NULL, 0);
    ck_assert_uint_eq(r.code[1], TL_DMA_ERR_DST_WINDOW);
    ck_assert_uint_eq(r.addr[1], DR(0x30007));
    ck_assert_uint_eq(axi_mem_get_stats(tb->axi)->master_valid_cycles, 0); /* refused before the bus */
    r = run1(&ok, 2, NULL, 0);
    ck_assert_uint_eq(r.code[2], 0);
}
END_TEST

START_TEST(malformed_descriptors)
{
    tl_dma_desc base = copy1d(TL_DMA_DRAM, DR(0x100), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 16);
    tl_dma_desc d = base;
    d.src.space = 3;
    ck_assert_uint_eq(run1(&d, 0, NULL, 0).code[0], TL_DMA_ERR_BAD_SPACE);
    d = base;
    d.dst.fmt = 7;
    ck_assert_uint_eq(run1(&d, 1, NULL, 0).code[1], TL_DMA_ERR_BAD_FMT);
    d = base;
    d.dst.fmt = TL_FMT_INT8; /* fp32 -> int8 is not a conversion */
    d.dst.stride[0] = 1;
    ck_assert_uint_eq(run1(&d, 2, NULL, 0).code[2], TL_DMA_ERR_BAD_FMT);
    d = base;
    d.src.stride[1] = 6; /* not a multiple of 4 */
    ck_assert_uint_eq(run1(&d, 3, NULL, 0).code[3], TL_DMA_ERR_BAD_STRIDE);
    d = base;
    d.dst.count[0] = 15;
    dma_tb_reset(tb, 2);
    ck_assert_uint_eq(run1(&d, 0, NULL, 0).code[0], TL_DMA_ERR_BAD_COUNT);
    d = copy1d(TL_DMA_DRAM, DR(0x100), TL_DMA_SBUF, (DMA_TB_SBUF_PARTS - 1u) << DMA_TB_SBUF_PART_LOG2, TL_FMT_INT8, 4097);
    dma_result r = run1(&d, 1, NULL, 0);
    ck_assert_uint_eq(r.code[1], TL_DMA_ERR_DST_RANGE);
    ck_assert_uint_eq(r.addr[1], DMA_TB_SBUF_SIZE);
    d = copy1d(TL_DMA_PSUM, DMA_TB_PSUM_SIZE - 8, TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 3);
    r = run1(&d, 2, NULL, 0);
    ck_assert_uint_eq(r.code[2], TL_DMA_ERR_SRC_RANGE);
}
END_TEST

/* Every descriptor bit flipped, one at a time, in a valid descriptor at
 * the top of the DRAM window (so that a larger count, stride or address
 * leaves it), then descriptors with random 64-bit addresses and random
 * 32-bit counts, strides and SR fields, some inside a random sub-window:
 * each error code and faulting address (the first byte out of range, all
 * 64 bits) must be the model's, and every byte of the memories (issue 10:
 * the high bits of the address, count and stride arithmetic and of the
 * error address, with a check on each). */
START_TEST(wide_fields)
{
    uint64_t top = tb->dram_base + DMA_TB_DRAM_SIZE;
    tl_dma_desc base;
    memset(&base, 0, sizeof base);
    base.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, top - 0x100, {4, 4, 1}, {4, 16, 0}};
    base.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, top - 0x200, {16, 1, 1}, {4, 0, 0}};
    base.cstride[0] = 1;
    uint32_t w0[TL_DMA_DESC_WORDS], w[TL_DMA_DESC_WORDS];
    tl_dma_desc_pack(&base, w0);
    unsigned runs = 0, errs = 0, hist[16] = {0};
    for (unsigned k = 0; k < 32 * TL_DMA_DESC_WORDS; k++) {
        memcpy(w, w0, sizeof w);
        w[k / 32] ^= 1u << (k % 32);
        tl_dma_desc d;
        tl_dma_desc_unpack(w, &d);
        dma_result r = run1(&d, k % DMA_TB_QUEUES, NULL, 0);
        unsigned c = r.code[k % DMA_TB_QUEUES];
        errs += c != 0;
        hist[c & 15]++;
        runs++;
    }
    const unsigned n = 300 * tl_test_seeds(1);
    for (unsigned i = 0; i < n; i++) {
        if (i % 3 == 0) { /* a random window inside the memory */
            uint64_t a = tl_rng_u32(&rng) % DMA_TB_DRAM_SIZE, b = tl_rng_u32(&rng) % DMA_TB_DRAM_SIZE;
            tb->io.dram_base = tb->dram_base + (a < b ? a : b);
            tb->io.dram_limit = tb->dram_base + (a < b ? b : a);
        } else {
            tb->io.dram_base = tb->dram_base;
            tb->io.dram_limit = top - 1;
        }
        tl_dma_desc d = base;
        tl_dma_side *sd[2] = {&d.src, &d.dst};
        for (unsigned j = 0; j < 2; j++) {
            unsigned pick = tl_rng_below(&rng, 4);
            sd[j]->space = tl_rng_below(&rng, 4) ? TL_DMA_DRAM : tl_rng_below(&rng, 3);
            sd[j]->fmt = tl_rng_below(&rng, 7);
            uint64_t x = tl_rng_next(&rng);
            sd[j]->addr = pick == 0   ? x
                          : pick == 1 ? top - (x & 0x3ffff)
                          : pick == 2 ? (sd[j]->space == TL_DMA_DRAM ? tb->dram_base : 0) + (x & 0xffff)
                                      : x >> tl_rng_below(&rng, 64);
            for (unsigned a = 0; a < 3; a++) {
                sd[j]->count[a] = tl_rng_below(&rng, 3) ? 1 + tl_rng_below(&rng, 6) : tl_rng_u32(&rng) >> tl_rng_below(&rng, 32);
                sd[j]->stride[a] = tl_rng_u32(&rng) >> tl_rng_below(&rng, 32);
                if (tl_rng_below(&rng, 2))
                    sd[j]->stride[a] &= ~7u;
            }
        }
        d.seed = tl_rng_u32(&rng);
        d.cbase = tl_rng_u32(&rng);
        for (unsigned a = 0; a < 3; a++)
            d.cstride[a] = tl_rng_u32(&rng);
        d.round = tl_rng_below(&rng, 2);
        d.saturate = tl_rng_below(&rng, 2);
        /* equal totals above 4096 elements could be a valid long copy:
         * slow, not wrong; left out */
        uint64_t t = tl_dma_total(&d.src);
        if (t == tl_dma_total(&d.dst) && t > 4096)
            continue;
        unsigned q = i % DMA_TB_QUEUES;
        dma_result r = run1(&d, q, NULL, 0);
        errs += r.code[q] != 0;
        hist[r.code[q] & 15]++;
        runs++;
    }
    tb->io.dram_base = tb->dram_base;
    tb->io.dram_limit = top - 1;
    printf("wide_fields: %u descriptors, %u refused, codes:", runs, errs);
    for (unsigned c = 0; c < 16; c++)
        if (hist[c])
            printf(" %u:%u", c, hist[c]);
    printf("\n");
    ck_assert_uint_ge(hist[TL_DMA_ERR_SRC_WINDOW] + hist[TL_DMA_ERR_DST_WINDOW], 100);
    ck_assert_uint_ge(hist[0], 50);
}
END_TEST

/* The DMA engine's crosses of xcov.h, in xcov_each's order. */
typedef struct {
    xcov_point p[256];
    unsigned n;
} xlist;

static void xlist_add(void *u, const xcov_point *p)
{
    xlist *l = u;
    if (p->kind != XCOV_DMA || p->core)
        return;
    ck_assert_uint_lt(l->n, sizeof l->p / sizeof l->p[0]);
    l->p[l->n++] = *p;
}

/* Every legal cross of xcov.h for the engine (format pair x rounding x
 * saturation), each once: a descriptor of 32 random elements per cross,
 * spaces taking turns on both sides (every space holds random bits),
 * random SR seeds and coordinates, spread over the queues, all in one
 * job compared byte for byte with the model. dma_check counts a cross
 * once the RTL completed its descriptor in a job that matched. */
START_TEST(every_cross)
{
    static xlist l;
    l.n = 0;
    xcov_each(XCOV_K(XCOV_DMA), xlist_add, &l);
    static tl_dma_desc list[256];
    static unsigned qs[256];
    const uint32_t n = 32, slot = 128;
    for (unsigned k = 0; k < l.n; k++) {
        const xcov_point *c = &l.p[k];
        unsigned ss = k % 3, ds = (k / 3) % 3, part = k % 16, row = k / 16;
        /* sources below the destinations in every space, one slot each */
        uint64_t src[3] = {DR(0x1000 + (uint64_t)k * slot), ((uint64_t)part << DMA_TB_SBUF_PART_LOG2) + row * slot,
                           ((uint64_t)part << DMA_TB_PSUM_PART_LOG2) + row * slot};
        uint64_t dst[3] = {DR(0x20000 + (uint64_t)k * slot),
                           ((uint64_t)part << DMA_TB_SBUF_PART_LOG2) + 0x800 + row * slot,
                           ((uint64_t)part << DMA_TB_PSUM_PART_LOG2) + 0x400 + row * slot};
        unsigned se = tl_dma_esize(c->fmt_a), de = tl_dma_esize(c->fmt_out);
        tl_dma_desc *d = &list[k];
        memset(d, 0, sizeof *d);
        d->src = (tl_dma_side){ss, c->fmt_a, src[ss], {n, 1, 1}, {se, 0, 0}};
        d->dst = (tl_dma_side){ds, c->fmt_out, dst[ds], {n, 1, 1}, {de, 0, 0}};
        d->round = c->round;
        d->saturate = c->sat;
        d->seed = tl_rng_u32(&rng);
        d->cbase = tl_rng_u32(&rng);
        d->cstride[0] = 1;
        qs[k] = k % DMA_TB_QUEUES;
        xcov_point got;
        char want[XCOV_NAME_MAX], have[XCOV_NAME_MAX];
        xcov_from_desc(d, false, &got);
        ck_assert_str_eq(xcov_name(&got, have), xcov_name(c, want));
    }
    dma_job job = {list, qs, l.n, {{0}}, 0, 0};
    dma_result res;
    ck_assert_msg(check(&job, tl_test_seed(1), &res), "every_cross: RTL differs from cmodel");
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        ck_assert_uint_eq(res.code[q], TL_DMA_OK);
    printf("dma: %u crosses (format pair x rounding x saturation), one descriptor each, %llu cycles: bit-exact\n",
           l.n, (unsigned long long)res.cycles);
}
END_TEST

/* SR bits depend on destination coordinates only: converting a 2-D tensor
 * in one descriptor or in four tiles gives the same bytes. */
START_TEST(sr_tiling_invariant)
{
    const unsigned R = 24, C = 40; /* fp32 source [R x C] -> e5m2 [R x C] */
    tl_dma_desc whole;
    memset(&whole, 0, sizeof whole);
    whole.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, DR(0x4000), {C, R, 1}, {4, 4 * C, 0}};
    whole.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_E5M2, DR(0x20000), {C, R, 1}, {1, C, 0}};
    whole.round = TL_RND_SR;
    whole.seed = 0xC0FFEE;
    whole.cstride[0] = 1;
    whole.cstride[1] = C;
    run1(&whole, 0, NULL, 0);
    static tl_dma_desc tiles[4];
    static unsigned qs[4] = {0, 1, 2, 3};
    for (unsigned t = 0; t < 4; t++) {
        unsigned r0 = (t / 2) * (R / 2), c0 = (t % 2) * (C / 2);
        tiles[t] = whole;
        tiles[t].src.addr = DR(0x4000) + 4 * (r0 * C + c0);
        tiles[t].src.count[0] = C / 2;
        tiles[t].src.count[1] = R / 2;
        tiles[t].dst.addr = DR(0x28000) + r0 * C + c0;
        tiles[t].dst.count[0] = C / 2;
        tiles[t].dst.count[1] = R / 2;
        tiles[t].cbase = r0 * C + c0;
    }
    dma_job job = {tiles, qs, 4, {{0}}, 0, 0};
    ck_assert(check(&job, 5, NULL));
    ck_assert_int_eq(memcmp(dma_tb_dram(tb) + 0x20000, dma_tb_dram(tb) + 0x28000, R * C), 0);
}
END_TEST

/* Queues are served round-robin, one descriptor at a time; each queue's
 * completions are counted and pulsed. */
START_TEST(queues_round_robin)
{
    static tl_dma_desc list[8];
    static unsigned qs[8];
    dma_tb_reset(tb, 2);
    for (unsigned i = 0; i < 8; i++) {
        qs[i] = i % 4;
        list[i] = copy1d(TL_DMA_DRAM, DR(0x100 * i + i), TL_DMA_DRAM, DR(0x20000 + 0x200 * i), TL_FMT_BF16, 40 + i);
    }
    unsigned order[8], n = 0;
    for (unsigned i = 0; i < 8; i++) {
        ck_assert(dma_tb_push(tb, qs[i], &list[i], 1000));
        for (unsigned q = 0; q < 4; q++)
            if (tb->io.done_pulse >> q & 1)
                order[n++] = q;
    }
    for (unsigned t = 0; t < 100000 && n < 8; t++) {
        dma_tb_step(tb);
        for (unsigned q = 0; q < 4; q++)
            if (tb->io.done_pulse >> q & 1)
                order[n++] = q;
    }
    ck_assert_uint_eq(n, 8);
    /* done_count follows the last pulse two edges later (docs/dma.md section 1) */
    dma_tb_step(tb);
    dma_tb_step(tb);
    for (unsigned i = 0; i < 8; i++)
        ck_assert_uint_eq(order[i], i % 4);
    for (unsigned q = 0; q < 4; q++)
        ck_assert_uint_eq(tb->io.done_count[q], 2);
    /* the same list against the C model, memory and counts */
    dma_job job = {list, qs, 8, {{0}}, 0, 0};
    ck_assert(check(&job, 9, NULL));
}
END_TEST

/* Reset in the middle of on-chip transfers: no on-chip request after it. */
START_TEST(reset_mid_transfer_onchip)
{
    timing(5, 70, 0, 0);
    tl_dma_desc ld = copy1d(TL_DMA_DRAM, DR(0x0), TL_DMA_SBUF, 0x100, TL_FMT_FP16, 8000);
    tl_dma_desc st = copy1d(TL_DMA_PSUM, 0x0, TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 4000);
    /* and a transposing load (element k of each row to partition k) */
    tl_dma_desc xp = copy1d(TL_DMA_DRAM, DR(0x0), TL_DMA_SBUF, 0x100, TL_FMT_BF16, 16);
    xp.dst.count[1] = 400;
    xp.src.count[0] = 16 * 400;
    xp.dst.stride[0] = 1u << DMA_TB_SBUF_PART_LOG2;
    xp.dst.stride[1] = 2;
    const tl_dma_desc *ds[3] = {&ld, &st, &xp};
    for (unsigned k = 0; k < 3; k++) {
        dma_tb_reset(tb, 2);
        ck_assert(dma_tb_push(tb, k, ds[k], 100));
        for (unsigned i = 0; i < 300; i++)
            dma_tb_step(tb);
        dma_tb_reset(tb, 1);
        unsigned busy = 0;
        for (unsigned i = 0; i < 300; i++) {
            dma_tb_step(tb);
            busy += tb->io.sb_rd_req_valid || tb->io.sb_wr_valid || tb->io.axi.awvalid ||
                    tb->io.axi.wvalid || tb->io.axi.arvalid;
        }
        ck_assert_uint_eq(busy, 0);
        ck_assert(tb->io.idle);
        ck_assert_uint_eq(dma_tb_violations(tb), 0);
    }
    run1(&st, 3, NULL, 0);
    run1(&ld, 2, NULL, 0);
    run1(&xp, 1, NULL, 0);
}
END_TEST

/* A queue number >= QUEUES (the field is 4 bits: 0..15): the descriptor is
 * taken at once even while every real queue is full, not run (nothing
 * written), recorded in the engine-level status (BAD_QUEUE and the first
 * bad number), and every valid queue keeps working; desc_err_clear clears
 * the status, and a bad number in the clearing cycle is recorded. */
START_TEST(bad_queue_id)
{
    static tl_dma_desc list[10];
    static unsigned qs[10] = {0, 5, 1, 2, 15, 3, 0, DMA_TB_QUEUES, 1, 2};
    static const bool bad[10] = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
    static uint8_t before[DMA_TB_DRAM_SIZE];
    timing(9, 70, 2, 50);
    for (unsigned i = 0; i < 10; i++)
        list[i] = copy1d(TL_DMA_DRAM, DR(0x1000 * i + 3 * i), TL_DMA_DRAM, DR(0x20000 + 0x1000 * i + i),
                         TL_FMT_INT8, 500 + 37 * i);
    memcpy(before, dma_tb_dram(tb), sizeof before);
    dma_result r;
    dma_job job = {list, qs, 10, {{0}}, 0, 0};
    ck_assert_msg(check(&job, 31, &r), "RTL differs from cmodel");
    ck_assert_uint_eq(r.desc_err, TL_DMA_ERR_BAD_QUEUE);
    ck_assert_uint_eq(r.desc_err_queue, 5); /* the first bad number */
    ck_assert(tb->io.desc_err_valid);
    ck_assert_uint_eq(tb->io.err_valid, 0); /* no queue is in error */
    static const unsigned want_done[DMA_TB_QUEUES] = {2, 2, 2, 1};
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        ck_assert_uint_eq(r.code[q], TL_DMA_OK);
        ck_assert_uint_eq(r.done[q], want_done[q]);
    }
    uint8_t *m = dma_tb_dram(tb);
    for (unsigned i = 0; i < 10; i++) {
        const tl_dma_desc *d = &list[i];
        uint64_t so = d->src.addr - tb->dram_base, dof = d->dst.addr - tb->dram_base;
        const uint8_t *want = bad[i] ? before + dof : before + so; /* bad: untouched */
        ck_assert_msg(memcmp(m + dof, want, d->dst.count[0]) == 0, "descriptor %u (queue %u)", i, qs[i]);
    }

    /* the feeder never stalls on a bad number, even with every queue full */
    dma_tb_reset(tb, 2);
    tl_dma_desc big = copy1d(TL_DMA_DRAM, DR(0x0), TL_DMA_DRAM, DR(0x20000), TL_FMT_FP32, 4096);
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        while (dma_tb_push(tb, q, &big, 1))
            ;
    ck_assert(!tb->io.desc_ready);
    ck_assert(dma_tb_push(tb, 11, &big, 1));
    ck_assert(!tb->io.desc_err_valid);
    dma_tb_step(tb); /* registered: seen at the next evaluation */
    ck_assert(tb->io.desc_err_valid);
    ck_assert_uint_eq(tb->io.desc_err_code, TL_DMA_ERR_BAD_QUEUE);
    ck_assert_uint_eq(tb->io.desc_err_queue, 11);
    ck_assert(dma_tb_push(tb, 14, &big, 1));      /* a second one: the first is kept */
    dma_tb_step(tb);
    ck_assert_uint_eq(tb->io.desc_err_queue, 11);
    ck_assert(dma_tb_wait_idle(tb, 2000000));

    /* clear: the status is clear and stays clear */
    tb->io.desc_err_clear = true;
    dma_tb_step(tb);
    tb->io.desc_err_clear = false;
    for (unsigned i = 0; i < 3; i++)
        dma_tb_step(tb);
    ck_assert(!tb->io.desc_err_valid);
    ck_assert_uint_eq(tb->io.desc_err_code, 0);
    ck_assert_uint_eq(tb->io.desc_err_queue, 0);
    /* a bad number in the clearing cycle is recorded, not lost */
    tb->io.desc_err_clear = true;
    ck_assert(dma_tb_push(tb, 9, &big, 1));
    tb->io.desc_err_clear = false;
    dma_tb_step(tb);
    ck_assert(tb->io.desc_err_valid);
    ck_assert_uint_eq(tb->io.desc_err_queue, 9);
    tb->io.desc_err_clear = true;
    dma_tb_step(tb);
    tb->io.desc_err_clear = false;
    dma_tb_step(tb);
    ck_assert(!tb->io.desc_err_valid);
    ck_assert_uint_eq(dma_tb_violations(tb), 0);

    /* the engine keeps working: a valid list on every queue after it */
    static unsigned qs2[4] = {3, 2, 1, 0};
    for (unsigned i = 0; i < 4; i++)
        list[i] = copy1d(TL_DMA_DRAM, DR(0x5005 + 0x800 * i), TL_DMA_SBUF, 0x8000 + 0x1000 * i + i,
                         TL_FMT_BF16, 300 + i);
    dma_job job2 = {list, qs2, 4, {{0}}, 0, 0};
    ck_assert_msg(check(&job2, 32, &r), "RTL differs from cmodel");
    ck_assert_uint_eq(r.desc_err, TL_DMA_OK);
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        ck_assert_uint_eq(r.done[q], 1);
}
END_TEST

/* --------------------------------------------------- random lists */

typedef struct {
    unsigned space;
    uint64_t base, size; /* region */
} region;

static region src_region(unsigned space)
{
    switch (space) {
    case TL_DMA_SBUF: return (region){space, 0, DMA_TB_SBUF_SIZE / 2};
    case TL_DMA_PSUM: return (region){space, 0, DMA_TB_PSUM_SIZE / 2};
    default:          return (region){space, DR(0), 96 * 1024};
    }
}

static region dst_region(unsigned space, unsigned slot)
{
    switch (space) {
    case TL_DMA_SBUF: return (region){space, DMA_TB_SBUF_SIZE / 2 + slot * 4096, 4096};
    case TL_DMA_PSUM: return (region){space, DMA_TB_PSUM_SIZE / 2 + slot * 2048, 2048};
    default:          return (region){space, DR(96 * 1024 + slot * 16384), 16384};
    }
}

static uint32_t rb(uint32_t n) { return tl_rng_below(&rng, n); }

static uint64_t extent(const tl_dma_side *s)
{
    uint64_t e = tl_dma_esize(s->fmt);
    for (int i = 0; i < 3; i++)
        e += (uint64_t)(s->count[i] - 1) * s->stride[i];
    return e;
}

/* Strides for counts n in region r; false if it cannot fit. */
static bool place(tl_dma_side *s, region r, bool is_src)
{
    unsigned es = tl_dma_esize(s->fmt);
    for (int tries = 0; tries < 20; tries++) {
        uint32_t s0 = rb(10) < 7 ? es : es * (rb(4) + (is_src ? 0 : 1));
        uint64_t span0 = (uint64_t)(s->count[0] - 1) * s0 + es;
        uint64_t s1 = span0 + es * (rb(3) == 0 ? rb(17) : 0);
        if (is_src && rb(8) == 0)
            s1 = es * rb(4);
        uint64_t span1 = (s->count[1] - 1) * s1 + span0;
        uint64_t s2 = span1 + es * (rb(3) == 0 ? rb(9) : 0);
        s->stride[0] = s0;
        s->stride[1] = (uint32_t)s1;
        s->stride[2] = (uint32_t)s2;
        uint64_t e = extent(s);
        if (e + 8 > r.size)
            continue;
        uint64_t off = rb((uint32_t)(r.size - e));
        if (rb(2))
            off &= ~(uint64_t)(es - 1);
        s->addr = r.base + off;
        s->space = r.space;
        return true;
    }
    return false;
}

static const tl_fmt src_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
static const tl_fmt dst_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

static unsigned random_space(void)
{
    unsigned x = rb(10);
    return x < 6 ? TL_DMA_DRAM : x < 9 ? TL_DMA_SBUF : TL_DMA_PSUM;
}

static void random_desc(tl_dma_desc *d, unsigned slot)
{
    for (;;) {
        memset(d, 0, sizeof *d);
        if (rb(2)) {
            d->src.fmt = d->dst.fmt = rb(7);
        } else {
            do {
                d->src.fmt = src_fmts[rb(6)];
                d->dst.fmt = dst_fmts[rb(5)];
            } while (d->src.fmt == d->dst.fmt);
        }
        uint32_t n0 = 1 + rb(rb(4) == 0 ? 1200 : 70), n1 = 1 + rb(rb(2) ? 1 : 6), n2 = 1 + rb(rb(2) ? 1 : 3);
        d->dst.count[0] = n0;
        d->dst.count[1] = n1;
        d->dst.count[2] = n2;
        switch (rb(4)) {
        case 0: d->src.count[0] = n0 * n1 * n2; d->src.count[1] = 1; d->src.count[2] = 1; break;
        case 1: d->src.count[0] = n0 * n1; d->src.count[1] = n2; d->src.count[2] = 1; break;
        case 2: d->src.count[0] = n0; d->src.count[1] = n1 * n2; d->src.count[2] = 1; break;
        default: d->src.count[0] = n0; d->src.count[1] = n1; d->src.count[2] = n2; break;
        }
        if (!place(&d->src, src_region(random_space()), true) ||
            !place(&d->dst, dst_region(random_space(), slot), false))
            continue;
        d->round = rb(2);
        d->saturate = rb(2);
        d->seed = tl_rng_u32(&rng);
        d->cbase = rb(3) ? tl_rng_u32(&rng) : 0;
        d->cstride[0] = rb(4) ? 1 : tl_rng_u32(&rng);
        d->cstride[1] = rb(2) ? n0 : tl_rng_u32(&rng);
        d->cstride[2] = rb(2) ? n0 * n1 : tl_rng_u32(&rng);
        break;
    }
    if (rb(12) == 0) { /* malformed or out of range */
        switch (rb(7)) {
        case 0: d->dst.space = 3; break;
        case 1: d->src.fmt = 7; break;
        case 2: d->src.stride[1] += 1; break;
        case 3: d->dst.count[0] += 1; break;
        case 4: d->src.count[rb(3)] = 0; d->dst.count[0] = 0; break;
        case 5: if (d->dst.space == TL_DMA_DRAM) d->dst.addr = DR(DMA_TB_DRAM_SIZE - rb(64)); break;
        default: if (d->src.space != TL_DMA_DRAM) d->src.addr += 0x10000; break;
        }
    }
}

static unsigned long stat_done, stat_desc, stat_err[16];
static uint64_t stat_cycles;

static int random_list(uint32_t seed)
{
    static tl_dma_desc list[8];
    static unsigned qs[8];
    rng.s = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 0x1234;
    unsigned n = 1 + rb(6);
    for (unsigned i = 0; i < n; i++) {
        random_desc(&list[i], i);
        qs[i] = rb(DMA_TB_QUEUES);
        if (rb(24) == 0) /* a queue number the engine does not have */
            qs[i] = DMA_TB_QUEUES + rb(16 - DMA_TB_QUEUES);
    }
    dma_job job = {list, qs, n, {{0}}, 0, 0};
    if (rb(5) == 0) { /* one bus fault range inside a DRAM side of a descriptor */
        const tl_dma_desc *d = &list[rb(n)];
        bool w = rb(2);
        const tl_dma_side *sd = w ? &d->dst : &d->src;
        if (sd->space == TL_DMA_DRAM && sd->count[0] && sd->count[1] && sd->count[2]) {
            uint64_t e = extent(sd);
            uint64_t lo = sd->addr + rb((uint32_t)(e < 0x7FFFFFFF ? e : 0x7FFFFFFF));
            job.faults[0] = (tl_dma_fault){lo, lo + rb(64), w, 2 + rb(2)};
            job.nfaults = 1;
        }
    }
    static const unsigned lat[] = {1, 2, 4, 9, 30};
    static const unsigned pct[] = {100, 100, 85, 50, 20};
    timing(lat[rb(5)], pct[rb(5)], rb(3) == 0 ? 1 + rb(8) : 0, 1 + rb(200));
    dma_result r;
    int ok = check(&job, seed, &r);
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        stat_done += r.done[q];
        stat_err[r.code[q] & 15]++;
    }
    stat_err[r.desc_err & 15]++;
    stat_cycles += r.cycles;
    stat_desc += n;
    return ok;
}

/* ------------------------------------------- overlapping descriptors */

/* Does descriptor d's destination hold the same bytes in both images? */
static int dst_same(const tl_dma_desc *d, const uint8_t *dram, const uint8_t *sbuf, const uint8_t *psum,
                    const uint8_t *xd, const uint8_t *xs, const uint8_t *xp)
{
    const tl_dma_side *s = &d->dst;
    unsigned es = tl_dma_esize(s->fmt);
    for (uint32_t i2 = 0; i2 < (s->count[2] & 0xFFFF); i2++)
        for (uint32_t i1 = 0; i1 < (s->count[1] & 0xFFFF); i1++)
            for (uint32_t i0 = 0; i0 < s->count[0]; i0++)
                for (unsigned b = 0; b < es; b++) {
                    uint64_t a = s->addr + (uint64_t)i0 * s->stride[0] + (uint64_t)i1 * s->stride[1] +
                                 (uint64_t)i2 * s->stride[2] + b;
                    if (s->space == TL_DMA_DRAM) {
                        a -= tb->dram_base;
                        if (dram[a] != xd[a])
                            return 0;
                    } else if (s->space == TL_DMA_SBUF ? sbuf[a] != xs[a] : psum[a] != xp[a]) {
                        return 0;
                    }
                }
    return 1;
}

/* Lowest and highest destination byte of d. */
static void dst_range(const tl_dma_desc *d, uint64_t *lo, uint64_t *hi)
{
    *lo = d->dst.addr;
    *hi = d->dst.addr + extent(&d->dst) - 1;
}

/*
 * Long random streams over every queue (8 descriptors, tiles of up to
 * 4 KiB among the random shapes, latency up to 100, bus faults, malformed
 * descriptors), so that descriptors overlap. Besides the full comparison
 * with the C model (memories, codes, addresses, counts), every done pulse
 * is checked when it happens: it is the next descriptor of its queue that
 * the model completes, its destination already holds the model's final
 * bytes, and no write burst into it is still waiting for its response.
 */
static int overlap_list(uint32_t seed)
{
    enum { N = 8 };
    static tl_dma_desc list[N];
    static unsigned qs[N];
    static uint8_t d0[DMA_TB_DRAM_SIZE], s0[DMA_TB_SBUF_SIZE], p0[DMA_TB_PSUM_SIZE];
    static uint8_t d1[DMA_TB_DRAM_SIZE], s1[DMA_TB_SBUF_SIZE], p1[DMA_TB_PSUM_SIZE];
    rng.s = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 0x777;
    for (unsigned i = 0; i < N; i++) {
        random_desc(&list[i], i);
        if (rb(3) == 0) { /* a contiguous tile into this descriptor's slot */
            static const tl_fmt f[] = {TL_FMT_INT8, TL_FMT_BF16, TL_FMT_FP32};
            tl_fmt fm = f[rb(3)];
            unsigned es = tl_dma_esize(fm);
            region dr = dst_region(random_space(), i), sr = src_region(random_space());
            uint32_t n = (uint32_t)((256 + rb((uint32_t)(dr.size - 256))) / es);
            list[i] = copy1d(sr.space, sr.base + (rb((uint32_t)(sr.size - (uint64_t)n * es)) & ~(es - 1u)),
                             dr.space, dr.base, fm, n);
        }
        qs[i] = rb(DMA_TB_QUEUES);
        if (rb(40) == 0)
            qs[i] = DMA_TB_QUEUES + rb(16 - DMA_TB_QUEUES);
    }
    dma_job job = {list, qs, N, {{0}}, 0, 0};
    for (unsigned f = rb(3); f > 0 && job.nfaults < 2; f--) {
        const tl_dma_desc *d = &list[rb(N)];
        bool w = rb(2);
        const tl_dma_side *sd = w ? &d->dst : &d->src;
        if (sd->space == TL_DMA_DRAM && sd->count[0] && sd->count[1] && sd->count[2]) {
            uint64_t e = extent(sd);
            uint64_t lo = sd->addr + rb((uint32_t)(e < 0x7FFFFFFF ? e : 0x7FFFFFFF));
            job.faults[job.nfaults++] = (tl_dma_fault){lo, lo + rb(64), w, 2 + rb(2)};
        }
    }
    static const unsigned lat[] = {20, 60, 100, 100};
    timing(lat[rb(4)], rb(3) ? 100 : 85, 0, 0);

    /* the model: final memories and status */
    uint8_t *dram = dma_tb_dram(tb);
    memcpy(d0, dram, sizeof d0);
    memcpy(s0, tb->sbuf, sizeof s0);
    memcpy(p0, tb->psum, sizeof p0);
    memcpy(d1, d0, sizeof d1);
    memcpy(s1, s0, sizeof s1);
    memcpy(p1, p0, sizeof p1);
    tl_dma_sys sys;
    dma_tb_sys(tb, &sys, d1, s1, p1);
    sys.faults = job.faults;
    sys.nfaults = job.nfaults;
    tl_dma_status st;
    tl_dma_run_queues(&sys, list, qs, N, DMA_TB_QUEUES, &st);

    /* the RTL, watched cycle by cycle */
    dma_tb_reset(tb, 3);
    axi_mem_seed(tb->axi, seed * 0x9E3779B97F4A7C15ull + 1);
    tb->rng = seed * 0xD1B54A32D192ED03ull + 2;
    axi_mem_clear_faults(tb->axi);
    for (unsigned i = 0; i < job.nfaults; i++)
        axi_mem_add_fault(tb->axi, job.faults[i].lo, job.faults[i].hi, job.faults[i].on_write,
                          job.faults[i].resp);
    enum { MAXB = 64 };
    uint64_t pend_lo[MAXB], pend_hi[MAXB]; /* write bursts awaiting B, in order */
    unsigned ph = 0, pn = 0, next = 0, pulses[DMA_TB_QUEUES] = {0};
    int ok = 1;
    const unsigned db = dma_dut_data_bytes();
    for (uint64_t t = 0; t < 4000000 && ok; t++) {
        if (next < N && !tb->io.desc_valid) {
            tl_dma_desc_pack(&list[next], tb->io.desc);
            tb->io.desc_queue = qs[next];
            tb->io.desc_valid = true;
        }
        dma_tb_step(tb);
        const axi_port *p = &tb->io.axi;
        if (tb->io.desc_valid && tb->io.desc_ready) {
            tb->io.desc_valid = false;
            next++;
        }
        if (p->awvalid && p->awready && pn < MAXB) {
            unsigned k = (ph + pn++) % MAXB;
            pend_lo[k] = p->awaddr;
            pend_hi[k] = (p->awaddr & ~(uint64_t)(db - 1)) + ((uint64_t)p->awlen + 1) * db - 1;
        }
        if (p->bvalid && p->bready && pn) {
            ph = (ph + 1) % MAXB;
            pn--;
        }
        for (unsigned q = 0; q < DMA_TB_QUEUES && ok; q++) {
            if (!(tb->io.done_pulse >> q & 1))
                continue;
            unsigned k = pulses[q]++, i, seen = 0;
            for (i = 0; i < N; i++)
                if (qs[i] == q && seen++ == k)
                    break;
            if (k >= st.done[q] || i == N) {
                printf("done pulse %u of queue %u: the model completes %u\n", k + 1, q, st.done[q]);
                ok = 0;
                break;
            }
            if (!dst_same(&list[i], dram, tb->sbuf, tb->psum, d1, s1, p1)) {
                printf("done pulse of descriptor %u (queue %u) before its destination is written\n", i, q);
                ok = 0;
            }
            uint64_t lo, hi;
            dst_range(&list[i], &lo, &hi);
            for (unsigned b = 0; b < pn && list[i].dst.space == TL_DMA_DRAM; b++) {
                unsigned x = (ph + b) % MAXB;
                if (pend_lo[x] <= hi && lo <= pend_hi[x]) {
                    printf("done pulse of descriptor %u (queue %u) before the write response of its "
                           "burst at 0x%" PRIx64 "\n", i, q, pend_lo[x]);
                    ok = 0;
                }
            }
        }
        if (next == N && tb->io.idle && axi_mem_idle(tb->axi) && tb->rsp_n == 0)
            break;
    }
    /* done_count counts a pulse two edges after its cycle, which may be
       one after idle rises (docs/dma.md section 1) */
    dma_tb_step(tb);
    for (unsigned q = 0; q < DMA_TB_QUEUES && ok; q++)
        if (pulses[q] != st.done[q] || tb->io.done_count[q] != st.done[q]) {
            printf("queue %u: %u done pulses, done_count %u, the model completes %u\n", q, pulses[q],
                   tb->io.done_count[q], st.done[q]);
            ok = 0;
        }
    /* and the whole comparison (memories, codes, addresses, protocol) */
    memcpy(dram, d0, sizeof d0);
    memcpy(tb->sbuf, s0, sizeof s0);
    memcpy(tb->psum, p0, sizeof p0);
    if (!ok) {
        printf("overlap list (seed %u) failed while running:\n", seed);
        for (unsigned i = 0; i < N; i++) {
            printf(" [%u] queue %u\n", i, qs[i]);
            dma_print_desc(&list[i]);
        }
    }
    dma_result r;
    ok &= check(&job, seed, &r);
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        stat_done += r.done[q];
        stat_err[r.code[q] & 15]++;
    }
    stat_desc += N;
    return ok;
}

START_TEST(overlap_streams)
{
    const char *e = getenv("DMA_OVERLAP_LISTS");
    unsigned lists = (e && *e) ? (unsigned)strtoul(e, NULL, 0) : 150;
    lists *= tl_test_seeds(1);
    uint32_t seed0 = tl_test_seed(1) * 7919u + 31u * dma_dut_data_bytes() + dma_dut_addr_bits();
    unsigned bad = 0;
    stat_done = stat_desc = 0;
    memset(stat_err, 0, sizeof stat_err);
    for (unsigned i = 0; i < lists && bad < 3; i++) {
        uint8_t *d = dma_tb_dram(tb);
        for (unsigned k = 0; k < 4096; k++)
            d[tl_rng_below(&rng, 96 * 1024)] = (uint8_t)tl_rng_u32(&rng);
        if (!overlap_list(seed0 * 100003u + i)) {
            printf("overlap list %u failed (replay: SEED=%u, list seed %u)\n", i, tl_test_seed(1),
                   seed0 * 100003u + i);
            bad++;
        }
    }
    printf("dma: %u overlapping lists of 8, %u failed: %lu descriptors, %lu completed; errors:", lists, bad,
           stat_desc, stat_done);
    for (unsigned c = 1; c < 16; c++)
        if (stat_err[c])
            printf(" %s=%lu", tl_dma_strerror(c), stat_err[c]);
    printf("\n");
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/*
 * abort (the core's soft reset) in the middle of random traffic on every
 * queue: from the cycle after it rises desc_ready stays low and no done
 * pulse comes; the engine then reports idle with the bus quiet (every
 * transaction finished, no protocol violation); after abort falls a new
 * descriptor runs correctly (memories against the C model run on what the
 * aborted traffic left) and is counted once.
 */
static unsigned abort_busy; /* aborts that hit a busy engine */

static int abort_list(uint32_t seed)
{
    enum { N = 8 };
    static tl_dma_desc list[N];
    static unsigned qs[N];
    static uint8_t d1[DMA_TB_DRAM_SIZE], s1[DMA_TB_SBUF_SIZE], p1[DMA_TB_PSUM_SIZE];
    rng.s = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 0x999;
    for (unsigned i = 0; i < N; i++) {
        random_desc(&list[i], i);
        qs[i] = rb(DMA_TB_QUEUES);
    }
    static const unsigned lat[] = {1, 9, 30, 100};
    timing(lat[rb(4)], rb(2) ? 100 : 70, rb(3) == 0 ? 3 : 0, 50);
    dma_tb_reset(tb, 3);
    axi_mem_seed(tb->axi, seed * 0x9E3779B97F4A7C15ull + 1);
    tb->rng = seed * 0xD1B54A32D192ED03ull + 2;
    axi_mem_clear_faults(tb->axi);
    if (rb(3) == 0) { /* a fault, so that a failing job may be aborted too */
        const tl_dma_side *sd = rb(2) ? &list[0].dst : &list[0].src;
        if (sd->space == TL_DMA_DRAM)
            axi_mem_add_fault(tb->axi, sd->addr, sd->addr + 64, sd == &list[0].dst, 2);
    }
    unsigned when = 1 + rb(rb(2) ? 40 : 2500), next = 0;
    int ok = 1;
    for (unsigned t = 0; t < when; t++) { /* traffic */
        if (next < N && !tb->io.desc_valid) {
            tl_dma_desc_pack(&list[next], tb->io.desc);
            tb->io.desc_queue = qs[next];
            tb->io.desc_valid = true;
        }
        dma_tb_step(tb);
        if (tb->io.desc_valid && tb->io.desc_ready) {
            tb->io.desc_valid = false;
            next++;
        }
    }
    /* abort, with a descriptor still offered */
    if (next < N) {
        tl_dma_desc_pack(&list[next], tb->io.desc);
        tb->io.desc_queue = qs[next];
        tb->io.desc_valid = true;
    }
    tb->io.abort = true;
    abort_busy += !tb->io.idle;
    uint32_t count0[DMA_TB_QUEUES];
    /* a job may still complete in the first abort cycle: its pulse is in
     * that cycle, its count is seen two cycles later (docs/dma.md
     * section 1) */
    dma_tb_step(tb);
    dma_tb_step(tb);
    if (tb->io.desc_ready || tb->io.done_pulse) {
        printf("abort: desc_ready %u, done pulse 0x%x in the second cycle\n", tb->io.desc_ready,
               tb->io.done_pulse);
        ok = 0;
    }
    dma_tb_step(tb);
    if (tb->io.done_pulse) {
        printf("abort: done pulse 0x%x in the third cycle\n", tb->io.done_pulse);
        ok = 0;
    }
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        count0[q] = tb->io.done_count[q];
    unsigned t, quiet = 0;
    for (t = 0; t < 200000 && quiet < 4; t++) {
        dma_tb_step(tb);
        if (tb->io.desc_ready) {
            printf("abort: desc_ready high\n");
            ok = 0;
        }
        if (tb->io.done_pulse) {
            printf("abort: done pulse 0x%x\n", tb->io.done_pulse);
            ok = 0;
        }
        quiet = tb->io.idle && axi_mem_idle(tb->axi) && tb->rsp_n == 0 ? quiet + 1 : 0;
        if (rb(50) == 0)
            tb->io.desc_queue = rb(16); /* offered on any queue number: never taken */
    }
    tb->io.desc_valid = false;
    if (quiet < 4) {
        printf("abort: not idle after %u cycles\n", t);
        ok = 0;
    }
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        if (tb->io.done_count[q] != count0[q]) {
            printf("abort: queue %u counted %u -> %u\n", q, count0[q], tb->io.done_count[q]);
            ok = 0;
        }
    tb->io.abort = false;
    tb->io.err_clear = (1u << DMA_TB_QUEUES) - 1;
    tb->io.desc_err_clear = true;
    dma_tb_step(tb);
    tb->io.err_clear = 0;
    tb->io.desc_err_clear = false;
    for (unsigned i = 0; i < 8; i++) { /* stays quiet */
        dma_tb_step(tb);
        if (!tb->io.idle || !axi_mem_idle(tb->axi))
            ok = 0;
    }
    /* a new descriptor, checked against the model on the memories left */
    axi_mem_clear_faults(tb->axi);
    tl_dma_desc d;
    random_desc(&d, rb(8));
    unsigned q = rb(DMA_TB_QUEUES);
    memcpy(d1, dma_tb_dram(tb), sizeof d1);
    memcpy(s1, tb->sbuf, sizeof s1);
    memcpy(p1, tb->psum, sizeof p1);
    tl_dma_sys sys;
    dma_tb_sys(tb, &sys, d1, s1, p1);
    uint64_t fa = 0;
    unsigned code = tl_dma_run(&sys, &d, &fa);
    uint32_t before = tb->io.done_count[q];
    ok &= dma_tb_push(tb, q, &d, 1000);
    ok &= dma_tb_wait_idle(tb, 2000000);
    if (tb->io.err_code[q] != code || (code && tb->io.err_addr[q] != fa) ||
        tb->io.done_count[q] != before + (code == TL_DMA_OK)) {
        printf("after abort: queue %u code %u (model %u) count %u -> %u\n", q, tb->io.err_code[q], code,
               before, tb->io.done_count[q]);
        ok = 0;
    }
    if (code == TL_DMA_OK || code > TL_DMA_ERR_WR_DECERR) {
        if (memcmp(dma_tb_dram(tb), d1, sizeof d1) || memcmp(tb->sbuf, s1, sizeof s1) ||
            memcmp(tb->psum, p1, sizeof p1)) {
            printf("after abort: memories differ from the model\n");
            ok = 0;
        }
    }
    if (dma_tb_violations(tb)) {
        printf("PROTOCOL: %u violations, first: %s\n", dma_tb_violations(tb), dma_tb_first_violation(tb));
        ok = 0;
    }
    if (!ok) {
        printf("abort list (seed %u) failed: abort after %u cycles, %u descriptors taken; then:\n", seed,
               when, next);
        for (unsigned i = 0; i < N; i++) {
            printf(" [%u] queue %u\n", i, qs[i]);
            dma_print_desc(&list[i]);
        }
        printf(" after abort, queue %u\n", q);
        dma_print_desc(&d);
    }
    return ok;
}

/* Reset anywhere: random traffic (as abort_list), rst for 1..3 cycles at
 * a random cycle, with the memory model dropping what was in flight. Then
 * 300 cycles with no input: no AXI or on-chip VALID, idle, every status
 * output at its reset value, no protocol violation; then a fresh random
 * list, bit-exact against the model on the memories as the reset left
 * them. */
static unsigned reset_busy, reset_mid; /* resets with AXI bursts open, part-way */

static int reset_list(uint32_t seed)
{
    enum { N = 8 };
    static tl_dma_desc list[N];
    static unsigned qs[N];
    rng.s = (uint64_t)seed * 0x9E3779B97F4A7C15ull + 0x5151;
    for (unsigned i = 0; i < N; i++) {
        random_desc(&list[i], i);
        qs[i] = rb(DMA_TB_QUEUES);
    }
    static const unsigned lat[] = {1, 9, 30, 100};
    timing(lat[rb(4)], rb(2) ? 100 : 70, rb(3) == 0 ? 3 : 0, 50);
    dma_tb_reset(tb, 3);
    axi_mem_seed(tb->axi, seed * 0x9E3779B97F4A7C15ull + 3);
    tb->rng = seed * 0xD1B54A32D192ED03ull + 4;
    axi_mem_clear_faults(tb->axi);
    unsigned when = 1 + rb(rb(2) ? 60 : 3000), next = 0;
    int ok = 1;
    for (unsigned t = 0; t < when; t++) {
        if (next < N && !tb->io.desc_valid) {
            tl_dma_desc_pack(&list[next], tb->io.desc);
            tb->io.desc_queue = qs[next];
            tb->io.desc_valid = true;
        }
        dma_tb_step(tb);
        if (tb->io.desc_valid && tb->io.desc_ready) {
            tb->io.desc_valid = false;
            next++;
        }
    }
    reset_busy += !axi_mem_idle(tb->axi);
    reset_mid += axi_mem_mid_burst(tb->axi);
    /* the reset, a descriptor possibly still offered in its first cycle */
    dma_tb_reset(tb, 1 + rb(3));
    axi_mem_clear_stats(tb->axi);
    unsigned busy = 0;
    for (unsigned t = 0; t < 300; t++) {
        dma_tb_step(tb);
        const dma_io *io = &tb->io;
        busy += io->axi.awvalid || io->axi.wvalid || io->axi.arvalid || io->sb_rd_req_valid || io->sb_wr_valid;
        bool status = io->desc_ready != 0 && io->done_pulse == 0 && io->err_valid == 0 && !io->desc_err_valid &&
                      io->desc_err_code == 0 && io->desc_err_queue == 0 && io->idle;
        for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
            status &= io->done_count[q] == 0 && io->err_code[q] == 0 && io->err_addr[q] == 0;
        if (!status) {
            printf("reset: cycle %u after it: a status output is not at its reset value\n", t);
            ok = 0;
            break;
        }
    }
    if (busy) {
        printf("reset: %u cycles with a VALID after it\n", busy);
        ok = 0;
    }
    if (dma_tb_violations(tb)) {
        printf("PROTOCOL: %u violations, first: %s\n", dma_tb_violations(tb), dma_tb_first_violation(tb));
        ok = 0;
    }
    if (!ok)
        printf("reset list (seed %u) failed: reset after %u cycles, %u descriptors taken\n", seed, when, next);
    /* a fresh list, bit-exact against the model */
    return ok && random_list(seed ^ 0x7E57u);
}

START_TEST(reset_anywhere)
{
    const char *e = getenv("DMA_RESET_LISTS");
    unsigned lists = ((e && *e) ? (unsigned)strtoul(e, NULL, 0) : 150) * tl_test_seeds(1), bad = 0;
    uint32_t seed0 = tl_test_seed(1) * 7727u + 13u * dma_dut_data_bytes() + dma_dut_addr_bits();
    for (unsigned i = 0; i < lists && bad < 3; i++)
        if (!reset_list(seed0 + i)) {
            printf("reset list %u failed (replay: SEED=%u)\n", i, tl_test_seed(1));
            bad++;
        }
    printf("dma: %u resets in random traffic (%u with AXI bursts open, %u part-way through a burst), %u failed\n",
           lists, reset_busy, reset_mid, bad);
    ck_assert_uint_eq(bad, 0);
    ck_assert_uint_gt(reset_mid, lists / 10);
}
END_TEST

START_TEST(abort_mid_traffic)
{
    unsigned lists = 120 * tl_test_seeds(1), bad = 0;
    uint32_t seed0 = tl_test_seed(1) * 104729u + 17u * dma_dut_data_bytes() + dma_dut_addr_bits();
    for (unsigned i = 0; i < lists && bad < 3; i++)
        if (!abort_list(seed0 + i)) {
            printf("abort list %u failed (replay: SEED=%u)\n", i, tl_test_seed(1));
            bad++;
        }
    printf("dma: %u aborts in random traffic (%u with work in flight), %u failed\n", lists, abort_busy, bad);
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* What the memory did to the master in this test (the impolite options
 * must have fired when on), and the most bursts outstanding on ID 0. */
static void report_axi(const char *what)
{
    const axi_mem_stats *st = axi_mem_get_stats(tb->axi);
    bool imp = axi_mem_impolite_wanted();
    printf("dma: %s: AXI memory %s: %llu W beats taken before their AW, most outstanding on ID 0: "
           "%u reads, %u writes\n",
           what, imp ? "impolite" : "polite", (unsigned long long)st->w_early, st->max_rd_seen[0],
           st->max_wr_seen[0]);
    if (imp)
        ck_assert_msg(st->w_early > 0, "%s: the impolite memory never took W before AW", what);
    /* the on-chip streams: beats, how long VALID waited for READY (held,
     * with its payload: dma_harness checks it), the SBUF/PSUM side's stalls */
    printf("dma: %s: on-chip read requests %llu (longest wait %u cycles, %llu cycles waiting), "
           "writes %llu (longest wait %u, %llu waiting); long stalls: requests %llu, responses %llu, "
           "writes %llu\n",
           what, (unsigned long long)tb->hold_rd.beats, tb->hold_rd.longest,
           (unsigned long long)tb->hold_rd.wait_cycles, (unsigned long long)tb->hold_wr.beats,
           tb->hold_wr.longest, (unsigned long long)tb->hold_wr.wait_cycles,
           (unsigned long long)tb->oc_stalls[DMA_OC_RD_REQ], (unsigned long long)tb->oc_stalls[DMA_OC_RD_RSP],
           (unsigned long long)tb->oc_stalls[DMA_OC_WR]);
    if (imp) /* long stalls with a beat waiting through them, on both streams */
        ck_assert_msg(tb->hold_rd.longest >= 100 && tb->hold_wr.longest >= 100,
                      "%s: no on-chip beat waited 100 cycles or more", what);
}

START_TEST(random_descriptor_lists)
{
    const char *e = getenv("DMA_RANDOM_LISTS");
    unsigned lists = (e && *e) ? (unsigned)strtoul(e, NULL, 0) : 1500;
    lists *= tl_test_seeds(1);
    /* each build its own lists; the board build (64-bit data, 32-bit
     * addresses, one conversion lane) is the only 8-byte one with 32-bit
     * addresses */
    uint32_t seed0 = tl_test_seed(1) + 1000u * dma_dut_data_bytes() +
                     (dma_dut_data_bytes() == 8 && dma_dut_addr_bits() == 32 ? 1u : 0u);
    unsigned bad = 0;
    for (unsigned i = 0; i < lists && bad < 3; i++) {
        /* refresh some source bytes so lists see new data */
        uint8_t *d = dma_tb_dram(tb);
        for (unsigned k = 0; k < 4096; k++)
            d[tl_rng_below(&rng, 96 * 1024)] = (uint8_t)tl_rng_u32(&rng);
        if (!random_list(seed0 * 100003u + i)) {
            printf("random list %u failed (replay: SEED=%u, list seed %u)\n", i, tl_test_seed(1), seed0 * 100003u + i);
            bad++;
        }
    }
    printf("dma: %u random descriptor lists compared, %u failed: %lu descriptors, %lu completed, "
           "%llu cycles\n", lists, bad, stat_desc, stat_done, (unsigned long long)stat_cycles);
    printf("dma: errors seen (per queue, and engine-level BAD_QUEUE):");
    for (unsigned c = 1; c < 16; c++)
        if (stat_err[c])
            printf(" %s=%lu", tl_dma_strerror(c), stat_err[c]);
    printf("\n");
    report_axi("random lists");
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* ---------------------------------------------- transposing writes */

/* DRAM -> SBUF: `rows` rows of n elements, element k of a row to partition
 * p0 + k at byte offset off + row * rstride (the runtime's A^T panel);
 * c2 copies of that rstride2 apart. */
static tl_dma_desc scatter(tl_fmt sf, tl_fmt df, unsigned p0, unsigned n, uint32_t off, unsigned rows,
                           uint32_t rstride, unsigned c2, uint32_t rstride2)
{
    tl_dma_desc d;
    memset(&d, 0, sizeof d);
    unsigned ses = tl_dma_esize(sf);
    d.src = (tl_dma_side){TL_DMA_DRAM, sf, DR(0x100), {n * rows * c2, 1, 1}, {ses, 0, 0}};
    d.dst = (tl_dma_side){TL_DMA_SBUF, df, ((uint64_t)p0 << DMA_TB_SBUF_PART_LOG2) + off, {n, rows, c2},
                          {1u << DMA_TB_SBUF_PART_LOG2, rstride, rstride2}};
    d.cstride[0] = 1;
    d.cstride[1] = n;
    d.cstride[2] = n * rows;
    d.round = (sf != df && rb(2)) ? TL_RND_SR : TL_RND_RNE;
    d.seed = tl_rng_u32(&rng);
    return d;
}

/* Aligned groups of DATA_WIDTH/16 partitions that partitions p0 .. p0+n-1 touch. */
static unsigned groups(unsigned p0, unsigned n)
{
    unsigned g = dma_dut_data_bytes() / 2;
    return (p0 + n - 1) / g - p0 / g + 1;
}

/* On-chip writes of d's destination one element per write (the
 * fallback): an element that straddles two bus words takes two. */
static uint64_t element_writes(const tl_dma_desc *d)
{
    unsigned db = dma_dut_data_bytes(), es = tl_dma_esize(d->dst.fmt);
    uint64_t n = 0;
    for (uint32_t i2 = 0; i2 < d->dst.count[2]; i2++)
        for (uint32_t i1 = 0; i1 < d->dst.count[1]; i1++)
            for (uint32_t i0 = 0; i0 < d->dst.count[0]; i0++) {
                uint64_t a = d->dst.addr + (uint64_t)i0 * d->dst.stride[0] + (uint64_t)i1 * d->dst.stride[1] +
                             (uint64_t)i2 * d->dst.stride[2];
                n += (a % db + es - 1) / db + 1;
            }
    return n;
}

/* Run d, compare with cmodel, and count its on-chip writes: all of them,
 * and the transposing ones. */
static void xp_run(const tl_dma_desc *d, uint64_t writes, uint64_t xp)
{
    uint64_t w0 = tb->hold_wr.beats, x0 = tb->xp_writes;
    dma_result r = run1(d, 0, NULL, 0);
    ck_assert_msg(r.code[0] == TL_DMA_OK, "transposing case: %s", tl_dma_strerror(r.code[0]));
    ck_assert_uint_eq(tb->hold_wr.beats - w0, writes);
    ck_assert_uint_eq(tb->xp_writes - x0, xp);
}

/* A pattern that steps by one partition per element (1- and 2-byte
 * elements, aligned) is written DATA_WIDTH/16 partitions per on-chip
 * write; anything else one element per write, as before. The counts
 * would fail if the fallback were taken (or the group form misapplied). */
START_TEST(transposing_writes)
{
    timing(20, 80, 0, 0);
    const unsigned rows = 64;
    tl_dma_desc d;
    /* the panel: 16 partitions from 0, bf16 and e4m3; 16 / G writes a row
     * instead of 16 */
    d = scatter(TL_FMT_BF16, TL_FMT_BF16, 0, 16, 0x40, rows, 2, 1, 0);
    xp_run(&d, rows * groups(0, 16), rows * groups(0, 16));
    ck_assert_uint_lt(rows * groups(0, 16), rows * 16);
    d = scatter(TL_FMT_E4M3, TL_FMT_E4M3, 0, 16, 0x43, rows, 1, 1, 0);
    xp_run(&d, rows * groups(0, 16), rows * groups(0, 16));
    /* not starting on a group, a partial group at each end, two slices */
    d = scatter(TL_FMT_BF16, TL_FMT_BF16, 3, 13, 0x200, rows, 6, 2, 0x400);
    xp_run(&d, 2 * rows * groups(3, 13), 2 * rows * groups(3, 13));
    d = scatter(TL_FMT_INT8, TL_FMT_INT8, 5, 2, 0x7, rows, 3, 1, 0);
    xp_run(&d, rows * groups(5, 2), rows * groups(5, 2));
    /* converted on the way (fp32 -> bf16, e4m3 -> fp16) */
    d = scatter(TL_FMT_FP32, TL_FMT_BF16, 1, 15, 0x100, rows, 2, 1, 0);
    xp_run(&d, rows * groups(1, 15), rows * groups(1, 15));
    d = scatter(TL_FMT_E4M3, TL_FMT_FP16, 0, 16, 0x10, rows, 4, 1, 0);
    xp_run(&d, rows * groups(0, 16), rows * groups(0, 16));
    /* fall back to one element per write: 4-byte elements, a 2-byte
     * element at an odd offset, PSUM */
    d = scatter(TL_FMT_FP32, TL_FMT_FP32, 0, 16, 0x40, rows, 4, 1, 0);
    xp_run(&d, rows * 16, 0);
    d = scatter(TL_FMT_BF16, TL_FMT_BF16, 0, 16, 0x41, rows, 2, 1, 0);
    ck_assert_uint_gt(element_writes(&d), rows * 16); /* some straddle two words */
    xp_run(&d, element_writes(&d), 0);
    /* rows that start one partition further each: the groups follow */
    d = scatter(TL_FMT_BF16, TL_FMT_BF16, 0, 8, 0x40, 8, (1u << DMA_TB_SBUF_PART_LOG2) + 2, 1, 0);
    unsigned w = 0;
    for (unsigned m = 0; m < 8; m++)
        w += groups(m, 8);
    xp_run(&d, w, w);
    d = scatter(TL_FMT_BF16, TL_FMT_BF16, 0, 16, 0x40, rows, 2, 1, 0);
    d.dst.space = TL_DMA_PSUM;
    d.dst.addr = 0x40;
    d.dst.stride[0] = 1u << DMA_TB_PSUM_PART_LOG2;
    xp_run(&d, rows * 16, 0);
    ck_assert_uint_eq(dma_tb_violations(tb), 0);
}
END_TEST

/* Random partition-stepping destinations (formats, conversions, first
 * partition, offsets and strides aligned or not, 1..3 dimensions, random
 * backpressure), each against cmodel. */
START_TEST(transposing_random)
{
    unsigned n_runs = 300 * tl_test_seeds(1);
    static const tl_fmt fm[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
    uint64_t xp = 0;
    for (unsigned i = 0; i < n_runs; i++) {
        timing(rb(2) ? 5 : 60, 40 + rb(61), rb(3) ? 0 : 5, 20);
        tl_fmt df = fm[rb(6)], sf = (rb(2) || df == TL_FMT_INT8) ? df : fm[rb(6)];
        if (sf != df && df == TL_FMT_INT8)
            sf = df;
        unsigned es = tl_dma_esize(df);
        unsigned p0 = rb(16), n = 1 + rb(16 - p0), rows = 1 + rb(40), c2 = 1 + rb(3);
        uint32_t rs = es * (1 + rb(3));
        uint32_t rs2 = rows * rs + rb(40);
        uint32_t ext = (c2 - 1) * rs2 + (rows - 1) * rs + es;
        uint32_t off = rb(4096 - ext);
        if (rb(3))
            off &= ~(es - 1);
        tl_dma_desc d = scatter(sf, df, p0, n, off, rows, rs, c2, rs2);
        uint64_t x0 = tb->xp_writes;
        run1(&d, rb(DMA_TB_QUEUES), NULL, 0);
        xp += tb->xp_writes - x0;
    }
    printf("dma: %u random transposing-pattern descriptors compared, %llu transposing writes\n", n_runs,
           (unsigned long long)xp);
    ck_assert_uint_gt(xp, 0);
    ck_assert_uint_eq(dma_tb_violations(tb), 0);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("dma_engine");
    TCase *tc = tcase_create("checklist");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, burst_4k_boundary_exact);
    tcase_add_test(tc, unaligned_every_alignment_pair);
    tcase_add_test(tc, length_zero_one_byte_long);
    tcase_add_test(tc, read_slverr);
    tcase_add_test(tc, read_decerr);
    tcase_add_test(tc, write_slverr);
    tcase_add_test(tc, write_decerr);
    tcase_add_test(tc, error_raised_after_drain);
    tcase_add_test(tc, backpressure_long_stalls);
    tcase_add_test(tc, reset_mid_transfer);
    tcase_add_test(tc, window_violation);
    tcase_add_test(tc, malformed_descriptors);
    tcase_add_test(tc, sr_tiling_invariant);
    tcase_add_test(tc, queues_round_robin);
    tcase_add_test(tc, reset_mid_transfer_onchip);
    tcase_add_test(tc, bad_queue_id);
    tcase_add_test(tc, transposing_writes);
    tcase_add_test(tc, wide_fields);
    suite_add_tcase(s, tc);
    /* its own case: CK_RUN_CASE=cross runs it alone (a coverage run of the crosses) */
    TCase *tx = tcase_create("cross");
    tcase_add_checked_fixture(tx, setup, teardown);
    tcase_set_timeout(tx, 600);
    tcase_add_test(tx, every_cross);
    suite_add_tcase(s, tx);
    TCase *tr = tcase_create("random");
    tcase_add_checked_fixture(tr, setup, teardown);
    tcase_set_timeout(tr, 3000);
    tcase_add_test(tr, random_descriptor_lists);
    tcase_add_test(tr, transposing_random);
    tcase_add_test(tr, overlap_streams);
    tcase_add_test(tr, abort_mid_traffic);
    tcase_add_test(tr, reset_anywhere);
    suite_add_tcase(s, tr);
    return tl_test_main(argv[0], s);
}
