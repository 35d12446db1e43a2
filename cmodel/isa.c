/* Instruction fields, opcodes and error names from trnlite/isa.def.
 * Freestanding (no C library): the driver's runtime (sw/rt) links it on
 * a bare-metal target too. */
#include "trnlite/dma.h"
#include "trnlite/isa.h"

#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_ERR TL_ISA_NOERR
#define TL_ISA_CONST TL_ISA_NOCONST
#define TL_ISA_FIELD(op, name, word, lsb, width, count, doc) {#op, #name, word, lsb, width, count, doc},
static const tl_isa_field_info fields[TL_ISA_FIELD_COUNT] = {
#include "trnlite/isa.def"
};
#undef TL_ISA_OP
#undef TL_ISA_FIELD

static const struct {
    unsigned value, engines;
    const char *name;
} ops[] = {
#define TL_ISA_OP(name, value, engines) {value, engines, #name},
#define TL_ISA_FIELD TL_ISA_NOFIELD
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
};
#undef TL_ISA_ERR

static const struct {
    unsigned code;
    const char *name;
} errs[] = {
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_ERR(name, code, doc) {code, #name},
#include "trnlite/isa.def"
};

const tl_isa_field_info *tl_isa_field(unsigned id)
{
    return id < TL_ISA_FIELD_COUNT ? &fields[id] : NULL;
}

static uint32_t field_mask(const tl_isa_field_info *f)
{
    return f->width >= 32 ? 0xFFFFFFFFu : ((1u << f->width) - 1u) << f->lsb;
}

int tl_isa_set_at(uint32_t *insn, unsigned id, unsigned index, uint32_t value)
{
    const tl_isa_field_info *f = tl_isa_field(id);
    if (!f || index >= f->count || (f->width < 32 && value >> f->width))
        return -1;
    uint32_t *w = &insn[f->word + index];
    *w = (*w & ~field_mask(f)) | (value << f->lsb);
    return 0;
}

int tl_isa_set(uint32_t *insn, unsigned id, uint32_t value)
{
    return tl_isa_set_at(insn, id, 0, value);
}

uint32_t tl_isa_get_at(const uint32_t *insn, unsigned id, unsigned index)
{
    const tl_isa_field_info *f = tl_isa_field(id);
    if (!f || index >= f->count)
        return 0;
    return (insn[f->word + index] & field_mask(f)) >> f->lsb;
}

uint32_t tl_isa_get(const uint32_t *insn, unsigned id)
{
    return tl_isa_get_at(insn, id, 0);
}

static int op_index(unsigned opcode)
{
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (ops[i].value == opcode)
            return (int)i;
    return -1;
}

unsigned tl_isa_op_engines(unsigned opcode)
{
    int i = op_index(opcode);
    return i < 0 ? 0 : ops[i].engines;
}

const char *tl_isa_op_name(unsigned opcode)
{
    int i = op_index(opcode);
    return i < 0 ? NULL : ops[i].name;
}

static bool same_name(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

uint32_t tl_isa_reserved_mask(unsigned opcode, unsigned w)
{
    const char *name = tl_isa_op_name(opcode);
    uint32_t used = 0;
    for (unsigned i = 0; i < TL_ISA_FIELD_COUNT; i++) {
        const tl_isa_field_info *f = &fields[i];
        if (!same_name(f->op, "HDR") && !(name && same_name(f->op, name)))
            continue;
        if (w >= f->word && w < f->word + f->count)
            used |= field_mask(f);
    }
    return ~used;
}

const char *tl_isa_strerror(unsigned code)
{
    if (code == 0)
        return "OK";
    if (code > TL_ISA_ERR_DMA && code - TL_ISA_ERR_DMA <= TL_DMA_ERR_BAD_QUEUE)
        return tl_dma_strerror(code - TL_ISA_ERR_DMA);
    for (unsigned i = 0; i < sizeof errs / sizeof errs[0]; i++)
        if (errs[i].code == code && code != TL_ISA_ERR_DMA)
            return errs[i].name;
    return "?";
}
