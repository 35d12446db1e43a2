`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * board_rst_sync: the board's reset (docs/board.md section 1).
 *
 * rst_in (asynchronous: a button, the PLL's lock) passes two synchronizer
 * flops; rst is high while the synchronized input is high and for
 * HOLD_CYCLES cycles after it falls. Every flop starts at "in reset"
 * (FPGA initial values), so the design is reset right after
 * configuration without any input. rst is synchronous and active high,
 * the policy of docs/ARCHITECTURE.md section 3.
 *
 * Latency: rst rises 2 cycles after rst_in, falls HOLD_CYCLES + 2 cycles
 * after rst_in falls.
 */
module board_rst_sync #(
    parameter HOLD_CYCLES = 16  // cycles rst stays high after the input is released (>= 1)
) (
    input  wire clk,
    input  wire rst_in,         // asynchronous, active high
    output wire rst
);
localparam integer CW = $clog2(HOLD_CYCLES + 1);
localparam [31:0]   HOLD32 = HOLD_CYCLES;
localparam [CW-1:0] HOLD = HOLD32[CW-1:0];

`ifndef SYNTHESIS
initial begin
    if (HOLD_CYCLES < 1)
        $error("board_rst_sync: HOLD_CYCLES must be >= 1 (instance %m)");
end
`endif
generate
    if (HOLD_CYCLES < 1) begin : bad_hold
        board_rst_sync_bad_parameter_HOLD_CYCLES bad ();
    end
endgenerate

// The synchronizer has no reset of its own: it is what makes one.
reg          meta_reg = 1'b1, sync_reg = 1'b1;
reg [CW-1:0] cnt_reg = HOLD, cnt_next;
reg          rst_reg = 1'b1, rst_next;

always @* begin
    cnt_next = cnt_reg;
    rst_next = rst_reg;
    if (sync_reg) begin
        cnt_next = HOLD;
        rst_next = 1'b1;
    end else if (cnt_reg != {CW{1'b0}}) begin
        cnt_next = cnt_reg - 1'b1;
    end else begin
        rst_next = 1'b0;
    end
end

always @(posedge clk) begin
    meta_reg <= rst_in;
    sync_reg <= meta_reg;
    cnt_reg  <= cnt_next;
    rst_reg  <= rst_next;
end

assign rst = rst_reg;

endmodule
`resetall
