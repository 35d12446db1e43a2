/* .npy reading and writing for the trnlite CLI (npy.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "npy.h"

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static const struct {
    const char *names[3]; /* spellings numpy may write */
    const char *descr;
    unsigned itemsize;
} dtypes[] = {
    {{"<f4", NULL, NULL}, "<f4", 4},
    {{"<i4", NULL, NULL}, "<i4", 4},
    {{"<i8", NULL, NULL}, "<i8", 8},
    {{"<u2", NULL, NULL}, "<u2", 2},
    {{"|u1", "<u1", ">u1"}, "|u1", 1},
    {{"|i1", "<i1", ">i1"}, "|i1", 1},
};

/* Find 'key': in the header dict; the value starts after it. */
static const char *dict_value(const char *h, const char *key)
{
    char pat[32];
    snprintf(pat, sizeof pat, "'%s':", key);
    const char *p = strstr(h, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    while (*p == ' ')
        p++;
    return p;
}

static int parse_header(const char *h, npy_array *a, char *err, size_t errlen)
{
    const char *d = dict_value(h, "descr");
    if (!d || *d != '\'')
        return fail(err, errlen, "no dtype ('descr') in the .npy header");
    const char *e = strchr(d + 1, '\'');
    if (!e || e - d - 1 >= 8)
        return fail(err, errlen, "unsupported dtype in the .npy header");
    char descr[8];
    memcpy(descr, d + 1, (size_t)(e - d - 1));
    descr[e - d - 1] = '\0';
    a->descr[0] = '\0';
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        for (int j = 0; j < 3; j++)
            if (dtypes[i].names[j] && strcmp(descr, dtypes[i].names[j]) == 0) {
                strcpy(a->descr, dtypes[i].descr);
                a->itemsize = dtypes[i].itemsize;
            }
    if (!a->descr[0])
        return fail(err, errlen,
                    "dtype '%s' is not supported (float32 '<f4', raw bits uint16 '<u2' or uint8 '|u1', "
                    "int8 '|i1', int32 '<i4'; little-endian)",
                    descr);
    const char *f = dict_value(h, "fortran_order");
    if (!f || (strncmp(f, "False", 5) != 0 && strncmp(f, "True", 4) != 0))
        return fail(err, errlen, "no 'fortran_order' in the .npy header");
    if (*f == 'T')
        return fail(err, errlen, "Fortran-order arrays are not supported (save a C-order array)");
    const char *s = dict_value(h, "shape");
    if (!s || *s != '(')
        return fail(err, errlen, "no 'shape' in the .npy header");
    s++;
    a->ndim = 0;
    for (;;) {
        while (*s == ' ')
            s++;
        if (*s == ')')
            break;
        if (*s < '0' || *s > '9')
            return fail(err, errlen, "malformed shape in the .npy header");
        errno = 0;
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno || a->ndim == 8)
            return fail(err, errlen, "shape too large in the .npy header");
        a->shape[a->ndim++] = v;
        s = end;
        while (*s == ' ')
            s++;
        if (*s == ',')
            s++;
        else if (*s != ')')
            return fail(err, errlen, "malformed shape in the .npy header");
    }
    return 0;
}

int npy_read(const char *path, npy_array *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return fail(err, errlen, "cannot open '%s': %s", path, strerror(errno));
    uint8_t pre[12];
    size_t got = fread(pre, 1, 10, fp);
    if (got >= 6 && got < 10 && memcmp(pre, "\x93NUMPY", 6) == 0) {
        fclose(fp);
        return fail(err, errlen, "'%s': truncated .npy header", path);
    }
    if (got < 10 || memcmp(pre, "\x93NUMPY", 6) != 0) {
        fclose(fp);
        return fail(err, errlen, "'%s' is not a .npy file (no \\x93NUMPY magic)", path);
    }
    unsigned major = pre[6];
    uint32_t hlen;
    size_t pre_len;
    if (major == 1) {
        hlen = pre[8] | (uint32_t)pre[9] << 8;
        pre_len = 10;
    } else if (major == 2 || major == 3) {
        if (fread(pre + 10, 1, 2, fp) != 2) {
            fclose(fp);
            return fail(err, errlen, "'%s': truncated .npy header", path);
        }
        hlen = pre[8] | (uint32_t)pre[9] << 8 | (uint32_t)pre[10] << 16 | (uint32_t)pre[11] << 24;
        pre_len = 12;
    } else {
        fclose(fp);
        return fail(err, errlen, "'%s': .npy format version %u is not supported", path, major);
    }
    if (hlen > (1u << 20)) {
        fclose(fp);
        return fail(err, errlen, "'%s': .npy header of %u bytes is too long", path, hlen);
    }
    char *h = malloc(hlen + 1);
    if (!h) {
        fclose(fp);
        return fail(err, errlen, "'%s': out of memory for its %u-byte header", path, hlen);
    }
    if (fread(h, 1, hlen, fp) != hlen) {
        free(h);
        fclose(fp);
        return fail(err, errlen, "'%s': truncated .npy header", path);
    }
    h[hlen] = '\0';
    char perr[200];
    if (parse_header(h, a, perr, sizeof perr)) {
        free(h);
        fclose(fp);
        return fail(err, errlen, "'%s': %s", path, perr);
    }
    free(h);
    uint64_t n = 1;
    for (unsigned i = 0; i < a->ndim; i++) {
        if (a->shape[i] && n > UINT64_MAX / a->shape[i]) {
            fclose(fp);
            return fail(err, errlen, "'%s': shape too large", path);
        }
        n *= a->shape[i];
    }
    /* The data must be exactly what the shape says. */
    long here = ftell(fp);
    if (fseek(fp, 0, SEEK_END) != 0 || here < 0) {
        fclose(fp);
        return fail(err, errlen, "'%s': cannot seek", path);
    }
    uint64_t avail = (uint64_t)(ftell(fp) - here), want = n * a->itemsize;
    if (n > UINT64_MAX / a->itemsize || avail < want) {
        fclose(fp);
        return fail(err, errlen, "'%s' is truncated: %llu data bytes, the shape needs %llu", path,
                    (unsigned long long)avail, (unsigned long long)want);
    }
    if (avail > want) {
        fclose(fp);
        return fail(err, errlen, "'%s' has %llu bytes after its data", path, (unsigned long long)(avail - want));
    }
    fseek(fp, here, SEEK_SET);
    a->nbytes = (size_t)want;
    a->data = malloc(a->nbytes + 1);
    if (!a->data) {
        fclose(fp);
        return fail(err, errlen, "'%s': out of memory for its %zu data bytes", path, (size_t)want);
    }
    if (fread(a->data, 1, a->nbytes, fp) != a->nbytes) {
        npy_free(a);
        fclose(fp);
        return fail(err, errlen, "'%s': cannot read %zu data bytes", path, (size_t)want);
    }
    fclose(fp);
    (void)pre_len;
    return 0;
}

void npy_free(npy_array *a)
{
    free(a->data);
    a->data = NULL;
}

int npy_write(const char *path, const char *descr, uint64_t rows, uint64_t cols, const void *data,
              char *err, size_t errlen)
{
    unsigned itemsize = 0;
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        if (strcmp(descr, dtypes[i].descr) == 0)
            itemsize = dtypes[i].itemsize;
    if (!itemsize)
        return fail(err, errlen, "cannot write dtype '%s'", descr);
    char dict[160];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%llu, %llu), }",
                       descr, (unsigned long long)rows, (unsigned long long)cols);
    /* Version 1.0: the whole header (10 + dict + padding + newline) is a
     * multiple of 64 bytes. */
    size_t total = ((size_t)(10 + len + 1) + 63) / 64 * 64;
    size_t hlen = total - 10;
    char *tmp = malloc(strlen(path) + 32);
    if (!tmp)
        return fail(err, errlen, "out of memory");
    sprintf(tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *fp = fopen(tmp, "wb");
    if (!fp) {
        int e = errno;
        free(tmp);
        return fail(err, errlen, "cannot create '%s': %s", path, strerror(e));
    }
    uint8_t pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (uint8_t)hlen, (uint8_t)(hlen >> 8)};
    size_t nbytes = (size_t)(rows * cols * itemsize);
    int ok = fwrite(pre, 1, 10, fp) == 10 && fwrite(dict, 1, (size_t)len, fp) == (size_t)len;
    for (size_t i = 10 + (size_t)len; ok && i < total - 1; i++)
        ok = fputc(' ', fp) != EOF;
    ok = ok && fputc('\n', fp) != EOF && fwrite(data, 1, nbytes, fp) == nbytes;
    ok = (fclose(fp) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return fail(err, errlen, "cannot write '%s': %s", path, strerror(e));
    }
    free(tmp);
    return 0;
}
