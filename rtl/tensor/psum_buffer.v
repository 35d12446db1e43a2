`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * psum_buffer: the PSUM accumulator buffer. COLS partitions (one per array
 * column), each DEPTH entries of 32 bits (fp32, or int32 for int8
 * matmuls), each one simple dual-port block RAM (one write port, one
 * synchronous read port, registered output).
 *
 * Write port (from the tensor engine): a beat with wr_valid is always
 * taken (there is no wr_ready: the engine never waits). It writes, for
 * every column c with wr_mask[c], entry wr_addr of partition c with
 *   wr_start = 1: wr_data[c]                        (overwrite)
 *   wr_start = 0: old + wr_data[c]                  (accumulate)
 * where the add is fp32_add (IEEE binary32, RNE) or, with wr_int, an int32
 * add with wrap-around. Every beat goes through the same pipeline
 * (L = TL_FP32_ADD_LATENCY):
 *   c0      beat taken; an accumulating beat reads the RAM (address
 *           register inside the block RAM)
 *   c1      RAM output -> q register
 *   c2      fp32_add / int32 add of q and the beat's data
 *   c2+L    sum (the adder's output register); RAM write at the end of
 *           this cycle
 * There is no forwarding: a beat that accumulates into an address written
 * by a beat taken fewer than TE_PSUM_RMW_WINDOW = L + 3 cycles earlier would read
 * the old value. The tensor engine's sequencer never issues such a pair
 * (it holds the vector at issue); simulation flags a violation.
 *
 * Read port: rd_valid/rd_ready request with rd_addr; the data of all
 * partitions comes back on rd_data with rd_data_valid two cycles later
 * (no back-pressure on the response). The RAM read port is shared: an
 * accumulating write beat has priority (rd_ready low in that cycle). A
 * read taken in cycle c sees every write beat taken in cycle
 * c - TE_PSUM_RMW_WINDOW or earlier.
 *
 * Reset clears the pipeline valid bits only, never the RAM.
 */
module psum_buffer #(
    parameter COLS  = 16,               // partitions (= array columns)
    parameter DEPTH = 512,              // entries per partition
    parameter AW    = $clog2(DEPTH)     // address width
) (
    input  wire               clk,
    input  wire               rst,

    input  wire               wr_valid,
    input  wire [AW-1:0]      wr_addr,
    input  wire [COLS*32-1:0] wr_data,   // partition c in [32c +: 32]
    input  wire               wr_start,  // 1: overwrite, 0: accumulate
    input  wire [COLS-1:0]    wr_mask,   // partitions to write
    input  wire               wr_int,    // int32 add instead of fp32

    input  wire               rd_valid,
    output reg                rd_ready,
    input  wire [AW-1:0]      rd_addr,
    output wire               rd_data_valid,
    output wire [COLS*32-1:0] rd_data
);

`include "te_pipe.vh"

localparam integer L = `TL_FP32_ADD_LATENCY;
// stages of the write pipeline after c0: c1 .. c2+L (the write)
localparam integer WS = L + 2;
// pipeline word: start, int, mask, addr, data
localparam integer PW = 2 + COLS + AW + COLS * 32;

`ifndef SYNTHESIS
initial begin
    if (COLS < 1 || DEPTH < 2 || (1 << AW) != DEPTH)
        $error("psum_buffer: COLS >= 1 and DEPTH a power of two >= 2, AW = log2(DEPTH) (instance %m)");
end
`endif

generate
    if (COLS < 1 || DEPTH < 2 || (1 << AW) != DEPTH) begin : bad_parameter
        psum_buffer_bad_parameter_DEPTH_must_be_2_to_the_AW_and_COLS_at_least_1 bad ();
    end
endgenerate

// ---- c0: accept, RAM read ---------------------------------------------------
reg               acc_read;        // this write beat reads the RAM
reg               ram_re;
reg [AW-1:0]      ram_raddr;

// pipe_reg stage s (0-based) holds the beat taken s + 1 cycles ago
reg [WS*PW-1:0]   pipe_reg, pipe_next;
reg [1:0]         rdv_reg, rdv_next;    // read response valid in c1, c2

always @* begin
    acc_read  = wr_valid && !wr_start;
    rd_ready  = !acc_read;
    ram_re    = acc_read || rd_valid;
    ram_raddr = acc_read ? wr_addr : rd_addr;
    pipe_next = {pipe_reg[(WS-1)*PW-1:0], wr_start, wr_int, wr_mask, wr_addr, wr_data};
    rdv_next  = {rdv_reg[0], rd_valid && rd_ready};
end

always @(posedge clk) begin
    pipe_reg <= pipe_next;
    if (rst)
        rdv_reg <= 2'b00;
    else
        rdv_reg <= rdv_next;
end

// fields of pipeline stage s
`define PB_START(s) pipe_reg[(s)*PW + PW-1]
`define PB_INT(s)   pipe_reg[(s)*PW + PW-2]
`define PB_ADDR(s)  pipe_reg[(s)*PW + COLS*32 +: AW]

// stage indices: c1 = 0, c2 = 1, c2+L = L+1
localparam integer SA = 1;       // c2: add inputs
localparam integer SW = L + 1;   // c2+L: sums out, RAM write

// their valid bits, with reset (the data stages need none)
reg [WS-1:0] vld_reg;
integer s;
always @(posedge clk) begin
    if (rst)
        vld_reg <= {WS{1'b0}};
    else
        vld_reg <= {vld_reg[WS-2:0], wr_valid};
end

// ---- one RAM and one adder per partition ------------------------------------
wire [COLS*32-1:0] q;              // q register (c2)
genvar c;
generate
    for (c = 0; c < COLS; c = c + 1) begin : part
        // simple dual-port RAM: write port (c2+L), synchronous read port (c0)
        // with its output registered (c1 -> q_reg). The engine never reads an
        // entry in the cycle it is written with a value it needs, so no
        // collision logic is wanted.
        (* no_rw_check *)
        reg [31:0] mem [0:DEPTH-1];
        reg [31:0] ram_q_reg;      // RAM output (c1)
        reg [31:0] q_reg;          // registered RAM output (c2)
        reg [31:0] isum_reg;       // int32 sum (c3), delayed to c2+L below
        wire [31:0] add_y;         // fp32 sum (c2+L, registered in the adder)
        wire [31:0] isum_d;
        reg  [31:0] result;        // value written (c2+L)

        always @(posedge clk) begin
            if (vld_reg[SW] && pipe_reg[SW*PW + AW + COLS*32 + c])
                mem[`PB_ADDR(SW)] <= result;
            if (ram_re)
                ram_q_reg <= mem[ram_raddr];
        end

        always @(posedge clk) begin
            q_reg    <= ram_q_reg;
            isum_reg <= q_reg + pipe_reg[SA*PW + 32*c +: 32];
        end

        if (L > 1) begin : dly
            reg [32*(L-1)-1:0] isum_dly_reg;
            if (L > 2) begin : shift
                always @(posedge clk)
                    isum_dly_reg <= {isum_dly_reg[32*(L-2)-1:0], isum_reg};
            end else begin : one
                always @(posedge clk)
                    isum_dly_reg <= isum_reg;
            end
            assign isum_d = isum_dly_reg[32*(L-1)-1 -: 32];
        end else begin : nodly
            assign isum_d = isum_reg;
        end

        fp32_add #(
            .LATENCY (L)
        ) add (
            .clk (clk),
            .a   (q_reg),
            .b   (pipe_reg[SA*PW + 32*c +: 32]),
            .y   (add_y)
        );

        always @* begin
            if (`PB_START(SW))
                result = pipe_reg[SW*PW + 32*c +: 32];
            else if (`PB_INT(SW))
                result = isum_d;
            else
                result = add_y;
        end

        assign q[32*c +: 32] = q_reg;
    end
endgenerate

assign rd_data_valid = rdv_reg[1];
assign rd_data       = q;

`ifndef SYNTHESIS
// the sequencer's duty: no accumulate into an address still in flight
always @(posedge clk) begin
    if (!rst && wr_valid && !wr_start) begin
        for (s = 0; s < WS; s = s + 1)
            if (vld_reg[s] && `PB_ADDR(s) == wr_addr)
                $error("psum_buffer: accumulate into address %0d, written by a beat %0d cycles earlier (< %0d) (instance %m)",
                         wr_addr, s + 1, WS + 1);
    end
end
`endif

`undef PB_START
`undef PB_INT
`undef PB_ADDR

endmodule

`resetall
