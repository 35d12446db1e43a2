/*
 * failalloc: an LD_PRELOAD library that makes one allocation fail, for
 * verif/sw/test_cli_failalloc.sh (docs/verification.md section 6b).
 *
 *   TL_FAIL_ALLOC=N        the N-th allocation (1-based) returns NULL
 *                          (errno ENOMEM); 0 or unset: none fails
 *   TL_FAIL_ALLOC_COUNT=F  at exit, write the number of allocations made
 *                          to file F (a run with N = 0 tells the test how
 *                          many sites a command reaches)
 *   TL_FAIL_ALLOC_WHERE=1  print the failed call's offset in the
 *                          executable to stderr (for addr2line)
 *
 * Only allocations that the program's own code asks for are counted:
 * malloc, calloc, realloc, aligned_alloc and posix_memalign called from
 * the executable's mapped range (the trnlite tool with the C model, the
 * driver and the HAL linked in). Those made inside the C library or the
 * C++ runtime (stdio buffers, operator new) are neither counted nor
 * failed: the test is about this project's error paths, and the C++
 * runtime's answer to a failed new is an exception the tool does not
 * claim to survive. Nor are those made once exit() has begun (below).
 * The real allocator is glibc's, reached through its __libc_* entry
 * points (dlsym would allocate while being looked up).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);

static uintptr_t exe_lo = 1, exe_hi;  /* empty until the constructor ran */
static uintptr_t exe_base;            /* its load address (PIE) */
static long fail_at;
static long made;
static int exiting;                   /* exit() has begun: count no more */

/* the executable is the first object dl_iterate_phdr reports */
static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    (void)data;
    exe_base = info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        uintptr_t hi = lo + ph->p_memsz;
        if (exe_lo > exe_hi || lo < exe_lo)
            exe_lo = lo;
        if (hi > exe_hi)
            exe_hi = hi;
    }
    return 1;
}

__attribute__((constructor)) static void failalloc_init(void)
{
    const char *s = getenv("TL_FAIL_ALLOC");
    fail_at = s ? strtol(s, NULL, 10) : 0;
    dl_iterate_phdr(find_exe, NULL);
}

__attribute__((destructor)) static void failalloc_fini(void)
{
    const char *f = getenv("TL_FAIL_ALLOC_COUNT");
    FILE *fp = f ? fopen(f, "w") : NULL;
    if (fp) {
        fprintf(fp, "%ld\n", made);
        fclose(fp);
    }
}

static void at_exit(void) { exiting = 1; }

/* true when this allocation, asked for from `caller`, is to fail */
static int fails(const void *caller)
{
    static int watching;
    uintptr_t a = (uintptr_t)caller;
    if (a < exe_lo || a >= exe_hi || exiting)
        return 0;
    /* What runs at exit is not the tool's error handling: in the coverage
     * build, gcov's dump (linked into the executable) allocates then, and
     * failing it crashes a run that has already finished. The handler is
     * registered at the executable's first allocation, after the C
     * runtime registered its own exit work (the destructors that dump),
     * so it runs before that work. (atexit's own allocation comes from
     * the C library.) */
    if (!watching) {
        watching = 1;
        atexit(at_exit);
    }
    if (++made != fail_at)
        return 0;
    /* where, for addr2line -e <executable> (the test prints it) */
    if (getenv("TL_FAIL_ALLOC_WHERE"))
        fprintf(stderr, "failalloc: allocation %ld fails, called from offset 0x%lx\n",
                made, (unsigned long)(a - exe_base));
    return 1;
}

#define CALLER __builtin_extract_return_addr(__builtin_return_address(0))

void *malloc(size_t size)
{
    if (fails(CALLER)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    if (fails(CALLER)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    if (fails(CALLER)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_realloc(p, size);
}

void *aligned_alloc(size_t align, size_t size)
{
    if (fails(CALLER)) {
        errno = ENOMEM;
        return NULL;
    }
    return __libc_memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
    if (fails(CALLER))
        return ENOMEM;
    void *p = __libc_memalign(align, size);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}
