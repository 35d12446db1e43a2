#include "fp32_pipe.h"

#include <stdio.h>
#include <stdlib.h>

#include "tl_test.h"

/* The result of vector j leaves p->latency clock edges after it went in,
 * so a wrong latency fails every vector. */
unsigned fp32_pipe_run(const fp32_pipe *p, const char *what,
                       const uint32_t *a, const uint32_t *b, size_t n)
{
    const size_t lat = p->latency;
    unsigned bad = 0;
    for (size_t i = 0; i < n + lat - 1; i++) {
        uint32_t y = p->step(p->dut, i < n ? a[i] : 0, i < n ? b[i] : 0);
        if (i + 1 < lat)
            continue;
        size_t j = i + 1 - lat;
        uint32_t want = p->ref(a[j], b[j]);
        if (y != want && bad++ < 5) {
            char wave[64];
            snprintf(wave, sizeof wave, "fail_%s", p->name);
            const char *path = tl_test_wave_path(wave);
            void *t = p->create(path, p->seed);
            p->step(t, a[j], b[j]);
            for (size_t k = 0; k < lat; k++)
                p->step(t, 0, 0);
            p->destroy(t);
            printf("MISMATCH %s %s seed %u: 0x%08x %s 0x%08x: rtl 0x%08x cmodel 0x%08x "
                   "(waveform %s)\n", p->name, what, p->seed, a[j], p->op, b[j], y, want, path);
            fflush(stdout);
        }
    }
    return bad;
}

unsigned fp32_pipe_cross(const fp32_pipe *p, const uint32_t *v, size_t nv)
{
    uint32_t *a = malloc(nv * nv * sizeof *a), *b = malloc(nv * nv * sizeof *b);
    if (!a || !b) {
        printf("fp32_pipe_cross: out of memory\n");
        exit(1);
    }
    size_t n = 0;
    for (size_t i = 0; i < nv; i++)
        for (size_t j = 0; j < nv; j++) {
            a[n] = v[i];
            b[n++] = v[j];
        }
    unsigned bad = fp32_pipe_run(p, "specials", a, b, n);
    free(a);
    free(b);
    return bad;
}
