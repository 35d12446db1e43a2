/* Engine timeline: trace port samples -> Trace Event Format JSON (hal_trace.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hal_trace.h"

#define MAXQ 15u
/* Tracks: 0..2 engines, 3..5 their semaphore waits, 6.. DMA queues. */
#define TRK_WAIT 3u
#define TRK_Q 6u
#define NTRK (TRK_Q + MAXQ)

typedef struct {
    uint64_t ts, dur;
    uint32_t n;               /* instruction number on its track */
    uint8_t track;
    uint8_t kind;             /* K_INSN, K_NOP, K_WAIT */
} ev;

enum { K_INSN, K_NOP, K_WAIT };

typedef struct {              /* dispatch cycles not yet done, in order */
    uint64_t *v;
    size_t head, len, cap;
} fifo;

struct tl_trace {
    unsigned queues;
    bool started;
    uint64_t t0;
    ev *evs;
    size_t nev, cap;
    uint64_t insns, waits;
    fifo pend[NTRK];          /* per instruction track: dispatch cycles */
    uint64_t end[NTRK];       /* end of the track's last event */
    uint32_t count[NTRK];
    uint8_t wait;             /* engines waiting in the last sample */
    uint64_t wait_from[3];
    bool oom;
};

tl_trace *tl_trace_new(unsigned dma_queues)
{
    if (dma_queues > MAXQ) {
        errno = EINVAL;
        return NULL;
    }
    tl_trace *t = calloc(1, sizeof *t);  /* (NULL: errno ENOMEM) */
    if (t)
        t->queues = dma_queues;
    return t;
}

void tl_trace_free(tl_trace *t)
{
    if (!t)
        return;
    for (unsigned i = 0; i < NTRK; i++)
        free(t->pend[i].v);
    free(t->evs);
    free(t);
}

static void push(tl_trace *t, fifo *f, uint64_t v)
{
    if (f->head + f->len == f->cap) {
        if (f->head) { /* slide down before growing */
            memmove(f->v, f->v + f->head, f->len * sizeof *f->v);
            f->head = 0;
        } else {
            size_t cap = f->cap ? 2 * f->cap : 64;
            uint64_t *v2 = realloc(f->v, cap * sizeof *v2);
            if (!v2) {
                t->oom = true;
                return;
            }
            f->v = v2;
            f->cap = cap;
        }
    }
    f->v[f->head + f->len++] = v;
}

static void add(tl_trace *t, unsigned track, uint64_t from, uint64_t to, unsigned kind)
{
    if (t->nev == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        ev *e2 = realloc(t->evs, cap * sizeof *e2);
        if (!e2) {
            t->oom = true;
            return;
        }
        t->evs = e2;
        t->cap = cap;
    }
    t->evs[t->nev++] = (ev){from, to - from, t->count[track]++, (uint8_t)track, (uint8_t)kind};
}

/* The head instruction of an instruction track is done in cycle now. */
static void done(tl_trace *t, unsigned track, uint64_t now, unsigned kind)
{
    fifo *f = &t->pend[track];
    if (!f->len)
        return; /* dispatched before the collector was attached */
    uint64_t d = f->v[f->head++];
    f->len--;
    uint64_t from = d > t->end[track] ? d : t->end[track];
    add(t, track, from, now + 1, kind);
    t->end[track] = now + 1;
    t->insns++;
}

void tl_trace_sample_cycle(tl_trace *t, uint64_t cycle, const tl_trace_sample *s)
{
    if (!t->started) {
        t->started = true;
        t->t0 = cycle;
    }
    uint64_t now = cycle - t->t0;
    if (s->issue & 1u && s->dma_queue < t->queues)
        push(t, &t->pend[TRK_Q + s->dma_queue], now);
    for (unsigned e = 1; e < 3; e++)
        if (s->issue >> e & 1u)
            push(t, &t->pend[e], now);
    for (unsigned e = 0; e < 3; e++)
        if (s->nop >> e & 1u) { /* executed by the command processor in this cycle */
            uint64_t from = now > t->end[e] ? now : t->end[e]; /* every earlier one is done */
            add(t, e, from, from + 1, K_NOP);
            t->end[e] = from + 1;
            t->insns++;
        }
    for (unsigned e = 1; e < 3; e++)
        if (s->done >> e & 1u)
            done(t, e, now, K_INSN);
    for (unsigned q = 0; q < t->queues; q++)
        if (s->dma_done >> q & 1u)
            done(t, TRK_Q + q, now, K_INSN);
    for (unsigned e = 0; e < 3; e++) {
        bool was = t->wait >> e & 1u, is = s->wait >> e & 1u;
        if (is && !was)
            t->wait_from[e] = now;
        if (was && !is) {
            add(t, TRK_WAIT + e, t->wait_from[e], now, K_WAIT);
            t->waits++;
        }
    }
    t->wait = s->wait;
}

uint64_t tl_trace_insns(const tl_trace *t) { return t->insns; }
uint64_t tl_trace_waits(const tl_trace *t) { return t->waits; }

static const char *const eng_name[3] = {"DMA ring", "TE", "ACT"};
static const char *const insn_name[3] = {"DMA", "MATMUL", "ACT"};

static void track_name(unsigned k, char *buf, size_t n)
{
    if (k < 3)
        snprintf(buf, n, "%s", eng_name[k]);
    else if (k < TRK_Q)
        snprintf(buf, n, "%s semaphore wait", eng_name[k - TRK_WAIT]);
    else
        snprintf(buf, n, "DMA queue %u", k - TRK_Q);
}

int tl_trace_write_json(tl_trace *t, const char *path)
{
    if (t->oom) {
        errno = ENOMEM;
        return -1;
    }
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp)
        return -1;
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) {
        free(tmp);
        return -1;
    }
    fprintf(f, "{\"displayTimeUnit\": \"ns\",\n \"otherData\": {\"source\": \"trnlite rtl backend\", "
               "\"time\": \"ts and dur are core clock cycles\", \"instructions\": %llu, \"waits\": %llu},\n"
               " \"traceEvents\": [\n",
            (unsigned long long)t->insns, (unsigned long long)t->waits);
    fprintf(f, "  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 0, "
               "\"args\": {\"name\": \"trnlite core\"}}");
    /* Engines first, then DMA queues, then the waits. */
    unsigned order[NTRK], no = 0;
    for (unsigned k = 0; k < 3; k++)
        order[no++] = k;
    for (unsigned q = 0; q < t->queues; q++)
        order[no++] = TRK_Q + q;
    for (unsigned k = TRK_WAIT; k < TRK_Q; k++)
        order[no++] = k;
    for (unsigned i = 0; i < no; i++) {
        char name[40];
        track_name(order[i], name, sizeof name);
        fprintf(f, ",\n  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": %u, \"args\": {\"name\": \"%s\"}}",
                order[i] + 1, name);
        fprintf(f, ",\n  {\"name\": \"thread_sort_index\", \"ph\": \"M\", \"pid\": 1, \"tid\": %u, "
                   "\"args\": {\"sort_index\": %u}}",
                order[i] + 1, i);
    }
    for (size_t i = 0; i < t->nev; i++) {
        const ev *e = &t->evs[i];
        const char *name, *cat;
        if (e->kind == K_NOP) {
            name = "NOP";
            cat = "insn";
        } else if (e->track < 3) {
            name = insn_name[e->track];
            cat = "insn";
        } else if (e->kind == K_WAIT) {
            name = "semaphore wait";
            cat = "wait";
        } else {
            name = "DMA";
            cat = "insn";
        }
        fprintf(f, ",\n  {\"name\": \"%s\", \"cat\": \"%s\", \"ph\": \"X\", \"pid\": 1, \"tid\": %u, "
                   "\"ts\": %llu, \"dur\": %llu, \"args\": {\"n\": %u}}",
                name, cat, e->track + 1u, (unsigned long long)e->ts, (unsigned long long)e->dur, e->n);
    }
    fprintf(f, "\n ]\n}\n");
    int bad = ferror(f);
    if (fclose(f) != 0 || bad || rename(tmp, path) != 0) {
        int err = errno;
        remove(tmp);
        free(tmp);
        errno = err ? err : EIO;
        return -1;
    }
    free(tmp);
    return 0;
}
