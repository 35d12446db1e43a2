// sdram_ctrl as the board builds it at BOARD_MHZ=30: 30 MHz, CAS latency
// 2, the 32 MiB part, one input register on DQ (board.mk: sdram_30).
#define SDRAM_CLK_MHZ 30
#define SDRAM_CAS_LATENCY 2
#define SDRAM_RD_EXTRA 1
#define SDRAM_ROW_BITS 13
#define SDRAM_COL_BITS 9
#include "shim_sdram_ctrl.cpp"
