/*
 * HAL backends "systemc-rtl" and "systemc-lt" (docs/systemc.md section 5):
 * the core as a SystemC/TLM-2.0 module, the Verilated RTL or the
 * loosely-timed model, in a platform with a TLM memory. One SystemC
 * platform per process: a second open returns TL_HAL_ENODEV.
 */
#ifndef TRNLITE_HAL_SYSTEMC_H
#define TRNLITE_HAL_SYSTEMC_H

#include <stdbool.h>
#include <stdint.h>

#include "tl_hal_host.h"

#ifdef __cplusplus
extern "C" {
#endif

/* opts: dram_base, dram_size, latency (memory latency in cycles, 0: 1);
 * systemc-lt also cfg (NULL: the configuration of the Verilated build,
 * 4 x 8, so both backends are the same core). wait_irq's units are
 * cycles of the 100 MHz platform clock on both. */
int tl_hal_systemc_rtl_open(const tl_hal_opts *opts, tl_hal *hal);
int tl_hal_systemc_lt_open(const tl_hal_opts *opts, tl_hal *hal);
/* The global quantum (tlm_global_quantum) the next open sets for the LT
 * model's temporal decoupling, in ns (0: the default, 10 us). */
void tl_hal_systemc_set_quantum_ns(uint64_t ns);
/* Tests: the TLM memory's error ranges (tlm_memory::add_fault). */
int tl_hal_systemc_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
void tl_hal_systemc_clear_faults(tl_hal *hal);
/* Simulated time in platform clock cycles (tests, benches). */
uint64_t tl_hal_systemc_cycles(const tl_hal *hal);
/* Memory transactions the TLM memory served so far. */
uint64_t tl_hal_systemc_transactions(const tl_hal *hal);

#ifdef __cplusplus
}
#endif

#endif
