/* Format table: names, widths and bit fields of every trnlite format. */
#include <string.h>

#include "internals.h"

static const char *const names[TL_FMT_COUNT] = {
    [TL_FMT_FP32] = "fp32", [TL_FMT_BF16] = "bf16", [TL_FMT_FP16] = "fp16",
    [TL_FMT_E4M3] = "e4m3", [TL_FMT_E5M2] = "e5m2", [TL_FMT_INT8] = "int8",
    [TL_FMT_INT32] = "int32",
};

static const unsigned widths[TL_FMT_COUNT] = {
    [TL_FMT_FP32] = 32, [TL_FMT_BF16] = 16, [TL_FMT_FP16] = 16,
    [TL_FMT_E4M3] = 8,  [TL_FMT_E5M2] = 8,  [TL_FMT_INT8] = 8,
    [TL_FMT_INT32] = 32,
};

static const tl_ffmt ffmts[] = {
    /* bits exp man bias emax max_man has_inf qnan */
    [TL_FMT_BF16] = {16, 8, 7, 127, 127, 0x7F, 1, TL_QNAN_BF16},
    [TL_FMT_FP16] = {16, 5, 10, 15, 15, 0x3FF, 1, TL_QNAN_FP16},
    [TL_FMT_E4M3] = {8, 4, 3, 7, 8, 0x6, 0, TL_QNAN_E4M3},
    [TL_FMT_E5M2] = {8, 5, 2, 15, 15, 0x3, 1, TL_QNAN_E5M2},
};

const tl_ffmt *tl_ffmt_of(tl_fmt fmt)
{
    switch (fmt) {
    case TL_FMT_BF16:
    case TL_FMT_FP16:
    case TL_FMT_E4M3:
    case TL_FMT_E5M2:
        return &ffmts[fmt];
    default:
        return NULL;
    }
}

unsigned tl_fmt_bits(tl_fmt fmt)
{
    return fmt < TL_FMT_COUNT ? widths[fmt] : 0;
}

const char *tl_fmt_name(tl_fmt fmt)
{
    return fmt < TL_FMT_COUNT ? names[fmt] : NULL;
}

int tl_fmt_parse(const char *name, tl_fmt *fmt)
{
    for (tl_fmt f = 0; f < TL_FMT_COUNT; f++) {
        if (strcmp(name, names[f]) == 0) {
            *fmt = f;
            return 0;
        }
    }
    return -1;
}

bool tl_fmt_is_float(tl_fmt fmt)
{
    return fmt == TL_FMT_FP32 || tl_ffmt_of(fmt) != NULL;
}
