`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * bridge_rx: the request-frame parser of the UART bridge (docs/board.md
 * section 2).
 *
 * Takes bytes from uart_rx. Outside a frame it drops every byte but the
 * start byte 0xA5, and ignores even that while en is low (the bridge is
 * busy). In a frame it collects SEQ, OP, LEN, ADDR, the payload and the
 * CRC, computing CRC-16/CCITT-FALSE over SEQ..payload. Payload bytes of a
 * memory write are packed into 64-bit little-endian words and written to
 * the payload buffer (buf_we, word index buf_addr); a CSR write's 4
 * bytes come out as frm_wdata.
 *
 * At the end of a frame frm_valid pulses for one cycle with the fields and
 * frm_status: 0 (CRC good), 1 BAD_CRC, 4 TRUNCATED (no byte for
 * GAP_CYCLES cycles inside the frame; SEQ/OP as far as received, else 0).
 * The payload length comes from OP: CSR_WRITE 4 bytes, MEM_WRITE with
 * LEN < 32 (LEN+1)*8 bytes, anything else none.
 */
module bridge_rx #(
    parameter GAP_CYCLES = 131072  // inter-byte timeout inside a frame, cycles (>= 16)
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,     // a byte from uart_rx
    input  wire [7:0]  in_data,
    input  wire        en,           // may start a frame
    output wire        frm_valid,    // one-cycle pulse: a frame ended
    output wire [3:0]  frm_status,   // 0 ok, 1 BAD_CRC, 4 TRUNCATED
    output wire [7:0]  frm_seq,
    output wire [7:0]  frm_op,
    output wire [7:0]  frm_len,
    output wire [31:0] frm_addr,
    output wire [31:0] frm_wdata,    // CSR_WRITE payload
    output wire        buf_we,       // a payload word for the buffer
    output wire [4:0]  buf_addr,
    output wire [63:0] buf_wdata
);
localparam integer GW = $clog2(GAP_CYCLES + 1);
localparam [31:0]   GAP32 = GAP_CYCLES;
localparam [GW-1:0] GAP = GAP32[GW-1:0];
localparam [7:0] SOF = 8'hA5;
localparam [7:0] OP_CSR_WRITE = 8'h03, OP_MEM_WRITE = 8'h05;
localparam [3:0] ST_OK = 4'd0, ST_BAD_CRC = 4'd1, ST_TRUNC = 4'd4;
localparam [1:0] S_HUNT = 2'd0, S_HDR = 2'd1, S_PAY = 2'd2, S_CRC = 2'd3;

`ifndef SYNTHESIS
initial begin
    if (GAP_CYCLES < 16)
        $error("bridge_rx: GAP_CYCLES must be >= 16 (instance %m)");
end
`endif
generate
    if (GAP_CYCLES < 16) begin : bad_gap
        bridge_rx_bad_parameter_GAP_CYCLES bad ();
    end
endgenerate

reg [1:0]    state_reg, state_next;
reg [8:0]    idx_reg, idx_next;        // byte index within the field group
reg [8:0]    plen_reg, plen_next;      // payload bytes
reg [GW-1:0] gap_reg, gap_next;
reg [7:0]    seq_reg, seq_next, op_reg, op_next, len_reg, len_next;
reg [31:0]   addr_reg, addr_next;
reg [63:0]   word_reg, word_next;      // payload bytes, shifted in from the top
reg [4:0]    widx_reg, widx_next;
reg          we_reg, we_next;
reg [7:0]    crc_lo_reg, crc_lo_next;
reg          fv_reg, fv_next;
reg [3:0]    fst_reg, fst_next;
reg          crc_clear, crc_take;
wire [15:0]  crc;

always @* begin
    state_next  = state_reg;
    idx_next    = idx_reg;
    plen_next   = plen_reg;
    gap_next    = gap_reg + 1'b1;
    seq_next    = seq_reg;
    op_next     = op_reg;
    len_next    = len_reg;
    addr_next   = addr_reg;
    word_next   = word_reg;
    widx_next   = widx_reg;
    we_next     = 1'b0;
    crc_lo_next = crc_lo_reg;
    fv_next     = 1'b0;
    fst_next    = fst_reg;
    crc_clear   = 1'b0;
    crc_take    = 1'b0;
    if (in_valid)
        gap_next = {GW{1'b0}};
    case (state_reg)
        S_HUNT: begin
            gap_next = {GW{1'b0}};
            if (in_valid && en && in_data == SOF) begin
                state_next = S_HDR;
                idx_next   = 9'd0;
                seq_next   = 8'd0;
                op_next    = 8'd0;
                len_next   = 8'd0;
                addr_next  = 32'd0;
                widx_next  = 5'd0;
                crc_clear  = 1'b1;
            end
        end
        S_HDR: begin
            if (in_valid) begin
                crc_take = 1'b1;
                idx_next = idx_reg + 9'd1;
                case (idx_reg[2:0])
                    3'd0: seq_next = in_data;
                    3'd1: op_next  = in_data;
                    3'd2: len_next = in_data;
                    3'd3: addr_next[7:0]   = in_data;
                    3'd4: addr_next[15:8]  = in_data;
                    3'd5: addr_next[23:16] = in_data;
                    default: addr_next[31:24] = in_data;
                endcase
                if (idx_reg == 9'd6) begin
                    idx_next = 9'd0;
                    if (op_reg == OP_CSR_WRITE)
                        plen_next = 9'd4;
                    else if (op_reg == OP_MEM_WRITE && len_reg[7:5] == 3'd0)
                        plen_next = {1'b0, len_reg[4:0], 3'b000} + 9'd8;
                    else
                        plen_next = 9'd0;
                    state_next = (plen_next == 9'd0) ? S_CRC : S_PAY;
                end
            end
        end
        S_PAY: begin
            if (in_valid) begin
                crc_take  = 1'b1;
                word_next = {in_data, word_reg[63:8]};
                idx_next  = idx_reg + 9'd1;
                if (idx_reg[2:0] == 3'd7 && op_reg == OP_MEM_WRITE)
                    we_next = 1'b1;
                if (idx_next == plen_reg) begin
                    idx_next   = 9'd0;
                    state_next = S_CRC;
                end
            end
        end
        S_CRC: begin
            if (in_valid) begin
                idx_next    = idx_reg + 9'd1;
                crc_lo_next = in_data;
                if (idx_reg != 9'd0) begin
                    fv_next    = 1'b1;
                    fst_next   = (crc == {in_data, crc_lo_reg}) ? ST_OK : ST_BAD_CRC;
                    state_next = S_HUNT;
                end
            end
        end
        default: state_next = S_HUNT;
    endcase
    if (state_reg != S_HUNT && !in_valid && gap_reg == GAP) begin
        fv_next    = 1'b1;
        fst_next   = ST_TRUNC;
        state_next = S_HUNT;
    end
end

always @(posedge clk) begin
    state_reg  <= state_next;
    idx_reg    <= idx_next;
    plen_reg   <= plen_next;
    gap_reg    <= gap_next;
    seq_reg    <= seq_next;
    op_reg     <= op_next;
    len_reg    <= len_next;
    addr_reg   <= addr_next;
    word_reg   <= word_next;
    widx_reg   <= we_reg ? widx_reg + 5'd1 : widx_next;
    we_reg     <= we_next;
    crc_lo_reg <= crc_lo_next;
    fv_reg     <= fv_next;
    fst_reg    <= fst_next;
    if (rst) begin
        state_reg <= S_HUNT;
        we_reg    <= 1'b0;
        fv_reg    <= 1'b0;
    end
end

crc16_ccitt u_crc (
    .clk      (clk),
    .rst      (rst),
    .clear    (crc_clear),
    .in_valid (crc_take),
    .in_data  (in_data),
    .crc      (crc)
);

assign frm_valid  = fv_reg;
assign frm_status = fst_reg;
assign frm_seq    = seq_reg;
assign frm_op     = op_reg;
assign frm_len    = len_reg;
assign frm_addr   = addr_reg;
assign frm_wdata  = word_reg[63:32];
assign buf_we     = we_reg;
assign buf_addr   = widx_reg;
assign buf_wdata  = word_reg;

endmodule
`resetall
