/*
 * Every product of two 16-bit operands (issue 10, Numerics): for each
 * 16-bit format pair of a MATMUL (bf16 x bf16, bf16 x fp16, fp16 x bf16,
 * fp16 x fp16; ARCHITECTURE.md 5.5 allows mixed formats), all 2^32
 * operand pairs, bit-exact, through the two routes the C model has for a
 * product:
 *
 *  - tl_product(fa, a, fb, b): one product, as the tensor engine forms it
 *    (the reference test_te_pe checks the RTL PE against);
 *  - tl_matmul with K = 1: the blocked SIMD kernel the core model's MATMUL
 *    runs (tl_widen_array, then vector multiplies). A tile sum starts at
 *    +0.0 and adds the product, so there a -0 product reads +0 (5.5 step 2).
 *
 * The reference shares no code with cmodel (it uses the format enum only
 * to call it). An operand's value comes from the field definitions of
 * ARCHITECTURE.md 5.1 through ldexp into a double; the product of two
 * 11-bit significands is exact in double; it is rounded to binary32 with
 * the rule of 5.3 written out on the double's integer significand (RNE,
 * subnormals kept, overflow to inf), not by the host's float conversion.
 * The special cases of 5.5 are written out separately: a NaN operand or
 * inf x 0 gives 0x7FC00000, inf x finite a signed inf, a zero operand a
 * zero with the XOR of the signs.
 *
 * Environment (all optional):
 *   PAIR     comma-separated pairs (bf16xbf16,bf16xfp16,fp16xbf16,fp16xfp16)
 *            or "all" (default)
 *   ARANGE   first operands to run, hex "lo-hi" inclusive (default 0-ffff):
 *            shards a pair, e.g. ARANGE=0-7fff and ARANGE=8000-ffff
 *   THREADS  worker threads (default 2)
 * Built with -DPRODUCTS_SLICE (test_products_slice, in make test): the
 * first operands are 64 strided encodings (0x0000, 0x0401, ..., 0xFC3F:
 * every sign and exponent-field top, low bits varied) plus 23 chosen ones
 * (zeros, smallest and largest subnormals, min normals, max finite, infs,
 * NaNs, 1.0), each against all 65536 second operands: 5.7 x 10^6 per pair.
 * Prints the throughput and "RESULT <suite> <checks run> <checks failed>".
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trnlite/numerics.h"

/* ---- the independent reference ---- */

enum { RZERO, RFIN, RINF, RNAN };

typedef struct {
    double v;     /* value with its sign (a zero is +-0.0, inf +-1.0) */
    uint8_t cls;  /* RZERO, RFIN, RINF, RNAN */
    uint8_t sign;
} ref_val;

typedef struct {
    const char *name;
    tl_fmt fmt;
    int exp_bits, man_bits, bias; /* ARCHITECTURE.md 5.1 */
} ref_fmt;

static const ref_fmt RFMT[2] = {
    {"bf16", TL_FMT_BF16, 8, 7, 127},
    {"fp16", TL_FMT_FP16, 5, 10, 15},
};

/* A 16-bit encoding's value from its fields: (-1)^s * 2^(E - bias) *
 * (1 + m / 2^man) for a normal, (-1)^s * 2^(1 - bias) * (m / 2^man) for a
 * subnormal; exponent field all ones is inf (m = 0) or NaN. */
static ref_val ref_decode(const ref_fmt *f, uint32_t bits)
{
    ref_val r;
    uint32_t s = (bits >> 15) & 1u;
    uint32_t e = (bits >> f->man_bits) & ((1u << f->exp_bits) - 1u);
    uint32_t m = bits & ((1u << f->man_bits) - 1u);
    double sg = s ? -1.0 : 1.0;
    r.sign = (uint8_t)s;
    if (e == (1u << f->exp_bits) - 1u) {
        r.cls = m ? RNAN : RINF;
        r.v = sg;
    } else if (e == 0) {
        r.cls = m ? RFIN : RZERO;
        r.v = sg * ldexp((double)m / ldexp(1.0, f->man_bits), 1 - f->bias);
    } else {
        r.cls = RFIN;
        r.v = sg * ldexp(1.0 + (double)m / ldexp(1.0, f->man_bits), (int)e - f->bias);
    }
    return r;
}

/* A finite nonzero double (here always a normal double: the smallest
 * product, 2^-133 * 2^-133, is far above 2^-1022) rounded to binary32
 * with RNE: |d| = M * 2^E with M the 53-bit significand; the binary32
 * quantum at d is 2^Q, Q = max(floor(log2 |d|), -126) - 23. */
static uint32_t ref_round_f32(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    uint32_t sign = (uint32_t)(u >> 63) << 31;
    int be = (int)((u >> 52) & 0x7FF);
    if (be == 0 || be == 0x7FF)
        abort(); /* cannot happen for 16-bit x 16-bit finite nonzero */
    uint64_t M = (1ull << 52) | (u & ((1ull << 52) - 1));
    int E = be - 1075, e = be - 1023;
    int Q = (e > -126 ? e : -126) - 23;
    int D = Q - E; /* >= 29: at most 24 of the 53 bits are kept */
    uint64_t I;
    if (D >= 54) {
        I = 0; /* below half the smallest subnormal: rounds to zero */
    } else {
        I = M >> D;
        uint64_t F = M & ((1ull << D) - 1), half = 1ull << (D - 1);
        if (F > half || (F == half && (I & 1)))
            I++;
    }
    if (I == (1ull << 24)) { /* rounded up to the next binade */
        I >>= 1;
        Q++;
    }
    if (I == 0)
        return sign;
    if (I < (1ull << 23)) /* subnormal: Q is -149 here */
        return sign | (uint32_t)I;
    int ef = Q + 23 + 127;
    if (ef >= 255)
        return sign | 0x7F800000u; /* overflow after rounding */
    return sign | ((uint32_t)ef << 23) | ((uint32_t)I & 0x7FFFFFu);
}

static uint32_t ref_product(const ref_val *a, const ref_val *b)
{
    uint32_t sign = (uint32_t)(a->sign ^ b->sign) << 31;
    if (a->cls == RNAN || b->cls == RNAN)
        return 0x7FC00000u;
    if ((a->cls == RINF && b->cls == RZERO) || (a->cls == RZERO && b->cls == RINF))
        return 0x7FC00000u;
    if (a->cls == RINF || b->cls == RINF)
        return sign | 0x7F800000u;
    if (a->cls == RZERO || b->cls == RZERO)
        return sign;
    return ref_round_f32(a->v * b->v); /* exact: 11 x 11 bits */
}

/* ---- the run ---- */

#define BATCH 8 /* first operands per tl_matmul call (M) */
#define NB 65536

typedef struct {
    const ref_fmt *fa, *fb;
    ref_val ta[NB], tb[NB];
    uint16_t all_b[NB];
    const uint16_t *alist; /* first operands to run */
    size_t nalist;
    size_t next;           /* next batch index (atomic) */
    unsigned long long bad_prod, bad_mm, done;
    pthread_mutex_t lock;
} job;

static void report(job *j, const char *route, uint32_t a, uint32_t b,
                   uint32_t got, uint32_t want, unsigned long long n)
{
    pthread_mutex_lock(&j->lock);
    if (n < 10)
        printf("MISMATCH %s %s %04x x %s %04x: model %08x want %08x\n", route,
               j->fa->name, a, j->fb->name, b, got, want);
    pthread_mutex_unlock(&j->lock);
}

static void *worker(void *arg)
{
    job *j = arg;
    uint32_t *psum = malloc(sizeof(uint32_t) * BATCH * NB);
    if (!psum)
        abort();
    size_t nbatch = (j->nalist + BATCH - 1) / BATCH;
    for (;;) {
        size_t bi = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED);
        if (bi >= nbatch)
            break;
        size_t i0 = bi * BATCH;
        size_t m = j->nalist - i0 < BATCH ? j->nalist - i0 : BATCH;
        uint16_t w[BATCH];
        for (size_t i = 0; i < m; i++)
            w[i] = j->alist[i0 + i];
        /* K = 1, M = m, N = 65536: psum[i * N + b] = +0.0 + a_i * b. */
        if (tl_matmul(1, 1, m, NB, j->fa->fmt, w, j->fb->fmt, j->all_b, psum, true) != 0)
            abort();
        for (size_t i = 0; i < m; i++) {
            uint32_t a = w[i];
            const ref_val *ra = &j->ta[a];
            const uint32_t *row = psum + i * NB;
            for (uint32_t b = 0; b < NB; b++) {
                uint32_t want = ref_product(ra, &j->tb[b]);
                uint32_t got = tl_product(j->fa->fmt, a, j->fb->fmt, b);
                if (got != want) {
                    report(j, "tl_product", a, b, got, want,
                           __atomic_fetch_add(&j->bad_prod, 1, __ATOMIC_RELAXED));
                }
                uint32_t want_mm = want == 0x80000000u ? 0u : want;
                if (row[b] != want_mm) {
                    report(j, "tl_matmul", a, b, row[b], want_mm,
                           __atomic_fetch_add(&j->bad_mm, 1, __ATOMIC_RELAXED));
                }
            }
        }
        __atomic_fetch_add(&j->done, (unsigned long long)m * NB, __ATOMIC_RELAXED);
    }
    free(psum);
    return NULL;
}

static double now_clock(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static double now(void) { return now_clock(CLOCK_MONOTONIC); }
static double cpu(void) { return now_clock(CLOCK_PROCESS_CPUTIME_ID); }

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *pairs = getenv("PAIR");
    const char *range = getenv("ARANGE");
    const char *th = getenv("THREADS");
    unsigned nthreads = th && *th ? (unsigned)strtoul(th, NULL, 10) : 2;
    if (nthreads < 1 || nthreads > 64) {
        fprintf(stderr, "fuzz_products: THREADS must be 1..64\n");
        return 2;
    }
    unsigned long lo = 0, hi = 0xFFFF;
    if (range && *range) {
        char *end;
        lo = strtoul(range, &end, 16);
        if (*end != '-' || (hi = strtoul(end + 1, &end, 16), *end) || lo > hi || hi > 0xFFFF) {
            fprintf(stderr, "fuzz_products: ARANGE must be hex lo-hi within 0-ffff\n");
            return 2;
        }
    }
    if (!pairs || !*pairs)
        pairs = "all";

    /* First operands. */
    static uint16_t alist[NB + 64];
    size_t nalist = 0;
#ifdef PRODUCTS_SLICE
    const char *suite = "test_products_slice";
    static const uint16_t special[] = {
        0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x0080, 0x03FF, 0x0400,
        0x7F7F, 0x7F80, 0xFF80, 0x7FC0, 0x7C00, 0xFC00, 0x7E00, 0x7BFF,
        0x3F80, 0x3C00, 0xBF80, 0x3555, 0x0101, 0x7F81, 0xFC01,
    };
    (void)lo;
    (void)hi;
    for (uint32_t a = 0; a < NB; a += 1025)
        alist[nalist++] = (uint16_t)a;
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        alist[nalist++] = special[i];
#else
    const char *suite = "fuzz_products";
    for (unsigned long a = lo; a <= hi; a++)
        alist[nalist++] = (uint16_t)a;
#endif

    job *j = calloc(1, sizeof *j);
    if (!j)
        abort();
    pthread_mutex_init(&j->lock, NULL);
    for (uint32_t b = 0; b < NB; b++)
        j->all_b[b] = (uint16_t)b;

    unsigned run = 0, failed = 0;
    double t_all = now();
    unsigned long long total = 0;
    for (int pa = 0; pa < 2; pa++) {
        for (int pb = 0; pb < 2; pb++) {
            char name[16];
            snprintf(name, sizeof name, "%sx%s", RFMT[pa].name, RFMT[pb].name);
            if (strcmp(pairs, "all") != 0) {
                /* exact match of one comma-separated item */
                const char *p = pairs;
                bool hit = false;
                size_t n = strlen(name);
                while (*p) {
                    const char *c = strchr(p, ',');
                    size_t len = c ? (size_t)(c - p) : strlen(p);
                    if (len == n && strncmp(p, name, n) == 0)
                        hit = true;
                    p += len + (c ? 1 : 0);
                }
                if (!hit)
                    continue;
            }
            j->fa = &RFMT[pa];
            j->fb = &RFMT[pb];
            for (uint32_t x = 0; x < NB; x++) {
                j->ta[x] = ref_decode(j->fa, x);
                j->tb[x] = ref_decode(j->fb, x);
            }
            j->alist = alist;
            j->nalist = nalist;
            j->next = 0;
            j->bad_prod = j->bad_mm = j->done = 0;
            double t0 = now(), c0 = cpu();
            pthread_t tid[64];
            for (unsigned t = 0; t < nthreads; t++)
                if (pthread_create(&tid[t], NULL, worker, j) != 0)
                    abort();
            for (unsigned t = 0; t < nthreads; t++)
                pthread_join(tid[t], NULL);
            double dt = now() - t0, dc = cpu() - c0;
            total += j->done;
            printf("%s: %s, first operands %s (%zu), %llu operand pairs, "
                   "mismatches: tl_product %llu, tl_matmul %llu; %.1f s (%.1f s CPU), %.1f M pairs/s (%u threads)\n",
                   suite, name,
#ifdef PRODUCTS_SLICE
                   "strided + specials",
#else
                   range && *range ? range : "0-ffff",
#endif
                   nalist, j->done, j->bad_prod, j->bad_mm, dt, dc, (double)j->done / dt / 1e6,
                   nthreads);
            run += 2;
            failed += (j->bad_prod != 0) + (j->bad_mm != 0);
        }
    }
    if (run == 0) {
        fprintf(stderr, "fuzz_products: PAIR '%s' names no pair (bf16xbf16, bf16xfp16, fp16xbf16, fp16xfp16, all)\n", pairs);
    }
    double dt = now() - t_all;
    printf("%s: %llu operand pairs in %.1f s, %.1f s CPU (%.1f M/s)\n", suite, total, dt,
           cpu(), (double)total / dt / 1e6);
    printf("RESULT %s %u %u\n", suite, run, failed);
    free(j);
    return failed || run == 0 ? 1 : 0;
}
