/*
 * Random valid programs (core_progs.c) on the whole-core model: the final
 * DRAM, SBUF, PSUM, semaphores and architectural counters equal those of
 * running the same operations in program order with tl_* functions, under
 * the model's round-robin schedule and under a random one.
 * SEED= replays; SEEDS= sets the number of programs (default 200).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core_progs.h"
#include "tl_test.h"

static void expect_same(const uint8_t *have, const uint8_t *want, size_t n, const char *what, uint64_t seed,
                        unsigned sched)
{
    if (memcmp(have, want, n) == 0)
        return;
    size_t i = 0;
    while (have[i] == want[i])
        i++;
    ck_abort_msg("program seed %llu (schedule %u): %s byte 0x%zx is 0x%02x, want 0x%02x",
                 (unsigned long long)seed, sched, what, i, have[i], want[i]);
}

static void run_one(uint64_t seed, unsigned sched)
{
    core_prog p;
    core_prog_gen(&p, seed);
    ch *h = ch_create(&p.cfg);
    core_prog_load(&p, h);
    tl_core_set_schedule(h->core, sched ? seed * 2 + 1 : 0);

    const tl_core_config *c = &p.cfg;
    size_t sb = (size_t)c->rows << c->sbuf_part_log2, ps = (size_t)c->cols << ch_psum_part_log2(c);
    prog_state ref = {malloc(CH_DRAM_SIZE), calloc(sb, 1), calloc(ps, 1)};
    memcpy(ref.dram, h->dram, CH_DRAM_SIZE);
    core_prog_reference(&p, &ref);

    ch_run(h);
    uint32_t err = ch_rd(h, CSR(ERR_CODE));
    ck_assert_msg(err == 0, "program seed %llu: error %s at 0x%x", (unsigned long long)seed, tl_isa_strerror(err),
                  ch_rd(h, CSR(ERR_PC_LO)));
    ck_assert_msg(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__IDLE_bm, "program seed %llu did not finish",
                  (unsigned long long)seed);
    expect_same(h->dram, ref.dram, CH_DRAM_SIZE, "DRAM", seed, sched);
    expect_same(tl_core_sbuf(h->core, 0), ref.sbuf, sb, "SBUF", seed, sched);
    uint8_t *psum = malloc(ps);
    size_t entries = ((size_t)1 << ch_psum_part_log2(c)) / 4;
    for (unsigned q = 0; q < c->cols; q++)
        for (size_t e = 0; e < entries; e++)
            st_le(psum + q * entries * 4 + 4 * e, 4, tl_core_psum_get(h->core, q, (uint32_t)e));
    expect_same(psum, ref.psum, ps, "PSUM", seed, sched);
    for (unsigned s = 0; s < c->sems; s++)
        ck_assert_msg(ch_rd(h, CSR_SEM(s)) == p.sem_final[s], "program seed %llu: SEM[%u] = %u, want %u",
                      (unsigned long long)seed, s, ch_rd(h, CSR_SEM(s)), p.sem_final[s]);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.LO)), (uint32_t)p.macs);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_DMA_RD_BYTES.LO)), (uint32_t)p.rd_bytes);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_DMA_WR_BYTES.LO)), (uint32_t)p.wr_bytes);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_ACT_ELEMS.LO)), (uint32_t)p.act_elems);
    free(psum);
    prog_state_free(&ref);
    ch_free(h);
    core_prog_free(&p);
}

START_TEST(random_programs)
{
    uint32_t base = tl_test_seed(1);
    unsigned n = tl_test_seeds(200);
    unsigned ops = 0, nops = 0;
    for (unsigned i = 0; i < n; i++) {
        run_one(base + i, 0);
        run_one(base + i, 1);
        core_prog p;
        core_prog_gen(&p, base + i);
        for (unsigned k = 0; k < p.n; k++)
            p.ops[k].nop ? nops++ : ops++;
        core_prog_free(&p);
    }
    printf("%u programs from seed %u: %u operations, %u extra-wait NOPs, each under 2 schedules\n", n, base, ops,
           nops);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_progs");
    TCase *tc = tcase_create("progs");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, random_programs);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
