/* dma_check: see dma_check.h. */
#include "dma_check.h"
#include "fcov.h"
#include "xcov.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dma_print_desc(const tl_dma_desc *d)
{
    const tl_dma_side *s[2] = {&d->src, &d->dst};
    for (int k = 0; k < 2; k++)
        printf("  %s space=%u fmt=%u addr=0x%" PRIx64 " count={%u,%u,%u} stride={%u,%u,%u}\n",
               k ? "dst" : "src", s[k]->space, s[k]->fmt, s[k]->addr, s[k]->count[0],
               s[k]->count[1], s[k]->count[2], s[k]->stride[0], s[k]->stride[1], s[k]->stride[2]);
    printf("  round=%u sat=%u seed=0x%x cbase=%u cstride={%u,%u,%u}\n", d->round, d->saturate,
           d->seed, d->cbase, d->cstride[0], d->cstride[1], d->cstride[2]);
}

/* Mark every destination byte of d in the three masks. */
static void mark_dst(const tl_dma_sys *sys, const tl_dma_desc *d, uint8_t *dm, uint8_t *sm,
                     uint8_t *pm)
{
    const tl_dma_side *s = &d->dst;
    unsigned es = tl_dma_esize(s->fmt);
    for (uint32_t i2 = 0; i2 < (s->count[2] & 0xFFFF); i2++)
        for (uint32_t i1 = 0; i1 < (s->count[1] & 0xFFFF); i1++)
            for (uint32_t i0 = 0; i0 < s->count[0]; i0++)
                for (unsigned b = 0; b < es; b++) {
                    uint64_t a = s->addr + (uint64_t)i0 * s->stride[0] +
                                 (uint64_t)i1 * s->stride[1] + (uint64_t)i2 * s->stride[2] + b;
                    if (s->space == TL_DMA_DRAM && a >= sys->dram_base &&
                        a - sys->dram_base < sys->dram_size)
                        dm[a - sys->dram_base] = 1;
                    else if (s->space == TL_DMA_SBUF && a < DMA_TB_SBUF_SIZE)
                        sm[a] = 1;
                    else if (s->space == TL_DMA_PSUM && a < DMA_TB_PSUM_SIZE)
                        pm[a] = 1;
                }
}

static int compare(const char *what, const uint8_t *rtl, const uint8_t *exp, const uint8_t *alt,
                   const uint8_t *mask, size_t n, uint64_t base)
{
    unsigned bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (rtl[i] == exp[i] || (mask[i] && rtl[i] == alt[i]))
            continue;
        if (bad++ < 8)
            printf("MISMATCH %s[0x%" PRIx64 "]: rtl=0x%02x cmodel=0x%02x%s\n", what, base + i, rtl[i],
                   exp[i], mask[i] ? " (faulting descriptor: old or new value allowed)" : "");
    }
    if (bad)
        printf("  %u bytes differ in %s\n", bad, what);
    return bad == 0;
}

/* Functional coverage of a job that matched the model: the descriptors
 * the RTL completed (every one of a queue before its done count), by
 * format pair, space pair, rounding and saturation of conversions, their
 * cross (xcov.h), and every error code the RTL reported. */
static void count_points(const dma_job *job, const dma_result *got)
{
    static const char *space[4] = {"dram", "sbuf", "psum", "bad"};
    unsigned seen[DMA_TB_QUEUES] = {0};
    for (unsigned i = 0; i < job->n; i++) {
        unsigned q = job->queue[i];
        if (q >= DMA_TB_QUEUES || seen[q]++ >= got->done[q])
            continue;
        const tl_dma_desc *d = &job->list[i];
        fcov_hitf("dma.fmt.%s>%s", tl_fmt_name(d->src.fmt), tl_fmt_name(d->dst.fmt));
        fcov_hitf("dma.space.%s>%s", space[d->src.space & 3], space[d->dst.space & 3]);
        xcov_point x;
        xcov_from_desc(d, false, &x);
        xcov_hit(&x);
        if (d->src.fmt != d->dst.fmt) {
            fcov_hitf("dma.round.%s", d->round == TL_RND_SR ? "SR" : "RNE");
            if (d->dst.fmt == TL_FMT_E4M3 || d->dst.fmt == TL_FMT_E5M2)
                fcov_hitf("dma.sat.%s.%u", tl_fmt_name(d->dst.fmt), d->saturate ? 1u : 0u);
        }
    }
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        if (got->code[q])
            fcov_hitf("dma.err.%s", tl_dma_strerror(got->code[q]));
    if (got->desc_err)
        fcov_hitf("dma.err.%s", tl_dma_strerror(got->desc_err));
}

int dma_check_job(dma_tb *tb, const dma_job *job, uint32_t seed, dma_result *rtl_out)
{
    static uint8_t d0[DMA_TB_DRAM_SIZE], s0[DMA_TB_SBUF_SIZE], p0[DMA_TB_PSUM_SIZE];
    static uint8_t d1[DMA_TB_DRAM_SIZE], s1[DMA_TB_SBUF_SIZE], p1[DMA_TB_PSUM_SIZE];
    static uint8_t d2[DMA_TB_DRAM_SIZE], s2[DMA_TB_SBUF_SIZE], p2[DMA_TB_PSUM_SIZE];
    static uint8_t dm[DMA_TB_DRAM_SIZE], sm[DMA_TB_SBUF_SIZE], pm[DMA_TB_PSUM_SIZE];
    uint8_t *dram = dma_tb_dram(tb);
    memcpy(d0, dram, sizeof d0);
    memcpy(s0, tb->sbuf, sizeof s0);
    memcpy(p0, tb->psum, sizeof p0);

    /* C model */
    tl_dma_sys sys;
    memcpy(d1, d0, sizeof d1);
    memcpy(s1, s0, sizeof s1);
    memcpy(p1, p0, sizeof p1);
    dma_tb_sys(tb, &sys, d1, s1, p1);
    sys.faults = job->faults;
    sys.nfaults = job->nfaults;
    tl_dma_status st;
    tl_dma_run_queues(&sys, job->list, job->queue, job->n, DMA_TB_QUEUES, &st);
    dma_result exp;
    memset(&exp, 0, sizeof exp);
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        exp.code[q] = st.code[q];
        exp.addr[q] = st.addr[q];
        exp.done[q] = st.done[q];
    }
    exp.desc_err = st.desc_err;
    exp.desc_err_queue = st.desc_err_queue;
    /* "new" values of faulting descriptors, allowed where the RTL stopped midway */
    memcpy(d2, d1, sizeof d2);
    memcpy(s2, s1, sizeof s2);
    memcpy(p2, p1, sizeof p2);
    memset(dm, 0, sizeof dm);
    memset(sm, 0, sizeof sm);
    memset(pm, 0, sizeof pm);
    {
        tl_dma_sys alt;
        dma_tb_sys(tb, &alt, d2, s2, p2);
        unsigned seen[DMA_TB_QUEUES] = {0};
        for (unsigned i = 0; i < job->n; i++) {
            unsigned q = job->queue[i];
            if (q >= DMA_TB_QUEUES || exp.code[q] == TL_DMA_OK || seen[q] > exp.done[q])
                continue;
            if (seen[q]++ == exp.done[q]) { /* the faulting one */
                uint64_t fa;
                if (exp.code[q] <= TL_DMA_ERR_WR_DECERR) { /* bus errors only */
                    tl_dma_run(&alt, &job->list[i], &fa);
                    mark_dst(&alt, &job->list[i], dm, sm, pm);
                }
            }
        }
    }

    /* RTL */
    dma_tb_reset(tb, 3);
    memcpy(dram, d0, sizeof d0);
    memcpy(tb->sbuf, s0, sizeof s0);
    memcpy(tb->psum, p0, sizeof p0);
    axi_mem_seed(tb->axi, seed * 0x9E3779B97F4A7C15ull + 1);
    tb->rng = seed * 0xD1B54A32D192ED03ull + 2;
    axi_mem_clear_faults(tb->axi);
    for (unsigned i = 0; i < job->nfaults; i++)
        axi_mem_add_fault(tb->axi, job->faults[i].lo, job->faults[i].hi, job->faults[i].on_write,
                          job->faults[i].resp);
    unsigned timeout = job->timeout ? job->timeout : 2000000;
    uint64_t t0 = tb->cycle;
    int ok = 1;
    for (unsigned i = 0; i < job->n && ok; i++)
        if (!dma_tb_push(tb, job->queue[i], &job->list[i], timeout)) {
            printf("HANG: descriptor %u not accepted in %u cycles\n", i, timeout);
            ok = 0;
        }
    if (ok && !dma_tb_wait_idle(tb, timeout)) {
        printf("HANG: engine not idle %u cycles after the last push\n", timeout);
        ok = 0;
    }
    dma_result got;
    memset(&got, 0, sizeof got);
    got.cycles = tb->cycle - t0;
    got.desc_err = tb->io.desc_err_code;
    got.desc_err_queue = tb->io.desc_err_queue;
    if (got.desc_err != exp.desc_err || got.desc_err_queue != exp.desc_err_queue ||
        tb->io.desc_err_valid != (got.desc_err != TL_DMA_OK)) {
        printf("MISMATCH engine status: rtl desc_err_valid=%u code=%s queue=%u; cmodel code=%s "
               "queue=%u\n",
               tb->io.desc_err_valid, tl_dma_strerror(got.desc_err), got.desc_err_queue,
               tl_dma_strerror(exp.desc_err), exp.desc_err_queue);
        ok = 0;
    }
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        got.code[q] = tb->io.err_code[q];
        got.addr[q] = tb->io.err_addr[q];
        got.done[q] = tb->io.done_count[q];
        if (got.code[q] != exp.code[q] || got.addr[q] != exp.addr[q] || got.done[q] != exp.done[q]) {
            printf("MISMATCH queue %u: rtl code=%s addr=0x%" PRIx64 " done=%u; cmodel code=%s "
                   "addr=0x%" PRIx64 " done=%u\n",
                   q, tl_dma_strerror(got.code[q]), got.addr[q], got.done[q],
                   tl_dma_strerror(exp.code[q]), exp.addr[q], exp.done[q]);
            ok = 0;
        }
        if (((tb->io.err_valid >> q) & 1) != (got.code[q] != 0)) {
            printf("MISMATCH queue %u: err_valid=%u with code %u\n", q, (tb->io.err_valid >> q) & 1,
                   got.code[q]);
            ok = 0;
        }
        if (tb->done_seen[q] != got.done[q]) {
            printf("MISMATCH queue %u: %u done pulses, done_count %u\n", q, tb->done_seen[q],
                   got.done[q]);
            ok = 0;
        }
    }
    ok &= compare("dram", dram, d1, d2, dm, sizeof d0, tb->dram_base);
    ok &= compare("sbuf", tb->sbuf, s1, s2, sm, sizeof s0, 0);
    ok &= compare("psum", tb->psum, p1, p2, pm, sizeof p0, 0);
    if (dma_tb_violations(tb)) {
        printf("PROTOCOL: %u violations, first: %s\n", dma_tb_violations(tb), dma_tb_first_violation(tb));
        ok = 0;
    }
    if (!ok) {
        printf("FAILED job (seed %u, bus %u bytes, addr %u bits): %u descriptors\n", seed,
               dma_dut_data_bytes(), dma_dut_addr_bits(), job->n);
        for (unsigned i = 0; i < job->n; i++) {
            printf(" [%u] queue %u\n", i, job->queue[i]);
            dma_print_desc(&job->list[i]);
        }
        for (unsigned i = 0; i < job->nfaults; i++)
            printf(" fault %s [0x%" PRIx64 ", 0x%" PRIx64 "] resp %u\n",
                   job->faults[i].on_write ? "write" : "read", job->faults[i].lo, job->faults[i].hi,
                   job->faults[i].resp);
    }
    if (ok)
        count_points(job, &got);
    if (rtl_out)
        *rtl_out = got;
    return ok;
}
