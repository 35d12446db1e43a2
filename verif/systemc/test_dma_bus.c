/*
 * The C model's DRAM bus hook (tl_dma_bus, docs/systemc.md section 3):
 * random descriptors run once on the plain model (DRAM array + fault
 * list) and once through a bus over a copy of the same memory that
 * answers the same rule. Same error code and address every time; on
 * success the same bytes everywhere. On a write error the bus run may
 * have written the bursts before the failing one (docs/dma.md 4 allows
 * it), so only code and address are compared there. Also: bursts never
 * cross min(4 KiB, 256 beats), are beat aligned, and write strobes cover
 * exactly the pattern.
 */
#include <stdlib.h>
#include <string.h>

#include "tl_test.h"
#include "trnlite/dma.h"

#define DB 8u
#define DRAM_BASE 0x1000u
#define DRAM_SIZE 0x8000u
#define PARTS 4u
#define PART_LOG2 10u

typedef struct {
    uint8_t *mem;
    const tl_dma_fault *faults;
    unsigned nfaults;
    unsigned calls, bad;
} bus_mem;

static unsigned resp(bus_mem *b, uint64_t a, uint64_t last, bool write)
{
    for (unsigned i = 0; i < b->nfaults; i++)
        if (b->faults[i].on_write == write && a <= b->faults[i].hi && last >= b->faults[i].lo)
            return b->faults[i].resp;
    if (a < DRAM_BASE || last >= DRAM_BASE + DRAM_SIZE)
        return 3;
    return 0;
}

static void shape_check(bus_mem *b, uint64_t a, uint32_t n)
{
    uint64_t bnd = 256 * DB < 4096 ? 256 * DB : 4096;
    b->calls++;
    if (a % DB || n == 0 || n % DB || a / bnd != (a + n - 1) / bnd)
        b->bad++;
}

static unsigned bus_read(void *ctx, uint64_t a, uint8_t *dst, uint32_t n)
{
    bus_mem *b = ctx;
    shape_check(b, a, n);
    unsigned r = resp(b, a, a + n - 1, false);
    if (!r)
        memcpy(dst, b->mem + (a - DRAM_BASE), n);
    return r;
}

static unsigned bus_write(void *ctx, uint64_t a, const uint8_t *src, const uint8_t *be, uint32_t n)
{
    bus_mem *b = ctx;
    shape_check(b, a, n);
    unsigned r = resp(b, a, a + n - 1, true);
    if (!r)
        for (uint32_t i = 0; i < n; i++)
            if (be[i])
                b->mem[a - DRAM_BASE + i] = src[i];
    return r;
}

static void side(tl_rng *r, tl_dma_side *s, tl_fmt fmt, uint32_t total_hint)
{
    unsigned es = tl_dma_esize(fmt);
    s->fmt = fmt;
    s->space = tl_rng_below(r, 3) == 0 ? TL_DMA_SBUF : TL_DMA_DRAM;
    (void)total_hint;
    s->stride[0] = es * (tl_rng_below(r, 3) == 0 ? 1 + tl_rng_below(r, 3) : 1);
    s->stride[1] = es * (s->count[0] * (s->stride[0] / es) + tl_rng_below(r, 5));
    s->stride[2] = s->stride[1] * (s->count[1] + tl_rng_below(r, 2));
    uint64_t ext = (uint64_t)(s->count[0] - 1) * s->stride[0] + (uint64_t)(s->count[1] - 1) * s->stride[1] +
                   (uint64_t)(s->count[2] - 1) * s->stride[2] + es;
    if (s->space == TL_DMA_DRAM) {
        uint64_t room = DRAM_SIZE - ext;
        s->addr = DRAM_BASE + (tl_rng_below(r, (uint32_t)room) & ~(uint64_t)(es - 1));
    } else {
        uint64_t room = ((uint64_t)PARTS << PART_LOG2) - ext;
        s->addr = tl_rng_below(r, (uint32_t)room) & ~(uint64_t)(es - 1);
    }
}

START_TEST(random_descs)
{
    tl_rng r = {tl_test_seed(12) + 0x5C};
    static uint8_t d1[DRAM_SIZE], d2[DRAM_SIZE], s1[PARTS << PART_LOG2], s2[PARTS << PART_LOG2];
    static uint8_t p1[PARTS << PART_LOG2], p2[PARTS << PART_LOG2];
    const tl_fmt fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
    unsigned ok = 0, rd_err = 0, wr_err = 0;
    bus_mem bm = {.mem = d2};
    tl_dma_bus bus = {&bm, bus_read, bus_write};
    for (unsigned it = 0; it < 3000; it++) {
        for (unsigned i = 0; i < DRAM_SIZE; i++)
            d1[i] = d2[i] = (uint8_t)tl_rng_u32(&r);
        for (unsigned i = 0; i < sizeof s1; i++) {
            s1[i] = s2[i] = (uint8_t)tl_rng_u32(&r);
            p1[i] = p2[i] = 0;
        }
        tl_dma_desc d = {0};
        tl_fmt fs = fmts[tl_rng_below(&r, 5)], fd = tl_rng_below(&r, 2) ? fs : fmts[tl_rng_below(&r, 5)];
        if (fs != fd && !tl_convert_supported(fs, fd))
            fd = fs;
        uint32_t n0 = 1 + tl_rng_below(&r, 40), n1 = 1 + tl_rng_below(&r, 4), n2 = 1 + tl_rng_below(&r, 2);
        d.src.count[0] = d.dst.count[0] = n0;
        d.src.count[1] = d.dst.count[1] = n1;
        d.src.count[2] = d.dst.count[2] = n2;
        side(&r, &d.src, fs, 0);
        side(&r, &d.dst, fd, 0);
        if (d.src.space != TL_DMA_DRAM && d.dst.space != TL_DMA_DRAM)
            continue;
        d.round = tl_rng_below(&r, 2) ? TL_RND_SR : TL_RND_RNE;
        d.seed = tl_rng_u32(&r);
        d.cstride[0] = 1;
        d.cstride[1] = n0;
        d.cstride[2] = n0 * n1;
        tl_dma_fault f = {0};
        unsigned nf = 0;
        if (tl_rng_below(&r, 3) == 0) {
            /* mostly inside the side it fails (the source for reads) */
            f.on_write = tl_rng_below(&r, 2);
            const tl_dma_side *fs_side = f.on_write ? &d.dst : &d.src;
            f.lo = DRAM_BASE + tl_rng_below(&r, DRAM_SIZE);
            if (fs_side->space == TL_DMA_DRAM && tl_rng_below(&r, 4))
                f.lo = fs_side->addr + tl_rng_below(&r, n0 * n1 * n2 * 4);
            f.hi = f.lo + tl_rng_below(&r, 64);
            f.resp = 2 + tl_rng_below(&r, 2);
            nf = 1;
        }
        bm.faults = nf ? &f : NULL;
        bm.nfaults = nf;
        tl_dma_sys a = {.data_bytes = DB, .addr_bits = 32, .win_base = 0, .win_limit = 0xFFFFFFFFu,
                        .dram = d1, .dram_base = DRAM_BASE, .dram_size = DRAM_SIZE,
                        .sbuf = s1, .sbuf_parts = PARTS, .sbuf_part_log2 = PART_LOG2,
                        .psum = p1, .psum_parts = PARTS, .psum_part_log2 = PART_LOG2,
                        .faults = nf ? &f : NULL, .nfaults = nf};
        tl_dma_sys b = a;
        b.dram = NULL;
        b.faults = NULL;
        b.nfaults = 0;
        b.sbuf = s2;
        b.psum = p2;
        b.bus = &bus;
        uint64_t fa = 0, fb = 0;
        unsigned ca = tl_dma_run(&a, &d, &fa), cb = tl_dma_run(&b, &d, &fb);
        if (ca != cb || fa != fb) {
            dma_fail:
            ck_abort_msg("iteration %u: plain %u at 0x%llx, bus %u at 0x%llx (SEED=%u)", it, ca,
                         (unsigned long long)fa, cb, (unsigned long long)fb, tl_test_seed(12));
        }
        if (ca == TL_DMA_OK) {
            ok++;
            if (memcmp(d1, d2, sizeof d1) || memcmp(s1, s2, sizeof s1) || memcmp(p1, p2, sizeof p1))
                goto dma_fail;
        } else if (ca == TL_DMA_ERR_RD_SLVERR || ca == TL_DMA_ERR_RD_DECERR) {
            rd_err++;
            ck_assert(memcmp(d1, d2, sizeof d1) == 0 && memcmp(s1, s2, sizeof s1) == 0);
        } else if (ca == TL_DMA_ERR_WR_SLVERR || ca == TL_DMA_ERR_WR_DECERR) {
            wr_err++;
        }
    }
    ck_assert_uint_eq(bm.bad, 0);
    /* the generator reaches every outcome */
    ck_assert_uint_gt(ok, 500);
    ck_assert_uint_gt(rd_err, 20);
    ck_assert_uint_gt(wr_err, 20);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("dma_bus");
    TCase *t = tcase_create("bus");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, random_descs);
    suite_add_tcase(s, t);
    return tl_test_main(argv[0], s);
}
