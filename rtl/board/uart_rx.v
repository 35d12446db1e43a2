`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * uart_rx: one byte from an 8N1 serial line (docs/board.md section 2).
 *
 * rxd is asynchronous and goes through two flops. A falling edge starts a
 * byte; the start bit is checked half a bit later (a glitch shorter than
 * that is ignored), then each data bit (LSB first) and the stop bit are
 * sampled one bit time apart, in the middle of the bit. out_valid pulses
 * for one cycle with the byte when the stop bit is 1; a byte whose stop
 * bit is 0 (framing error, a break) is dropped.
 *
 * Latency: out_valid in the middle of the stop bit, about 9.5 bit times
 * after the start edge, plus the synchronizer's 2 cycles. No back-pressure:
 * the consumer takes the byte in that cycle or loses it.
 */
module uart_rx #(
    parameter CLKS_PER_BIT = 25  // clock cycles per bit (>= 4)
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rxd,        // the line, idle high
    output wire       out_valid,  // one-cycle pulse: a byte was received
    output wire [7:0] out_data
);
localparam integer CW = $clog2(CLKS_PER_BIT);
localparam [31:0]   LAST32 = CLKS_PER_BIT - 1;
localparam [31:0]   HALF32 = CLKS_PER_BIT / 2 - 1;
localparam [CW-1:0] LAST = LAST32[CW-1:0];      // last cycle of a bit
localparam [CW-1:0] HALF = HALF32[CW-1:0];      // middle of the start bit

localparam [1:0] S_IDLE  = 2'd0,
                 S_START = 2'd1,
                 S_DATA  = 2'd2,
                 S_STOP  = 2'd3;

`ifndef SYNTHESIS
initial begin
    if (CLKS_PER_BIT < 4)
        $error("uart_rx: CLKS_PER_BIT must be >= 4 (instance %m)");
end
`endif
generate
    if (CLKS_PER_BIT < 4) begin : bad_cpb
        uart_rx_bad_parameter_CLKS_PER_BIT bad ();
    end
endgenerate

reg          meta_reg, line_reg;
reg [1:0]    state_reg, state_next;
reg [CW-1:0] cnt_reg, cnt_next;
reg [2:0]    bit_reg, bit_next;
reg [7:0]    data_reg, data_next;
reg          valid_reg, valid_next;

always @* begin
    state_next = state_reg;
    cnt_next   = cnt_reg + 1'b1;
    bit_next   = bit_reg;
    data_next  = data_reg;
    valid_next = 1'b0;
    case (state_reg)
        S_IDLE: begin
            cnt_next = {CW{1'b0}};
            if (!line_reg)
                state_next = S_START;
        end
        S_START: begin
            if (cnt_reg == HALF) begin
                cnt_next   = {CW{1'b0}};
                bit_next   = 3'd0;
                state_next = line_reg ? S_IDLE : S_DATA;
            end
        end
        S_DATA: begin
            if (cnt_reg == LAST) begin
                cnt_next  = {CW{1'b0}};
                data_next = {line_reg, data_reg[7:1]};
                bit_next  = bit_reg + 3'd1;
                if (bit_reg == 3'd7)
                    state_next = S_STOP;
            end
        end
        S_STOP: begin
            if (cnt_reg == LAST) begin
                valid_next = line_reg;
                state_next = S_IDLE;
            end
        end
        default: state_next = S_IDLE;
    endcase
end

always @(posedge clk) begin
    meta_reg  <= rxd;
    line_reg  <= meta_reg;
    cnt_reg   <= cnt_next;
    bit_reg   <= bit_next;
    data_reg  <= data_next;
    state_reg <= state_next;
    valid_reg <= valid_next;
    if (rst) begin
        meta_reg  <= 1'b1;
        line_reg  <= 1'b1;
        state_reg <= S_IDLE;
        valid_reg <= 1'b0;
    end
end

assign out_valid = valid_reg;
assign out_data  = data_reg;

endmodule
`resetall
