/* Test support: the runtime on the rtl backend (tests linked with the
 * Verilated core only). */
#ifndef RTL_REF_H
#define RTL_REF_H

#include "gemm_ref.h"

/* The Verilated core (TRNLITE_RTL_CORE) with 8 MiB of DRAM of the given
 * latency; with bp, random back-pressure and long stalls on every AXI
 * channel, so DMA completions arrive in ever different orders and a
 * missing semaphore wait would show. name: the waveform's name (TRACE). */
void ref_rtl_open(ref_cm *d, bool bp, unsigned latency, const char *name);

#endif
