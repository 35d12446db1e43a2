`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_wr: the write side of the DMA. Walks each job's destination pattern
 * (dma_agen), takes bytes in order from a dense byte stream and writes them
 * to DRAM (AXI4 AW/W/B, up to 2^OUTSTANDING_LOG2 bursts in flight) or to
 * SBUF/PSUM (one aligned beat per request on the on-chip write port), with
 * byte strobes set exactly on the bytes of the pattern.
 *
 * Jobs overlap: `start` (one cycle, while `issuing` is low) begins the next
 * job (sequence number start_seq, slot start_seq[0]) while earlier jobs'
 * beats and responses are still in flight; `issuing` is high while its
 * bursts are generated. Per slot, slot_busy stays high until every burst of
 * that job has its response (DRAM) or every on-chip write was taken. The
 * stream's words carry their job's sequence number (in_seq): words of the
 * head burst's job are used, words of a later job wait, words of a dead or
 * earlier job are dropped. A job whose slot is killed (kill[s], or locally
 * from the cycle after its first error response) issues no more bursts; the
 * W beats still owed for its bursts whose address was issued go out with
 * WSTRB = 0 (no byte written), its on-chip beats are skipped, its responses
 * drained. The first BRESP of SLVERR/DECERR of a live job raises err_valid
 * for one cycle with the code, the burst's address and err_slot.
 *
 * AXI: INCR bursts, AWSIZE = full width, AWID 0, never crossing 4 KiB, at
 * most 256 beats; AWVALID and WVALID are held with stable payload until
 * ready. W beats may be offered before their AW is accepted (AXI allows it).
 * W beats (and on-chip writes) leave through a register slice (dma_skid):
 * WREADY and the on-chip ready reach only that slice's registers; the
 * generator's bursts enter the FIFOs and the AW register through another,
 * so AWREADY and the FIFOs' state do not reach the walk. Bytes
 * outside a beat's strobes are zero.
 *
 * Transposing on-chip writes (XP_PART_LOG2 > 0; docs/dma.md sections 1
 * and 6): a destination pattern that steps by one partition per element
 * (1- or 2-byte elements) is written G = DATA_WIDTH/16 partitions at a
 * time: one write per group of up to G elements with m_sb_wr_pmask bit i
 * set for partition (p0 & ~(G-1)) + i, whose element sits in bytes
 * 2i, 2i+1 of the data (an 8-bit element in both), m_sb_wr_addr the
 * first element's beat-aligned address and m_sb_wr_strb the element's
 * bytes inside a partition's word. pmask = 0 is an ordinary write.
 */
module dma_wr #(
    parameter DATA_WIDTH       = 128, // AXI / on-chip data bits
    parameter ADDR_WIDTH       = 32,  // AXI address bits (>= 32)
    parameter ID_WIDTH         = 4,   // AXI ID bits (ID 0 is used)
    parameter OUTSTANDING_LOG2 = 3,   // log2 of bursts in flight
    parameter XP_PART_LOG2     = 0    // transposing SBUF writes: log2 bytes per partition (0: none)
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire                    start,
    input  wire [2:0]              start_seq,
    input  wire [1:0]              kill,       // per slot: drop that job
    input  wire [1:0]              chain,      // per slot: a later job of the other slot's queue
    output wire                    busy,       // anything issued or to issue
    output wire                    issuing,    // the started job's bursts are being generated
    output wire [1:0]              slot_busy,
    // destination pattern of the job being started (stable while issuing)
    input  wire                    onchip,
    input  wire                    psum,
    input  wire [ADDR_WIDTH-1:0]   addr,
    input  wire [1:0]              esize_log2,
    input  wire [31:0]             count0,
    input  wire [15:0]             count1,
    input  wire [15:0]             count2,
    input  wire [31:0]             stride0,
    input  wire [31:0]             stride1,
    input  wire [31:0]             stride2,
    // error report
    output reg                     err_valid,
    output reg  [3:0]              err_code,
    output reg  [63:0]             err_addr,
    output reg                     err_slot,
    // dense byte stream in
    input  wire                    in_valid,
    output reg                     in_ready,
    input  wire [DATA_WIDTH-1:0]   in_data,
    input  wire [$clog2(DATA_WIDTH/8):0] in_nbytes,
    input  wire [2:0]              in_seq,
    // AXI4 write channels
    output wire [ID_WIDTH-1:0]     m_axi_awid,
    output wire [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output wire [7:0]              m_axi_awlen,
    output wire [2:0]              m_axi_awsize,
    output wire [1:0]              m_axi_awburst,
    output wire                    m_axi_awvalid,
    input  wire                    m_axi_awready,
    output wire [DATA_WIDTH-1:0]   m_axi_wdata,
    output wire [DATA_WIDTH/8-1:0] m_axi_wstrb,
    output wire                    m_axi_wlast,
    output wire                    m_axi_wvalid,
    input  wire                    m_axi_wready,
    input  wire [1:0]              m_axi_bresp,
    input  wire                    m_axi_bvalid,
    output wire                    m_axi_bready,
    // on-chip write port (SBUF/PSUM): one aligned beat with byte strobes
    output wire                    m_sb_wr_valid,
    input  wire                    m_sb_wr_ready,
    output wire                    m_sb_wr_psum,
    output wire [31:0]             m_sb_wr_addr,
    output wire [DATA_WIDTH-1:0]   m_sb_wr_data,
    output wire [DATA_WIDTH/8-1:0] m_sb_wr_strb,
    output wire [DATA_WIDTH/16-1:0] m_sb_wr_pmask  // nonzero: a transposing write
);

`include "dma_defs.vh"

localparam DB   = DATA_WIDTH / 8;
localparam DBL  = $clog2(DB);
localparam MW   = ADDR_WIDTH + 2 * (DBL + 1) + 8 + 6;  // {one beat, addr, lo, hi, beats-1, onchip, psum, seq}
localparam MWF  = MW + DBL + 1;                        // {first beat's bytes, the above}
localparam MWX  = MWF + 2 + DBL;                       // {transposing, 8-bit elements, byte in beat, the above}
localparam G    = DB / 2;                              // partitions per transposing write
localparam CW   = OUTSTANDING_LOG2 + 1;                // burst counter bits
localparam BL   = (DBL + 8 < 12) ? DBL + 8 : 12;       // bursts stay in one 2^BL-byte block (given to dma_agen)

// ------------------------------------------------------------- registers
reg  [1:0]           killed_reg, killed_next;   // per slot: a write error was seen
reg  [2:0]           cur_reg,    cur_next;      // sequence number of the issuing job
reg  [CW-1:0]        cnt0_reg,   cnt0_next;     // bursts of slot 0 not yet answered
reg  [CW-1:0]        cnt1_reg,   cnt1_next;
reg                  bs_reg,     bs_next;       // slot of the bytes in buf
reg                  aw_v_reg,   aw_v_next;
reg [ADDR_WIDTH-1:0] aw_a_reg,   aw_a_next;
reg [7:0]            aw_l_reg,   aw_l_next;
reg [7:0]            beat_reg,   beat_next;     // beat index in the head burst
// beat position flags, kept beside beat_reg so that the unpacker starts
// from flip-flops: first = (beat == 0); lastm = (beat == beats-1) for
// beat > 0 (for beat 0 the head entry carries its own one-beat flag)
reg                  first_reg,  first_next;
reg                  lastm_reg,  lastm_next;
reg [DATA_WIDTH-1:0] buf_reg,    buf_next;      // unpacker: bytes [0, cnt)
reg [DBL:0]          cnt_reg,    cnt_next;
reg                  w_emit;                    // a beat into the W slice
reg [DATA_WIDTH-1:0] w_data;
reg [DB-1:0]         w_strb;
reg                  w_last;
reg [31:0]           w_addr;
reg [G-1:0]          w_pmask;
reg [DATA_WIDTH-1:0] x_data;                    // a transposing write's data, strobes, partitions
reg [DB-1:0]         x_strb;
reg [G-1:0]          x_pmask;
reg [DBL-1:0]        lane;
reg                  w_end;                     // an on-chip burst's last beat

reg                  take_burst;
reg                  meta_pop;
reg                  b_pop;
reg [DBL+1:0]        sum;       // bytes in buf and in the input word
reg                  enough;    // n bytes are available (buf, or buf and a usable input word)
reg [DATA_WIDTH-1:0] beat;      // the beat's bytes on their lanes, zero elsewhere
reg [DB-1:0]         strb;
reg [DB-1:0]         in_buf;    // lanes [0, cnt): the bytes in buf
reg [DB-1:0]         lane_buf;  // lanes [lo, lo + cnt): their places in the beat
reg                  live;      // a beat of a live job at the head (its bytes, not zeros)
reg                  skip_end;  // a dead job's on-chip burst ends, skipped
integer              i;
// (a start clears its slot's killed flag a cycle later through kclr_reg,
// the flag and `kill` masked meanwhile: as in dma_rd, which says why)
reg  [1:0]           kclr_reg;
reg  [1:0]           inc_reg;   // per slot: a burst was issued in the cycle before (counted below)
wire [1:0]           killed_now = killed_reg & ~kclr_reg;
wire [1:0]           kill_any = (kill | killed_reg) & ~kclr_reg;

// A burst counter's change in one cycle, CW-bit two's complement: one
// issued (inc) less up to three ended (e0, e1, e2). A table of constants
// (logic, no adder), so that the events reach the counter through one
// LUT level and the counter's own short carry chain.
localparam [CW-1:0] STEP_M1 = {CW{1'b1}};
localparam [CW-1:0] STEP_M2 = STEP_M1 - 1'b1;
localparam [CW-1:0] STEP_M3 = STEP_M2 - 1'b1;
function [CW-1:0] cnt_step(input inc, input e0, input e1, input e2);
    reg [1:0] ends;
    begin
        ends = {(e0 && e1) || (e0 && e2) || (e1 && e2), e0 ^ e1 ^ e2};
        case ({inc, ends})
            3'b100:         cnt_step = {{(CW-1){1'b0}}, 1'b1};
            3'b001, 3'b110: cnt_step = STEP_M1;
            3'b010, 3'b111: cnt_step = STEP_M2;
            3'b011:         cnt_step = STEP_M3;
            default:        cnt_step = {CW{1'b0}};  // 000, 101
        endcase
    end
endfunction

// ---------------------------------------------------------------- bursts
// The generator's bursts (g_*) reach the FIFOs and the AW register (b_*)
// through a register slice (dma_skid), so that the generator's walk
// enables wait for the slice's registered ready alone, not for the B and
// meta FIFOs, AWREADY and the kill flags (that handshake had been the
// DMA's critical path on the board), and the burst's geometry (the
// generator's adders and the first-beat count) ends in the slice's
// registers instead of running on into the meta FIFO. A burst leaves one
// cycle later than without it, still one per cycle; the W data it waits
// for comes through the read side, later still (docs/dma.md section 8).
// The read side, whose bursts start the transfer, uses a fall-through
// buffer instead (dma_bypass), which costs no cycle.
wire                  g_valid;
wire                  g_ready;
wire [ADDR_WIDTH-1:0] g_addr;
wire [DBL:0]          g_lo;          // first byte lane of the first beat
wire [DBL:0]          g_hi;          // one past the last lane of the last beat
wire [7:0]            g_beats_m1;
wire                  g_single;      // one beat
wire [DBL:0]          g_nfirst;      // bytes of the first beat
/* verilator lint_off UNUSEDSIGNAL */ // the writer ends on busy, not on a flag
wire                  g_last;
/* verilator lint_on UNUSEDSIGNAL */
wire                  g_xp;          // a transposing burst
wire [DBL-1:0]        g_off;         // its elements' byte in the beat
wire                  agen_busy;

dma_agen #(
    .ADDR_WIDTH    (ADDR_WIDTH),
    .BEAT_LOG2     (DBL),
    .BOUNDARY_LOG2 (BL),
    .XP_PART_LOG2  (XP_PART_LOG2),
    .XP_GROUP_LOG2 (DBL - 1)
) agen (
    .clk            (clk),
    .rst            (rst),
    .start          (start),
    .stop           (kill_any[cur_reg[0]]),
    .addr           (addr),
    .esize_log2     (esize_log2),
    .count0         (count0),
    .count1         (count1),
    .count2         (count2),
    .stride0        (stride0),
    .stride1        (stride1),
    .stride2        (stride2),
    .xpose_ok       (onchip && !psum),
    .busy           (agen_busy),
    .burst_valid    (g_valid),
    .burst_ready    (g_ready),
    .burst_addr     (g_addr),
    .burst_lo       (g_lo),
    .burst_hi       (g_hi),
    .burst_beats_m1 (g_beats_m1),
    .burst_single   (g_single),
    .burst_nfirst   (g_nfirst),
    .burst_last     (g_last),
    .burst_xp       (g_xp),
    .burst_off      (g_off)
);

// (the first beat's byte count comes from the generator with the burst,
// so that the meta FIFO's entry comes from the slice's registers)
wire                  b_valid;
wire                  b_ready;
wire [ADDR_WIDTH-1:0] b_addr;
wire [DBL:0]          b_lo;
wire [DBL:0]          b_hi;
wire [7:0]            b_beats_m1;
wire                  b_xp;
wire [DBL-1:0]        b_off;
wire                  b_single;
wire [DBL:0]          b_nfirst;

// (a killed job's bursts are dropped here as in the generator: `clear`
// is the generator's `stop`)
dma_skid #(
    .WIDTH (ADDR_WIDTH + 3 * (DBL + 1) + 8 + 2 + DBL)
) b_skid (
    .clk     (clk),
    .rst     (rst),
    .clear   (kill_any[cur_reg[0]]),
    .s_valid (g_valid),
    .s_ready (g_ready),
    .s_data  ({g_xp, g_off, g_nfirst, g_single, g_addr, g_lo, g_hi, g_beats_m1}),
    .m_valid (b_valid),
    .m_ready (b_ready),
    .m_data  ({b_xp, b_off, b_nfirst, b_single, b_addr, b_lo, b_hi, b_beats_m1})
);

// W meta FIFO: bursts whose beats are still owed.
wire          meta_in_ready;
wire          meta_valid;
wire [MWX-1:0] meta_data;
// B FIFO: addresses and slots of DRAM bursts awaiting their response.
wire                  bq_in_ready;
wire                  bq_valid;
wire [ADDR_WIDTH-1:0] bq_addr;
wire                  bq_slot;

assign b_ready = !kill_any[cur_reg[0]] && meta_in_ready && (onchip || (bq_in_ready && (!aw_v_reg || m_axi_awready)));

// (registered head: the unpacker's byte geometry starts from flip-flops,
// not from the distributed RAM's read; AW bursts in flight stay bounded by
// the B FIFO)
dma_fifo #(
    .WIDTH      (MWX),
    .DEPTH_LOG2 (OUTSTANDING_LOG2),
    .OUT_REG    (1)
) meta_fifo (
    .clk            (clk),
    .rst            (rst),
    .clear     (1'b0),
    .in_valid  (take_burst),
    .in_ready  (meta_in_ready),
    .in_data   ({b_xp, esize_log2 == 2'd0, b_off, b_nfirst, b_single, b_addr, b_lo, b_hi, b_beats_m1, onchip, psum, cur_reg}),
    .out_valid (meta_valid),
    .out_ready (meta_pop),
    .out_data  (meta_data)
);

dma_fifo #(
    .WIDTH      (ADDR_WIDTH + 1),
    .DEPTH_LOG2 (OUTSTANDING_LOG2)
) b_fifo (
    .clk            (clk),
    .rst            (rst),
    .clear     (1'b0),
    .in_valid  (take_burst && !onchip),
    .in_ready  (bq_in_ready),
    .in_data   ({b_addr, cur_reg[0]}),
    .out_valid (bq_valid),
    .out_ready (b_pop),
    .out_data  ({bq_addr, bq_slot})
);

/* verilator lint_off UNUSEDSIGNAL */ // byte lanes come from lo
wire [ADDR_WIDTH-1:0] h_addr = meta_data[MW-2 -: ADDR_WIDTH];
/* verilator lint_on UNUSEDSIGNAL */
wire [DBL:0]          h_lo   = meta_data[2*(DBL+1)+12 : DBL+14];
wire [DBL:0]          h_hi   = meta_data[DBL+13 : 13];
wire [7:0]            h_bm1  = meta_data[12:5];
wire                  h_onchip = meta_data[4];
wire                  h_psum = meta_data[3];
wire [2:0]            h_seq  = meta_data[2:0];
wire                  dropping = kill_any[h_seq[0]];  // the head burst's job is dead
// The stream word's job against the head burst's (or, with no burst
// queued, the issuing job's): 0 this job, 1..3 a later one (wait), 4..7
// an earlier one (a dead job's leftovers: drop).
wire [2:0]            in_dist  = in_seq - (meta_valid ? h_seq : cur_reg);
wire                  in_use   = in_valid && (in_dist == 3'd0) && !kill_any[in_seq[0]];
wire                  in_drop  = in_valid && (in_dist[2] || ((in_dist == 3'd0) && kill_any[in_seq[0]]));
wire                  h_single = meta_data[MW-1];
wire [DBL:0]          h_nfirst = meta_data[MWF-1 -: DBL+1];
wire                  h_xp     = (XP_PART_LOG2 > 0) && meta_data[MWX-1];  // a transposing write
wire                  h_e8     = meta_data[MWX-2];  // of 8-bit elements
wire [DBL-1:0]        h_off    = meta_data[MWF +: DBL]; // their byte in the beat
wire                  h_first_beat = first_reg;
wire                  h_last_beat  = first_reg ? h_single : lastm_reg;
wire                  nx_last      = (beat_reg + 8'd1 == h_bm1);  // the next beat is the last
// (on-chip only) A burst never crosses its 2^BL-byte block, so the beat
// index is added to the beat-address bits inside the block alone: an
// adder of BL - DBL bits, not of 32 (checked below in simulation)
wire [BL-DBL:0]       h_blk_beat   = {1'b0, h_addr[BL-1:DBL]} + {1'b0, beat_reg[BL-DBL-1:0]};
wire [31:0]           h_beat_addr  = {h_addr[31:BL], h_blk_beat[BL-DBL-1:0], {DBL{1'b0}}};
// W beats (AXI or on-chip) leave through a register slice: the unpacker
// sees its registered ready, never WREADY or the on-chip ready directly.
wire                  w_ready;   // the slice can take a beat (a register)
wire                  sk_valid;
wire [DATA_WIDTH-1:0] sk_data;
wire [DB-1:0]         sk_strb;
wire                  sk_last;
wire [31:0]           sk_addr;
wire [G-1:0]          sk_pmask;
wire                  sk_onchip;
wire                  sk_psum;
wire                  sk_end;
wire                  sk_slot;

dma_skid #(
    .WIDTH (DATA_WIDTH + DB + 1 + 32 + G + 4)
) w_skid (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (w_emit),
    .s_ready (w_ready),
    .s_data  ({w_data, w_strb, w_last, w_addr, w_pmask, h_onchip, h_psum, w_end, h_seq[0]}),
    .m_valid (sk_valid),
    .m_ready (sk_onchip ? m_sb_wr_ready : m_axi_wready),
    .m_data  ({sk_data, sk_strb, sk_last, sk_addr, sk_pmask, sk_onchip, sk_psum, sk_end, sk_slot})
);
wire                  sk_fire = sk_valid && (sk_onchip ? m_sb_wr_ready : m_axi_wready);

// Byte alignment: three rotations (dma_rotl). buf byte s goes to lane
// lo + s, input byte t to lane lo + cnt + t; the rest moves down by n (from
// buf) or by n - cnt (from the input word, when buf runs out).
wire [DBL-1:0]        lo       = h_first_beat ? h_lo[DBL-1:0] : {DBL{1'b0}};
// n = hi - lo, with the first beat's count from the meta entry (computed
// as the burst was queued), so that no subtraction follows the head's
// flags in front of the byte-count compares
wire [DBL:0]          n        = h_first_beat ? h_nfirst : (lastm_reg ? h_hi : DB[DBL:0]);
wire                  from_buf = (cnt_reg >= n);
wire [DBL-1:0]        in_amt   = lo[DBL-1:0] + cnt_reg[DBL-1:0];
wire [DBL-1:0]        rest_amt = from_buf ? -n[DBL-1:0] : cnt_reg[DBL-1:0] - n[DBL-1:0];
wire [DATA_WIDTH-1:0] buf_at_lo;
wire [DATA_WIDTH-1:0] in_at_lo;
wire [DATA_WIDTH-1:0] rest;

dma_rotl #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL)
) rot_buf (
    .in_data  (buf_reg),
    .amt      (lo),
    .out_data (buf_at_lo)
);

dma_rotl #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL)
) rot_in (
    .in_data  (in_data),
    .amt      (in_amt),
    .out_data (in_at_lo)
);

dma_rotl #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL)
) rot_rest (
    .in_data  (from_buf ? buf_reg : in_data),
    .amt      (rest_amt),
    .out_data (rest)
);

assign m_axi_awid    = {ID_WIDTH{1'b0}};
assign m_axi_awaddr  = aw_a_reg;
assign m_axi_awlen   = aw_l_reg;
assign m_axi_awsize  = DBL[2:0];
assign m_axi_awburst = 2'b01;  // INCR
assign m_axi_awvalid = aw_v_reg;
assign m_axi_wdata   = sk_data;
assign m_axi_wstrb   = sk_strb;
assign m_axi_wlast   = sk_last;
assign m_axi_wvalid  = sk_valid && !sk_onchip;
assign m_axi_bready  = 1'b1;

assign m_sb_wr_valid = sk_valid && sk_onchip;
assign m_sb_wr_psum  = sk_psum;
assign m_sb_wr_addr  = sk_addr;
assign m_sb_wr_data  = sk_data;
assign m_sb_wr_strb  = sk_strb;
assign m_sb_wr_pmask = sk_pmask;

// (a burst in the slice is still being issued: the job's pattern inputs
// are held until it has left)
assign issuing   = agen_busy || b_valid;
assign busy      = issuing || aw_v_reg || meta_valid || sk_valid || bq_valid;
assign slot_busy = {(cnt1_reg != {CW{1'b0}}) || inc_reg[1] || (issuing && cur_reg[0]),
                    (cnt0_reg != {CW{1'b0}}) || inc_reg[0] || (issuing && !cur_reg[0])};

always @* begin
    killed_next = killed_now;
    cur_next    = cur_reg;
    cnt0_next   = cnt0_reg;
    cnt1_next   = cnt1_reg;
    bs_next     = bs_reg;
    aw_v_next   = aw_v_reg;
    aw_a_next   = aw_a_reg;
    aw_l_next   = aw_l_reg;
    beat_next   = beat_reg;
    first_next  = first_reg;
    lastm_next  = lastm_reg;
    buf_next    = buf_reg;
    cnt_next    = cnt_reg;
    w_emit      = 1'b0;
    w_data      = {DATA_WIDTH{1'b0}};
    w_strb      = {DB{1'b0}};
    w_last      = h_last_beat;
    w_addr      = h_beat_addr;
    w_pmask     = {G{1'b0}};
    err_valid   = 1'b0;
    err_code    = `DMA_ERR_NONE;
    err_addr    = 64'd0;
    err_slot    = bq_slot;
    meta_pop    = 1'b0;
    b_pop       = 1'b0;
    in_ready    = 1'b0;

    take_burst = b_valid && b_ready;

    // address channel
    if (m_axi_awready) begin
        aw_v_next = 1'b0;
    end
    if (take_burst && !onchip) begin
        aw_v_next = 1'b1;
        aw_a_next = b_addr;
        aw_l_next = b_beats_m1;
    end

    // W beats: take n = hi - lo bytes from the stream, place them at lo.
    // Lane l in [lo, hi) gets stream byte l - lo: from buf below cnt, else
    // from the input word.
    // (the sum of two registers beside in_use, not behind it)
    sum    = {1'b0, cnt_reg} + {1'b0, in_nbytes};
    enough = from_buf || (in_use && (sum >= {1'b0, n}));
    // The lane masks are shifts of constants by register fields
    // (multiplexers), not compares of lane numbers with lo, hi and
    // lo + cnt (carry chains, one behind an adder); the beat-position
    // flags pick at the end (lo is h_lo on a first beat, else 0; hi is
    // h_hi on a last beat, else DB). strb: lanes [lo, hi); lane_buf:
    // [lo, lo + cnt) inside the beat (the lanes below lo, which a
    // rotation would wrap into, are outside strb anyway).
    in_buf   = ~({DB{1'b1}} << cnt_reg);
    strb     = (h_first_beat ? {DB{1'b1}} << h_lo : {DB{1'b1}}) &
               (h_last_beat ? ~({DB{1'b1}} << h_hi) : {DB{1'b1}});
    lane_buf = h_first_beat ? in_buf << h_lo : in_buf;
    for (i = 0; i < DB; i = i + 1) begin
        if (!strb[i]) begin
            beat[8*i +: 8] = 8'd0;
        end else if (lane_buf[i]) begin
            beat[8*i +: 8] = buf_at_lo[8*i +: 8];
        end else begin
            beat[8*i +: 8] = in_at_lo[8*i +: 8];
        end
    end

    // A transposing write: the beat holds element i at lanes esize * i
    // (placed there as for any beat: lo = first slot * esize). Slot i
    // (bytes 2i, 2i+1) gets element i; an 8-bit one goes into both
    // bytes, so that the core can take a partition's element at any byte
    // of its slot. The strobes are the element's bytes in a partition.
    for (i = 0; i < DB; i = i + 1) begin
        lane = i[DBL-1:0];
        x_data[8*i +: 8] = beat[8*(i/2) +: 8];
        x_strb[i] = (lane[DBL-1:1] == h_off[DBL-1:1]) && (!h_e8 || (lane[0] == h_off[0]));
    end
    for (i = 0; i < G; i = i + 1) begin
        x_pmask[i] = h_e8 ? strb[i] : strb[2*i];
    end

    // The beat's payload does not wait for `enough`: the W slice keeps a
    // payload only with w_emit (its data registers load whenever it is
    // ready; its valid flags say whether they hold a beat), so the byte
    // counts reach only w_emit and the handshake. A dead job's owed beats
    // are zeros, no byte written; with no head the payload is zero too.
    live = meta_valid && !dropping;
    if (live) begin
        w_data  = (h_xp && h_e8) ? x_data : beat;  // (2-byte elements: the beat itself)
        w_strb  = h_xp ? x_strb : strb;
        w_pmask = h_xp ? x_pmask : {G{1'b0}};
    end
    // (a dead job's on-chip beats are skipped, not emitted)
    w_end = h_onchip && h_last_beat;

    // bytes left in buf by a job that died: dropped
    if (kill_any[bs_reg]) begin
        cnt_next = {(DBL+1){1'b0}};
    end

    if (meta_valid && w_ready) begin
        if (dropping) begin
            // owed beats of issued bursts: no byte written (DRAM); on-chip
            // beats are not owed to anyone and are skipped
            w_emit = !h_onchip;
            if (h_last_beat) begin
                beat_next  = 8'd0;
                first_next = 1'b1;
                lastm_next = 1'b0;
                meta_pop   = 1'b1;
            end else begin
                beat_next  = beat_reg + 8'd1;
                first_next = 1'b0;
                lastm_next = nx_last;
            end
        end else if (enough) begin
            w_emit = 1'b1;
            // what is left: the rest of buf, or of the input word, moved
            // down to lane 0 (bytes at and above the new cnt are stale)
            buf_next = rest;
            if (from_buf) begin
                cnt_next = cnt_reg - n;
            end else begin
                in_ready = 1'b1;
                cnt_next = sum[DBL:0] - n;     // in_use here
                bs_next  = in_seq[0];
            end
            if (h_last_beat) begin
                beat_next  = 8'd0;
                first_next = 1'b1;
                lastm_next = 1'b0;
                meta_pop   = 1'b1;
            end else begin
                beat_next  = beat_reg + 8'd1;
                first_next = 1'b0;
                lastm_next = nx_last;
            end
        end
    end
    if (in_drop) begin
        in_ready = 1'b1;  // a dead job's word
    end

    // write responses
    if (m_axi_bvalid && bq_valid) begin
        b_pop = 1'b1;
        if (m_axi_bresp[1] && !kill_any[bq_slot]) begin
            // this job, and a later job of the same queue, are dead
            killed_next[bq_slot] = 1'b1;
            if (chain[~bq_slot]) begin
                killed_next[~bq_slot] = 1'b1;
            end
            err_valid   = 1'b1;
            err_code    = m_axi_bresp[0] ? `DMA_ERR_WR_DECERR : `DMA_ERR_WR_SLVERR;
            err_addr    = {{(64-ADDR_WIDTH){1'b0}}, bq_addr};
        end
    end

    // bursts per slot: issued .. answered (DRAM) or written (on-chip), or
    // a dead job's on-chip burst whose last beat was skipped. Each counter
    // adds one step decoded from the four one-bit events (cnt_step), one
    // carry chain; summing the ends with adders first and then picking
    // between two sums by the issue put three chains behind the B FIFO's
    // valid.
    // (a skipped burst's end is written out from the head's flags: it is
    // meta_pop in the dropping branch, which does not wait for the byte
    // counts)
    skip_end = meta_valid && w_ready && dropping && h_last_beat && h_onchip;
    // An issue is counted a cycle late, from inc_reg (slot_busy holds the
    // slot busy meanwhile), so that the burst handshake ends in one
    // flip-flop and not in the counters' carry chains (the board DMA's
    // critical path at one seed). No end precedes it: a burst's earliest
    // end, a dead job's skipped on-chip burst, comes a cycle after its
    // issue, when its step takes both.
    cnt0_next = cnt0_reg + cnt_step(inc_reg[0], b_pop && !bq_slot,
                                    sk_fire && sk_end && !sk_slot, skip_end && !h_seq[0]);
    cnt1_next = cnt1_reg + cnt_step(inc_reg[1], b_pop && bq_slot,
                                    sk_fire && sk_end && sk_slot, skip_end && h_seq[0]);

    if (start) begin
        cur_next = start_seq;
    end
end

always @(posedge clk) begin
    if (rst) begin
        killed_reg <= 2'b00;
        kclr_reg   <= 2'b00;
        inc_reg    <= 2'b00;
        cur_reg    <= 3'd0;
        cnt0_reg   <= {CW{1'b0}};
        cnt1_reg   <= {CW{1'b0}};
        bs_reg     <= 1'b0;
        aw_v_reg   <= 1'b0;
        beat_reg   <= 8'd0;
        first_reg  <= 1'b1;
        lastm_reg  <= 1'b0;
        cnt_reg    <= {(DBL+1){1'b0}};
    end else begin
        killed_reg <= killed_next;
        kclr_reg   <= start ? (start_seq[0] ? 2'b10 : 2'b01) : 2'b00;
        inc_reg    <= {take_burst && cur_reg[0], take_burst && !cur_reg[0]};
        cur_reg    <= cur_next;
        cnt0_reg   <= cnt0_next;
        cnt1_reg   <= cnt1_next;
        bs_reg     <= bs_next;
        aw_v_reg   <= aw_v_next;
        beat_reg   <= beat_next;
        first_reg  <= first_next;
        lastm_reg  <= lastm_next;
        cnt_reg    <= cnt_next;
    end
    aw_a_reg <= aw_a_next;
    aw_l_reg <= aw_l_next;
    buf_reg  <= buf_next;
end

`ifndef SYNTHESIS
`ifndef FORMAL
// The on-chip beat address is the block's upper bits and the beat's place
// in the block: that needs the burst to end inside its block (simulation
// only; dma_agen's proofs cover its bursts).
always @(posedge clk) begin
    if (!rst && meta_valid && h_onchip && !dropping &&
        (h_blk_beat[BL-DBL] || ({1'b0, beat_reg} >> (BL - DBL)) != 9'd0)) begin
        $error("dma_wr: an on-chip burst crosses its %0d-byte block (instance %m)", 1 << BL);
    end
end
`endif
`endif

endmodule

`resetall
