`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_rd: the read side of the DMA. Walks each job's source pattern
 * (dma_agen), reads it from DRAM (AXI4 AR/R, up to 2^OUTSTANDING_LOG2 + 1 bursts
 * in flight) or from SBUF/PSUM (one request per beat on the on-chip read
 * port), and packs the wanted bytes into a dense byte stream (dma_pack) in
 * pattern order, every word tagged with its job's sequence number.
 *
 * Jobs overlap: `start` (one cycle, while `issuing` is low) begins the next
 * job (sequence number start_seq, slot start_seq[0]) while the beats of
 * earlier jobs are still arriving; `issuing` is high while the job's bursts
 * are being generated. Per slot, slot_busy stays high until every burst of
 * that job is issued and every beat received. A job whose slot is killed
 * (kill[s], or locally from the cycle after its first error beat) issues no
 * more bursts and its beats are taken and dropped. The engine starts a job
 * from the other space (DRAM vs on-chip) only when `busy` is low.
 * The first RRESP of SLVERR/DECERR of a live job raises err_valid for one
 * cycle with the code, the beat's address and err_slot; with chain[other]
 * (the other slot holds a later job of the same queue) that job is killed
 * in the same cycle.
 *
 * AXI: INCR bursts, ARSIZE = full width, ARID 0, never crossing 4 KiB,
 * at most 256 beats; ARVALID is held with stable payload until ARREADY.
 * R beats (and on-chip responses) enter through a register slice
 * (dma_skid): RREADY is a flip-flop output. The generator's bursts reach
 * the request registers through a fall-through buffer (dma_bypass), so
 * ARREADY and the meta FIFO's state do not reach the walk.
 */
module dma_rd #(
    parameter DATA_WIDTH       = 128, // AXI / on-chip data bits
    parameter ADDR_WIDTH       = 32,  // AXI address bits (>= 32)
    parameter ID_WIDTH         = 4,   // AXI ID bits (ID 0 is used)
    parameter OUTSTANDING_LOG2 = 3    // log2 of bursts in flight
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
    // source pattern of the job being started (stable while issuing)
    input  wire                    onchip,     // 0: DRAM, 1: SBUF/PSUM
    input  wire                    psum,       // on-chip space is PSUM
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
    // dense byte stream out
    output wire                    out_valid,
    input  wire                    out_ready,
    output wire [DATA_WIDTH-1:0]   out_data,
    output wire [$clog2(DATA_WIDTH/8):0] out_nbytes,
    output wire                    out_last,
    output wire [2:0]              out_seq,
    output wire                    pack_busy,
    // AXI4 read channels
    output wire [ID_WIDTH-1:0]     m_axi_arid,
    output wire [ADDR_WIDTH-1:0]   m_axi_araddr,
    output wire [7:0]              m_axi_arlen,
    output wire [2:0]              m_axi_arsize,
    output wire [1:0]              m_axi_arburst,
    output wire                    m_axi_arvalid,
    input  wire                    m_axi_arready,
    input  wire [DATA_WIDTH-1:0]   m_axi_rdata,
    input  wire [1:0]              m_axi_rresp,
    input  wire                    m_axi_rvalid,
    output wire                    m_axi_rready,
    // on-chip read port (SBUF/PSUM): one aligned beat per request, in order
    output wire                    m_sb_rd_req_valid,
    input  wire                    m_sb_rd_req_ready,
    output wire                    m_sb_rd_req_psum,
    output wire [31:0]             m_sb_rd_req_addr,
    input  wire                    m_sb_rd_rsp_valid,
    output wire                    m_sb_rd_rsp_ready,
    input  wire [DATA_WIDTH-1:0]   m_sb_rd_rsp_data
);

`include "dma_defs.vh"

localparam DB   = DATA_WIDTH / 8;
localparam DBL  = $clog2(DB);
localparam MW   = 1 + ADDR_WIDTH + 3 * (DBL + 1) + 8 + 1 + 3; // meta entry width
localparam CW   = OUTSTANDING_LOG2 + 1;                  // burst counter bits

// ------------------------------------------------------------- registers
reg  [1:0]           killed_reg,  killed_next;   // per slot: an error beat was seen
reg  [2:0]           cur_reg,     cur_next;      // sequence number of the issuing job
reg                  kind_reg,    kind_next;     // on-chip source (responses come from there)
reg  [CW-1:0]        cnt0_reg,    cnt0_next;     // bursts of slot 0 with beats to come
reg  [CW-1:0]        cnt1_reg,    cnt1_next;
reg                  pkl_reg,     pkl_next;      // the packer holds a partial job
reg                  pks_reg,     pks_next;      // ... of this slot
reg                  oc_p_reg,    oc_p_next;     // on-chip request: PSUM
// A job's start clears its slot's killed flag (left from the slot's
// last job) one cycle later, through kclr_reg: the engine's launch
// decision then ends in one flip-flop, not in the flags' logic. In that
// cycle the flag is masked, and so is `kill` (the engine clears its own
// flag a cycle after the launch too), so kill_any is as if both had been
// cleared at the start (nothing of the new job is in flight before then).
reg  [1:0]           kclr_reg;
// Per slot, its job's bursts are being generated: `issuing` of the cycle
// before, set by the start. slot_busy is then flip-flops alone, not the
// generator's flags through b_hold into the engine's retire and error
// report (docs/fpga.md section 2). In the cycle after the last burst
// left, iss_reg is still high, and that burst is counted in cnt0/cnt1
// anyway; a killed job's flag drops with `issuing` (the generator stops
// at once), so slot_busy is the same in every cycle (formal/dma_rd.vh
// proves it).
reg  [1:0]           iss_reg;
wire [1:0]           killed_now = killed_reg & ~kclr_reg;
wire [1:0]           kill_any = (kill | killed_reg) & ~kclr_reg;
// A job killed in the middle of its stream leaves a partial word in the
// packer: it is dropped, so the next job's bytes start a new word.
wire                 pk_drop  = pkl_reg && kill_any[pks_reg];
reg                  ar_v_reg,    ar_v_next;
reg [ADDR_WIDTH-1:0] ar_a_reg,    ar_a_next;
reg [7:0]            ar_l_reg,    ar_l_next;
reg                  oc_v_reg,    oc_v_next;     // on-chip request in progress
reg [31:0]           oc_a_reg,    oc_a_next;
reg [7:0]            oc_left_reg, oc_left_next;  // beats after the current one
reg [7:0]            beat_reg,    beat_next;     // beat index in the head burst
// beat position flags beside beat_reg (as in dma_wr): first = (beat == 0);
// lastm = (beat == beats-1) for beat > 0; beat 0 uses the entry's own
// one-beat flag
reg                  first_reg,   first_next;
reg                  lastm_reg,   lastm_next;

// ---------------------------------------------------------------- bursts
// The generator's bursts (g_*) reach the meta FIFO and the request
// registers (b_*) through a fall-through buffer (dma_bypass), so that the
// generator's walk enables wait for its registered ready alone, not for
// ARREADY, the FIFO and the kill flags (as in dma_wr; docs/dma.md
// section 8). Bursts keep their cycles.
wire                  g_valid;
wire                  g_ready;
wire [ADDR_WIDTH-1:0] g_addr;
wire [DBL:0]          g_lo;          // first byte lane of the first beat
wire [DBL:0]          g_hi;          // one past the last lane of the last beat
wire [7:0]            g_beats_m1;
wire                  g_single;      // one beat
wire [DBL:0]          g_n1;          // bytes of the first beat
wire                  g_last;
/* verilator lint_off UNUSEDSIGNAL */ // the read side never transposes
wire                  g_xp;
wire [DBL-1:0]        g_off;
/* verilator lint_on UNUSEDSIGNAL */
wire                  agen_busy;

dma_agen #(
    .ADDR_WIDTH    (ADDR_WIDTH),
    .BEAT_LOG2     (DBL)
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
    .xpose_ok       (1'b0),
    .busy           (agen_busy),
    .burst_valid    (g_valid),
    .burst_ready    (g_ready),
    .burst_addr     (g_addr),
    .burst_lo       (g_lo),
    .burst_hi       (g_hi),
    .burst_beats_m1 (g_beats_m1),
    .burst_single   (g_single),
    .burst_nfirst   (g_n1),
    .burst_last     (g_last),
    .burst_xp       (g_xp),
    .burst_off      (g_off)
);

// (the first beat's byte count comes with the burst, so that the
// packer's byte count for a beat is a choice of entry fields, first beat,
// middle or last, not a subtraction behind the beat flags: that carry
// chain fed `total` in the packer and every lane of its registers)
wire                  b_valid;
wire                  b_ready;
wire [ADDR_WIDTH-1:0] b_addr;
wire [DBL:0]          b_lo;
wire [DBL:0]          b_hi;
wire [7:0]            b_beats_m1;
wire                  b_last;
wire                  b_single;
wire [DBL:0]          b_n1;

// (a killed job's burst is dropped here as in the generator: `clear` is
// the generator's `stop`, and b_ready is low with it)
dma_bypass #(
    .WIDTH (ADDR_WIDTH + 3 * (DBL + 1) + 8 + 2)
) b_hold (
    .clk     (clk),
    .rst     (rst),
    .clear   (kill_any[cur_reg[0]]),
    .s_valid (g_valid),
    .s_ready (g_ready),
    .s_data  ({g_single, g_n1, g_addr, g_lo, g_hi, g_beats_m1, g_last}),
    .m_valid (b_valid),
    .m_ready (b_ready),
    .m_data  ({b_single, b_n1, b_addr, b_lo, b_hi, b_beats_m1, b_last})
);

// ------------------------------------------------------- meta FIFO (bursts
// issued, data not yet all received): entry {one beat, addr, first beat's
// byte count, lo, hi, beats-1, last, seq}
wire          meta_in_ready;
wire          meta_valid;
wire [MW-1:0] meta_data;
reg           meta_pop;

reg                  take_burst;
reg                  rsp_fire;
reg                  push_beat;

wire                 m_onchip = kind_reg;
wire                 h_single = meta_data[MW-1];
wire [ADDR_WIDTH-1:0] h_addr  = meta_data[MW-2 -: ADDR_WIDTH];
wire [DBL:0]         h_n1     = meta_data[3*(DBL+1)+11 : 2*(DBL+1)+12];
wire [DBL:0]         h_lo     = meta_data[2*(DBL+1)+11 : DBL+1+12];
wire [DBL:0]         h_hi     = meta_data[DBL+12 : 12];
wire [7:0]           h_bm1    = meta_data[11:4];
wire                 h_last   = meta_data[3];
wire [2:0]           h_seq    = meta_data[2:0];
wire                 h_first_beat = first_reg;
wire                 h_last_beat  = first_reg ? h_single : lastm_reg;
wire                 nx_last      = (beat_reg + 8'd1 == h_bm1);  // the next beat is the last
wire [ADDR_WIDTH-1:0] h_beat_addr = h_first_beat ? h_addr :
    ({h_addr[ADDR_WIDTH-1:DBL], {DBL{1'b0}}} + ({{(ADDR_WIDTH-8){1'b0}}, beat_reg} << DBL));

// Responses (AXI R or on-chip) pass a register slice first: RREADY and the
// on-chip response ready are flip-flop outputs, not functions of any input.
wire                  sk_s_valid = m_onchip ? m_sb_rd_rsp_valid : m_axi_rvalid;
wire                  sk_s_ready;
wire                  rsp_valid;
wire [DATA_WIDTH-1:0] rsp_data;
wire [1:0]            rsp_resp;
wire                  rsp_ready;

dma_skid #(
    .WIDTH (DATA_WIDTH + 2)
) rsp_skid (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (sk_s_valid),
    .s_ready (sk_s_ready),
    .s_data  ({(m_onchip ? 2'b00 : m_axi_rresp), (m_onchip ? m_sb_rd_rsp_data : m_axi_rdata)}),
    .m_valid (rsp_valid),
    .m_ready (meta_valid && rsp_ready),
    .m_data  ({rsp_resp, rsp_data})
);

wire                 rsp_err   = rsp_resp[1];
wire                 dropping  = kill_any[h_seq[0]];   // the head burst's job is dead

wire                 pack_in_ready;
// (no beat enters the packer in the cycle it drops a partial word)
assign               rsp_ready = dropping || rsp_err || (pack_in_ready && !pk_drop);

assign b_ready = !kill_any[cur_reg[0]] && meta_in_ready &&
                 (m_onchip ? !oc_v_reg : (!ar_v_reg || m_axi_arready));

// (registered head: the response side's beat geometry starts from
// flip-flops; it also holds a burst in flight, so 2^OUTSTANDING_LOG2 + 1
// read bursts can be outstanding)
dma_fifo #(
    .WIDTH      (MW),
    .DEPTH_LOG2 (OUTSTANDING_LOG2),
    .OUT_REG    (1)
) meta_fifo (
    .clk            (clk),
    .rst            (rst),
    .clear     (1'b0),
    .in_valid  (take_burst),
    .in_ready  (meta_in_ready),
    .in_data   ({b_single, b_addr, b_n1, b_lo, b_hi, b_beats_m1, b_last, cur_reg}),
    .out_valid (meta_valid),
    .out_ready (meta_pop),
    .out_data  (meta_data)
);

dma_pack #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL),
    .TAG_WIDTH  (3)
) pack (
    .clk            (clk),
    .rst            (rst),
    .clear      (1'b0),
    .drop       (pk_drop),
    .in_valid   (push_beat),
    .in_ready   (pack_in_ready),
    .in_data    (rsp_data),
    .in_lo      (h_first_beat ? h_lo : {(DBL+1){1'b0}}),
    .in_n       (first_reg ? h_n1 : (lastm_reg ? h_hi : DB[DBL:0])),
    .in_last    (h_last && h_last_beat),
    .in_tag     (h_seq),
    .out_valid  (out_valid),
    .out_ready  (out_ready),
    .out_data   (out_data),
    .out_nbytes (out_nbytes),
    .out_last   (out_last),
    .out_tag    (out_seq),
    .busy       (pack_busy)
);

assign m_axi_arid    = {ID_WIDTH{1'b0}};
assign m_axi_araddr  = ar_a_reg;
assign m_axi_arlen   = ar_l_reg;
assign m_axi_arsize  = DBL[2:0];
assign m_axi_arburst = 2'b01;  // INCR
assign m_axi_arvalid = ar_v_reg;
assign m_axi_rready  = !m_onchip && sk_s_ready;

assign m_sb_rd_req_valid = oc_v_reg;
assign m_sb_rd_req_psum  = oc_p_reg;
assign m_sb_rd_req_addr  = oc_a_reg;
assign m_sb_rd_rsp_ready = m_onchip && sk_s_ready;

// (a burst held in b_hold is still being issued: the job's pattern
// inputs are held until it has left)
assign issuing   = agen_busy || b_valid;
assign busy      = issuing || ar_v_reg || oc_v_reg || meta_valid;
assign slot_busy = {(cnt1_reg != {CW{1'b0}}) || iss_reg[1],
                    (cnt0_reg != {CW{1'b0}}) || iss_reg[0]};

always @* begin
    killed_next  = killed_now;
    cur_next     = cur_reg;
    kind_next    = kind_reg;
    cnt0_next    = cnt0_reg;
    cnt1_next    = cnt1_reg;
    pkl_next     = pkl_reg;
    pks_next     = pks_reg;
    oc_p_next    = oc_p_reg;
    ar_v_next    = ar_v_reg;
    ar_a_next    = ar_a_reg;
    ar_l_next    = ar_l_reg;
    oc_v_next    = oc_v_reg;
    oc_a_next    = oc_a_reg;
    oc_left_next = oc_left_reg;
    beat_next    = beat_reg;
    first_next   = first_reg;
    lastm_next   = lastm_reg;
    err_valid    = 1'b0;
    err_code     = `DMA_ERR_NONE;
    err_addr     = 64'd0;
    err_slot     = h_seq[0];
    meta_pop     = 1'b0;
    push_beat    = 1'b0;

    take_burst = b_valid && b_ready;
    rsp_fire   = rsp_valid && meta_valid && rsp_ready;

    // address channel (DRAM) / request sequencer (on-chip)
    if (m_axi_arready) begin
        ar_v_next = 1'b0;
    end
    if (oc_v_reg && m_sb_rd_req_ready) begin
        oc_a_next    = oc_a_reg + DB;
        oc_left_next = oc_left_reg - 8'd1;
        if (oc_left_reg == 8'd0) begin
            oc_v_next = 1'b0;
        end
    end
    if (take_burst) begin
        if (m_onchip) begin
            oc_v_next    = 1'b1;
            oc_p_next    = psum;
            oc_a_next    = {b_addr[31:DBL], {DBL{1'b0}}};
            oc_left_next = b_beats_m1;
        end else begin
            ar_v_next = 1'b1;
            ar_a_next = b_addr;
            ar_l_next = b_beats_m1;
        end
    end

    // data channel
    if (rsp_fire) begin
        push_beat = !dropping && !rsp_err;
        if (rsp_err && !dropping) begin
            // this job, and a later job of the same queue, are dead
            killed_next[h_seq[0]] = 1'b1;
            if (chain[~h_seq[0]]) begin
                killed_next[~h_seq[0]] = 1'b1;
            end
            err_valid   = 1'b1;
            err_code    = rsp_resp[0] ? `DMA_ERR_RD_DECERR : `DMA_ERR_RD_SLVERR;
            err_addr    = {{(64-ADDR_WIDTH){1'b0}}, h_beat_addr};
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

    // the packer's partial job (dropped with pk_drop when it dies)
    if (push_beat) begin
        pkl_next = !(h_last && h_last_beat);
        pks_next = h_seq[0];
    end else if (pk_drop) begin
        pkl_next = 1'b0;
    end

    // bursts per slot: issued .. last beat taken
    if (take_burst) begin
        if (cur_reg[0]) cnt1_next = cnt1_next + 1'b1;
        else            cnt0_next = cnt0_next + 1'b1;
    end
    if (meta_pop) begin
        if (h_seq[0]) cnt1_next = cnt1_next - 1'b1;
        else          cnt0_next = cnt0_next - 1'b1;
    end

    if (start) begin
        cur_next  = start_seq;
        kind_next = onchip;
    end
end

always @(posedge clk) begin
    if (rst) begin
        killed_reg  <= 2'b00;
        kclr_reg  <= 2'b00;
        iss_reg     <= 2'b00;
        cur_reg     <= 3'd0;
        kind_reg    <= 1'b0;
        cnt0_reg    <= {CW{1'b0}};
        cnt1_reg    <= {CW{1'b0}};
        pkl_reg     <= 1'b0;
        ar_v_reg    <= 1'b0;
        oc_v_reg    <= 1'b0;
        beat_reg    <= 8'd0;
        first_reg   <= 1'b1;
        lastm_reg   <= 1'b0;
    end else begin
        killed_reg  <= killed_next;
        kclr_reg  <= start ? (start_seq[0] ? 2'b10 : 2'b01) : 2'b00;
        iss_reg     <= start ? (start_seq[0] ? 2'b10 : 2'b01) :
                       (iss_reg & ~kill_any & {2{issuing}});
        cur_reg     <= cur_next;
        kind_reg    <= kind_next;
        cnt0_reg    <= cnt0_next;
        cnt1_reg    <= cnt1_next;
        pkl_reg     <= pkl_next;
        ar_v_reg    <= ar_v_next;
        oc_v_reg    <= oc_v_next;
        beat_reg    <= beat_next;
        first_reg   <= first_next;
        lastm_reg   <= lastm_next;
    end
    pks_reg     <= pks_next;
    oc_p_reg    <= oc_p_next;
    ar_a_reg    <= ar_a_next;
    ar_l_reg    <= ar_l_next;
    oc_a_reg    <= oc_a_next;
    oc_left_reg <= oc_left_next;
end

endmodule

`resetall
