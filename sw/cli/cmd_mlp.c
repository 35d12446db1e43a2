/*
 * trnlite mlp: inference of a small MLP from .npy weights on the device
 * (docs/driver.md section 5). Every input is read and checked before the
 * device runs; the output is written to a temporary file and renamed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "mlp.h"
#include "npy.h"

#define MLP_MAX_LAYERS 16

void cmd_mlp_help(FILE *out)
{
    fputs("  mlp --weights DIR|W1.npy,B1.npy[,W2.npy,B2.npy...] --input X.npy --out Y.npy\n"
          "      [--dtype bf16|fp16|e4m3|e5m2] [--backend cmodel|rtl] [device options]\n"
          "      Inference of an MLP on the device: h = relu(W h + b) per layer, the\n"
          "      last layer without relu. Layer l: W float32 [out x in] (as\n"
          "      torch.nn.Linear stores it), b float32 [out] (or [out x 1], [1 x out]).\n"
          "      DIR holds w1.npy b1.npy w2.npy b2.npy ... (layers 1, 2, ... until\n"
          "      the first missing w<l>.npy). X float32 [batch x in]; Y float32\n"
          "      [batch x out] (the last layer's outputs, fp32).\n"
          "      --dtype       weights and hidden activations (default bf16): W and X\n"
          "                    are converted by the DMA with RNE; each layer's matmul\n"
          "                    accumulates in fp32 in the contract's order, the bias is\n"
          "                    added in fp32 and the result narrowed once with RNE.\n"
          "      Prints a performance report from the core's counters.\n", out);
}

int cli_load_f32(const char *cmd, const char *what, const char *path, bool vec, npy_array *a)
{
    char err[512];
    if (npy_read(path, a, err, sizeof err)) {
        cli_error("%s: %s: %s", cmd, what, err);
        return -1;
    }
    if (strcmp(a->descr, "<f4") != 0) {
        cli_error("%s: %s '%s' has dtype '%s'; it must be float32 '<f4'", cmd, what, path, a->descr);
        return -1;
    }
    bool ok = vec ? a->ndim == 1 || (a->ndim == 2 && (a->shape[0] == 1 || a->shape[1] == 1)) : a->ndim == 2;
    if (!ok) {
        cli_error("%s: %s '%s' has %u dimensions; it must be %s", cmd, what, path, a->ndim,
                  vec ? "a vector (1-D, or 2-D with one side 1)" : "a matrix (2-D)");
        return -1;
    }
    for (unsigned i = 0; i < a->ndim; i++)
        if (a->shape[i] == 0 || a->shape[i] > UINT32_MAX / 4) {
            cli_error("%s: %s '%s' has a zero or too large dimension", cmd, what, path);
            return -1;
        }
    return 0;
}

typedef struct {
    const char *weights, *input, *out;
    tl_fmt fmt;
    cli_dev_opts dev;
} mlp_opts;

static int parse_mlp(int argc, char **argv, mlp_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        int t = cli_dev_opt("mlp", argc, argv, &i, &o->dev);
        if (t < 0)
            return CLI_EUSAGE;
        if (t > 0)
            continue;
        if (strcmp(a, "--weights") == 0 && has_val) o->weights = argv[++i];
        else if (strcmp(a, "--input") == 0 && has_val) o->input = argv[++i];
        else if (strcmp(a, "--out") == 0 && has_val) o->out = argv[++i];
        else if (strcmp(a, "--dtype") == 0 && has_val) {
            const char *f = argv[++i];
            if (tl_fmt_parse(f, &o->fmt) || o->fmt == TL_FMT_FP32 || !tl_fmt_is_float(o->fmt)) {
                cli_error("mlp: bad --dtype '%s' (bf16, fp16, e4m3 or e5m2)", f);
                return CLI_EUSAGE;
            }
        } else {
            static const char *const valued[] = {"--weights", "--input", "--out", "--dtype", NULL};
            return cli_opt_other("mlp", a, has_val, valued, cmd_mlp_help);
        }
    }
    if (!o->weights || !o->input || !o->out) {
        cli_error("mlp: --weights, --input and --out are required (try 'trnlite mlp --help')");
        return CLI_EUSAGE;
    }
    return CLI_OK;
}

/* The weight and bias paths of every layer: 2n entries into paths (each
 * malloc'd). Returns the number of layers, or -1 (said). */
static int weight_paths(const char *spec, char **paths)
{
    unsigned n = 0;
    struct stat sb;
    if (stat(spec, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        for (unsigned l = 1; l <= MLP_MAX_LAYERS; l++) {
            size_t len = strlen(spec) + 16;
            char *w = malloc(len), *b = malloc(len);
            if (!w || !b) {
                free(w);
                free(b);
                cli_error("mlp: out of memory");
                return -1;
            }
            snprintf(w, len, "%s/w%u.npy", spec, l);
            snprintf(b, len, "%s/b%u.npy", spec, l);
            if (access(w, F_OK) != 0) {
                free(w);
                free(b);
                break;
            }
            paths[2 * n] = w;
            paths[2 * n + 1] = b;
            n++;
        }
        if (n == 0) {
            cli_error("mlp: --weights directory '%s' has no w1.npy", spec);
            return -1;
        }
        return (int)n;
    }
    const char *p = spec;
    unsigned k = 0;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (k == 2 * MLP_MAX_LAYERS || len == 0) {
            cli_error("mlp: --weights '%s': %s", spec,
                      len == 0 ? "an empty file name" : "more than 16 layers");
            return -1;
        }
        paths[k] = malloc(len + 1);
        if (!paths[k]) {
            cli_error("mlp: out of memory");
            return -1;
        }
        memcpy(paths[k], p, len);
        paths[k][len] = '\0';
        k++;
        p = e ? e + 1 : p + len;
    }
    if (k == 0 || k % 2) {
        cli_error("mlp: --weights '%s' must name W1.npy,B1.npy[,W2.npy,B2.npy...]: pairs of a matrix and a bias, "
                  "or a directory",
                  spec);
        return -1;
    }
    return (int)(k / 2);
}

int cmd_mlp(int argc, char **argv)
{
    mlp_opts o = {.dev = {.backend = "cmodel"}, .fmt = TL_FMT_BF16};
    int rc = parse_mlp(argc, argv, &o);
    if (rc < 0)
        return CLI_OK; /* --help */
    if (rc)
        return rc;
    char *paths[2 * MLP_MAX_LAYERS] = {0};
    npy_array W[MLP_MAX_LAYERS], Bv[MLP_MAX_LAYERS], X = {0};
    memset(W, 0, sizeof W);
    memset(Bv, 0, sizeof Bv);
    mlp_layer L[MLP_MAX_LAYERS];
    float *y = NULL;
    tl_hal hal = {0};
    tl_dev dev;
    bool opened = false;
    rc = CLI_EINPUT;
    int n = weight_paths(o.weights, paths);
    if (n < 0)
        goto done;
    if (cli_load_f32("mlp", "input", o.input, false, &X))
        goto done;
    uint32_t batch = (uint32_t)X.shape[0], in = (uint32_t)X.shape[1], widest = in;
    for (int l = 0; l < n; l++) {
        char what[32];
        snprintf(what, sizeof what, "layer %d weight", l + 1);
        if (cli_load_f32("mlp", what, paths[2 * l], false, &W[l]))
            goto done;
        snprintf(what, sizeof what, "layer %d bias", l + 1);
        if (cli_load_f32("mlp", what, paths[2 * l + 1], true, &Bv[l]))
            goto done;
        L[l].out = (uint32_t)W[l].shape[0];
        L[l].in = (uint32_t)W[l].shape[1];
        L[l].fb = TL_FMT_FP32;
        uint32_t want = l ? L[l - 1].out : in;
        if (L[l].in != want) {
            cli_error("mlp: shapes do not match: layer %d weight '%s' is %u x %u; it needs %u columns (%s)", l + 1,
                      paths[2 * l], L[l].out, L[l].in, want, l ? "the previous layer's outputs" : "the input's columns");
            goto done;
        }
        if (Bv[l].nbytes / 4 != L[l].out) {
            cli_error("mlp: layer %d bias '%s' has %zu elements; it needs %u (the layer's outputs)", l + 1,
                      paths[2 * l + 1], Bv[l].nbytes / 4, L[l].out);
            goto done;
        }
        if (L[l].out > widest)
            widest = L[l].out;
    }
    rc = cli_open_device("mlp", &o.dev, &hal, &dev);
    if (rc)
        goto done;
    opened = true;
    dev.perf_keep = true;
    tl_rt_perf_clear(&dev);
    mlp_stats st = {0};
    unsigned es = tl_dma_esize(o.fmt);
    uint32_t out = L[n - 1].out;
    uint64_t h[MLP_MAX_LAYERS + 1], xf, zbuf, yb;
    int r = cli_upload(&dev, X.data, X.nbytes, &xf);
    for (int l = 0; l < n && !r; l++) {
        uint64_t wf;
        r = cli_upload(&dev, W[l].data, W[l].nbytes, &wf);
        if (!r)
            r = cli_upload(&dev, NULL, (size_t)L[l].out * L[l].in * es, &L[l].w);
        if (!r)
            r = cli_upload(&dev, Bv[l].data, Bv[l].nbytes, &L[l].b);
        if (!r) { /* the weights in the compute format, converted by the DMA (RNE) */
            tl_rt_copy_args c = {L[l].out, L[l].in, wf, L[l].w, TL_FMT_FP32, o.fmt, false, TL_RND_RNE, false, 0};
            r = mlp_copy(&dev, &c, &st);
            if (r)
                goto device_error;
        }
    }
    for (int l = 0; l <= n && !r; l++)
        r = cli_upload(&dev, NULL, (size_t)(l ? L[l - 1].out : in) * batch * (l == n ? 4 : es), &h[l]);
    if (!r)
        r = cli_upload(&dev, NULL, (size_t)widest * batch * 4, &zbuf);
    if (!r)
        r = cli_upload(&dev, NULL, (size_t)out * batch * 4, &yb);
    if (r == TL_RT_ENOMEM) {
        cli_error("mlp: the weights, the batch of %u and the activations do not fit the device's %llu bytes of DRAM "
                  "(--dram-size)",
                  batch, (unsigned long long)dev.dram_size);
        rc = CLI_EINPUT;
        goto done;
    }
    if (r)
        goto device_error;
    /* X [batch x in] -> h[0] = X^T [in x batch] in the compute format. */
    tl_rt_copy_args cx = {batch, in, xf, h[0], TL_FMT_FP32, o.fmt, true, TL_RND_RNE, false, 0};
    r = mlp_copy(&dev, &cx, &st);
    if (!r)
        r = mlp_forward(&dev, L, (unsigned)n, o.fmt, o.fmt, batch, h, zbuf, &st);
    tl_rt_copy_args cy = {out, batch, h[n], yb, TL_FMT_FP32, TL_FMT_FP32, true, TL_RND_RNE, false, 0};
    if (!r)
        r = mlp_copy(&dev, &cy, &st);
    if (r)
        goto device_error;
    y = malloc((size_t)batch * out * 4 + 1);
    if (!y) {
        cli_error("mlp: out of memory for the %zu-byte result", (size_t)batch * out * 4);
        rc = CLI_EINPUT;
        goto done;
    }
    if (hal.dram_read(hal.ctx, yb, y, (size_t)batch * out * 4) != TL_HAL_OK) {
        cli_error("mlp: cannot read the result back");
        rc = CLI_EDEVICE;
        goto done;
    }
    char err[512];
    if (npy_write(o.out, "<f4", batch, out, y, err, sizeof err)) {
        cli_error("mlp: %s", err);
        rc = CLI_EINPUT;
        goto done;
    }
    printf("mlp: %d layer%s", n, n == 1 ? "" : "s");
    for (int l = 0; l < n; l++)
        printf("%s%u", l ? "-" : " ", L[l].in);
    printf("-%u, batch %u, %s weights and activations on %s (%u x %u array): wrote %s\n", out, batch,
           tl_fmt_name(o.fmt), hal.name, dev.cfg.rows, dev.cfg.cols, o.out);
    cli_perf_report("mlp", &dev, st.dram_bytes);
    rc = CLI_OK;
    goto done;
device_error:
    rc = cli_device_error("mlp", &dev, &hal, r);
done:
    free(y);
    for (int i = 0; i < 2 * MLP_MAX_LAYERS; i++)
        free(paths[i]);
    for (int l = 0; l < MLP_MAX_LAYERS; l++) {
        npy_free(&W[l]);
        npy_free(&Bv[l]);
    }
    npy_free(&X);
    if (opened)
        tl_hal_close(&hal);
    return rc;
}
