`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * crc16_ccitt: CRC-16/CCITT-FALSE of a byte stream (docs/board.md
 * section 2): polynomial 0x1021, initial 0xFFFF, MSB first, no
 * reflection, no final XOR ("123456789" gives 0x29B1).
 *
 * One byte per cycle: crc is the CRC of every byte taken with in_valid
 * since the last clear, one cycle after the byte. clear together with
 * in_valid starts a new CRC with that byte.
 */
module crc16_ccitt (
    input  wire        clk,
    input  wire        rst,
    input  wire        clear,     // start over (crc = 0xFFFF)
    input  wire        in_valid,
    input  wire [7:0]  in_data,
    output wire [15:0] crc
);

reg [15:0] crc_reg, crc_next;
reg [15:0] c, d;
integer i;

always @* begin
    c = clear ? 16'hFFFF : crc_reg;
    d = c;
    // the byte MSB first, one polynomial step per bit
    for (i = 7; i >= 0; i = i - 1)
        d = {d[14:0], 1'b0} ^ ((d[15] ^ in_data[i]) ? 16'h1021 : 16'h0000);
    crc_next = in_valid ? d : c;
end

always @(posedge clk) begin
    crc_reg <= crc_next;
    if (rst)
        crc_reg <= 16'hFFFF;
end

assign crc = crc_reg;

endmodule
`resetall
