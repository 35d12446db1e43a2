// core_act as in the board configuration (fpga/configs.mk core_board): 8 x 4,
// 64-bit words, 16 KiB SBUF partitions, four PSUM banks, and one arithmetic
// lane serving the 8 partitions in eight rounds (verif/core/act.mk).
#define ACT_ROWS 8
#define ACT_COLS 4
#define ACT_DW 64
#define ACT_SBUF_PART_LOG2 14
#define ACT_PSUM_BANKS 4
#define ACT_PSUM_BANK_LOG2 9
#define ACT_LANES 1
#include "shim_core_act.inc"
