/* Internals of the runtime: CSR offsets from the one source (trnlite/csr.h). */
#ifndef TRNLITE_RT_INTERNALS_H
#define TRNLITE_RT_INTERNALS_H

#include <stddef.h>

#include "tl_rt.h"
#include "trnlite/csr.h"

#define CSR(reg) ((uint32_t)offsetof(trnlite_csr_t, reg))
#define CSR_Q(e, reg) (CSR(Q[0].reg) + (uint32_t)(e) * (uint32_t)sizeof(((trnlite_csr_t *)0)->Q[0]))
#define CSR_SEM(s) (CSR(SEM) + 4u * (s))
#define FIELD(v, reg, f) (((v) & TRNLITE_CSR__##reg##__##f##_bm) >> TRNLITE_CSR__##reg##__##f##_bp)
#define IRQ_ALL (TRNLITE_CSR__IRQ_STATUS__ERROR_bm | TRNLITE_CSR__IRQ_STATUS__SEM_bm | \
                 TRNLITE_CSR__IRQ_STATUS__IDLE_bm)

#define TRY(call) TL_RT_TRY(call)

static inline uint32_t rt_min32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static inline uint32_t rt_align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }

/* rows x cols elements of es bytes at addr lie in device DRAM. */
static inline bool rt_in_dram(const tl_dev *dev, uint64_t addr, uint32_t rows, uint32_t cols, unsigned es)
{
    uint64_t n = (uint64_t)rows * cols; /* < 2^64 */
    if (n > dev->dram_size)
        return false;
    n *= es;
    return addr >= dev->dram_base && addr - dev->dram_base <= dev->dram_size &&
           n <= dev->dram_size - (addr - dev->dram_base);
}

/* One side of a DMA descriptor with two dimensions. */
static inline void rt_side(tl_dma_side *s, unsigned space, tl_fmt fmt, uint64_t addr, uint32_t c0, uint32_t c1,
                           uint32_t s0, uint32_t s1)
{
    s->space = space;
    s->fmt = fmt;
    s->addr = addr;
    s->count[0] = c0;
    s->count[1] = c1;
    s->count[2] = 1;
    s->stride[0] = s0;
    s->stride[1] = s1;
    s->stride[2] = 0;
}

static inline void rt_desc_clear(tl_dma_desc *d)
{
    tl_dma_desc z = {{0}, {0}, 0, false, 0, 0, {0}};
    *d = z;
}

#endif
