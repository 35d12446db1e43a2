/* Writes rtl/core/tl_isa.vh and the instruction tables of docs/core.md
 * from cmodel/include/trnlite/isa.def. */
#include <stdint.h>
#include <string.h>

#include "isa_gen.h"
#include "trnlite/isa.h"

static const struct {
    const char *name;
    unsigned value, engines;
} ops[] = {
#define TL_ISA_OP(name, value, engines) {#name, value, engines},
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_ERR TL_ISA_NOERR
#define TL_ISA_CONST TL_ISA_NOCONST
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
};
#define NOPS (sizeof ops / sizeof ops[0])

static const struct {
    const char *name;
    unsigned code;
    const char *doc;
} errs[] = {
#define TL_ISA_ERR(name, code, doc) {#name, code, doc},
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_CONST TL_ISA_NOCONST
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
};

void isa_gen_vh(FILE *out)
{
    fputs("// trnlite core instruction set for the RTL (docs/core.md sections 5, 7).\n"
          "// Generated from cmodel/include/trnlite/isa.def by `make gen`;\n"
          "// do not edit (test_isa fails when this file is stale).\n"
          "// <OP>_<FIELD>_BIT is the field's lsb in the 1024-bit instruction\n"
          "// (word w, bit b: 32*w + b); <OP>_RESERVED has every reserved bit set.\n"
          "`ifndef TL_ISA_VH\n`define TL_ISA_VH\n", out);
    for (unsigned i = 0; i < NOPS; i++)
        fprintf(out, "`define TL_ISA_OP_%s 8'h%02X\n", ops[i].name, ops[i].value);
    for (unsigned i = 0; i < NOPS; i++)
        fprintf(out, "`define TL_ISA_OP_%s_ENGINES 3'b%u%u%u\n", ops[i].name,
                ops[i].engines >> 2 & 1, ops[i].engines >> 1 & 1, ops[i].engines & 1);
    for (unsigned id = 0; id < TL_ISA_FIELD_COUNT; id++) {
        const tl_isa_field_info *f = tl_isa_field(id);
        fprintf(out, "`define TL_ISA_%s_%s_WORD %u\n", f->op, f->name, f->word);
        fprintf(out, "`define TL_ISA_%s_%s_LSB %u\n", f->op, f->name, f->lsb);
        fprintf(out, "`define TL_ISA_%s_%s_WIDTH %u\n", f->op, f->name, f->width);
        fprintf(out, "`define TL_ISA_%s_%s_BIT %u\n", f->op, f->name, 32 * f->word + f->lsb);
        if (f->count > 1)
            fprintf(out, "`define TL_ISA_%s_%s_COUNT %u\n", f->op, f->name, f->count);
    }
    for (unsigned i = 0; i < NOPS; i++) {
        fprintf(out, "`define TL_ISA_%s_RESERVED 1024'h", ops[i].name);
        for (int w = 31; w >= 0; w--)
            fprintf(out, "%08X%s", tl_isa_reserved_mask(ops[i].value, (unsigned)w), w ? "_" : "\n");
    }
    for (unsigned i = 0; i < sizeof errs / sizeof errs[0]; i++)
        fprintf(out, "`define TL_ISA_ERR_%s 8'd%u\n", errs[i].name, errs[i].code);
#define TL_ISA_CONST(group, name, value, width) \
    fprintf(out, "`define TL_ISA_%s_%s %u'd%u\n", #group, #name, width, (unsigned)(value));
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_ERR TL_ISA_NOERR
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
    fputs("`endif\n", out);
}

static void bits(FILE *out, const tl_isa_field_info *f)
{
    if (f->width == 1)
        fprintf(out, "%u", f->lsb);
    else
        fprintf(out, "%u:%u", f->lsb + f->width - 1, f->lsb);
}

/* The field table of one opcode group ("HDR" or an opcode name). */
static void field_table(FILE *out, const char *op)
{
    fputs("| word | bits | field |\n| --- | --- | --- |\n", out);
    for (unsigned id = 0; id < TL_ISA_FIELD_COUNT; id++) {
        const tl_isa_field_info *f = tl_isa_field(id);
        if (strcmp(f->op, op) != 0)
            continue;
        if (f->count > 1)
            fprintf(out, "| %u..%u | ", f->word, f->word + f->count - 1);
        else
            fprintf(out, "| %u | ", f->word);
        bits(out, f);
        fprintf(out, " | `%s`: %s |\n", f->name, f->doc);
    }
    fputs("| others | | reserved: must be 0 |\n", out);
}

static int table(FILE *out, const char *name)
{
    if (strcmp(name, "OPCODES") == 0) {
        static const char *const eng[8] = {"?", "DMA", "TE", "?", "ACT", "?", "?", "any"};
        fputs("| opcode | engine | name |\n| --- | --- | --- |\n", out);
        for (unsigned i = 0; i < NOPS; i++)
            fprintf(out, "| 0x%02X | %s | `%s` |\n", ops[i].value, eng[ops[i].engines & 7], ops[i].name);
        return 0;
    }
    if (strcmp(name, "ERRORS") == 0) {
        fputs("| code | name | cause |\n| --- | --- | --- |\n", out);
        for (unsigned i = 0; i < sizeof errs / sizeof errs[0]; i++)
            fprintf(out, "| %u | `%s` | %s |\n", errs[i].code, errs[i].name, errs[i].doc);
        return 0;
    }
    if (strcmp(name, "HDR") == 0) {
        field_table(out, "HDR");
        return 0;
    }
    for (unsigned i = 0; i < NOPS; i++)
        if (strcmp(name, ops[i].name) == 0) {
            field_table(out, name);
            return 0;
        }
    return -1;
}

int isa_gen_doc(const char *doc, size_t len, FILE *out)
{
    static const char begin[] = "<!-- isa.def: ", end[] = "<!-- /isa.def -->";
    const char *p = doc, *stop = doc + len;
    int n = 0;
    while (p < stop) {
        const char *nl = memchr(p, '\n', (size_t)(stop - p));
        const char *eol = nl ? nl + 1 : stop;
        fwrite(p, 1, (size_t)(eol - p), out);
        if ((size_t)(eol - p) > sizeof begin && memcmp(p, begin, sizeof begin - 1) == 0) {
            char name[32];
            const char *q = p + sizeof begin - 1;
            size_t k = 0;
            while (q < eol && *q != ' ' && k + 1 < sizeof name)
                name[k++] = *q++;
            name[k] = 0;
            if (table(out, name) < 0)
                return -1;
            /* skip the old table up to the end marker */
            const char *e = eol;
            while (e < stop && memcmp(e, end, sizeof end - 1) != 0) {
                const char *enl = memchr(e, '\n', (size_t)(stop - e));
                e = enl ? enl + 1 : stop;
            }
            if (e >= stop)
                return -1;
            eol = e;
            n++;
        }
        p = eol;
    }
    return n;
}
