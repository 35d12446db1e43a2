/*
 * tl_sr_rand RTL vs cmodel tl_sr_rand(): the Random123 known answer
 * (counter (0,0), key (0,0) -> word 0 0x6b200159), then random (seed,
 * coord) pairs streamed through the pipeline with random ce stalls.
 */
#include <stdio.h>

#include "tl_cells_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

#define LATENCY 21 /* tl_sr_rand.v LATENCY */

static tl_sr_rand_dut *dut;

static void setup(void) { dut = tl_sr_rand_dut_create(tl_test_trace() ? tl_test_wave_path("tl_sr_rand") : NULL); }
static void teardown(void) { tl_sr_rand_dut_free(dut); }

START_TEST(sr_rand_known_answer)
{
    uint32_t out = tl_sr_rand_dut_step(dut, 1, 0, 0);
    for (int i = 1; i < LATENCY; i++)
        out = tl_sr_rand_dut_step(dut, 1, 0x12345678u, 99);
    ck_assert_uint_eq(out, 0x6b200159u);
    ck_assert_uint_eq(tl_sr_rand(0, 0), 0x6b200159u);
}
END_TEST

START_TEST(sr_rand_random_with_stalls)
{
    tl_rng rng = {tl_test_seed(1) + 3};
    enum { N = 200000 };
    static uint32_t seeds[N], coords[N];
    unsigned issued = 0, done = 0, bad = 0, since = 0;
    while (done < N && bad < 10) {
        unsigned ce = tl_rng_below(&rng, 4) != 0;
        uint32_t seed = tl_rng_u32(&rng), coord = tl_rng_u32(&rng);
        if (issued < N) {
            seeds[issued] = seed;
            coords[issued] = coord;
        }
        uint32_t out = tl_sr_rand_dut_step(dut, ce, seed, coord);
        if (!ce)
            continue;
        issued++;
        if (++since >= LATENCY && done < issued) {
            uint32_t exp = tl_sr_rand(seeds[done], coords[done]);
            if (out != exp) {
                printf("MISMATCH tl_sr_rand seed=0x%08x coord=0x%08x rtl=0x%08x cmodel=0x%08x "
                       "(test seed %u; rerun with TRACE=1 for build/waves/tl_sr_rand.fst)\n",
                       seeds[done], coords[done], out, exp, tl_test_seed(1));
                bad++;
            }
            done++;
        }
    }
    ck_assert_msg(bad == 0, "%u mismatches", bad);
    ck_assert_uint_eq(done, N);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("tl_sr_rand");
    TCase *tc = tcase_create("tl_sr_rand");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, sr_rand_known_answer);
    tcase_add_test(tc, sr_rand_random_with_stalls);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
