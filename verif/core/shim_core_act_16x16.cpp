// core_act at 16 x 16, 128-bit words, four PSUM banks (verif/core/act.mk).
#define ACT_ROWS 16
#define ACT_COLS 16
#define ACT_DW 128
#define ACT_SBUF_PART_LOG2 16
#define ACT_PSUM_BANKS 4
#define ACT_PSUM_BANK_LOG2 9
#include "shim_core_act.inc"
