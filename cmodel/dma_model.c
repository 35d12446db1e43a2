/*
 * DMA engine reference (docs/dma.md): checks, bus errors, element order,
 * conversion. Produces the memory image and error code of rtl/dma.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trnlite/dma.h"

typedef unsigned __int128 u128;

uint64_t tl_dma_total(const tl_dma_side *s)
{
    return (uint64_t)s->count[0] * (s->count[1] & 0xFFFFu) * (s->count[2] & 0xFFFFu);
}

/* Last byte a side touches (72-bit in hardware; strides are unsigned). */
static u128 last_byte(const tl_dma_side *s)
{
    u128 ext = 0;
    uint32_t n[3] = {s->count[0], s->count[1] & 0xFFFFu, s->count[2] & 0xFFFFu};
    for (int i = 0; i < 3; i++)
        ext += (u128)(n[i] - 1u) * s->stride[i];
    return (u128)s->addr + ext + tl_dma_esize(s->fmt) - 1;
}

/* Range check of one side; returns 0 or the error code, sets *fault. */
static unsigned check_range(const tl_dma_sys *sys, const tl_dma_side *s, int is_dst,
                            uint64_t *fault)
{
    u128 last = last_byte(s);
    if (s->space == TL_DMA_DRAM) {
        if (s->addr < sys->win_base || last > sys->win_limit) {
            *fault = s->addr < sys->win_base ? s->addr : (uint64_t)last;
            return is_dst ? TL_DMA_ERR_DST_WINDOW : TL_DMA_ERR_SRC_WINDOW;
        }
        return 0;
    }
    unsigned parts = s->space == TL_DMA_PSUM ? sys->psum_parts : sys->sbuf_parts;
    unsigned lg = s->space == TL_DMA_PSUM ? sys->psum_part_log2 : sys->sbuf_part_log2;
    if (last >= (u128)parts << lg) {
        *fault = (uint64_t)last;
        return is_dst ? TL_DMA_ERR_DST_RANGE : TL_DMA_ERR_SRC_RANGE;
    }
    return 0;
}

/* Bus response of the byte range [a, b] for a read (or a write burst):
 * 0 OKAY, 2 SLVERR, 3 DECERR. Outside the backing store: DECERR. The
 * first matching fault region in the list decides. */
static unsigned bus_resp(const tl_dma_sys *sys, uint64_t a, uint64_t b, bool write)
{
    for (unsigned i = 0; i < sys->nfaults; i++) {
        const tl_dma_fault *f = &sys->faults[i];
        if (f->on_write == write && a <= f->hi && b >= f->lo)
            return f->resp;
    }
    if (a < sys->dram_base || b - sys->dram_base >= sys->dram_size)
        return 3;
    return 0;
}

/*
 * Walk the bursts of a DRAM side exactly as rtl/dma/dma_agen.v cuts them
 * and return the first bus error: for reads per beat (address: the burst
 * start for beat 0, the aligned beat address after), for writes per burst
 * (address: AWADDR). Returns 0 or the AXI response, sets *fault.
 */
static unsigned first_bus_error(const tl_dma_sys *sys, const tl_dma_side *s, bool write,
                                uint64_t *fault)
{
    const uint64_t db = sys->data_bytes;
    const uint64_t amask = sys->addr_bits >= 64 ? ~0ull : (1ull << sys->addr_bits) - 1;
    uint64_t bnd = 256 * db < 4096 ? 256 * db : 4096;
    unsigned es = tl_dma_esize(s->fmt);
    bool contiguous = s->stride[0] == es || s->count[0] == 1;
    uint32_t n0 = contiguous ? 1 : s->count[0];
    uint64_t row_len = contiguous ? (uint64_t)s->count[0] * es : es;
    uint32_t n1 = s->count[1] & 0xFFFFu, n2 = s->count[2] & 0xFFFFu;
    for (uint32_t i2 = 0; i2 < n2; i2++)
        for (uint32_t i1 = 0; i1 < n1; i1++)
            for (uint32_t i0 = 0; i0 < n0; i0++) {
                uint64_t cur = (s->addr + (uint64_t)i0 * s->stride[0] + (uint64_t)i1 * s->stride[1] +
                                (uint64_t)i2 * s->stride[2]) & amask;
                uint64_t rem = row_len;
                while (rem) {
                    uint64_t bytes = bnd - (cur % bnd);
                    if (bytes > rem)
                        bytes = rem;
                    uint64_t first = cur & ~(db - 1), lastb = (cur + bytes - 1) & ~(db - 1);
                    if (write) {
                        unsigned r = bus_resp(sys, first, lastb + db - 1, true);
                        if (r) {
                            *fault = cur;
                            return r;
                        }
                    } else {
                        for (uint64_t b = first; b <= lastb; b += db) {
                            unsigned r = bus_resp(sys, b, b + db - 1, false);
                            if (r) {
                                *fault = b == first ? cur : b;
                                return r;
                            }
                        }
                    }
                    cur = (cur + bytes) & amask;
                    rem -= bytes;
                }
            }
    return 0;
}

/*
 * The DRAM side of a transfer through sys->bus: the same walk as
 * first_bus_error, one bus call per burst. stream holds the side's bytes
 * in element order (i0 fastest, esize bytes each): filled by reads,
 * written out by writes with byte enables on exactly the pattern's bytes.
 * Stops at the first failing burst (earlier write bursts stay written, as
 * on the hardware). Returns 0 or the AXI response, sets *fault as
 * first_bus_error does.
 */
static unsigned bus_xfer(const tl_dma_sys *sys, const tl_dma_side *s, bool write, uint8_t *stream,
                         uint64_t *fault)
{
    const tl_dma_bus *bus = sys->bus;
    const uint64_t db = sys->data_bytes;
    const uint64_t amask = sys->addr_bits >= 64 ? ~0ull : (1ull << sys->addr_bits) - 1;
    uint64_t bnd = 256 * db < 4096 ? 256 * db : 4096;
    uint8_t buf[4096], be[4096];  /* one burst: at most bnd bytes */
    unsigned es = tl_dma_esize(s->fmt);
    bool contiguous = s->stride[0] == es || s->count[0] == 1;
    uint32_t n0 = contiguous ? 1 : s->count[0];
    uint64_t row_len = contiguous ? (uint64_t)s->count[0] * es : es;
    uint32_t n1 = s->count[1] & 0xFFFFu, n2 = s->count[2] & 0xFFFFu;
    uint64_t pos = 0;
    for (uint32_t i2 = 0; i2 < n2; i2++)
        for (uint32_t i1 = 0; i1 < n1; i1++)
            for (uint32_t i0 = 0; i0 < n0; i0++) {
                uint64_t cur = (s->addr + (uint64_t)i0 * s->stride[0] + (uint64_t)i1 * s->stride[1] +
                                (uint64_t)i2 * s->stride[2]) & amask;
                uint64_t rem = row_len;
                while (rem) {
                    uint64_t bytes = bnd - (cur % bnd);
                    if (bytes > rem)
                        bytes = rem;
                    uint64_t first = cur & ~(db - 1), lastb = (cur + bytes - 1) & ~(db - 1);
                    uint32_t span = (uint32_t)(lastb + db - first), at = (uint32_t)(cur - first);
                    unsigned r;
                    if (write) {
                        memset(buf, 0, span);
                        memset(be, 0, span);
                        memcpy(buf + at, stream + pos, bytes);
                        memset(be + at, 1, bytes);
                        if ((r = bus->write(bus->ctx, first, buf, be, span))) {
                            *fault = cur;
                            return r;
                        }
                    } else {
                        if ((r = bus->read(bus->ctx, first, buf, span))) {
                            *fault = cur;
                            for (uint64_t b = first; b <= lastb; b += db) {
                                unsigned rb = bus->read(bus->ctx, b, buf, (uint32_t)db);
                                if (rb) {
                                    *fault = b == first ? cur : b;
                                    return rb;
                                }
                            }
                            return r;
                        }
                        memcpy(stream + pos, buf + at, bytes);
                    }
                    pos += bytes;
                    cur = (cur + bytes) & amask;
                    rem -= bytes;
                }
            }
    return 0;
}

/* The backing store of a side's space and the address of its first byte
 * (DRAM: dram_base), looked up once per transfer, not per byte: byte a
 * is store[a - origin]. */
static uint8_t *space_store(const tl_dma_sys *sys, const tl_dma_side *s, uint64_t *origin)
{
    *origin = s->space == TL_DMA_DRAM ? sys->dram_base : 0;
    switch (s->space) {
    case TL_DMA_DRAM:
        return sys->dram;
    case TL_DMA_SBUF:
        return sys->sbuf;
    default:
        return sys->psum;
    }
}

/* The host memory a transfer's elements pass through. A device has no
 * status for the host running out of memory (the RTL has no such
 * failure), so the model stops the process with a message rather than
 * report an error the hardware could not give. */
static void *dma_host_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p) {
        fprintf(stderr, "trnlite C model: DMA: out of host memory (%zu bytes for one transfer)\n", bytes);
        abort();
    }
    return p;
}

unsigned tl_dma_run(const tl_dma_sys *sys, const tl_dma_desc *d, uint64_t *fault_addr)
{
    const tl_dma_side *src = &d->src, *dst = &d->dst;
    unsigned err;
    *fault_addr = 0;

    if (src->space > 2 || dst->space > 2)
        return TL_DMA_ERR_BAD_SPACE;
    bool copy = src->fmt == dst->fmt;
    if (copy ? tl_dma_esize(src->fmt) == 0 : !tl_convert_supported(src->fmt, dst->fmt))
        return TL_DMA_ERR_BAD_FMT;
    unsigned ses = tl_dma_esize(src->fmt), des = tl_dma_esize(dst->fmt);
    for (int k = 0; k < 2; k++) {
        const tl_dma_side *s = k ? dst : src;
        unsigned es = k ? des : ses;
        if ((s->stride[0] | s->stride[1] | s->stride[2]) & (es - 1)) {
            *fault_addr = s->addr;
            return TL_DMA_ERR_BAD_STRIDE;
        }
    }
    uint64_t total = tl_dma_total(src);
    if (total != tl_dma_total(dst))
        return TL_DMA_ERR_BAD_COUNT;
    if (total == 0)
        return TL_DMA_OK;
    if ((err = check_range(sys, src, 0, fault_addr)) || (err = check_range(sys, dst, 1, fault_addr)))
        return err;

    unsigned r;
    if (!sys->bus && src->space == TL_DMA_DRAM && (r = first_bus_error(sys, src, false, fault_addr)))
        return r == 3 ? TL_DMA_ERR_RD_DECERR : TL_DMA_ERR_RD_SLVERR;
    if (!sys->bus && dst->space == TL_DMA_DRAM && (r = first_bus_error(sys, dst, true, fault_addr)))
        return r == 3 ? TL_DMA_ERR_WR_DECERR : TL_DMA_ERR_WR_SLVERR;
    /* Through a bus, a DRAM side is a byte stream in element order. */
    uint8_t *stream = NULL;
    bool src_bus = sys->bus && src->space == TL_DMA_DRAM, dst_bus = sys->bus && dst->space == TL_DMA_DRAM;
    if (src_bus || dst_bus) {
        stream = dma_host_alloc(total * (ses > des ? ses : des));
    }
    if (src_bus && (r = bus_xfer(sys, src, false, stream, fault_addr))) {
        free(stream);
        return r == 3 ? TL_DMA_ERR_RD_DECERR : TL_DMA_ERR_RD_SLVERR;
    }

    uint64_t so, dor;
    const uint8_t *sb = space_store(sys, src, &so);
    uint8_t *db = space_store(sys, dst, &dor);
    /* A copy between two spaces (no overlap possible) with the same shape
     * and contiguous rows on both sides moves whole rows: the same bytes
     * as the element loop below, without it (most of a GEMM's loads and
     * stores). */
    uint32_t n1 = src->count[1] & 0xFFFFu, n2 = src->count[2] & 0xFFFFu;
    if (copy && src->space != dst->space && src->count[0] == dst->count[0] && n1 == (dst->count[1] & 0xFFFFu) &&
        n2 == (dst->count[2] & 0xFFFFu) && (src->stride[0] == ses || src->count[0] == 1) &&
        (dst->stride[0] == des || dst->count[0] == 1)) {
        uint64_t row = (uint64_t)src->count[0] * ses, pos = 0;
        for (uint32_t i2 = 0; i2 < n2; i2++)
            for (uint32_t i1 = 0; i1 < n1; i1++, pos += row) {
                uint64_t sa = src->addr + (uint64_t)i1 * src->stride[1] + (uint64_t)i2 * src->stride[2];
                uint64_t da = dst->addr + (uint64_t)i1 * dst->stride[1] + (uint64_t)i2 * dst->stride[2];
                memcpy(dst_bus ? stream + pos : db + (da - dor), src_bus ? stream + pos : sb + (sa - so), row);
            }
        if (dst_bus && (r = bus_xfer(sys, dst, true, stream, fault_addr))) {
            free(stream);
            return r == 3 ? TL_DMA_ERR_WR_DECERR : TL_DMA_ERR_WR_SLVERR;
        }
        free(stream);
        return TL_DMA_OK;
    }

    /* Gather, convert and scatter in element order (i0 fastest). The
     * source is read completely first: a destination overlapping the
     * source is not a defined operation (docs/dma.md). */
    uint32_t *vals = dma_host_alloc(total * sizeof *vals);
    uint64_t k = 0;
    for (uint32_t i2 = 0; i2 < (src->count[2] & 0xFFFFu); i2++)
        for (uint32_t i1 = 0; i1 < (src->count[1] & 0xFFFFu); i1++)
            for (uint32_t i0 = 0; i0 < src->count[0]; i0++, k++) {
                uint64_t a = src->addr + (uint64_t)i0 * src->stride[0] +
                             (uint64_t)i1 * src->stride[1] + (uint64_t)i2 * src->stride[2];
                uint32_t v = 0;
                for (unsigned b = 0; b < ses; b++)
                    v |= (uint32_t)(src_bus ? stream[k * ses + b] : sb[a - so + b]) << (8 * b);
                vals[k] = v;
            }
    tl_convert_opts opts = {d->round, d->saturate, d->seed};
    k = 0;
    for (uint32_t i2 = 0; i2 < (dst->count[2] & 0xFFFFu); i2++)
        for (uint32_t i1 = 0; i1 < (dst->count[1] & 0xFFFFu); i1++)
            for (uint32_t i0 = 0; i0 < dst->count[0]; i0++, k++) {
                uint64_t a = dst->addr + (uint64_t)i0 * dst->stride[0] +
                             (uint64_t)i1 * dst->stride[1] + (uint64_t)i2 * dst->stride[2];
                uint32_t v = vals[k];
                if (!copy) {
                    uint32_t coord = d->cbase + i0 * d->cstride[0] + i1 * d->cstride[1] +
                                     i2 * d->cstride[2];
                    v = tl_convert(src->fmt, dst->fmt, v, &opts, coord);
                }
                for (unsigned b = 0; b < des; b++) {
                    if (dst_bus)
                        stream[k * des + b] = (uint8_t)(v >> (8 * b));
                    else
                        db[a - dor + b] = (uint8_t)(v >> (8 * b));
                }
            }
    free(vals);
    if (dst_bus && (r = bus_xfer(sys, dst, true, stream, fault_addr))) {
        free(stream);
        return r == 3 ? TL_DMA_ERR_WR_DECERR : TL_DMA_ERR_WR_SLVERR;
    }
    free(stream);
    return TL_DMA_OK;
}

void tl_dma_run_queues(const tl_dma_sys *sys, const tl_dma_desc *list, const unsigned *q,
                       unsigned n, unsigned nqueues, tl_dma_status *st)
{
    memset(st, 0, sizeof *st);
    for (unsigned i = 0; i < n; i++) {
        unsigned qi = q[i];
        if (qi >= nqueues || qi >= TL_DMA_MAX_QUEUES) {
            /* taken, not run; the engine keeps the first bad number */
            if (st->desc_err == TL_DMA_OK) {
                st->desc_err = TL_DMA_ERR_BAD_QUEUE;
                st->desc_err_queue = qi;
            }
            continue;
        }
        if (st->code[qi] != TL_DMA_OK)
            continue;
        uint64_t fa;
        unsigned e = tl_dma_run(sys, &list[i], &fa);
        if (e) {
            st->code[qi] = e;
            st->addr[qi] = fa;
        } else {
            st->done[qi]++;
        }
    }
}
