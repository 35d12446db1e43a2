/* DMA descriptor layout, element sizes and error names (docs/dma.md
 * "Descriptor"). Freestanding: the driver's runtime links it on a
 * bare-metal target too. */
#include "trnlite/dma.h"

unsigned tl_dma_esize(tl_fmt fmt)
{
    switch (fmt) {
    case TL_FMT_FP32:
    case TL_FMT_INT32:
        return 4;
    case TL_FMT_BF16:
    case TL_FMT_FP16:
        return 2;
    case TL_FMT_E4M3:
    case TL_FMT_E5M2:
    case TL_FMT_INT8:
        return 1;
    default:
        return 0;
    }
}

void tl_dma_desc_pack(const tl_dma_desc *d, uint32_t w[TL_DMA_DESC_WORDS])
{
    for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
        w[i] = 0;
    w[0] = (d->src.fmt & 7u) | (d->dst.fmt & 7u) << 3 | (d->src.space & 3u) << 6 |
           (d->dst.space & 3u) << 8 | (d->round & 1u) << 10 | (uint32_t)(d->saturate ? 1 : 0) << 11;
    w[1] = d->seed;
    w[2] = d->cbase;
    for (unsigned i = 0; i < 3; i++)
        w[3 + i] = d->cstride[i];
    const tl_dma_side *s[2] = {&d->src, &d->dst};
    for (unsigned k = 0; k < 2; k++) {
        uint32_t *p = w + 6 + 7 * k;
        p[0] = (uint32_t)s[k]->addr;
        p[1] = (uint32_t)(s[k]->addr >> 32);
        p[2] = s[k]->count[0];
        p[3] = (s[k]->count[1] & 0xFFFFu) | (s[k]->count[2] & 0xFFFFu) << 16;
        for (unsigned i = 0; i < 3; i++)
            p[4 + i] = s[k]->stride[i];
    }
}

void tl_dma_desc_unpack(const uint32_t w[TL_DMA_DESC_WORDS], tl_dma_desc *d)
{
    d->src.fmt = w[0] & 7u;
    d->dst.fmt = (w[0] >> 3) & 7u;
    d->src.space = (w[0] >> 6) & 3u;
    d->dst.space = (w[0] >> 8) & 3u;
    d->round = (w[0] >> 10) & 1u;
    d->saturate = (w[0] >> 11) & 1u;
    d->seed = w[1];
    d->cbase = w[2];
    for (unsigned i = 0; i < 3; i++)
        d->cstride[i] = w[3 + i];
    tl_dma_side *s[2] = {&d->src, &d->dst};
    for (unsigned k = 0; k < 2; k++) {
        const uint32_t *p = w + 6 + 7 * k;
        s[k]->addr = p[0] | (uint64_t)p[1] << 32;
        s[k]->count[0] = p[2];
        s[k]->count[1] = p[3] & 0xFFFFu;
        s[k]->count[2] = p[3] >> 16;
        for (unsigned i = 0; i < 3; i++)
            s[k]->stride[i] = p[4 + i];
    }
}

const char *tl_dma_strerror(unsigned code)
{
    static const char *const names[] = {
        "OK", "RD_SLVERR", "RD_DECERR", "WR_SLVERR", "WR_DECERR", "SRC_WINDOW",
        "DST_WINDOW", "SRC_RANGE", "DST_RANGE", "BAD_SPACE", "BAD_FMT", "BAD_STRIDE",
        "BAD_COUNT", "BAD_QUEUE",
    };
    return code < sizeof names / sizeof names[0] ? names[code] : "?";
}
