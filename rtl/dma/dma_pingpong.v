`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_pingpong: a register slice for one valid/ready channel whose output
 * ready drives no payload enable.
 *
 * At its ports it is dma_skid, cycle for cycle (formal/dma_pingpong.vh
 * proves the two equal): m_valid and s_ready come from registers, it holds
 * two beats, and it moves one beat per cycle. Inside, the two beats sit in
 * two entries written alternately from the input side and read through a
 * pointer: m_ready steps the pointer and the flags (four flip-flops),
 * never the enables of the payload registers. In dma_skid the
 * output register loads on m_ready, so a consumer whose ready is deep
 * logic (dma_wr's in_ready) ends its path on WIDTH clock enables spread
 * over the die; here it ends on the pointer, and the output pays one
 * 2:1 multiplexer (docs/dma.md, thirty-eighth session).
 *
 * Handshake: valid/ready on both sides. Reset and `clear` empty it (a
 * beat offered in the clearing cycle is dropped); s_ready is low in the
 * cycle after reset, as in dma_skid; the entries are not reset.
 */
module dma_pingpong #(
    parameter WIDTH = 8  // payload bits
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             clear,      // drop everything held
    input  wire             s_valid,
    output wire             s_ready,
    input  wire [WIDTH-1:0] s_data,
    output wire             m_valid,
    input  wire             m_ready,
    output wire [WIDTH-1:0] m_data
);

reg             s_ready_reg;  // at most one beat held
reg             m_valid_reg;  // at least one beat held
reg             full_reg;     // two beats held
reg             wp_reg;       // the entry the next input beat goes to
reg             rp_reg;       // the entry at the output: the older beat
reg [WIDTH-1:0] e0_reg, e1_reg;

wire push = s_valid && s_ready_reg;

assign s_ready = s_ready_reg;
assign m_valid = m_valid_reg;
assign m_data  = rp_reg ? e1_reg : e0_reg;

always @(posedge clk) begin
    if (rst || clear) begin
        s_ready_reg <= !rst;
        m_valid_reg <= 1'b0;
        full_reg    <= 1'b0;
        wp_reg      <= 1'b0;
        rp_reg      <= 1'b0;
    end else begin
        s_ready_reg <= m_ready || (!full_reg && (!m_valid_reg || !s_valid));
        m_valid_reg <= full_reg || push || (m_valid_reg && !m_ready);
        full_reg    <= !m_ready && (full_reg || (m_valid_reg && push));
        wp_reg      <= wp_reg ^ push;
        rp_reg      <= rp_reg ^ (m_ready && m_valid_reg);
    end
    if (push && !wp_reg) e0_reg <= s_data;
    if (push &&  wp_reg) e1_reg <= s_data;
end

endmodule

`resetall
