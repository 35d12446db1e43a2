/*
 * trnlite convert: convert hex bit patterns between formats, one per line,
 * with the C model's rules. All input is read and checked before anything is
 * written, so bad input gives an error and no partial output.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "trnlite/numerics.h"

void cmd_convert_help(FILE *out)
{
    fputs("  convert --from FMT --to FMT [--round rne|sr] [--seed N]\n"
          "          [--saturate|--no-saturate]\n"
          "      Read one hex bit pattern per line on stdin (optional 0x), write\n"
          "      the converted pattern per line on stdout, in the same order.\n"
          "      FMT: fp32 bf16 fp16 e4m3 e5m2 (and int8 as a source).\n"
          "      --round   rne (default) or sr (stochastic; line i, 0-based, is\n"
          "                element coordinate i of the SR generator)\n"
          "      --seed    SR seed, decimal 0..4294967295 (default 0)\n"
          "      --saturate / --no-saturate  FP8 overflow to +-max or to\n"
          "                NaN (e4m3) / inf (e5m2); default --no-saturate\n", out);
}

/* Parse a whole string as a decimal number 0..UINT32_MAX, strictly: digits
 * only, no sign, no 0x, and no leading zero ("010" is neither 8 nor 10 to
 * every reader, so it is refused). */
static int parse_u32(const char *s, uint32_t *v)
{
    uint64_t x = 0;
    if (!*s || (s[0] == '0' && s[1]))
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        x = x * 10 + (uint64_t)(*s - '0');
        if (x > UINT32_MAX)
            return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

/* At most this many bytes of a bad line are quoted in the message. */
#define EXCERPT_MAX 32

/* Quote the start of a bad line of len bytes, whose first bytes are in
 * head: at most EXCERPT_MAX bytes, anything not printable as \xNN, and the
 * line's length when cut. Writes into buf (cap >= 4 * EXCERPT_MAX + 48). */
static const char *excerpt(const char *head, size_t len, char *buf, size_t cap)
{
    size_t o = 0, n = len < EXCERPT_MAX ? len : EXCERPT_MAX;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)head[i];
        if (c >= 0x20 && c < 0x7F && c != '\\')
            buf[o++] = (char)c;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", c);
    }
    if (n < len)
        snprintf(buf + o, cap - o, "'... (first %d of %zu bytes)", EXCERPT_MAX, len);
    else
        snprintf(buf + o, cap - o, "'");
    return buf;
}

/* Parse one input line (without its newline) as hex of at most `bits`. */
static const char *parse_hex_line(char *line, unsigned bits, uint32_t *v)
{
    size_t len = strlen(line);
    while (len && isspace((unsigned char)line[len - 1]))
        line[--len] = '\0';
    char *p = line;
    while (isspace((unsigned char)*p))
        p++;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    if (!*p)
        return "empty value";
    uint64_t x = 0;
    for (; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9') d = *p - '0';
        else if (*p >= 'a' && *p <= 'f') d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F') d = *p - 'A' + 10;
        else return "malformed hex";
        x = (x << 4) | (uint64_t)d;
        if (x >> bits)
            return "value wider than the source format";
    }
    *v = (uint32_t)x;
    return NULL;
}

int cmd_convert(int argc, char **argv)
{
    const char *from_s = NULL, *to_s = NULL;
    tl_convert_opts opts = {.mode = TL_RND_RNE, .saturate = false, .seed = 0};

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        if (strcmp(a, "--from") == 0 && has_val) {
            from_s = argv[++i];
        } else if (strcmp(a, "--to") == 0 && has_val) {
            to_s = argv[++i];
        } else if (strcmp(a, "--round") == 0 && has_val) {
            const char *m = argv[++i];
            if (strcmp(m, "rne") == 0) opts.mode = TL_RND_RNE;
            else if (strcmp(m, "sr") == 0) opts.mode = TL_RND_SR;
            else { cli_error("convert: unknown rounding mode '%s' (rne or sr)", m); return CLI_EUSAGE; }
        } else if (strcmp(a, "--seed") == 0 && has_val) {
            if (parse_u32(argv[++i], &opts.seed)) {
                cli_error("convert: bad seed '%s' (decimal 0..4294967295, no sign or leading zero)", argv[i]);
                return CLI_EUSAGE;
            }
        } else if (strcmp(a, "--saturate") == 0) {
            opts.saturate = true;
        } else if (strcmp(a, "--no-saturate") == 0) {
            opts.saturate = false;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            cmd_convert_help(stdout);
            return CLI_OK;
        } else {
            cli_error("convert: unknown or incomplete option '%s'", a);
            return CLI_EUSAGE;
        }
    }
    if (!from_s || !to_s) {
        cli_error("convert: --from and --to are required");
        return CLI_EUSAGE;
    }
    tl_fmt from, to;
    if (tl_fmt_parse(from_s, &from)) { cli_error("convert: unknown format '%s'", from_s); return CLI_EUSAGE; }
    if (tl_fmt_parse(to_s, &to)) { cli_error("convert: unknown format '%s'", to_s); return CLI_EUSAGE; }
    if (!tl_convert_supported(from, to)) {
        cli_error("convert: unsupported conversion %s -> %s", from_s, to_s);
        return CLI_EUSAGE;
    }

    unsigned in_bits = tl_fmt_bits(from), out_digits = tl_fmt_bits(to) / 4;
    size_t n = 0, cap = 1024;
    uint32_t *out = malloc(cap * sizeof *out);
    char *line = NULL;
    size_t line_cap = 0;
    int rc = CLI_OK;
    if (!out) { cli_error("convert: out of memory"); return CLI_EINPUT; }
    ssize_t got;
    while ((got = getline(&line, &line_cap, stdin)) != -1) {
        uint32_t v;
        size_t len = (size_t)got;
        if (len && line[len - 1] == '\n')
            len--;
        /* parse_hex_line trims the line: keep its start for the message. */
        char head[EXCERPT_MAX];
        memcpy(head, line, len < EXCERPT_MAX ? len : EXCERPT_MAX);
        /* A NUL would end the string early and hide what follows it. */
        const char *err = memchr(line, '\0', len) ? "NUL byte in line" : NULL;
        if (!err) {
            line[len] = '\0';
            err = parse_hex_line(line, in_bits, &v);
        }
        if (err) {
            char q[4 * EXCERPT_MAX + 48];
            cli_error("convert: line %zu: %s: '%s", n + 1, err, excerpt(head, len, q, sizeof q));
            rc = CLI_EINPUT;
            break;
        }
        if (n == cap) {
            uint32_t *grown = realloc(out, 2 * cap * sizeof *out);
            if (!grown) { cli_error("convert: out of memory"); rc = CLI_EINPUT; break; }
            out = grown;
            cap *= 2;
        }
        out[n] = tl_convert(from, to, v, &opts, (uint32_t)n);
        n++;
    }
    if (rc == CLI_OK && ferror(stdin)) {
        cli_error("convert: error reading standard input");
        rc = CLI_EINPUT;
    }
    for (size_t i = 0; rc == CLI_OK && i < n; i++)
        printf("%0*x\n", (int)out_digits, (unsigned)out[i]);
    if (rc == CLI_OK && (fflush(stdout) || ferror(stdout))) {
        cli_error("convert: error writing standard output");
        rc = CLI_EINPUT;
    }
    free(line);
    free(out);
    return rc;
}
