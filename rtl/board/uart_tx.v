`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * uart_tx: one byte onto an 8N1 serial line (docs/board.md section 2).
 *
 * in_ready is high while the transmitter is idle; a byte taken with
 * in_valid & in_ready goes out from the next cycle: start bit, 8 data bits
 * LSB first, stop bit, CLKS_PER_BIT cycles each (10 bit times per byte,
 * in_ready again after the stop bit). txd comes from a flop.
 */
module uart_tx #(
    parameter CLKS_PER_BIT = 25  // clock cycles per bit (>= 4)
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       in_valid,
    output wire       in_ready,
    input  wire [7:0] in_data,
    output wire       txd        // the line, idle high
);
localparam integer CW = $clog2(CLKS_PER_BIT);
localparam [31:0]   LAST32 = CLKS_PER_BIT - 1;
localparam [CW-1:0] LAST = LAST32[CW-1:0];      // last cycle of a bit

`ifndef SYNTHESIS
initial begin
    if (CLKS_PER_BIT < 4)
        $error("uart_tx: CLKS_PER_BIT must be >= 4 (instance %m)");
end
`endif
generate
    if (CLKS_PER_BIT < 4) begin : bad_cpb
        uart_tx_bad_parameter_CLKS_PER_BIT bad ();
    end
endgenerate

reg          busy_reg, busy_next;
reg [CW-1:0] cnt_reg, cnt_next;
reg [3:0]    bit_reg, bit_next;    // bits left to send after the current one
reg [8:0]    shift_reg, shift_next; // {stop, data}: shifted out after the start bit
reg          txd_reg, txd_next;

always @* begin
    busy_next  = busy_reg;
    cnt_next   = cnt_reg;
    bit_next   = bit_reg;
    shift_next = shift_reg;
    txd_next   = txd_reg;
    if (!busy_reg) begin
        if (in_valid) begin
            busy_next  = 1'b1;
            cnt_next   = {CW{1'b0}};
            bit_next   = 4'd9;
            shift_next = {1'b1, in_data};
            txd_next   = 1'b0;  // start bit
        end
    end else if (cnt_reg == LAST) begin
        cnt_next = {CW{1'b0}};
        if (bit_reg == 4'd0) begin
            busy_next = 1'b0;
            txd_next  = 1'b1;
        end else begin
            txd_next   = shift_reg[0];
            shift_next = {1'b1, shift_reg[8:1]};
            bit_next   = bit_reg - 4'd1;
        end
    end else begin
        cnt_next = cnt_reg + 1'b1;
    end
end

always @(posedge clk) begin
    busy_reg  <= busy_next;
    cnt_reg   <= cnt_next;
    bit_reg   <= bit_next;
    shift_reg <= shift_next;
    txd_reg   <= txd_next;
    if (rst) begin
        busy_reg <= 1'b0;
        txd_reg  <= 1'b1;
    end
end

assign in_ready = !busy_reg;
assign txd      = txd_reg;

endmodule
`resetall
