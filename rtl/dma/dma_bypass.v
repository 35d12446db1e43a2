`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_bypass: a one-entry fall-through buffer for one valid/ready channel
 * whose s_ready is a flip-flop.
 *
 * While the buffer is empty the input passes straight through (m_valid =
 * s_valid, m_data = s_data, no latency). A beat offered and not taken is
 * caught in the buffer's register; s_ready then drops until that beat has
 * left, and it leaves first. So the producer advances on a register alone,
 * never on m_ready, and no beat moves later than it would without the
 * buffer. Unlike dma_skid, the output side is not registered: m_valid and
 * m_data are a choice between the register and the input.
 * (dma_wr and dma_rd put one behind each burst generator: its walk
 * enables then wait for s_ready only; docs/dma.md section 8.)
 *
 * Handshake: valid/ready on both sides. Reset and `clear` empty the buffer
 * at the clock edge; in the clearing cycle itself m_valid still shows
 * what is offered, and the consumer must not take it (dma_wr and dma_rd
 * clear with the generator's `stop`, which their ready already includes).
 * The data register is not reset; it loads whenever the buffer is empty.
 */
module dma_bypass #(
    parameter WIDTH = 8  // payload bits
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             clear,      // drop the held beat
    input  wire             s_valid,
    output wire             s_ready,
    input  wire [WIDTH-1:0] s_data,
    output wire             m_valid,
    input  wire             m_ready,
    output wire [WIDTH-1:0] m_data
);

reg             full_reg;   // a beat is held
reg [WIDTH-1:0] data_reg;

assign s_ready = !full_reg;
assign m_valid = full_reg || s_valid;
assign m_data  = full_reg ? data_reg : s_data;

always @(posedge clk) begin
    if (rst) begin
        full_reg <= 1'b0;
    end else begin
        // a beat on offer and not taken stays (held, or caught now)
        full_reg <= !clear && m_valid && !m_ready;
    end
    // (its enable is the register alone: while empty the register follows
    // the input, so it holds the beat that was not taken)
    if (!full_reg) begin
        data_reg <= s_data;
    end
end

endmodule

`resetall
