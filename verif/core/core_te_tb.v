`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_te_tb: core_sbuf + core_psum + core_te as trnlite_core wires them
 * (docs/core.md section 11), for test_core_te. The C test drives the
 * instruction stream, the SBUF write ports and the PSUM word ports (DMA
 * and ACT, to fill, read back and contend); core_te owns the SBUF TE read
 * port and the PSUM TE beats. cfg_* report the parameters.
 */
module core_te_tb #(
    parameter ROWS           = 4,
    parameter COLS           = 4,
    parameter DATA_WIDTH     = 64,
    parameter SBUF_PART_LOG2 = 12,
    parameter PSUM_BANKS     = 2,
    parameter PSUM_BANK_LOG2 = 7,
    parameter SWA = SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8),
    parameter EW  = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2,
    parameter PWA = EW - $clog2(DATA_WIDTH/32),
    parameter SPW = (ROWS > 1) ? $clog2(ROWS) : 1,
    parameter PPW = (COLS > 1) ? $clog2(COLS) : 1
) (
    input  wire                       clk,
    input  wire                       rst,

    input  wire                       insn_valid,
    output wire                       insn_ready,
    input  wire [1023:0]              insn,
    output wire                       done,
    output wire                       busy,
    output wire                       te_beat,      // a result beat toward PSUM

    // SBUF
    input  wire                       s_dma_wr_valid,
    output wire                       s_dma_wr_ready,
    input  wire [SPW-1:0]             s_dma_wr_part,
    input  wire [SWA-1:0]             s_dma_wr_addr,
    input  wire [DATA_WIDTH-1:0]      s_dma_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    s_dma_wr_strb,
    input  wire                       s_act_wr_valid,
    output wire                       s_act_wr_ready,
    input  wire [ROWS-1:0]            s_act_wr_mask,
    input  wire [SWA-1:0]             s_act_wr_addr,
    input  wire [ROWS*DATA_WIDTH-1:0] s_act_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    s_act_wr_strb,
    input  wire                       s_dma_rd_valid,
    output wire                       s_dma_rd_ready,
    input  wire [SWA-1:0]             s_dma_rd_addr,
    output wire                       s_dma_rd_rsp_valid,
    input  wire                       s_act_rd_valid,
    output wire                       s_act_rd_ready,
    input  wire [SWA-1:0]             s_act_rd_addr,
    output wire                       s_act_rd_rsp_valid,
    output wire [ROWS*DATA_WIDTH-1:0] s_rd_rsp_data,

    // PSUM
    input  wire                       p_dma_wr_valid,
    output wire                       p_dma_wr_ready,
    input  wire [PPW-1:0]             p_dma_wr_part,
    input  wire [PWA-1:0]             p_dma_wr_addr,
    input  wire [DATA_WIDTH-1:0]      p_dma_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    p_dma_wr_strb,
    input  wire                       p_act_wr_valid,
    output wire                       p_act_wr_ready,
    input  wire [COLS-1:0]            p_act_wr_mask,
    input  wire [PWA-1:0]             p_act_wr_addr,
    input  wire [COLS*DATA_WIDTH-1:0] p_act_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    p_act_wr_strb,
    input  wire                       p_dma_rd_valid,
    output wire                       p_dma_rd_ready,
    input  wire [PWA-1:0]             p_dma_rd_addr,
    output wire                       p_dma_rd_rsp_valid,
    input  wire                       p_act_rd_valid,
    output wire                       p_act_rd_ready,
    input  wire [PWA-1:0]             p_act_rd_addr,
    output wire                       p_act_rd_rsp_valid,
    output wire [COLS*DATA_WIDTH-1:0] p_rd_rsp_data,

    output wire [7:0]                 cfg_rows,
    output wire [7:0]                 cfg_cols,
    output wire [15:0]                cfg_data_width,
    output wire [7:0]                 cfg_sbuf_part_log2,
    output wire [7:0]                 cfg_psum_banks,
    output wire [7:0]                 cfg_psum_bank_log2
);

assign cfg_rows           = ROWS[7:0];
assign cfg_cols           = COLS[7:0];
assign cfg_data_width     = DATA_WIDTH[15:0];
assign cfg_sbuf_part_log2 = SBUF_PART_LOG2[7:0];
assign cfg_psum_banks     = PSUM_BANKS[7:0];
assign cfg_psum_bank_log2 = PSUM_BANK_LOG2[7:0];

wire                       te_rd_valid, te_rd_ready, te_rd_rsp_valid;
wire [SWA-1:0]             te_rd_addr;
wire                       pv, ps, pi, pc;
wire [EW-1:0]              pa;
wire [COLS*32-1:0]         pd;
wire [COLS-1:0]            pm;

assign te_beat = pv;

core_sbuf #(
    .ROWS           (ROWS),
    .DATA_WIDTH     (DATA_WIDTH),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2)
) sbuf (
    .clk              (clk),
    .rst              (rst),
    .dma_wr_valid     (s_dma_wr_valid),
    .dma_wr_ready     (s_dma_wr_ready),
    .dma_wr_part      (s_dma_wr_part),
    .dma_wr_addr      (s_dma_wr_addr),
    .dma_wr_data      (s_dma_wr_data),
    .dma_wr_strb      (s_dma_wr_strb),
    .dma_wr_pmask     ({(DATA_WIDTH/16){1'b0}}),
    .act_wr_valid     (s_act_wr_valid),
    .act_wr_ready     (s_act_wr_ready),
    .act_wr_mask      (s_act_wr_mask),
    .act_wr_addr      (s_act_wr_addr),
    .act_wr_data      (s_act_wr_data),
    .act_wr_strb      (s_act_wr_strb),
    .dma_rd_valid     (s_dma_rd_valid),
    .dma_rd_ready     (s_dma_rd_ready),
    .dma_rd_addr      (s_dma_rd_addr),
    .dma_rd_rsp_valid (s_dma_rd_rsp_valid),
    .te_rd_valid      (te_rd_valid),
    .te_rd_ready      (te_rd_ready),
    .te_rd_addr       (te_rd_addr),
    .te_rd_rsp_valid  (te_rd_rsp_valid),
    .act_rd_valid     (s_act_rd_valid),
    .act_rd_ready     (s_act_rd_ready),
    .act_rd_addr      (s_act_rd_addr),
    .act_rd_rsp_valid (s_act_rd_rsp_valid),
    .rd_rsp_data      (s_rd_rsp_data)
);

core_psum #(
    .COLS           (COLS),
    .DATA_WIDTH     (DATA_WIDTH),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2)
) psum (
    .clk              (clk),
    .rst              (rst),
    .te_valid         (pv),
    .te_addr          (pa),
    .te_data          (pd),
    .te_start         (ps),
    .te_mask          (pm),
    .te_int           (pi),
    .te_commit        (pc),
    .dma_wr_valid     (p_dma_wr_valid),
    .dma_wr_ready     (p_dma_wr_ready),
    .dma_wr_part      (p_dma_wr_part),
    .dma_wr_addr      (p_dma_wr_addr),
    .dma_wr_data      (p_dma_wr_data),
    .dma_wr_strb      (p_dma_wr_strb),
    .act_wr_valid     (p_act_wr_valid),
    .act_wr_ready     (p_act_wr_ready),
    .act_wr_mask      (p_act_wr_mask),
    .act_wr_addr      (p_act_wr_addr),
    .act_wr_data      (p_act_wr_data),
    .act_wr_strb      (p_act_wr_strb),
    .dma_rd_valid     (p_dma_rd_valid),
    .dma_rd_ready     (p_dma_rd_ready),
    .dma_rd_addr      (p_dma_rd_addr),
    .dma_rd_rsp_valid (p_dma_rd_rsp_valid),
    .act_rd_valid     (p_act_rd_valid),
    .act_rd_ready     (p_act_rd_ready),
    .act_rd_addr      (p_act_rd_addr),
    .act_rd_rsp_valid (p_act_rd_rsp_valid),
    .rd_rsp_data      (p_rd_rsp_data)
);

core_te #(
    .ROWS           (ROWS),
    .COLS           (COLS),
    .DATA_WIDTH     (DATA_WIDTH),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2)
) te (
    .clk          (clk),
    .rst          (rst),
    .insn_valid   (insn_valid),
    .insn_ready   (insn_ready),
    .insn         (insn),
    .done         (done),
    .rd_valid     (te_rd_valid),
    .rd_ready     (te_rd_ready),
    .rd_addr      (te_rd_addr),
    .rd_rsp_valid (te_rd_rsp_valid),
    .rd_rsp_data  (s_rd_rsp_data),
    .psum_valid   (pv),
    .psum_addr    (pa),
    .psum_data    (pd),
    .psum_start   (ps),
    .psum_mask    (pm),
    .psum_int     (pi),
    .psum_commit  (pc),
    .busy         (busy)
);

endmodule

`resetall
