`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * led_stretch: makes a one-cycle event visible on an LED: led is high
 * from the cycle after an event until 2^LOG2 cycles after the last one.
 */
module led_stretch #(
    parameter LOG2 = 20  // log2 cycles the LED stays on (>= 1)
) (
    input  wire clk,
    input  wire rst,
    input  wire event_in,
    output wire led
);

reg [LOG2:0] cnt_reg, cnt_next;  // top bit set: off

always @* begin
    cnt_next = cnt_reg;
    if (event_in)
        cnt_next = {(LOG2+1){1'b0}};
    else if (!cnt_reg[LOG2])
        cnt_next = cnt_reg + 1'b1;
end

always @(posedge clk) begin
    cnt_reg <= cnt_next;
    if (rst)
        cnt_reg <= {1'b1, {LOG2{1'b0}}};
end

assign led = !cnt_reg[LOG2];

endmodule
`resetall
