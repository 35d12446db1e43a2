/*
 * <assert.h> for the freestanding cross build of sw/rt (no C library
 * there): the generated trnlite/csr.h checks its layout with
 * static_assert, which is all it needs from this header.
 */
#ifndef TRNLITE_FREESTANDING_ASSERT_H
#define TRNLITE_FREESTANDING_ASSERT_H
#define static_assert _Static_assert
#define assert(x) ((void)0)
#endif
