/* Functional coverage counters: see fcov.h. */
#define _POSIX_C_SOURCE 200809L /* strdup, getpid */
#include "fcov.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FCOV_MAX 16384 /* the crosses (xcov.h) are about 3,150 */

static struct {
    char *name;
    unsigned long n;
} pts[FCOV_MAX];
static unsigned npts;
static int state; /* 0 unknown, 1 on, -1 off */
static pid_t owner; /* the process the counts belong to (Check forks) */

static void write_counts(void)
{
    const char *dir = getenv("FCOV_DIR");
    if (!dir || !npts || owner != getpid())
        return;
    char path[512];
    snprintf(path, sizeof path, "%s/%ld.txt", dir, (long)getpid());
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    for (unsigned i = 0; i < npts; i++)
        fprintf(f, "%s %lu\n", pts[i].name, pts[i].n);
    fclose(f);
}

void fcov_hit(const char *name) { fcov_add(name, 1); }

void fcov_add(const char *name, unsigned long n)
{
    if (state == 0) {
        const char *dir = getenv("FCOV_DIR");
        state = dir && *dir ? 1 : -1;
        if (state > 0)
            atexit(write_counts);
    }
    if (state < 0)
        return;
    if (owner != getpid()) { /* a forked child starts its own counts */
        for (unsigned i = 0; i < npts; i++)
            free(pts[i].name);
        npts = 0;
        owner = getpid();
    }
    for (unsigned i = 0; i < npts; i++)
        if (strcmp(pts[i].name, name) == 0) {
            pts[i].n += n;
            return;
        }
    if (npts < FCOV_MAX) {
        pts[npts].name = strdup(name);
        pts[npts++].n = n;
    }
}

void fcov_hitf(const char *fmt, ...)
{
    if (state < 0)
        return;
    char name[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    fcov_hit(name);
}
