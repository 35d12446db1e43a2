/* HAL helpers every backend shares (tl_hal.h). Freestanding. */
#include "tl_hal.h"

const char *tl_hal_strerror(int rc)
{
    switch (rc) {
    case TL_HAL_OK: return "OK";
    case TL_HAL_EBUS: return "CSR access failed (no answer or an error response)";
    case TL_HAL_ENOMEM: return "device DRAM exhausted";
    case TL_HAL_ERANGE: return "address outside device DRAM";
    case TL_HAL_ETIMEOUT: return "timed out waiting for the device interrupt";
    case TL_HAL_EINVAL: return "invalid argument";
    case TL_HAL_ENODEV: return "no such backend, or it could not start";
    case TL_HAL_EHOST: return "out of host memory";
    default: return "unknown HAL error";
    }
}

int tl_hal_bump_alloc(tl_hal_bump *b, uint64_t size, uint64_t align, uint64_t *addr)
{
    if (align == 0 || (align & (align - 1)) != 0)
        return TL_HAL_EINVAL;
    uint64_t start = (b->base + b->used + align - 1) & ~(align - 1);
    uint64_t off = start - b->base;
    if (off > b->size || size > b->size - off)
        return TL_HAL_ENOMEM;
    b->used = off + size;
    *addr = start;
    return TL_HAL_OK;
}

void tl_hal_close(tl_hal *hal)
{
    if (hal && hal->close)
        hal->close(hal->ctx);
    if (hal)
        hal->close = NULL;
}
