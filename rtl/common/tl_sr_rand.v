`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * tl_sr_rand: one lane of the stochastic-rounding random generator,
 *     rand = word 0 of Threefry-2x32-20(counter = (coord, 0), key = (seed, 0))
 * (ARCHITECTURE.md 5.4; bit-exact with tl_sr_rand() of cmodel/sr_rand.c).
 *
 * Add-rotate-xor only, no multiplier. Pipelined one round per stage, so a
 * stage is at most two 32-bit additions deep: stage 0 adds the key to the
 * counter; stage r + 1 runs round r (0..19), and the key injection after
 * every fourth round in the same stage. The seed travels with the data, so
 * every element may carry its own seed.
 *
 * Latency: 21 cycles of `ce` (LATENCY). No handshake: the pipeline advances in every
 * cycle with ce = 1 and holds otherwise; rand_out is the result for the
 * (seed, coord) presented 5 advancing cycles earlier. Datapath only, no
 * reset (the caller tracks which stages hold valid data).
 */
module tl_sr_rand (
    input  wire        clk,
    input  wire        ce,        // advance the pipeline
    input  wire [31:0] seed,      // key word 0 (key word 1 is 0)
    input  wire [31:0] coord,     // counter word 0 (counter word 1 is 0)
    output wire [31:0] rand_out   // word 0 of the Threefry output
);

localparam        LATENCY   = 21;            // stages: key add, then 20 rounds
localparam [31:0] KS_PARITY = 32'h1BD11BDA;

// ks[idx mod 3] of the key schedule for key (seed, 0)
function [31:0] key_word;
    input [31:0] k0;
    input [2:0]  idx_mod3;
    begin
        case (idx_mod3)
            3'd0:    key_word = k0;
            3'd1:    key_word = 32'd0;
            default: key_word = k0 ^ KS_PARITY;
        endcase
    end
endfunction

// Rotation of round r: set A (13, 15, 26, 6) for r mod 8 in 0..3, set B
// (17, 29, 16, 24) for 4..7.
function [31:0] rotate;
    input [31:0] x;
    input [2:0]  r_mod8;
    begin
        case (r_mod8)
            3'd0:    rotate = {x[18:0], x[31:19]};  // 13
            3'd1:    rotate = {x[16:0], x[31:17]};  // 15
            3'd2:    rotate = {x[5:0],  x[31:6]};   // 26
            3'd3:    rotate = {x[25:0], x[31:26]};  // 6
            3'd4:    rotate = {x[14:0], x[31:15]};  // 17
            3'd5:    rotate = {x[2:0],  x[31:3]};   // 29
            3'd6:    rotate = {x[15:0], x[31:16]};  // 16
            default: rotate = {x[7:0],  x[31:8]};   // 24
        endcase
    end
endfunction

// Stage outputs, flattened: word g is the output of stage g.
wire [32*LATENCY-1:0] x0_chain;
/* verilator lint_off UNUSEDSIGNAL */ // the last stage's x1 and seed are not outputs
wire [32*LATENCY-1:0] x1_chain;
wire [32*LATENCY-1:0] seed_chain;
/* verilator lint_on UNUSEDSIGNAL */

// Stage 0: counter + key: x0 = c0 + k0, x1 = c1 + k1 = 0.
reg [31:0] x0_0_reg;
reg [31:0] seed_0_reg;

always @(posedge clk) begin
    if (ce) begin
        x0_0_reg   <= coord + seed;
        seed_0_reg <= seed;
    end
end

assign x0_chain[31:0]   = x0_0_reg;
assign x1_chain[31:0]   = 32'd0;
assign seed_chain[31:0] = seed_0_reg;

genvar g;
generate
    for (g = 1; g < LATENCY; g = g + 1) begin : stage
        // Stage g runs round r = g - 1; after rounds 3, 7, .. it injects
        // key s = (r + 1) / 4:  x0 += ks[s mod 3]; x1 += ks[(s + 1) mod 3] + s
        localparam        R      = g - 1;
        localparam        INJECT = (R % 4) == 3;
        localparam [31:0] RM8    = R % 8;
        localparam [31:0] KI0    = ((R + 1) / 4) % 3;
        localparam [31:0] KI1    = ((R + 1) / 4 + 1) % 3;
        localparam [31:0] S      = (R + 1) / 4;
        wire [31:0] x0_in   = x0_chain[32*(g-1) +: 32];
        wire [31:0] x1_in   = x1_chain[32*(g-1) +: 32];
        wire [31:0] seed_in = seed_chain[32*(g-1) +: 32];
        wire [31:0] x0_r    = x0_in + x1_in;
        wire [31:0] x1_r    = rotate(x1_in, RM8[2:0]) ^ x0_r;
        reg  [31:0] x0_reg;
        reg  [31:0] x1_reg;
        reg  [31:0] seed_reg;

        // Datapath only: no reset.
        always @(posedge clk) begin
            if (ce) begin
                if (INJECT) begin
                    x0_reg <= x0_r + key_word(seed_in, KI0[2:0]);
                    x1_reg <= x1_r + (key_word(seed_in, KI1[2:0]) + S);
                end else begin
                    x0_reg <= x0_r;
                    x1_reg <= x1_r;
                end
                seed_reg <= seed_in;
            end
        end

        assign x0_chain[32*g +: 32]   = x0_reg;
        assign x1_chain[32*g +: 32]   = x1_reg;
        assign seed_chain[32*g +: 32] = seed_reg;
    end
endgenerate

assign rand_out = x0_chain[32*(LATENCY-1) +: 32];

endmodule

`resetall
