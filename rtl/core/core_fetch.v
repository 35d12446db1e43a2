`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_fetch: instruction fetch of the three rings (docs/core.md
 * sections 4 and 11). Engines ask for their slot at HEAD (req); one is
 * picked per cycle, round robin (pick, one-hot), and its ring is checked
 * the next cycle against the FETCH rules: BASE 128-byte aligned, SIZE a
 * power of two 1..65536, TAIL < SIZE, the 128 bytes inside the DRAM
 * window. A legal slot becomes one AXI4 read burst of 128 bytes (the top
 * adds ARID 1, ARLEN, ARSIZE, INCR); an illegal one is reported at once.
 * Up to three bursts (one per engine) are outstanding; their beats come
 * back in order into a staging register, which is copied into the engine's
 * instruction register in the done cycle (the check reads the staging
 * register then, so it needs no selection among the engines).
 *
 * Completion: fdone_valid for one cycle with the engine (one-hot) and
 * fdone_err (ring rule broken, or an R beat answered SLVERR/DECERR); the
 * instruction is in `stage` in that cycle, and in insn[1024*e +: 1024]
 * from the next cycle until the engine's next fetch. Latency: pick, check, AR (registered), the memory's
 * latency, 128*8/DATA_WIDTH beats, done in the cycle after the last beat.
 *
 * hold stops new picks (soft reset); busy: a fetch picked and not done.
 */
module core_fetch #(
    parameter DATA_WIDTH = 128, // AXI data bits (64, 128, 256)
    parameter ADDR_WIDTH = 32   // AXI address bits
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [2:0]             req,
    output wire [2:0]             pick,
    input  wire                   hold,
    output wire                   busy,
    input  wire [3*64-1:0]        q_base,
    input  wire [3*17-1:0]        q_size,
    input  wire [3*16-1:0]        q_tail,
    input  wire [3*16-1:0]        q_head,
    input  wire [63:0]            win_base,
    input  wire [63:0]            win_limit,
    output wire                   f_arvalid,
    input  wire                   f_arready,
    output wire [ADDR_WIDTH-1:0]  f_araddr,
    input  wire                   f_rvalid,
    input  wire [DATA_WIDTH-1:0]  f_rdata,
    /* verilator lint_off UNUSEDSIGNAL */ // RRESP[1] set is SLVERR or DECERR; beats are counted (RLAST only checked)
    input  wire [1:0]             f_rresp,
    input  wire                   f_rlast,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                   fdone_valid,
    output wire [2:0]             fdone_eng,
    output wire                   fdone_err,
    output wire [3*1024-1:0]      insn,
    output wire [1023:0]          stage      // the instruction of fdone, in the fdone cycle only
);

localparam BEATS = 1024 / DATA_WIDTH;
localparam BL    = $clog2(BEATS);

integer e, we, wb;   // loop variables: pick (comb), beat writes (clocked)

reg  [2:0]         rr_reg, rr_next;          // one-hot: first engine to consider
reg  [2:0]         pick_w;
reg                selv_reg, selv_next;      // stage B holds a picked engine
reg  [2:0]         sel_reg, sel_next;
reg  [63:0]        pc_reg, pc_next;
reg                pre_ok_reg, pre_ok_next;  // ring registers legal
reg                arvalid_reg, arvalid_next;
reg  [ADDR_WIDTH-1:0] araddr_reg, araddr_next;
reg  [BL-1:0]      beat_reg, beat_next;
reg                rerr_reg, rerr_next;
reg                done_w, done_err_w;
reg  [2:0]         done_eng_w;
reg                push_w;
reg                rdone_w;        // the last beat of a burst
reg  [3*1024-1:0]  insn_reg;
reg  [1023:0]      stage_reg;   // beats in arrival order; copied to the engine at done
// done one cycle after the last beat, when that beat is in insn_reg
reg                done_valid_reg, done_err_reg;
reg  [2:0]         done_eng_reg;

wire               ord_ready, ord_valid;
wire [2:0]         ord_eng;

assign pick        = pick_w;
assign f_arvalid   = arvalid_reg;
assign f_araddr    = araddr_reg;
assign fdone_valid = done_valid_reg;
assign fdone_eng   = done_eng_reg;
assign fdone_err   = done_err_reg;
assign insn        = insn_reg;
assign stage       = stage_reg;
assign busy        = selv_reg || arvalid_reg || ord_valid || done_valid_reg;

// engines of the bursts in flight, in AR order
dma_fifo #(
    .WIDTH      (3),
    .DEPTH_LOG2 (2)
) order (
    .clk       (clk),
    .rst       (rst),
    .clear     (1'b0),
    .in_valid  (push_w),
    .in_ready  (ord_ready),
    .in_data   (sel_reg),
    .out_valid (ord_valid),
    .out_ready (rdone_w),
    .out_data  (ord_eng)
);

// the picked ring, selected one-hot
reg [63:0] m_base;
reg [16:0] m_size;
reg [15:0] m_tail, m_head;
reg [2:0]  cand;
always @* begin
    // round robin: the first requester at or after rr_reg
    cand   = 3'd0;
    pick_w = 3'd0;
    if (!hold && !selv_reg) begin
        if (rr_reg[0]) begin
            cand = req;
        end else if (rr_reg[1]) begin
            cand = req & 3'b110;
        end else begin
            cand = req & 3'b100;
        end
        if (cand == 3'd0) begin
            cand = req;
        end
        if (cand[0]) begin
            pick_w = 3'b001;
        end else if (cand[1]) begin
            pick_w = 3'b010;
        end else if (cand[2]) begin
            pick_w = 3'b100;
        end
    end
    m_base = 64'd0;
    m_size = 17'd0;
    m_tail = 16'd0;
    m_head = 16'd0;
    for (e = 0; e < 3; e = e + 1) begin
        if (pick_w[e]) begin
            m_base = q_base[64*e +: 64];
            m_size = q_size[17*e +: 17];
            m_tail = q_tail[16*e +: 16];
            m_head = q_head[16*e +: 16];
        end
    end
end

wire [64:0] last = {1'b0, pc_reg} + 65'd127;
wire        legal = pre_ok_reg && !last[64] && (pc_reg >= win_base) && (last[63:0] <= win_limit);

always @* begin
    rr_next      = rr_reg;
    selv_next    = selv_reg;
    sel_next     = sel_reg;
    pc_next      = pc_reg;
    pre_ok_next  = pre_ok_reg;
    arvalid_next = arvalid_reg && !f_arready;
    araddr_next  = araddr_reg;
    beat_next    = beat_reg;
    rerr_next    = rerr_reg;
    done_w       = 1'b0;
    done_err_w   = 1'b0;
    done_eng_w   = 3'd0;
    push_w       = 1'b0;
    rdone_w      = 1'b0;

    // R beats: the last one completes the engine at the head of the order
    if (f_rvalid) begin
        beat_next = beat_reg + 1'b1;
        rerr_next = rerr_reg || f_rresp[1];
        if (beat_reg == BEATS[BL-1:0] - 1'b1) begin
            done_w     = 1'b1;
            rdone_w    = 1'b1;
            done_eng_w = ord_eng;
            done_err_w = rerr_reg || f_rresp[1];
            beat_next  = {BL{1'b0}};
            rerr_next  = 1'b0;
        end
    end

    // stage B: the ring check, then the burst or the error
    if (selv_reg) begin
        if (!legal) begin
            if (!done_w) begin
                done_w     = 1'b1;
                done_eng_w = sel_reg;
                done_err_w = 1'b1;
                selv_next  = 1'b0;
            end
        end else if (!arvalid_reg && ord_ready) begin
            arvalid_next = 1'b1;
            araddr_next  = pc_reg[ADDR_WIDTH-1:0];
            push_w       = 1'b1;
            selv_next    = 1'b0;
        end
    end

    // stage A: pick (pick_w is only set while stage B is empty)
    if (pick_w != 3'd0) begin
        selv_next   = 1'b1;
        sel_next    = pick_w;
        rr_next     = {pick_w[1:0], pick_w[2]};
        pc_next     = m_base + {41'd0, m_head, 7'd0};
        pre_ok_next = (m_base[6:0] == 7'd0) && (m_size != 17'd0) &&
                      ((m_size & (m_size - 17'd1)) == 17'd0) && ({1'b0, m_tail} < m_size);
    end
end

always @(posedge clk) begin
    if (rst) begin
        rr_reg      <= 3'b001;
        selv_reg    <= 1'b0;
        done_valid_reg <= 1'b0;
        arvalid_reg <= 1'b0;
        beat_reg    <= {BL{1'b0}};
        rerr_reg    <= 1'b0;
    end else begin
        rr_reg      <= rr_next;
        selv_reg    <= selv_next;
        done_valid_reg <= done_w;
        arvalid_reg <= arvalid_next;
        beat_reg    <= beat_next;
        rerr_reg    <= rerr_next;
    end
end

always @(posedge clk) begin
    sel_reg    <= sel_next;
    done_eng_reg <= done_eng_w;
    done_err_reg <= done_err_w;
    pc_reg     <= pc_next;
    pre_ok_reg <= pre_ok_next;
    araddr_reg <= araddr_next;
    // beat b of a burst into the staging register; the whole slot to its
    // engine in the done cycle (the next burst's first beat lands after it)
    for (wb = 0; wb < BEATS; wb = wb + 1) begin
        if (f_rvalid && (beat_reg == wb[BL-1:0])) begin
            stage_reg[DATA_WIDTH*wb +: DATA_WIDTH] <= f_rdata;
        end
    end
    for (we = 0; we < 3; we = we + 1) begin
        if (done_valid_reg && done_eng_reg[we]) begin
            insn_reg[1024*we +: 1024] <= stage_reg;
        end
    end
end

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst) begin
        if (f_rvalid && !ord_valid) begin
            $error("core_fetch: an R beat with no fetch outstanding (instance %m)");
        end
        if (f_rvalid && (f_rlast != (beat_reg == BEATS[BL-1:0] - 1'b1))) begin
            $error("core_fetch: RLAST not on beat %0d of the burst (instance %m)", BEATS - 1);
        end
    end
end
`endif

endmodule

`resetall
