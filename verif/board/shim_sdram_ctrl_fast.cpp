// sdram_ctrl at 125 MHz, CAS latency 3, a 64 MiB part (10 column bits)
// and one input register on DQ (board.mk: sdram_fast).
#define SDRAM_CLK_MHZ 125
#define SDRAM_CAS_LATENCY 3
#define SDRAM_RD_EXTRA 1
#define SDRAM_ROW_BITS 13
#define SDRAM_COL_BITS 10
#include "shim_sdram_ctrl.cpp"
