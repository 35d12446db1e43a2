/*
 * Engine timeline of a backend that has a clock (host code, not part of
 * the freestanding runtime): collects the core's trace port
 * (docs/core.md section 11) cycle by cycle into complete events and
 * writes them as Chrome/Perfetto Trace Event Format JSON
 * (docs/driver.md section 4).
 *
 * Tracks: one per engine (0 "DMA ring": its NOPs, 1 "TE": MATMULs,
 * 2 "ACT"), one per DMA queue (its descriptors) and one per engine for
 * its semaphore waits. An instruction's event runs from its dispatch (or
 * the end of the previous event of its track, whichever is later: an
 * engine queues instructions it has not started) to its done pulse, so
 * events of one track never overlap. ts and dur are core cycles.
 */
#ifndef HAL_TRACE_H
#define HAL_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "tl_hal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One cycle of the trace port. */
typedef struct {
    uint8_t issue;        /* per engine: DMA descriptor / TE, ACT instruction taken */
    uint8_t done;         /* per engine: TE, ACT done pulse (bit 0 unused) */
    uint8_t wait;         /* per engine: waiting on a semaphore */
    uint8_t nop;          /* per engine: a NOP executed */
    uint8_t dma_queue;    /* queue of the descriptor taken (issue bit 0) */
    uint32_t dma_done;    /* per DMA queue: a descriptor completed */
} tl_trace_sample;

typedef struct tl_trace tl_trace;

/* A collector for a core with dma_queues queues (<= 15); NULL with errno
 * ENOMEM if out of memory, EINVAL for more queues. */
tl_trace *tl_trace_new(unsigned dma_queues);
void tl_trace_free(tl_trace *t);
/* Feed one cycle (cycles increase; the first fed one is time 0). */
void tl_trace_sample_cycle(tl_trace *t, uint64_t cycle, const tl_trace_sample *s);
/* Complete events so far (instructions only, and semaphore waits). */
uint64_t tl_trace_insns(const tl_trace *t);
uint64_t tl_trace_waits(const tl_trace *t);
/* Write the JSON to a temporary file next to path and rename it: path is
 * either complete or untouched. 0, or -1 with errno. */
int tl_trace_write_json(tl_trace *t, const char *path);

/* Attach t to hal's timeline (NULL detaches): TL_HAL_OK, or TL_HAL_ENODEV
 * for a backend without a clock (cmodel). */
int tl_hal_trace(tl_hal *hal, tl_trace *t);
int tl_hal_rtl_trace(tl_hal *hal, tl_trace *t);

#ifdef __cplusplus
}
#endif

#endif
