#ifndef TL_ENCODING_VH_H
#define TL_ENCODING_VH_H
#include <stdio.h>
/* Write the Verilog header of encoding.def to out. */
void tl_encoding_vh(FILE *out);
/* Write the Verilog header of pipeline.def to out. */
void tl_pipe_vh(FILE *out);
#endif
