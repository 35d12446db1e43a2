/* Generated copies of trnlite/isa.def: the Verilog header and the tables
 * of docs/core.md (`make gen`; test_isa checks they are up to date). */
#ifndef TL_ISA_GEN_H
#define TL_ISA_GEN_H
#include <stddef.h>
#include <stdio.h>

/* Write rtl/core/tl_isa.vh to out. */
void isa_gen_vh(FILE *out);
/* Copy the document text doc[0..len) to out with every table between a
 * "<!-- isa.def: NAME -->" line and the next "<!-- /isa.def -->" line
 * regenerated. NAME: HDR, OPCODES, DMA, MATMUL, ACTIVATE, ELEMWISE,
 * ERRORS. Returns the number of tables written, or -1 on an unknown NAME
 * or a missing end marker. */
int isa_gen_doc(const char *doc, size_t len, FILE *out);
#endif
