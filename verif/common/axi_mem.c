/* AXI4 slave memory model: see axi_mem.h. */
#include "axi_mem.h"
#include "fcov.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QCAP 64        /* accepted bursts per direction */
#define MAX_FAULTS 16
#define NCH 5          /* AW, W, B, AR, R */

typedef struct {
    uint64_t addr;     /* AxADDR as given */
    uint32_t len, id;
    uint32_t beat;     /* next beat */
    uint32_t resp;     /* write: BRESP of the whole burst */
    uint64_t ready_at; /* cycle the first R beat / the B may go */
} burst;

/* Bursts in acceptance order, index 0 the oldest (the polite model only
 * ever takes index 0; the reordering one takes any). */
typedef struct {
    burst e[QCAP];
    unsigned n;
} bqueue;

#define WQCAP 64       /* W beats taken ahead of their AW */
typedef struct {
    uint8_t data[AXI_MEM_MAX_BYTES];
    uint32_t strb;
    bool last;
} wbeat;

typedef struct {
    uint64_t lo, hi;
    bool on_write;
    unsigned resp;
} fault;

struct axi_mem {
    axi_mem_cfg cfg;
    uint8_t *data;
    fault faults[MAX_FAULTS];
    unsigned nfaults;
    uint64_t rng, now;
    unsigned stall[NCH];
    bqueue aw, b, ar;   /* aw: waiting for W beats; b: waiting to respond; ar: reading */
    wbeat wq[WQCAP];    /* W beats taken and not yet matched to an AW (w_ahead) */
    unsigned wq_head, wq_n;
    /* held slave outputs, and the burst each belongs to */
    bool bv_hold, rv_hold;
    unsigned bv_idx, rv_idx;
    bool r_mid;         /* the last R beat sent was not its burst's last */
    uint32_t r_mid_id;  /* ... and the ID of that burst */
    axi_port prev;      /* signals of the previous cycle */
    bool prev_valid;    /* prev holds a cycle (not right after reset) */
    bool reset_now;     /* axi_mem_reset() called in this cycle */
    bool reset_prev;    /* ... and in the previous one */
    bool quiet_after;   /* first cycle after reset: no VALID allowed */
    unsigned violations;
    char first[256];
    axi_mem_stats stats;
};

static void axi_mem_fcov(const axi_mem *m);

static uint64_t rnd(axi_mem *m)
{
    uint64_t z = (m->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void violation(axi_mem *m, const char *what, uint64_t a, uint64_t b)
{
    if (m->violations++ == 0)
        snprintf(m->first, sizeof m->first, "cycle %llu: %s (0x%llx, 0x%llx)",
                 (unsigned long long)m->now, what, (unsigned long long)a, (unsigned long long)b);
    if (m->violations <= 5)
        fprintf(stderr, "axi_mem: cycle %llu: AXI violation: %s (0x%llx, 0x%llx)\n",
                (unsigned long long)m->now, what, (unsigned long long)a, (unsigned long long)b);
}

axi_mem *axi_mem_create(const axi_mem_cfg *cfg)
{
    axi_mem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    if (m->cfg.latency < 1)
        m->cfg.latency = 1;
    if (m->cfg.w_ahead > WQCAP)
        m->cfg.w_ahead = WQCAP;
    m->data = calloc(cfg->size ? cfg->size : 1, 1);
    if (!m->data) {
        free(m);
        return NULL;
    }
    m->rng = cfg->seed;
    return m;
}

void axi_mem_free(axi_mem *m)
{
    if (!m)
        return;
    axi_mem_fcov(m);
    free(m->data);
    free(m);
}

uint8_t *axi_mem_data(axi_mem *m) { return m->data; }

void axi_mem_add_fault(axi_mem *m, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    if (m->nfaults < MAX_FAULTS)
        m->faults[m->nfaults++] = (fault){lo, hi, on_write, resp};
}

void axi_mem_clear_faults(axi_mem *m) { m->nfaults = 0; }

void axi_mem_set_timing(axi_mem *m, unsigned latency, unsigned ready_pct,
                        unsigned stall_permille, unsigned stall_max)
{
    m->cfg.latency = latency < 1 ? 1 : latency;
    m->cfg.ready_pct = ready_pct;
    m->cfg.stall_permille = stall_permille;
    m->cfg.stall_max = stall_max;
}

void axi_mem_seed(axi_mem *m, uint64_t seed)
{
    m->rng = seed;
    memset(m->stall, 0, sizeof m->stall);
}

/* Response for bytes [a, b]: fault ranges first, then the backing store. */
static unsigned resp_of(const axi_mem *m, uint64_t a, uint64_t b, bool write)
{
    for (unsigned i = 0; i < m->nfaults; i++)
        if (m->faults[i].on_write == write && a <= m->faults[i].hi && b >= m->faults[i].lo)
            return m->faults[i].resp;
    if (a < m->cfg.base || b - m->cfg.base >= m->cfg.size)
        return 3;
    return 0;
}

static burst *qhead(bqueue *q) { return &q->e[0]; }
static void qremove(bqueue *q, unsigned i)
{
    memmove(&q->e[i], &q->e[i + 1], (q->n - i - 1) * sizeof q->e[0]);
    q->n--;
}
static void qpop(bqueue *q) { qremove(q, 0); }
static void qpush(bqueue *q, const burst *b) { q->e[q->n++] = *b; }
static unsigned qcount_id(const bqueue *q, uint32_t id)
{
    unsigned c = 0;
    for (unsigned i = 0; i < q->n; i++)
        c += q->e[i].id == id;
    return c;
}

void axi_mem_reset(axi_mem *m)
{
    m->aw.n = m->b.n = m->ar.n = 0;
    m->wq_n = 0;
    m->bv_hold = m->rv_hold = false;
    m->r_mid = false;
    m->prev_valid = false;
    m->reset_now = true;
    memset(m->stall, 0, sizeof m->stall);
}

/* Offer a ready/valid this cycle? Random with long stalls. */
static bool offer(axi_mem *m, unsigned ch)
{
    if (m->stall[ch]) {
        m->stall[ch]--;
        return false;
    }
    if (m->cfg.stall_permille && rnd(m) % 1000 < m->cfg.stall_permille) {
        m->stall[ch] = 1 + (unsigned)(rnd(m) % (m->cfg.stall_max ? m->cfg.stall_max : 1));
        return false;
    }
    return m->cfg.ready_pct >= 100 || rnd(m) % 100 < m->cfg.ready_pct;
}

static uint64_t beat_addr(const burst *b, unsigned db)
{
    uint64_t aligned = b->addr & ~(uint64_t)(db - 1);
    return b->beat == 0 ? b->addr : aligned + (uint64_t)b->beat * db;
}

/* When a burst accepted now may answer: its first R beat, or its B. */
static uint64_t due(axi_mem *m)
{
    uint64_t t = m->now + m->cfg.latency;
    if (m->cfg.jitter)
        t += rnd(m) % (m->cfg.jitter + 1);
    return t;
}

/* The burst of q to answer next, or -1: the oldest if it is due (polite);
 * with reorder, a random due burst among those that are the oldest of
 * their ID (AXI keeps the order within an ID only). */
static int pick(axi_mem *m, const bqueue *q)
{
    if (!m->cfg.reorder)
        return q->n > 0 && q->e[0].ready_at <= m->now ? 0 : -1;
    unsigned cand[QCAP], nc = 0;
    for (unsigned i = 0; i < q->n; i++) {
        bool oldest = true;
        for (unsigned j = 0; j < i && oldest; j++)
            oldest = q->e[j].id != q->e[i].id;
        if (oldest && q->e[i].ready_at <= m->now)
            cand[nc++] = i;
    }
    return nc ? (int)cand[rnd(m) % nc] : -1;
}

void axi_mem_drive(axi_mem *m, axi_port *p)
{
    const unsigned db = m->cfg.data_bytes;
    p->awready = m->aw.n + m->b.n < QCAP - 1 && offer(m, 0);
    p->wready = (m->cfg.w_ahead ? m->wq_n < m->cfg.w_ahead : m->aw.n > 0) && offer(m, 1);
    if (!m->bv_hold) {
        int i = pick(m, &m->b);
        m->bv_hold = i >= 0 && offer(m, 2);
        if (m->bv_hold) {
            m->bv_idx = (unsigned)i;
            if (i > 0)
                m->stats.b_overtake++;
        }
    }
    p->bvalid = m->bv_hold;
    p->bid = m->bv_hold ? m->b.e[m->bv_idx].id : 0;
    p->bresp = m->bv_hold ? m->b.e[m->bv_idx].resp : 0;
    p->arready = m->ar.n < QCAP - 1 && offer(m, 3);
    if (!m->rv_hold) {
        int i = pick(m, &m->ar);
        m->rv_hold = i >= 0 && offer(m, 4);
        if (m->rv_hold) {
            m->rv_idx = (unsigned)i;
            burst *r = &m->ar.e[i];
            if (r->beat == 0 && i > 0)
                m->stats.r_overtake++;
            if (m->r_mid && r->id != m->r_mid_id)
                m->stats.r_switch++;
            uint64_t blk = beat_addr(r, db) & ~(uint64_t)(db - 1);
            p->rresp = resp_of(m, blk, blk + db - 1, false);
            p->rid = r->id;
            p->rlast = r->beat == r->len;
            if (p->rresp == 0)
                memcpy(p->rdata, m->data + (blk - m->cfg.base), db);
            else
                memset(p->rdata, 0xA5, db); /* error beats carry junk */
        }
    }
    p->rvalid = m->rv_hold;
}

static void check_addr(axi_mem *m, const char *ch, uint64_t addr, uint32_t len, uint32_t size,
                       uint32_t burst_type)
{
    const unsigned db = m->cfg.data_bytes;
    if (burst_type != 1)
        violation(m, ch[0] == 'A' && ch[1] == 'R' ? "ARBURST not INCR" : "AWBURST not INCR", addr, burst_type);
    if ((1u << size) > db)
        violation(m, "AxSIZE wider than the bus", addr, size);
    if (len > 255)
        violation(m, "AxLEN > 255", addr, len);
    uint64_t aligned = addr & ~(uint64_t)((1u << size) - 1);
    uint64_t last = aligned + ((uint64_t)len + 1) * (1u << size) - 1;
    if ((addr >> 12) != (last >> 12))
        violation(m, ch[1] == 'R' ? "read burst crosses 4 KiB" : "write burst crosses 4 KiB", addr, len);
}

/* The master attributes docs/dma.md section 5 fixes (cfg.check_attr). */
static void check_attr(axi_mem *m, bool rd, uint64_t addr, uint32_t size, uint32_t lock, uint32_t cache,
                       uint32_t prot)
{
    if (!m->cfg.check_attr)
        return;
    if ((1u << size) != m->cfg.data_bytes)
        violation(m, rd ? "ARSIZE not the bus width" : "AWSIZE not the bus width", addr, size);
    if (lock != 0)
        violation(m, rd ? "ARLOCK set" : "AWLOCK set", addr, lock);
    if (cache != m->cfg.cache)
        violation(m, rd ? "ARCACHE not as configured" : "AWCACHE not as configured", addr, cache);
    if (prot != m->cfg.prot)
        violation(m, rd ? "ARPROT not as configured" : "AWPROT not as configured", addr, prot);
}

/* Outstanding bursts of one ID after a new one was accepted. */
static void check_outstanding(axi_mem *m, bool rd, uint32_t id, unsigned n)
{
    if (id >= AXI_MEM_IDS)
        return;
    unsigned *seen = rd ? m->stats.max_rd_seen : m->stats.max_wr_seen;
    const unsigned lim = rd ? m->cfg.max_rd[id] : m->cfg.max_wr[id];
    if (n > seen[id])
        seen[id] = n;
    if (lim && n > lim)
        violation(m, rd ? "more read bursts outstanding than allowed" : "more write bursts outstanding than allowed",
                  id, n);
}

/* One W beat, matched to the oldest AW burst still taking beats. */
static void apply_w(axi_mem *m, const uint8_t *wdata, uint32_t wstrb, bool wlast)
{
    const unsigned db = m->cfg.data_bytes;
    burst *w = qhead(&m->aw);
    uint64_t a = beat_addr(w, db);
    uint64_t blk = a & ~(uint64_t)(db - 1);
    unsigned lo = (unsigned)(a - blk);
    uint32_t allowed = (db == 32 ? 0xFFFFFFFFu : ((1u << db) - 1)) & ~((1u << lo) - 1);
    if (wstrb & ~allowed)
        violation(m, "WSTRB outside the transfer", a, wstrb);
    if (m->cfg.check_attr)
        for (unsigned i = 0; i < db; i++)
            if (!(wstrb >> i & 1) && wdata[i]) {
                violation(m, "WDATA byte outside WSTRB not zero", a, i);
                break;
            }
    if (wlast != (w->beat == w->len))
        violation(m, "WLAST on the wrong beat", w->addr, w->beat);
    if (w->resp == 0)
        for (unsigned i = 0; i < db; i++)
            if (wstrb >> i & 1)
                m->data[blk - m->cfg.base + i] = wdata[i];
    m->stats.w_beats++;
    if (w->beat == w->len) {
        burst done = *w;
        done.ready_at = due(m);
        qpop(&m->aw);
        qpush(&m->b, &done);
    } else {
        w->beat++;
    }
}

void axi_mem_tick(axi_mem *m, const axi_port *p)
{
    const unsigned db = m->cfg.data_bytes;
    m->stats.cycles++;
    bool any_valid = p->awvalid || p->wvalid || p->arvalid;
    if (any_valid)
        m->stats.master_valid_cycles++;
    /* In the first reset cycle the master still shows its old state (reset
     * acts at the edge); from the second reset cycle to the first cycle
     * after reset no VALID may be high. */
    if (m->reset_now || m->quiet_after) {
        if ((m->reset_prev || !m->reset_now) && any_valid)
            violation(m, "VALID during or right after reset", p->awvalid | p->wvalid << 1, p->arvalid);
        m->quiet_after = m->reset_now;
        m->reset_prev = m->reset_now;
        m->reset_now = false;
        m->now++;
        return;
    }

    /* Master holds VALID and payload until READY. */
    if (m->prev_valid) {
        const axi_port *q = &m->prev;
        if (q->awvalid && !q->awready) {
            if (!p->awvalid)
                violation(m, "AWVALID dropped before AWREADY", q->awaddr, 0);
            else if (p->awaddr != q->awaddr || p->awlen != q->awlen || p->awsize != q->awsize ||
                     p->awburst != q->awburst || p->awid != q->awid || p->awlock != q->awlock ||
                     p->awcache != q->awcache || p->awprot != q->awprot)
                violation(m, "AW payload changed while waiting", q->awaddr, p->awaddr);
        }
        if (q->wvalid && !q->wready) {
            if (!p->wvalid)
                violation(m, "WVALID dropped before WREADY", 0, 0);
            else if (memcmp(p->wdata, q->wdata, db) || p->wstrb != q->wstrb || p->wlast != q->wlast)
                violation(m, "W payload changed while waiting", q->wstrb, p->wstrb);
        }
        if (q->arvalid && !q->arready) {
            if (!p->arvalid)
                violation(m, "ARVALID dropped before ARREADY", q->araddr, 0);
            else if (p->araddr != q->araddr || p->arlen != q->arlen || p->arsize != q->arsize ||
                     p->arburst != q->arburst || p->arid != q->arid || p->arlock != q->arlock ||
                     p->arcache != q->arcache || p->arprot != q->arprot)
                violation(m, "AR payload changed while waiting", q->araddr, p->araddr);
        }
    }

    /* B and R first: a burst completing this edge frees its slot. */
    if (p->bvalid && p->bready) {
        qremove(&m->b, m->bv_idx);
        m->bv_hold = false;
        m->stats.b_resps++;
        m->stats.b_resp[p->bresp & 3]++;
    }
    if (p->rvalid && p->rready) {
        burst *r = &m->ar.e[m->rv_idx];
        m->stats.r_beats++;
        m->stats.r_resp[p->rresp & 3]++;
        m->rv_hold = false;
        m->r_mid = r->beat != r->len;
        m->r_mid_id = r->id;
        if (r->beat == r->len)
            qremove(&m->ar, m->rv_idx);
        else
            r->beat++;
    }

    if (m->cfg.w_ahead) {
        /* taken into the buffer; matched to AW bursts below */
        if (p->wvalid && p->wready) {
            if (m->wq_n > 0 || m->aw.n == 0)
                m->stats.w_early++;
            wbeat *b = &m->wq[(m->wq_head + m->wq_n++) % WQCAP];
            memcpy(b->data, p->wdata, db);
            b->strb = p->wstrb;
            b->last = p->wlast;
        }
    } else if (p->wvalid && p->wready) {
        apply_w(m, p->wdata, p->wstrb, p->wlast);
    } else if (p->wvalid && m->aw.n == 0 && !p->awvalid) {
        violation(m, "W beat with no write burst", p->wstrb, 0);
    }

    if (p->awvalid && p->awready) {
        check_addr(m, "AW", p->awaddr, p->awlen, p->awsize, p->awburst);
        check_attr(m, false, p->awaddr, p->awsize, p->awlock, p->awcache, p->awprot);
        burst b = {p->awaddr, p->awlen, p->awid, 0, 0, 0};
        uint64_t first = p->awaddr & ~(uint64_t)(db - 1);
        b.resp = resp_of(m, first, first + ((uint64_t)p->awlen + 1) * db - 1, true);
        qpush(&m->aw, &b);
        check_outstanding(m, false, p->awid, qcount_id(&m->aw, p->awid) + qcount_id(&m->b, p->awid));
        m->stats.aw_bursts++;
    }
    while (m->wq_n > 0 && m->aw.n > 0) {
        const wbeat *b = &m->wq[m->wq_head];
        apply_w(m, b->data, b->strb, b->last);
        m->wq_head = (m->wq_head + 1) % WQCAP;
        m->wq_n--;
    }
    if (p->arvalid && p->arready) {
        check_addr(m, "AR", p->araddr, p->arlen, p->arsize, p->arburst);
        check_attr(m, true, p->araddr, p->arsize, p->arlock, p->arcache, p->arprot);
        burst b = {p->araddr, p->arlen, p->arid, 0, 0, 0};
        b.ready_at = due(m);
        qpush(&m->ar, &b);
        check_outstanding(m, true, p->arid, qcount_id(&m->ar, p->arid));
        m->stats.ar_bursts++;
    }

    m->prev = *p;
    m->prev_valid = true;
    m->now++;
}

bool axi_mem_idle(const axi_mem *m) { return m->aw.n == 0 && m->b.n == 0 && m->ar.n == 0 && m->wq_n == 0; }

bool axi_mem_mid_burst(const axi_mem *m)
{
    for (unsigned i = 0; i < m->ar.n; i++)
        if (m->ar.e[i].beat > 0)
            return true;
    for (unsigned i = 0; i < m->aw.n; i++)
        if (m->aw.e[i].beat > 0)
            return true;
    return m->wq_n > 0;
}

/* Response counts and what the impolite options did, into the functional
 * coverage points (fcov.h); called before the statistics are dropped. */
static void axi_mem_fcov(const axi_mem *m)
{
    const axi_mem_stats *st = &m->stats;
    for (unsigned k = 0; k < 4; k++) {
        if (k == 1) /* the model never answers EXOKAY (no exclusive access) */
            continue;
        FCOV_ADD(k == 0 ? "axi.rresp.OKAY" : k == 2 ? "axi.rresp.SLVERR" : "axi.rresp.DECERR", st->r_resp[k]);
        FCOV_ADD(k == 0 ? "axi.bresp.OKAY" : k == 2 ? "axi.bresp.SLVERR" : "axi.bresp.DECERR", st->b_resp[k]);
    }
    if (m->cfg.w_ahead)
        FCOV_ADD("axi.impolite.w_before_aw", st->w_early);
    if (m->cfg.reorder) {
        FCOV_ADD("axi.impolite.r_id_switch_mid_burst", st->r_switch);
        FCOV_ADD("axi.impolite.r_overtake", st->r_overtake);
    }
}

void axi_mem_cfg_impolite(axi_mem_cfg *cfg)
{
    cfg->jitter = 40;
    cfg->w_ahead = 24;
    cfg->reorder = true;
}

/* Defined (as 1) only by verif/common/axi_impolite.c, linked into the
 * *_impolite tests; elsewhere the weak reference stays null. */
extern const int axi_mem_impolite_build __attribute__((weak));

bool axi_mem_impolite_wanted(void)
{
    const char *e = getenv("AXI_IMPOLITE");
    if (e && *e)
        return strcmp(e, "0") != 0;
    return &axi_mem_impolite_build != NULL && axi_mem_impolite_build != 0;
}
unsigned axi_mem_violations(const axi_mem *m) { return m->violations; }
const char *axi_mem_first_violation(const axi_mem *m) { return m->violations ? m->first : ""; }
const axi_mem_stats *axi_mem_get_stats(const axi_mem *m) { return &m->stats; }
void axi_mem_clear_stats(axi_mem *m)
{
    axi_mem_fcov(m);
    memset(&m->stats, 0, sizeof m->stats);
}
