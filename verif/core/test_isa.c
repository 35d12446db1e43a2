#define _POSIX_C_SOURCE 200809L
/* The instruction set has one source, isa.def: its generated copies
 * (rtl/core/tl_isa.vh, the tables of docs/core.md) are up to date, the
 * table is consistent, and the C helpers encode what it says. */
#include <stdlib.h>
#include <string.h>

#include "isa_gen.h"
#include "tl_test.h"
#include "trnlite/isa.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run from the repo top)", path);
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    *len = 0;
    size_t r;
    while ((r = fread(buf + *len, 1, cap - *len, f)) > 0)
        if ((*len += r) == cap)
            buf = realloc(buf, cap *= 2);
    fclose(f);
    return buf;
}

START_TEST(vh_is_generated)
{
    char *want = NULL;
    size_t want_len = 0, have_len;
    FILE *mem = open_memstream(&want, &want_len);
    isa_gen_vh(mem);
    fclose(mem);
    char *have = slurp("rtl/core/tl_isa.vh", &have_len);
    ck_assert_msg(have_len == want_len && memcmp(have, want, want_len) == 0,
                  "rtl/core/tl_isa.vh is stale: run `make gen`");
    free(want);
    free(have);
}
END_TEST

START_TEST(doc_tables_are_generated)
{
    size_t len, out_len = 0;
    char *doc = slurp("docs/core.md", &len), *out = NULL;
    FILE *mem = open_memstream(&out, &out_len);
    int n = isa_gen_doc(doc, len, mem);
    fclose(mem);
    ck_assert_int_eq(n, 7); /* HDR, OPCODES, 4 opcodes with operands, ERRORS */
    ck_assert_msg(out_len == len && memcmp(out, doc, len) == 0,
                  "the isa.def tables of docs/core.md are stale: run `make gen`");
    free(doc);
    free(out);
}
END_TEST

/* No two fields of one instruction share a bit; every field fits its
 * word and the 32 words. */
START_TEST(fields_disjoint)
{
    const unsigned opcodes[] = {TL_ISA_OP_NOP, TL_ISA_OP_DMA, TL_ISA_OP_MATMUL, TL_ISA_OP_ACTIVATE,
                                TL_ISA_OP_ELEMWISE};
    for (unsigned o = 0; o < 5; o++) {
        const char *name = tl_isa_op_name(opcodes[o]);
        uint32_t used[32] = {0};
        for (unsigned id = 0; id < TL_ISA_FIELD_COUNT; id++) {
            const tl_isa_field_info *f = tl_isa_field(id);
            if (strcmp(f->op, "HDR") && strcmp(f->op, name))
                continue;
            ck_assert_msg(f->lsb + f->width <= 32 && f->word + f->count <= 32, "%s_%s", f->op, f->name);
            uint32_t m = f->width == 32 ? ~0u : ((1u << f->width) - 1) << f->lsb;
            for (unsigned i = 0; i < f->count; i++) {
                ck_assert_msg(!(used[f->word + i] & m), "%s_%s overlaps another field", f->op, f->name);
                used[f->word + i] |= m;
            }
        }
        for (unsigned w = 0; w < 32; w++)
            ck_assert_uint_eq(tl_isa_reserved_mask(opcodes[o], w), ~used[w]);
    }
}
END_TEST

/* The helpers put values where docs/core.md section 5 says (spot checks
 * written from the doc, not from the table) and refuse values too wide. */
START_TEST(set_get_positions)
{
    tl_insn in = {0};
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_HDR_OPCODE, TL_ISA_OP_MATMUL), 0);
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_HDR_WS, 31), 0);
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_HDR_SIGNAL, 1), 0);
    ck_assert_uint_eq(in[0], 0x20u | 31u << 8 | 1u << 21);
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_MATMUL_M, 16), 0);
    ck_assert_uint_eq(in[5], 16u << 16);
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_HDR_WS, 32), -1);
    ck_assert_uint_eq(tl_isa_get(in, TL_ISA_HDR_WS), 31);
    ck_assert_int_eq(tl_isa_set(in, TL_ISA_ELEMWISE_B_FMT, 5), 0);
    ck_assert_uint_eq(in[4] >> 18 & 7u, 5);
    ck_assert_int_eq(tl_isa_set_at(in, TL_ISA_DMA_DESC, 19, 0xABCD), 0);
    ck_assert_uint_eq(in[27], 0xABCD);
    ck_assert_int_eq(tl_isa_set_at(in, TL_ISA_DMA_DESC, 20, 1), -1);
    ck_assert_uint_eq(tl_isa_reserved_mask(TL_ISA_OP_NOP, 3), 0xFFFFFFFFu);
    ck_assert_uint_eq(tl_isa_reserved_mask(TL_ISA_OP_NOP, 0), ~(0xFFu | 0x3Fu << 8 | 0x3Fu << 16));
    ck_assert_str_eq(tl_isa_strerror(TL_ISA_ERR_WAIT_TIMEOUT), "WAIT_TIMEOUT");
    ck_assert_str_eq(tl_isa_strerror(TL_ISA_ERR_DMA + 1), "RD_SLVERR");
    ck_assert_uint_eq(tl_isa_op_engines(0x21), 0);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("isa");
    TCase *tc = tcase_create("isa");
    tcase_add_test(tc, vh_is_generated);
    tcase_add_test(tc, doc_tables_are_generated);
    tcase_add_test(tc, fields_disjoint);
    tcase_add_test(tc, set_get_positions);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
