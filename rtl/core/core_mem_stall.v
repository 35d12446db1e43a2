`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_mem_stall: simulation-only source of long random stalls for one
 * SBUF or PSUM request port (docs/verification.md section 4). Not
 * synthesizable and in no synthesis file list (rtl/core/memcheck.mk):
 * core_sbuf and core_psum instantiate it on each request port only under
 * `ifndef SYNTHESIS` with TL_CHECKS defined, and mask that port's request
 * from their arbitration while `hold` is high (its READY stays low; the
 * requester must keep its request on offer, which core_mem_check checks).
 *
 * Off (hold always 0) unless the simulation has the plusarg
 * +tl_mem_stall=N with N nonzero (test_core_impolite sets it): then, with
 * probability 2^-K per cycle, a stall of 1 to 300 cycles starts, drawn
 * from a xorshift32 stream seeded from N and SALT (one stream per port),
 * re-seeded at every reset, so a run is reproducible. K = 10 (a port is
 * held about 13% of the time), or +tl_mem_stall_log2=K, 1..10: board_sim
 * asks for 5 (about 82%), so that the few requests of a short GEMM over
 * the UART are all but sure to meet stalls (test_board_4x4 checks that
 * some did; at K = 10 one run in a loaded `make test` saw none).
 *
 * Latency: `hold` is a register output. No handshake.
 */
module core_mem_stall #(
    parameter SALT = 1   // distinguishes the ports' random streams (nonzero)
) (
    input  wire clk,
    input  wire rst,
    output wire hold
);

initial begin
    if (SALT < 1)
        $error("core_mem_stall: SALT must be nonzero (instance %m)");
end

reg  [31:0] seed = 32'd0;  // the plusarg's value, 0: off
reg  [31:0] rate_log2 = 32'd10;  // K: a stall starts with probability 2^-K
reg  [31:0] rnd_reg;       // xorshift32 state, 0: off
reg  [8:0]  left_reg;      // stall cycles left

initial begin
    if (!$value$plusargs("tl_mem_stall=%d", seed))
        seed = 32'd0;
    if (!$value$plusargs("tl_mem_stall_log2=%d", rate_log2) || rate_log2 < 32'd1 || rate_log2 > 32'd10)
        rate_log2 = 32'd10;
end
wire [9:0] start_mask = (10'd1 << rate_log2[3:0]) - 10'd1;

wire [31:0] x1       = rnd_reg ^ (rnd_reg << 13);
wire [31:0] x2       = x1 ^ (x1 >> 17);
wire [31:0] rnd_next = x2 ^ (x2 << 5);
/* verilator lint_off UNUSEDSIGNAL */ // below 300: the low 9 bits
wire [21:0] len      = rnd_next[31:10] % 22'd300;
/* verilator lint_on UNUSEDSIGNAL */

always @(posedge clk) begin
    if (rst) begin
        rnd_reg  <= (seed == 32'd0) ? 32'd0 : (seed * 32'd2654435761) ^ (32'd40503 * SALT) ^ 32'h1;
        left_reg <= 9'd0;
    end else if (rnd_reg != 32'd0) begin
        rnd_reg <= rnd_next;
        if (left_reg != 9'd0)
            left_reg <= left_reg - 9'd1;
        else if ((rnd_next[9:0] & start_mask) == 10'd0)
            left_reg <= 9'd1 + len[8:0];
    end
end

assign hold = left_reg != 9'd0;

endmodule

`resetall
