/* HAL backend "cmodel": the whole-core C model (docs/driver.md section 1). */
#include <stdlib.h>
#include <string.h>

#include "hal_mem.h"
#include "tl_hal_host.h"

#define CM_FAULTS 8

typedef struct {
    hal_mem m;               /* first: the dram_* calls see it (hal_mem.h) */
    tl_core *core;
    tl_dma_fault faults[CM_FAULTS];
    unsigned nfaults;
} cm_dev;

static int cm_csr_read(void *ctx, uint32_t off, uint32_t *v)
{
    *v = tl_core_csr_read32(((cm_dev *)ctx)->core, off);
    return TL_HAL_OK;
}

static int cm_csr_write(void *ctx, uint32_t off, uint32_t v)
{
    tl_core_csr_write32(((cm_dev *)ctx)->core, off, v);
    return TL_HAL_OK;
}







/* The model has no clock: tl_core_run runs until nothing can progress
 * (with the watchdog on, a wait nothing can end becomes WAIT_TIMEOUT
 * there) or until the step limit, which is the timeout. */
static int cm_wait_irq(void *ctx, uint64_t timeout, uint64_t *used)
{
    cm_dev *d = ctx;
    uint64_t n = tl_core_irq(d->core) ? 0 : tl_core_run(d->core, timeout);
    if (used)
        *used = n;
    return tl_core_irq(d->core) ? TL_HAL_OK : TL_HAL_ETIMEOUT;
}

static void cm_close(void *ctx)
{
    cm_dev *d = ctx;
    tl_core_free(d->core);
    free(d->m.mem);
    free(d);
}

int tl_hal_cmodel_open(const tl_hal_opts *o, tl_hal *hal)
{
    tl_core_config cfg;
    if (o && o->cfg)
        cfg = *o->cfg;
    else
        tl_core_config_default(&cfg);
    cm_dev *d = calloc(1, sizeof *d);
    if (!d)
        return TL_HAL_EHOST;
    d->m.bump.base = o && o->dram_base ? o->dram_base : 0x80000000ull;
    d->m.bump.size = o && o->dram_size ? o->dram_size : 64ull << 20;
    d->m.mem = d->m.bump.size <= SIZE_MAX ? calloc((size_t)d->m.bump.size, 1) : NULL;
    int crc = d->m.mem ? tl_core_create(&cfg, &d->core) : TL_CORE_ENOMEM;
    if (crc != TL_CORE_OK) {
        free(d->m.mem);
        free(d);
        return crc == TL_CORE_ENOMEM ? TL_HAL_EHOST : TL_HAL_ENODEV;
    }
    tl_core_set_dram(d->core, d->m.mem, d->m.bump.base, d->m.bump.size);
    *hal = (tl_hal){"cmodel", d, cm_csr_read, cm_csr_write, hal_mem_range, hal_mem_alloc,
                    hal_mem_reset, hal_mem_write, hal_mem_read, cm_wait_irq, cm_close};
    return TL_HAL_OK;
}

tl_core *tl_hal_cmodel_core(const tl_hal *hal) { return ((cm_dev *)hal->ctx)->core; }

int tl_hal_cmodel_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    cm_dev *d = hal->ctx;
    if (resp < 2 || resp > 3 || lo > hi || d->nfaults == CM_FAULTS)
        return TL_HAL_EINVAL;
    d->faults[d->nfaults++] = (tl_dma_fault){lo, hi, on_write, resp};
    tl_core_set_faults(d->core, d->faults, d->nfaults);
    return TL_HAL_OK;
}

void tl_hal_cmodel_clear_faults(tl_hal *hal)
{
    cm_dev *d = hal->ctx;
    d->nfaults = 0;
    tl_core_set_faults(d->core, NULL, 0);
}
