/*
 * trnlite pipeline depths shared by the RTL and the C model, as enum
 * constants TL_<NAME> from pipeline.def (rtl/common/tl_pipe.vh holds the
 * same table as `TL_<NAME>, generated from it).
 */
#ifndef TRNLITE_PIPELINE_H
#define TRNLITE_PIPELINE_H

enum {
#define TL_PIPE(name, value, doc) TL_##name = (value),
#include "trnlite/pipeline.def"
#undef TL_PIPE
};

#endif
