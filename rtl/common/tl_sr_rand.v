`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * tl_sr_rand: one lane of the stochastic-rounding random generator,
 *     rand = word 0 of Threefry-2x32-20(counter = (coord, 0), key = (seed, 0))
 * (ARCHITECTURE.md 5.4; bit-exact with tl_sr_rand() of cmodel/sr_rand.c).
 *
 * Add-rotate-xor only, no multiplier. Pipelined in 5 stages of 4 rounds,
 * each stage followed by its key injection; the seed travels with the data,
 * so every element may carry its own seed.
 *
 * Latency: 5 cycles of `ce`. No handshake: the pipeline advances in every
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

localparam [31:0] KS_PARITY = 32'h1BD11BDA;

// Four rounds; rotation set A (13, 15, 26, 6) for rounds 0-3 mod 8, set B
// (17, 29, 16, 24) for rounds 4-7 mod 8. Returns {x0, x1}.
function [63:0] four_rounds;
    input [31:0] x0_in;
    input [31:0] x1_in;
    input        set_b;
    reg   [31:0] x0;
    reg   [31:0] x1;
    begin
        x0 = x0_in;
        x1 = x1_in;
        x0 = x0 + x1;
        x1 = (set_b ? {x1[14:0], x1[31:15]} : {x1[18:0], x1[31:19]}) ^ x0; // 17 | 13
        x0 = x0 + x1;
        x1 = (set_b ? {x1[2:0], x1[31:3]}   : {x1[16:0], x1[31:17]}) ^ x0; // 29 | 15
        x0 = x0 + x1;
        x1 = (set_b ? {x1[15:0], x1[31:16]} : {x1[5:0], x1[31:6]})   ^ x0; // 16 | 26
        x0 = x0 + x1;
        x1 = (set_b ? {x1[7:0], x1[31:8]}   : {x1[25:0], x1[31:26]}) ^ x0; // 24 | 6
        four_rounds = {x0, x1};
    end
endfunction

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

// Stage boundaries, flattened: word g is the input of stage g.
wire [32*6-1:0] x0_chain;
/* verilator lint_off UNUSEDSIGNAL */ // word 5: x1 and seed are not outputs
wire [32*6-1:0] x1_chain;
wire [32*6-1:0] seed_chain;
/* verilator lint_on UNUSEDSIGNAL */

// Counter + key: x0 = c0 + k0, x1 = c1 + k1 = 0.
assign x0_chain[31:0]   = coord + seed;
assign x1_chain[31:0]   = 32'd0;
assign seed_chain[31:0] = seed;

genvar g;
generate
    for (g = 0; g < 5; g = g + 1) begin : stage
        // Stage g runs rounds 4g..4g+3, then injects key s = g + 1:
        //   x0 += ks[s mod 3]; x1 += ks[(s + 1) mod 3] + s
        localparam [2:0]  KI0 = (g + 1) % 3;
        localparam [2:0]  KI1 = (g + 2) % 3;
        localparam [31:0] S   = g + 1;
        reg  [31:0] x0_reg;
        reg  [31:0] x1_reg;
        reg  [31:0] seed_reg;
        reg  [31:0] x0_next;
        reg  [31:0] x1_next;
        reg  [31:0] seed_next;
        reg  [63:0] rounds;

        always @* begin
            x0_next   = x0_reg;
            x1_next   = x1_reg;
            seed_next = seed_reg;
            rounds    = four_rounds(x0_chain[32*g +: 32], x1_chain[32*g +: 32], g[0]);
            if (ce) begin
                x0_next   = rounds[63:32] + key_word(seed_chain[32*g +: 32], KI0);
                x1_next   = rounds[31:0] + key_word(seed_chain[32*g +: 32], KI1) + S;
                seed_next = seed_chain[32*g +: 32];
            end
        end

        // Datapath only: no reset.
        always @(posedge clk) begin
            x0_reg   <= x0_next;
            x1_reg   <= x1_next;
            seed_reg <= seed_next;
        end

        assign x0_chain[32*(g+1) +: 32]   = x0_reg;
        assign x1_chain[32*(g+1) +: 32]   = x1_reg;
        assign seed_chain[32*(g+1) +: 32] = seed_reg;
    end
endgenerate

assign rand_out = x0_chain[32*5 +: 32];

endmodule

`resetall
