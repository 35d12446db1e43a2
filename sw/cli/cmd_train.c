/*
 * trnlite train: a 2-layer MLP trained with SGD on the device, next to an
 * fp32 reference on the host (docs/driver.md section 5.2). Every matmul
 * and elementwise step runs on the engine; the softmax cross-entropy and
 * its gradient run on the host.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mlp.h"
#include "train.h"

void cmd_train_help(FILE *out)
{
    fputs("  train [--x X.npy --y Y.npy | --csv FILE] [--mode bf16|fp8] [--round rne|sr|both]\n"
          "        [--epochs N] [--batch N] [--hidden N] [--lr F] [--seed N] [--save DIR]\n"
          "        [--backend cmodel|rtl] [device options]\n"
          "      Train a 2-layer MLP (in-hidden-classes, relu) with SGD on the device,\n"
          "      next to an fp32 reference on the host. Every matmul (forward and\n"
          "      backward), bias, ReLU, ReLU gradient and SGD update runs on the engine;\n"
          "      the softmax cross-entropy and its gradient run on the host.\n"
          "      --x, --y      features float32 [n x f], labels uint8/int32/int64 [n]\n"
          "                    (default build/data/digits_x.npy, digits_y.npy: 'make digits')\n"
          "      --csv FILE    instead: features then label on each line\n"
          "      --mode        bf16 (default): bf16 weights, activations, gradients;\n"
          "                    fp8: e4m3 weights and activations, e5m2 gradients.\n"
          "                    The weights are stored in bf16 in both modes.\n"
          "      --round       the bf16 weight update: rne, sr (default) or both\n"
          "      --epochs N (default 10), --batch N (32), --hidden N (32),\n"
          "      --lr F (0.01), --seed N (1)\n"
          "      --save DIR    write w1.npy b1.npy w2.npy b2.npy (float32) for 'trnlite mlp'\n", out);
}

typedef struct {
    const char *x, *y, *csv, *save;
    bool fp8;
    int rounds;          /* bit 0: RNE run, bit 1: SR run */
    uint32_t epochs, batch, hidden, seed;
    float lr;
    cli_dev_opts dev;
} train_opts;

/* One network on the device: bf16 masters, the tensor engine's copies,
 * and the step's buffers. */
typedef struct {
    tl_round round;
    uint64_t w1, b1, w2, b2;          /* bf16 masters: [H x D], [H], [C x H], [C] */
    uint64_t w1q, w2q;                /* the tensor engine's weights (fp8: e4m3; bf16: the masters) */
    double loss;                      /* this epoch's summed batch losses */
    uint32_t changed;                 /* master weight elements an epoch changed */
    float acc;
} dnet;

/* Shared device buffers. */
typedef struct {
    uint64_t xf, xa, xt, z, h1, lg, gf, dz2, h1t, ones, w2t, dw2, db2, dh1, dz1, dw1, db1, tmp;
    uint64_t xtest, h1test, lgtest, ztest, init;
} dbuf;

typedef struct {
    tl_dev *dev;
    tl_hal *hal;
    const train_opts *o;
    uint32_t D, H, C, B, ntest;
    tl_fmt fw, fa, fg;                /* weights, activations, gradients on the tensor engine */
    dbuf b;
    mlp_stats st;
    uint64_t step;
} trainer;

static int parse_f(const char *s, float *v)
{
    char *end;
    errno = 0;
    double d = strtod(s, &end);
    if (errno || *end || end == s || !(d > 0) || d > 1e6)
        return -1;
    *v = (float)d;
    return 0;
}

static int parse_u32_opt(const char *opt, const char *s, uint32_t lo, uint32_t hi, uint32_t *v)
{
    uint64_t x;
    if (cli_parse_u64(s, &x) || x < lo || x > hi) {
        cli_error("train: bad %s '%s' (%u..%u)", opt, s, lo, hi);
        return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

static int parse_train(int argc, char **argv, train_opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_val = i + 1 < argc;
        int t = cli_dev_opt("train", argc, argv, &i, &o->dev);
        if (t < 0)
            return CLI_EUSAGE;
        if (t > 0)
            continue;
        if (strcmp(a, "--x") == 0 && has_val) o->x = argv[++i];
        else if (strcmp(a, "--y") == 0 && has_val) o->y = argv[++i];
        else if (strcmp(a, "--csv") == 0 && has_val) o->csv = argv[++i];
        else if (strcmp(a, "--save") == 0 && has_val) o->save = argv[++i];
        else if (strcmp(a, "--mode") == 0 && has_val) {
            const char *m = argv[++i];
            if (strcmp(m, "bf16") && strcmp(m, "fp8")) {
                cli_error("train: bad --mode '%s' (bf16 or fp8)", m);
                return CLI_EUSAGE;
            }
            o->fp8 = strcmp(m, "fp8") == 0;
        } else if (strcmp(a, "--round") == 0 && has_val) {
            const char *m = argv[++i];
            o->rounds = !strcmp(m, "rne") ? 1 : !strcmp(m, "sr") ? 2 : !strcmp(m, "both") ? 3 : 0;
            if (!o->rounds) {
                cli_error("train: bad --round '%s' (rne, sr or both)", m);
                return CLI_EUSAGE;
            }
        } else if (strcmp(a, "--epochs") == 0 && has_val) {
            if (parse_u32_opt(a, argv[++i], 1, 100000, &o->epochs))
                return CLI_EUSAGE;
        } else if (strcmp(a, "--batch") == 0 && has_val) {
            if (parse_u32_opt(a, argv[++i], 1, 65535, &o->batch))
                return CLI_EUSAGE;
        } else if (strcmp(a, "--hidden") == 0 && has_val) {
            if (parse_u32_opt(a, argv[++i], 1, 65535, &o->hidden))
                return CLI_EUSAGE;
        } else if (strcmp(a, "--seed") == 0 && has_val) {
            if (parse_u32_opt(a, argv[++i], 0, UINT32_MAX, &o->seed))
                return CLI_EUSAGE;
        } else if (strcmp(a, "--lr") == 0 && has_val) {
            if (parse_f(argv[++i], &o->lr)) {
                cli_error("train: bad --lr '%s' (a positive number)", argv[i]);
                return CLI_EUSAGE;
            }
        } else {
            static const char *const valued[] = {"--x", "--y", "--csv", "--save", "--mode", "--round", "--epochs",
                                                 "--batch", "--hidden", "--seed", "--lr", NULL};
            return cli_opt_other("train", a, has_val, valued, cmd_train_help);
        }
    }
    if (o->csv && (o->x || o->y)) {
        cli_error("train: give --csv or --x/--y, not both");
        return CLI_EUSAGE;
    }
    if (!o->csv && (!o->x != !o->y)) {
        cli_error("train: --x and --y go together");
        return CLI_EUSAGE;
    }
    return CLI_OK;
}

/* ------------------------------------------------------------ host math */

/* Softmax cross-entropy of logits z [C x B] (column j: sample j) with
 * labels y: returns the mean loss; g = (softmax - onehot) / B. */
static double softmax_xent(const float *z, const uint8_t *y, uint32_t C, uint32_t B, float *g)
{
    double loss = 0;
    for (uint32_t j = 0; j < B; j++) {
        float mx = z[j];
        for (uint32_t c = 1; c < C; c++)
            if (z[(size_t)c * B + j] > mx)
                mx = z[(size_t)c * B + j];
        float sum = 0;
        for (uint32_t c = 0; c < C; c++)
            sum += expf(z[(size_t)c * B + j] - mx);
        loss += (double)(logf(sum) + mx - z[(size_t)y[j] * B + j]);
        for (uint32_t c = 0; c < C; c++) {
            float p = expf(z[(size_t)c * B + j] - mx) / sum;
            g[(size_t)c * B + j] = (p - (c == y[j] ? 1.0f : 0.0f)) / (float)B;
        }
    }
    return loss / B;
}

/* out [M x N] = a [M x K] @ b [K x N], with transposes by flags: a is
 * stored [K x M] when ta, b is stored [N x K] when tb. */
static void host_mm(const float *a, const float *b, float *out, uint32_t M, uint32_t K, uint32_t N, bool ta, bool tb)
{
    for (uint32_t m = 0; m < M; m++)
        for (uint32_t n = 0; n < N; n++) {
            float s = 0;
            for (uint32_t k = 0; k < K; k++)
                s += (ta ? a[(size_t)k * M + m] : a[(size_t)m * K + k]) * (tb ? b[(size_t)n * K + k] : b[(size_t)k * N + n]);
            out[(size_t)m * N + n] = s;
        }
}

/* The fp32 host reference network. */
typedef struct {
    float *w1, *b1, *w2, *b2;
    float *z1, *z2, *g, *dh, *dw1, *dw2;
    double loss;
    float acc;
} hnet;

/* Forward: h = relu(W1 x^T + b1) [H x B], logits [C x B] in z2. x is [B x D]. */
static void host_forward(hnet *n, const float *x, uint32_t D, uint32_t H, uint32_t C, uint32_t B)
{
    host_mm(n->w1, x, n->z1, H, D, B, false, true);
    for (uint32_t h = 0; h < H; h++)
        for (uint32_t j = 0; j < B; j++) {
            float u = n->z1[(size_t)h * B + j] + n->b1[h];
            n->z1[(size_t)h * B + j] = u > 0 ? u : 0;
        }
    host_mm(n->w2, n->z1, n->z2, C, H, B, false, false);
    for (uint32_t c = 0; c < C; c++)
        for (uint32_t j = 0; j < B; j++)
            n->z2[(size_t)c * B + j] += n->b2[c];
}

static void sgd(float *p, const float *g, size_t n, float lr)
{
    for (size_t i = 0; i < n; i++)
        p[i] -= lr * g[i];
}

static void host_step(hnet *n, const float *x, const uint8_t *y, uint32_t D, uint32_t H, uint32_t C, uint32_t B,
                      float lr)
{
    host_forward(n, x, D, H, C, B);
    n->loss += softmax_xent(n->z2, y, C, B, n->g);
    host_mm(n->g, n->z1, n->dw2, C, B, H, false, true);            /* dW2 = G H^T */
    host_mm(n->w2, n->g, n->dh, H, C, B, true, false);             /* dH = W2^T G */
    for (size_t i = 0; i < (size_t)H * B; i++)
        n->dh[i] = n->z1[i] > 0 ? n->dh[i] : 0;
    host_mm(n->dh, x, n->dw1, H, B, D, false, false);              /* dW1 = dZ1 X */
    sgd(n->w2, n->dw2, (size_t)C * H, lr);
    sgd(n->w1, n->dw1, (size_t)H * D, lr);
    for (uint32_t c = 0; c < C; c++) {
        float s = 0;
        for (uint32_t j = 0; j < B; j++)
            s += n->g[(size_t)c * B + j];
        n->b2[c] -= lr * s;
    }
    for (uint32_t h = 0; h < H; h++) {
        float s = 0;
        for (uint32_t j = 0; j < B; j++)
            s += n->dh[(size_t)h * B + j];
        n->b1[h] -= lr * s;
    }
}

static uint32_t argmax_col(const float *z, uint32_t C, uint32_t B, uint32_t j)
{
    uint32_t best = 0;
    for (uint32_t c = 1; c < C; c++)
        if (z[(size_t)c * B + j] > z[(size_t)best * B + j])
            best = c;
    return best;
}

/* ------------------------------------------------------------ device */

static int dalloc(trainer *t, uint64_t elems, tl_fmt f, uint64_t *addr)
{
    return tl_rt_alloc(t->dev, elems * tl_dma_esize(f), 64, addr);
}

static int put(trainer *t, uint64_t addr, const void *src, size_t n)
{
    return t->hal->dram_write(t->hal->ctx, addr, src, n) == TL_HAL_OK ? TL_RT_OK : TL_RT_EHAL;
}

static int get(trainer *t, uint64_t addr, void *dst, size_t n)
{
    return t->hal->dram_read(t->hal->ctx, addr, dst, n) == TL_HAL_OK ? TL_RT_OK : TL_RT_EHAL;
}

static int copy(trainer *t, uint32_t rows, uint32_t cols, uint64_t src, tl_fmt fs, uint64_t dst, tl_fmt fd,
                bool transpose)
{
    tl_rt_copy_args c = {rows, cols, src, dst, fs, fd, transpose, TL_RND_RNE, false, 0};
    return mlp_copy(t->dev, &c, &t->st);
}

static int gemm(trainer *t, uint32_t M, uint32_t K, uint32_t N, uint64_t a, tl_fmt fa, uint64_t b, tl_fmt fb,
                uint64_t out)
{
    tl_rt_gemm_args g = {M, K, N, fa, fb, TL_FMT_FP32, a, b, 0, out, false, TL_RND_RNE, false, 0};
    return mlp_gemm(t->dev, &g, &t->st);
}

/* Host fp32 values -> a bf16 master on the device (the DMA rounds, RNE). */
static int init_master(trainer *t, const float *v, uint32_t rows, uint32_t cols, uint64_t dst)
{
    TL_RT_TRY(put(t, t->b.init, v, (size_t)rows * cols * 4));
    return copy(t, rows, cols, t->b.init, TL_FMT_FP32, dst, TL_FMT_BF16, false);
}

/* P -= lr * G: ACTIVATE (scale -lr, fp32), then ELEMWISE add into the bf16
 * master in place with the net's rounding. */
static int update(trainer *t, const dnet *n, unsigned k, uint64_t p, uint64_t g, uint32_t rows, uint32_t cols)
{
    float nlr = -t->o->lr;
    uint32_t bits;
    memcpy(&bits, &nlr, 4);
    tl_rt_act_args a = {rows, cols, g, t->b.tmp, TL_FMT_FP32, TL_FMT_FP32, TL_ISA_FUNC_IDENTITY,
                        {0, TL_FMT_FP32, bits}, {0, TL_FMT_FP32, 0}, TL_RND_RNE, false, 0};
    TL_RT_TRY(mlp_act(t->dev, &a, &t->st));
    tl_rt_ew_args e = {rows, cols, p, t->b.tmp, p, TL_FMT_BF16, TL_FMT_FP32, TL_FMT_BF16, TL_ISA_EWOP_ADD,
                       n->round, false, train_mix(t->o->seed, 4 * t->step + k)};
    return mlp_ew(t->dev, &e, &t->st);
}

static void layers(const trainer *t, const dnet *n, mlp_layer *L)
{
    L[0] = (mlp_layer){t->D, t->H, n->w1q, n->b1, TL_FMT_BF16};
    L[1] = (mlp_layer){t->H, t->C, n->w2q, n->b2, TL_FMT_BF16};
}

/* One SGD step of net n on the batch already in b.xf (float32 [B x D]). */
static int dev_step(trainer *t, dnet *n, const uint8_t *y, float *logits, float *g)
{
    uint32_t D = t->D, H = t->H, C = t->C, B = t->B;
    const dbuf *b = &t->b;
    mlp_layer L[2];
    layers(t, n, L);
    TL_RT_TRY(copy(t, B, D, b->xf, TL_FMT_FP32, b->xa, t->fa, false));
    TL_RT_TRY(copy(t, B, D, b->xf, TL_FMT_FP32, b->xt, t->fa, true));
    uint64_t h[3] = {b->xt, b->h1, b->lg};
    TL_RT_TRY(mlp_forward(t->dev, L, 2, t->fw, t->fa, B, h, b->z, &t->st));
    /* host: the loss and its gradient */
    TL_RT_TRY(get(t, b->lg, logits, (size_t)C * B * 4));
    n->loss += softmax_xent(logits, y, C, B, g);
    TL_RT_TRY(put(t, b->gf, g, (size_t)C * B * 4));
    /* backward on the engine */
    TL_RT_TRY(copy(t, C, B, b->gf, TL_FMT_FP32, b->dz2, t->fg, false));
    TL_RT_TRY(copy(t, H, B, b->h1, t->fa, b->h1t, t->fa, true));
    TL_RT_TRY(gemm(t, C, B, H, b->dz2, t->fg, b->h1t, t->fa, b->dw2));
    TL_RT_TRY(gemm(t, C, B, 1, b->dz2, t->fg, b->ones, TL_FMT_BF16, b->db2));
    TL_RT_TRY(copy(t, C, H, n->w2q, t->fw, b->w2t, t->fw, true));
    TL_RT_TRY(gemm(t, H, C, B, b->w2t, t->fw, b->dz2, t->fg, b->dh1));
    tl_rt_ew_args rg = {H, B, b->dh1, b->h1, b->dz1, TL_FMT_FP32, t->fa, t->fg, TL_ISA_EWOP_RELU_GRAD,
                        TL_RND_RNE, false, 0};
    TL_RT_TRY(mlp_ew(t->dev, &rg, &t->st));
    TL_RT_TRY(gemm(t, H, B, D, b->dz1, t->fg, b->xa, t->fa, b->dw1));
    TL_RT_TRY(gemm(t, H, B, 1, b->dz1, t->fg, b->ones, TL_FMT_BF16, b->db1));
    /* SGD on the bf16 masters */
    TL_RT_TRY(update(t, n, 0, n->w1, b->dw1, H, D));
    TL_RT_TRY(update(t, n, 1, n->b1, b->db1, H, 1));
    TL_RT_TRY(update(t, n, 2, n->w2, b->dw2, C, H));
    TL_RT_TRY(update(t, n, 3, n->b2, b->db2, C, 1));
    if (t->o->fp8) { /* the tensor engine's e4m3 copies */
        TL_RT_TRY(copy(t, H, D, n->w1, TL_FMT_BF16, n->w1q, t->fw, false));
        TL_RT_TRY(copy(t, C, H, n->w2, TL_FMT_BF16, n->w2q, t->fw, false));
    }
    return TL_RT_OK;
}

/* Test accuracy of net n (the test set is at b.xtest, transposed). */
static int dev_test(trainer *t, dnet *n, const uint8_t *y, float *logits)
{
    mlp_layer L[2];
    layers(t, n, L);
    uint64_t h[3] = {t->b.xtest, t->b.h1test, t->b.lgtest};
    TL_RT_TRY(mlp_forward(t->dev, L, 2, t->fw, t->fa, t->ntest, h, t->b.ztest, &t->st));
    TL_RT_TRY(get(t, t->b.lgtest, logits, (size_t)t->C * t->ntest * 4));
    uint32_t ok = 0;
    for (uint32_t j = 0; j < t->ntest; j++)
        ok += argmax_col(logits, t->C, t->ntest, j) == y[j];
    n->acc = 100.0f * (float)ok / (float)t->ntest;
    return TL_RT_OK;
}

static int alloc_buffers(trainer *t, dnet *nets, unsigned nn)
{
    uint32_t D = t->D, H = t->H, C = t->C, B = t->B, T = t->ntest;
    dbuf *b = &t->b;
    uint64_t wide = (uint64_t)(H > C ? H : C) * (B > T ? B : T);
    uint64_t big = (uint64_t)H * D > (uint64_t)C * H ? (uint64_t)H * D : (uint64_t)C * H;
    uint64_t test_in = (uint64_t)T * D > big ? (uint64_t)T * D : big;
    struct { uint64_t *addr; uint64_t elems; tl_fmt f; } all[] = {
        {&b->xf, (uint64_t)B * D, TL_FMT_FP32},   {&b->xa, (uint64_t)B * D, t->fa},
        {&b->xt, (uint64_t)B * D, t->fa},         {&b->z, wide, TL_FMT_FP32},
        {&b->h1, (uint64_t)H * B, t->fa},         {&b->lg, (uint64_t)C * B, TL_FMT_FP32},
        {&b->gf, (uint64_t)C * B, TL_FMT_FP32},   {&b->dz2, (uint64_t)C * B, t->fg},
        {&b->h1t, (uint64_t)H * B, t->fa},        {&b->ones, B, TL_FMT_BF16},
        {&b->w2t, (uint64_t)H * C, t->fw},        {&b->dw2, (uint64_t)C * H, TL_FMT_FP32},
        {&b->db2, C, TL_FMT_FP32},                {&b->dh1, (uint64_t)H * B, TL_FMT_FP32},
        {&b->dz1, (uint64_t)H * B, t->fg},        {&b->dw1, (uint64_t)H * D, TL_FMT_FP32},
        {&b->db1, H, TL_FMT_FP32},                {&b->tmp, big, TL_FMT_FP32},
        {&b->init, test_in, TL_FMT_FP32},         {&b->xtest, (uint64_t)D * T, t->fa},
        {&b->h1test, (uint64_t)H * T, t->fa},     {&b->lgtest, (uint64_t)C * T, TL_FMT_FP32},
        {&b->ztest, wide, TL_FMT_FP32},
    };
    int r = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0] && !r; i++)
        r = dalloc(t, all[i].elems, all[i].f, all[i].addr);
    for (unsigned i = 0; i < nn; i++) {
        dnet *n = &nets[i];
        r = r ? r : dalloc(t, (uint64_t)H * D, TL_FMT_BF16, &n->w1);
        r = r ? r : dalloc(t, H, TL_FMT_BF16, &n->b1);
        r = r ? r : dalloc(t, (uint64_t)C * H, TL_FMT_BF16, &n->w2);
        r = r ? r : dalloc(t, C, TL_FMT_BF16, &n->b2);
        n->w1q = n->w1;
        n->w2q = n->w2;
        if (t->o->fp8) {
            r = r ? r : dalloc(t, (uint64_t)H * D, t->fw, &n->w1q);
            r = r ? r : dalloc(t, (uint64_t)C * H, t->fw, &n->w2q);
        }
    }
    return r;
}

/* Elements of a bf16 tensor on the device that differ from `before`
 * (which then gets the new bits). */
static int count_changed(trainer *t, uint64_t addr, uint16_t *before, size_t n, uint32_t *changed, bool count)
{
    uint16_t *now = malloc(n * 2 + 1);
    if (!now)
        return TL_RT_ENOMEM;
    int r = get(t, addr, now, n * 2);
    for (size_t i = 0; r == 0 && i < n; i++) {
        if (count && now[i] != before[i])
            (*changed)++;
        before[i] = now[i];
    }
    free(now);
    return r;
}

/* Every array is read from the device and widened before the first file
 * is written, so that running out of memory or a device error leaves no
 * partial set; a write that fails removes the files this call wrote. */
static int save_weights(trainer *t, const dnet *n, const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        cli_error("train: cannot create '%s'", dir);
        return -1;
    }
    struct { const char *name; uint64_t addr; uint32_t rows, cols; } w[4] = {
        {"w1", n->w1, t->H, t->D}, {"b1", n->b1, t->H, 1}, {"w2", n->w2, t->C, t->H}, {"b2", n->b2, t->C, 1}};
    float *f[4] = {NULL, NULL, NULL, NULL};
    char path[4][4096], err[512];
    int rc = 0;
    for (unsigned i = 0; rc == 0 && i < 4; i++) {
        size_t cnt = (size_t)w[i].rows * w[i].cols;
        uint16_t *bits = malloc(cnt * 2 + 1);
        f[i] = malloc(cnt * 4 + 1);
        if (!bits || !f[i]) {
            cli_error("train: --save: out of memory");
            rc = -1;
        } else if ((rc = get(t, w[i].addr, bits, cnt * 2)) != TL_RT_OK) {
            cli_error("train: --save: cannot read %s from the device: %s", w[i].name, tl_rt_strerror(rc));
            rc = -1;
        }
        for (size_t k = 0; rc == 0 && k < cnt; k++) {
            uint32_t v = tl_widen(TL_FMT_BF16, bits[k]);
            memcpy(&f[i][k], &v, 4);
        }
        free(bits);
    }
    unsigned written = 0;
    for (unsigned i = 0; rc == 0 && i < 4; i++) {
        snprintf(path[i], sizeof path[i], "%s/%s.npy", dir, w[i].name);
        if (npy_write(path[i], "<f4", w[i].rows, w[i].cols, f[i], err, sizeof err)) {
            cli_error("train: %s", err);
            rc = -1;
        } else {
            written++;
        }
    }
    if (rc != 0)
        for (unsigned i = 0; i < written; i++)
            remove(path[i]);
    for (unsigned i = 0; i < 4; i++)
        free(f[i]);
    return rc;
}

static void progress(uint32_t epoch, uint32_t epochs, uint32_t s, uint32_t steps)
{
    int w = 30, done = steps ? (int)((uint64_t)w * s / steps) : w;
    printf("\r  epoch %u/%u [%.*s%*s] %u/%u steps", epoch, epochs, done, "##############################",
           w - done, "", s, steps);
    fflush(stdout);
}

int cmd_train(int argc, char **argv)
{
    bool tty = isatty(STDOUT_FILENO);
    train_opts o = {.dev = {.backend = "cmodel"}, .rounds = 2, .epochs = 10, .batch = 32, .hidden = 32,
                    .seed = 1, .lr = 0.01f};
    int rc = parse_train(argc, argv, &o);
    if (rc < 0)
        return CLI_OK;
    if (rc)
        return rc;
    if (!o.csv && !o.x) {
        o.x = "build/data/digits_x.npy";
        o.y = "build/data/digits_y.npy";
        if (access(o.x, R_OK) != 0) {
            cli_error("train: %s is missing: run 'make digits' (or give --x/--y or --csv)", o.x);
            return CLI_EINPUT;
        }
    }
    train_data data;
    if (train_data_load(o.x, o.y, o.csv, &data)) {
        train_data_free(&data);
        return CLI_EINPUT;
    }
    trainer t = {.o = &o, .D = data.d, .H = o.hidden, .C = data.classes, .B = o.batch};
    t.ntest = data.n / 5;
    uint32_t ntrain = data.n - t.ntest, steps = ntrain / o.batch;
    if (steps == 0) {
        cli_error("train: --batch %u is larger than the %u training samples", o.batch, ntrain);
        train_data_free(&data);
        return CLI_EINPUT;
    }
    t.fw = t.fa = o.fp8 ? TL_FMT_E4M3 : TL_FMT_BF16;
    t.fg = o.fp8 ? TL_FMT_E5M2 : TL_FMT_BF16;
    uint32_t D = t.D, H = t.H, C = t.C, B = t.B;

    /* host data: the split, initial weights (fp32), the reference net */
    uint32_t *order = malloc((size_t)data.n * 4), *ep = malloc((size_t)ntrain * 4);
    float *xb = malloc((size_t)B * D * 4), *xtest = malloc((size_t)t.ntest * D * 4);
    uint8_t *yb = malloc(B), *ytest = malloc(t.ntest);
    size_t wmax = (size_t)(H > C ? H : C) * (B > t.ntest ? B : t.ntest);
    float *logits = malloc(wmax * 4), *g = malloc((size_t)C * B * 4);
    hnet ref = {0};
    ref.w1 = calloc((size_t)H * D, 4);
    ref.b1 = calloc(H, 4);
    ref.w2 = calloc((size_t)C * H, 4);
    ref.b2 = calloc(C, 4);
    ref.z1 = malloc(wmax * 4);
    ref.z2 = malloc(wmax * 4);
    ref.g = malloc((size_t)C * B * 4);
    ref.dh = malloc((size_t)H * B * 4);
    ref.dw1 = malloc((size_t)H * D * 4);
    ref.dw2 = malloc((size_t)C * H * 4);
    uint16_t *snap = malloc(((size_t)H * D + (size_t)C * H) * 2 * 2 + 2);
    dnet nets[2];
    unsigned nn = 0;
    tl_hal hal = {0};
    tl_dev dev;
    bool opened = false;
    rc = CLI_EINPUT;
    if (!order || !ep || !xb || !xtest || !yb || !ytest || !logits || !g || !ref.w1 || !ref.b1 || !ref.w2 ||
        !ref.b2 || !ref.z1 || !ref.z2 || !ref.g || !ref.dh || !ref.dw1 || !ref.dw2 || !snap) {
        cli_error("train: out of memory");
        goto done;
    }
    train_shuffle(order, data.n, o.seed, 0);
    for (uint32_t j = 0; j < t.ntest; j++) {
        memcpy(xtest + (size_t)j * D, data.x + (size_t)order[ntrain + j] * D, (size_t)D * 4);
        ytest[j] = data.y[order[ntrain + j]];
    }
    {
        uint64_t s = 0;
        float a1 = sqrtf(6.0f / (float)(D + H)), a2 = sqrtf(6.0f / (float)(H + C));
        for (size_t i = 0; i < (size_t)H * D; i++)
            ref.w1[i] = a1 * (2.0f * (float)(train_mix64((uint64_t)o.seed << 32 ^ s++) >> 40) / 16777216.0f - 1.0f);
        for (size_t i = 0; i < (size_t)C * H; i++)
            ref.w2[i] = a2 * (2.0f * (float)(train_mix64((uint64_t)o.seed << 32 ^ s++) >> 40) / 16777216.0f - 1.0f);
    }
    if (o.rounds & 2)
        nets[nn++] = (dnet){.round = TL_RND_SR};
    if (o.rounds & 1)
        nets[nn++] = (dnet){.round = TL_RND_RNE};

    rc = cli_open_device("train", &o.dev, &hal, &dev);
    if (rc)
        goto done;
    opened = true;
    t.dev = &dev;
    t.hal = &hal;
    dev.perf_keep = true;
    tl_rt_perf_clear(&dev);
    int r = alloc_buffers(&t, nets, nn);
    if (r == TL_RT_ENOMEM) {
        cli_error("train: the network and its buffers do not fit the device's %llu bytes of DRAM (--dram-size)",
                  (unsigned long long)dev.dram_size);
        rc = CLI_EINPUT;
        goto done;
    }
    if (r)
        goto device_error;
    {
        /* ones for the bias gradients; the test set, transposed and converted on the device */
        uint16_t one = 0x3F80;
        for (uint32_t j = 0; j < B && !r; j++)
            r = put(&t, t.b.ones + 2ull * j, &one, 2);
        r = r ? r : put(&t, t.b.init, xtest, (size_t)t.ntest * D * 4);
        r = r ? r : copy(&t, t.ntest, D, t.b.init, TL_FMT_FP32, t.b.xtest, t.fa, true);
        for (unsigned i = 0; i < nn && !r; i++) {
            dnet *n = &nets[i];
            r = r ? r : init_master(&t, ref.w1, H, D, n->w1);
            r = r ? r : init_master(&t, ref.b1, H, 1, n->b1);
            r = r ? r : init_master(&t, ref.w2, C, H, n->w2);
            r = r ? r : init_master(&t, ref.b2, C, 1, n->b2);
            if (o.fp8) {
                r = r ? r : copy(&t, H, D, n->w1, TL_FMT_BF16, n->w1q, t.fw, false);
                r = r ? r : copy(&t, C, H, n->w2, TL_FMT_BF16, n->w2q, t.fw, false);
            }
        }
        if (r)
            goto device_error;
    }

    printf("train: %s: %u samples of %u features (divided by %g), %u classes; %u train, %u test\n",
           o.csv ? o.csv : o.x, data.n, D, (double)data.scale, C, ntrain, t.ntest);
    printf("train: MLP %u-%u-%u (relu), batch %u, lr %g, %u epochs of %u steps, seed %u\n", D, H, C, B, (double)o.lr,
           o.epochs, steps, o.seed);
    printf("train: mode %s: tensor engine reads %s weights, %s activations, %s gradients; weights stored in bf16, "
           "updated with %s\n",
           o.fp8 ? "fp8" : "bf16", tl_fmt_name(t.fw), tl_fmt_name(t.fa), tl_fmt_name(t.fg),
           o.rounds == 3 ? "SR and with RNE (two runs)" : o.rounds == 2 ? "SR" : "RNE");
    printf("train: on the engine (%s, %u x %u): every matmul (forward, backward), bias, ReLU, ReLU gradient, SGD "
           "update, format conversions and transposes (DMA)\n",
           hal.name, dev.cfg.rows, dev.cfg.cols);
    printf("train: on the host: softmax cross-entropy loss and its gradient (fp32), shuffling, and the fp32 "
           "reference run\n");
    printf("epoch");
    for (unsigned i = 0; i < nn; i++)
        printf("  loss %-4s W changed", nets[i].round == TL_RND_SR ? "SR" : "RNE");
    printf("  loss fp32 ref\n");
    size_t nw1 = (size_t)H * D, nw2 = (size_t)C * H;
    for (unsigned i = 0; i < nn && !r; i++) {
        r = count_changed(&t, nets[i].w1, snap + i * (nw1 + nw2), nw1, &nets[i].changed, false);
        r = r ? r : count_changed(&t, nets[i].w2, snap + i * (nw1 + nw2) + nw1, nw2, &nets[i].changed, false);
    }
    for (uint32_t e = 0; e < o.epochs && !r; e++) {
        train_shuffle(ep, ntrain, o.seed, 1 + (uint64_t)e);
        for (unsigned i = 0; i < nn; i++)
            nets[i].loss = 0, nets[i].changed = 0;
        ref.loss = 0;
        for (uint32_t s = 0; s < steps && !r; s++) {
            if (tty)
                progress(e + 1, o.epochs, s, steps);
            for (uint32_t j = 0; j < B; j++) {
                uint32_t k = order[ep[s * B + j]];
                memcpy(xb + (size_t)j * D, data.x + (size_t)k * D, (size_t)D * 4);
                yb[j] = data.y[k];
            }
            for (unsigned i = 0; i < nn && !r; i++) {
                r = put(&t, t.b.xf, xb, (size_t)B * D * 4);
                r = r ? r : dev_step(&t, &nets[i], yb, logits, g);
            }
            host_step(&ref, xb, yb, D, H, C, B, o.lr);
            t.step++;
        }
        for (unsigned i = 0; i < nn && !r; i++) {
            r = count_changed(&t, nets[i].w1, snap + i * (nw1 + nw2), nw1, &nets[i].changed, true);
            r = r ? r : count_changed(&t, nets[i].w2, snap + i * (nw1 + nw2) + nw1, nw2, &nets[i].changed, true);
        }
        if (r)
            break;
        if (tty)
            printf("\r%60s\r", "");
        printf("%5u", e + 1);
        for (unsigned i = 0; i < nn; i++)
            printf("  %9.4f %8.1f%%", nets[i].loss / steps, 100.0 * nets[i].changed / (double)(nw1 + nw2));
        printf("  %13.4f\n", ref.loss / steps);
        fflush(stdout);
    }
    for (unsigned i = 0; i < nn && !r; i++)
        r = dev_test(&t, &nets[i], ytest, logits);
    if (r)
        goto device_error;
    host_forward(&ref, xtest, D, H, C, t.ntest);
    uint32_t ok = 0;
    for (uint32_t j = 0; j < t.ntest; j++)
        ok += argmax_col(ref.z2, C, t.ntest, j) == ytest[j];
    ref.acc = 100.0f * (float)ok / (float)t.ntest;
    printf("test accuracy (%u samples):", t.ntest);
    for (unsigned i = 0; i < nn; i++)
        printf(" %s %.1f%%,", nets[i].round == TL_RND_SR ? "SR" : "RNE", (double)nets[i].acc);
    printf(" fp32 reference %.1f%%\n", (double)ref.acc);
    printf("('W changed': weight elements whose bf16 master changed during the epoch)\n");
    if (o.save) {
        if (save_weights(&t, &nets[0], o.save)) {
            rc = CLI_EINPUT;
            goto done;
        }
        printf("train: wrote %s/w1.npy b1.npy w2.npy b2.npy (%s run) for 'trnlite mlp'\n", o.save,
               nets[0].round == TL_RND_SR ? "SR" : "RNE");
    }
    cli_perf_report("train", &dev, t.st.dram_bytes);
    rc = CLI_OK;
    goto done;
device_error:
    if (tty)
        putchar('\n');
    rc = cli_device_error("train", &dev, &hal, r);
done:
    free(order);
    free(ep);
    free(xb);
    free(xtest);
    free(yb);
    free(ytest);
    free(logits);
    free(g);
    float *hb[] = {ref.w1, ref.b1, ref.w2, ref.b2, ref.z1, ref.z2, ref.g, ref.dh, ref.dw1, ref.dw2};
    for (size_t i = 0; i < sizeof hb / sizeof hb[0]; i++)
        free(hb[i]);
    free(snap);
    train_data_free(&data);
    if (opened)
        tl_hal_close(&hal);
    return rc;
}
