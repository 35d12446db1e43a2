/*
 * trnlite core instructions (docs/core.md sections 5 and 7), from the one
 * source trnlite/isa.def: opcodes, operand fields, error codes and field
 * values as C constants, and helpers to encode and decode the 32-word
 * (128-byte) instructions. The C model, the driver and the tests use
 * these; nothing else spells a field position.
 */
#ifndef TRNLITE_ISA_H
#define TRNLITE_ISA_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TL_ISA_NOFIELD(op, name, word, lsb, width, count, doc)
#define TL_ISA_NOERR(name, code, doc)
#define TL_ISA_NOCONST(group, name, value, width)
#define TL_ISA_NOOP(name, value, engines)

/* Opcodes: TL_ISA_OP_NOP, TL_ISA_OP_DMA, ... */
enum tl_isa_opcode {
#define TL_ISA_OP(name, value, engines) TL_ISA_OP_##name = (value),
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_ERR TL_ISA_NOERR
#define TL_ISA_CONST TL_ISA_NOCONST
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
};

/* Core error codes (ERR_CODE): TL_ISA_ERR_BAD_OPCODE, ...; a DMA error c
 * is TL_ISA_ERR_DMA + c. 0 is "no error". */
enum tl_isa_err {
    TL_ISA_ERR_NONE = 0,
#define TL_ISA_ERR(name, code, doc) TL_ISA_ERR_##name = (code),
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_CONST TL_ISA_NOCONST
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
};

/* Field values: TL_ISA_SPACE_SBUF, TL_ISA_ENGINE_TE, TL_ISA_EWOP_MAX, ... */
enum tl_isa_const {
#define TL_ISA_CONST(group, name, value, width) TL_ISA_##group##_##name = (value),
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_FIELD TL_ISA_NOFIELD
#define TL_ISA_ERR TL_ISA_NOERR
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
};

/* Field identifiers for tl_isa_set/tl_isa_get: TL_ISA_<OP>_<NAME>, e.g.
 * TL_ISA_HDR_WS, TL_ISA_MATMUL_K, TL_ISA_ACTIVATE_F. */
enum tl_isa_field_id {
#define TL_ISA_FIELD(op, name, word, lsb, width, count, doc) TL_ISA_##op##_##name,
#define TL_ISA_OP TL_ISA_NOOP
#define TL_ISA_ERR TL_ISA_NOERR
#define TL_ISA_CONST TL_ISA_NOCONST
#include "trnlite/isa.def"
#undef TL_ISA_OP
#undef TL_ISA_FIELD
#undef TL_ISA_ERR
#undef TL_ISA_CONST
    TL_ISA_FIELD_COUNT
};

typedef struct {
    const char *op;     /* "HDR", "DMA", "MATMUL", "ACTIVATE", "ELEMWISE" */
    const char *name;   /* "WS", "K", ... */
    unsigned word, lsb, width, count;
    const char *doc;
} tl_isa_field_info;

typedef uint32_t tl_insn[32]; /* one instruction, word 0 first */

/* Description of a field; NULL if id is out of range. */
const tl_isa_field_info *tl_isa_field(unsigned id);
/* Write value into field id (word `word` of the field; COUNT > 1 fields:
 * tl_isa_set_at). Returns 0, or -1 if the value does not fit the field or
 * id is unknown (nothing is written then). */
int tl_isa_set(uint32_t *insn, unsigned id, uint32_t value);
int tl_isa_set_at(uint32_t *insn, unsigned id, unsigned index, uint32_t value);
/* Read field id (index 0 of a repeated field); 0 for an unknown id. */
uint32_t tl_isa_get(const uint32_t *insn, unsigned id);
uint32_t tl_isa_get_at(const uint32_t *insn, unsigned id, unsigned index);

/* Engines (bit 0 DMA, 1 TE, 2 ACT) that accept an opcode; 0 if unknown. */
unsigned tl_isa_op_engines(unsigned opcode);
/* Name of an opcode ("MATMUL"); NULL if unknown. */
const char *tl_isa_op_name(unsigned opcode);
/* Reserved bits of word w of an instruction with this (known) opcode:
 * the bits that neither HDR nor the opcode's fields name. */
uint32_t tl_isa_reserved_mask(unsigned opcode, unsigned w);
/* Name of a core error code ("BAD_OPCODE"; for 16 + c the DMA's name of
 * c, "RD_SLVERR"); "?" if unknown. */
const char *tl_isa_strerror(unsigned code);

#ifdef __cplusplus
}
#endif

#endif
