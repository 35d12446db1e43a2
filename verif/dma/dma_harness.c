/* dma_harness: see dma_harness.h. */
#include "dma_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rnd(dma_tb *tb)
{
    uint64_t z = (tb->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool chance(dma_tb *tb) { return tb->ready_pct >= 100 || rnd(tb) % 100 < tb->ready_pct; }

dma_tb *dma_tb_create(const dma_tb_cfg *cfg)
{
    dma_tb *tb = calloc(1, sizeof *tb);
    if (!tb)
        abort();
    /* random power-up values of every flip-flop, from the test's seed */
    tb->dut = dma_dut_create(cfg->wave, (uint32_t)(cfg->seed * 0x9E3779B1u) | 1u);
    tb->dram_base = dma_dut_addr_bits() > 32 ? 0x480000000ull : 0x80000000ull;
    axi_mem_cfg ac = {.data_bytes = dma_dut_data_bytes(), .base = tb->dram_base, .size = DMA_TB_DRAM_SIZE,
                      .latency = cfg->latency, .ready_pct = cfg->ready_pct,
                      .stall_permille = cfg->stall_permille, .stall_max = cfg->stall_max, .seed = cfg->seed};
    /* docs/dma.md section 5: AxCACHE 0011, AxPROT 000, AxLOCK 0, full-width
     * beats, ID 0 with the default outstanding limits (dma.mk builds every
     * engine with RD_OUTSTANDING_LOG2 = 3, WR_OUTSTANDING_LOG2 = 4: 2^3 + 1
     * reads, the reader's meta FIFO holding one more in its registered
     * head, and 2^4 writes) */
    ac.check_attr = true;
    ac.cache = 3;
    ac.prot = 0;
    ac.max_rd[0] = 9;
    ac.max_wr[0] = 16;
    if (axi_mem_impolite_wanted())
        axi_mem_cfg_impolite(&ac);
    tb->axi = axi_mem_create(&ac);
    tb->rng = cfg->seed ^ 0x5555;
    tb->oc_rng = cfg->seed ^ 0x0C0C0C0Cull;
    if (axi_mem_impolite_wanted())
        dma_tb_onchip_stalls(tb, DMA_TB_OC_STALL_PM, DMA_TB_OC_STALL_MAX);
    dma_tb_timing(tb, cfg->latency, cfg->ready_pct, cfg->stall_permille, cfg->stall_max);
    tb->io.dram_base = tb->dram_base;
    tb->io.dram_limit = tb->dram_base + DMA_TB_DRAM_SIZE - 1;
    dma_tb_reset(tb, 2);
    return tb;
}

void dma_tb_free(dma_tb *tb)
{
    dma_dut_free(tb->dut);
    axi_mem_free(tb->axi);
    free(tb);
}

void dma_tb_timing(dma_tb *tb, unsigned latency, unsigned ready_pct, unsigned stall_permille,
                   unsigned stall_max)
{
    axi_mem_set_timing(tb->axi, latency, ready_pct, stall_permille, stall_max);
    tb->ready_pct = ready_pct;
    tb->lat = latency;
    tb->stall_pm = stall_permille;
    tb->stall_max = stall_max;
}

uint8_t *dma_tb_dram(dma_tb *tb) { return axi_mem_data(tb->axi); }

static void oc_violation(dma_tb *tb, const char *what, uint32_t addr)
{
    if (tb->oc_violations++ == 0)
        snprintf(tb->oc_first, sizeof tb->oc_first, "cycle %llu: on-chip port: %s (0x%x)",
                 (unsigned long long)tb->cycle, what, addr);
}

void dma_tb_onchip_stalls(dma_tb *tb, unsigned permille, unsigned max)
{
    tb->oc_stall_pm = max ? permille : 0;
    tb->oc_stall_max = max;
}

/* Is port p stalled this cycle? Draws only while stalls are on, from a
 * stream of its own, so that runs without them keep their timing. */
static bool oc_stalled(dma_tb *tb, unsigned p)
{
    if (!tb->oc_stall_pm)
        return false;
    if (tb->oc_stall_left[p]) {
        tb->oc_stall_left[p]--;
        return true;
    }
    uint64_t z = (tb->oc_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    if (z % 1000 >= tb->oc_stall_pm)
        return false;
    tb->oc_stall_left[p] = (unsigned)((z >> 32) % tb->oc_stall_max); /* this cycle + 0..max-1 more */
    tb->oc_stalls[p]++;
    return true;
}

/* The stability rule on one stream the engine drives, at the clock edge
 * that ends this cycle: VALID (and the payload) seen now is compared with
 * the previous edge's unfinished beat. */
static void oc_hold_check(dma_tb *tb, dma_oc_hold *h, const char *port, bool valid, bool ready,
                          const uint8_t *payload, unsigned len, uint32_t addr)
{
    char msg[96];
    if (h->pending) {
        if (!valid) {
            snprintf(msg, sizeof msg, "%s: VALID dropped before READY", port);
            oc_violation(tb, msg, addr);
        } else if (memcmp(h->payload, payload, len) != 0) {
            snprintf(msg, sizeof msg, "%s: payload changed while VALID waited for READY", port);
            oc_violation(tb, msg, addr);
        }
    }
    h->pending = valid && !ready;
    if (h->pending) {
        memcpy(h->payload, payload, len);
        h->wait++;
        h->wait_cycles++;
        if (h->wait > h->longest)
            h->longest = h->wait;
    } else {
        h->wait = 0;
    }
    if (valid && ready)
        h->beats++;
}

static void oc_check_streams(dma_tb *tb, const dma_io *io, unsigned db)
{
    if (io->rst) {
        tb->hold_rd.pending = tb->hold_wr.pending = false;
        tb->hold_rd.wait = tb->hold_wr.wait = 0;
        return;
    }
    uint8_t p[16 + AXI_MEM_MAX_BYTES];
    p[0] = io->sb_rd_req_psum;
    memcpy(p + 1, &io->sb_rd_req_addr, 4);
    oc_hold_check(tb, &tb->hold_rd, "read request", io->sb_rd_req_valid, io->sb_rd_req_ready, p, 5,
                  io->sb_rd_req_addr);
    p[0] = io->sb_wr_psum;
    memcpy(p + 1, &io->sb_wr_addr, 4);
    memcpy(p + 5, &io->sb_wr_strb, 4);
    memcpy(p + 9, &io->sb_wr_pmask, 4);
    memcpy(p + 13, io->sb_wr_data, db);
    oc_hold_check(tb, &tb->hold_wr, "write", io->sb_wr_valid, io->sb_wr_ready, p, 13 + db, io->sb_wr_addr);
}

void dma_tb_step(dma_tb *tb)
{
    dma_io *io = &tb->io;
    const unsigned db = dma_dut_data_bytes();
    /* slave outputs of this cycle */
    axi_mem_drive(tb->axi, &io->axi);
    bool st_req = oc_stalled(tb, DMA_OC_RD_REQ), st_rsp = oc_stalled(tb, DMA_OC_RD_RSP),
         st_wr = oc_stalled(tb, DMA_OC_WR);
    io->sb_rd_req_ready = !st_req && tb->rsp_n < 60 && chance(tb);
    /* a response on offer stays on offer (this side's VALID rule) */
    if (!tb->rsp_hold && !st_rsp)
        tb->rsp_hold = tb->rsp_n > 0 && tb->rsp_at[tb->rsp_head] <= tb->cycle && chance(tb);
    io->sb_rd_rsp_valid = tb->rsp_hold;
    if (tb->rsp_hold)
        memcpy(io->sb_rd_rsp_data, tb->rsp[tb->rsp_head], db);
    io->sb_wr_ready = !st_wr && chance(tb);

    dma_dut_eval(tb->dut, io);
    oc_check_streams(tb, io, db);

    if (io->rst) {
        axi_mem_reset(tb->axi);
        tb->rsp_n = 0;
        tb->rsp_hold = false;
    }
    axi_mem_tick(tb->axi, &io->axi);
    /* on-chip read port */
    if (!io->rst && io->sb_rd_rsp_valid && io->sb_rd_rsp_ready) {
        tb->rsp_head = (tb->rsp_head + 1) % 64;
        tb->rsp_n--;
        tb->rsp_hold = false;
    }
    if (!io->rst && io->sb_rd_req_valid && io->sb_rd_req_ready) {
        uint32_t a = io->sb_rd_req_addr;
        uint32_t size = io->sb_rd_req_psum ? DMA_TB_PSUM_SIZE : DMA_TB_SBUF_SIZE;
        uint8_t *mem = io->sb_rd_req_psum ? tb->psum : tb->sbuf;
        unsigned slot = (tb->rsp_head + tb->rsp_n) % 64;
        if (a % db || a + db > size) {
            oc_violation(tb, "read request unaligned or out of range", a);
            memset(tb->rsp[slot], 0, db);
        } else {
            memcpy(tb->rsp[slot], mem + a, db);
        }
        tb->rsp_at[slot] = tb->cycle + 1 + rnd(tb) % 4;
        tb->rsp_n++;
    }
    if (!io->rst && io->sb_wr_valid && io->sb_wr_ready) {
        uint32_t a = io->sb_wr_addr;
        uint32_t size = io->sb_wr_psum ? DMA_TB_PSUM_SIZE : DMA_TB_SBUF_SIZE;
        uint8_t *mem = io->sb_wr_psum ? tb->psum : tb->sbuf;
        if (a % db || a + db > size) {
            oc_violation(tb, "write request unaligned or out of range", a);
        } else if (io->sb_wr_pmask) {
            /* a transposing write (docs/dma.md section 1): partition
             * (p0 & ~(G-1)) + i for each bit i of the mask, G = db/2, with
             * bytes 2i, 2i+1 of the data repeated over its word */
            unsigned g = db / 2;
            uint32_t off = a & ((1u << DMA_TB_SBUF_PART_LOG2) - 1);
            uint32_t p0 = (a >> DMA_TB_SBUF_PART_LOG2) & ~(g - 1);
            if (io->sb_wr_psum || io->sb_wr_pmask >> g)
                oc_violation(tb, "transposing write to PSUM or with a mask bit >= DATA_WIDTH/16", a);
            else
                for (unsigned k = 0; k < g; k++) {
                    if (!(io->sb_wr_pmask >> k & 1))
                        continue;
                    if (p0 + k >= DMA_TB_SBUF_PARTS) {
                        oc_violation(tb, "transposing write past the last partition", a);
                        break;
                    }
                    for (unsigned i = 0; i < db; i++)
                        if (io->sb_wr_strb >> i & 1)
                            tb->sbuf[((p0 + k) << DMA_TB_SBUF_PART_LOG2) + off + i] =
                                io->sb_wr_data[2 * k + i % 2];
                }
            tb->xp_writes++;
        } else {
            for (unsigned i = 0; i < db; i++)
                if (io->sb_wr_strb >> i & 1)
                    mem[a + i] = io->sb_wr_data[i];
        }
    }
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++)
        if (io->done_pulse >> q & 1)
            tb->done_seen[q]++;
    dma_dut_posedge(tb->dut);
    tb->cycle++;
}

void dma_tb_reset(dma_tb *tb, unsigned n)
{
    tb->io.rst = true;
    tb->io.desc_valid = false;
    tb->io.err_clear = 0;
    tb->io.desc_err_clear = false;
    tb->io.abort = false;
    for (unsigned i = 0; i < n; i++)
        dma_tb_step(tb);
    tb->io.rst = false;
    memset(tb->done_seen, 0, sizeof tb->done_seen);
}

bool dma_tb_push(dma_tb *tb, unsigned q, const tl_dma_desc *d, unsigned timeout)
{
    tl_dma_desc_pack(d, tb->io.desc);
    tb->io.desc_queue = q;
    tb->io.desc_valid = true;
    for (unsigned i = 0; i < timeout; i++) {
        dma_tb_step(tb); /* io.desc_ready: this edge's value */
        if (tb->io.desc_ready) {
            tb->io.desc_valid = false;
            return true;
        }
    }
    tb->io.desc_valid = false;
    return false;
}

bool dma_tb_wait_idle(dma_tb *tb, unsigned timeout)
{
    unsigned quiet = 0;
    for (unsigned i = 0; i < timeout; i++) {
        dma_tb_step(tb);
        if (tb->io.idle && axi_mem_idle(tb->axi) && tb->rsp_n == 0)
            quiet++;
        else
            quiet = 0;
        if (quiet >= 4)
            return true;
    }
    return false;
}

void dma_tb_sys(dma_tb *tb, tl_dma_sys *sys, uint8_t *dram, uint8_t *sbuf, uint8_t *psum)
{
    memset(sys, 0, sizeof *sys);
    sys->data_bytes = dma_dut_data_bytes();
    sys->addr_bits = dma_dut_addr_bits();
    sys->win_base = tb->io.dram_base;
    sys->win_limit = tb->io.dram_limit;
    sys->dram = dram;
    sys->dram_base = tb->dram_base;
    sys->dram_size = DMA_TB_DRAM_SIZE;
    sys->sbuf = sbuf;
    sys->sbuf_parts = DMA_TB_SBUF_PARTS;
    sys->sbuf_part_log2 = DMA_TB_SBUF_PART_LOG2;
    sys->psum = psum;
    sys->psum_parts = DMA_TB_PSUM_PARTS;
    sys->psum_part_log2 = DMA_TB_PSUM_PART_LOG2;
}

unsigned dma_tb_violations(const dma_tb *tb) { return axi_mem_violations(tb->axi) + tb->oc_violations; }

const char *dma_tb_first_violation(const dma_tb *tb)
{
    return axi_mem_violations(tb->axi) ? axi_mem_first_violation(tb->axi) : tb->oc_first;
}
