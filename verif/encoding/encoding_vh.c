/* Writes rtl/common/tl_encoding.vh from cmodel/include/trnlite/encoding.def
 * and rtl/common/tl_pipe.vh from cmodel/include/trnlite/pipeline.def. */
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

/* Each line of a DOC string becomes a Verilog comment line. */
static void vh_comment(FILE *out, const char *doc)
{
    fputs("// ", out);
    for (; *doc; doc++) {
        if (*doc == '\n')
            fputs("\n// ", out);
        else
            fputc(*doc, out);
    }
    fputc('\n', out);
}

void tl_pipe_vh(FILE *out)
{
    fputs("// trnlite pipeline depths that more than one module, or the C model,\n"
          "// builds on.\n"
          "// Generated from cmodel/include/trnlite/pipeline.def by `make gen`;\n"
          "// do not edit (test_encoding fails when this file is stale).\n"
          "`ifndef TL_PIPE_VH\n"
          "`define TL_PIPE_VH\n", out);
#define TL_PIPE(name, value, doc) \
    vh_comment(out, doc);         \
    fprintf(out, "`define TL_%s %d\n", #name, (value));
#include "trnlite/pipeline.def"
#undef TL_PIPE
    fputs("`endif\n", out);
}
