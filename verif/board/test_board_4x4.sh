#!/bin/sh
# test_board against the ULX3S top with a 4 x 4 core (BOARD_ARRAY=4x4;
# verif/board/board.mk): test_board's CLI cases, BOARD_SIM naming the
# simulator. The GEMMs read the array from the board (trnlite info) and
# compare with tl_matmul at that size. That simulator has the core's
# SBUF/PSUM port checkers, and BOARD_MEM_STALL turns their random stalls
# on (board_sim --mem-stall; the GEMM cases check that they showed).
# Only the CLI cases (CK_RUN_CASE=cli): the bridge cases do not depend on
# the array, and test_board runs them against the 8 x 4 top.
exec env BOARD_SIM=build/tests/board_sim_4x4 BOARD_MEM_STALL=1 CK_RUN_CASE=cli build/tests/test_board "$@"
