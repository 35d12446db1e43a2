/* Element conversion between any supported pair (ARCHITECTURE.md 5.3). */
#include "internals.h"

static bool is_source(tl_fmt f)
{
    return tl_fmt_is_float(f) || f == TL_FMT_INT8;
}

bool tl_convert_supported(tl_fmt from, tl_fmt to)
{
    return is_source(from) && tl_fmt_is_float(to);
}

uint32_t tl_convert(tl_fmt from, tl_fmt to, uint32_t bits,
                    const tl_convert_opts *opts, uint32_t coord)
{
    uint32_t r = opts->mode == TL_RND_SR ? tl_sr_rand(opts->seed, coord) : 0;
    return tl_narrow(to, tl_widen(from, bits), opts->mode, opts->saturate, r);
}
