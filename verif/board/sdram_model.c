/* The SDRAM model (sdram_model.h). */
#include "sdram_model.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEVER (INT64_MIN / 4)
#define RING 32 /* DQ drive schedule, edges ahead (CL + BL <= 11) */

typedef struct {
    int active;
    unsigned row;
    int64_t t_act, t_pre, t_wlast;
} bank_state;

struct sdram_model {
    sdram_cfg c;
    uint16_t *mem;
    bank_state bank[4];
    int64_t n;                    /* this edge */
    int64_t t_act_any, t_ref, t_mrs;
    int init_pre, init_refs, ready; /* power-up progress */
    unsigned bl, cl;              /* from LOAD MODE */
    /* the write burst in progress: words left, the edge of the next */
    unsigned b_bank, b_row, b_col, b_left;
    int64_t rd_end;               /* first edge after the read burst's words */
    int64_t t_refgap;             /* last REFRESH, or LOAD MODE: refresh intervals */
    /* what the SDRAM drives at edge n+k: drive_at[(n+k) % RING] */
    int drive_en[RING];
    unsigned drive_val[RING];
    unsigned violations;
    char first[256];
    sdram_stats st;
};

sdram_cfg sdram_cfg_as4c32m16sb(unsigned row_bits, unsigned col_bits, uint32_t tck_ps)
{
    /* datasheet table 16, -7 column */
    sdram_cfg c = {.row_bits = row_bits, .col_bits = col_bits, .tck_ps = tck_ps,
                   .t_rc = 63, .t_rfc = 63, .t_rcd = 21, .t_rp = 21, .t_ras = 42, .t_ras_max = 120000,
                   .t_wr = 14, .t_mrd = 14, .t_rrd = 14, .t_refi = 7800, .t_init = 200000, .init_refreshes = 2};
    return c;
}

static void violation(sdram_model *m, const char *fmt, ...)
{
    if (m->violations++ == 0) {
        int k = snprintf(m->first, sizeof m->first, "edge %" PRId64 ": ", m->n);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m->first + k, sizeof m->first - (size_t)k, fmt, ap);
        va_end(ap);
    }
}

/* At least ns nanoseconds from edge t to this edge? */
static int since(const sdram_model *m, int64_t t, uint32_t ns)
{
    return t == NEVER || (uint64_t)(m->n - t) * m->c.tck_ps >= (uint64_t)ns * 1000u;
}

static size_t word_index(const sdram_model *m, unsigned bank, unsigned row, unsigned col)
{
    return (((size_t)row << 2 | bank) << m->c.col_bits) | col;
}

sdram_model *sdram_model_create(const sdram_cfg *cfg, uint32_t seed)
{
    sdram_model *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->c = *cfg;
    size_t words = (size_t)4 << (cfg->row_bits + cfg->col_bits);
    m->mem = malloc(words * sizeof *m->mem);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < words; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        m->mem[i] = (uint16_t)x;
    }
    for (int b = 0; b < 4; b++)
        m->bank[b] = (bank_state){0, 0, NEVER, NEVER, NEVER};
    m->t_act_any = m->t_ref = m->t_mrs = m->t_refgap = NEVER;
    m->rd_end = NEVER;
    m->n = -1;
    return m;
}

/* Word i of a sequential burst starting at col wraps inside its BL block. */
static unsigned burst_col(const sdram_model *m, unsigned col, unsigned i)
{
    return (col & ~(m->bl - 1)) | ((col + i) & (m->bl - 1));
}

static int all_idle(const sdram_model *m)
{
    for (int b = 0; b < 4; b++)
        if (m->bank[b].active)
            return 0;
    return 1;
}

static int all_precharged_for(const sdram_model *m, uint32_t ns)
{
    for (int b = 0; b < 4; b++)
        if (!since(m, m->bank[b].t_pre, ns))
            return 0;
    return 1;
}

static void precharge(sdram_model *m, unsigned b)
{
    bank_state *k = &m->bank[b];
    if (!k->active)
        return;
    if (!since(m, k->t_act, m->c.t_ras))
        violation(m, "PRECHARGE bank %u before tRAS (%u ns) after its ACTIVATE", b, m->c.t_ras);
    if (!since(m, k->t_wlast, m->c.t_wr))
        violation(m, "PRECHARGE bank %u before tWR (%u ns) after its last write word", b, m->c.t_wr);
    k->active = 0;
    k->t_pre = m->n;
}

unsigned sdram_model_edge(sdram_model *m, const sdram_pins *p, int *drive)
{
    m->n++;
    m->st.edges++;
    int64_t n = m->n;
    int slot = (int)(n % RING);
    int sdram_drives = m->drive_en[slot];
    m->drive_en[slot] = 0;
    if (sdram_drives && p->dq_oe)
        violation(m, "DQ driven by both the controller and the SDRAM");

    /* the next word of a write burst */
    if (m->b_left) {
        unsigned col = burst_col(m, m->b_col, m->bl - m->b_left);
        size_t w = word_index(m, m->b_bank, m->b_row, col);
        if (!p->dq_oe)
            violation(m, "write word %u of a burst with DQ not driven", m->bl - m->b_left);
        if (!(p->dqm & 1))
            m->mem[w] = (uint16_t)((m->mem[w] & 0xFF00) | (p->dq & 0x00FF));
        if (!(p->dqm & 2))
            m->mem[w] = (uint16_t)((m->mem[w] & 0x00FF) | (p->dq & 0xFF00));
        m->bank[m->b_bank].t_wlast = n;
        m->b_left--;
    }

    if (!p->cke)
        violation(m, "CKE low (power-down and self refresh are not used)");
    unsigned cmd = p->cs_n ? 7u : (p->ras_n << 2 | p->cas_n << 1 | p->we_n);
    unsigned b = p->ba & 3, a = p->a & 0x1FFF;
    if (cmd != 7 && !since(m, 0, m->c.t_init) && m->init_pre == 0)
        violation(m, "command %u during the power-up wait (%u ns of NOPs)", cmd, m->c.t_init);
    if (cmd != 7 && cmd != 2 && cmd != 1 && cmd != 0 && !m->ready)
        violation(m, "command %u before power-up ends with LOAD MODE", cmd);
    if (cmd != 7 && !since(m, m->t_mrs, m->c.t_mrd))
        violation(m, "command %u before tMRD (%u ns) after LOAD MODE", cmd, m->c.t_mrd);
    if (cmd != 7 && !since(m, m->t_ref, m->c.t_rfc))
        violation(m, "command %u before tRFC (%u ns) after REFRESH", cmd, m->c.t_rfc);

    switch (cmd) {
    case 7: /* NOP, deselect */
        break;
    case 3: { /* ACTIVATE */
        bank_state *k = &m->bank[b];
        m->st.acts++;
        if (k->active)
            violation(m, "ACTIVATE bank %u while a row is open", b);
        if (!since(m, k->t_pre, m->c.t_rp))
            violation(m, "ACTIVATE bank %u before tRP (%u ns) after PRECHARGE", b, m->c.t_rp);
        if (!since(m, k->t_act, m->c.t_rc))
            violation(m, "ACTIVATE bank %u before tRC (%u ns) after its last ACTIVATE", b, m->c.t_rc);
        if (!since(m, m->t_act_any, m->c.t_rrd))
            violation(m, "ACTIVATE before tRRD (%u ns) after another ACTIVATE", m->c.t_rrd);
        if (a >> m->c.row_bits)
            violation(m, "ACTIVATE row 0x%x beyond the %u row bits", a, m->c.row_bits);
        k->active = 1;
        k->row = a & ((1u << m->c.row_bits) - 1);
        k->t_act = n;
        m->t_act_any = n;
        break;
    }
    case 5:   /* READ */
    case 4: { /* WRITE */
        int write = cmd == 4;
        bank_state *k = &m->bank[b];
        unsigned col = a & 0x3FF & ((1u << m->c.col_bits) - 1);
        if (write)
            m->st.writes++;
        else
            m->st.reads++;
        if (!k->active) {
            violation(m, "%s to bank %u with no open row", write ? "WRITE" : "READ", b);
            break;
        }
        if (!since(m, k->t_act, m->c.t_rcd))
            violation(m, "%s bank %u before tRCD (%u ns) after ACTIVATE", write ? "WRITE" : "READ", b, m->c.t_rcd);
        if (a & 0x400)
            violation(m, "auto precharge (A10) is not used by this controller");
        if ((a & 0x3FF) >> m->c.col_bits)
            violation(m, "column 0x%x beyond the %u column bits", a & 0x3FF, m->c.col_bits);
        if (m->b_left || n < m->rd_end)
            violation(m, "%s interrupts a burst", write ? "WRITE" : "READ");
        if (write) {
            m->b_bank = b, m->b_row = k->row, m->b_col = col;
            m->b_left = m->bl - 1;
            /* the first word is taken with the command */
            size_t w = word_index(m, b, k->row, col);
            if (!p->dq_oe)
                violation(m, "write word 0 of a burst with DQ not driven");
            if (!(p->dqm & 1))
                m->mem[w] = (uint16_t)((m->mem[w] & 0xFF00) | (p->dq & 0x00FF));
            if (!(p->dqm & 2))
                m->mem[w] = (uint16_t)((m->mem[w] & 0x00FF) | (p->dq & 0xFF00));
            k->t_wlast = n;
        } else {
            /* the words go out CAS latency later, one per edge */
            for (unsigned i = 0; i < m->bl; i++) {
                int s = (int)((n + m->cl + i) % RING);
                m->drive_en[s] = 1;
                m->drive_val[s] = m->mem[word_index(m, b, k->row, burst_col(m, col, i))];
            }
            m->rd_end = n + m->bl;
        }
        break;
    }
    case 2: /* PRECHARGE (A10: all banks) */
        m->st.pres++;
        if (m->b_left || n < m->rd_end)
            violation(m, "PRECHARGE interrupts a burst");
        if (a & 0x400) {
            for (unsigned k = 0; k < 4; k++)
                precharge(m, k);
            for (unsigned k = 0; k < 4; k++)
                m->bank[k].t_pre = n;
        } else {
            precharge(m, b);
        }
        if (!m->ready && (a & 0x400) && since(m, 0, m->c.t_init))
            m->init_pre = 1;
        break;
    case 1: /* AUTO REFRESH */
        m->st.refs++;
        if (!all_idle(m))
            violation(m, "REFRESH with a row open");
        if (!all_precharged_for(m, m->c.t_rp))
            violation(m, "REFRESH before tRP (%u ns) after PRECHARGE", m->c.t_rp);
        if (!m->ready && !m->init_pre)
            violation(m, "REFRESH during power-up before PRECHARGE ALL");
        if (m->ready) {
            uint64_t gap = (uint64_t)(n - m->t_refgap) * m->c.tck_ps;
            if (gap > m->st.max_ref_gap_ps)
                m->st.max_ref_gap_ps = gap;
            if (gap > (uint64_t)m->c.t_refi * 1000u)
                violation(m, "refresh interval %" PRIu64 " ns over tREFI (%u ns)", gap / 1000, m->c.t_refi);
        }
        if (!m->ready)
            m->init_refs++;
        m->t_ref = m->t_refgap = n;
        break;
    case 0: { /* LOAD MODE REGISTER */
        if (!all_idle(m))
            violation(m, "LOAD MODE with a row open");
        if (!all_precharged_for(m, m->c.t_rp))
            violation(m, "LOAD MODE before tRP after PRECHARGE");
        if (!m->ready && (m->init_refs < (int)m->c.init_refreshes || !m->init_pre))
            violation(m, "LOAD MODE after %d power-up refreshes (%u wanted) %s", m->init_refs, m->c.init_refreshes,
                      m->init_pre ? "" : "and no PRECHARGE ALL");
        unsigned bl_code = a & 7, cl = (a >> 4) & 7;
        if (b != 0 || (a >> 7) != 0)
            violation(m, "LOAD MODE with reserved bits or write burst mode set (BA %u, A 0x%x)", b, a);
        if (bl_code > 3 || (a & 8))
            violation(m, "LOAD MODE burst 0x%x: only sequential bursts of 1, 2, 4, 8 are modelled", a & 15);
        if (cl != 2 && cl != 3)
            violation(m, "LOAD MODE CAS latency %u (2 or 3)", cl);
        m->bl = 1u << (bl_code & 3);
        m->cl = cl == 3 ? 3 : 2;
        m->ready = 1;
        m->t_mrs = m->t_refgap = n;
        break;
    }
    default: /* 6: BURST TERMINATE */
        violation(m, "BURST TERMINATE is not used by this controller");
        break;
    }
    for (int k = 0; k < 4; k++)
        if (m->bank[k].active &&
            (uint64_t)(n - m->bank[k].t_act) * m->c.tck_ps > (uint64_t)m->c.t_ras_max * 1000u)
            violation(m, "bank %d open longer than tRAS max (%u ns)", k, m->c.t_ras_max);

    int next = (int)((n + 1) % RING);
    *drive = m->drive_en[next];
    return m->drive_en[next] ? m->drive_val[next] : 0;
}

void sdram_model_finish(sdram_model *m)
{
    uint64_t gap = (uint64_t)(m->n - m->t_refgap) * m->c.tck_ps;
    if (m->ready && gap > (uint64_t)m->c.t_refi * 1000u)
        violation(m, "no refresh in the last %" PRIu64 " ns (tREFI %u ns)", gap / 1000, m->c.t_refi);
}

unsigned sdram_model_violations(const sdram_model *m) { return m->violations; }
const char *sdram_model_first_violation(const sdram_model *m) { return m->first; }
sdram_stats sdram_model_stats(const sdram_model *m) { return m->st; }

uint16_t sdram_model_peek(const sdram_model *m, unsigned bank, unsigned row, unsigned col)
{
    return m->mem[word_index(m, bank, row, col)];
}

void sdram_model_free(sdram_model *m)
{
    if (m) {
        free(m->mem);
        free(m);
    }
}
