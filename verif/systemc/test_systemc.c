/*
 * The driver on the SystemC models (docs/systemc.md section 6), one
 * executable per backend (sc_backend, from backend_lt.c / backend_rtl.c).
 * Each test runs in its own forked process (Check's default), since a
 * process holds one SystemC platform.
 *
 *  - GEMMs (bf16 and fp8, small shapes, several tilings) bit-exact
 *    against the same GEMM on the cmodel backend configured like the
 *    Verilated build, and against cmodel's tl_matmul reference;
 *  - a DMA read error (SLVERR) and a write error (DECERR) from the TLM
 *    memory's error range: the DMA error code and address, then recovery;
 *    a timeout;
 *  - the interrupt: wait_irq returns when irq rises, after simulated time
 *    has passed, and times out after exactly its timeout when nothing
 *    raises it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "hal_systemc.h"
#include "tl_hal_host.h"

extern const char *sc_backend;

static int sc_open(const tl_hal_opts *o, tl_hal *h)
{
    return strcmp(sc_backend, "systemc-rtl") == 0 ? tl_hal_systemc_rtl_open(o, h) : tl_hal_systemc_lt_open(o, h);
}

typedef ref_cm devh;

static void open_sc(devh *d)
{
    tl_hal_opts o = {.dram_size = 8u << 20, .latency = 1};
    int rc = sc_open(&o, &d->hal);
    ck_assert_msg(rc == TL_HAL_OK, "open %s: %s", sc_backend, tl_hal_strerror(rc));
    ck_assert_str_eq(d->hal.name, sc_backend);
    ck_assert_int_eq(tl_rt_open(&d->dev, &d->hal), TL_RT_OK);
}

static void open_cmodel(devh *d, const tl_core_config *cfg)
{
    tl_hal_opts o = {.dram_size = 8u << 20, .cfg = cfg};
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &d->hal), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_open(&d->dev, &d->hal), TL_RT_OK);
}

static void gemms(const tl_fmt (*pairs)[3], unsigned npairs)
{
    devh sc, cm;
    open_sc(&sc);
    /* the Verilated build's configuration, read from its CSRs */
    ck_assert_uint_eq(sc.dev.cfg.rows, 4);
    ck_assert_uint_eq(sc.dev.cfg.cols, 8);
    open_cmodel(&cm, &sc.dev.cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0x5C5Cu};
    static const uint32_t shapes[][3] = {{1, 1, 1}, {3, 5, 7}, {9, 13, 70}, {17, 9, 11}, {8, 4, 64}};
    unsigned n = 0;
    for (unsigned p = 0; p < npairs; p++)
        for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++, n++) {
            gemm_case gc = {shapes[s][0], shapes[s][1], shapes[s][2], pairs[p][0], pairs[p][1], pairs[p][2],
                            n % 3 == 1, (n / 2) % 2 ? TL_RND_SR : TL_RND_RNE, (n / 4) % 2, tl_rng_u32(&rng)};
            gemm_data d;
            gemm_data_make(&d, &gc, &rng);
            gemm_data_reference(&d, sc.dev.cfg.rows);
            uint8_t *o_sc = gemm_run(&sc.dev, &d, NULL);
            uint8_t *o_cm = gemm_run(&cm.dev, &d, NULL);
            gemm_expect(&d, o_cm, "cmodel backend");
            gemm_expect(&d, o_sc, sc_backend);
            ck_assert(memcmp(o_sc, o_cm, d.out_bytes) == 0);
            free(o_sc);
            free(o_cm);
            gemm_data_free(&d);
        }
    printf("%s: %u GEMMs bit-exact, %llu cycles simulated, %llu memory transactions\n", sc_backend, n,
           (unsigned long long)tl_hal_systemc_cycles(&sc.hal),
           (unsigned long long)tl_hal_systemc_transactions(&sc.hal));
    ck_assert_uint_gt(tl_hal_systemc_transactions(&sc.hal), 0);
    tl_hal_close(&cm.hal);
}

START_TEST(gemm_bf16)
{
    static const tl_fmt p[][3] = {{TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32}, {TL_FMT_BF16, TL_FMT_BF16, TL_FMT_BF16}};
    gemms(p, 2);
}
END_TEST

START_TEST(gemm_fp8)
{
    static const tl_fmt p[][3] = {{TL_FMT_E4M3, TL_FMT_E4M3, TL_FMT_FP32}, {TL_FMT_E5M2, TL_FMT_E4M3, TL_FMT_E4M3}};
    gemms(p, 2);
}
END_TEST

/* A GEMM larger than SBUF (several batches of the rings). */
START_TEST(gemm_larger_than_sbuf)
{
    devh sc, cm;
    open_sc(&sc);
    open_cmodel(&cm, &sc.dev.cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0xB16u};
    gemm_case gc = {12, 600, 80, TL_FMT_BF16, TL_FMT_E4M3, TL_FMT_BF16, true, TL_RND_SR, false, 7};
    gemm_data d;
    gemm_data_make(&d, &gc, &rng);
    gemm_data_reference(&d, sc.dev.cfg.rows);
    tl_rt_gemm_stats st;
    uint8_t *o_sc = gemm_run(&sc.dev, &d, &st);
    uint8_t *o_cm = gemm_run(&cm.dev, &d, NULL);
    gemm_expect(&d, o_sc, sc_backend);
    ck_assert(memcmp(o_sc, o_cm, d.out_bytes) == 0);
    ck_assert_msg(st.batches >= 2, "%u batches", st.batches);
    free(o_sc);
    free(o_cm);
    gemm_data_free(&d);
    tl_hal_close(&cm.hal);
}
END_TEST

/* SLVERR on a read of B through the TLM memory: DMA error RD_SLVERR at
 * that address; recovery; a timeout (gemm_errors_and_recovery). */
START_TEST(dma_read_error_and_timeout)
{
    devh sc;
    open_sc(&sc);
    gemm_fault_ops ops = {tl_hal_systemc_add_fault, tl_hal_systemc_clear_faults, 50};
    gemm_errors_and_recovery(&sc.dev, &sc.hal, &ops, sc_backend);
}
END_TEST

/* DECERR on the write of the result: DMA error WR_DECERR, the burst's
 * AWADDR in ERR_ADDR, the same as the cmodel backend reports. */
START_TEST(dma_write_error)
{
    devh sc, cm;
    open_sc(&sc);
    open_cmodel(&cm, &sc.dev.cfg);
    devh *devs[2] = {&sc, &cm};
    uint32_t code[2], addr_off[2];
    for (unsigned i = 0; i < 2; i++) {
        tl_dev *dev = &devs[i]->dev;
        tl_hal *hal = &devs[i]->hal;
        uint64_t a, b, out;
        uint8_t buf[4096] = {0};
        ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &a), TL_RT_OK);
        ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &b), TL_RT_OK);
        ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &out), TL_RT_OK);
        hal->dram_write(hal->ctx, a, buf, sizeof buf);
        hal->dram_write(hal->ctx, b, buf, sizeof buf);
        tl_rt_gemm_args g = {6, 8, 10, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32, a, b, 0, out, false, TL_RND_RNE,
                             false, 0};
        int rc = i == 0 ? tl_hal_systemc_add_fault(hal, out + 100, out + 103, true, 3)
                        : tl_hal_cmodel_add_fault(hal, out + 100, out + 103, true, 3);
        ck_assert_int_eq(rc, TL_HAL_OK);
        ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_EDEVICE);
        code[i] = dev->err.code;
        addr_off[i] = (uint32_t)(dev->err.addr - out);
        ck_assert_uint_eq(dev->err.code, TL_ISA_ERR_DMA + TL_DMA_ERR_WR_DECERR);
        ck_assert_str_eq(tl_rt_device_message(dev->err.code), "DMA: a DRAM write answered DECERR (no memory there)");
    }
    ck_assert_uint_eq(code[0], code[1]);
    ck_assert_uint_eq(addr_off[0], addr_off[1]);
    tl_hal_close(&cm.hal);
}
END_TEST

/* wait_irq waits on the irq signal: nothing pending times out after
 * exactly the timeout; a batch wakes it when irq rises. */
START_TEST(irq_wakes_driver)
{
    devh sc;
    open_sc(&sc);
    uint64_t used = 0, t0 = tl_hal_systemc_cycles(&sc.hal);
    ck_assert_int_eq(sc.hal.wait_irq(sc.hal.ctx, 1000, &used), TL_HAL_ETIMEOUT);
    ck_assert_uint_eq(used, 1000);
    ck_assert_uint_eq(tl_hal_systemc_cycles(&sc.hal) - t0, 1000);
    /* a batch of NOPs signalling the done semaphore: the runtime's
     * wait_irq must come back with irq high, after some cycles */
    uint64_t w0 = sc.dev.waited;
    ck_assert_int_eq(tl_rt_run_batch(&sc.dev), TL_RT_OK);
    uint64_t waited = sc.dev.waited - w0;
    ck_assert_uint_gt(waited, 0);
    ck_assert_uint_lt(waited, 1000);
    printf("%s: the interrupt woke the driver after %llu cycles\n", sc_backend, (unsigned long long)waited);
    /* IRQ_STATUS cleared by the runtime: irq low again, so a wait times out */
    ck_assert_int_eq(sc.hal.wait_irq(sc.hal.ctx, 100, &used), TL_HAL_ETIMEOUT);
}
END_TEST

/* One platform per process: a second open is refused, not a crash. */
START_TEST(second_open_refused)
{
    devh sc;
    open_sc(&sc);
    tl_hal h2;
    ck_assert_int_eq(sc_open(NULL, &h2), TL_HAL_ENODEV);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("systemc");
    TCase *tc = tcase_create(sc_backend);
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, gemm_bf16);
    tcase_add_test(tc, gemm_fp8);
    tcase_add_test(tc, gemm_larger_than_sbuf);
    tcase_add_test(tc, dma_read_error_and_timeout);
    tcase_add_test(tc, dma_write_error);
    tcase_add_test(tc, irq_wakes_driver);
    tcase_add_test(tc, second_open_refused);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
