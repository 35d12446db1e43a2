/*
 * HAL backend "uart": a trnlite board (docs/board.md) through its UART
 * bridge, on a serial port (/dev/ttyUSB0, or a pseudo-terminal in the
 * tests). Every CSR access and DRAM block is one request frame and one
 * reply frame of the bridge protocol (docs/board.md section 2): CRC-16/
 * CCITT-FALSE, a sequence number per request, the same bytes again on a
 * retry, so that a request whose reply was lost is never applied twice.
 *
 * Errors: no reply after UART_TRIES attempts -> TL_HAL_ETIMEOUT; a bus
 * error behind the bridge -> TL_HAL_EBUS; an address or opcode the bridge
 * refuses -> TL_HAL_EINVAL; each with one line on stderr saying which.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "tl_hal_host.h"
#include "trnlite/csr.h"

enum { OP_INFO = 1, OP_CSR_READ = 2, OP_CSR_WRITE = 3, OP_MEM_READ = 4, OP_MEM_WRITE = 5 };
enum { ST_OK = 0, ST_BAD_CRC = 1, ST_BAD_ADDR = 2, ST_BUS_ERR = 3, ST_TRUNC = 4, ST_BAD_OP = 5 };
enum { UART_TRIES = 8, UART_BLOCK = 256, UART_MAGIC = 0x424C5254u };

typedef struct {
    int fd;
    char port[256];
    uint8_t seq;             /* SEQ of the last request */
    unsigned reply_ms;       /* how long one attempt waits for its reply */
    tl_hal_bump bump;
} uart_dev;

static const char *op_name(int op)
{
    static const char *n[] = {"?", "INFO", "CSR_READ", "CSR_WRITE", "MEM_READ", "MEM_WRITE"};
    return op >= 1 && op <= 5 ? n[op] : "?";
}

/* CRC-16/CCITT-FALSE, bit by bit (the bridge's is the same function). */
static uint16_t crc16(const uint8_t *p, size_t n)
{
    uint16_t c = 0xFFFF;
    for (size_t i = 0; i < n; i++) {
        c ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++)
            c = (uint16_t)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
    }
    return c;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Read exactly n bytes before the deadline: 0, or -1 on timeout. */
static int read_all(uart_dev *d, uint8_t *p, size_t n, uint64_t deadline)
{
    while (n) {
        uint64_t t = now_ms();
        if (t >= deadline)
            return -1;
        struct pollfd pf = {d->fd, POLLIN, 0};
        int r = poll(&pf, 1, (int)(deadline - t));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        ssize_t k = read(d->fd, p, n);
        if (k < 0 && (errno == EAGAIN || errno == EINTR))
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

static int write_all(uart_dev *d, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t k = write(d->fd, p, n);
        if (k < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd pf = {d->fd, POLLOUT, 0};
            poll(&pf, 1, 100);
            continue;
        }
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/*
 * One request and its reply. words: memory ops, 1..32 (LEN = words - 1).
 * out/out_n: the request payload; in/in_n: the reply payload when OK.
 * Retries (the same bytes, the same SEQ) after no reply, a reply that
 * fails its CRC or has another SEQ, BAD_CRC and TRUNCATED.
 */
static int uart_xfer(uart_dev *d, int op, uint32_t addr, unsigned words, const void *out, size_t out_n,
                     void *in, size_t in_n)
{
    uint8_t req[8 + UART_BLOCK + 2], rep[4 + UART_BLOCK + 2];
    d->seq++;
    req[0] = 0xA5;
    req[1] = d->seq;
    req[2] = (uint8_t)op;
    req[3] = (op == OP_MEM_READ || op == OP_MEM_WRITE) ? (uint8_t)(words - 1) : 0;
    for (int i = 0; i < 4; i++)
        req[4 + i] = (uint8_t)(addr >> (8 * i));
    if (out_n)
        memcpy(req + 8, out, out_n);
    uint16_t c = crc16(req + 1, 7 + out_n);
    req[8 + out_n] = (uint8_t)c;
    req[9 + out_n] = (uint8_t)(c >> 8);
    size_t req_n = 10 + out_n;

    int timeouts = 0, bad = 0;
    for (int attempt = 0; attempt < UART_TRIES; attempt++) {
        tcflush(d->fd, TCIFLUSH);  /* a late reply of an earlier attempt */
        if (write_all(d, req, req_n)) {
            fprintf(stderr, "uart: cannot write to %s: %s\n", d->port, strerror(errno));
            return TL_HAL_EBUS;
        }
        uint64_t deadline = now_ms() + d->reply_ms;
        /* hunt for the start byte, then the header */
        int got = -1;
        while (got < 0) {
            if (read_all(d, rep, 1, deadline))
                break;
            if (rep[0] == 0x5A)
                got = 0;
        }
        if (got < 0 || read_all(d, rep + 1, 3, deadline)) {
            timeouts++;
            continue;
        }
        unsigned st = rep[3] & 0x0F;
        size_t pn = st == ST_OK ? in_n : 0;
        if (read_all(d, rep + 4, pn + 2, deadline)) {
            timeouts++;
            continue;
        }
        uint16_t rc = crc16(rep + 1, 3 + pn);
        if (rep[4 + pn] != (uint8_t)rc || rep[5 + pn] != (uint8_t)(rc >> 8) || rep[1] != d->seq ||
            rep[2] != (uint8_t)op || st == ST_BAD_CRC || st == ST_TRUNC) {
            bad++;
            continue;
        }
        switch (st) {
        case ST_OK:
            if (pn)
                memcpy(in, rep + 4, pn);
            return TL_HAL_OK;
        case ST_BUS_ERR:
            fprintf(stderr, "uart: bus error (%s) behind the bridge: %s at 0x%08x\n",
                    (rep[3] >> 4 & 3) == 3 ? "DECERR" : "SLVERR", op_name(op), addr);
            return TL_HAL_EBUS;
        case ST_BAD_ADDR:
            fprintf(stderr, "uart: the bridge refused the address of %s at 0x%08x (alignment, 4 KiB or CSR range)\n",
                    op_name(op), addr);
            return TL_HAL_EINVAL;
        default:
            fprintf(stderr, "uart: the bridge does not know %s (status %u): an older bitstream?\n", op_name(op),
                    st);
            return TL_HAL_EINVAL;
        }
    }
    if (bad == 0) {
        fprintf(stderr, "uart: no reply from the board on %s after %d attempts (%s at 0x%08x, %u ms each)\n",
                d->port, UART_TRIES, op_name(op), addr, d->reply_ms);
        return TL_HAL_ETIMEOUT;
    }
    fprintf(stderr, "uart: the line to %s is corrupting frames: %d of %d attempts of %s at 0x%08x failed their CRC\n",
            d->port, bad, UART_TRIES, op_name(op), addr);
    return TL_HAL_EBUS;
}

static int uart_csr_read(void *ctx, uint32_t off, uint32_t *v)
{
    uint8_t b[4];
    int rc = uart_xfer(ctx, OP_CSR_READ, off, 0, NULL, 0, b, 4);
    if (rc == TL_HAL_OK)
        *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return rc;
}

static int uart_csr_write(void *ctx, uint32_t off, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return uart_xfer(ctx, OP_CSR_WRITE, off, 0, b, 4, NULL, 0);
}

static void uart_dram_range(void *ctx, uint64_t *base, uint64_t *size)
{
    uart_dev *d = ctx;
    *base = d->bump.base;
    *size = d->bump.size;
}

static int uart_dram_alloc(void *ctx, uint64_t size, uint64_t align, uint64_t *addr)
{
    return tl_hal_bump_alloc(&((uart_dev *)ctx)->bump, size, align, addr);
}

static void uart_dram_reset(void *ctx) { ((uart_dev *)ctx)->bump.used = 0; }

static bool in_range(const uart_dev *d, uint64_t addr, size_t n)
{
    return addr >= d->bump.base && n <= d->bump.size && addr - d->bump.base <= d->bump.size - n;
}

/*
 * The words [a, e) (8-byte aligned) that hold the bytes [addr, addr + k)
 * of a transfer: at most 256 bytes, not across 4 KiB.
 */
static size_t block_of(uint64_t addr, size_t n, uint64_t *a, uint64_t *e)
{
    *a = addr & ~7ull;
    uint64_t lim = *a + UART_BLOCK, page = (*a | 0xFFFull) + 1;
    if (page < lim)
        lim = page;
    size_t k = (size_t)(lim - addr) < n ? (size_t)(lim - addr) : n;
    *e = (addr + k + 7) & ~7ull;
    return k;
}

static int uart_dram_write(void *ctx, uint64_t addr, const void *src, size_t n)
{
    uart_dev *d = ctx;
    if (!in_range(d, addr, n))
        return TL_HAL_ERANGE;
    const uint8_t *s = src;
    uint8_t blk[UART_BLOCK];
    while (n) {
        uint64_t a, e;
        size_t k = block_of(addr, n, &a, &e);
        unsigned words = (unsigned)((e - a) / 8);
        /* a partial first or last word: read it, merge, write it back */
        if (addr != a || addr + k != e) {
            int rc = uart_xfer(d, OP_MEM_READ, (uint32_t)a, words, NULL, 0, blk, e - a);
            if (rc)
                return rc;
        }
        memcpy(blk + (addr - a), s, k);
        int rc = uart_xfer(d, OP_MEM_WRITE, (uint32_t)a, words, blk, e - a, NULL, 0);
        if (rc)
            return rc;
        addr += k, s += k, n -= k;
    }
    return TL_HAL_OK;
}

static int uart_dram_read(void *ctx, uint64_t addr, void *dst, size_t n)
{
    uart_dev *d = ctx;
    if (!in_range(d, addr, n))
        return TL_HAL_ERANGE;
    uint8_t *p = dst;
    uint8_t blk[UART_BLOCK];
    while (n) {
        uint64_t a, e;
        size_t k = block_of(addr, n, &a, &e);
        int rc = uart_xfer(d, OP_MEM_READ, (uint32_t)a, (unsigned)((e - a) / 8), NULL, 0, blk, e - a);
        if (rc)
            return rc;
        memcpy(p, blk + (addr - a), k);
        addr += k, p += k, n -= k;
    }
    return TL_HAL_OK;
}

/* Poll IRQ_STATUS & IRQ_ENABLE (the irq pin, docs/csr.md); time in the
 * core's cycles, from PERF_CYCLES_LO (32-bit differences, wrap-safe). */
static int uart_wait_irq(void *ctx, uint64_t timeout, uint64_t *used)
{
    uart_dev *d = ctx;
    uint32_t en, st, c0, c;
    uint64_t spent = 0;
    int rc = uart_csr_read(d, (uint32_t)offsetof(trnlite_csr_t, IRQ_ENABLE), &en);
    if (!rc)
        rc = uart_csr_read(d, (uint32_t)offsetof(trnlite_csr_t, PERF_CYCLES), &c0);
    while (!rc) {
        rc = uart_csr_read(d, (uint32_t)offsetof(trnlite_csr_t, IRQ_STATUS), &st);
        if (rc)
            break;
        if (st & en)
            break;
        rc = uart_csr_read(d, (uint32_t)offsetof(trnlite_csr_t, PERF_CYCLES), &c);
        if (rc)
            break;
        spent += (uint32_t)(c - c0);
        c0 = c;
        if (spent >= timeout)
            rc = TL_HAL_ETIMEOUT;
    }
    if (used)
        *used = spent;
    return rc;
}

static void uart_close(void *ctx)
{
    uart_dev *d = ctx;
    close(d->fd);
    free(d);
}

static speed_t baud_code(unsigned baud)
{
    static const struct {
        unsigned baud;
        speed_t code;
    } t[] = {{9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
             {115200, B115200},   {230400, B230400},   {460800, B460800},   {921600, B921600},
             {1000000, B1000000}, {1500000, B1500000}, {2000000, B2000000}, {3000000, B3000000}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].baud == baud)
            return t[i].code;
    return 0;
}

int tl_hal_uart_open(const tl_hal_opts *o, tl_hal *hal)
{
    const char *port = o && o->port ? o->port : "/dev/ttyUSB0";
    unsigned baud = o && o->baud ? o->baud : 2000000;
    speed_t sp = baud_code(baud);
    if (!sp) {
        fprintf(stderr, "uart: baud rate %u is not one this host supports (9600 .. 3000000, standard rates)\n", baud);
        return TL_HAL_EINVAL;
    }
    uart_dev *d = calloc(1, sizeof *d);
    if (!d)
        return TL_HAL_EHOST;
    snprintf(d->port, sizeof d->port, "%s", port);
    d->reply_ms = o && o->reply_ms ? o->reply_ms : 2000;
    d->fd = open(port, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (d->fd < 0) {
        fprintf(stderr, "uart: cannot open %s: %s (is the board plugged in, and are you in the dialout group?)\n",
                port, strerror(errno));
        free(d);
        return TL_HAL_ENODEV;
    }
    struct termios t;
    if (tcgetattr(d->fd, &t) == 0) {
        cfmakeraw(&t);
        t.c_cflag |= CLOCAL | CREAD;
        t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
        t.c_cc[VMIN] = 0;
        t.c_cc[VTIME] = 0;
        cfsetispeed(&t, sp);
        cfsetospeed(&t, sp);
        tcsetattr(d->fd, TCSANOW, &t);
    }
    /* INFO: is a bridge there, where is its DRAM; it also makes the bridge
     * forget its stored reply (docs/board.md section 2.1). */
    d->seq = (uint8_t)(now_ms() & 0xFF);
    uint8_t info[12];
    int rc = uart_xfer(d, OP_INFO, 0, 0, NULL, 0, info, 12);
    uint32_t w[3];
    for (int i = 0; i < 3; i++)
        w[i] = (uint32_t)info[4 * i] | (uint32_t)info[4 * i + 1] << 8 | (uint32_t)info[4 * i + 2] << 16 |
               (uint32_t)info[4 * i + 3] << 24;
    if (rc != TL_HAL_OK || w[0] != UART_MAGIC) {
        if (rc == TL_HAL_OK)
            fprintf(stderr, "uart: %s answers, but not as a trnlite bridge (INFO magic 0x%08x)\n", port, w[0]);
        close(d->fd);
        free(d);
        return TL_HAL_ENODEV;
    }
    d->bump.base = w[1];
    d->bump.size = w[2];
    if (o && o->dram_size && o->dram_size < d->bump.size)
        d->bump.size = o->dram_size;
    *hal = (tl_hal){"uart",           d,           uart_csr_read, uart_csr_write, uart_dram_range, uart_dram_alloc,
                    uart_dram_reset, uart_dram_write, uart_dram_read, uart_wait_irq, uart_close};
    return TL_HAL_OK;
}

/* A board has no fault injection. */
int tl_hal_uart_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    (void)hal, (void)lo, (void)hi, (void)on_write, (void)resp;
    return TL_HAL_ENODEV;
}
