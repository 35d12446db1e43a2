`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_fifo: synchronous FIFO of 2^DEPTH_LOG2 entries of WIDTH bits.
 *
 * Handshake: valid/ready on both sides; out_data is valid while out_valid
 * (first-word fall-through, read straight from the storage array). An entry
 * written in one cycle can be read in the next. `clear` empties the FIFO
 * (the storage array is not touched). Reset clears the pointers only.
 */
module dma_fifo #(
    parameter WIDTH      = 8,   // bits per entry
    parameter DEPTH_LOG2 = 2    // log2 of the number of entries (>= 1)
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             clear,      // drop every entry
    input  wire             in_valid,
    output wire             in_ready,   // not full
    input  wire [WIDTH-1:0] in_data,
    output wire             out_valid,  // not empty
    input  wire             out_ready,
    output wire [WIDTH-1:0] out_data
);

localparam DEPTH = 1 << DEPTH_LOG2;

reg [WIDTH-1:0]    mem [0:DEPTH-1];
reg [DEPTH_LOG2:0] wr_ptr_reg;
reg [DEPTH_LOG2:0] wr_ptr_next;
reg [DEPTH_LOG2:0] rd_ptr_reg;
reg [DEPTH_LOG2:0] rd_ptr_next;

wire full  = (wr_ptr_reg[DEPTH_LOG2] != rd_ptr_reg[DEPTH_LOG2]) &&
             (wr_ptr_reg[DEPTH_LOG2-1:0] == rd_ptr_reg[DEPTH_LOG2-1:0]);
wire empty = (wr_ptr_reg == rd_ptr_reg);

assign in_ready  = !full;
assign out_valid = !empty;
assign out_data  = mem[rd_ptr_reg[DEPTH_LOG2-1:0]];

always @* begin
    wr_ptr_next = wr_ptr_reg;
    rd_ptr_next = rd_ptr_reg;
    if (clear) begin
        rd_ptr_next = wr_ptr_reg;
    end else begin
        if (in_valid && !full) begin
            wr_ptr_next = wr_ptr_reg + 1'b1;
        end
        if (out_ready && !empty) begin
            rd_ptr_next = rd_ptr_reg + 1'b1;
        end
    end
end

always @(posedge clk) begin
    if (rst) begin
        wr_ptr_reg <= {(DEPTH_LOG2+1){1'b0}};
        rd_ptr_reg <= {(DEPTH_LOG2+1){1'b0}};
    end else begin
        wr_ptr_reg <= wr_ptr_next;
        rd_ptr_reg <= rd_ptr_next;
    end
end

// Storage: written only, never reset (maps to distributed RAM).
always @(posedge clk) begin
    if (in_valid && !full && !clear) begin
        mem[wr_ptr_reg[DEPTH_LOG2-1:0]] <= in_data;
    end
end

`ifndef SYNTHESIS
initial begin
    if (DEPTH_LOG2 < 1) begin
        $error("dma_fifo: DEPTH_LOG2 must be >= 1 (instance %m)");
    end
end
`endif

endmodule

`resetall
