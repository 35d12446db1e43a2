`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "core_mem.vh"

/*
 * core_mem_check: simulation-only protocol checker of one SBUF or PSUM
 * word port (docs/core.md section 11, "Memory ports"; docs/verification.md
 * section 4). Not synthesizable and not in any synthesis file list
 * (rtl/core/memcheck.mk): core_sbuf and core_psum instantiate it on each
 * request port only under `ifndef SYNTHESIS` with TL_CHECKS defined,
 * which the Verilated core test builds set.
 *
 * Watches, never drives. From the cycle after reset on, at every rising
 * edge with rst low:
 *   - a request on offer without READY (valid && !ready) must be on offer
 *     again in the next cycle (VALID still high), with the same address and
 *     the same other payload (`data`: write data, strobes, masks,
 *     partition; a constant for a read);
 *   - READ = 1: rsp_valid is high exactly in the cycles CORE_MEM_RL after
 *     a taken request (valid && ready) of this port, never otherwise (a
 *     reset drops the reads in flight, as the memories' response valids).
 * A violation is reported with $error: the port (NAME and the instance
 * path), the rule, the values and the cycle number counted from the end of
 * the last reset; under Verilator $error stops the simulation (the running
 * test fails). With the plusarg +tl_mem_stats (Verilator) it prints, at
 * the end of the simulation, the requests taken, the longest wait of one
 * and how many waited 100 cycles or more.
 *
 * Latency: none (a checker). Handshake: *_valid/*_ready, taken when both
 * are high.
 */
module core_mem_check #(
    parameter NAME = "port",          // the port's name in messages
    parameter AW   = 8,               // address bits
    parameter DW   = 1,               // other payload bits (data, strobes, masks, partition)
    parameter READ = 0,               // 1: a read port, check rsp_valid
    parameter RL   = `CORE_MEM_RL     // read latency in cycles (2 or more)
) (
    input  wire          clk,
    input  wire          rst,
    input  wire          valid,
    input  wire          ready,
    input  wire [AW-1:0] addr,
    input  wire [DW-1:0] data,
    input  wire          rsp_valid  // READ = 0: tie low
);

initial begin
    if (AW < 1 || DW < 1 || RL < 2 || (READ != 0 && READ != 1))
        $error("core_mem_check: AW, DW >= 1, RL >= 2, READ 0 or 1 (instance %m)");
end

reg          wait_reg;   // last cycle: on offer without READY
reg [AW-1:0] addr_reg;   // ... with this address
reg [DW-1:0] data_reg;   // ... and this payload
reg [RL-1:0] taken_reg;  // bit i: a request taken i + 1 cycles ago
reg [63:0]   cycle_reg;  // rising edges since the end of the last reset
// statistics over the whole simulation (resets included), printed at its
// end with the plusarg +tl_mem_stats
reg [63:0]   taken_n;    // requests taken
reg [31:0]   wait_n;     // cycles the request on offer has waited so far
reg [31:0]   wait_max;   // the longest wait of one request
reg [63:0]   wait_long;  // requests that waited 100 cycles or more
initial begin
    taken_n   = 64'd0;
    wait_n    = 32'd0;
    wait_max  = 32'd0;
    wait_long = 64'd0;
end

always @(posedge clk) begin
    if (rst) begin
        wait_reg  <= 1'b0;
        taken_reg <= {RL{1'b0}};
        cycle_reg <= 64'd0;
        wait_n    <= 32'd0;
    end else begin
        if (wait_reg && !valid)
            $error("core_mem_check %s: VALID dropped before READY, address 0x%0h (cycle %0d) (instance %m)",
                   NAME, addr_reg, cycle_reg);
        else if (wait_reg && addr != addr_reg)
            $error("core_mem_check %s: address changed while VALID waited for READY, 0x%0h -> 0x%0h (cycle %0d) (instance %m)",
                   NAME, addr_reg, addr, cycle_reg);
        else if (wait_reg && data != data_reg)
            $error("core_mem_check %s: payload (data/strobes/mask) changed while VALID waited for READY, address 0x%0h (cycle %0d) (instance %m)",
                   NAME, addr, cycle_reg);
        if (READ == 1 && rsp_valid && !taken_reg[RL-1])
            $error("core_mem_check %s: a read response without a read taken %0d cycles earlier (cycle %0d) (instance %m)",
                   NAME, RL, cycle_reg);
        if (READ == 1 && !rsp_valid && taken_reg[RL-1])
            $error("core_mem_check %s: no read response %0d cycles after a read was taken (cycle %0d) (instance %m)",
                   NAME, RL, cycle_reg);
        wait_reg  <= valid && !ready;
        taken_reg <= {taken_reg[RL-2:0], valid && ready};
        cycle_reg <= cycle_reg + 64'd1;
        if (valid && ready) begin
            taken_n <= taken_n + 64'd1;
            if (wait_n >= 32'd100)
                wait_long <= wait_long + 64'd1;
            if (wait_n > wait_max)
                wait_max <= wait_n;
        end
        wait_n <= (valid && !ready) ? wait_n + 32'd1 : 32'd0;
    end
    addr_reg <= addr;
    data_reg <= data;
end

`ifdef VERILATOR
// (a SystemVerilog final block: Verilator only, Icarus -g2005 has none)
final begin
    if ($test$plusargs("tl_mem_stats"))
        $display("core_mem_check %s: %0d requests taken, longest wait %0d cycles, %0d waited 100 or more (instance %m)",
                 NAME, taken_n, wait_max, wait_long);
end
`endif

endmodule

`resetall
