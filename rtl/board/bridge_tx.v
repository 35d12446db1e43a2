`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * bridge_tx: the reply-frame builder of the UART bridge (docs/board.md
 * section 2).
 *
 * start (one cycle, while !busy) latches SEQ, OP, STATUS, the payload kind
 * and the CSR data, then sends 0x5A, SEQ, OP, STATUS, the payload and the
 * CRC-16/CCITT-FALSE of SEQ..payload (low byte first) to uart_tx, one
 * byte per out_valid & out_ready. Payload kinds: none; CSR (4 bytes of
 * csr_data); INFO (12 bytes: "TRLB", DRAM_BASE, 2^DRAM_LOG2); MEM
 * (words * 8 bytes read from the reply buffer, word by word: buf_re /
 * buf_addr, data one cycle later on buf_rdata). busy is high from the
 * cycle after start until the last byte has been taken.
 */
module bridge_tx #(
    parameter DRAM_BASE = 32'h8000_0000, // reported by INFO
    parameter DRAM_LOG2 = 18             // reported by INFO: log2 DRAM bytes (< 32)
) (
    input  wire        clk,
    input  wire        rst,
    input  wire        start,
    input  wire [7:0]  seq,
    input  wire [7:0]  op,
    input  wire [7:0]  status,
    input  wire [1:0]  kind,        // 0 none, 1 CSR, 2 INFO, 3 MEM
    input  wire [5:0]  words,       // MEM: 1..32 words of 8 bytes
    input  wire [31:0] csr_data,
    output wire        busy,
    output wire        buf_re,
    output wire [4:0]  buf_addr,
    input  wire [63:0] buf_rdata,
    output wire        out_valid,
    input  wire        out_ready,
    output wire [7:0]  out_data
);
localparam [1:0] K_CSR = 2'd1, K_INFO = 2'd2, K_MEM = 2'd3; // kind 0: no payload
localparam [31:0] MAGIC = 32'h424C5254;  // "TRLB", protocol 1
localparam [31:0] DRAM_SIZE = 32'd1 << DRAM_LOG2;
localparam [31:0] BASE32 = DRAM_BASE;
localparam [2:0] S_IDLE = 3'd0, S_HDR = 3'd1, S_LOAD = 3'd2, S_WAIT = 3'd3, S_PAY = 3'd4, S_CRC = 3'd5;

`ifndef SYNTHESIS
initial begin
    if (DRAM_LOG2 < 1 || DRAM_LOG2 > 31)
        $error("bridge_tx: DRAM_LOG2 must be 1..31 (instance %m)");
end
`endif
generate
    if (DRAM_LOG2 < 1 || DRAM_LOG2 > 31) begin : bad_log2
        bridge_tx_bad_parameter_DRAM_LOG2 bad ();
    end
endgenerate

reg [2:0]  state_reg, state_next;
reg [7:0]  seq_reg, seq_next, op_reg, op_next, st_reg, st_next;
reg [1:0]  kind_reg, kind_next;
reg [31:0] csr_reg, csr_next;
reg [8:0]  left_reg, left_next;    // payload bytes still to send
reg [3:0]  wleft_reg, wleft_next;  // bytes left in the shift register
reg [4:0]  widx_reg, widx_next;    // next payload word
reg [63:0] sh_reg, sh_next;
reg [1:0]  idx_reg, idx_next;      // header / CRC byte index
reg        ov_reg, ov_next;        // a byte is offered
reg [7:0]  od_reg, od_next;
reg        re;
reg        crc_clear, crc_take;
wire [15:0] crc;
wire       taken = ov_reg && out_ready;

always @* begin
    state_next = state_reg;
    seq_next   = seq_reg;
    op_next    = op_reg;
    st_next    = st_reg;
    kind_next  = kind_reg;
    csr_next   = csr_reg;
    left_next  = left_reg;
    wleft_next = wleft_reg;
    widx_next  = widx_reg;
    sh_next    = sh_reg;
    idx_next   = idx_reg;
    ov_next    = ov_reg && !out_ready;
    od_next    = od_reg;
    re         = 1'b0;
    crc_clear  = 1'b0;
    crc_take   = 1'b0;
    case (state_reg)
        S_IDLE: begin
            if (start) begin
                seq_next  = seq;
                op_next   = op;
                st_next   = status;
                kind_next = kind;
                csr_next  = csr_data;
                case (kind)
                    K_CSR:   left_next = 9'd4;
                    K_INFO:  left_next = 9'd12;
                    K_MEM:   left_next = {words, 3'b000};
                    default: left_next = 9'd0;
                endcase
                widx_next  = 5'd0;
                idx_next   = 2'd0;
                crc_clear  = 1'b1;
                ov_next    = 1'b1;
                od_next    = 8'h5A;
                state_next = S_HDR;
            end
        end
        S_HDR: begin
            // SEQ, OP, STATUS after the start byte; CRC from SEQ on
            if (taken) begin
                idx_next = idx_reg + 2'd1;
                ov_next  = 1'b1;
                crc_take = 1'b1;
                case (idx_reg)
                    2'd0: od_next = seq_reg;
                    2'd1: od_next = op_reg;
                    default: od_next = st_reg;
                endcase
                if (idx_reg == 2'd2)
                    state_next = S_LOAD;
            end
        end
        S_LOAD: begin
            // the STATUS byte is offered; load the next payload word
            if (left_reg == 9'd0) begin
                if (taken) begin
                    state_next = S_CRC;
                    idx_next   = 2'd0;
                end
            end else begin
                case (kind_reg)
                    K_CSR: begin
                        sh_next    = {32'd0, csr_reg};
                        wleft_next = 4'd4;
                        state_next = S_PAY;
                    end
                    K_INFO: begin
                        sh_next    = widx_reg == 5'd0 ? {BASE32, MAGIC} : {32'd0, DRAM_SIZE};
                        wleft_next = widx_reg == 5'd0 ? 4'd8 : 4'd4;
                        widx_next  = widx_reg + 5'd1;
                        state_next = S_PAY;
                    end
                    default: begin
                        re         = 1'b1;
                        state_next = S_WAIT;
                    end
                endcase
            end
        end
        S_WAIT: begin
            sh_next    = buf_rdata;
            wleft_next = 4'd8;
            widx_next  = widx_reg + 5'd1;
            state_next = S_PAY;
        end
        S_PAY: begin
            // the byte before is offered until taken; then the next one
            if (!ov_reg || taken) begin
                ov_next    = 1'b1;
                od_next    = sh_reg[7:0];
                crc_take   = 1'b1;
                sh_next    = {8'd0, sh_reg[63:8]};
                wleft_next = wleft_reg - 4'd1;
                left_next  = left_reg - 9'd1;
                if (left_next == 9'd0) begin
                    state_next = S_CRC;
                    idx_next   = 2'd0;
                end else if (wleft_next == 4'd0) begin
                    state_next = S_LOAD;
                end
            end
        end
        S_CRC: begin
            // CRC low, then high byte, each once the byte before is taken
            if (!ov_reg || taken) begin
                if (idx_reg == 2'd2) begin
                    state_next = S_IDLE;
                end else begin
                    ov_next  = 1'b1;
                    od_next  = idx_reg == 2'd0 ? crc[7:0] : crc[15:8];
                    idx_next = idx_reg + 2'd1;
                end
            end
        end
        default: state_next = S_IDLE;
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    seq_reg   <= seq_next;
    op_reg    <= op_next;
    st_reg    <= st_next;
    kind_reg  <= kind_next;
    csr_reg   <= csr_next;
    left_reg  <= left_next;
    wleft_reg <= wleft_next;
    widx_reg  <= widx_next;
    sh_reg    <= sh_next;
    idx_reg   <= idx_next;
    ov_reg    <= ov_next;
    od_reg    <= od_next;
    if (rst) begin
        state_reg <= S_IDLE;
        ov_reg    <= 1'b0;
    end
end

// the CRC takes each byte as it is put on od_next (SEQ..payload)
crc16_ccitt u_crc (
    .clk      (clk),
    .rst      (rst),
    .clear    (crc_clear),
    .in_valid (crc_take),
    .in_data  (od_next),
    .crc      (crc)
);

assign busy      = state_reg != S_IDLE;
assign buf_re    = re;
assign buf_addr  = widx_reg;
assign out_valid = ov_reg;
assign out_data  = od_reg;

endmodule
`resetall
