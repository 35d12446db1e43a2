`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * board_sdpram: simple dual-port RAM for the board (one write port with
 * byte enables, one read port), written so that Yosys maps it to ECP5
 * block RAM (DP16KD).
 *
 * Read latency 1: rd_data is a register loaded from address rd_addr in
 * the cycle rd_en is high. A read and a write of the same word in the
 * same cycle give the old data in simulation and either on the FPGA
 * (no_rw_check: no bypass logic); no user needs more: the bridge's
 * buffers never do it, and in axi_bram it is a read and a write of two
 * AXI masters that AXI leaves unordered. No reset: contents and rd_data
 * start undefined.
 */
module board_sdpram #(
    parameter WIDTH      = 64,        // bits per word, a multiple of 8
    parameter DEPTH_LOG2 = 5,         // log2 words
    parameter BYTES      = WIDTH / 8  // byte enables
) (
    input  wire                  clk,
    input  wire [BYTES-1:0]      wr_en,    // per byte
    input  wire [DEPTH_LOG2-1:0] wr_addr,
    input  wire [WIDTH-1:0]      wr_data,
    input  wire                  rd_en,
    input  wire [DEPTH_LOG2-1:0] rd_addr,
    output wire [WIDTH-1:0]      rd_data
);

`ifndef SYNTHESIS
initial begin
    if (WIDTH % 8 != 0 || BYTES * 8 != WIDTH)
        $error("board_sdpram: WIDTH must be a multiple of 8 and BYTES = WIDTH/8 (instance %m)");
end
`endif
generate
    if (WIDTH % 8 != 0 || BYTES * 8 != WIDTH) begin : bad_width
        board_sdpram_bad_parameter_WIDTH bad ();
    end
endgenerate

(* ram_style = "block", no_rw_check *)
reg [WIDTH-1:0] mem [0:(1 << DEPTH_LOG2) - 1];
reg [WIDTH-1:0] rd_reg;
integer b;

always @(posedge clk) begin
    for (b = 0; b < BYTES; b = b + 1)
        if (wr_en[b])
            mem[wr_addr][8*b +: 8] <= wr_data[8*b +: 8];
    if (rd_en)
        rd_reg <= mem[rd_addr];
end

assign rd_data = rd_reg;

endmodule
`resetall
