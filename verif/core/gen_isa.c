/* `make gen`: gen_isa vh  prints rtl/core/tl_isa.vh;
 *             gen_isa doc FILE  regenerates the isa.def tables in FILE. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_gen.h"

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "vh") == 0) {
        isa_gen_vh(stdout);
        return 0;
    }
    if (argc != 3 || strcmp(argv[1], "doc") != 0) {
        fprintf(stderr, "usage: gen_isa vh | gen_isa doc FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    char *buf = NULL, *out = NULL;
    size_t cap = 0, len = 0, out_len = 0;
    for (;;) {
        if (len == cap && !(buf = realloc(buf, cap = cap ? 2 * cap : 65536)))
            return 1;
        size_t r = fread(buf + len, 1, cap - len, f);
        if (!r)
            break;
        len += r;
    }
    fclose(f);
    FILE *mem = open_memstream(&out, &out_len);
    int n = isa_gen_doc(buf, len, mem);
    fclose(mem);
    if (n < 0) {
        fprintf(stderr, "gen_isa: %s: bad isa.def marker (unknown table or no end marker)\n", argv[2]);
        return 1;
    }
    if (!(f = fopen(argv[2], "wb")) || fwrite(out, 1, out_len, f) != out_len || fclose(f)) {
        perror(argv[2]);
        return 1;
    }
    free(buf);
    free(out);
    return 0;
}
