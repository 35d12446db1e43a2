// board_sim: the Verilated ULX3S top (PLL bypassed, -DSIM) behind a
// pseudo-terminal, so that the unmodified trnlite CLI (backend uart) talks
// to it as to a board on /dev/ttyUSB0 (docs/board.md section 4).
//
//   board_sim --link PATH [--drop-reply N] [--seed N] [--mem-stall N] [--wave FILE.fst]
//
// Opens a pty (posix_openpt), makes PATH a symlink to its slave, prints
// "board_sim: pty /dev/pts/N" and runs until SIGTERM or SIGINT. Every
// byte the host writes is serialized bit by bit onto ftdi_txd (8N1,
// CLKS_PER_BIT cycles a bit, the value the model was built with); every
// byte the design sends on ftdi_rxd is sampled mid-bit and written back.
// --drop-reply N swallows the N-th reply (1-based; a reply is a burst of
// bytes with less than 4 byte times of idle line inside), to test the
// host's retry. --seed N (default 1) seeds the random power-up value of
// every flip-flop and memory that has no initial value (the model is
// built with --x-initial unique --x-assign unique); the reset synchronizer
// starts from its FPGA initial values, as on the device. The board's DRAM
// is the SDRAM (ulx3s_top SDRAM=1) behind the SDRAM model of
// sdram_model.c, which checks every command's timing: on a violation
// board_sim prints it and exits 3; at SIGTERM it exits 3 if a refresh is
// overdue, else 0.
// --mem-stall N hands the model +tl_mem_stall=N, +tl_mem_stall_log2=5 and
// +tl_mem_stats: in a build with the core's port checkers (TL_CHECKS,
// board_sim_4x4) its SBUF/PSUM request ports stall for up to 300 cycles
// at random, a stall starting with probability 1/32 per cycle (N > 0;
// 0: no stalls), and at exit every port prints how long it waited
// (core_mem_check, on stdout).
// A checker's violation stops the model ($error) with its message.
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include "Vulx3s_top.h"
#include "sdram_model.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#ifndef BOARD_CPB
#error "BOARD_CPB (the model's CLKS_PER_BIT) must be defined"
#endif

static volatile sig_atomic_t stop_flag;
static void on_signal(int) { stop_flag = 1; }

int main(int argc, char **argv)
{
    const char *link_path = nullptr, *wave = nullptr;
    long drop_reply = 0;
    unsigned long seed = 1;
    const char *mem_stall = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--link") && i + 1 < argc)
            link_path = argv[++i];
        else if (!strcmp(argv[i], "--drop-reply") && i + 1 < argc)
            drop_reply = strtol(argv[++i], nullptr, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoul(argv[++i], nullptr, 10);
        else if (!strcmp(argv[i], "--mem-stall") && i + 1 < argc)
            mem_stall = argv[++i];
        else if (!strcmp(argv[i], "--wave") && i + 1 < argc)
            wave = argv[++i];
        else {
            fprintf(stderr, "usage: board_sim --link PATH [--drop-reply N] [--seed N] [--mem-stall N] [--wave FILE.fst]\n");
            return 2;
        }
    }
    if (!link_path) {
        fprintf(stderr, "board_sim: --link PATH is required\n");
        return 2;
    }

    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) || unlockpt(master)) {
        perror("board_sim: posix_openpt");
        return 1;
    }
    const char *slave_name = ptsname(master);
    // Keep one slave descriptor open, raw: the line discipline then never
    // echoes or edits bytes, and the master does not see EIO between two
    // host programs.
    int slave = open(slave_name, O_RDWR | O_NOCTTY);
    struct termios t;
    if (slave < 0 || tcgetattr(slave, &t)) {
        perror("board_sim: slave");
        return 1;
    }
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);
    unlink(link_path);
    if (symlink(slave_name, link_path)) {
        perror("board_sim: symlink");
        return 1;
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);

    VerilatedContext ctx;
    ctx.randReset(2);
    if (const char *xs = getenv("VL_XSEED"))  // make xprop: other power-up values per N
        seed = seed * 0x9E3779B97F4A7C15ull + strtoull(xs, nullptr, 10) + 1;
    ctx.randSeed((int)(seed % 0x7ffffffeu) + 1);  // 0 would mean "time based"
    char stall_arg[40];
    if (mem_stall) {
        snprintf(stall_arg, sizeof stall_arg, "+tl_mem_stall=%lu", strtoul(mem_stall, nullptr, 10));
        const char *plus[] = {argv[0], stall_arg, "+tl_mem_stall_log2=5", "+tl_mem_stats"};
        ctx.commandArgs(4, plus);
    }
    Vulx3s_top *top = new Vulx3s_top(&ctx);
    VerilatedFstC *fst = nullptr;
    uint64_t t_trace = 0;
    if (wave) {
        ctx.traceEverOn(true);
        fst = new VerilatedFstC;
        top->trace(fst, 99);
        fst->open(wave);
    }
    // the board's 32 MiB part at the 50 MHz the controller is built for
    sdram_cfg scfg = sdram_cfg_as4c32m16sb(13, 9, 20000);
    sdram_model *sdram = sdram_model_create(&scfg, (uint32_t)seed);
    if (!sdram) {
        fprintf(stderr, "board_sim: out of memory for the SDRAM model\n");
        return 1;
    }
    top->sdram_dq_in = 0;
    top->btn = 1;      // BTN_PWRn released
    top->ftdi_txd = 1; // idle line
    top->clk_25mhz = 0;
    top->eval();
    printf("board_sim: pty %s\n", slave_name);
    fflush(stdout);

    const int cpb = BOARD_CPB;
    std::deque<unsigned char> to_dut;
    // host -> design: the frame being sent (start, 8 data, stop)
    int tx_bit = -1, tx_cnt = 0;
    unsigned tx_frame = 0;
    // design -> host
    int rx_bit = -1, rx_cnt = 0;
    unsigned rx_byte = 0;
    long replies = 0;
    uint64_t idle = 0, since_byte = ~0ull >> 1, cyc = 0;
    bool dropping = false;

    while (!stop_flag) {
        // the pty, every 32 cycles (a byte takes 10 * cpb >= 40)
        if ((cyc++ & 31) == 0) {
            unsigned char buf[512];
            ssize_t n = read(master, buf, sizeof buf);
            for (ssize_t i = 0; i < n; i++)
                to_dut.push_back(buf[i]);
            if (n > 0)
                idle = 0;
        }
        // nothing before the design is out of reset (board_rst_sync: ~20 cycles)
        if (tx_bit < 0 && !to_dut.empty() && cyc > 64) {
            tx_frame = 0x200u | (unsigned)to_dut.front() << 1;  // stop, data, start (LSB first)
            to_dut.pop_front();
            tx_bit = 0;
            tx_cnt = 0;
        }
        top->ftdi_txd = tx_bit < 0 ? 1 : (tx_frame >> tx_bit) & 1u;

        top->clk_25mhz = 1;
        top->eval();
        if (fst)
            fst->dump(t_trace++);
        // the SDRAM's edge: its clock is ours inverted; what it drives
        // then is what the next rising edge samples
        sdram_pins pins = {top->sdram_cke, top->sdram_csn, top->sdram_rasn, top->sdram_casn, top->sdram_wen,
                           top->sdram_ba, top->sdram_a, top->sdram_dqm, top->sdram_dq_out, top->sdram_dq_oe};
        int drive;
        unsigned dq = sdram_model_edge(sdram, &pins, &drive);
        top->sdram_dq_in = drive ? dq : (unsigned)(cyc * 0x9E37u) & 0xFFFFu;  // undriven: noise
        if (sdram_model_violations(sdram)) {
            fprintf(stderr, "board_sim: SDRAM timing violation: %s\n", sdram_model_first_violation(sdram));
            unlink(link_path);
            return 3;
        }
        top->clk_25mhz = 0;
        top->eval();
        if (fst)
            fst->dump(t_trace++);

        if (tx_bit >= 0 && ++tx_cnt == cpb) {
            tx_cnt = 0;
            if (++tx_bit == 10)
                tx_bit = -1;
        }
        // receive: a falling edge starts a byte; sample in mid-bit
        int line = top->ftdi_rxd;
        since_byte++;
        if (rx_bit < 0) {
            if (!line) {
                rx_bit = 0;
                rx_cnt = 0;
            }
        } else if (++rx_cnt == cpb / 2 + rx_bit * cpb) {
            if (rx_bit >= 1 && rx_bit <= 8)
                rx_byte |= (unsigned)line << (rx_bit - 1);
            if (rx_bit == 9) {
                if (line) {
                    // a new reply when the line was idle for 4 byte times
                    if (since_byte > (uint64_t)(40 * cpb)) {
                        replies++;
                        dropping = replies == drop_reply;
                        if (dropping)
                            fprintf(stderr, "board_sim: dropping reply %ld\n", replies);
                    }
                    since_byte = 0;
                    unsigned char c = (unsigned char)rx_byte;
                    if (!dropping && write(master, &c, 1) != 1)
                        fprintf(stderr, "board_sim: pty write failed: %s\n", strerror(errno));
                } else {
                    fprintf(stderr, "board_sim: framing error on ftdi_rxd\n");
                }
                rx_bit = -1;
                rx_byte = 0;
                idle = 0;
                continue;
            }
            rx_bit++;
        }
        if (tx_bit >= 0 || rx_bit >= 0)
            idle = 0;
        // Nothing on the line for a long time: the host is not talking to
        // the board. Sleep on the pty (1 ms at most) instead of spinning.
        if (++idle > 200000 && to_dut.empty() && tx_bit < 0 && rx_bit < 0) {
            struct pollfd p = {master, POLLIN, 0};
            poll(&p, 1, 1);
        }
    }
    if (fst) {
        fst->close();
        delete fst;
    }
    top->final();
    delete top;
    unlink(link_path);
    close(slave);
    close(master);
    sdram_model_finish(sdram);
    int rc = 0;
    if (sdram_model_violations(sdram)) {
        fprintf(stderr, "board_sim: SDRAM timing violation: %s\n", sdram_model_first_violation(sdram));
        rc = 3;
    }
    sdram_stats st = sdram_model_stats(sdram);
    fprintf(stderr, "board_sim: SDRAM %llu ACTIVATE, %llu READ, %llu WRITE, %llu REFRESH\n",
            (unsigned long long)st.acts, (unsigned long long)st.reads, (unsigned long long)st.writes,
            (unsigned long long)st.refs);
    sdram_model_free(sdram);
    return rc;
}
