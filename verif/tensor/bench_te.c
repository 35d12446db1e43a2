/*
 * make bench-te: back-to-back matmuls on the 16x16 te_top (Verilator),
 * N in {16, 64, 128, 512}: measured cycles (cycle 0 = first offered beat,
 * up to the last result accepted by PSUM, so the first tile load, the
 * array fill and the drain are included), the utilization
 * useful MACs / (ROWS * COLS * cycles), the cycle model's prediction
 * (cmodel/te_cycles.c), and the simulation speed. Every run is also
 * checked bit for bit against tl_matmul. Exits non-zero on a mismatch,
 * a model disagreement, or a utilization below target (>= 95% at N = 512,
 * >= 80% at N = 64).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "te_drive.h"

#define MATMULS 16

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
    static const unsigned ns[] = {16, 64, 128, 512};
    uint32_t seed = tl_test_seed(0xbe4c);
    te_dut *d = te_dut_create(NULL, seed);
    unsigned R = te_dut_rows(d), C = te_dut_cols(d), D = te_dut_depth(d);
    int fail = 0;
    printf("tensor engine %ux%u, %d back-to-back bf16 matmuls (K=%u, M=%u, new stationary tile each)\n",
           R, C, MATMULS, R, C);
    printf("%6s %10s %10s %12s %8s %12s %s\n", "N", "cycles", "model", "MACs",
           "util", "sim cyc/s", "check");
    for (unsigned t = 0; t < sizeof ns / sizeof ns[0]; t++) {
        unsigned N = ns[t];
        tl_rng r = {seed + t};
        te_job jobs[MATMULS];
        for (unsigned i = 0; i < MATMULS; i++) {
            memset(&jobs[i], 0, sizeof jobs[i]);
            jobs[i].fw = TL_FMT_BF16;
            jobs[i].fx = TL_FMT_BF16;
            jobs[i].K = R;
            jobs[i].M = C;
            jobs[i].N = N;
            jobs[i].addr = (i * N) % D;
            jobs[i].start = true;
            jobs[i].chunks = 1;
            te_job_fill(&jobs[i], &r, 0);
        }
        te_feed ideal = {.p_valid = 100};
        te_run_stats st;
        uint64_t t0 = te_dut_time(d);
        double w0 = now();
        if (te_run(d, jobs, MATMULS, &ideal, &r, &st) != 0) {
            fail = 1;
            continue;
        }
        double secs = now() - w0;
        uint64_t simc = te_dut_time(d) - t0;
        unsigned bad = te_check(d, jobs, MATMULS, seed);
        tl_te_report rep;
        tl_te_cycles(R, C, st.cmd, st.ncmd, &rep);
        double util = (double)rep.macs / ((double)R * C * st.cycles);
        printf("%6u %10llu %10llu %12llu %7.2f%% %12.0f %s\n", N,
               (unsigned long long)st.cycles, (unsigned long long)rep.cycles,
               (unsigned long long)rep.macs, 100.0 * util, simc / secs,
               bad ? "MISMATCH" : "bit-exact");
        if (bad || rep.cycles != st.cycles)
            fail = 1;
        if ((N == 512 && util < 0.95) || (N == 64 && util < 0.80)) {
            printf("  below target\n");
            fail = 1;
        }
        te_run_free(&st);
        te_jobs_free(jobs, MATMULS);
    }
    printf("fill latency (mv beat to PSUM write) %u cycles; steady state one vector per cycle\n",
           tl_te_latency(R));
    te_dut_free(d);
    return fail;
}
