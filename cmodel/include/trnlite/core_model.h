/*
 * trnlite whole-core C model (docs/core.md, section 10): an instruction-
 * level model of trnlite_core behind the same interfaces as the RTL, so
 * that one program and one driver run on both.
 *
 *   CSRs   tl_core_csr_read32/write32 by byte offset, the map of
 *          spec/trnlite_csr.rdl (trnlite/csr.h);
 *   DRAM   a caller's memory [base, base + size) and a list of address
 *          ranges that answer SLVERR/DECERR (tl_dma_fault, the DMA
 *          model's rule: outside the memory answers DECERR);
 *   irq    tl_core_irq(): |(IRQ_STATUS & IRQ_ENABLE).
 *
 * The model has no clock. tl_core_run() executes instructions until no
 * engine can make progress (the state the RTL reaches when it waits for
 * an interrupt) and applies the watchdog rule of docs/core.md section 5.
 * Instruction encodings: trnlite/isa.h.
 */
#ifndef TRNLITE_CORE_MODEL_H
#define TRNLITE_CORE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "trnlite/dma.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The build parameters of trnlite_core (docs/core.md section 1). */
typedef struct {
    unsigned rows, cols;        /* array: 1..255 each */
    unsigned sbuf_part_log2;    /* log2 bytes per SBUF partition: 8..24 */
    unsigned psum_banks;        /* 1, 2, 4 or 8 */
    unsigned psum_bank_log2;    /* log2 entries per bank and partition: 1..15 */
    unsigned data_width;        /* AXI data bits: 64, 128, 256 */
    unsigned addr_width;        /* AXI address bits: 32..64 */
    unsigned sems;              /* semaphores: 16..32 */
    unsigned dma_queues;        /* DMA queues: 2..15 (CFG_ARRAY has 4 bits) */
} tl_core_config;

/* The RTL's defaults: 16 x 16, 64 KiB partitions, 4 banks of 512, 128-bit
 * bus, 32-bit addresses, 16 semaphores, 4 DMA queues. */
void tl_core_config_default(tl_core_config *cfg);

/* The parameters a core reports in its CFG_ARRAY, CFG_MEM and CFG_ADDR
 * registers (what drivers and tests read from a build). */
void tl_core_config_decode(uint32_t cfg_array, uint32_t cfg_mem, uint32_t cfg_addr, tl_core_config *cfg);

enum tl_core_rc {
    TL_CORE_OK = 0,
    TL_CORE_EINVAL = -1,  /* a configuration value out of its range */
    TL_CORE_ENOMEM = -2,  /* out of memory */
};
/* Message for a tl_core_rc value. */
const char *tl_core_strerror(int rc);

typedef struct tl_core tl_core;

/* Create a model in its reset state (SBUF and PSUM zero, no DRAM).
 * Returns TL_CORE_OK and sets *out, or an error (then *out is NULL). */
int tl_core_create(const tl_core_config *cfg, tl_core **out);
void tl_core_free(tl_core *core);

/* DRAM: the model reads and writes mem[a - base] for addresses
 * base <= a < base + size; other addresses answer DECERR. The memory
 * stays the caller's. */
void tl_core_set_dram(tl_core *core, uint8_t *mem, uint64_t base, uint64_t size);
/* Address ranges that answer a bus error (first match wins; read faults
 * also apply to instruction fetch). The array stays the caller's and is
 * read until replaced; n = 0 removes them. */
void tl_core_set_faults(tl_core *core, const tl_dma_fault *faults, unsigned n);

/* DRAM through a bus instead of the memory of tl_core_set_dram
 * (tl_dma_bus, trnlite/dma.h): instruction fetch (one 128-byte read per
 * slot) and the DRAM side of every DMA transfer; the bus answers the
 * responses, so the fault list is not used. The struct stays the
 * caller's; NULL goes back to the memory. (The SystemC LT model,
 * docs/systemc.md.) */
void tl_core_set_bus(tl_core *core, const tl_dma_bus *bus);

/* Called after every instruction step that took effect: engine (0 DMA,
 * 1 TE, 2 ACT), the instruction's 32 words (NULL for a fetch error) and
 * the error code it raised (0: it executed; its signal is applied).
 * For time estimates (docs/systemc.md section 4); NULL removes it. */
typedef void (*tl_core_observer)(void *ctx, unsigned engine, const uint32_t *insn, unsigned err);
void tl_core_set_observer(tl_core *core, tl_core_observer fn, void *ctx);

/* CSR access by byte offset (4-aligned; other offsets read 0, writes
 * ignored), exactly as the AXI4-Lite slave behaves. */
uint32_t tl_core_csr_read32(tl_core *core, uint32_t offset);
void tl_core_csr_write32(tl_core *core, uint32_t offset, uint32_t value);

/* Execute until no engine can progress or max_steps instructions (fetch
 * errors and watchdog firings count as steps) have been taken. Returns
 * the number of steps taken; 0 means the core was already quiescent. */
uint64_t tl_core_run(tl_core *core, uint64_t max_steps);

/* For tests: with seed != 0 tl_core_run visits the engines in a seeded
 * random order and lets each take a random run of instructions, one of
 * the other interleavings the semaphores allow (a race-free program gives
 * the same result under every one). The DMA ring then only dispatches a
 * DMA instruction into its queue (up to 4 each); the queues run their
 * instructions in order, but a random queue goes next, as the DMA
 * engine's round robin over queues allows, so a later descriptor of
 * another queue may run first. 0, the default, is round robin, one
 * instruction per engine, each DMA run when dispatched. */
void tl_core_set_schedule(tl_core *core, uint64_t seed);

/* The level interrupt output. */
bool tl_core_irq(const tl_core *core);

/* For tests: SBUF partition p (2^sbuf_part_log2 bytes; NULL if p >= rows)
 * and PSUM entry e of partition p (p < cols, e < banks << bank_log2;
 * get returns 0 and set does nothing out of range). */
uint8_t *tl_core_sbuf(tl_core *core, unsigned p);
uint32_t tl_core_psum_get(const tl_core *core, unsigned p, uint32_t e);
void tl_core_psum_set(tl_core *core, unsigned p, uint32_t e, uint32_t value);

#ifdef __cplusplus
}
#endif

#endif
