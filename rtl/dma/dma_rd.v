`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_rd: the read side of a DMA job. Walks the source pattern (dma_agen),
 * reads it from DRAM (AXI4 AR/R, up to 2^OUTSTANDING_LOG2 bursts in flight)
 * or from SBUF/PSUM (one request per beat on the on-chip read port), and
 * packs the wanted bytes into a dense byte stream (dma_pack) in pattern
 * order.
 *
 * Handshake: `start` (one cycle) begins a job; `busy` stays high until
 * every burst is issued and every beat received. `abort` stops issuing new
 * bursts and drops every beat still to come (RREADY stays high until the
 * bursts already issued have drained). The first RRESP of SLVERR/DECERR
 * raises err_valid for one cycle with the code and the address of that
 * beat, and drops the rest of the job's data.
 *
 * AXI: INCR bursts, ARSIZE = full width, ARID 0, never crossing 4 KiB,
 * at most 256 beats; ARVALID is held with stable payload until ARREADY.
 * R beats (and on-chip responses) enter through a register slice
 * (dma_skid): RREADY is a flip-flop output.
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
    input  wire                    abort,
    output wire                    busy,
    // source pattern (stable for the whole job)
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
    // dense byte stream out
    output wire                    out_valid,
    input  wire                    out_ready,
    output wire [DATA_WIDTH-1:0]   out_data,
    output wire [$clog2(DATA_WIDTH/8):0] out_nbytes,
    output wire                    out_last,
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
localparam MW   = ADDR_WIDTH + 2 * (DBL + 1) + 8 + 1; // meta entry width

// ------------------------------------------------------------- registers
reg                  killed_reg,  killed_next;   // an error beat was seen
reg                  ar_v_reg,    ar_v_next;
reg [ADDR_WIDTH-1:0] ar_a_reg,    ar_a_next;
reg [7:0]            ar_l_reg,    ar_l_next;
reg                  oc_v_reg,    oc_v_next;     // on-chip request in progress
reg [31:0]           oc_a_reg,    oc_a_next;
reg [7:0]            oc_left_reg, oc_left_next;  // beats after the current one
reg [7:0]            beat_reg,    beat_next;     // beat index in the head burst

// ---------------------------------------------------------------- bursts
wire                  b_valid;
wire                  b_ready;
wire [ADDR_WIDTH-1:0] b_addr;
wire [DBL:0]          b_lo;          // first byte lane of the first beat
wire [DBL:0]          b_hi;          // one past the last lane of the last beat
wire [7:0]            b_beats_m1;
wire                  b_last;
wire                  agen_busy;

dma_agen #(
    .ADDR_WIDTH    (ADDR_WIDTH),
    .BEAT_LOG2     (DBL)
) agen (
    .clk            (clk),
    .rst            (rst),
    .start          (start),
    .stop           (abort || killed_reg),
    .addr           (addr),
    .esize_log2     (esize_log2),
    .count0         (count0),
    .count1         (count1),
    .count2         (count2),
    .stride0        (stride0),
    .stride1        (stride1),
    .stride2        (stride2),
    .busy           (agen_busy),
    .burst_valid    (b_valid),
    .burst_ready    (b_ready),
    .burst_addr     (b_addr),
    .burst_lo       (b_lo),
    .burst_hi       (b_hi),
    .burst_beats_m1 (b_beats_m1),
    .burst_last     (b_last)
);


// ------------------------------------------------------- meta FIFO (bursts
// issued, data not yet all received): entry {addr, lo, hi, beats-1, last}
wire          meta_in_ready;
wire          meta_valid;
wire [MW-1:0] meta_data;
reg           meta_pop;

reg                  take_burst;
reg                  rsp_fire;
reg                  push_beat;

wire                 m_onchip = onchip;
wire [ADDR_WIDTH-1:0] h_addr  = meta_data[MW-1 -: ADDR_WIDTH];
wire [DBL:0]         h_lo     = meta_data[2*(DBL+1)+8 : DBL+1+9];
wire [DBL:0]         h_hi     = meta_data[DBL+9 : 9];
wire [7:0]           h_bm1    = meta_data[8:1];
wire                 h_last   = meta_data[0];
wire                 h_first_beat = (beat_reg == 8'd0);
wire                 h_last_beat  = (beat_reg == h_bm1);
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
wire                 dropping  = abort || killed_reg;

wire                 pack_in_ready;
assign               rsp_ready = dropping || rsp_err || pack_in_ready;

assign b_ready = !dropping && meta_in_ready &&
                 (m_onchip ? !oc_v_reg : (!ar_v_reg || m_axi_arready));

dma_fifo #(
    .WIDTH      (MW),
    .DEPTH_LOG2 (OUTSTANDING_LOG2)
) meta_fifo (
    .clk            (clk),
    .rst            (rst),
    .clear     (1'b0),
    .in_valid  (take_burst),
    .in_ready  (meta_in_ready),
    .in_data   ({b_addr, b_lo, b_hi, b_beats_m1, b_last}),
    .out_valid (meta_valid),
    .out_ready (meta_pop),
    .out_data  (meta_data)
);

dma_pack #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL)
) pack (
    .clk            (clk),
    .rst            (rst),
    .clear      (start || dropping),
    .in_valid   (push_beat),
    .in_ready   (pack_in_ready),
    .in_data    (rsp_data),
    .in_lo      (h_first_beat ? h_lo : {(DBL+1){1'b0}}),
    .in_hi      (h_last_beat ? h_hi : DB[DBL:0]),
    .in_last    (h_last && h_last_beat),
    .out_valid  (out_valid),
    .out_ready  (out_ready),
    .out_data   (out_data),
    .out_nbytes (out_nbytes),
    .out_last   (out_last)
);

assign m_axi_arid    = {ID_WIDTH{1'b0}};
assign m_axi_araddr  = ar_a_reg;
assign m_axi_arlen   = ar_l_reg;
assign m_axi_arsize  = DBL[2:0];
assign m_axi_arburst = 2'b01;  // INCR
assign m_axi_arvalid = ar_v_reg;
assign m_axi_rready  = !m_onchip && sk_s_ready;

assign m_sb_rd_req_valid = oc_v_reg;
assign m_sb_rd_req_psum  = psum;
assign m_sb_rd_req_addr  = oc_a_reg;
assign m_sb_rd_rsp_ready = m_onchip && sk_s_ready;

assign busy = agen_busy || ar_v_reg || oc_v_reg || meta_valid;

always @* begin
    killed_next  = killed_reg;
    ar_v_next    = ar_v_reg;
    ar_a_next    = ar_a_reg;
    ar_l_next    = ar_l_reg;
    oc_v_next    = oc_v_reg;
    oc_a_next    = oc_a_reg;
    oc_left_next = oc_left_reg;
    beat_next    = beat_reg;
    err_valid    = 1'b0;
    err_code     = `DMA_ERR_NONE;
    err_addr     = 64'd0;
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
            killed_next = 1'b1;
            err_valid   = 1'b1;
            err_code    = rsp_resp[0] ? `DMA_ERR_RD_DECERR : `DMA_ERR_RD_SLVERR;
            err_addr    = {{(64-ADDR_WIDTH){1'b0}}, h_beat_addr};
        end
        if (h_last_beat) begin
            beat_next = 8'd0;
            meta_pop  = 1'b1;
        end else begin
            beat_next = beat_reg + 8'd1;
        end
    end

    if (start) begin
        killed_next = 1'b0;
        beat_next   = 8'd0;
    end
end

always @(posedge clk) begin
    if (rst) begin
        killed_reg  <= 1'b0;
        ar_v_reg    <= 1'b0;
        oc_v_reg    <= 1'b0;
        beat_reg    <= 8'd0;
    end else begin
        killed_reg  <= killed_next;
        ar_v_reg    <= ar_v_next;
        oc_v_reg    <= oc_v_next;
        beat_reg    <= beat_next;
    end
    ar_a_reg    <= ar_a_next;
    ar_l_reg    <= ar_l_next;
    oc_a_reg    <= oc_a_next;
    oc_left_reg <= oc_left_next;
end

endmodule

`resetall
