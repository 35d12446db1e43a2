`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_engine: the trnlite descriptor DMA (docs/dma.md is its specification).
 *
 * Moves a strided tensor of up to 3 dimensions between DRAM (AXI4 master
 * m_axi_*) and SBUF/PSUM (on-chip ports m_sb_*), in any direction,
 * converting the element format on the way (exact widening to fp32, or
 * narrowing from it with RNE or stochastic rounding and the FP8 saturation
 * mode, or both: every supported pair rounds once).
 *
 * Descriptors (`DMA_DESC_WIDTH bits, layout in dma_defs.vh / docs/dma.md)
 * arrive on desc_valid/desc_ready with a 4-bit queue number. Each of the
 * QUEUES queues holds 2^QUEUE_DEPTH_LOG2 descriptors and runs them in order;
 * queues are served round-robin. Up to two descriptors (jobs) are in flight
 * at once: the next one is checked and its reads and writes are issued
 * while the previous one's data and write responses are still on their
 * way; jobs complete in the order they started. Completing a descriptor
 * (its last write answered, or taken on chip) pulses done_pulse[q] for one
 * cycle, and done_count[q] counts it one cycle later than an update at
 * that edge would (the counters take a registered copy of the pulse, so
 * that the retire decision does not run into their enables; `idle` may
 * rise the cycle before). A failing descriptor sets err_valid[q] with a code and
 * the faulting address, drains the bus, drops the queue's pending
 * descriptors and every later one pushed to it, until err_clear[q].
 * A descriptor pushed with a queue number >= QUEUES is taken (desc_ready
 * high) and not run; the engine-level status desc_err_valid records
 * BAD_QUEUE and the number (the first one, until desc_err_clear).
 *
 * Checks before any bus traffic (5 cycles): space, format pair,
 * strides, element counts, then the source and destination ranges against
 * the DRAM window [dram_base, dram_limit] or the SBUF/PSUM size. A
 * descriptor with zero elements completes right after the checks.
 *
 * Abort (the core's soft reset; level): while high, desc_ready is low,
 * the queued descriptors and the one being checked are dropped, the jobs
 * in flight issue no new burst and finish the transactions already issued
 * (every accepted AW gets its W beats, with no strobe; every R beat and B
 * response is taken); none of them pulses done or reports an error. idle
 * rises when all is finished; the engine then runs new descriptors
 * normally once abort is low (counts and queue errors are kept).
 *
 * Reset (synchronous, active high) clears all control state: no AXI or
 * on-chip request is issued after it until a new descriptor arrives.
 */
module dma_engine #(
    parameter DATA_WIDTH        = 128, // AXI and on-chip data bits: 64, 128 or 256
    parameter ADDR_WIDTH        = 32,  // AXI address bits: 32 .. 64
    parameter ID_WIDTH          = 4,   // AXI ID bits (the engine uses ID 0)
    parameter QUEUES            = 4,   // descriptor queues (2 .. 16)
    parameter QUEUE_DEPTH_LOG2  = 1,   // log2 of descriptors buffered per queue
    parameter RD_OUTSTANDING_LOG2 = 3, // log2 of read bursts in flight
    parameter WR_OUTSTANDING_LOG2 = 4, // log2 of write bursts in flight
    parameter SBUF_PARTS        = 16,  // SBUF partitions (tensor-engine rows)
    parameter SBUF_PART_LOG2    = 16,  // log2 of bytes per SBUF partition
    parameter PSUM_PARTS        = 16,  // PSUM partitions (tensor-engine columns)
    parameter PSUM_PART_LOG2    = 14,  // log2 of bytes per PSUM partition
    parameter CVT_LANES         = DATA_WIDTH / 32 // elements converted per cycle (1, 2, 4 .. DATA_WIDTH/32)
) (
    input  wire                      clk,
    input  wire                      rst,
    // descriptor input
    input  wire                      desc_valid,
    output reg                       desc_ready,
    input  wire [3:0]                desc_queue,  // 0..15; >= QUEUES is an error
    input  wire [639:0]              desc_data,
    // DRAM window: bytes [dram_base, dram_limit] may be accessed
    input  wire [ADDR_WIDTH-1:0]     dram_base,
    input  wire [ADDR_WIDTH-1:0]     dram_limit,
    // completion and status per queue
    output reg  [QUEUES-1:0]         done_pulse,
    output wire [QUEUES*32-1:0]      done_count,
    output wire [QUEUES-1:0]         err_valid,
    output wire [QUEUES*4-1:0]       err_code,
    output wire [QUEUES*64-1:0]      err_addr,
    input  wire [QUEUES-1:0]         err_clear,
    // engine-level status: a descriptor with a queue number >= QUEUES
    output wire                      desc_err_valid,
    output wire [3:0]                desc_err_code,
    output wire [3:0]                desc_err_queue,
    input  wire                      desc_err_clear,
    // soft reset: take nothing, drop queued and running descriptors, finish
    // the AXI transactions already issued, then report idle
    /* verilator lint_off SYMRSVDWORD */ // the name is the core's contract; C++ sees __SYM__abort
    input  wire                      abort,
    /* verilator lint_on SYMRSVDWORD */
    output wire                      idle,
    // AXI4 master
    output wire [ID_WIDTH-1:0]       m_axi_awid,
    output wire [ADDR_WIDTH-1:0]     m_axi_awaddr,
    output wire [7:0]                m_axi_awlen,
    output wire [2:0]                m_axi_awsize,
    output wire [1:0]                m_axi_awburst,
    output wire                      m_axi_awlock,
    output wire [3:0]                m_axi_awcache,
    output wire [2:0]                m_axi_awprot,
    output wire                      m_axi_awvalid,
    input  wire                      m_axi_awready,
    output wire [DATA_WIDTH-1:0]     m_axi_wdata,
    output wire [DATA_WIDTH/8-1:0]   m_axi_wstrb,
    output wire                      m_axi_wlast,
    output wire                      m_axi_wvalid,
    input  wire                      m_axi_wready,
    /* verilator lint_off UNUSEDSIGNAL */ // one ID in use: BID/RID carry nothing
    input  wire [ID_WIDTH-1:0]       m_axi_bid,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [1:0]                m_axi_bresp,
    input  wire                      m_axi_bvalid,
    output wire                      m_axi_bready,
    output wire [ID_WIDTH-1:0]       m_axi_arid,
    output wire [ADDR_WIDTH-1:0]     m_axi_araddr,
    output wire [7:0]                m_axi_arlen,
    output wire [2:0]                m_axi_arsize,
    output wire [1:0]                m_axi_arburst,
    output wire                      m_axi_arlock,
    output wire [3:0]                m_axi_arcache,
    output wire [2:0]                m_axi_arprot,
    output wire                      m_axi_arvalid,
    input  wire                      m_axi_arready,
    /* verilator lint_off UNUSEDSIGNAL */ // one ID in use; beats are counted, RLAST unused
    input  wire [ID_WIDTH-1:0]       m_axi_rid,
    input  wire                      m_axi_rlast,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [DATA_WIDTH-1:0]     m_axi_rdata,
    input  wire [1:0]                m_axi_rresp,
    input  wire                      m_axi_rvalid,
    output wire                      m_axi_rready,
    // on-chip read port (SBUF/PSUM), in-order responses
    output wire                      m_sb_rd_req_valid,
    input  wire                      m_sb_rd_req_ready,
    output wire                      m_sb_rd_req_psum,
    output wire [31:0]               m_sb_rd_req_addr,
    input  wire                      m_sb_rd_rsp_valid,
    output wire                      m_sb_rd_rsp_ready,
    input  wire [DATA_WIDTH-1:0]     m_sb_rd_rsp_data,
    // on-chip write port (SBUF/PSUM)
    output wire                      m_sb_wr_valid,
    input  wire                      m_sb_wr_ready,
    output wire                      m_sb_wr_psum,
    output wire [31:0]               m_sb_wr_addr,
    output wire [DATA_WIDTH-1:0]     m_sb_wr_data,
    output wire [DATA_WIDTH/8-1:0]   m_sb_wr_strb,
    output wire [DATA_WIDTH/16-1:0]  m_sb_wr_pmask   // nonzero: a transposing write (section 1)
);

`include "tl_encoding.vh"
`include "dma_defs.vh"

`include "tl_encoding.vh"
`include "dma_defs.vh"

localparam DBL = $clog2(DATA_WIDTH / 8);
localparam [31:0] QN32 = QUEUES;
localparam [4:0]  QN   = QN32[4:0];      // queue numbers >= QN do not exist

// front end: pick, check, launch, issue
localparam [2:0] S_IDLE   = 3'd0;
localparam [2:0] S_CHECK  = 3'd1;
localparam [2:0] S_LAUNCH = 3'd2;
localparam [2:0] S_ISSUE  = 3'd3;
localparam [2:0] S_END    = 3'd4;

localparam [71:0] SBUF_SIZE = SBUF_PARTS * (72'd1 << SBUF_PART_LOG2);
localparam [71:0] PSUM_SIZE = PSUM_PARTS * (72'd1 << PSUM_PART_LOG2);

// converter configuration of a job: {copy, src fmt, dst fmt, src esize,
// dst esize, rnd, sat, seed, cbase, cstride0..2, dst count0..2}
localparam CFG_W = 1 + 3 + 3 + 2 + 2 + 1 + 1 + 32 * 5 + 32 + 16 + 16;

// ------------------------------------------------------------ registers
reg [2:0]        state_reg,   state_next;
reg [QUEUES-1:0] qsel_reg,    qsel_next;    // queue of the front-end job (one-hot)
reg [QUEUES-1:0] rr_reg,      rr_next;      // round-robin start (one-hot)
reg [639:0]      job_reg,     job_next;     // the front-end descriptor
reg [2:0]        step_reg,    step_next;    // check sequencer
reg              jerr_reg,    jerr_next;    // the front-end job failed a check
reg [3:0]        jcode_reg,   jcode_next;
reg [63:0]       jaddr_reg,   jaddr_next;
reg [QUEUES-1:0] qerr_reg,    qerr_next;
reg [QUEUES*4-1:0]  qcode_reg, qcode_next;
reg [QUEUES*64-1:0] qaddr_reg, qaddr_next;
reg [QUEUES*32-1:0] qcnt_reg,  qcnt_next;
reg [QUEUES-1:0]    done_q_reg;  // done_pulse of the cycle before: counted now
reg              derr_reg,    derr_next;    // engine-level: bad queue number
reg [3:0]        dcode_reg,   dcode_next;
reg [3:0]        dqid_reg,    dqid_next;
reg              haz_reg;                   // the front-end job reads what a running one writes
reg              c0err_reg;                 // step-0 checks of job_reg, loaded with it: it fails them
reg  [3:0]       c0code_reg;                //   the code
reg              c0src_reg;                 //   the fault address is the source's
reg              c0dst_reg;                 //   the fault address is the destination's
reg              at5_reg;                   // the front end was at check step PSIZE_STEP-1 (one cycle ago)
reg  [1:0]       gq_reg;                    // per slot: its job writes DRAM for qsel_reg's queue (one cycle ago)
reg              old0_reg;                  // slot 0 holds the oldest job (= !ret_reg[0], its own flip-flop)
reg              rkind_reg,   rkind_next;   // the reader's current source is on-chip

// Jobs in flight: two slots, used in launch order (slot = sequence number
// bit 0). A job holds its slot from launch until it retires, in order:
// its reads all taken and its writes all answered.
reg [2:0]           seq_reg,   seq_next;    // sequence number of the next launch
reg [2:0]           ret_reg,   ret_next;    // sequence number of the oldest job
reg [1:0]           sv_reg,    sv_next;     // slot in use
reg [2*QUEUES-1:0]  sq_reg,    sq_next;     // its queue (one-hot)
reg [1:0]           serr_reg,  serr_next;   // it failed
reg [7:0]           scode_reg, scode_next;
reg [127:0]         saddr_reg, saddr_next;
reg [1:0]           skill_reg, skill_next;  // stop it: no more requests, drop its data
reg [1:0]           skclr_reg;              // launched in the cycle before: skill_reg clears now
reg [1:0]           sdrop_reg, sdrop_next;  // retire it without a trace (queue failed before it)
reg [1:0]           schain_reg, schain_next; // a later job of the other slot's queue
reg [1:0]           sdram_reg, sdram_next;  // it writes DRAM
reg [3:0]           sdsp_reg,  sdsp_next;   // destination space
reg [2*ADDR_WIDTH-1:0] sdlo_reg, sdlo_next; // destination bytes [lo, hi]
reg [2*ADDR_WIDTH-1:0] sdhi_reg, sdhi_next;
reg [2*CFG_W-1:0]   scfg_reg,  scfg_next;   // converter configuration
// per slot: its job writes DRAM for the front end's queue (gq_reg's input)
wire [1:0]          gq_now = {sdram_reg[1] && ((sq_reg[QUEUES +: QUEUES] & qsel_reg) != {QUEUES{1'b0}}),
                              sdram_reg[0] && ((sq_reg[0 +: QUEUES] & qsel_reg) != {QUEUES{1'b0}})};

// ----------------------------------------------------- descriptor fields
/* verilator lint_off UNUSEDSIGNAL */ // [31:12] reserved, ignored
wire [31:0] w_ctrl    = job_reg[32*`DMA_W_CTRL +: 32];
/* verilator lint_on UNUSEDSIGNAL */
wire [2:0]  src_fmt   = w_ctrl[2:0];
wire [2:0]  dst_fmt   = w_ctrl[5:3];
wire [1:0]  src_space = w_ctrl[7:6];
wire [1:0]  dst_space = w_ctrl[9:8];
wire        j_rnd     = w_ctrl[10];
wire        j_sat     = w_ctrl[11];
wire [31:0] j_seed    = job_reg[32*`DMA_W_SEED +: 32];
wire [31:0] j_cbase   = job_reg[32*`DMA_W_CBASE +: 32];
wire [31:0] j_cs0     = job_reg[32*`DMA_W_CSTRIDE0 +: 32];
wire [31:0] j_cs1     = job_reg[32*(`DMA_W_CSTRIDE0+1) +: 32];
wire [31:0] j_cs2     = job_reg[32*(`DMA_W_CSTRIDE0+2) +: 32];
wire [63:0] s_addr    = job_reg[32*`DMA_W_SRC_ADDR +: 64];
wire [31:0] s_n0      = job_reg[32*`DMA_W_SRC_CNT0 +: 32];
wire [15:0] s_n1      = job_reg[32*`DMA_W_SRC_CNT12 +: 16];
wire [15:0] s_n2      = job_reg[32*`DMA_W_SRC_CNT12 + 16 +: 16];
wire [31:0] s_st0     = job_reg[32*`DMA_W_SRC_STR0 +: 32];
wire [31:0] s_st1     = job_reg[32*(`DMA_W_SRC_STR0+1) +: 32];
wire [31:0] s_st2     = job_reg[32*(`DMA_W_SRC_STR0+2) +: 32];
wire [63:0] d_addr    = job_reg[32*`DMA_W_DST_ADDR +: 64];
wire [31:0] d_n0      = job_reg[32*`DMA_W_DST_CNT0 +: 32];
wire [15:0] d_n1      = job_reg[32*`DMA_W_DST_CNT12 +: 16];
wire [15:0] d_n2      = job_reg[32*`DMA_W_DST_CNT12 + 16 +: 16];
wire [31:0] d_st0     = job_reg[32*`DMA_W_DST_STR0 +: 32];
wire [31:0] d_st1     = job_reg[32*(`DMA_W_DST_STR0+1) +: 32];
wire [31:0] d_st2     = job_reg[32*(`DMA_W_DST_STR0+2) +: 32];

function [1:0] esize_log2_of;
    input [2:0] fmt;
    begin
        case (fmt)
            `TL_FMT_FP32, `TL_FMT_INT32: esize_log2_of = 2'd2;
            `TL_FMT_BF16, `TL_FMT_FP16:  esize_log2_of = 2'd1;
            default:                     esize_log2_of = 2'd0;
        endcase
    end
endfunction

wire [1:0] s_lg   = esize_log2_of(src_fmt);
wire [1:0] d_lg   = esize_log2_of(dst_fmt);
wire       j_copy = (src_fmt == dst_fmt);
wire [CFG_W-1:0] j_cfg = {j_copy, src_fmt, dst_fmt, s_lg, d_lg, j_rnd, j_sat, j_seed,
                          j_cbase, j_cs0, j_cs1, j_cs2, d_n0, d_n1, d_n2};

// The step-0 checks (space, format pair, strides) of a descriptor, in the
// order they are reported: err, code, and which address is the fault
// (source, destination, or none). ctrl: the control word's bits 9:0;
// sor, dor: the OR of a side's three strides.
function [6:0] check0_of;
    input [9:0]  ctrl;
    input [31:0] sor;
    input [31:0] dor;
    reg   [2:0]  sf;
    reg   [2:0]  df;
    reg   [31:0] sm;
    reg   [31:0] dm;
    begin
        sf   = ctrl[2:0];
        df   = ctrl[5:3];
        sm   = ~(32'hFFFFFFFF << esize_log2_of(sf));
        dm   = ~(32'hFFFFFFFF << esize_log2_of(df));
        if ((ctrl[7:6] == 2'd3) || (ctrl[9:8] == 2'd3)) begin
            check0_of = {1'b1, `DMA_ERR_BAD_SPACE, 2'b00};
        end else if (!((sf == df) ? (sf != 3'd7) :
                       ((sf != 3'd7) && (sf != `TL_FMT_INT32) && (df != 3'd7) &&
                        (df != `TL_FMT_INT32) && (df != `TL_FMT_INT8)))) begin
            check0_of = {1'b1, `DMA_ERR_BAD_FMT, 2'b00};
        end else if ((sor & sm) != 32'd0) begin
            check0_of = {1'b1, `DMA_ERR_BAD_STRIDE, 2'b01};
        end else if ((dor & dm) != 32'd0) begin
            check0_of = {1'b1, `DMA_ERR_BAD_STRIDE, 2'b10};
        end else begin
            check0_of = {1'b0, `DMA_ERR_NONE, 2'b00};
        end
    end
endfunction

// ----------------------------------------------------------- queues
wire [QUEUES-1:0]     qf_in_ready;
wire [QUEUES-1:0]     qf_valid;
wire [646:0]          q_head;        // head of the picked queue: step-0 checks, descriptor
reg  [QUEUES-1:0]     qf_push;
reg  [QUEUES-1:0]     qf_flush;
reg                   found;         // pick_reg's queue is still eligible: take its head
reg  [QUEUES-1:0]     qfail_reg;     // queues with a failed job still in flight (as of the cycle before)
reg  [QUEUES-1:0]     qfail_next;
reg                   evany;         // an error report arrives in this cycle (either unit)
reg  [QUEUES-1:0]     elig;          // queues with work and no error
reg  [QUEUES-1:0]     from_rr;       // queues at or after the round-robin start
reg  [QUEUES-1:0]     cand;          // where to look first
reg  [QUEUES-1:0]     pick;          // the chosen queue, one-hot
reg  [QUEUES-1:0]     pick_reg;      // pick of the cycle before: addresses the queue array
reg  [QUEUES-1:0]     pick_next;
integer               a;             // arbiter loop index
integer               k;
integer               e;
reg  [1:0]            ev;            // an error report per slot this cycle
reg  [7:0]            ev_code;
reg  [127:0]          ev_addr;

// The step-0 checks of a descriptor are computed as it is pushed and
// stored beside it in the queue, so that the step-0 decision (and
// jaddr_reg's enable) comes from flip-flops loaded straight from the
// queue array's read port, with job_reg: no format and stride logic
// behind the array's read address (docs/fpga.md section 2). A descriptor
// does not change in its queue, so the outcome is the same as checking
// it when it is taken.
wire [6:0] d_check0 = check0_of(desc_data[32*`DMA_W_CTRL +: 10],
                                desc_data[32*`DMA_W_SRC_STR0 +: 32] | desc_data[32*(`DMA_W_SRC_STR0+1) +: 32] |
                                desc_data[32*(`DMA_W_SRC_STR0+2) +: 32],
                                desc_data[32*`DMA_W_DST_STR0 +: 32] | desc_data[32*(`DMA_W_DST_STR0+1) +: 32] |
                                desc_data[32*(`DMA_W_DST_STR0+2) +: 32]);

dma_queues #(
    .QUEUES     (QUEUES),
    .DEPTH_LOG2 (QUEUE_DEPTH_LOG2),
    .WIDTH      (647)
) queues (
    .clk       (clk),
    .rst       (rst),
    .push      (qf_push),
    .in_data   ({d_check0, desc_data}),
    .not_full  (qf_in_ready),
    .not_empty (qf_valid),
    .head_sel  (pick_reg),
    .pop       ((state_reg == S_IDLE) && found),
    .flush     (qf_flush),
    .out_data  (q_head)
);

// Round-robin pick among queues with work and no error: the first eligible
// queue at or after rr_reg, else the first eligible one. The pick is
// registered (pick_reg) before it addresses the queue array, so that the
// array's read address (which fans out to every distributed-RAM cell of
// it) comes from a register; the front end takes pick_reg's head when that
// queue is still eligible. While no queue is eligible, pick_reg follows
// the queue being pushed, so that a descriptor pushed into idle queues is
// taken in the next cycle as before; while a job is checked or issued,
// pick_reg follows rr_reg. A stale pick_reg only costs a cycle.
always @* begin
    for (a = 0; a < QUEUES; a = a + 1) begin
        qf_push[a] = desc_valid && (desc_queue == a[3:0]) && !qerr_reg[a] && !abort;
    end
    elig       = abort ? {QUEUES{1'b0}} : (qf_valid & ~qerr_reg & ~qfail_reg);
    from_rr[0] = rr_reg[0];
    for (a = 1; a < QUEUES; a = a + 1) begin
        from_rr[a] = rr_reg[a] || from_rr[a-1];
    end
    cand  = ((elig & from_rr) != {QUEUES{1'b0}}) ? (elig & from_rr) : elig;
    // qfail_reg does not yet show a failure reported in this cycle: take
    // nothing while a report arrives (a cycle), rather than a descriptor of
    // the failing queue
    evany = rd_ev_reg || wr_ev_reg;
    found = ((elig & pick_reg) != {QUEUES{1'b0}}) && !evany;
    pick  = {QUEUES{1'b0}};
    for (a = QUEUES - 1; a >= 0; a = a - 1) begin
        if (cand[a]) begin
            pick    = {QUEUES{1'b0}};
            pick[a] = 1'b1;
        end
    end
    pick_next = (elig == {QUEUES{1'b0}}) ? qf_push : pick;
end

// ------------------------------------------------------------ units
reg         launch;
wire        rd_busy;
wire        rd_issuing;
wire [1:0]  rd_slot_busy;
wire        wr_busy;
wire        wr_issuing;
wire [1:0]  wr_slot_busy;
wire        rd_err_valid;
wire [3:0]  rd_err_code;
wire [63:0] rd_err_addr;
wire        rd_err_slot;
wire        wr_err_valid;
wire [3:0]  wr_err_code;
wire [63:0] wr_err_addr;
wire        wr_err_slot;
wire        rd_pack_busy;
wire        cvt_busy;
// the units' error reports, registered (one cycle later, as their busy
// flags fall)
reg         rd_ev_reg;
reg  [3:0]  rd_ec_reg;
reg  [63:0] rd_ea_reg;
reg         rd_es_reg;
reg         wr_ev_reg;
reg  [3:0]  wr_ec_reg;
reg  [63:0] wr_ea_reg;
reg         wr_es_reg;

always @(posedge clk) begin
    if (rst) begin
        rd_ev_reg <= 1'b0;
        wr_ev_reg <= 1'b0;
    end else begin
        rd_ev_reg <= rd_err_valid;
        wr_ev_reg <= wr_err_valid;
    end
    rd_ec_reg <= rd_err_code;
    rd_ea_reg <= rd_err_addr;
    rd_es_reg <= rd_err_slot;
    wr_ec_reg <= wr_err_code;
    wr_ea_reg <= wr_err_addr;
    wr_es_reg <= wr_err_slot;
end

wire                  rd_valid;      // reader output
wire                  rd_ready;
wire [DATA_WIDTH-1:0] rd_data;
wire [DBL:0]          rd_nbytes;
wire                  rd_last;
wire [2:0]            rd_seq;
wire                  rs_valid;      // converter input, after a register slice
wire                  rs_ready;
wire [DATA_WIDTH-1:0] rs_data;
wire [DBL:0]          rs_nbytes;
wire                  rs_last;
wire [2:0]            rs_seq;
wire                  cs_valid;      // converter output
wire                  cs_ready;
wire [DATA_WIDTH-1:0] cs_data;
wire [DBL:0]          cs_nbytes;
/* verilator lint_off UNUSEDSIGNAL */ // the writer knows its own end
wire                  cs_last;
/* verilator lint_on UNUSEDSIGNAL */
wire [2:0]            cs_seq;
wire                  ws_valid;      // writer input, after a register slice
wire                  ws_ready;
wire [DATA_WIDTH-1:0] ws_data;
wire [DBL:0]          ws_nbytes;
wire [2:0]            ws_seq;

dma_rd #(
    .DATA_WIDTH       (DATA_WIDTH),
    .ADDR_WIDTH       (ADDR_WIDTH),
    .ID_WIDTH         (ID_WIDTH),
    .OUTSTANDING_LOG2 (RD_OUTSTANDING_LOG2)
) rd (
    .clk               (clk),
    .rst               (rst),
    .start             (launch),
    .start_seq         (seq_reg),
    .kill              (skill_reg),
    .chain             (schain_reg),
    .busy              (rd_busy),
    .issuing           (rd_issuing),
    .slot_busy         (rd_slot_busy),
    .onchip            (src_space != `DMA_SPACE_DRAM),
    .psum              (src_space == `DMA_SPACE_PSUM),
    .addr              (s_addr[ADDR_WIDTH-1:0]),
    .esize_log2        (s_lg),
    .count0            (s_n0),
    .count1            (s_n1),
    .count2            (s_n2),
    .stride0           (s_st0),
    .stride1           (s_st1),
    .stride2           (s_st2),
    .err_valid         (rd_err_valid),
    .err_code          (rd_err_code),
    .err_addr          (rd_err_addr),
    .err_slot          (rd_err_slot),
    .out_valid         (rd_valid),
    .out_ready         (rd_ready),
    .out_data          (rd_data),
    .out_nbytes        (rd_nbytes),
    .out_last          (rd_last),
    .out_seq           (rd_seq),
    .pack_busy         (rd_pack_busy),
    .m_axi_arid        (m_axi_arid),
    .m_axi_araddr      (m_axi_araddr),
    .m_axi_arlen       (m_axi_arlen),
    .m_axi_arsize      (m_axi_arsize),
    .m_axi_arburst     (m_axi_arburst),
    .m_axi_arvalid     (m_axi_arvalid),
    .m_axi_arready     (m_axi_arready),
    .m_axi_rdata       (m_axi_rdata),
    .m_axi_rresp       (m_axi_rresp),
    .m_axi_rvalid      (m_axi_rvalid),
    .m_axi_rready      (m_axi_rready),
    .m_sb_rd_req_valid (m_sb_rd_req_valid),
    .m_sb_rd_req_ready (m_sb_rd_req_ready),
    .m_sb_rd_req_psum  (m_sb_rd_req_psum),
    .m_sb_rd_req_addr  (m_sb_rd_req_addr),
    .m_sb_rd_rsp_valid (m_sb_rd_rsp_valid),
    .m_sb_rd_rsp_ready (m_sb_rd_rsp_ready),
    .m_sb_rd_rsp_data  (m_sb_rd_rsp_data)
);

// The converter's readiness (its group size) stops at this slice instead of
// running back through the reader's packer and R slice in the same cycle.
dma_skid #(
    .WIDTH (DATA_WIDTH + DBL + 5)
) read_skid (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (rd_valid),
    .s_ready (rd_ready),
    .s_data  ({rd_data, rd_nbytes, rd_last, rd_seq}),
    .m_valid (rs_valid),
    .m_ready (rs_ready),
    .m_data  ({rs_data, rs_nbytes, rs_last, rs_seq})
);

// the configuration of the job whose word is at the converter's input
reg [CFG_W-1:0] cvt_cfg;
always @* begin
    cvt_cfg = rs_seq[0] ? scfg_reg[CFG_W +: CFG_W] : scfg_reg[0 +: CFG_W];
end

dma_cvt #(
    .DATA_WIDTH (DATA_WIDTH),
    .CVT_LANES  (CVT_LANES),
    .CFG_W      (CFG_W)
) cvt (
    .clk            (clk),
    .rst            (rst),
    .cfg            (cvt_cfg),
    .busy           (cvt_busy),
    .in_valid       (rs_valid),
    .in_ready       (rs_ready),
    .in_data        (rs_data),
    .in_nbytes      (rs_nbytes),
    .in_last        (rs_last),
    .in_seq         (rs_seq),
    .out_valid      (cs_valid),
    .out_ready      (cs_ready),
    .out_data       (cs_data),
    .out_nbytes     (cs_nbytes),
    .out_last       (cs_last),
    .out_seq        (cs_seq)
);

// The writer's readiness (which depends on its burst and byte counts) stops
// at this slice instead of running back through the converter and the
// reader's packer into the R slice in the same cycle. A ping-pong slice:
// that readiness steps its read pointer and does not enable its payload
// registers, whose enables it ended on in a dma_skid (docs/dma.md).
dma_pingpong #(
    .WIDTH (DATA_WIDTH + DBL + 4)
) stream_skid (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (cs_valid),
    .s_ready (cs_ready),
    .s_data  ({cs_data, cs_nbytes, cs_seq}),
    .m_valid (ws_valid),
    .m_ready (ws_ready),
    .m_data  ({ws_data, ws_nbytes, ws_seq})
);

dma_wr #(
    .DATA_WIDTH       (DATA_WIDTH),
    .ADDR_WIDTH       (ADDR_WIDTH),
    .ID_WIDTH         (ID_WIDTH),
    .OUTSTANDING_LOG2 (WR_OUTSTANDING_LOG2),
    .XP_PART_LOG2     (SBUF_PART_LOG2)
) wr (
    .clk           (clk),
    .rst           (rst),
    .start         (launch),
    .start_seq     (seq_reg),
    .kill          (skill_reg),
    .chain         (schain_reg),
    .busy          (wr_busy),
    .issuing       (wr_issuing),
    .slot_busy     (wr_slot_busy),
    .onchip        (dst_space != `DMA_SPACE_DRAM),
    .psum          (dst_space == `DMA_SPACE_PSUM),
    .addr          (d_addr[ADDR_WIDTH-1:0]),
    .esize_log2    (d_lg),
    .count0        (d_n0),
    .count1        (d_n1),
    .count2        (d_n2),
    .stride0       (d_st0),
    .stride1       (d_st1),
    .stride2       (d_st2),
    .err_valid     (wr_err_valid),
    .err_code      (wr_err_code),
    .err_addr      (wr_err_addr),
    .err_slot      (wr_err_slot),
    .in_valid      (ws_valid),
    .in_ready      (ws_ready),
    .in_data       (ws_data),
    .in_nbytes     (ws_nbytes),
    .in_seq        (ws_seq),
    .m_axi_awid    (m_axi_awid),
    .m_axi_awaddr  (m_axi_awaddr),
    .m_axi_awlen   (m_axi_awlen),
    .m_axi_awsize  (m_axi_awsize),
    .m_axi_awburst (m_axi_awburst),
    .m_axi_awvalid (m_axi_awvalid),
    .m_axi_awready (m_axi_awready),
    .m_axi_wdata   (m_axi_wdata),
    .m_axi_wstrb   (m_axi_wstrb),
    .m_axi_wlast   (m_axi_wlast),
    .m_axi_wvalid  (m_axi_wvalid),
    .m_axi_wready  (m_axi_wready),
    .m_axi_bresp   (m_axi_bresp),
    .m_axi_bvalid  (m_axi_bvalid),
    .m_axi_bready  (m_axi_bready),
    .m_sb_wr_valid (m_sb_wr_valid),
    .m_sb_wr_ready (m_sb_wr_ready),
    .m_sb_wr_psum  (m_sb_wr_psum),
    .m_sb_wr_addr  (m_sb_wr_addr),
    .m_sb_wr_data  (m_sb_wr_data),
    .m_sb_wr_strb  (m_sb_wr_strb),
    .m_sb_wr_pmask (m_sb_wr_pmask)
);

assign m_axi_awlock  = 1'b0;
assign m_axi_awcache = 4'b0011;  // normal, bufferable
assign m_axi_awprot  = 3'b000;
assign m_axi_arlock  = 1'b0;
assign m_axi_arcache = 4'b0011;
assign m_axi_arprot  = 3'b000;

assign done_count = qcnt_reg;
assign err_valid  = qerr_reg;
assign err_code   = qcode_reg;
assign err_addr   = qaddr_reg;
assign desc_err_valid = derr_reg;
assign desc_err_code  = dcode_reg;
assign desc_err_queue = dqid_reg;
// nothing queued, checked, in flight, or left in the stream
assign idle       = (state_reg == S_IDLE) && (qf_valid == {QUEUES{1'b0}}) &&
                    (sv_reg == 2'b00) && !rd_busy && !wr_busy && !rd_pack_busy &&
                    !rs_valid && !cvt_busy && !ws_valid;

// ------------------------------------------------------ check arithmetic
// Element totals, byte extents and range checks of both sides, pipelined
// (dma_psize, 5 cycles): valid from check step PSIZE_STEP on, job_reg
// being stable from step 0.
localparam [2:0] PSIZE_STEP = 3'd5;
wire [63:0] s_total;
wire [63:0] d_total;
/* verilator lint_off UNUSEDSIGNAL */ // a fault address is 64 bits; [71:64] only decide `over`
wire [71:0] s_last;
wire [71:0] d_last;
/* verilator lint_on UNUSEDSIGNAL */
wire        s_over;
wire        d_over;
reg         finish;

// The last byte a side may touch: the DRAM window's top, or the on-chip
// buffer's last byte. Out-of-range patterns: below the window (DRAM only),
// or last byte beyond this.
function [71:0] space_limit;
    input [1:0]            space;
    input [ADDR_WIDTH-1:0] limit;
    begin
        case (space)
            `DMA_SPACE_DRAM: space_limit = {{(72-ADDR_WIDTH){1'b0}}, limit};
            `DMA_SPACE_PSUM: space_limit = PSUM_SIZE - 72'd1;
            default:         space_limit = SBUF_SIZE - 72'd1;
        endcase
    end
endfunction

dma_psize src_size (
    .clk        (clk),
    .addr       (s_addr),
    .esize_log2 (s_lg),
    .count0     (s_n0),
    .count1     (s_n1),
    .count2     (s_n2),
    .stride0    (s_st0),
    .stride1    (s_st1),
    .stride2    (s_st2),
    .limit      (space_limit(src_space, dram_limit)),
    .total      (s_total),
    .last       (s_last),
    .over       (s_over)
);

dma_psize dst_size (
    .clk        (clk),
    .addr       (d_addr),
    .esize_log2 (d_lg),
    .count0     (d_n0),
    .count1     (d_n1),
    .count2     (d_n2),
    .stride0    (d_st0),
    .stride1    (d_st1),
    .stride2    (d_st2),
    .limit      (space_limit(dst_space, dram_limit)),
    .total      (d_total),
    .last       (d_last),
    .over       (d_over)
);

// below the DRAM window (registered, valid from check step 1 on): the fault
// address is then the pattern's address, else the last byte
reg         s_below;
reg         d_below;

always @(posedge clk) begin
    s_below <= (src_space == `DMA_SPACE_DRAM) && (s_addr < {{(64-ADDR_WIDTH){1'b0}}, dram_base});
    d_below <= (dst_space == `DMA_SPACE_DRAM) && (d_addr < {{(64-ADDR_WIDTH){1'b0}}, dram_base});
end

// the totals compared in a stage of their own (valid from check step 4,
// so these from PSIZE_STEP = 5 on): no 64-bit compare in front of launch
reg         tot_ne_reg;
reg         tot_zero_reg;

// ... and every check of step PSIZE_STEP in one flip-flop, from the same
// values a cycle ahead (the range compares are dma_psize's own, on its
// last byte: Yosys shares them), so that the launch waits for one flag,
// not for six (the launch loads every register of a slot)
reg         chk_ok_reg;

always @(posedge clk) begin
    tot_ne_reg   <= (s_total != d_total);
    tot_zero_reg <= (s_total == 64'd0);
    chk_ok_reg   <= (s_total == d_total) && (s_total != 64'd0) && !s_below && !d_below &&
                    !(s_last > space_limit(src_space, dram_limit)) &&
                    !(d_last > space_limit(dst_space, dram_limit));
end

wire        s_bad   = s_below || s_over;
wire        d_bad   = d_below || d_over;
wire [63:0] s_fault = s_below ? s_addr : s_last[63:0];
wire [63:0] d_fault = d_below ? d_addr : d_last[63:0];

// Read-after-write between jobs: the front-end job may not start reading
// bytes a job in flight still writes (registered; job_reg and the slots
// are stable while it waits, and a slot only empties meanwhile).
reg haz_next;
always @* begin
    haz_next = 1'b0;
    for (k = 0; k < 2; k = k + 1) begin
        if (sv_reg[k] && (sdsp_reg[2*k +: 2] == src_space) &&
            (s_addr[ADDR_WIDTH-1:0] <= sdhi_reg[ADDR_WIDTH*k +: ADDR_WIDTH]) &&
            (sdlo_reg[ADDR_WIDTH*k +: ADDR_WIDTH] <= s_last[ADDR_WIDTH-1:0])) begin
            haz_next = 1'b1;
        end
    end
end

always @(posedge clk) begin
    haz_reg <= haz_next;
end

// the stored step-0 checks of the head, with job_reg (same enable)
always @(posedge clk) begin
    if (state_reg == S_IDLE) begin
        c0err_reg  <= q_head[646];
        c0code_reg <= q_head[645:642];
        c0dst_reg  <= q_head[641];
        c0src_reg  <= q_head[640];
    end
end

// ------------------------------------------------------------ control
always @* begin
    // error reports of the units, per slot (a read error first)
    for (e = 0; e < 2; e = e + 1) begin
        ev[e]               = 1'b0;
        ev_code[4*e +: 4]   = rd_ec_reg;
        ev_addr[64*e +: 64] = rd_ea_reg;
        if (rd_ev_reg && (rd_es_reg == e[0])) begin
            ev[e] = 1'b1;
        end else if (wr_ev_reg && (wr_es_reg == e[0])) begin
            ev[e]               = 1'b1;
            ev_code[4*e +: 4]   = wr_ec_reg;
            ev_addr[64*e +: 64] = wr_ea_reg;
        end
    end

end

reg              oslot;       // the oldest job's slot
reg              retire;
reg [1:0]        rslot;       // per slot: it holds the oldest job, which retires now
reg [1:0]        rerr;        // per slot: its job failed (an error reported now counts)
reg [2*QUEUES-1:0] rq;        // per slot: the queue it completes (none if dropped)
reg [3:0]        r_code;      // the oldest job's error code and address
reg [63:0]       r_addr;
reg              ovr;         // the front-end job is dropped (its queue failed, or abort)
reg              gate;        // an earlier job of the same queue writes DRAM
reg              lslot;       // the launching job's slot

always @* begin
    state_next = state_reg;
    qsel_next  = qsel_reg;
    rr_next    = rr_reg;
    job_next   = job_reg;
    step_next  = step_reg;
    jerr_next  = jerr_reg;
    jcode_next = jcode_reg;
    jaddr_next = jaddr_reg;
    qerr_next  = qerr_reg;
    qcode_next = qcode_reg;
    qaddr_next = qaddr_reg;
    for (k = 0; k < QUEUES; k = k + 1) begin
        qcnt_next[32*k +: 32] = qcnt_reg[32*k +: 32] + {31'd0, done_q_reg[k]};
    end
    derr_next  = derr_reg;
    dcode_next = dcode_reg;
    dqid_next  = dqid_reg;
    rkind_next = rkind_reg;
    seq_next   = seq_reg;
    ret_next   = ret_reg;
    sv_next    = sv_reg;
    sq_next    = sq_reg;
    serr_next  = serr_reg;
    scode_next = scode_reg;
    saddr_next = saddr_reg;
    skill_next = skill_reg & ~skclr_reg;
    sdrop_next = sdrop_reg;
    schain_next = schain_reg;
    sdram_next = sdram_reg;
    sdsp_next  = sdsp_reg;
    sdlo_next  = sdlo_reg;
    sdhi_next  = sdhi_reg;
    scfg_next  = scfg_reg;
    done_pulse = {QUEUES{1'b0}};
    qf_flush   = {QUEUES{1'b0}};
    finish     = 1'b0;
    launch     = 1'b0;
    lslot      = seq_reg[0];
    oslot      = ret_reg[0];


    // the launch gate: an earlier job of the same queue in flight that
    // writes DRAM (its write errors come back late; the later job of that
    // queue must not have written anything if it is to be dropped).
    // gq_reg is the queue and space part, a cycle old: in S_LAUNCH, where
    // alone it counts, qsel_reg has been stable since S_IDLE and the
    // slots' sq_reg/sdram_reg since their launch, which came before that.
    gate = (sv_reg & gq_reg) != 2'b00;

    // descriptor input: a queue in error takes and drops descriptors; a
    // queue number >= QUEUES is taken, not run, and recorded below
    desc_ready = 1'b1;
    for (k = 0; k < QUEUES; k = k + 1) begin
        if ((desc_queue == k[3:0]) && !qerr_reg[k]) begin
            desc_ready = qf_in_ready[k];
        end
    end

    // engine-level status: clear first, so that a bad descriptor in the
    // clearing cycle is recorded; otherwise the first one is kept
    if (desc_err_clear) begin
        derr_next  = 1'b0;
        dcode_next = `DMA_ERR_NONE;
        dqid_next  = 4'd0;
    end
    if (desc_valid && ({1'b0, desc_queue} >= QN) && !derr_next && !abort) begin
        derr_next  = 1'b1;
        dcode_next = `DMA_ERR_BAD_QUEUE;
        dqid_next  = desc_queue;
    end

    // Launch, decided from flip-flops only (and the reader's busy flag):
    // at check step PSIZE_STEP (at5_reg, a cycle early) when every check
    // passed and nothing is in flight (the hazard check of S_LAUNCH needs
    // a cycle); in S_LAUNCH when there is a free slot, no earlier job of
    // the queue writing DRAM, no read-after-write on a job in flight, the
    // reader drained before it changes between DRAM and on-chip
    // responses, and no error report arriving (qfail_reg shows it one
    // cycle later: the failing job may be an earlier one of this queue).
    // Never when the front-end job is being dropped (below).
    ovr    = (((qfail_reg | qerr_reg) & qsel_reg) != {QUEUES{1'b0}}) || abort;
    launch = !ovr &&
             ((at5_reg && (state_reg == S_CHECK) && chk_ok_reg && (sv_reg == 2'b00) && !rd_busy) ||
              ((state_reg == S_LAUNCH) && !sv_reg[lslot] && !gate && !haz_reg && !evany &&
               ((rkind_reg == (src_space != `DMA_SPACE_DRAM)) || !rd_busy)));

    // ---------------------------------------------------------- front end
    case (state_reg)
        S_IDLE: begin
            // The front-end registers mean nothing while idle, so they
            // take pick_reg's head in every idle cycle, not only when it is
            // found: their enables (job_reg is 640 bits) are the state
            // alone, and the pick's logic reaches only the state, the
            // round-robin start and the queue's pop.
            job_next     = q_head[639:0];
            qsel_next    = pick_reg;
            step_next    = 3'd0;
            jerr_next    = 1'b0;
            jcode_next   = `DMA_ERR_NONE;
            jaddr_next   = 64'd0;
            if (found) begin
                rr_next      = {pick_reg[QUEUES-2:0], pick_reg[QUEUES-1]};
                state_next   = S_CHECK;
            end
        end
        S_CHECK: begin
            // step 0: space, format pair, strides; 1-4: the pattern sizes
            // are computed; 5 (PSIZE_STEP): element totals (zero: done),
            // then source and destination range, then launch
            step_next = step_reg + 3'd1;
            if (step_reg == 3'd0) begin
                // the checks' outcome was registered with job_reg
                if (c0err_reg) begin
                    jerr_next  = 1'b1;
                    jcode_next = c0code_reg;
                    jaddr_next = c0src_reg ? s_addr : (c0dst_reg ? d_addr : 64'd0);
                    state_next = S_END;
                end
            end else if (step_reg == PSIZE_STEP) begin
                if (tot_ne_reg) begin
                    jerr_next  = 1'b1;
                    jcode_next = `DMA_ERR_BAD_COUNT;
                    state_next = S_END;
                end else if (tot_zero_reg) begin
                    state_next = S_END;     // zero-length: done
                end else if (s_bad) begin
                    jerr_next  = 1'b1;
                    jcode_next = (src_space == `DMA_SPACE_DRAM) ? `DMA_ERR_SRC_WINDOW : `DMA_ERR_SRC_RANGE;
                    jaddr_next = s_fault;
                    state_next = S_END;
                end else if (d_bad) begin
                    jerr_next  = 1'b1;
                    jcode_next = (dst_space == `DMA_SPACE_DRAM) ? `DMA_ERR_DST_WINDOW : `DMA_ERR_DST_RANGE;
                    jaddr_next = d_fault;
                    state_next = S_END;
                end else begin
                    // S_LAUNCH, unless launched now (below)
                    state_next = S_LAUNCH;
                end
            end
        end
        S_LAUNCH: begin
            // launched below
        end
        S_ISSUE: begin
            // both sides generate their bursts from job_reg
            if (!rd_issuing && !wr_issuing) begin
                state_next = S_IDLE;
            end
        end
        S_END: begin
            // a descriptor refused by the checks, or of zero length,
            // completes after every job in flight (in queue order)
            if (sv_reg == 2'b00) begin
                finish = 1'b1;
            end
        end
        default: begin
            state_next = S_IDLE;
        end
    endcase

    // A free slot's error and drop flags are cleared while it is free
    // rather than at launch (a launch needs the slot free in that cycle, so
    // they are clear when it starts; they are read only while the slot is
    // in use): their enables then come from sv_reg and the error reports,
    // not from the launch decision. A slot's error code and address are
    // written with its error flag and read only under it. The kill flag is
    // still cleared at launch: it must outlive the retire, since the
    // writer drops by it whatever of a killed job is still in the stream.
    for (k = 0; k < 2; k = k + 1) begin
        if (!sv_reg[k]) begin
            serr_next[k]  = 1'b0;
            sdrop_next[k] = 1'b0;
        end
    end

    // launch: the reader and the writer start generating bursts
    if (launch) begin
        state_next = S_ISSUE;
        seq_next   = seq_reg + 3'd1;
        rkind_next = (src_space != `DMA_SPACE_DRAM);
        for (k = 0; k < 2; k = k + 1) begin
            if (lslot == k[0]) begin
                sv_next[k]     = 1'b1;
                // a later job of a queue that has one in flight
                schain_next[k] = sv_reg[1-k] &&
                    ((sq_reg[QUEUES*(1-k) +: QUEUES] & qsel_reg) != {QUEUES{1'b0}});
            end
        end
    end
    // A slot's other fields do not wait for the launch: its queue and
    // destination (read only while the slot is in use) load in every
    // cycle it is free, and its converter configuration in every cycle it
    // is free while the front end holds a job that passed its checks (the
    // converter may still see a killed job's leftover words under a free
    // slot's configuration, as after any later launch: a checked one).
    // Their enables, about 600 flip-flops, then come from flip-flops
    // instead of the launch decision (docs/dma.md section 8). The kill
    // flag clears a cycle after the launch (skclr_reg; the units mask it
    // in that cycle).
    for (k = 0; k < 2; k = k + 1) begin
        if (!sv_reg[k]) begin
            sq_next[QUEUES*k +: QUEUES] = qsel_reg;
            sdram_next[k]  = (dst_space == `DMA_SPACE_DRAM);
            sdsp_next[2*k +: 2] = dst_space;
            sdlo_next[ADDR_WIDTH*k +: ADDR_WIDTH] = d_addr[ADDR_WIDTH-1:0];
            sdhi_next[ADDR_WIDTH*k +: ADDR_WIDTH] = d_last[ADDR_WIDTH-1:0];
            if ((state_reg == S_LAUNCH) || ((state_reg == S_CHECK) && at5_reg && chk_ok_reg)) begin
                scfg_next[CFG_W*k +: CFG_W] = j_cfg;
            end
        end
    end

    // a descriptor behind a failed one of its queue is dropped before it
    // runs (its queue stops there); so is every descriptor on abort
    // (ovr; launch already excludes it)
    if (((state_reg == S_CHECK) || (state_reg == S_LAUNCH) || (state_reg == S_END)) && ovr) begin
        state_next = S_IDLE;
        finish     = 1'b0;
    end

    // end of a refused or empty descriptor: completion or error of its queue
    if (finish) begin
        for (k = 0; k < QUEUES; k = k + 1) begin
            if (qsel_reg[k]) begin
                if (jerr_reg) begin
                    qerr_next[k]           = 1'b1;
                    qcode_next[4*k +: 4]   = jcode_reg;
                    qaddr_next[64*k +: 64] = jaddr_reg;
                    qf_flush[k]            = 1'b1;
                end else begin
                    done_pulse[k]          = 1'b1;
                end
            end
        end
        state_next = S_IDLE;
    end

    // ------------------------------------------------------- jobs in flight
    // an error stops its job, and a later job of the same queue in flight
    // (which then leaves no trace)
    for (k = 0; k < 2; k = k + 1) begin
        if (ev[k] && sv_reg[k] && !serr_reg[k] && !sdrop_reg[k]) begin
            serr_next[k]           = 1'b1;
            scode_next[4*k +: 4]   = ev_code[4*k +: 4];
            saddr_next[64*k +: 64] = ev_addr[64*k +: 64];
            skill_next[k]          = 1'b1;
            if (schain_reg[1-k]) begin
                skill_next[1-k] = 1'b1;
                sdrop_next[1-k] = 1'b1;
            end
        end
    end

    // abort: nothing is taken, the queues are emptied, and every job in
    // flight is stopped and will retire without a trace once its issued
    // transactions have finished
    if (abort) begin
        desc_ready = 1'b0;
        qf_flush   = {QUEUES{1'b1}};
        skill_next = skill_next | sv_reg;
        sdrop_next = sdrop_next | sv_reg;
    end

    // retire the oldest job when its reads are all taken and its writes all
    // answered (an error reported in this very cycle counts). Decided per
    // slot (rslot, one-hot, from old0_reg rather than the widely used
    // ret_reg[0]), so that the queue updates are an AND-OR of the two
    // slots' terms instead of a chain through the oldest slot's multiplexer;
    // the error code and address (data) are still selected by oslot.
    r_code = `DMA_ERR_NONE;
    r_addr = 64'd0;
    for (k = 0; k < 2; k = k + 1) begin
        rslot[k] = sv_reg[k] && (old0_reg == (k == 0)) && !rd_slot_busy[k] && !wr_slot_busy[k];
        rerr[k]  = serr_reg[k] || ev[k];
        rq[QUEUES*k +: QUEUES] = sdrop_reg[k] ? {QUEUES{1'b0}} : sq_reg[QUEUES*k +: QUEUES];
        if (oslot == k[0]) begin
            r_code = serr_reg[k] ? scode_reg[4*k +: 4] : ev_code[4*k +: 4];
            r_addr = serr_reg[k] ? saddr_reg[64*k +: 64] : ev_addr[64*k +: 64];
        end
    end
    retire = rslot != 2'b00;
    if (retire) begin
        ret_next = ret_reg + 3'd1;
    end
    for (k = 0; k < 2; k = k + 1) begin
        if (rslot[k]) begin
            sv_next[k]       = 1'b0;
            schain_next[1-k] = 1'b0;   // its predecessor is gone
        end
    end
    for (k = 0; k < QUEUES; k = k + 1) begin
        for (e = 0; e < 2; e = e + 1) begin
            if (rslot[e] && rq[QUEUES*e + k]) begin
                if (rerr[e]) begin
                    qerr_next[k]           = 1'b1;
                    qcode_next[4*k +: 4]   = r_code;
                    qaddr_next[64*k +: 64] = r_addr;
                    qf_flush[k]            = 1'b1;
                end else begin
                    done_pulse[k]          = 1'b1;
                end
            end
        end
    end

    // software clears a queue's error; the queue then takes new work
    for (k = 0; k < QUEUES; k = k + 1) begin
        if (err_clear[k]) begin
            qerr_next[k]           = 1'b0;
            qcode_next[4*k +: 4]   = `DMA_ERR_NONE;
            qaddr_next[64*k +: 64] = 64'd0;
        end
    end

    // queues whose job in flight failed: nothing more is picked from them,
    // and their later descriptors are dropped when it retires. Registered,
    // so that an error report does not run through the pick and the drop
    // into the front end's enables in its own cycle (evany covers it).
    // Computed from the slots as they are, not from sv_next/sq_next: a job
    // launched now has no error yet, and a failed job retiring now sets
    // its queue's qerr_reg, which holds off the same things (a stale bit
    // for one cycle after the retire only delays a pick).
    qfail_next = {QUEUES{1'b0}};
    for (k = 0; k < 2; k = k + 1) begin
        if (sv_reg[k] && (serr_reg[k] || ev[k]) && !sdrop_reg[k] && !abort &&
            !(ev[1-k] && sv_reg[1-k] && !serr_reg[1-k] && !sdrop_reg[1-k] && schain_reg[k])) begin
            qfail_next = qfail_next | sq_reg[QUEUES*k +: QUEUES];
        end
    end
end

always @(posedge clk) begin
    if (rst) begin
        state_reg <= S_IDLE;
        qsel_reg  <= {{(QUEUES-1){1'b0}}, 1'b1};
        rr_reg    <= {{(QUEUES-1){1'b0}}, 1'b1};
        pick_reg  <= {QUEUES{1'b0}};
        qfail_reg <= {QUEUES{1'b0}};
        step_reg  <= 3'd0;
        jerr_reg  <= 1'b0;
        jcode_reg <= `DMA_ERR_NONE;
        jaddr_reg <= 64'd0;
        qerr_reg  <= {QUEUES{1'b0}};
        qcode_reg <= {QUEUES*4{1'b0}};
        qaddr_reg <= {QUEUES*64{1'b0}};
        qcnt_reg  <= {QUEUES*32{1'b0}};
        done_q_reg <= {QUEUES{1'b0}};
        derr_reg  <= 1'b0;
        dcode_reg <= `DMA_ERR_NONE;
        dqid_reg  <= 4'd0;
        rkind_reg <= 1'b0;
        seq_reg   <= 3'd0;
        ret_reg   <= 3'd0;
        sv_reg    <= 2'b00;
        serr_reg  <= 2'b00;
        skill_reg <= 2'b00;
        skclr_reg <= 2'b00;
        sdrop_reg <= 2'b00;
        schain_reg <= 2'b00;
        at5_reg   <= 1'b0;
        old0_reg  <= 1'b1;
    end else begin
        state_reg <= state_next;
        qsel_reg  <= qsel_next;
        rr_reg    <= rr_next;
        pick_reg  <= pick_next;
        qfail_reg <= qfail_next;
        step_reg  <= step_next;
        jerr_reg  <= jerr_next;
        jcode_reg <= jcode_next;
        jaddr_reg <= jaddr_next;
        qerr_reg  <= qerr_next;
        qcode_reg <= qcode_next;
        qaddr_reg <= qaddr_next;
        qcnt_reg  <= qcnt_next;
        done_q_reg <= done_pulse;
        derr_reg  <= derr_next;
        dcode_reg <= dcode_next;
        dqid_reg  <= dqid_next;
        rkind_reg <= rkind_next;
        seq_reg   <= seq_next;
        ret_reg   <= ret_next;
        sv_reg    <= sv_next;
        serr_reg  <= serr_next;
        skill_reg <= skill_next;
        skclr_reg <= launch ? (lslot ? 2'b10 : 2'b01) : 2'b00;
        sdrop_reg <= sdrop_next;
        schain_reg <= schain_next;
        at5_reg   <= (state_reg == S_CHECK) && (step_reg == PSIZE_STEP - 3'd1);
        old0_reg  <= !ret_next[0];
    end
    gq_reg    <= gq_now;
    job_reg   <= job_next;
    sq_reg    <= sq_next;
    scode_reg <= scode_next;
    saddr_reg <= saddr_next;
    sdram_reg <= sdram_next;
    sdsp_reg  <= sdsp_next;
    sdlo_reg  <= sdlo_next;
    sdhi_reg  <= sdhi_next;
    scfg_reg  <= scfg_next;
end

`ifndef SYNTHESIS
// The flags that stand in for a combinational decision (guarded checks):
// the registered step-0 checks describe job_reg at step 0; at5_reg means
// check step PSIZE_STEP; gq_reg is exact in S_LAUNCH; old0_reg mirrors
// ret_reg[0]; a slot's chain flag is set only while the slot is in use
// (an error report would otherwise kill and drop a free slot).
wire       chk_gate = (sv_reg & gq_now) != 2'b00;
always @(posedge clk) begin
    if (!rst) begin
        if ((state_reg == S_CHECK) && (step_reg == 3'd0) &&
            ({c0err_reg, c0code_reg, c0dst_reg, c0src_reg} !=
             check0_of(job_reg[32*`DMA_W_CTRL +: 10], s_st0 | s_st1 | s_st2, d_st0 | d_st1 | d_st2))) begin
            $error("dma_engine: registered step-0 checks differ from job_reg's (instance %m)");
        end
        if ((state_reg == S_CHECK) && at5_reg &&
            (chk_ok_reg != (!tot_ne_reg && !tot_zero_reg && !s_below && !s_over && !d_below && !d_over))) begin
            $error("dma_engine: chk_ok_reg differs from the checks of step %0d (instance %m)", step_reg);
        end
        if ((state_reg == S_CHECK) && (at5_reg != (step_reg == PSIZE_STEP))) begin
            $error("dma_engine: at5_reg does not match check step %0d (instance %m)", step_reg);
        end
        if ((state_reg == S_LAUNCH) && (gate != chk_gate)) begin
            $error("dma_engine: gq_reg gives a stale launch gate (instance %m)");
        end
        if (old0_reg != !ret_reg[0]) begin
            $error("dma_engine: old0_reg differs from ret_reg[0] (instance %m)");
        end
        if ((schain_reg & ~sv_reg) != 2'b00) begin
            $error("dma_engine: chain flag of a free slot (instance %m)");
        end
    end
end
`endif

// Parameter checks. Simulation reports them with $error; synthesis sees
// them too: a bad value elaborates a generate branch that instantiates a
// module that does not exist, named after the rule, so Yosys (or any other
// tool) stops with that name.
localparam BAD_DATA_WIDTH = (DATA_WIDTH != 64) && (DATA_WIDTH != 128) && (DATA_WIDTH != 256);
localparam BAD_ADDR_WIDTH = (ADDR_WIDTH < 32) || (ADDR_WIDTH > 64);
localparam BAD_QUEUES     = (QUEUES < 2) || (QUEUES > 16);
localparam BAD_DEPTHS     = (QUEUE_DEPTH_LOG2 < 1) || (QUEUE_DEPTH_LOG2 > 8) ||
                            (RD_OUTSTANDING_LOG2 < 1) || (RD_OUTSTANDING_LOG2 > 8) ||
                            (WR_OUTSTANDING_LOG2 < 1) || (WR_OUTSTANDING_LOG2 > 8);
localparam BAD_CVT_LANES  = (CVT_LANES < 1) || (CVT_LANES > DATA_WIDTH / 32) ||
                            ((CVT_LANES & (CVT_LANES - 1)) != 0);
localparam BAD_ONCHIP     = (SBUF_PARTS < 1) || (PSUM_PARTS < 1) ||
                            (SBUF_PARTS * (64'd1 << SBUF_PART_LOG2) > 64'h1_0000_0000) ||
                            (PSUM_PARTS * (64'd1 << PSUM_PART_LOG2) > 64'h1_0000_0000);

generate
    if (BAD_DATA_WIDTH) begin : bad_data_width
        dma_engine_bad_parameter_DATA_WIDTH_must_be_64_128_or_256 bad ();
    end
    if (BAD_ADDR_WIDTH) begin : bad_addr_width
        dma_engine_bad_parameter_ADDR_WIDTH_must_be_32_to_64 bad ();
    end
    if (BAD_QUEUES) begin : bad_queues
        dma_engine_bad_parameter_QUEUES_must_be_2_to_16 bad ();
    end
    if (BAD_DEPTHS) begin : bad_depths
        dma_engine_bad_parameter_QUEUE_DEPTH_LOG2_and_OUTSTANDING_LOG2_must_be_1_to_8 bad ();
    end
    if (BAD_CVT_LANES) begin : bad_cvt_lanes
        dma_engine_bad_parameter_CVT_LANES_must_be_a_power_of_2_up_to_DATA_WIDTH_div_32 bad ();
    end
    if (BAD_ONCHIP) begin : bad_onchip
        dma_engine_bad_parameter_SBUF_and_PSUM_must_fit_32_bit_addresses bad ();
    end
endgenerate

`ifndef SYNTHESIS
initial begin
    if (BAD_DATA_WIDTH) begin
        $error("dma_engine: DATA_WIDTH must be 64, 128 or 256 (instance %m)");
    end
    if (BAD_ADDR_WIDTH) begin
        $error("dma_engine: ADDR_WIDTH must be 32..64 (instance %m)");
    end
    if (BAD_QUEUES) begin
        $error("dma_engine: QUEUES must be 2..16 (instance %m)");
    end
    if (BAD_DEPTHS) begin
        $error("dma_engine: QUEUE_DEPTH_LOG2, RD_OUTSTANDING_LOG2 and WR_OUTSTANDING_LOG2 must be 1..8 (instance %m)");
    end
    if (BAD_CVT_LANES) begin
        $error("dma_engine: CVT_LANES must be a power of 2 from 1 to DATA_WIDTH/32 (instance %m)");
    end
    if (BAD_ONCHIP) begin
        $error("dma_engine: SBUF and PSUM (PARTS << PART_LOG2 bytes) must fit 32-bit on-chip addresses (instance %m)");
    end
end
`endif

endmodule

`resetall
