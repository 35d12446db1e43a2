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
 * PREFETCH = 1 adds a second output slot q (flip-flops) behind the RAM's
 * output register, so that the RAM's read enable no longer depends on
 * out_ready: the array is read unless both slots are full (with q empty,
 * the register's entry, if it is not taken, moves to q). A user whose
 * pop decision is a deep path (core_act's element issue) then does not
 * carry it into the block RAM's read-enable pin. out_data is q when q
 * holds an entry, else the RAM register: a 2:1 multiplexer on the
 * output. The output stream is the same, cycle for cycle, as with
 * PREFETCH = 0 (both proofs, formal/core_bram_fifo.vh and
 * core_bram_fifo_pf.vh, assert out_valid as the same function of the
 * handshakes); the FIFO holds one entry more, and out_load still means
 * "a slot of the array frees".
 *
 * Why not dma_fifo with OUT_REG = 1: that one loads its output register
 * from in_data when the array is empty (a cycle sooner), and that
 * multiplexer in front of the register is what keeps the array out of
 * block RAM.
 */
module core_bram_fifo #(
    parameter WIDTH      = 8,   // bits per entry
    parameter DEPTH_LOG2 = 4,   // log2 of the entries in the array (>= 1)
    parameter PREFETCH   = 0    // 1: a second output slot; read enable independent of out_ready
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
localparam PF = PREFETCH != 0;

// parameter checks synthesis sees too
generate
    if (DEPTH_LOG2 < 1) begin : bad_depth
        core_bram_fifo_depth_log2_must_be_at_least_1 check ();
    end
    if (PREFETCH != 0 && PREFETCH != 1) begin : bad_prefetch
        core_bram_fifo_prefetch_must_be_0_or_1 check ();
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
reg                  out_valid_reg, out_valid_next;   // the RAM's output register holds an entry
reg [WIDTH-1:0]      out_data_reg;
reg                  q_valid_reg, q_valid_next;       // PREFETCH: the second slot (older entry)
reg [WIDTH-1:0]      q_data_reg;

wire push  = in_valid && in_ready && !clear;
wire array = fill_reg != {(DEPTH_LOG2+1){1'b0}};
// the array's head moves into the RAM's output register
wire load  = PF ? array && !(q_valid_reg && out_valid_reg)
                : array && (!out_valid_reg || out_ready);

assign in_ready  = fill_reg != FULL;
assign out_valid = out_valid_reg || q_valid_reg;
assign out_data  = q_valid_reg ? q_data_reg : out_data_reg;
assign out_load  = load;
assign not_empty = out_valid || array;

always @* begin
    wp_next        = wp_reg + {{(DEPTH_LOG2-1){1'b0}}, push};
    rp_next        = rp_reg + {{(DEPTH_LOG2-1){1'b0}}, load};
    fill_next      = fill_reg + {{DEPTH_LOG2{1'b0}}, push} - {{DEPTH_LOG2{1'b0}}, load};
    if (PF) begin
        // q empty: the register's entry, if not taken, moves to q, and the
        // register reloads; q full: q is the head, and the register loads
        // if empty, else waits
        out_valid_next = load || (q_valid_reg && out_valid_reg);
        q_valid_next   = out_valid && !out_ready;
    end else begin
        out_valid_next = load || (out_valid_reg && !out_ready);
        q_valid_next   = 1'b0;
    end
end

always @(posedge clk) begin
    if (rst || clear) begin
        wp_reg        <= {DEPTH_LOG2{1'b0}};
        rp_reg        <= {DEPTH_LOG2{1'b0}};
        fill_reg      <= {(DEPTH_LOG2+1){1'b0}};
        out_valid_reg <= 1'b0;
        q_valid_reg   <= 1'b0;
    end else begin
        wp_reg        <= wp_next;
        rp_reg        <= rp_next;
        fill_reg      <= fill_next;
        out_valid_reg <= out_valid_next;
        q_valid_reg   <= q_valid_next;
    end
end

// the second slot (PREFETCH): takes the register's entry while empty
always @(posedge clk)
    if (!q_valid_reg)
        q_data_reg <= out_data_reg;

// the array and its registered read (block RAM; not reset)
always @(posedge clk) begin
    if (push)
        mem[wp_reg] <= in_data;
    if (load)
        out_data_reg <= mem[rp_reg];
end

endmodule

`resetall
