`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_fifo: synchronous FIFO of 2^DEPTH_LOG2 entries of WIDTH bits.
 *
 * Handshake: valid/ready on both sides; out_data is valid while out_valid
 * (first-word fall-through). An entry written in one cycle can be read in
 * the next. `clear` empties the FIFO (the storage array is not touched).
 * Reset clears the pointers only.
 *
 * OUT_REG = 0: out_data is read straight from the storage array (distributed
 * RAM), so the array's read path sits in front of the consumer's logic.
 * OUT_REG = 1: the head entry is held in an output register (loaded from the
 * array, or straight from in_data when the array is empty), so out_data and
 * out_valid come from flip-flops; the FIFO then holds 2^DEPTH_LOG2 + 1
 * entries (in_ready still reads "the array is not full"). Same cycles
 * otherwise.
 */
module dma_fifo #(
    parameter WIDTH      = 8,   // bits per entry
    parameter DEPTH_LOG2 = 2,   // log2 of the number of entries (>= 1)
    parameter OUT_REG    = 0    // 1: registered head entry (see above)
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

// `full` is a flip-flop, not a compare of the pointers: in_ready gates
// the producer's handshake, and in dma_wr that fans out to every enable of
// the burst generator (docs/fpga.md section 2). It is set by a push that
// finds DEPTH - 1 entries (a difference of registers, formed beside the
// handshake) with no pop in the same cycle, and cleared by any pop.
reg  full_reg;
wire full  = full_reg;
wire empty = (wr_ptr_reg == rd_ptr_reg);
wire [DEPTH_LOG2:0] used        = wr_ptr_reg - rd_ptr_reg;
wire                almost_full = (used == DEPTH[DEPTH_LOG2:0] - 1'b1);

// the array's own read side: straight out, or into the output register
wire             a_valid = !empty;
wire             a_pop;
wire [WIDTH-1:0] a_data  = mem[rd_ptr_reg[DEPTH_LOG2-1:0]];
wire             a_push;      // in_data goes into the array

assign in_ready = !full;

always @* begin
    wr_ptr_next = wr_ptr_reg;
    rd_ptr_next = rd_ptr_reg;
    if (clear) begin
        rd_ptr_next = wr_ptr_reg;
    end else begin
        if (a_push) begin
            wr_ptr_next = wr_ptr_reg + 1'b1;
        end
        if (a_pop) begin
            rd_ptr_next = rd_ptr_reg + 1'b1;
        end
    end
end

always @(posedge clk) begin
    if (rst) begin
        wr_ptr_reg <= {(DEPTH_LOG2+1){1'b0}};
        rd_ptr_reg <= {(DEPTH_LOG2+1){1'b0}};
        full_reg   <= 1'b0;
    end else begin
        wr_ptr_reg <= wr_ptr_next;
        rd_ptr_reg <= rd_ptr_next;
        // (a push finds the array not full, so with a pop beside it the
        // count stays below DEPTH)
        full_reg   <= !clear && (a_push ? (almost_full && !a_pop) : (full_reg && !a_pop));
    end
end

// Storage: written only, never reset (maps to distributed RAM).
always @(posedge clk) begin
    if (a_push && !clear) begin
        mem[wr_ptr_reg[DEPTH_LOG2-1:0]] <= in_data;
    end
end

generate
    if (OUT_REG == 0) begin : direct
        assign a_push    = in_valid && !full;
        assign a_pop     = out_ready && a_valid;
        assign out_valid = a_valid;
        assign out_data  = a_data;
    end else begin : registered
        reg             o_valid_reg;
        reg [WIDTH-1:0] o_data_reg;
        // the output register takes a new head when it is empty or its
        // entry leaves: the array's head, or with the array empty the
        // entry being written (it would otherwise wait a cycle in the array)
        wire o_load  = !o_valid_reg || out_ready;
        wire bypass  = o_load && !a_valid && in_valid;
        // the array takes every entry it has room for, a bypassing one too
        // (the read pointer steps over it in the same cycle), so that its
        // write enable and write pointer do not wait for out_ready: in
        // dma_rd and dma_wr that is the end of the data handshake, and the
        // push depended on it through the bypass (docs/fpga.md section 2)
        assign a_push    = in_valid && !full;
        assign a_pop     = (o_load && a_valid) || bypass;
        assign out_valid = o_valid_reg;
        assign out_data  = o_data_reg;
        always @(posedge clk) begin
            if (rst || clear) begin
                o_valid_reg <= 1'b0;
            end else if (o_load) begin
                o_valid_reg <= a_valid || in_valid;
            end
            if (o_load) begin
                o_data_reg <= a_valid ? a_data : in_data;
            end
        end
    end
endgenerate

`ifndef SYNTHESIS
`ifndef FORMAL
// full_reg against the pointers it stands for (the proofs assert it)
always @(posedge clk) begin
    if (!rst && (full_reg !== (used == DEPTH[DEPTH_LOG2:0])))
        $error("dma_fifo: full flag disagrees with the pointers (instance %m)");
end
`endif
initial begin
    if (DEPTH_LOG2 < 1) begin
        $error("dma_fifo: DEPTH_LOG2 must be >= 1 (instance %m)");
    end
    if ((OUT_REG != 0) && (OUT_REG != 1)) begin
        $error("dma_fifo: OUT_REG must be 0 or 1 (instance %m)");
    end
end
`endif

endmodule

`resetall
