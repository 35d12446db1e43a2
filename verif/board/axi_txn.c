/* A random AXI4 test master's burst (axi_txn.h). */
#include "axi_txn.h"

#include <string.h>

void axi_txn_new(tl_rng *r, axi_txn *t, int write, uint32_t id, uint32_t addr, uint32_t len)
{
    memset(t, 0, sizeof *t);
    t->write = write, t->id = id, t->addr = addr, t->len = len;
    t->size = 3, t->burst = 1;
    for (uint32_t b = 0; b <= len; b++) {
        t->data[b] = tl_rng_next(r);
        t->strb[b] = tl_rng_below(r, 2) ? 0xFF : tl_rng_below(r, 256);
    }
}

void axi_txn_bad_type(tl_rng *r, axi_txn *t)
{
    if (tl_rng_below(r, 2))
        t->size = 2;
    else
        t->burst = tl_rng_below(r, 2) ? 0 : 2;
    t->resp = 2;
}

void axi_txn_drive(tl_rng *r, axi_txn *t, arb_port *q, unsigned valid_pct, unsigned ready_pct)
{
    if (!t->a_done && !t->avalid)
        t->avalid = tl_rng_below(r, 100) < valid_pct;
    /* write data: after AW, or (odd IDs) already before it */
    uint32_t wb = (uint32_t)t->w_sent;
    if (t->write && wb <= t->len && !t->wvalid && (t->a_done || (t->id & 1)))
        t->wvalid = tl_rng_below(r, 100) < valid_pct;
    memset(q, 0, sizeof *q);
    q->awvalid = t->write && t->avalid;
    q->arvalid = !t->write && t->avalid;
    q->awid = q->arid = t->id;
    q->awaddr = q->araddr = t->addr;
    q->awlen = q->arlen = t->len;
    q->awsize = q->arsize = t->size;
    q->awburst = q->arburst = t->burst;
    q->wvalid = t->wvalid;
    q->wdata = wb <= t->len ? t->data[wb] : 0;
    q->wstrb = wb <= t->len ? t->strb[wb] : 0;
    q->wlast = wb == t->len;
    q->bready = tl_rng_below(r, 100) < ready_pct;
    q->rready = tl_rng_below(r, 100) < ready_pct;
}

static uint64_t ref_word(axi_ref_byte ref, uint32_t addr)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)*ref(addr + (uint32_t)i) << (8 * i);
    return v;
}

void axi_txn_observe(axi_txn *t, const arb_port *q, axi_ref_byte ref, uint32_t seed, int m)
{
    if (t->done)
        return;
    if (t->avalid && (t->write ? q->awready : q->arready))
        t->a_done = 1, t->avalid = 0;
    if (t->wvalid && q->wready)
        t->wvalid = 0, t->w_sent++;
    if (t->write && q->bvalid && q->bready) {
        ck_assert_msg(t->w_sent == (int)t->len + 1, "seed %u master %d: B before the last W", seed, m);
        ck_assert_msg(q->bresp == t->resp, "seed %u master %d: BRESP %u, want %u (addr 0x%x len %u)", seed, m,
                      q->bresp, t->resp, t->addr, t->len);
        ck_assert_uint_eq(q->bid, t->id);
        if (t->resp == 0)
            for (uint32_t b = 0; b <= t->len; b++)
                for (int i = 0; i < 8; i++)
                    if (t->strb[b] >> i & 1)
                        *ref(t->addr + 8 * b + (uint32_t)i) = (uint8_t)(t->data[b] >> (8 * i));
        t->done = 1;
    }
    if (!t->write && q->rvalid && q->rready) {
        uint32_t b = (uint32_t)t->r_got++;
        ck_assert_msg(t->a_done, "seed %u master %d: R before AR", seed, m);
        ck_assert_msg(b <= t->len, "seed %u master %d: too many R beats", seed, m);
        ck_assert_uint_eq(q->rid, t->id);
        ck_assert_msg(q->rresp == t->resp, "seed %u master %d: RRESP %u, want %u (addr 0x%x)", seed, m, q->rresp,
                      t->resp, t->addr);
        ck_assert_uint_eq(q->rlast, b == t->len);
        if (t->resp == 0)
            ck_assert_msg(q->rdata == ref_word(ref, t->addr + 8 * b),
                          "seed %u master %d: read 0x%x beat %u: 0x%016llx, model 0x%016llx", seed, m, t->addr, b,
                          (unsigned long long)q->rdata, (unsigned long long)ref_word(ref, t->addr + 8 * b));
        if (b == t->len)
            t->done = 1;
    }
}
