// core_act at 4 x 4, 64-bit words, one PSUM bank (verif/core/act.mk).
#define ACT_ROWS 4
#define ACT_COLS 4
#define ACT_DW 64
#define ACT_SBUF_PART_LOG2 16
#define ACT_PSUM_BANKS 1
#define ACT_PSUM_BANK_LOG2 9
#include "shim_core_act.inc"
