`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_sem: the SEMS counting semaphores of 32 bits (docs/core.md
 * section 5). Every cycle each semaphore adds every increment aimed at it
 * (NSRC sources, all applied, mod 2^32; core_ctrl uses one, the applier
 * of core_cmd, which serializes the engines' signals and the host's
 * SEM_ADD); a host write (SEM[s] = v) sets the value, and increments of
 * the same cycle still add to it. `clear` (rst or the soft reset) zeroes
 * them all. Indexes >= SEMS are ignored.
 *
 * Latency: an increment or write in cycle t is visible in sems from t+1.
 */
module core_sem #(
    parameter SEMS = 16,  // semaphores (16..32)
    parameter NSRC = 7    // increment sources
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 clear,
    input  wire                 set_valid,
    input  wire [4:0]           set_idx,
    input  wire [31:0]          set_val,
    input  wire [NSRC-1:0]      inc_valid,
    input  wire [NSRC*5-1:0]    inc_idx,
    input  wire [NSRC*32-1:0]   inc_val,
    output wire [SEMS*32-1:0]   sems
);

integer s, i;

reg [SEMS*32-1:0] sem_reg, sem_next;
reg [31:0]        sum;

assign sems = sem_reg;

always @* begin
    sem_next = sem_reg;
    for (s = 0; s < SEMS; s = s + 1) begin
        sum = sem_reg[32*s +: 32];
        if (set_valid && (set_idx == s[4:0])) begin
            sum = set_val;
        end
        for (i = 0; i < NSRC; i = i + 1) begin
            if (inc_valid[i] && (inc_idx[5*i +: 5] == s[4:0])) begin
                sum = sum + inc_val[32*i +: 32];
            end
        end
        sem_next[32*s +: 32] = sum;
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
