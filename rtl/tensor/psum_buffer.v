`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * psum_buffer: the PSUM accumulator buffer. COLS partitions (one per array
 * column), each DEPTH entries of 32 bits (fp32, or int32 for int8
 * matmuls), each one simple dual-port block RAM (one write port, one
 * synchronous read port).
 *
 * Write port (from the tensor engine), valid/ready: a beat writes, for
 * every column c with wr_mask[c], entry wr_addr of partition c with
 *   wr_start = 1: wr_data[c]                        (overwrite)
 *   wr_start = 0: old + wr_data[c]                  (accumulate)
 * where the add is fp32_add (IEEE binary32, RNE) or, with wr_int, an int32
 * add with wrap-around. Accumulate is a read-modify-write, with
 * L = `TL_FP32_ADD_LATENCY (rtl/common/tl_pipe.vh):
 *   c0 beat accepted, RAM read
 *   c1 old value (forwarded if the RAM was written at the end of c0) into
 *      fp32_add and the int32 add
 *   c2 .. c(1+L) the write op waits in the pipe `wq` for the adder
 *   c(1+L) fp32_add's sum (or the int32 sum, or wr_data) -> RAM write
 * A result written at the end of c(1+L) is forwarded to an op that read the
 * RAM at that same edge, so writes L+1 cycles apart see each other. An
 * accumulating beat to an address that a beat accepted 1..L cycles earlier
 * writes would not: wr_ready stays low until that write is L+1 cycles old
 * (bubbles only for beats to one address in a row, e.g. N = 1 matmuls
 * accumulating in a row). Otherwise wr_ready is high.
 *
 * Read port: rd_valid/rd_ready request with rd_addr; the data of all
 * partitions comes back on rd_data with rd_data_valid one cycle later (no
 * back-pressure on the response). The RAM read port is shared: an
 * accumulating write beat has priority (rd_ready low in that cycle). A read
 * accepted in cycle c sees every write beat accepted in cycle c - (L+1) or
 * earlier.
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
    output reg                wr_ready,
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

`include "tl_pipe.vh"

localparam integer L = `TL_FP32_ADD_LATENCY;   // fp32_add pipeline

`ifndef SYNTHESIS
initial begin
    if (COLS < 1 || DEPTH < 2 || (1 << AW) != DEPTH)
        $error("psum_buffer: COLS >= 1 and DEPTH a power of two >= 2, AW = log2(DEPTH) (instance %m)");
end
`endif

// ---- stage c0: accept, RAM read ----------------------------------------
reg               s1_valid_reg, s1_valid_next;    // write op in c1
reg               s1_start_reg, s1_start_next;
reg               s1_int_reg, s1_int_next;
reg [COLS-1:0]    s1_mask_reg, s1_mask_next;
reg [AW-1:0]      s1_addr_reg, s1_addr_next;
reg [COLS*32-1:0] s1_data_reg, s1_data_next;
reg               rd1_valid_reg, rd1_valid_next;  // read response in c1
reg [AW-1:0]      port_addr_reg, port_addr_next;  // address read in c0

// write ops waiting for the adder: stage k (0 .. L-1) holds the op of
// cycle c(2+k); stage L-1 writes the RAM
reg [L-1:0]         wq_valid_reg, wq_valid_next;
reg [L-1:0]         wq_val_reg, wq_val_next;      // write wq_data, not the fp32 sum
reg [L*COLS-1:0]    wq_mask_reg, wq_mask_next;
reg [L*AW-1:0]      wq_addr_reg, wq_addr_next;
reg [L*COLS*32-1:0] wq_data_reg, wq_data_next;    // wr_data (start) or int32 sums

reg               fwd_valid_reg, fwd_valid_next;  // RAM write of last edge
reg [COLS-1:0]    fwd_mask_reg, fwd_mask_next;
reg [AW-1:0]      fwd_addr_reg, fwd_addr_next;
reg [COLS*32-1:0] fwd_data_reg, fwd_data_next;

reg               wr_fire;
reg               wr_reads;        // this write beat uses the RAM read port
reg               ram_re;
reg [AW-1:0]      ram_raddr;

wire [COLS*32-1:0] old;            // ram_q with the last write forwarded
wire [COLS*32-1:0] add_y;          // fp32 sums (c(1+L))
reg  [COLS*32-1:0] result;         // value written in c(1+L)
reg                wq_hit;         // a write 1..L cycles old to wr_addr
reg  [COLS*32-1:0] s1_val;         // wr_data (start) or int32 sums, c1
integer i;
integer k;

always @* begin
    s1_valid_next  = 1'b0;
    s1_start_next  = wr_start;
    s1_int_next    = wr_int;
    s1_mask_next   = wr_mask;
    s1_addr_next   = wr_addr;
    s1_data_next   = wr_data;
    rd1_valid_next = 1'b0;
    port_addr_next = port_addr_reg;

    for (i = 0; i < COLS; i = i + 1)
        s1_val[32*i +: 32] = s1_start_reg ? s1_data_reg[32*i +: 32]
                                          : old[32*i +: 32] + s1_data_reg[32*i +: 32];
    wq_valid_next = {wq_valid_reg[L-2:0], s1_valid_reg};
    wq_val_next   = {wq_val_reg[L-2:0], s1_start_reg || s1_int_reg};
    wq_mask_next  = {wq_mask_reg[(L-1)*COLS-1:0], s1_mask_reg};
    wq_addr_next  = {wq_addr_reg[(L-1)*AW-1:0], s1_addr_reg};
    wq_data_next  = {wq_data_reg[(L-1)*COLS*32-1:0], s1_val};

    // an accumulate waits until earlier writes to its address are at most
    // one edge from the RAM (forwarded)
    wq_hit = s1_valid_reg && s1_addr_reg == wr_addr;
    for (k = 0; k < L - 1; k = k + 1)
        if (wq_valid_reg[k] && wq_addr_reg[AW*k +: AW] == wr_addr)
            wq_hit = 1'b1;
    wr_ready  = !(wq_hit && !wr_start);
    wr_fire   = wr_valid && wr_ready;
    wr_reads  = wr_fire && !wr_start;
    rd_ready  = !wr_reads;
    ram_re    = wr_reads || rd_valid;
    ram_raddr = wr_reads ? wr_addr : rd_addr;
    if (ram_re)
        port_addr_next = ram_raddr;
    if (wr_fire)
        s1_valid_next = 1'b1;
    if (rd_valid && rd_ready)
        rd1_valid_next = 1'b1;

    result         = wq_val_reg[L-1] ? wq_data_reg[L*COLS*32-1 -: COLS*32] : add_y;
    fwd_valid_next = wq_valid_reg[L-1];
    fwd_mask_next  = wq_mask_reg[L*COLS-1 -: COLS];
    fwd_addr_next  = wq_addr_reg[L*AW-1 -: AW];
    fwd_data_next  = result;
end

always @(posedge clk) begin
    s1_start_reg  <= s1_start_next;
    s1_int_reg    <= s1_int_next;
    s1_mask_reg   <= s1_mask_next;
    s1_addr_reg   <= s1_addr_next;
    s1_data_reg   <= s1_data_next;
    port_addr_reg <= port_addr_next;
    wq_val_reg    <= wq_val_next;
    wq_mask_reg   <= wq_mask_next;
    wq_addr_reg   <= wq_addr_next;
    wq_data_reg   <= wq_data_next;
    fwd_mask_reg  <= fwd_mask_next;
    fwd_addr_reg  <= fwd_addr_next;
    fwd_data_reg  <= fwd_data_next;
    if (rst) begin
        s1_valid_reg  <= 1'b0;
        rd1_valid_reg <= 1'b0;
        wq_valid_reg  <= {L{1'b0}};
        fwd_valid_reg <= 1'b0;
    end else begin
        s1_valid_reg  <= s1_valid_next;
        rd1_valid_reg <= rd1_valid_next;
        wq_valid_reg  <= wq_valid_next;
        fwd_valid_reg <= fwd_valid_next;
    end
end

// ---- one RAM and one adder per partition -----------------------------------
genvar c;
generate
    for (c = 0; c < COLS; c = c + 1) begin : part
        // simple dual-port RAM: write port (c(1+L)), synchronous read port (c0)
        reg [31:0] mem [0:DEPTH-1];
        reg [31:0] q_reg;
        always @(posedge clk) begin
            if (wq_valid_reg[L-1] && wq_mask_reg[(L-1)*COLS + c])
                mem[wq_addr_reg[L*AW-1 -: AW]] <= result[32*c +: 32];
            if (ram_re)
                q_reg <= mem[ram_raddr];
        end
        assign old[32*c +: 32] = (fwd_valid_reg && fwd_mask_reg[c] && fwd_addr_reg == port_addr_reg)
                                 ? fwd_data_reg[32*c +: 32] : q_reg;

        fp32_add add (
            .clk (clk),
            .ce  (1'b1),
            .a   (old[32*c +: 32]),
            .b   (s1_data_reg[32*c +: 32]),
            .y   (add_y[32*c +: 32])
        );
    end
endgenerate

assign rd_data_valid = rd1_valid_reg;
assign rd_data       = old;

endmodule

`resetall
