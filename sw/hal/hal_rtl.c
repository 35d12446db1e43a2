/*
 * HAL backend "rtl": the Verilated trnlite_core through verif/core's
 * device layer (core_rtl.c: the AXI4-Lite master, axi_mem as DRAM, the
 * shim shim_core.cpp). Which configuration is linked is the build's
 * choice; the runtime reads it from CFG_*.
 */
#include <stdlib.h>
#include <string.h>

#include "core_rtl.h"
#include "hal_mem.h"
#include "hal_trace.h"
#include "tl_hal_host.h"

typedef struct {
    hal_mem m;               /* first: the dram_* calls see it (hal_mem.h) */
    core_rtl *dev;
} rtl_dev;

static int rtl_csr_read(void *ctx, uint32_t off, uint32_t *v)
{
    return core_rtl_csr_read(((rtl_dev *)ctx)->dev, off, v) == CORE_RTL_OK ? TL_HAL_OK : TL_HAL_EBUS;
}

static int rtl_csr_write(void *ctx, uint32_t off, uint32_t v)
{
    return core_rtl_csr_write(((rtl_dev *)ctx)->dev, off, v) == CORE_RTL_OK ? TL_HAL_OK : TL_HAL_EBUS;
}







/* Clock in chunks and look at irq between them: irq is a level, so a
 * chunk of 16 cycles costs at most 15 cycles of latency. */
static int rtl_wait_irq(void *ctx, uint64_t timeout, uint64_t *used)
{
    rtl_dev *d = ctx;
    uint64_t t0 = core_rtl_now(d->dev);
    while (!core_rtl_irq(d->dev) && core_rtl_now(d->dev) - t0 < timeout) {
        uint64_t left = timeout - (core_rtl_now(d->dev) - t0);
        core_rtl_clock(d->dev, left < 16 ? left : 16);
    }
    if (used)
        *used = core_rtl_now(d->dev) - t0;
    return core_rtl_irq(d->dev) ? TL_HAL_OK : TL_HAL_ETIMEOUT;
}

static void rtl_close(void *ctx)
{
    rtl_dev *d = ctx;
    core_rtl_free(d->dev);
    free(d);
}

int tl_hal_rtl_open(const tl_hal_opts *o, tl_hal *hal)
{
    rtl_dev *d = calloc(1, sizeof *d);
    if (!d)
        return TL_HAL_EHOST;
    d->m.bump.base = o && o->dram_base ? o->dram_base : 0x80000000ull;
    d->m.bump.size = o && o->dram_size ? o->dram_size : 64ull << 20;
    core_rtl_opts ro = {.latency = o && o->latency ? o->latency : 1, .wave = o ? o->wave : NULL};
    if (o) {
        ro.ready_pct = o->ready_pct;
        ro.stall_permille = o->stall_permille;
        ro.stall_max = o->stall_max;
        ro.seed = o->seed;
    }
    d->dev = core_rtl_create(d->m.bump.base, d->m.bump.size, &ro);
    if (!d->dev) {  /* (core_rtl_create fails only for want of memory) */
        free(d);
        return TL_HAL_EHOST;
    }
    d->m.mem = core_rtl_dram(d->dev);
    *hal = (tl_hal){"rtl", d, rtl_csr_read, rtl_csr_write, hal_mem_range, hal_mem_alloc,
                    hal_mem_reset, hal_mem_write, hal_mem_read, rtl_wait_irq, rtl_close};
    return TL_HAL_OK;
}

int tl_hal_rtl_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    if (!hal->name || hal->ctx == NULL || resp < 2 || resp > 3 || lo > hi)
        return TL_HAL_EINVAL;
    axi_mem_add_fault(core_rtl_mem(((rtl_dev *)hal->ctx)->dev), lo, hi, on_write, resp);
    return TL_HAL_OK;
}

void tl_hal_rtl_clear_faults(tl_hal *hal) { axi_mem_clear_faults(core_rtl_mem(((rtl_dev *)hal->ctx)->dev)); }

static void rtl_trace_cb(void *u, uint64_t cycle, const core_trace_port *p)
{
    tl_trace_sample s = {p->issue, p->done, p->wait, p->nop, p->dma_queue, p->dma_done};
    tl_trace_sample_cycle(u, cycle, &s);
}

/* The timeline of the Verilated core: its trace port, every cycle. */
int tl_hal_rtl_trace(tl_hal *hal, tl_trace *t)
{
    core_rtl_set_trace(((rtl_dev *)hal->ctx)->dev, t ? rtl_trace_cb : NULL, t);
    return TL_HAL_OK;
}
