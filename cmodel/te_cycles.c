/*
 * Cycle model of the tensor engine (rtl/tensor/tensor_engine.v) and the
 * write port of psum_buffer, for ideal feeders. See tensor_engine.h and
 * docs/tensor_engine.md ("Cycle model") for the timing it encodes:
 *   - command i is accepted in the cycle command i-1 issues its last
 *     vector (command 0 at cycle 0); its vectors may issue from the next
 *     cycle on, one per cycle;
 *   - a swap command's first vector waits until its tile's last row was
 *     accepted in an earlier cycle; a tile's rows are accepted one per
 *     cycle from the cycle the previous tile was swapped in (the first
 *     tile from cycle 0);
 *   - a vector's result reaches PSUM tl_te_latency() cycles after it
 *     issues, plus every stall before it; PSUM stalls the whole engine
 *     while a result that accumulates finds a write to its address that
 *     PSUM accepted 1 .. TL_FP32_ADD_LATENCY cycles earlier (that write
 *     reaches the RAM TL_FP32_ADD_LATENCY + 1 cycles after its accept).
 */
#include "trnlite/tensor_engine.h"

unsigned tl_te_latency(unsigned rows)
{
    return TL_TE_SKEW * rows + 3u;
}

int tl_te_cycles(unsigned rows, unsigned cols, const tl_te_cmd *cmd,
                 size_t n, tl_te_report *rep)
{
    if (rows == 0 || cols == 0 || n == 0 || !cmd[0].swap)
        return -1;
    uint64_t load_start = 0;  /* cycle the next tile's first row may enter */
    uint64_t next_issue = 1;  /* earliest cycle of the next vector */
    uint64_t issued = 0;      /* vectors issued */
    uint64_t hazards = 0;
    uint64_t macs = 0;
    uint64_t first = 0, last = 0;
    /* PSUM writes still in flight: accept cycle and address of the last
     * TL_FP32_ADD_LATENCY results (accept cycles increase) */
    enum { WIN = TL_FP32_ADD_LATENCY };
    uint64_t win_at[WIN];
    uint32_t win_addr[WIN];
    size_t win_n = 0, win_head = 0;
    const uint64_t lat = tl_te_latency(rows);

    for (size_t i = 0; i < n; i++) {
        const tl_te_cmd *c = &cmd[i];
        if (c->k == 0 || c->k > rows || c->m == 0 || c->m > cols || c->n == 0)
            return -1;
        uint64_t s = next_issue;
        if (c->swap) {
            uint64_t full = load_start + c->k;  /* shadow_full from here */
            if (s < full)
                s = full;
            load_start = s;                     /* next tile loads from here */
        }
        if (i == 0)
            first = s;
        for (unsigned v = 0; v < c->n; v++) {
            uint32_t addr = c->addr + v;
            /* offered to PSUM after the fill latency and every earlier stall
             * (a stall freezes the engine: later results move with it) */
            uint64_t at = s + v + lat + hazards;
            if (!c->start) {
                uint64_t ready = at;
                for (size_t j = 0; j < win_n; j++) {
                    size_t e = (win_head + j) % WIN;
                    if (win_addr[e] == addr && win_at[e] + WIN + 1 > ready)
                        ready = win_at[e] + WIN + 1;
                }
                hazards += ready - at;
                at = ready;
            }
            if (win_n == WIN) {
                win_head = (win_head + 1) % WIN;
                win_n--;
            }
            win_at[(win_head + win_n) % WIN] = at;
            win_addr[(win_head + win_n) % WIN] = addr;
            win_n++;
            last = s + v;
        }
        next_issue = s + c->n;
        issued += c->n;
        macs += (uint64_t)c->k * c->m * c->n;
    }
    rep->first_issue = first;
    rep->last_issue = last;
    rep->bubbles = (last - first + 1) - issued;
    rep->hazards = hazards;
    rep->macs = macs;
    rep->cycles = last + tl_te_latency(rows) + hazards + 1;
    rep->utilization = (double)macs / ((double)rows * cols * (double)rep->cycles);
    return 0;
}
