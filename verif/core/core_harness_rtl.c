/* core_harness.h on the Verilated RTL core (core_harness_rtl.h). */
#include <stdlib.h>

#include "core_harness_rtl.h"
#include "tl_test.h"

typedef struct {
    core_rtl *dev;
    uint64_t limit;           /* cycles ch_run may take */
} rtl_dev;

#define FIELD(v, reg, f) (((v) & TRNLITE_CSR__##reg##__##f##_bm) >> TRNLITE_CSR__##reg##__##f##_bp)

static core_rtl *dev(ch *h) { return ((rtl_dev *)h->rtl)->dev; }
core_rtl *ch_rtl(ch *h) { return dev(h); }
void ch_rtl_set_limit(ch *h, uint64_t cycles) { ((rtl_dev *)h->rtl)->limit = cycles; }

static uint32_t rtl_rd(ch *h, uint32_t off)
{
    uint32_t v;
    int rc = core_rtl_csr_read(dev(h), off, &v);
    ck_assert_msg(rc == CORE_RTL_OK, "CSR read 0x%03x: %s (RRESP %u)", off, core_rtl_strerror(rc),
                  core_rtl_last_resp(dev(h)));
    return v;
}

static void rtl_wr(ch *h, uint32_t off, uint32_t v)
{
    int rc = core_rtl_csr_write(dev(h), off, v);
    ck_assert_msg(rc == CORE_RTL_OK, "CSR write 0x%03x: %s (BRESP %u)", off, core_rtl_strerror(rc),
                  core_rtl_last_resp(dev(h)));
}

/*
 * Quiescent, as the model's tl_core_run ends: every engine is stopped by
 * an error, or has nothing fetched or in flight and nothing to fetch
 * (HEAD == TAIL or RUN = 0), or waits with the watchdog off. An engine
 * that waits with the watchdog on is not done yet: the watchdog will end
 * the wait. Seen twice in a row, 64 cycles apart.
 */
static bool quiet(ch *h)
{
    uint32_t st = ch_rd(h, CSR(STATUS));
    uint32_t busy = FIELD(st, STATUS, BUSY), waiting = FIELD(st, STATUS, WAITING);
    if (busy & ~waiting)
        return false;
    uint32_t stopped = FIELD(ch_rd(h, CSR(ERR_ENGINE)), ERR_ENGINE, STOPPED);
    bool run = ch_rd(h, CSR(CTRL)) & TRNLITE_CSR__CTRL__RUN_bm;
    bool watchdog = ch_rd(h, CSR(WATCHDOG)) != 0;
    for (unsigned e = 0; e < 3; e++) {
        if (stopped >> e & 1)
            continue;
        if (waiting >> e & 1) {
            if (watchdog)
                return false;
            continue;
        }
        if (run && ch_rd(h, CSR_Q(e, HEAD)) != ch_rd(h, CSR_Q(e, TAIL)))
            return false;
    }
    return true;
}

static uint64_t rtl_run(ch *h)
{
    rtl_dev *r = h->rtl;
    uint64_t t0 = core_rtl_now(r->dev);
    unsigned seen = 0;
    while (seen < 2) {
        ck_assert_msg(core_rtl_now(r->dev) - t0 < r->limit,
                      "the RTL core did not become quiescent in %llu cycles", (unsigned long long)r->limit);
        core_rtl_clock(r->dev, 64);
        seen = quiet(h) ? seen + 1 : 0;
    }
    const char *first;
    unsigned v = core_rtl_violations(r->dev, &first);
    ck_assert_msg(v == 0, "%u AXI protocol violations, the first: %s", v, first ? first : "?");
    return core_rtl_now(r->dev) - t0;
}

static void rtl_free(ch *h)
{
    rtl_dev *r = h->rtl;
    core_rtl_free(r->dev);
    free(r);
}

static const ch_ops rtl_ops = {rtl_rd, rtl_wr, rtl_run, rtl_free};

void ch_rtl_config(ch *h, tl_core_config *g)
{
    tl_core_config_decode(ch_rd(h, CSR(CFG_ARRAY)), ch_rd(h, CSR(CFG_MEM)), ch_rd(h, CSR(CFG_ADDR)), g);
}

ch *ch_create_rtl(const tl_core_config *cfg, const core_rtl_opts *opts)
{
    ch *h = calloc(1, sizeof *h);
    rtl_dev *r = calloc(1, sizeof *r);
    ck_assert(h && r);
    h->ops = &rtl_ops;
    h->rtl = r;
    r->limit = 20000000;
    r->dev = core_rtl_create(CH_DRAM_BASE, CH_DRAM_SIZE, opts);
    ck_assert_ptr_nonnull(r->dev);
    h->dram = core_rtl_dram(r->dev);
    ch_rtl_config(h, &h->cfg);
    const tl_core_config *w = cfg ? cfg : &h->cfg;
    ck_assert_msg(h->cfg.rows == w->rows && h->cfg.cols == w->cols && h->cfg.sems == w->sems &&
                      h->cfg.dma_queues == w->dma_queues && h->cfg.sbuf_part_log2 == w->sbuf_part_log2 &&
                      h->cfg.psum_banks == w->psum_banks && h->cfg.psum_bank_log2 == w->psum_bank_log2 &&
                      h->cfg.data_width == w->data_width && h->cfg.addr_width == w->addr_width,
                  "the RTL build is %ux%u, %u-bit bus, %u banks of 2^%u, 2^%u-byte partitions, %u queues, "
                  "%u semaphores, %u-bit addresses: not the configuration the test expects",
                  h->cfg.rows, h->cfg.cols, h->cfg.data_width, h->cfg.psum_banks, h->cfg.psum_bank_log2,
                  h->cfg.sbuf_part_log2, h->cfg.dma_queues, h->cfg.sems, h->cfg.addr_width);
    ch_setup(h);
    return h;
}
