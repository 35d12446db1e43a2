`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * te_top: tensor_engine with its psum_buffer, the unit the tests and the
 * benchmark drive. The engine's result stream writes the PSUM buffer,
 * which takes every beat (nothing back-pressures the array).
 * psum_wr_fire pulses for each result beat the buffer takes (cycle
 * measurements); cfg_* report the parameters to the harness. Latency and
 * handshakes: see tensor_engine and psum_buffer.
 */
module te_top #(
    parameter ROWS  = 16,               // array rows
    parameter COLS  = 16,               // array columns
    parameter DEPTH = 1024,             // PSUM entries per partition
    parameter AW    = $clog2(DEPTH),    // PSUM address width
    parameter NW    = 16,               // width of N
    parameter KW    = $clog2(ROWS + 1), // width of K
    parameter MW    = $clog2(COLS + 1)  // width of M
) (
    input  wire                 clk,
    input  wire                 rst,

    input  wire                 cmd_valid,
    output wire                 cmd_ready,
    input  wire [2:0]           cmd_fmt_w,
    input  wire [2:0]           cmd_fmt_x,
    input  wire [KW-1:0]        cmd_k,
    input  wire [MW-1:0]        cmd_m,
    input  wire [NW-1:0]        cmd_n,
    input  wire [AW-1:0]        cmd_addr,
    input  wire                 cmd_start,
    input  wire                 cmd_swap,

    input  wire                 ld_valid,
    output wire                 ld_ready,
    input  wire [2:0]           ld_fmt,        // format of the loaded tile
    input  wire [COLS*16-1:0]   ld_data,
    input  wire                 ld_last,

    input  wire                 mv_valid,
    output wire                 mv_ready,
    input  wire [ROWS*16-1:0]   mv_data,

    output wire                 psum_wr_fire,  // a result beat was taken

    input  wire                 rd_valid,
    output wire                 rd_ready,
    input  wire [AW-1:0]        rd_addr,
    output wire                 rd_data_valid,
    output wire [COLS*32-1:0]   rd_data,

    output wire [7:0]           cfg_rows,      // ROWS (for the test harness)
    output wire [7:0]           cfg_cols,      // COLS
    output wire [7:0]           cfg_aw         // AW
);

assign cfg_rows = ROWS[7:0];
assign cfg_cols = COLS[7:0];
assign cfg_aw   = AW[7:0];

wire               te_out_valid;
wire [COLS*32-1:0] te_out_data;
wire [AW-1:0]      te_out_addr;
wire               te_out_start;
wire [COLS-1:0]    te_out_mask;
wire               te_out_int;

tensor_engine #(
    .ROWS (ROWS),
    .COLS (COLS),
    .AW   (AW),
    .NW   (NW),
    .KW   (KW),
    .MW   (MW)
) te (
    .clk       (clk),
    .rst       (rst),
    .cmd_valid (cmd_valid),
    .cmd_ready (cmd_ready),
    .cmd_fmt_w (cmd_fmt_w),
    .cmd_fmt_x (cmd_fmt_x),
    .cmd_k     (cmd_k),
    .cmd_m     (cmd_m),
    .cmd_n     (cmd_n),
    .cmd_addr  (cmd_addr),
    .cmd_start (cmd_start),
    .cmd_swap  (cmd_swap),
    .ld_valid  (ld_valid),
    .ld_ready  (ld_ready),
    .ld_fmt    (ld_fmt),
    .ld_data   (ld_data),
    .ld_last   (ld_last),
    .mv_valid  (mv_valid),
    .mv_ready  (mv_ready),
    .mv_data   (mv_data),
    .out_valid (te_out_valid),
    .out_data  (te_out_data),
    .out_addr  (te_out_addr),
    .out_start (te_out_start),
    .out_mask  (te_out_mask),
    .out_int   (te_out_int)
);

assign psum_wr_fire = te_out_valid;

psum_buffer #(
    .COLS  (COLS),
    .DEPTH (DEPTH),
    .AW    (AW)
) psum (
    .clk           (clk),
    .rst           (rst),
    .wr_valid      (te_out_valid),
    .wr_addr       (te_out_addr),
    .wr_data       (te_out_data),
    .wr_start      (te_out_start),
    .wr_mask       (te_out_mask),
    .wr_int        (te_out_int),
    .rd_valid      (rd_valid),
    .rd_ready      (rd_ready),
    .rd_addr       (rd_addr),
    .rd_data_valid (rd_data_valid),
    .rd_data       (rd_data)
);

endmodule

`resetall
