/*
 * Functional coverage points: named counters the tests and harnesses bump
 * (fcov_hit("dma.fmt.bf16>e4m3")). Off unless $FCOV_DIR is set (make
 * coverage sets it): then every process that counted anything writes its
 * counts at exit to $FCOV_DIR/<pid>.txt, one "name count" line each, and
 * verif/stress/fcov_report.py adds them up and lists the points at zero.
 * Cheap when off: one getenv per process.
 *
 * The declarations are weak: code that is also linked outside the tests
 * (axi_mem.c and core_rtl.c go into the trnlite tool, without fcov.o)
 * calls FCOV_ADD / FCOV_HITF, which do nothing when fcov.o is absent.
 */
#ifndef FCOV_H
#define FCOV_H

#ifdef __cplusplus
extern "C" {
#endif

void fcov_hit(const char *name) __attribute__((weak));
void fcov_add(const char *name, unsigned long n) __attribute__((weak));
/* printf-style name */
void fcov_hitf(const char *fmt, ...) __attribute__((weak, format(printf, 1, 2)));

#define FCOV_ADD(name, n) do { if (fcov_add) fcov_add((name), (n)); } while (0)
#define FCOV_HITF(...) do { if (fcov_hitf) fcov_hitf(__VA_ARGS__); } while (0)

#ifdef __cplusplus
}
#endif

#endif
