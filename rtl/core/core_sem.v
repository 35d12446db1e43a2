`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_sem: the SEMS counting semaphores of 32 bits (docs/core.md
 * section 5). One increment per cycle (inc_*: SEM[inc_idx] += inc_val,
 * mod 2^32; core_cmd's applier serializes the engines' signals and the
 * host's SEM_ADD into it), so one adder serves every semaphore. A host
 * write (set_*: SEM[set_idx] = set_val) sets a value; an increment of the
 * same semaphore in the same cycle adds to the written value. `clear`
 * (the soft reset) zeroes them all. Indexes >= SEMS are ignored.
 *
 * Latency: an increment or write in cycle t is visible in sems from t+1.
 */
module core_sem #(
    parameter SEMS = 16   // semaphores (16..32)
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 clear,
    input  wire                 set_valid,
    input  wire [4:0]           set_idx,
    input  wire [31:0]          set_val,
    input  wire                 inc_valid,
    input  wire [4:0]           inc_idx,
    input  wire [31:0]          inc_val,
    output wire [SEMS*32-1:0]   sems
);

integer s;

reg [SEMS*32-1:0] sem_reg, sem_next;
reg [32*32-1:0]   pad;
reg [31:0]        cur, sum;

assign sems = sem_reg;

// word i of 32 words: a binary tree of 2:1 selects, one index bit per level
function [31:0] word_of32;
    input [32*32-1:0] v;
    input [4:0]       i;
    reg   [511:0]     l1;
    reg   [255:0]     l2;
    reg   [127:0]     l3;
    reg   [63:0]      l4;
    begin
        l1 = i[4] ? v[1023:512] : v[511:0];
        l2 = i[3] ? l1[511:256] : l1[255:0];
        l3 = i[2] ? l2[255:128] : l2[127:0];
        l4 = i[1] ? l3[127:64] : l3[63:0];
        word_of32 = i[0] ? l4[63:32] : l4[31:0];
    end
endfunction

always @* begin
    pad = {32*32{1'b0}};
    pad[SEMS*32-1:0] = sem_reg;
    cur = (set_valid && (set_idx == inc_idx)) ? set_val : word_of32(pad, inc_idx);
    sum = cur + inc_val;
    sem_next = sem_reg;
    for (s = 0; s < SEMS; s = s + 1) begin
        if (set_valid && (set_idx == s[4:0])) begin
            sem_next[32*s +: 32] = set_val;
        end
        if (inc_valid && (inc_idx == s[4:0])) begin
            sem_next[32*s +: 32] = sum;
        end
    end
end

always @(posedge clk) begin
    if (rst || clear) begin
        sem_reg <= {SEMS*32{1'b0}};
    end else begin
        sem_reg <= sem_next;
    end
end

endmodule

`resetall
