`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "core_mem.vh"

/*
 * core_sbuf: the state buffer (docs/core.md sections 2 and 11). ROWS
 * partitions, each 2^SBUF_PART_LOG2 bytes of DATA_WIDTH-bit words in its
 * own simple dual-port block RAM (one byte-strobed write port, one
 * synchronous read port with a registered output).
 *
 * Write port: requesters DMA (one partition, dma_wr_part; or, with
 * dma_wr_pmask nonzero, a transposing write: partition (dma_wr_part with
 * its low log2(G) bits cleared) + i for each set bit i of dma_wr_pmask,
 * G = DATA_WIDTH/16, each with bytes 2i, 2i+1 of dma_wr_data repeated
 * over its word, the same strobes) and ACT (the partitions of
 * act_wr_mask, each with its own word, the same strobes).
 * One is granted per cycle, round robin when both ask (the one not
 * granted last time wins), so a requester waits at most one cycle. A
 * write taken in cycle t lands at the end of t: a read taken in t + 1
 * sees it. (A read taken in the same cycle as a write to the same word
 * returns undefined data: the requesters never need that.)
 *
 * Read port: requesters DMA, TE and ACT, one granted per cycle, round
 * robin (priority goes to the requesters after the last granted, in the
 * order DMA, TE, ACT), so a requester waits at most two cycles. A read
 * returns word *_rd_addr of every partition on rd_rsp_data, with the
 * requester's *_rd_rsp_valid, exactly CORE_MEM_RL = 2 cycles after it
 * was taken (no back-pressure: a requester asks only when it has room).
 *
 * *_ready depends combinationally on the other requesters' valid of the
 * same cycle (the grant is made in the cycle of the request).
 * Reset clears the arbitration state and the response valids, never the
 * memory.
 */
module core_sbuf #(
    parameter ROWS           = 16,   // partitions
    parameter DATA_WIDTH     = 128,  // word bits (64, 128, 256)
    parameter SBUF_PART_LOG2 = 16,   // log2 bytes per partition
    parameter WA = SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8),  // word address bits
    parameter PW = (ROWS > 1) ? $clog2(ROWS) : 1           // partition number bits
) (
    input  wire                       clk,
    input  wire                       rst,

    input  wire                       dma_wr_valid,
    output wire                       dma_wr_ready,
    input  wire [PW-1:0]              dma_wr_part,
    input  wire [WA-1:0]              dma_wr_addr,
    input  wire [DATA_WIDTH-1:0]      dma_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    dma_wr_strb,
    input  wire [DATA_WIDTH/16-1:0]   dma_wr_pmask,  // nonzero: a transposing write

    input  wire                       act_wr_valid,
    output wire                       act_wr_ready,
    input  wire [ROWS-1:0]            act_wr_mask,
    input  wire [WA-1:0]              act_wr_addr,
    input  wire [ROWS*DATA_WIDTH-1:0] act_wr_data,   // partition p in [DATA_WIDTH*p +: DATA_WIDTH]
    input  wire [DATA_WIDTH/8-1:0]    act_wr_strb,

    input  wire                       dma_rd_valid,
    output wire                       dma_rd_ready,
    input  wire [WA-1:0]              dma_rd_addr,
    output wire                       dma_rd_rsp_valid,

    input  wire                       te_rd_valid,
    output wire                       te_rd_ready,
    input  wire [WA-1:0]              te_rd_addr,
    output wire                       te_rd_rsp_valid,

    input  wire                       act_rd_valid,
    output wire                       act_rd_ready,
    input  wire [WA-1:0]              act_rd_addr,
    output wire                       act_rd_rsp_valid,

    output wire [ROWS*DATA_WIDTH-1:0] rd_rsp_data    // partition p in [DATA_WIDTH*p +: DATA_WIDTH]
);

localparam integer NB    = DATA_WIDTH / 8;   // bytes (strobes) per word
localparam integer DEPTH = 1 << WA;          // words per partition
localparam integer G     = DATA_WIDTH / 16;  // partitions of a transposing DMA write
localparam integer GL    = $clog2(G);

`ifndef SYNTHESIS
initial begin
    if (ROWS < 1 || ROWS > 255 || (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256)
        || WA < 1 || WA != SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8))
        $error("core_sbuf: ROWS 1..255, DATA_WIDTH 64/128/256, WA = SBUF_PART_LOG2 - log2(DATA_WIDTH/8) >= 1 (instance %m)");
end
`endif

generate
    if (ROWS < 1 || ROWS > 255 || (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256)
        || WA < 1 || WA != SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8)) begin : bad_parameter
        core_sbuf_bad_parameter_ROWS_DATA_WIDTH_or_WA bad ();
    end
endgenerate

// ---- simulation only: long random stalls of each port ----------------------
// (core_mem_stall, on with TL_CHECKS and +tl_mem_stall=N: test_core_impolite);
// a port held is left out of its arbitration. Constant 0 in synthesis.
wire hold_dma_wr, hold_act_wr, hold_dma_rd, hold_te_rd, hold_act_rd;
`ifdef SYNTHESIS
assign {hold_dma_wr, hold_act_wr, hold_dma_rd, hold_te_rd, hold_act_rd} = 5'b00000;
`elsif TL_CHECKS
core_mem_stall #(.SALT(1)) stall_dma_wr (.clk (clk), .rst (rst), .hold (hold_dma_wr));
core_mem_stall #(.SALT(2)) stall_act_wr (.clk (clk), .rst (rst), .hold (hold_act_wr));
core_mem_stall #(.SALT(3)) stall_dma_rd (.clk (clk), .rst (rst), .hold (hold_dma_rd));
core_mem_stall #(.SALT(4)) stall_te_rd  (.clk (clk), .rst (rst), .hold (hold_te_rd));
core_mem_stall #(.SALT(5)) stall_act_rd (.clk (clk), .rst (rst), .hold (hold_act_rd));
`else
assign {hold_dma_wr, hold_act_wr, hold_dma_rd, hold_te_rd, hold_act_rd} = 5'b00000;
`endif

// ---- write arbitration: DMA / ACT round robin ------------------------------
reg  wr_last_act_reg;          // the last write granted was ACT's
wire dma_wr_req = dma_wr_valid && !hold_dma_wr;
wire act_wr_req = act_wr_valid && !hold_act_wr;
wire wr_dma = dma_wr_req && (!act_wr_req || wr_last_act_reg);
wire wr_act = act_wr_req && !wr_dma;

assign dma_wr_ready = wr_dma;
assign act_wr_ready = wr_act;

// ---- read arbitration: DMA / TE / ACT round robin --------------------------
// rd_last_reg: the requester granted last (DMA 0, TE 1, ACT 2); the
// requesters after it in circular order come first.
localparam [1:0] RD_DMA = 2'd0, RD_TE = 2'd1, RD_ACT = 2'd2;
reg  [1:0] rd_last_reg;
reg  [2:0] rd_gnt;
wire [2:0] rd_req = {act_rd_valid && !hold_act_rd, te_rd_valid && !hold_te_rd, dma_rd_valid && !hold_dma_rd};

always @* begin
    rd_gnt = 3'b000;
    case (rd_last_reg)
        RD_DMA: // after DMA: TE, ACT, DMA
            if (rd_req[1])      rd_gnt = 3'b010;
            else if (rd_req[2]) rd_gnt = 3'b100;
            else if (rd_req[0]) rd_gnt = 3'b001;
        RD_TE:  // after TE: ACT, DMA, TE
            if (rd_req[2])      rd_gnt = 3'b100;
            else if (rd_req[0]) rd_gnt = 3'b001;
            else if (rd_req[1]) rd_gnt = 3'b010;
        default:        // after ACT: DMA, TE, ACT
            if (rd_req[0])      rd_gnt = 3'b001;
            else if (rd_req[1]) rd_gnt = 3'b010;
            else if (rd_req[2]) rd_gnt = 3'b100;
    endcase
end

assign dma_rd_ready = rd_gnt[0];
assign te_rd_ready  = rd_gnt[1];
assign act_rd_ready = rd_gnt[2];

wire          rd_en   = |rd_gnt;
wire [WA-1:0] rd_addr = ({WA{rd_gnt[0]}} & dma_rd_addr)
                      | ({WA{rd_gnt[1]}} & te_rd_addr)
                      | ({WA{rd_gnt[2]}} & act_rd_addr);

// response valid: the grant, two cycles later
reg [2:0] rsp1_reg, rsp2_reg;

always @(posedge clk) begin
    if (rst) begin
        wr_last_act_reg <= 1'b0;
        rd_last_reg     <= RD_ACT;
        rsp1_reg        <= 3'b000;
        rsp2_reg        <= 3'b000;
    end else begin
        if (wr_dma || wr_act)
            wr_last_act_reg <= wr_act;
        if (rd_en)
            rd_last_reg <= rd_gnt[0] ? RD_DMA : rd_gnt[1] ? RD_TE : RD_ACT;
        rsp1_reg <= rd_gnt;
        rsp2_reg <= rsp1_reg;
    end
end

assign dma_rd_rsp_valid = rsp2_reg[0];
assign te_rd_rsp_valid  = rsp2_reg[1];
assign act_rd_rsp_valid = rsp2_reg[2];

// ---- the partitions ---------------------------------------------------------
wire [WA-1:0] wr_addr = wr_dma ? dma_wr_addr : act_wr_addr;
wire [NB-1:0] wr_strb = wr_dma ? dma_wr_strb : act_wr_strb;
wire          dma_xp  = |dma_wr_pmask;
wire [31:0]   dma_grp = {{(32-PW){1'b0}}, dma_wr_part} >> GL;  // a transposing write's group

genvar p;
generate
    for (p = 0; p < ROWS; p = p + 1) begin : part
        // simple dual-port block RAM; a read and a write of the same word in
        // one cycle never happen with a use of the read data (see above)
        (* no_rw_check *)
        reg [DATA_WIDTH-1:0] mem [0:DEPTH-1];
        reg [DATA_WIDTH-1:0] ram_q_reg;   // RAM output (request + 1)
        reg [DATA_WIDTH-1:0] q_reg;       // registered output (request + 2)

        // a transposing write: slot p mod G of the DMA's word, repeated
        // (wiring: the element's bytes sit at the strobes wherever they are)
        wire [DATA_WIDTH-1:0] xp_wd   = {(NB/2){dma_wr_data[16*(p%G) +: 16]}};
        wire                  sel_dma = wr_dma && (dma_xp ? (dma_grp == (p >> GL)) && dma_wr_pmask[p%G]
                                                          : dma_wr_part == p[PW-1:0]);
        wire                  sel_act = wr_act && act_wr_mask[p];
        wire [NB-1:0]         we      = (sel_dma || sel_act) ? wr_strb : {NB{1'b0}};
        wire [DATA_WIDTH-1:0] wd      = wr_dma ? (dma_xp ? xp_wd : dma_wr_data)
                                               : act_wr_data[DATA_WIDTH*p +: DATA_WIDTH];
        integer b;

        always @(posedge clk) begin
            for (b = 0; b < NB; b = b + 1)
                if (we[b])
                    mem[wr_addr][8*b +: 8] <= wd[8*b +: 8];
            if (rd_en)
                ram_q_reg <= mem[rd_addr];
        end

        always @(posedge clk)
            q_reg <= ram_q_reg;

        assign rd_rsp_data[DATA_WIDTH*p +: DATA_WIDTH] = q_reg;
    end
endgenerate

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && dma_wr_valid && {{(32-PW){1'b0}}, dma_wr_part} >= ROWS)
        $error("core_sbuf: DMA write to partition %0d >= ROWS (instance %m)", dma_wr_part);
end

`ifdef TL_CHECKS
// every request port's handshake and read timing (core_mem_check.v);
// simulation only, in the builds that define TL_CHECKS
core_mem_check #(.NAME("SBUF DMA write"), .AW(WA), .DW(PW + DATA_WIDTH + NB + G)) chk_dma_wr (
    .clk (clk), .rst (rst), .valid (dma_wr_valid), .ready (dma_wr_ready), .addr (dma_wr_addr),
    .data ({dma_wr_part, dma_wr_data, dma_wr_strb, dma_wr_pmask}), .rsp_valid (1'b0));
core_mem_check #(.NAME("SBUF ACT write"), .AW(WA), .DW(ROWS + ROWS*DATA_WIDTH + NB)) chk_act_wr (
    .clk (clk), .rst (rst), .valid (act_wr_valid), .ready (act_wr_ready), .addr (act_wr_addr),
    .data ({act_wr_mask, act_wr_data, act_wr_strb}), .rsp_valid (1'b0));
core_mem_check #(.NAME("SBUF DMA read"), .AW(WA), .READ(1)) chk_dma_rd (
    .clk (clk), .rst (rst), .valid (dma_rd_valid), .ready (dma_rd_ready), .addr (dma_rd_addr),
    .data (1'b0), .rsp_valid (dma_rd_rsp_valid));
core_mem_check #(.NAME("SBUF TE read"), .AW(WA), .READ(1)) chk_te_rd (
    .clk (clk), .rst (rst), .valid (te_rd_valid), .ready (te_rd_ready), .addr (te_rd_addr),
    .data (1'b0), .rsp_valid (te_rd_rsp_valid));
core_mem_check #(.NAME("SBUF ACT read"), .AW(WA), .READ(1)) chk_act_rd (
    .clk (clk), .rst (rst), .valid (act_rd_valid), .ready (act_rd_ready), .addr (act_rd_addr),
    .data (1'b0), .rsp_valid (act_rd_rsp_valid));
`endif
`endif

endmodule

`resetall
