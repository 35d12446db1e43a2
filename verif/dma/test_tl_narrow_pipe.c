/*
 * tl_narrow with LATENCY > 0 (built once with LATENCY = 1 and once with 2,
 * test_tl_narrow_l1 / _l2) against cmodel tl_narrow(): a stream of one
 * element per clock with random ce gaps, where rnd and rand32 arrive
 * `latency` ce-clocks after the element, as in dma_cvt and core_act_lane.
 * Elements: every target, fp32 and the unknown format codes, values near
 * the target's grid (its encodings widened, +-0..3 ulp of fp32: ties,
 * subnormals, the largest finite values) and arbitrary fp32 bits. While
 * ce = 0 the value inputs carry junk that must not enter the pipeline.
 * $SEEDS scales the count (fuzz).
 */
#include <stdio.h>

#include "tl_cells_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

typedef struct {
    tl_fmt fmt;
    uint32_t x;
    unsigned sat, rnd;
    uint32_t r;
} elem;

static elem random_elem(tl_rng *rng)
{
    static const tl_fmt fmts[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2,
                                  TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2,
                                  TL_FMT_FP32, (tl_fmt)5, (tl_fmt)6, (tl_fmt)7};
    elem e;
    e.fmt = fmts[tl_rng_below(rng, 12)];
    e.sat = tl_rng_below(rng, 2);
    e.rnd = tl_rng_below(rng, 2);
    e.r = tl_rng_u32(rng);
    if (tl_rng_below(rng, 8) == 0)
        e.r = tl_rng_below(rng, 2) ? 0xFFFFFFFFu : 0;
    tl_fmt grid = fmts[tl_rng_below(rng, 4)];
    if (tl_rng_below(rng, 4) == 0) {
        e.x = tl_rng_u32(rng);
    } else {
        uint32_t count = tl_fmt_bits(grid) == 8 ? 256u : 65536u;
        uint32_t x = tl_widen(grid, tl_rng_below(rng, count));
        uint32_t y = tl_widen(grid, tl_rng_below(rng, count));
        if (tl_rng_below(rng, 2))
            x = x + ((y - x) >> 1);  /* a midpoint when both share sign and binade */
        e.x = x + tl_rng_below(rng, 7) - 3;
    }
    return e;
}

START_TEST(narrow_pipe_stream)
{
    uint32_t seed = tl_test_seed(1);
    unsigned lat = tl_narrow_pipe_dut_latency();
    tl_narrow_pipe_dut *d = tl_narrow_pipe_dut_create(
        tl_test_trace() ? tl_test_wave_path("tl_narrow_pipe") : NULL, seed);
    tl_rng rng = {seed * 0x9E3779B9u + 11};
    unsigned n = 1000000 * tl_test_seeds(1);
    elem ring[4];           /* element k (k-th ce clock) in ring[k % 4] */
    unsigned entered = 0, checked = 0, bad = 0;
    while (entered < n && bad < 10) {
        unsigned ce = tl_rng_below(&rng, 4) != 0;
        elem in = random_elem(&rng);    /* junk while ce = 0 */
        elem *cur = entered >= lat ? &ring[(entered - lat) % 4] : NULL;
        unsigned rnd = cur ? cur->rnd : tl_rng_below(&rng, 2);
        uint32_t r = tl_rng_u32(&rng);
        if (cur)
            cur->r = r;                 /* new SR bits on every clock: R is combinational */
        uint32_t got = tl_narrow_pipe_dut_cycle(d, ce, in.fmt, in.x, in.sat, rnd, r);
        if (cur) {
            uint32_t exp = tl_narrow(cur->fmt, cur->x, cur->rnd, cur->sat, cur->r);
            checked++;
            if (got != exp) {
                bad++;
                printf("MISMATCH tl_narrow LATENCY=%u element %u to=%u in=0x%08x rnd=%u sat=%u "
                       "rand=0x%08x rtl=0x%08x cmodel=0x%08x seed=%u (SEED= replays; TRACE=1 writes "
                       "the waveform)\n",
                       lat, entered - lat, (unsigned)cur->fmt, cur->x, cur->rnd, cur->sat, cur->r,
                       got, exp, seed);
            }
        }
        if (ce)
            ring[entered++ % 4] = in;
    }
    tl_narrow_pipe_dut_free(d);
    printf("tl_narrow LATENCY=%u: %u elements entered, %u outputs compared\n", lat, entered, checked);
    ck_assert_msg(bad == 0, "%u mismatches", bad);
    ck_assert_uint_ge(checked, n - lat);  /* every element that left was compared */
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("tl_narrow_pipe");
    TCase *tc = tcase_create("tl_narrow_pipe");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, narrow_pipe_stream);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
