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
 *   - an accumulating vector waits until TL_TE_PSUM_WINDOW cycles after
 *     the last earlier vector to its PSUM address issued (the sequencer
 *     resolves the PSUM read-modify-write hazard at issue);
 *   - a vector's result reaches PSUM tl_te_latency() cycles after it
 *     issues; nothing ever stalls after issue.
 */
#include "trnlite/tensor_engine.h"

unsigned tl_te_latency(unsigned rows)
{
    return TL_TE_SKEW * rows + TL_TE_MUL_LATENCY + TL_TE_IN_LATENCY + TL_TE_OUT_LATENCY;
}

int tl_te_cycles(unsigned rows, unsigned cols, const tl_te_cmd *cmd,
                 size_t n, tl_te_report *rep)
{
    if (rows == 0 || cols == 0 || n == 0 || !cmd[0].swap)
        return -1;
    enum { W = TL_TE_PSUM_WINDOW };
    /* the last W - 1 vectors issued: their address and issue cycle */
    uint32_t h_addr[W];
    uint64_t h_cycle[W];
    unsigned h_n = 0, h_pos = 0;
    uint64_t load_start = 0;  /* cycle the next tile's first row may enter */
    uint64_t next_issue = 1;  /* earliest cycle of the next vector */
    uint64_t issued = 0;      /* vectors issued */
    uint64_t hazards = 0;
    uint64_t macs = 0;
    uint64_t first = 0, last = 0;

    for (size_t i = 0; i < n; i++) {
        const tl_te_cmd *c = &cmd[i];
        if (c->k == 0 || c->k > rows || c->m == 0 || c->m > cols || c->n == 0)
            return -1;
        uint64_t s = next_issue;
        if (c->swap) {
            uint64_t full = load_start + c->k;  /* shadow_full from here */
            if (s < full)
                s = full;
        }
        for (unsigned v = 0; v < c->n; v++) {
            uint32_t addr = c->addr + v;
            uint64_t t = s;
            if (!c->start) {
                /* wait for the window of the latest vector to this address */
                uint64_t ready = t;
                for (unsigned h = 0; h < h_n; h++)
                    if (h_addr[h] == addr && h_cycle[h] + W > ready)
                        ready = h_cycle[h] + W;
                hazards += ready - t;
                t = ready;
            }
            if (v == 0 && c->swap)
                load_start = t;                 /* next tile loads from here */
            if (i == 0 && v == 0)
                first = t;
            h_addr[h_pos] = addr;
            h_cycle[h_pos] = t;
            h_pos = (h_pos + 1) % W;
            if (h_n < W)
                h_n++;
            last = t;
            s = t + 1;
        }
        next_issue = s;
        issued += c->n;
        macs += (uint64_t)c->k * c->m * c->n;
    }
    rep->first_issue = first;
    rep->last_issue = last;
    rep->bubbles = (last - first + 1) - issued;
    rep->hazards = hazards;
    rep->macs = macs;
    rep->cycles = last + tl_te_latency(rows) + 1;
    rep->utilization = (double)macs / ((double)rows * cols * (double)rep->cycles);
    return 0;
}
