`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_skid: a register slice (skid buffer) for one valid/ready channel.
 *
 * Both sides are registered: m_valid/m_data come from a register, and so
 * does s_ready, so no path runs from m_ready to s_ready or from s_valid to
 * m_valid within a cycle. A second (skid) register catches the beat that
 * arrives in the cycle the output stalls, so the channel still moves one
 * beat per cycle. Latency: one cycle.
 *
 * Handshake: valid/ready on both sides (a beat moves when valid and ready
 * are both high). Reset and `clear` empty both registers (a beat offered
 * in the clearing cycle is dropped); the data registers are not reset.
 */
module dma_skid #(
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

reg             s_ready_reg, s_ready_next;
reg             m_valid_reg, m_valid_next;
reg [WIDTH-1:0] m_data_reg,  m_data_next;
reg             t_valid_reg, t_valid_next;  // skid register, full only while s_ready is low
reg [WIDTH-1:0] t_data_reg,  t_data_next;

(* keep *) wire m_load;  // the output register's enable (below)
assign m_load  = m_ready || !m_valid_reg;
assign s_ready = s_ready_reg;
assign m_valid = m_valid_reg;
assign m_data  = m_data_reg;

always @* begin
    m_valid_next = m_valid_reg;
    m_data_next  = m_data_reg;
    t_valid_next = t_valid_reg;
    t_data_next  = t_data_reg;

    // ready next cycle unless a beat would then have nowhere to go: the
    // output holds one that is not taken and the skid register is full,
    // or is about to be filled
    s_ready_next = m_ready || (!t_valid_reg && (!m_valid_reg || !s_valid));

    // the skid register takes s_data whenever the input is ready: it is
    // empty then (t_valid_reg implies !s_ready_reg), and only t_valid says
    // whether it holds a beat, so its enable does not wait for m_ready
    if (s_ready_reg)
        t_data_next = s_data;

    // the output register loads whenever its word is taken or it holds
    // none: one gate of m_ready and a flip-flop (m_load, kept apart so that
    // it sits by the registers it enables), the source picked by a
    // flip-flop (with the input not ready the skid register holds the next
    // word, or nothing and the output stays empty)
    if (m_load)
        m_data_next = s_ready_reg ? s_data : t_data_reg;
    if (s_ready_reg) begin
        if (m_load) begin
            m_valid_next = s_valid;
        end else begin
            t_valid_next = s_valid;
        end
    end else if (m_ready) begin
        m_valid_next = t_valid_reg;
        t_valid_next = 1'b0;
    end

    if (clear) begin
        s_ready_next = 1'b1;
        m_valid_next = 1'b0;
        t_valid_next = 1'b0;
    end
end

always @(posedge clk) begin
    if (rst) begin
        s_ready_reg <= 1'b0;
        m_valid_reg <= 1'b0;
        t_valid_reg <= 1'b0;
    end else begin
        s_ready_reg <= s_ready_next;
        m_valid_reg <= m_valid_next;
        t_valid_reg <= t_valid_next;
    end
    m_data_reg <= m_data_next;
    t_data_reg <= t_data_next;
end

endmodule

`resetall
