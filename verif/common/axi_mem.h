/*
 * axi_mem: an AXI4 slave memory model for the Verilator harnesses, in C.
 *
 * The DUT's AXI4 master signals are copied into / out of a plain C struct
 * (axi_port) by the block's C++ shim; the model never sees Verilator.
 * Per clock cycle the harness calls
 *     axi_mem_drive(m, &port);   slave outputs for this cycle -> port
 *     (shim: port -> DUT inputs, DUT eval at clk low, DUT outputs -> port)
 *     axi_mem_tick(m, &port);    handshakes of this edge, checks, state
 *     (shim: DUT rising edge)
 *
 * Behaviour: configurable latency (AR accepted -> first R beat; last W beat
 * -> B), seeded random ready/valid backpressure on all five channels with
 * occasional long stalls, INCR bursts of any length up to 256 beats, one
 * outstanding queue per direction in order (IDs are echoed). Error
 * injection by address range: a read beat whose aligned bus word overlaps
 * a read fault range answers that range's RRESP; a write burst whose
 * aligned byte span overlaps a write fault range answers its BRESP and
 * writes nothing. Accesses outside [base, base + size) answer DECERR (and
 * write nothing).
 *
 * Protocol checks (each one counted as a violation with a message; a test
 * fails on any): VALID dropped before READY, payload changed while waiting,
 * burst type not INCR, size wider than the bus, a burst crossing 4 KiB,
 * WLAST on the wrong beat, WSTRB set outside the bytes of the transfer,
 * a W beat with no burst to belong to, any VALID during reset or in the
 * cycle after it (no beat after reset).
 *
 * Impolite options (cfg fields after `seed`; all zero = the behaviour
 * above, bit for bit, including the random stream):
 *  - jitter: each burst's latency is latency + a random 0..jitter cycles;
 *  - w_ahead: up to w_ahead W beats are taken before the AW they belong
 *    to (AXI allows W before AW); they are matched to AW bursts in order
 *    and checked when matched. "W beat with no write burst" is then legal
 *    and not checked;
 *  - reorder: of the bursts whose data / response is due, each R beat and
 *    each B picks a random one that is the oldest of its ID: R bursts of
 *    different IDs interleave beat by beat and finish out of order, B
 *    responses of different IDs come out of order; within one ID the
 *    order stays that of AR / AW, as AXI requires.
 * Attribute checks (check_attr): AxLOCK 0, AxCACHE == cache, AxPROT ==
 * prot, AxSIZE == the bus width, WDATA bytes outside WSTRB zero (the
 * DMA's rules, docs/dma.md section 5), and AxLOCK/AxCACHE/AxPROT held
 * with the rest of the payload.
 * Outstanding limits: max_rd[id] / max_wr[id] (0: unchecked) bound the
 * read bursts accepted and not fully answered, and the write bursts
 * accepted and not yet answered with B, per ID.
 */
#ifndef AXI_MEM_H
#define AXI_MEM_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AXI_MEM_MAX_BYTES 32   /* widest bus: 256 bits */
#define AXI_MEM_IDS 16         /* IDs tracked for the outstanding limits (4 bits) */

typedef struct {
    /* master -> slave */
    uint32_t awid;  uint64_t awaddr; uint32_t awlen, awsize, awburst; bool awvalid;
    uint32_t awlock, awcache, awprot;
    uint8_t  wdata[AXI_MEM_MAX_BYTES]; uint32_t wstrb; bool wlast, wvalid;
    bool     bready;
    uint32_t arid;  uint64_t araddr; uint32_t arlen, arsize, arburst; bool arvalid;
    uint32_t arlock, arcache, arprot;
    bool     rready;
    /* slave -> master */
    bool     awready, wready;
    uint32_t bid, bresp; bool bvalid;
    bool     arready;
    uint32_t rid; uint8_t rdata[AXI_MEM_MAX_BYTES]; uint32_t rresp; bool rlast, rvalid;
} axi_port;

typedef struct {
    unsigned data_bytes;     /* bus width in bytes: 8, 16 or 32 */
    uint64_t base, size;     /* backing store covers [base, base + size) */
    unsigned latency;        /* cycles: AR -> first R, last W -> B (>= 1) */
    unsigned ready_pct;      /* chance (%) a ready/valid is offered in a cycle; 100 = always */
    unsigned stall_permille; /* chance (per mille) per cycle and channel of a long stall */
    unsigned stall_max;      /* longest stall in cycles */
    uint64_t seed;           /* backpressure random stream */
    /* impolite options (see above; 0 = off) */
    unsigned jitter;         /* extra random latency per burst, 0..jitter cycles */
    unsigned w_ahead;        /* W beats taken ahead of their AW (at most 64) */
    bool     reorder;        /* R interleaved, R and B out of order across IDs */
    /* master checks */
    bool     check_attr;     /* AxLOCK 0, AxCACHE == cache, AxPROT == prot, AxSIZE full,
                                WDATA bytes outside WSTRB zero */
    unsigned cache, prot;
    unsigned max_rd[AXI_MEM_IDS], max_wr[AXI_MEM_IDS]; /* outstanding per ID; 0: unchecked */
} axi_mem_cfg;

/* The impolite set used by the *_impolite tests: jitter 40, 24 W beats
 * ahead, reorder on. */
void axi_mem_cfg_impolite(axi_mem_cfg *cfg);
/* True if this executable wants the impolite set: linked with
 * verif/common/axi_impolite.c, or AXI_IMPOLITE=1 in the environment. */
bool axi_mem_impolite_wanted(void);

typedef struct axi_mem axi_mem;

/* NULL if out of memory. */
axi_mem *axi_mem_create(const axi_mem_cfg *cfg);
void axi_mem_free(axi_mem *m);
/* The backing store: size bytes, address base at index 0. */
uint8_t *axi_mem_data(axi_mem *m);
/* Fault range [lo, hi] inclusive; resp 2 = SLVERR, 3 = DECERR. First added wins. */
void axi_mem_add_fault(axi_mem *m, uint64_t lo, uint64_t hi, bool on_write, unsigned resp);
void axi_mem_clear_faults(axi_mem *m);
/* Change latency / backpressure between runs. */
void axi_mem_set_timing(axi_mem *m, unsigned latency, unsigned ready_pct,
                        unsigned stall_permille, unsigned stall_max);

/* Restart the backpressure random stream. */
void axi_mem_seed(axi_mem *m, uint64_t seed);

/* System reset: call in every cycle the DUT's reset is high; drops every
 * transaction in flight. */
void axi_mem_reset(axi_mem *m);
void axi_mem_drive(axi_mem *m, axi_port *p);
void axi_mem_tick(axi_mem *m, const axi_port *p);

/* No transaction accepted and unfinished. */
bool axi_mem_idle(const axi_mem *m);
/* Some burst is part-way: an R burst with some of its beats sent, a write
 * burst with some of its W beats taken, or W beats waiting for their AW. */
bool axi_mem_mid_burst(const axi_mem *m);
unsigned axi_mem_violations(const axi_mem *m);
const char *axi_mem_first_violation(const axi_mem *m);

typedef struct {
    uint64_t cycles;
    uint64_t ar_bursts, aw_bursts, r_beats, w_beats, b_resps;
    uint64_t master_valid_cycles; /* cycles with AWVALID, WVALID or ARVALID high */
    /* what the impolite options did (all 0 in the polite model) */
    uint64_t w_early;        /* W beats taken while no accepted AW was waiting for them */
    uint64_t r_switch;       /* R beats of another burst while one was unfinished */
    uint64_t r_overtake;     /* R bursts started before an older burst of another ID */
    uint64_t b_overtake;     /* B sent before an older write of another ID */
    unsigned max_rd_seen[AXI_MEM_IDS], max_wr_seen[AXI_MEM_IDS]; /* most outstanding per ID */
    uint64_t r_resp[4], b_resp[4]; /* R beats and B responses taken, by RRESP / BRESP */
} axi_mem_stats;
/* The counts go to the functional coverage points (fcov.h: axi.rresp.*,
 * axi.bresp.*, axi.impolite.*) when cleared and when the model is freed. */
const axi_mem_stats *axi_mem_get_stats(const axi_mem *m);
void axi_mem_clear_stats(axi_mem *m);

#ifdef __cplusplus
}
#endif

#endif
