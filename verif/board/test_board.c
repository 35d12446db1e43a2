/*
 * The ULX3S top end to end without a board (docs/board.md section 4): the
 * Verilated ulx3s_top (PLL bypassed) behind a pseudo-terminal
 * (build/tests/board_sim), one fresh simulator per test.
 *
 *  - raw frames written here, with this file's own CRC code (table
 *    driven; hal_uart.c computes it bit by bit), for the bridge's error
 *    cases: each gives its documented STATUS, and a good access after it
 *    works;
 *  - the unmodified CLI (build/bin/trnlite --backend uart --port PTY): a
 *    bf16 GEMM and an FP8 GEMM, bit for bit against cmodel's tl_matmul,
 *    and its retry when the simulator drops a reply.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tl_test.h"
#include "trnlite/dma.h"
#include "trnlite/numerics.h"

/* The tool under test: build/bin/trnlite, or $TRNLITE_BIN (make coverage-c
 * runs this test against its --coverage build of the tool). */
static const char *bin(void)
{
    const char *b = getenv("TRNLITE_BIN");
    return b && *b ? b : "build/bin/trnlite";
}
/* the simulator: build/tests/board_sim (the board's 8 x 4 core), or
 * $BOARD_SIM (verif/board/test_board_4x4.sh) */
static const char *sim(void)
{
    const char *s = getenv("BOARD_SIM");
    return s && *s ? s : "build/tests/board_sim";
}
#define DIR "build/tests/board"

enum { OP_INFO = 1, OP_CSR_READ = 2, OP_CSR_WRITE = 3, OP_MEM_READ = 4, OP_MEM_WRITE = 5 };
enum { ST_OK = 0, ST_BAD_CRC = 1, ST_BAD_ADDR = 2, ST_BUS_ERR = 3, ST_TRUNC = 4, ST_BAD_OP = 5 };
#define DRAM 0x80000000u
#define DRAM_SIZE (32u << 20) /* the SDRAM (ulx3s_top SDRAM=1) */
#define CSR_ID 0x000u
#define CSR_SEM3 0x20Cu
#define CSR_SEM_ADD3 0x28Cu

static pid_t sim_pid;
static char link_path[128];
static char sim_out[128];     /* the simulator's stdout */

/* $BOARD_MEM_STALL (verif/board/test_board_4x4.sh): the stall seed handed
 * to board_sim --mem-stall, or NULL (no stalls) */
static const char *mem_stall(void)
{
    const char *s = getenv("BOARD_MEM_STALL");
    return s && *s ? s : NULL;
}

/* ---- the simulator ------------------------------------------------------ */
static void sim_start(const char *drop)
{
    mkdir("build", 0777);
    mkdir("build/tests", 0777);
    mkdir(DIR, 0777);
    snprintf(link_path, sizeof link_path, DIR "/tty%d", (int)getpid());
    unlink(link_path);
    static unsigned starts;       /* each simulator gets other power-up values */
    char seed[16];
    snprintf(seed, sizeof seed, "%u", ++starts);
    snprintf(sim_out, sizeof sim_out, DIR "/sim%d.out", (int)getpid());
    sim_pid = fork();
    ck_assert_int_ge(sim_pid, 0);
    if (sim_pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGTERM);  /* a failed test does not leave it running */
        int out = open(sim_out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(out, 1);
        const char *argv[12] = {sim(), "--link", link_path, "--seed", seed};
        int n = 5;
        if (drop)
            argv[n++] = "--drop-reply", argv[n++] = drop;
        if (mem_stall())
            argv[n++] = "--mem-stall", argv[n++] = mem_stall();
        argv[n] = NULL;
        execv(sim(), (char *const *)argv);
        _exit(127);
    }
    char target[128];
    for (int i = 0; i < 1000 && readlink(link_path, target, sizeof target) < 0; i++)
        usleep(10000);
    ck_assert_msg(readlink(link_path, target, sizeof target) > 0, "board_sim did not make %s", link_path);
}

/* Stops the simulator; it exits 3 when the SDRAM model saw a timing
 * violation (its message is on stderr). */
static void sim_stop(void)
{
    if (sim_pid > 0) {
        int status = 0;
        kill(sim_pid, SIGTERM);
        waitpid(sim_pid, &status, 0);
        sim_pid = 0;
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                      "board_sim ended with status 0x%x (3: an SDRAM timing violation, see its message)", status);
    }
}

/* With BOARD_MEM_STALL: stops the simulator and reads what its port
 * checkers printed (core_mem_check with +tl_mem_stats, one line a port):
 * every port reported, and some request waited, so the stalls did reach
 * requests: without them (--mem-stall 0) no request of these GEMMs waits
 * a cycle. With them the check is still a matter of chance (the host's
 * timing, which varies from run to run, decides when the requests come),
 * so board_sim makes the stalls dense: a stall starts with probability
 * 1/32 per cycle and a port is held about 82% of the time; at the core's
 * usual 1/1024 (about 13%) one run in a loaded `make test` saw no wait at
 * all (9 ports, 82 requests). A core_mem_check violation
 * would have stopped the simulator, failing sim_stop. */
static void check_stalls(void)
{
    if (!mem_stall())
        return;
    sim_stop();
    FILE *f = fopen(sim_out, "r");
    ck_assert_msg(f != NULL, "%s: %s", sim_out, strerror(errno));
    char line[512];
    unsigned ports = 0, longest = 0, taken_all = 0;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, "requests taken, longest wait ");
        unsigned taken = 0, wait = 0;
        if (!strstr(line, "core_mem_check") || !p)
            continue;
        ck_assert_int_eq(sscanf(strchr(line, ':') + 1, "%u", &taken), 1);
        ck_assert_int_eq(sscanf(p + strlen("requests taken, longest wait "), "%u", &wait), 1);
        ports++, taken_all += taken;
        longest = wait > longest ? wait : longest;
    }
    fclose(f);
    ck_assert_msg(ports > 0, "%s: no port statistics (a build without TL_CHECKS?)", sim_out);
    ck_assert_msg(longest > 0, "%u ports, %u requests, longest wait %u cycles: the stalls did not show",
                  ports, taken_all, longest);
}

static void setup(void) { sim_start(NULL); }
static void teardown(void)
{
    sim_stop();
    unlink(sim_out);
}

/* ---- frames --------------------------------------------------------------- */
static uint16_t crc_table[256];
static uint16_t crc16(const uint8_t *p, size_t n)
{
    if (!crc_table[1])
        for (unsigned i = 0; i < 256; i++) {
            uint16_t c = (uint16_t)(i << 8);
            for (int b = 0; b < 8; b++)
                c = (uint16_t)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
            crc_table[i] = c;
        }
    uint16_t c = 0xFFFF;
    for (size_t i = 0; i < n; i++)
        c = (uint16_t)(c << 8) ^ crc_table[(c >> 8) ^ p[i]];
    return c;
}

/* A request frame into f; its length. */
static size_t frame(uint8_t *f, uint8_t seq, uint8_t op, uint8_t len, uint32_t addr, const void *pay, size_t n)
{
    f[0] = 0xA5, f[1] = seq, f[2] = op, f[3] = len;
    for (int i = 0; i < 4; i++)
        f[4 + i] = (uint8_t)(addr >> (8 * i));
    if (n)
        memcpy(f + 8, pay, n);
    uint16_t c = crc16(f + 1, 7 + n);
    f[8 + n] = (uint8_t)c, f[9 + n] = (uint8_t)(c >> 8);
    return 10 + n;
}

static int port_open(void)
{
    int fd = open(link_path, O_RDWR | O_NOCTTY | O_NONBLOCK);
    ck_assert_msg(fd >= 0, "open %s: %s", link_path, strerror(errno));
    struct termios t;
    tcgetattr(fd, &t);
    cfmakeraw(&t);
    tcsetattr(fd, TCSANOW, &t);
    tcflush(fd, TCIFLUSH);
    return fd;
}

static void send_bytes(int fd, const uint8_t *p, size_t n)
{
    ck_assert_int_eq(write(fd, p, n), (ssize_t)n);
}

typedef struct {
    int n;                 /* bytes received (0: none) */
    uint8_t b[300];
    unsigned seq, op, status, resp;
    size_t plen;           /* payload bytes, from b + 4 */
} reply;

/* Everything the bridge sends within ms of the first byte, until the line
 * is quiet for 300 ms; parsed as one reply frame, its CRC checked. */
static reply get_reply(int fd, int ms)
{
    reply r;
    memset(&r, 0, sizeof r);
    int wait = ms;
    for (;;) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, wait) <= 0)
            break;
        ssize_t k = read(fd, r.b + r.n, sizeof r.b - (size_t)r.n);
        if (k > 0)
            r.n += (int)k;
        wait = 300;
    }
    if (r.n >= 6) {
        ck_assert_msg(r.b[0] == 0x5A, "reply starts with 0x%02x", r.b[0]);
        r.seq = r.b[1], r.op = r.b[2], r.status = r.b[3] & 15, r.resp = r.b[3] >> 4 & 3;
        r.plen = (size_t)r.n - 6;
        uint16_t c = crc16(r.b + 1, 3 + r.plen);
        ck_assert_msg(r.b[r.n - 2] == (uint8_t)c && r.b[r.n - 1] == (uint8_t)(c >> 8), "reply CRC wrong");
    }
    return r;
}

/* One request, its reply; the reply's SEQ and OP echo the request's. */
static reply xfer(int fd, uint8_t seq, uint8_t op, uint8_t len, uint32_t addr, const void *pay, size_t n)
{
    uint8_t f[300];
    send_bytes(fd, f, frame(f, seq, op, len, addr, pay, n));
    reply r = get_reply(fd, 5000);
    ck_assert_msg(r.n >= 6, "no reply to op %u at 0x%x", op, addr);
    ck_assert_uint_eq(r.seq, seq);
    ck_assert_uint_eq(r.op, op);
    return r;
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static uint32_t csr_read(int fd, uint8_t seq, uint32_t off)
{
    reply r = xfer(fd, seq, OP_CSR_READ, 0, off, NULL, 0);
    ck_assert_uint_eq(r.status, ST_OK);
    ck_assert_uint_eq(r.plen, 4);
    return le32((r.b + 4));
}

static void csr_write(int fd, uint8_t seq, uint32_t off, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    reply r = xfer(fd, seq, OP_CSR_WRITE, 0, off, b, 4);
    ck_assert_uint_eq(r.status, ST_OK);
    ck_assert_uint_eq(r.plen, 0);
}

/* The bridge still works: the core's ID over a CSR read. */
static void still_usable(int fd, uint8_t seq) { ck_assert_uint_eq(csr_read(fd, seq, CSR_ID), 0x54524E4Cu); }

/* ---- the bridge ------------------------------------------------------------ */
START_TEST(bridge_info_csr_memory)
{
    int fd = port_open();
    reply r = xfer(fd, 1, OP_INFO, 0, 0, NULL, 0);
    ck_assert_uint_eq(r.status, ST_OK);
    ck_assert_uint_eq(r.plen, 12);
    ck_assert_uint_eq(le32((r.b + 4)), 0x424C5254u);
    ck_assert_uint_eq(le32((r.b + 4) + 4), DRAM);
    ck_assert_uint_eq(le32((r.b + 4) + 8), DRAM_SIZE);
    still_usable(fd, 2);
    /* a full 256-byte block and a one-word block at the last DRAM word */
    uint8_t blk[256];
    tl_rng rng = {tl_test_seed(11)};
    for (int i = 0; i < 256; i++)
        blk[i] = (uint8_t)tl_rng_u32(&rng);
    r = xfer(fd, 3, OP_MEM_WRITE, 31, DRAM + 0x1F00, blk, 256);
    ck_assert_uint_eq(r.status, ST_OK);
    r = xfer(fd, 4, OP_MEM_WRITE, 0, DRAM + DRAM_SIZE - 8, blk + 8, 8);
    ck_assert_uint_eq(r.status, ST_OK);
    r = xfer(fd, 5, OP_MEM_READ, 31, DRAM + 0x1F00, NULL, 0);
    ck_assert_uint_eq(r.status, ST_OK);
    ck_assert_uint_eq(r.plen, 256);
    ck_assert(memcmp((r.b + 4), blk, 256) == 0);
    r = xfer(fd, 6, OP_MEM_READ, 0, DRAM + DRAM_SIZE - 8, NULL, 0);
    ck_assert_uint_eq(r.plen, 8);
    ck_assert(memcmp((r.b + 4), blk + 8, 8) == 0);
    /* a CSR write that the core keeps: SEM_ADD adds to SEM */
    csr_write(fd, 7, CSR_SEM_ADD3, 3);
    ck_assert_uint_eq(csr_read(fd, 8, CSR_SEM3), 3);
    close(fd);
}
END_TEST

START_TEST(bridge_bad_crc)
{
    int fd = port_open();
    uint8_t f[300], v[4] = {7, 0, 0, 0};
    /* a SEM_ADD whose CRC is wrong: BAD_CRC, and not applied */
    size_t n = frame(f, 20, OP_CSR_WRITE, 0, CSR_SEM_ADD3, v, 4);
    f[n - 1] ^= 0x40;
    send_bytes(fd, f, n);
    reply r = get_reply(fd, 5000);
    ck_assert_int_eq(r.n, 6);
    ck_assert_uint_eq(r.status, ST_BAD_CRC);
    ck_assert_uint_eq(r.seq, 20);
    ck_assert_uint_eq(csr_read(fd, 21, CSR_SEM3), 0);
    /* a memory write with one payload bit flipped: BAD_CRC, memory unchanged */
    uint8_t z[64] = {0}, d[64];
    ck_assert_uint_eq(xfer(fd, 22, OP_MEM_WRITE, 7, DRAM, z, 64).status, ST_OK);
    memset(d, 0x5C, sizeof d);
    n = frame(f, 23, OP_MEM_WRITE, 7, DRAM, d, 64);
    f[8 + 17] ^= 0x01;
    send_bytes(fd, f, n);
    r = get_reply(fd, 5000);
    ck_assert_uint_eq(r.status, ST_BAD_CRC);
    r = xfer(fd, 24, OP_MEM_READ, 7, DRAM, NULL, 0);
    ck_assert(memcmp((r.b + 4), z, 64) == 0);
    still_usable(fd, 25);
    close(fd);
}
END_TEST

START_TEST(bridge_truncated)
{
    int fd = port_open();
    uint8_t f[300], v[4] = {9, 0, 0, 0};
    size_t n = frame(f, 30, OP_CSR_WRITE, 0, CSR_SEM_ADD3, v, 4);
    (void)n;
    send_bytes(fd, f, 6);  /* SOF, SEQ, OP, LEN, two address bytes; then nothing */
    reply r = get_reply(fd, 5000);
    ck_assert_int_eq(r.n, 6);
    ck_assert_uint_eq(r.status, ST_TRUNC);
    ck_assert_uint_eq(r.seq, 30);
    ck_assert_uint_eq(r.op, OP_CSR_WRITE);
    ck_assert_uint_eq(csr_read(fd, 31, CSR_SEM3), 0);
    /* a frame cut inside a memory write's payload */
    uint8_t d[256];
    memset(d, 0x33, sizeof d);
    frame(f, 32, OP_MEM_WRITE, 31, DRAM + 0x400, d, 256);
    send_bytes(fd, f, 100);
    r = get_reply(fd, 5000);
    ck_assert_uint_eq(r.status, ST_TRUNC);
    still_usable(fd, 33);
    close(fd);
}
END_TEST

START_TEST(bridge_bad_address)
{
    int fd = port_open();
    static const struct {
        uint8_t op, len;
        uint32_t addr;
        unsigned status;
    } c[] = {
        {OP_CSR_READ, 0, 0x1000, ST_BAD_ADDR},           /* beyond the CSR space */
        {OP_CSR_READ, 0, 0x0002, ST_BAD_ADDR},           /* not 4-aligned */
        {OP_MEM_READ, 0, DRAM + 4, ST_BAD_ADDR},         /* not 8-aligned */
        {OP_MEM_READ, 1, DRAM + 0xFF8, ST_BAD_ADDR},     /* across 4 KiB */
        {OP_MEM_READ, 32, DRAM, ST_BAD_OP},              /* LEN above 31 */
        {OP_CSR_READ, 1, 0x0, ST_BAD_OP},                /* LEN in a CSR op */
        {0x09, 0, 0x0, ST_BAD_OP},                       /* unknown opcode */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        reply r = xfer(fd, (uint8_t)(40 + i), c[i].op, c[i].len, c[i].addr, NULL, 0);
        ck_assert_msg(r.status == c[i].status, "case %u: status %u, want %u", i, r.status, c[i].status);
        ck_assert_uint_eq(r.plen, 0);
    }
    still_usable(fd, 60);
    close(fd);
}
END_TEST

START_TEST(bridge_bus_error)
{
    int fd = port_open();
    uint8_t d[16] = {1, 2, 3};
    /* below and above the 32 MiB of DRAM: sdram_ctrl answers DECERR */
    reply r = xfer(fd, 70, OP_MEM_READ, 1, 0x00001000, NULL, 0);
    ck_assert_uint_eq(r.status, ST_BUS_ERR);
    ck_assert_uint_eq(r.resp, 3);
    ck_assert_uint_eq(r.plen, 0);
    r = xfer(fd, 71, OP_MEM_WRITE, 1, DRAM + DRAM_SIZE, d, 16);
    ck_assert_uint_eq(r.status, ST_BUS_ERR);
    ck_assert_uint_eq(r.resp, 3);
    still_usable(fd, 72);
    r = xfer(fd, 73, OP_MEM_READ, 1, DRAM, NULL, 0);
    ck_assert_uint_eq(r.status, ST_OK);
    close(fd);
}
END_TEST

START_TEST(bridge_dropped_reply)
{
    int fd = port_open();
    uint8_t f[300], v[4] = {5, 0, 0, 0};
    ck_assert_uint_eq(csr_read(fd, 80, CSR_SEM3), 0);
    /* SEM_ADD 5 whose reply is lost (read and thrown away), then the same
     * frame again: the stored reply, and SEM is 5, not 10 */
    size_t n = frame(f, 81, OP_CSR_WRITE, 0, CSR_SEM_ADD3, v, 4);
    send_bytes(fd, f, n);
    reply lost = get_reply(fd, 5000);
    ck_assert_uint_eq(lost.status, ST_OK);
    send_bytes(fd, f, n);
    reply r = get_reply(fd, 5000);
    ck_assert_int_eq(r.n, lost.n);
    ck_assert(memcmp(r.b, lost.b, (size_t)r.n) == 0);
    ck_assert_uint_eq(csr_read(fd, 82, CSR_SEM3), 5);
    /* lost again, and the retry is corrupted on the way (BAD_CRC): the
     * stored reply survives and the next good retry gets it */
    n = frame(f, 83, OP_CSR_WRITE, 0, CSR_SEM_ADD3, v, 4);
    send_bytes(fd, f, n);
    ck_assert_uint_eq(get_reply(fd, 5000).status, ST_OK);
    f[n - 2] ^= 0x10;
    send_bytes(fd, f, n);
    ck_assert_uint_eq(get_reply(fd, 5000).status, ST_BAD_CRC);
    f[n - 2] ^= 0x10;
    send_bytes(fd, f, n);
    r = get_reply(fd, 5000);
    ck_assert_uint_eq(r.status, ST_OK);
    ck_assert_uint_eq(r.seq, 83);
    ck_assert_uint_eq(csr_read(fd, 84, CSR_SEM3), 10);
    /* a memory read retried gets the same bytes */
    uint8_t d[32];
    for (int i = 0; i < 32; i++)
        d[i] = (uint8_t)(i * 7 + 1);
    ck_assert_uint_eq(xfer(fd, 85, OP_MEM_WRITE, 3, DRAM + 0x800, d, 32).status, ST_OK);
    n = frame(f, 86, OP_MEM_READ, 3, DRAM + 0x800, NULL, 0);
    send_bytes(fd, f, n);
    lost = get_reply(fd, 5000);
    send_bytes(fd, f, n);
    r = get_reply(fd, 5000);
    ck_assert_uint_eq(r.plen, 32);
    ck_assert(memcmp((r.b + 4), d, 32) == 0 && memcmp((lost.b + 4), d, 32) == 0);
    /* INFO forgets the stored reply: the same SEQ executes again */
    ck_assert_uint_eq(xfer(fd, 87, OP_INFO, 0, 0, NULL, 0).status, ST_OK);
    csr_write(fd, 83, CSR_SEM_ADD3, 1);
    ck_assert_uint_eq(csr_read(fd, 88, CSR_SEM3), 11);
    close(fd);
}
END_TEST

/* ---- the CLI over the pty -------------------------------------------------- */
static struct {
    int status;
    char out[16384], err[8192];
} res;

static void run(const char *args)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s > " DIR "/stdout.txt 2> " DIR "/stderr.txt", bin(), args);
    int st = system(cmd);
    res.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    FILE *f = fopen(DIR "/stdout.txt", "r");
    size_t n = f ? fread(res.out, 1, sizeof res.out - 1, f) : 0;
    res.out[n] = '\0';
    if (f)
        fclose(f);
    f = fopen(DIR "/stderr.txt", "r");
    n = f ? fread(res.err, 1, sizeof res.err - 1, f) : 0;
    res.err[n] = '\0';
    if (f)
        fclose(f);
}

static void write_npy(const char *path, const char *descr, unsigned rows, unsigned cols, const void *data,
                      unsigned es)
{
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%u, %u), }", descr,
                       rows, cols);
    size_t total = (10 + (size_t)len + 1 + 63) / 64 * 64, hlen = total - 10;
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)hlen, (unsigned char)(hlen >> 8)};
    fwrite(pre, 1, 10, f);
    fputs(dict, f);
    for (size_t i = 10 + (size_t)len; i < total - 1; i++)
        fputc(' ', f);
    fputc('\n', f);
    fwrite(data, es, (size_t)rows * cols, f);
    fclose(f);
}

/* The data of a 2-D .npy of rows x cols elements of es bytes. */
static uint8_t *read_npy(const char *path, unsigned rows, unsigned cols, unsigned es)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s was not written", path);
    unsigned char pre[10];
    ck_assert_int_eq(fread(pre, 1, 10, f), 10);
    fseek(f, 10 + (pre[8] | pre[9] << 8), SEEK_SET);
    size_t n = (size_t)rows * cols * es;
    uint8_t *d = malloc(n + 1);
    ck_assert_uint_eq(fread(d, 1, n + 1, f), n);
    fclose(f);
    return d;
}

static unsigned board_rows(void)
{
    char a[256];
    snprintf(a, sizeof a, "info --backend uart --port %s", link_path);
    run(a);
    ck_assert_msg(res.status == 0, "trnlite info: exit %d: %s", res.status, res.err);
    ck_assert_ptr_nonnull(strstr(res.out, "backend       uart"));
    const char *p = strstr(res.out, "array");
    unsigned r = 0, c = 0;
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(sscanf(p, "array %u x %u", &r, &c), 2);
    return r;
}

/* trnlite gemm on the board: A (float32, converted by the CLI with RNE
 * to fa) x B (raw bits of fb) -> OUT in fo, against tl_matmul. */
static void gemm(unsigned M, unsigned K, unsigned N, tl_fmt fa, tl_fmt fb, tl_fmt fo)
{
    unsigned rows = board_rows();
    tl_rng rng = {tl_test_seed(5) + M * 131u + N};
    unsigned ea = tl_dma_esize(fa), eb = tl_dma_esize(fb), eo = tl_dma_esize(fo);
    uint32_t *af = malloc((size_t)M * K * 4);
    uint8_t *at = malloc((size_t)K * M * ea), *b = malloc((size_t)K * N * eb);
    tl_convert_opts rne = {.mode = TL_RND_RNE};
    for (unsigned m = 0; m < M; m++)
        for (unsigned k = 0; k < K; k++) {
            uint32_t x = (tl_rng_u32(&rng) & 0x807FFFFFu) | (124u + tl_rng_u32(&rng) % 6) << 23;
            af[m * K + k] = x;
            uint32_t v = tl_convert(TL_FMT_FP32, fa, x, &rne, 0);
            for (unsigned i = 0; i < ea; i++)
                at[((size_t)k * M + m) * ea + i] = (uint8_t)(v >> (8 * i));
        }
    for (size_t i = 0; i < (size_t)K * N; i++) {
        uint32_t x = (tl_rng_u32(&rng) & 0x807FFFFFu) | (124u + tl_rng_u32(&rng) % 6) << 23;
        uint32_t v = tl_convert(TL_FMT_FP32, fb, x, &rne, 0);
        for (unsigned j = 0; j < eb; j++)
            b[i * eb + j] = (uint8_t)(v >> (8 * j));
    }
    static const char *raw[] = {"<f4", "<u2", "<u2", "|u1", "|u1", "|i1", "<i4"};
    write_npy(DIR "/a.npy", "<f4", M, K, af, 4);
    write_npy(DIR "/b.npy", raw[fb], K, N, b, eb);
    unlink(DIR "/out.npy");
    char args[1024];
    snprintf(args, sizeof args,
             "gemm --backend uart --port %s --a " DIR "/a.npy --b " DIR "/b.npy --out " DIR "/out.npy "
             "--dtype-a %s --dtype-b %s --out-dtype %s",
             link_path, tl_fmt_name(fa), tl_fmt_name(fb), tl_fmt_name(fo));
    run(args);
    ck_assert_msg(res.status == 0, "trnlite %s: exit %d: %s", args, res.status, res.err);
    ck_assert_ptr_nonnull(strstr(res.out, "tensor-engine utilization"));
    uint8_t *out = read_npy(DIR "/out.npy", M, N, eo);
    uint32_t *ref = calloc((size_t)M * N, 4);
    ck_assert_int_eq(tl_matmul(rows, K, M, N, fa, at, fb, b, ref, true), 0);
    for (size_t i = 0; i < (size_t)M * N; i++) {
        uint32_t want = fo == TL_FMT_FP32 ? ref[i] : tl_convert(TL_FMT_FP32, fo, ref[i], &rne, (uint32_t)i);
        uint32_t got = 0;
        for (unsigned j = 0; j < eo; j++)
            got |= (uint32_t)out[i * eo + j] << (8 * j);
        ck_assert_msg(got == want, "%s: OUT[%zu] = 0x%x, tl_matmul 0x%x (seed %u)", args, i, got, want,
                      tl_test_seed(5));
    }
    free(af), free(at), free(b), free(out), free(ref);
}

START_TEST(cli_gemm_bf16)
{
    gemm(6, 11, 7, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32);
    /* --dram-size below the board's 32 MiB: the runtime sees only that */
    char a[256];
    snprintf(a, sizeof a, "info --backend uart --port %s --dram-size 1048576", link_path);
    run(a);
    ck_assert_msg(res.status == 0 && strstr(res.out, "0x80000000..0x800fffff (1048576 bytes)"), "%d %s %s",
                  res.status, res.out, res.err);
    check_stalls();
}
END_TEST

START_TEST(cli_gemm_fp8)
{
    gemm(5, 9, 6, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_BF16);
    check_stalls();
}
END_TEST

/* The simulator drops the 4th reply: the HAL times out, sends the same
 * frame again, and the bridge answers it from its stored reply. */
START_TEST(cli_retry_after_dropped_reply)
{
    sim_stop();
    sim_start("4");
    ck_assert_uint_gt(board_rows(), 0);
    ck_assert_ptr_null(strstr(res.err, "uart:"));
}
END_TEST

/* No board: a port that does not exist, and a port where nobody answers. */
START_TEST(cli_no_board)
{
    sim_stop();
    run("info --backend uart --port " DIR "/no-such-tty");
    ck_assert_int_ne(res.status, 0);
    ck_assert_ptr_nonnull(strstr(res.err, "uart: cannot open " DIR "/no-such-tty"));
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    ck_assert_int_ge(m, 0);
    ck_assert_int_eq(grantpt(m), 0);
    ck_assert_int_eq(unlockpt(m), 0);
    char a[256];
    snprintf(a, sizeof a, "info --backend uart --port %s", ptsname(m));
    run(a);
    close(m);
    ck_assert_int_ne(res.status, 0);
    ck_assert_msg(strstr(res.err, "uart: no reply from the board") != NULL, "stderr: %s", res.err);
}
END_TEST

/* ---- an impolite bridge ---------------------------------------------------- */
/* A process behind a pseudo-terminal that speaks the bridge's framing but
 * answers as a board must not: INFO with another magic, every reply with a
 * bad CRC, or the CSR reads with status `st` (and AXI response `resp`). */
enum { SCRIPT_MAGIC, SCRIPT_CRC, SCRIPT_CSR };
static pid_t scripted_pid;

static int read_n(int fd, uint8_t *p, size_t n)
{
    while (n) {
        ssize_t k = read(fd, p, n);
        if (k <= 0)
            return -1;
        p += k, n -= (size_t)k;
    }
    return 0;
}

static void scripted_serve(int m, int mode, unsigned st, unsigned resp)
{
    struct termios t;
    if (tcgetattr(m, &t) == 0) {
        cfmakeraw(&t);
        tcsetattr(m, TCSANOW, &t);
    }
    for (;;) {
        uint8_t q[300], r[32];
        do {
            if (read_n(m, q, 1))
                _exit(0);
        } while (q[0] != 0xA5);
        if (read_n(m, q + 1, 7))
            _exit(0);
        size_t pay = q[2] == OP_CSR_WRITE ? 4 : q[2] == OP_MEM_WRITE ? (size_t)(q[3] + 1) * 8 : 0;
        if (read_n(m, q + 8, pay + 2))
            _exit(0);
        size_t n = 0;
        r[n++] = 0x5A, r[n++] = q[1], r[n++] = q[2];
        if (q[2] == OP_INFO) {
            uint32_t w[3] = {mode == SCRIPT_MAGIC ? 0x12345678u : 0x424C5254u, DRAM, DRAM_SIZE};
            r[n++] = ST_OK;
            for (int i = 0; i < 12; i++)
                r[n++] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
        } else {
            r[n++] = (uint8_t)(st | resp << 4);
        }
        uint16_t c = crc16(r + 1, n - 1);
        if (mode == SCRIPT_CRC)
            c ^= 1;
        r[n++] = (uint8_t)c, r[n++] = (uint8_t)(c >> 8);
        if (write(m, r, n) != (ssize_t)n)
            _exit(0);
    }
}

/* Start the scripted bridge; the slave's name (the --port) into port. */
static void scripted_start(int mode, unsigned st, unsigned resp, char *port, size_t len)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    ck_assert_int_ge(m, 0);
    ck_assert_int_eq(grantpt(m), 0);
    ck_assert_int_eq(unlockpt(m), 0);
    snprintf(port, len, "%s", ptsname(m));
    scripted_pid = fork();
    ck_assert_int_ge(scripted_pid, 0);
    if (scripted_pid == 0) {
        /* Check's runner forwards SIGTERM to the whole process group: the
         * scripted bridge (no exec) must not inherit that handler. */
        signal(SIGTERM, SIG_DFL);
        prctl(PR_SET_PDEATHSIG, SIGTERM);
        scripted_serve(m, mode, st, resp);
    }
    close(m);
}

static void scripted_stop(void)
{
    if (scripted_pid > 0) {
        kill(scripted_pid, SIGTERM);
        waitpid(scripted_pid, NULL, 0);
        scripted_pid = 0;
    }
}

/* trnlite info against the scripted bridge: exit 3 and both messages. */
static void scripted_info(int mode, unsigned st, unsigned resp, const char *hal_msg, const char *cli_msg)
{
    char port[128], a[256];
    scripted_start(mode, st, resp, port, sizeof port);
    snprintf(a, sizeof a, "info --backend uart --port %s", port);
    run(a);
    scripted_stop();
    ck_assert_msg(res.status == 3, "mode %d status %u: exit %d: %s", mode, st, res.status, res.err);
    ck_assert_msg(strstr(res.err, hal_msg) != NULL, "stderr '%s' lacks '%s'", res.err, hal_msg);
    ck_assert_msg(strstr(res.err, cli_msg) != NULL, "stderr '%s' lacks '%s'", res.err, cli_msg);
    ck_assert_msg(res.out[0] == '\0', "stdout: %s", res.out);
}

START_TEST(cli_impolite_bridge)
{
    mkdir("build", 0777);
    mkdir("build/tests", 0777);
    mkdir(DIR, 0777);
    scripted_info(SCRIPT_MAGIC, 0, 0, "answers, but not as a trnlite bridge (INFO magic 0x12345678)",
              "info: cannot open the uart backend");
    scripted_info(SCRIPT_CRC, 0, 0, "is corrupting frames: 8 of 8 attempts of INFO at 0x00000000 failed their CRC",
              "info: cannot open the uart backend");
    scripted_info(SCRIPT_CSR, ST_BUS_ERR, 3, "uart: bus error (DECERR) behind the bridge: CSR_READ at 0x",
              "info: cannot open the device on uart");
    scripted_info(SCRIPT_CSR, ST_BUS_ERR, 2, "uart: bus error (SLVERR) behind the bridge: CSR_READ at 0x",
              "info: cannot open the device on uart");
    scripted_info(SCRIPT_CSR, ST_BAD_ADDR, 0, "uart: the bridge refused the address of CSR_READ at 0x",
              "info: cannot open the device on uart");
    scripted_info(SCRIPT_CSR, ST_BAD_OP, 0, "uart: the bridge does not know CSR_READ (status 5): an older bitstream?",
              "info: cannot open the device on uart");
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("board");
    TCase *tb = tcase_create("bridge");
    tcase_add_checked_fixture(tb, setup, teardown);
    tcase_set_timeout(tb, 120);
    tcase_add_test(tb, bridge_info_csr_memory);
    tcase_add_test(tb, bridge_bad_crc);
    tcase_add_test(tb, bridge_truncated);
    tcase_add_test(tb, bridge_bad_address);
    tcase_add_test(tb, bridge_bus_error);
    tcase_add_test(tb, bridge_dropped_reply);
    suite_add_tcase(s, tb);
    TCase *tc = tcase_create("cli");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, cli_gemm_bf16);
    tcase_add_test(tc, cli_gemm_fp8);
    tcase_add_test(tc, cli_retry_after_dropped_reply);
    tcase_add_test(tc, cli_no_board);
    suite_add_tcase(s, tc);
    TCase *ti = tcase_create("impolite");
    tcase_set_timeout(ti, 120);
    tcase_add_test(ti, cli_impolite_bridge);
    suite_add_tcase(s, ti);
    return tl_test_main(argv[0], s);
}
