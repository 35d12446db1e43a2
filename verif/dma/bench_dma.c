/*
 * bench_dma: DMA bus efficiency on the Verilated dma_engine (128-bit data,
 * 32-bit addresses) against the AXI memory model with fixed latency and no
 * backpressure. For each case: cycles from the descriptor's acceptance to
 * its completion pulse, bytes moved per cycle, and that divided by the bus
 * peak (16 bytes per cycle per direction). Every run is also checked
 * byte-for-byte against the C model.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dma_check.h"

static dma_tb *tb;

static double run_case(const char *name, const tl_dma_desc *d, unsigned latency, uint64_t bytes)
{
    dma_tb_timing(tb, latency, 100, 0, 0);
    /* functional check first (RTL == cmodel) */
    unsigned q = 0;
    dma_job job = {d, &q, 1, {{0}}, 0, 0};
    dma_result r;
    if (!dma_check_job(tb, &job, 1, &r)) {
        printf("%-44s FAILED (RTL differs from cmodel)\n", name);
        return -1;
    }
    /* timed run: acceptance -> done pulse */
    dma_tb_reset(tb, 2);
    if (!dma_tb_push(tb, 0, d, 1000))
        return -1;
    uint64_t t0 = tb->cycle;
    while (tb->done_seen[0] == 0 && tb->cycle - t0 < 10000000)
        dma_tb_step(tb);
    uint64_t cycles = tb->cycle - t0;
    double db = dma_dut_data_bytes();
    double bpc = (double)bytes / (double)cycles;
    printf("%-44s latency %3u: %7" PRIu64 " cycles, %6.2f B/cycle, %5.1f%% of peak (%u B/cycle)\n",
           name, latency, cycles, bpc, 100.0 * bpc / db, (unsigned)db);
    dma_tb_wait_idle(tb, 100000);
    return bpc / db;
}

/*
 * A stream of n descriptors pushed back to back (queue qs[i]): cycles from
 * the first acceptance to the last completion pulse.
 */
static double run_stream(const char *name, const tl_dma_desc *list, const unsigned *qs, unsigned n,
                         unsigned latency, uint64_t bytes)
{
    dma_tb_timing(tb, latency, 100, 0, 0);
    dma_job job = {list, qs, n, {{0}}, 0, 0};
    dma_result r;
    if (!dma_check_job(tb, &job, 3, &r)) {
        printf("%-44s FAILED (RTL differs from cmodel)\n", name);
        return -1;
    }
    dma_tb_reset(tb, 2);
    uint64_t t0 = 0;
    unsigned done = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!dma_tb_push(tb, qs[i], &list[i], 100000))
            return -1;
        if (i == 0)
            t0 = tb->cycle; /* as run_case: from the first acceptance */
    }
    for (;;) {
        done = 0;
        for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
            done += tb->done_seen[q];
        if (done >= n || tb->cycle - t0 > 10000000)
            break;
        dma_tb_step(tb);
    }
    uint64_t cycles = tb->cycle - t0;
    double db = dma_dut_data_bytes();
    double bpc = (double)bytes / (double)cycles;
    printf("%-44s latency %3u: %7" PRIu64 " cycles, %6.2f B/cycle, %5.1f%% of peak (%u B/cycle)\n",
           name, latency, cycles, bpc, 100.0 * bpc / db, (unsigned)db);
    dma_tb_wait_idle(tb, 100000);
    return bpc / db;
}

int main(void)
{
    dma_tb_cfg cfg = {1, 20, 100, 0, 0, NULL};
    tb = dma_tb_create(&cfg);
    uint8_t *m = dma_tb_dram(tb);
    for (unsigned i = 0; i < DMA_TB_DRAM_SIZE; i++)
        m[i] = (uint8_t)(i * 2654435761u >> 13);
    for (unsigned i = 0; i < DMA_TB_SBUF_SIZE; i++)
        tb->sbuf[i] = (uint8_t)(i * 40503u >> 7);
    uint64_t B = tb->dram_base;
    printf("bench-dma: dma_engine DATA_WIDTH=%u ADDR_WIDTH=%u, AXI memory with fixed latency, "
           "no backpressure\n", 8 * dma_dut_data_bytes(), dma_dut_addr_bits());

    tl_dma_desc c;
    memset(&c, 0, sizeof c);
    c.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_INT8, B + 0x00000, {65536, 1, 1}, {1, 0, 0}};
    c.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_INT8, B + 0x20000, {65536, 1, 1}, {1, 0, 0}};
    double c20 = run_case("contiguous 64 KiB DRAM->DRAM", &c, 20, 65536);
    double c100 = run_case("contiguous 64 KiB DRAM->DRAM", &c, 100, 65536);

    tl_dma_desc s;
    memset(&s, 0, sizeof s);
    s.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_INT8, B + 0x00000, {256, 256, 1}, {1, 512, 0}};
    s.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_INT8, B + 0x20000, {256, 256, 1}, {1, 384, 0}};
    run_case("2-D strided 256 x 256-byte rows DRAM->DRAM", &s, 20, 65536);
    run_case("2-D strided 256 x 256-byte rows DRAM->DRAM", &s, 100, 65536);

    tl_dma_desc l;
    memset(&l, 0, sizeof l);
    l.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, B + 0x10000, {2048, 16, 1}, {2, 4096, 0}};
    l.dst = (tl_dma_side){TL_DMA_SBUF, TL_FMT_BF16, 0, {2048, 16, 1}, {2, 1u << DMA_TB_SBUF_PART_LOG2, 0}};
    run_case("64 KiB DRAM->SBUF, 16 partitions x 4 KiB", &l, 100, 65536);

    /* A^T: rows of 16 bf16 elements, element k to partition k (the
     * transposing write: 2 on-chip writes a row on a 128-bit bus) */
    tl_dma_desc t;
    memset(&t, 0, sizeof t);
    t.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, B + 0x10000, {8192, 1, 1}, {2, 0, 0}};
    t.dst = (tl_dma_side){TL_DMA_SBUF, TL_FMT_BF16, 0, {16, 512, 1}, {1u << DMA_TB_SBUF_PART_LOG2, 2, 0}};
    run_case("16 KiB bf16 DRAM->SBUF transposed, 16 partitions", &t, 100, 16384);
    t.dst.addr = 1; /* an odd offset: one element per on-chip write */
    run_case("the same at an odd offset (not transposing)", &t, 100, 16384);

    tl_dma_desc w;
    memset(&w, 0, sizeof w);
    w.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_E4M3, B + 0x10000, {16384, 1, 1}, {1, 0, 0}};
    w.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, B + 0x20000, {16384, 1, 1}, {4, 0, 0}};
    run_case("e4m3 -> fp32 widen, 64 KiB written", &w, 100, 65536);
    tl_dma_desc n;
    memset(&n, 0, sizeof n);
    n.src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_FP32, B + 0x0, {16384, 1, 1}, {4, 0, 0}};
    n.dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, B + 0x20000, {16384, 1, 1}, {2, 0, 0}};
    n.round = TL_RND_SR;
    n.cstride[0] = 1;
    run_case("fp32 -> bf16 SR narrow, 64 KiB read", &n, 100, 65536);

    /* streams of 4 KiB tiles: DRAM -> SBUF (one partition each) and back */
    enum { NT = DMA_TB_SBUF_PARTS };
    static tl_dma_desc ld[NT], st[NT], st2[NT];
    static unsigned q0[NT], qa[NT];
    for (unsigned i = 0; i < NT; i++) {
        memset(&ld[i], 0, sizeof ld[i]);
        ld[i].src = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, B + 0x1000 * i, {2048, 1, 1}, {2, 0, 0}};
        ld[i].dst = (tl_dma_side){TL_DMA_SBUF, TL_FMT_BF16, (uint64_t)i << DMA_TB_SBUF_PART_LOG2, {2048, 1, 1}, {2, 0, 0}};
        memset(&st[i], 0, sizeof st[i]);
        st[i].src = (tl_dma_side){TL_DMA_SBUF, TL_FMT_BF16, (uint64_t)i << DMA_TB_SBUF_PART_LOG2, {2048, 1, 1}, {2, 0, 0}};
        st[i].dst = (tl_dma_side){TL_DMA_DRAM, TL_FMT_BF16, B + 0x20000 + 0x1000 * i, {2048, 1, 1}, {2, 0, 0}};
        st2[i] = st[i];
        q0[i] = 0;
        qa[i] = i % 2;
    }
    double sl = run_stream("16 x 4 KiB DRAM->SBUF, one queue", ld, q0, NT, 100, NT * 4096);
    double ss = run_stream("16 x 4 KiB SBUF->DRAM, one queue", st, q0, NT, 100, NT * 4096);
    double s2 = run_stream("16 x 4 KiB SBUF->DRAM, queues 0,1 alternating", st2, qa, NT, 100, NT * 4096);
    (void)ss;

    printf("target: >= 95%% contiguous at latency 100 on a 128-bit bus: %s (%.1f%%; latency 20: %.1f%%)\n",
           c100 >= 0.95 ? "met" : "NOT met", 100 * c100, 100 * c20);
    printf("target: >= 90%% for a stream of 4 KiB DRAM->SBUF tiles at latency 100: %s (%.1f%%; "
           "SBUF->DRAM one queue %.1f%%, two queues %.1f%%)\n",
           sl >= 0.90 ? "met" : "NOT met", 100 * sl, 100 * ss, 100 * s2);
    dma_tb_free(tb);
    return c100 < 0 || c20 < 0 || sl < 0 || ss < 0 || s2 < 0;
}
