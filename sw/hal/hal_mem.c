/* Device DRAM in host memory for the simulated backends (hal_mem.h). */
#include <string.h>

#include "hal_mem.h"

void hal_mem_range(void *ctx, uint64_t *base, uint64_t *size)
{
    hal_mem *m = ctx;
    *base = m->bump.base;
    *size = m->bump.size;
}

int hal_mem_alloc(void *ctx, uint64_t size, uint64_t align, uint64_t *addr)
{
    return tl_hal_bump_alloc(&((hal_mem *)ctx)->bump, size, align, addr);
}

void hal_mem_reset(void *ctx) { ((hal_mem *)ctx)->bump.used = 0; }

static uint8_t *at(hal_mem *m, uint64_t addr, size_t n)
{
    if (addr < m->bump.base || addr - m->bump.base > m->bump.size || n > m->bump.size - (addr - m->bump.base))
        return NULL;
    return m->mem + (addr - m->bump.base);
}

int hal_mem_write(void *ctx, uint64_t addr, const void *src, size_t n)
{
    uint8_t *p = at(ctx, addr, n);
    if (!p)
        return TL_HAL_ERANGE;
    memcpy(p, src, n);
    return TL_HAL_OK;
}

int hal_mem_read(void *ctx, uint64_t addr, void *dst, size_t n)
{
    uint8_t *p = at(ctx, addr, n);
    if (!p)
        return TL_HAL_ERANGE;
    memcpy(dst, p, n);
    return TL_HAL_OK;
}
