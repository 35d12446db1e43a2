/* See te_drive.h. */
#include "te_drive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint16_t te_rand_elem(tl_rng *r, tl_fmt fmt, unsigned wild_pct, bool junk_hi)
{
    uint32_t u = tl_rng_u32(r);
    uint16_t hi = junk_hi ? (uint16_t)(tl_rng_u32(r) & 0xff00u) : 0;
    bool wild = tl_rng_below(r, 100) < wild_pct;
    uint32_t s = u >> 31;
    switch (fmt) {
    case TL_FMT_BF16:
        if (wild)
            return (uint16_t)u;
        return (uint16_t)(s << 15 | (uint32_t)(127 - 8 + tl_rng_below(r, 17)) << 7 | (u & 0x7f));
    case TL_FMT_FP16:
        if (wild)
            return (uint16_t)u;
        return (uint16_t)(s << 15 | (uint32_t)(15 - 6 + tl_rng_below(r, 13)) << 10 | (u & 0x3ff));
    case TL_FMT_E4M3:
        /* every e4m3 value is moderate; wild adds the NaN codes */
        if (!wild && (u & 0x7f) == 0x7f)
            u ^= 1;
        return (uint16_t)(hi | (u & 0xff));
    case TL_FMT_E5M2:
        if (!wild && ((u >> 2) & 0x1f) == 0x1f)
            u ^= 0x04;
        return (uint16_t)(hi | (u & 0xff));
    case TL_FMT_INT8:
        return (uint16_t)(hi | (u & 0xff));
    default:
        return (uint16_t)u;
    }
}

void te_job_fill(te_job *j, tl_rng *r, unsigned wild_pct)
{
    j->w = malloc(sizeof *j->w * j->K * j->M);
    j->x = malloc(sizeof *j->x * j->K * j->N);
    for (unsigned i = 0; i < j->K * j->M; i++)
        j->w[i] = te_rand_elem(r, j->fw, wild_pct, true);
    for (unsigned i = 0; i < j->K * j->N; i++)
        j->x[i] = te_rand_elem(r, j->fx, wild_pct, true);
}

void te_jobs_free(te_job *j, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(j[i].w);
        free(j[i].x);
    }
}

/* One engine command and where its operands come from. */
typedef struct {
    tl_te_cmd c;
    const te_job *job;
    unsigned k0;   /* first row of W / X */
    unsigned n0;   /* first column of X */
} cmd_ref;

static size_t expand(const te_job *jobs, size_t njobs, unsigned R, cmd_ref **out)
{
    size_t cap = 16, n = 0;
    cmd_ref *v = malloc(cap * sizeof *v);
    for (size_t i = 0; i < njobs; i++) {
        const te_job *j = &jobs[i];
        unsigned tiles = (j->K + R - 1) / R;
        unsigned chunks = (tiles == 1 && j->chunks > 1) ? j->chunks : 1;
        if (chunks > j->N)
            chunks = j->N;
        for (unsigned t = 0; t < tiles; t++) {
            for (unsigned ch = 0; ch < chunks; ch++) {
                if (n == cap)
                    v = realloc(v, (cap *= 2) * sizeof *v);
                unsigned n0 = j->N * ch / chunks, n1 = j->N * (ch + 1) / chunks;
                cmd_ref *c = &v[n++];
                c->job = j;
                c->k0 = t * R;
                c->n0 = n0;
                c->c.k = (j->K - t * R < R) ? j->K - t * R : R;
                c->c.m = j->M;
                c->c.n = n1 - n0;
                c->c.addr = j->addr + n0;
                c->c.start = j->start && t == 0;
                c->c.swap = ch == 0;
            }
        }
    }
    *out = v;
    return n;
}

/* A stream source: offers its next beat with probability p_valid, and
 * keeps offering it until it is taken (valid never drops before ready). */
typedef struct {
    bool offering;
} source;

static bool offer(source *s, tl_rng *r, unsigned p_valid, bool have)
{
    if (!have)
        return s->offering = false;
    if (!s->offering)
        s->offering = p_valid >= 100 || tl_rng_below(r, 100) < p_valid;
    return s->offering;
}

int te_run(te_dut *d, const te_job *jobs, size_t njobs, te_feed *feed,
           tl_rng *rng, te_run_stats *st)
{
    const unsigned R = te_dut_rows(d), C = te_dut_cols(d);
    cmd_ref *cmds;
    size_t ncmd = expand(jobs, njobs, R, &cmds);
    uint64_t total = 0;
    for (size_t i = 0; i < ncmd; i++)
        total += cmds[i].c.n;

    te_dut_reset(d);
    /* stream positions */
    size_t ci = 0;                 /* next command */
    size_t li = 0; unsigned lrow = 0;   /* next load: command li (swap), row */
    size_t vi = 0; unsigned vn = 0;     /* next vector: command vi, column */
    source cs = {false}, ls = {false}, vs = {false};
    uint64_t results = 0, cycle = 0, last = 0;
    uint64_t limit = 1000 + 20 * total + 50ull * ncmd * R;
    if (feed->p_valid < 100)
        limit *= 20;
    /* concurrent reads in flight (answered two cycles after the request) */
    unsigned rd_q[4], rd_n = 0;

    while (results < total) {
        te_pins p;
        memset(&p, 0, sizeof p);
        while (li < ncmd && !cmds[li].c.swap)
            li++;
        if (offer(&cs, rng, feed->p_valid, ci < ncmd)) {
            const tl_te_cmd *c = &cmds[ci].c;
            p.cmd_valid = 1;
            p.cmd_fmt_w = cmds[ci].job->fw;
            p.cmd_fmt_x = cmds[ci].job->fx;
            p.cmd_k = c->k;
            p.cmd_m = c->m;
            p.cmd_n = c->n;
            p.cmd_addr = c->addr;
            p.cmd_start = c->start;
            p.cmd_swap = c->swap;
        }
        if (offer(&ls, rng, feed->p_valid, li < ncmd)) {
            const cmd_ref *c = &cmds[li];
            p.ld_valid = 1;
            p.ld_fmt = c->job->fw;
            p.ld_last = lrow == c->c.k - 1;
            for (unsigned col = 0; col < C; col++)
                p.ld_data[col] = col < c->c.m
                    ? c->job->w[(c->k0 + lrow) * c->job->M + col]
                    : (uint16_t)tl_rng_u32(rng);   /* masked column: junk */
        }
        if (offer(&vs, rng, feed->p_valid, vi < ncmd)) {
            const cmd_ref *c = &cmds[vi];
            p.mv_valid = 1;
            for (unsigned r = 0; r < R; r++)
                p.mv_data[r] = r < c->c.k
                    ? c->job->x[(c->k0 + r) * c->job->N + c->n0 + vn]
                    : (uint16_t)tl_rng_u32(rng);   /* row >= K: junk */
        }
        if (feed->p_read && tl_rng_below(rng, 100) < feed->p_read) {
            p.rd_valid = 1;
            p.rd_addr = feed->rd_lo + tl_rng_below(rng, feed->rd_hi - feed->rd_lo);
        }
        te_dut_cycle(d, &p);
        if (p.rd_data_valid) {
            /* the answer to the oldest request in flight */
            if (rd_n == 0) {
                feed->rd_bad++;
                printf("concurrent PSUM read: answer without a request, cycle %llu\n",
                       (unsigned long long)cycle);
            } else {
                unsigned a = rd_q[0];
                rd_n--;
                memmove(rd_q, rd_q + 1, rd_n * sizeof rd_q[0]);
                feed->rd_done++;
                for (unsigned col = 0; col < C; col++) {
                    uint32_t want = feed->rd_model[(size_t)col * te_dut_depth(d) + a];
                    if (p.rd_data[col] != want && feed->rd_bad++ < 4)
                        printf("MISMATCH concurrent PSUM read: partition %u address %u: "
                               "rtl 0x%08x expected 0x%08x, cycle %llu\n", col, a,
                               p.rd_data[col], want, (unsigned long long)cycle);
                }
            }
        }
        if (p.rd_valid && p.rd_ready) {
            if (rd_n == 4) {
                feed->rd_bad++;
                printf("concurrent PSUM read: more than 4 requests unanswered, cycle %llu\n",
                       (unsigned long long)cycle);
            } else {
                rd_q[rd_n++] = p.rd_addr;
            }
        }

        if (p.cmd_valid && p.cmd_ready) {
            ci++;
            cs.offering = false;
        }
        if (p.ld_valid && p.ld_ready) {
            ls.offering = false;
            if (++lrow == cmds[li].c.k) {
                lrow = 0;
                li++;
            }
        }
        if (p.mv_valid && p.mv_ready) {
            vs.offering = false;
            if (++vn == cmds[vi].c.n) {
                vn = 0;
                vi++;
            }
        }
        if (p.psum_wr_fire) {
            results++;
            last = cycle;
        }
        if (++cycle > limit) {
            printf("te_run: timeout after %llu cycles: %llu of %llu results, "
                   "command %zu, load %zu/%u, vector %zu/%u\n",
                   (unsigned long long)cycle, (unsigned long long)results,
                   (unsigned long long)total, ci, li, lrow, vi, vn);
            free(cmds);
            return -1;
        }
    }
    /* a few idle cycles: nothing more may arrive; reads in flight answer
     * (with the value they read: the run does not write their region) */
    for (int i = 0; i < 16; i++) {
        te_pins p;
        memset(&p, 0, sizeof p);
        te_dut_cycle(d, &p);
        if (p.psum_wr_fire) {
            printf("te_run: unexpected result beat after the last one\n");
            free(cmds);
            return -1;
        }
        if (p.rd_data_valid) {
            if (rd_n == 0) {
                feed->rd_bad++;
                printf("concurrent PSUM read: answer without a request (drain)\n");
                continue;
            }
            unsigned a = rd_q[0];
            rd_n--;
            memmove(rd_q, rd_q + 1, rd_n * sizeof rd_q[0]);
            feed->rd_done++;
            for (unsigned col = 0; col < C; col++)
                if (p.rd_data[col] != feed->rd_model[(size_t)col * te_dut_depth(d) + a])
                    feed->rd_bad++;
        }
    }
    if (rd_n) {
        feed->rd_bad += rd_n;
        printf("concurrent PSUM read: %u requests never answered\n", rd_n);
    }
    st->cycles = last + 1;
    st->results = results;
    st->ncmd = ncmd;
    st->cmd = malloc(ncmd * sizeof *st->cmd);
    for (size_t i = 0; i < ncmd; i++)
        st->cmd[i] = cmds[i].c;
    free(cmds);
    return 0;
}

void te_run_free(te_run_stats *st)
{
    free(st->cmd);
    st->cmd = NULL;
}

static void pack(tl_fmt f, const uint16_t *src, size_t n, void *dst)
{
    if (tl_fmt_bits(f) == 8)
        for (size_t i = 0; i < n; i++)
            ((uint8_t *)dst)[i] = (uint8_t)src[i];
    else
        memcpy(dst, src, n * sizeof *src);
}

void te_model(const te_job *jobs, size_t njobs, unsigned R, unsigned C,
              unsigned D, uint32_t **model_out, int **owner_out)
{
    uint32_t *model = calloc((size_t)C * D, sizeof *model);
    int *owner = malloc((size_t)C * D * sizeof *owner);  /* last job, -1 none */
    for (size_t i = 0; i < (size_t)C * D; i++)
        owner[i] = -1;

    for (size_t i = 0; i < njobs; i++) {
        const te_job *j = &jobs[i];
        uint32_t *reg = malloc((size_t)j->M * j->N * sizeof *reg);
        void *w = malloc((size_t)j->K * j->M * 2 + 2);
        void *x = malloc((size_t)j->K * j->N * 2 + 2);
        pack(j->fw, j->w, (size_t)j->K * j->M, w);
        pack(j->fx, j->x, (size_t)j->K * j->N, x);
        for (unsigned m = 0; m < j->M; m++)
            for (unsigned n = 0; n < j->N; n++)
                reg[m * j->N + n] = model[(size_t)m * D + j->addr + n];
        if (tl_matmul(R, j->K, j->M, j->N, j->fw, w, j->fx, x, reg, j->start) != 0)
            printf("te_model: tl_matmul refused job %zu\n", i);
        for (unsigned m = 0; m < j->M; m++)
            for (unsigned n = 0; n < j->N; n++) {
                model[(size_t)m * D + j->addr + n] = reg[m * j->N + n];
                owner[(size_t)m * D + j->addr + n] = (int)i;
            }
        free(reg);
        free(w);
        free(x);
    }
    *model_out = model;
    *owner_out = owner;
}

int te_read(te_dut *d, unsigned addr, uint32_t *data)
{
    te_pins p;
    memset(&p, 0, sizeof p);
    p.rd_valid = 1;
    p.rd_addr = addr;
    te_dut_cycle(d, &p);
    if (!p.rd_ready) {
        printf("te_read: read of address %u refused\n", addr);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        memset(&p, 0, sizeof p);
        te_dut_cycle(d, &p);
        if (p.rd_data_valid) {
            for (unsigned c = 0; c < te_dut_cols(d); c++)
                data[c] = p.rd_data[c];
            return 0;
        }
    }
    printf("te_read: read of address %u not answered\n", addr);
    return -1;
}

unsigned te_check(te_dut *d, const te_job *jobs, size_t njobs, uint32_t seed)
{
    const unsigned R = te_dut_rows(d), C = te_dut_cols(d), D = te_dut_depth(d);
    uint32_t *model;
    int *owner;
    te_model(jobs, njobs, R, C, D, &model, &owner);

    unsigned bad = 0;
    uint32_t data[TE_MAX_DIM];
    for (unsigned addr = 0; addr < D; addr++) {
        if (te_read(d, addr, data) != 0) {
            bad++;
            continue;
        }
        for (unsigned c = 0; c < C; c++) {
            int o = owner[(size_t)c * D + addr];
            uint32_t want = model[(size_t)c * D + addr];
            if (o < 0 || data[c] == want)
                continue;
            if (bad++ < 4) {
                const te_job *j = &jobs[o];
                unsigned n = addr - j->addr;
                printf("MISMATCH seed %u: PSUM partition %u address %u: rtl 0x%08x "
                       "cmodel 0x%08x\n  last written by job %d: %s x %s K=%u M=%u "
                       "N=%u addr=%u %s (array %ux%u)\n  W[:, %u] =",
                       seed, c, addr, data[c], want, o, tl_fmt_name(j->fw),
                       tl_fmt_name(j->fx), j->K, j->M, j->N, j->addr,
                       j->start ? "start" : "accumulate", R, C, c);
                for (unsigned k = 0; k < j->K; k++)
                    printf(" %04x", j->w[k * j->M + c]);
                printf("\n  X[:, %u] =", n);
                for (unsigned k = 0; k < j->K; k++)
                    printf(" %04x", j->x[k * j->N + n]);
                printf("\n");
            }
        }
    }
    free(model);
    free(owner);
    return bad;
}
