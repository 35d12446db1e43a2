/* Writes rtl/common/tl_encoding.vh from cmodel/include/trnlite/encoding.def. */
#include "encoding_vh.h"

void tl_encoding_vh(FILE *out)
{
    fputs("// trnlite field encodings for the RTL.\n"
          "// Generated from cmodel/include/trnlite/encoding.def by `make gen`;\n"
          "// do not edit (test_encoding fails when this file is stale).\n"
          "`ifndef TL_ENCODING_VH\n"
          "`define TL_ENCODING_VH\n", out);
#define TL_ENC(group, name, value, width) \
    fprintf(out, "`define TL_%s_%s %d'h%lx\n", #group, #name, width, (unsigned long)(value));
#include "trnlite/encoding.def"
#undef TL_ENC
    fputs("`endif\n", out);
}
