/*
 * Device DRAM held in host memory, shared by the simulated backends: a
 * backend's context starts with a hal_mem, and its dram_* calls are these.
 */
#ifndef TRNLITE_HAL_MEM_H
#define TRNLITE_HAL_MEM_H

#include "tl_hal.h"

typedef struct {
    uint8_t *mem;        /* bump.size bytes: device address bump.base at mem[0] */
    tl_hal_bump bump;
} hal_mem;

void hal_mem_range(void *ctx, uint64_t *base, uint64_t *size);
int hal_mem_alloc(void *ctx, uint64_t size, uint64_t align, uint64_t *addr);
void hal_mem_reset(void *ctx);
int hal_mem_write(void *ctx, uint64_t addr, const void *src, size_t n);
int hal_mem_read(void *ctx, uint64_t addr, void *dst, size_t n);

#endif
