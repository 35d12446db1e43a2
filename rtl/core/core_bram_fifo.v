`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_bram_fifo: a FIFO of 2^DEPTH_LOG2 entries of WIDTH bits in block
 * RAM, with the RAM's registered read as the output register. The core
 * uses it wherever a wide FIFO would otherwise be distributed RAM
 * (core_act's input and output FIFOs, core_te_elems' word buffers,
 * core_cmd's pending-signal FIFOs): the
 * LUT-RAM cells and their read multiplexers cost logic cells, which the
 * board configuration is short of, while block RAM is left over.
 *
 * Handshake: valid/ready on both sides. in_ready is "the array is not
 * full" and does not look at out_ready; a push while full is dropped
 * (every user reserves a slot with a credit before it pushes). out_valid
 * and out_data are registers: the output register loads the array's head
 * when the array holds an entry and the register is empty or being taken,
 * and out_load says so (a slot of the array is free from the next cycle:
 * a user counting credits may return one then). not_empty counts the
 * entry still in the array too. `clear` empties the FIFO
 * (array and output register; a push in the same cycle is dropped).
 *
 * Latency: an entry pushed into an empty FIFO is on the output two cycles
 * later (one in the array, one in the register); then one entry per
 * cycle while out_ready stays high. The FIFO holds up to 2^DEPTH_LOG2
 * entries in the array plus one in the output register. Reset empties
 * it (pointers, counts and the output's valid; the array is not reset).
 *
 * Why not dma_fifo with OUT_REG = 1: that one loads its output register
 * from in_data when the array is empty (a cycle sooner), and that
 * multiplexer in front of the register is what keeps the array out of
 * block RAM.
 */
module core_bram_fifo #(
    parameter WIDTH      = 8,   // bits per entry
    parameter DEPTH_LOG2 = 4    // log2 of the entries in the array (>= 1)
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             clear,      // drop every entry
    input  wire             in_valid,
    output wire             in_ready,   // the array is not full
    input  wire [WIDTH-1:0] in_data,
    output wire             out_valid,
    input  wire             out_ready,
    output wire             out_load,   // the array's head enters the output register now
    output wire             not_empty,  // an entry in the array or the output register
    output wire [WIDTH-1:0] out_data
);

localparam DEPTH = 1 << DEPTH_LOG2;
localparam [DEPTH_LOG2:0] FULL = DEPTH;

// parameter checks synthesis sees too
generate
    if (DEPTH_LOG2 < 1) begin : bad_depth
        core_bram_fifo_depth_log2_must_be_at_least_1 check ();
    end
endgenerate

// A read never meets a write of the same slot: the array is read only
// when it holds an entry and written only when it is not full, so the
// two pointers differ whenever both happen (formal/core_bram_fifo.vh).
(* ram_style = "block", no_rw_check *)
reg [WIDTH-1:0]      mem [0:DEPTH-1];
reg [DEPTH_LOG2-1:0] wp_reg, wp_next;
reg [DEPTH_LOG2-1:0] rp_reg, rp_next;
reg [DEPTH_LOG2:0]   fill_reg, fill_next;     // entries in the array
reg                  out_valid_reg, out_valid_next;
reg [WIDTH-1:0]      out_data_reg;

wire push = in_valid && in_ready && !clear;
// the array's head moves into the output register
wire load = fill_reg != {(DEPTH_LOG2+1){1'b0}} && (!out_valid_reg || out_ready);

assign in_ready  = fill_reg != FULL;
assign out_valid = out_valid_reg;
assign out_data  = out_data_reg;
assign out_load  = load;
assign not_empty = out_valid_reg || fill_reg != {(DEPTH_LOG2+1){1'b0}};

always @* begin
    wp_next        = wp_reg + {{(DEPTH_LOG2-1){1'b0}}, push};
    rp_next        = rp_reg + {{(DEPTH_LOG2-1){1'b0}}, load};
    fill_next      = fill_reg + {{DEPTH_LOG2{1'b0}}, push} - {{DEPTH_LOG2{1'b0}}, load};
    out_valid_next = load || (out_valid_reg && !out_ready);
end

always @(posedge clk) begin
    if (rst || clear) begin
        wp_reg        <= {DEPTH_LOG2{1'b0}};
        rp_reg        <= {DEPTH_LOG2{1'b0}};
        fill_reg      <= {(DEPTH_LOG2+1){1'b0}};
        out_valid_reg <= 1'b0;
    end else begin
        wp_reg        <= wp_next;
        rp_reg        <= rp_next;
        fill_reg      <= fill_next;
        out_valid_reg <= out_valid_next;
    end
end

// the array and its registered read (block RAM; not reset)
always @(posedge clk) begin
    if (push)
        mem[wp_reg] <= in_data;
    if (load)
        out_data_reg <= mem[rp_reg];
end

endmodule

`resetall
