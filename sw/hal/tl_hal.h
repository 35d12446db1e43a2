/*
 * trnlite hardware abstraction layer (docs/driver.md section 1): what the
 * runtime (sw/rt) may do to a device, as a table of function pointers.
 * The runtime calls nothing else, so it runs unchanged on every backend
 * (the whole-core C model, the Verilated RTL, later a board).
 *
 * Freestanding: this header needs only <stdint.h> and <stddef.h>.
 * Every call returns TL_HAL_OK or a negative TL_HAL_E* code.
 */
#ifndef TRNLITE_TL_HAL_H
#define TRNLITE_TL_HAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum tl_hal_rc {
    TL_HAL_OK = 0,
    TL_HAL_EBUS = -1,      /* a CSR access got no answer or an error response */
    TL_HAL_ENOMEM = -2,    /* device DRAM exhausted (dram_alloc) */
    TL_HAL_ERANGE = -3,    /* an address outside the backend's DRAM */
    TL_HAL_ETIMEOUT = -4,  /* wait_irq: no interrupt within the timeout */
    TL_HAL_EINVAL = -5,    /* a bad argument (alignment not a power of two, ...) */
    TL_HAL_ENODEV = -6,    /* tl_hal_open: unknown backend or it could not start */
    TL_HAL_EHOST = -7,     /* tl_hal_open: the host could not allocate the backend's memory */
};

typedef struct tl_hal {
    const char *name;      /* "cmodel", "rtl" */
    void *ctx;             /* the backend's state, passed to every call */
    /* One 32-bit access at byte offset off of the CSR space (trnlite/csr.h). */
    int (*csr_read)(void *ctx, uint32_t off, uint32_t *v);
    int (*csr_write)(void *ctx, uint32_t off, uint32_t v);
    /* The device DRAM this backend has: [*base, *base + *size). */
    void (*dram_range)(void *ctx, uint64_t *base, uint64_t *size);
    /* Reserve size bytes aligned to align (a power of two). */
    int (*dram_alloc)(void *ctx, uint64_t size, uint64_t align, uint64_t *addr);
    /* Free everything dram_alloc gave out. */
    void (*dram_reset)(void *ctx);
    int (*dram_write)(void *ctx, uint64_t addr, const void *src, size_t n);
    int (*dram_read)(void *ctx, uint64_t addr, void *dst, size_t n);
    /* Let the device run until irq is high, at most timeout units (RTL:
     * cycles; C model: instruction steps). *used gets the units spent.
     * TL_HAL_OK with irq high, TL_HAL_ETIMEOUT otherwise. */
    int (*wait_irq)(void *ctx, uint64_t timeout, uint64_t *used);
    /* Release the backend (hal_close). */
    void (*close)(void *ctx);
} tl_hal;

/* Release a backend (its close call); a closed HAL is not used again. */
void tl_hal_close(tl_hal *hal);

/* Message for a tl_hal_rc value. */
const char *tl_hal_strerror(int rc);

/* A bump allocator the backends share: [base, base + size), next free at
 * base + used. */
typedef struct {
    uint64_t base, size, used;
} tl_hal_bump;
int tl_hal_bump_alloc(tl_hal_bump *b, uint64_t size, uint64_t align, uint64_t *addr);

#ifdef __cplusplus
}
#endif

#endif
