`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * uart_bridge: the UART-to-bus bridge of the board (docs/board.md
 * section 2): request frames in (bytes from uart_rx), an AXI4-Lite master
 * for the CSRs and an AXI4 master for memory blocks, reply frames out
 * (bytes to uart_tx).
 *
 *   bridge_rx   parses a request, checks its CRC, payload -> rx buffer
 *   (here)      sequence numbers and the stored reply, address and opcode
 *               checks, one bus transaction per frame
 *   bridge_tx   sends the reply, payload from the tx buffer
 *
 * One frame at a time: bytes that arrive while a frame executes or its
 * reply is sent are dropped. The reply to the last executed frame is kept
 * (header, CSR data, memory data in the tx buffer); a good frame with the
 * same SEQ gets it again without executing (section 2.1). BAD_CRC,
 * TRUNCATED and INFO replies leave it alone (INFO forgets it).
 *
 * Bus side: CSR read: AR, then R; CSR write: AW and W together, then B;
 * memory read: AR (INCR, LEN+1 beats of 8 bytes), R beats into the tx
 * buffer; memory write: AW, then each W beat read from the rx buffer (3
 * cycles a beat), then B. Every VALID and READY comes from a flop or the
 * state register. A slave that never answers stalls the bridge (the core
 * and axi_bram always answer).
 */
module uart_bridge #(
    parameter ADDR_WIDTH = 32,            // memory master address bits (32)
    parameter ID_WIDTH   = 4,             // memory master ID bits (ID 0 is used)
    parameter DRAM_BASE  = 32'h8000_0000, // reported by INFO
    parameter DRAM_LOG2  = 18,            // reported by INFO
    parameter GAP_CYCLES = 131072         // inter-byte timeout inside a frame, cycles
) (
    input  wire                  clk,
    input  wire                  rst,
    // bytes
    input  wire                  rx_valid,
    input  wire [7:0]            rx_data,
    output wire                  tx_valid,
    input  wire                  tx_ready,
    output wire [7:0]            tx_data,
    output wire                  err_pulse,  // one cycle: an error reply starts
    // AXI4-Lite master: CSRs
    output wire [11:0]           m_axil_awaddr,
    output wire                  m_axil_awvalid,
    input  wire                  m_axil_awready,
    output wire [31:0]           m_axil_wdata,
    output wire [3:0]            m_axil_wstrb,
    output wire                  m_axil_wvalid,
    input  wire                  m_axil_wready,
    input  wire [1:0]            m_axil_bresp,
    input  wire                  m_axil_bvalid,
    output wire                  m_axil_bready,
    output wire [11:0]           m_axil_araddr,
    output wire                  m_axil_arvalid,
    input  wire                  m_axil_arready,
    input  wire [31:0]           m_axil_rdata,
    input  wire [1:0]            m_axil_rresp,
    input  wire                  m_axil_rvalid,
    output wire                  m_axil_rready,
    // AXI4 master: memory blocks (64-bit)
    output wire [ID_WIDTH-1:0]   m_axi_awid,
    output wire [ADDR_WIDTH-1:0] m_axi_awaddr,
    output wire [7:0]            m_axi_awlen,
    output wire [2:0]            m_axi_awsize,
    output wire [1:0]            m_axi_awburst,
    output wire                  m_axi_awvalid,
    input  wire                  m_axi_awready,
    output wire [63:0]           m_axi_wdata,
    output wire [7:0]            m_axi_wstrb,
    output wire                  m_axi_wlast,
    output wire                  m_axi_wvalid,
    input  wire                  m_axi_wready,
    input  wire [ID_WIDTH-1:0]   m_axi_bid,
    input  wire [1:0]            m_axi_bresp,
    input  wire                  m_axi_bvalid,
    output wire                  m_axi_bready,
    output wire [ID_WIDTH-1:0]   m_axi_arid,
    output wire [ADDR_WIDTH-1:0] m_axi_araddr,
    output wire [7:0]            m_axi_arlen,
    output wire [2:0]            m_axi_arsize,
    output wire [1:0]            m_axi_arburst,
    output wire                  m_axi_arvalid,
    input  wire                  m_axi_arready,
    input  wire [ID_WIDTH-1:0]   m_axi_rid,
    input  wire [63:0]           m_axi_rdata,
    input  wire [1:0]            m_axi_rresp,
    input  wire                  m_axi_rlast,
    input  wire                  m_axi_rvalid,
    output wire                  m_axi_rready
);
localparam [7:0] OP_INFO = 8'h01, OP_CSR_READ = 8'h02, OP_CSR_WRITE = 8'h03,
                 OP_MEM_READ = 8'h04, OP_MEM_WRITE = 8'h05;
localparam [3:0] ST_OK = 4'd0, ST_BAD_ADDR = 4'd2, ST_BUS_ERR = 4'd3, ST_BAD_OP = 4'd5;
localparam [1:0] K_NONE = 2'd0, K_CSR = 2'd1, K_INFO = 2'd2, K_MEM = 2'd3;
localparam [3:0] E_IDLE  = 4'd0,
                 E_CR_A  = 4'd1,   // CSR read: AR
                 E_CR_D  = 4'd2,   //           R
                 E_CW_A  = 4'd3,   // CSR write: AW and W
                 E_CW_B  = 4'd4,   //            B
                 E_MR_A  = 4'd5,   // memory read: AR
                 E_MR_D  = 4'd6,   //              R beats
                 E_MW_A  = 4'd7,   // memory write: AW
                 E_MW_F  = 4'd8,   //               read the rx buffer
                 E_MW_L  = 4'd9,   //               its word into W
                 E_MW_D  = 4'd10,  //               W beat
                 E_MW_B  = 4'd11,  //               B
                 E_DONE  = 4'd12,  // store the reply and send it
                 E_REPLY = 4'd13;  // wait for the reply to be sent

`ifndef SYNTHESIS
initial begin
    if (ADDR_WIDTH != 32)
        $error("uart_bridge: ADDR_WIDTH must be 32 (instance %m)");
    if (ID_WIDTH < 1)
        $error("uart_bridge: ID_WIDTH must be >= 1 (instance %m)");
end
`endif
generate
    if (ADDR_WIDTH != 32) begin : bad_addr
        uart_bridge_bad_parameter_ADDR_WIDTH bad ();
    end
endgenerate

wire        frm_valid;
wire [3:0]  frm_status;
wire [7:0]  frm_seq, frm_op, frm_len;
wire [31:0] frm_addr, frm_wdata;
wire        rxb_we;
wire [4:0]  rxb_waddr;
wire [63:0] rxb_wdata, rxb_q;
wire        tx_busy, txb_re;
wire [4:0]  txb_raddr;
wire [63:0] txb_q;

reg [3:0]  state_reg, state_next;
// the request being executed
reg [4:0]  len_reg, len_next;
reg [31:0] addr_reg, addr_next;
reg [31:0] wdata_reg, wdata_next;
reg [4:0]  beat_reg, beat_next;
reg [1:0]  resp_reg, resp_next;     // first error response of the transaction
// the stored reply
reg        sv_reg, sv_next;
reg [7:0]  sseq_reg, sseq_next, sop_reg, sop_next, sst_reg, sst_next;
reg [1:0]  skind_reg, skind_next;
reg [5:0]  swords_reg, swords_next;
reg [31:0] scsr_reg, scsr_next;
// an immediate reply (BAD_CRC, TRUNCATED, INFO), or the stored one
reg        from_st_reg, from_st_next;
reg [7:0]  iseq_reg, iseq_next, iop_reg, iop_next, ist_reg, ist_next;
reg [1:0]  ikind_reg, ikind_next;
reg        start_reg, start_next;
reg        err_reg, err_next;
// bus channel flops
reg        awv_reg, awv_next, wv_reg, wv_next, arv_reg, arv_next;   // AXI4-Lite
reg        maw_reg, maw_next, mw_reg, mw_next, mar_reg, mar_next;   // AXI4
reg [63:0] mwd_reg, mwd_next;
reg        mwl_reg, mwl_next;
reg        rxb_re, txb_we;

wire mem_op = frm_op == OP_MEM_READ || frm_op == OP_MEM_WRITE;
wire csr_op = frm_op == OP_CSR_READ || frm_op == OP_CSR_WRITE;
wire [9:0] mem_end = {1'b0, frm_addr[11:3]} + {5'd0, frm_len[4:0]}; // last word's index in its 4 KiB page

always @* begin
    state_next   = state_reg;
    len_next     = len_reg;
    addr_next    = addr_reg;
    wdata_next   = wdata_reg;
    beat_next    = beat_reg;
    resp_next    = resp_reg;
    sv_next      = sv_reg;
    sseq_next    = sseq_reg;
    sop_next     = sop_reg;
    sst_next     = sst_reg;
    skind_next   = skind_reg;
    swords_next  = swords_reg;
    scsr_next    = scsr_reg;
    from_st_next = from_st_reg;
    iseq_next    = iseq_reg;
    iop_next     = iop_reg;
    ist_next     = ist_reg;
    ikind_next   = ikind_reg;
    start_next   = 1'b0;
    err_next     = 1'b0;
    awv_next     = awv_reg;
    wv_next      = wv_reg;
    arv_next     = arv_reg;
    maw_next     = maw_reg;
    mw_next      = mw_reg;
    mar_next     = mar_reg;
    mwd_next     = mwd_reg;
    mwl_next     = mwl_reg;
    rxb_re       = 1'b0;
    txb_we       = 1'b0;
    case (state_reg)
        E_IDLE: begin
            if (frm_valid) begin
                iseq_next = frm_seq;
                iop_next  = frm_op;
                if (frm_status != ST_OK) begin
                    // BAD_CRC or TRUNCATED: nothing executed, nothing stored
                    from_st_next = 1'b0;
                    ist_next     = {4'd0, frm_status};
                    ikind_next   = K_NONE;
                    start_next   = 1'b1;
                    err_next     = 1'b1;
                    state_next   = E_REPLY;
                end else if (frm_op == OP_INFO) begin
                    sv_next      = 1'b0;
                    from_st_next = 1'b0;
                    ist_next     = 8'd0;
                    ikind_next   = K_INFO;
                    start_next   = 1'b1;
                    state_next   = E_REPLY;
                end else if (sv_reg && frm_seq == sseq_reg) begin
                    // a retry: the stored reply, not a second execution
                    from_st_next = 1'b1;
                    start_next   = 1'b1;
                    err_next     = sst_reg != 8'd0;
                    state_next   = E_REPLY;
                end else begin
                    sv_next     = 1'b0;
                    sseq_next   = frm_seq;
                    sop_next    = frm_op;
                    skind_next  = K_NONE;
                    swords_next = {1'b0, frm_len[4:0]} + 6'd1;
                    len_next    = frm_len[4:0];
                    addr_next   = frm_addr;
                    wdata_next  = frm_wdata;
                    beat_next   = 5'd0;
                    resp_next   = 2'b00;
                    sst_next    = {4'd0, ST_OK};
                    if (!(mem_op || csr_op) || (csr_op && frm_len != 8'd0) || (mem_op && frm_len[7:5] != 3'd0)) begin
                        sst_next   = {4'd0, ST_BAD_OP};
                        state_next = E_DONE;
                    end else if ((csr_op && (frm_addr[1:0] != 2'd0 || frm_addr[31:12] != 20'd0))
                                 || (mem_op && (frm_addr[2:0] != 3'd0 || mem_end > 10'd511))) begin
                        sst_next   = {4'd0, ST_BAD_ADDR};
                        state_next = E_DONE;
                    end else begin
                        case (frm_op)
                            OP_CSR_READ: begin
                                arv_next   = 1'b1;
                                state_next = E_CR_A;
                            end
                            OP_CSR_WRITE: begin
                                awv_next   = 1'b1;
                                wv_next    = 1'b1;
                                state_next = E_CW_A;
                            end
                            OP_MEM_READ: begin
                                mar_next   = 1'b1;
                                state_next = E_MR_A;
                            end
                            default: begin
                                maw_next   = 1'b1;
                                state_next = E_MW_A;
                            end
                        endcase
                    end
                end
            end
        end
        E_CR_A: begin
            if (m_axil_arready) begin
                arv_next   = 1'b0;
                state_next = E_CR_D;
            end
        end
        E_CR_D: begin
            if (m_axil_rvalid) begin
                scsr_next  = m_axil_rdata;
                resp_next  = m_axil_rresp;
                skind_next = m_axil_rresp == 2'b00 ? K_CSR : K_NONE;
                state_next = E_DONE;
            end
        end
        E_CW_A: begin
            if (m_axil_awready)
                awv_next = 1'b0;
            if (m_axil_wready)
                wv_next = 1'b0;
            if (!awv_next && !wv_next)
                state_next = E_CW_B;
        end
        E_CW_B: begin
            if (m_axil_bvalid) begin
                resp_next  = m_axil_bresp;
                state_next = E_DONE;
            end
        end
        E_MR_A: begin
            if (m_axi_arready) begin
                mar_next   = 1'b0;
                state_next = E_MR_D;
            end
        end
        E_MR_D: begin
            if (m_axi_rvalid) begin
                txb_we    = 1'b1;
                beat_next = beat_reg + 5'd1;
                if (resp_reg == 2'b00)
                    resp_next = m_axi_rresp;
                if (m_axi_rlast) begin
                    skind_next = resp_next == 2'b00 ? K_MEM : K_NONE;
                    state_next = E_DONE;
                end
            end
        end
        E_MW_A: begin
            if (m_axi_awready) begin
                maw_next   = 1'b0;
                state_next = E_MW_F;
            end
        end
        E_MW_F: begin
            rxb_re     = 1'b1;
            state_next = E_MW_L;
        end
        E_MW_L: begin
            mw_next    = 1'b1;
            mwd_next   = rxb_q;
            mwl_next   = beat_reg == len_reg;
            state_next = E_MW_D;
        end
        E_MW_D: begin
            if (m_axi_wready) begin
                mw_next    = 1'b0;
                beat_next  = beat_reg + 5'd1;
                state_next = mwl_reg ? E_MW_B : E_MW_F;
            end
        end
        E_MW_B: begin
            if (m_axi_bvalid) begin
                resp_next  = m_axi_bresp;
                state_next = E_DONE;
            end
        end
        E_DONE: begin
            if (resp_reg != 2'b00)
                sst_next = {2'b00, resp_reg, ST_BUS_ERR};
            sv_next      = 1'b1;
            from_st_next = 1'b1;
            start_next   = 1'b1;
            err_next     = sst_next != 8'd0;
            state_next   = E_REPLY;
        end
        E_REPLY: begin
            if (!start_reg && !tx_busy)
                state_next = E_IDLE;
        end
        default: state_next = E_IDLE;
    endcase
end

always @(posedge clk) begin
    state_reg   <= state_next;
    len_reg     <= len_next;
    addr_reg    <= addr_next;
    wdata_reg   <= wdata_next;
    beat_reg    <= beat_next;
    resp_reg    <= resp_next;
    sv_reg      <= sv_next;
    sseq_reg    <= sseq_next;
    sop_reg     <= sop_next;
    sst_reg     <= sst_next;
    skind_reg   <= skind_next;
    swords_reg  <= swords_next;
    scsr_reg    <= scsr_next;
    from_st_reg <= from_st_next;
    iseq_reg    <= iseq_next;
    iop_reg     <= iop_next;
    ist_reg     <= ist_next;
    ikind_reg   <= ikind_next;
    start_reg   <= start_next;
    err_reg     <= err_next;
    awv_reg     <= awv_next;
    wv_reg      <= wv_next;
    arv_reg     <= arv_next;
    maw_reg     <= maw_next;
    mw_reg      <= mw_next;
    mar_reg     <= mar_next;
    mwd_reg     <= mwd_next;
    mwl_reg     <= mwl_next;
    if (rst) begin
        state_reg <= E_IDLE;
        sv_reg    <= 1'b0;
        start_reg <= 1'b0;
        err_reg   <= 1'b0;
        awv_reg   <= 1'b0;
        wv_reg    <= 1'b0;
        arv_reg   <= 1'b0;
        maw_reg   <= 1'b0;
        mw_reg    <= 1'b0;
        mar_reg   <= 1'b0;
    end
end

bridge_rx #(
    .GAP_CYCLES (GAP_CYCLES)
) u_rx (
    .clk        (clk),
    .rst        (rst),
    .in_valid   (rx_valid),
    .in_data    (rx_data),
    .en         (state_reg == E_IDLE),
    .frm_valid  (frm_valid),
    .frm_status (frm_status),
    .frm_seq    (frm_seq),
    .frm_op     (frm_op),
    .frm_len    (frm_len),
    .frm_addr   (frm_addr),
    .frm_wdata  (frm_wdata),
    .buf_we     (rxb_we),
    .buf_addr   (rxb_waddr),
    .buf_wdata  (rxb_wdata)
);

// request payload (memory write), 32 x 64 bits
board_sdpram #(
    .WIDTH      (64),
    .DEPTH_LOG2 (5)
) u_rx_buf (
    .clk     (clk),
    .wr_en   ({8{rxb_we}}),
    .wr_addr (rxb_waddr),
    .wr_data (rxb_wdata),
    .rd_en   (rxb_re),
    .rd_addr (beat_reg),
    .rd_data (rxb_q)
);

// reply payload (memory read), kept for a retry
board_sdpram #(
    .WIDTH      (64),
    .DEPTH_LOG2 (5)
) u_tx_buf (
    .clk     (clk),
    .wr_en   ({8{txb_we}}),
    .wr_addr (beat_reg),
    .wr_data (m_axi_rdata),
    .rd_en   (txb_re),
    .rd_addr (txb_raddr),
    .rd_data (txb_q)
);

bridge_tx #(
    .DRAM_BASE (DRAM_BASE),
    .DRAM_LOG2 (DRAM_LOG2)
) u_tx (
    .clk       (clk),
    .rst       (rst),
    .start     (start_reg),
    .seq       (from_st_reg ? sseq_reg : iseq_reg),
    .op        (from_st_reg ? sop_reg : iop_reg),
    .status    (from_st_reg ? sst_reg : ist_reg),
    .kind      (from_st_reg ? skind_reg : ikind_reg),
    .words     (swords_reg),
    .csr_data  (scsr_reg),
    .busy      (tx_busy),
    .buf_re    (txb_re),
    .buf_addr  (txb_raddr),
    .buf_rdata (txb_q),
    .out_valid (tx_valid),
    .out_ready (tx_ready),
    .out_data  (tx_data)
);

assign err_pulse = err_reg;

assign m_axil_awaddr  = addr_reg[11:0];
assign m_axil_awvalid = awv_reg;
assign m_axil_wdata   = wdata_reg;
assign m_axil_wstrb   = 4'hF;
assign m_axil_wvalid  = wv_reg;
assign m_axil_bready  = state_reg == E_CW_B;
assign m_axil_araddr  = addr_reg[11:0];
assign m_axil_arvalid = arv_reg;
assign m_axil_rready  = state_reg == E_CR_D;

assign m_axi_awid    = {ID_WIDTH{1'b0}};
assign m_axi_awaddr  = addr_reg;
assign m_axi_awlen   = {3'd0, len_reg};
assign m_axi_awsize  = 3'd3;
assign m_axi_awburst = 2'b01;
assign m_axi_awvalid = maw_reg;
assign m_axi_wdata   = mwd_reg;
assign m_axi_wstrb   = 8'hFF;
assign m_axi_wlast   = mwl_reg;
assign m_axi_wvalid  = mw_reg;
assign m_axi_bready  = state_reg == E_MW_B;
assign m_axi_arid    = {ID_WIDTH{1'b0}};
assign m_axi_araddr  = addr_reg;
assign m_axi_arlen   = {3'd0, len_reg};
assign m_axi_arsize  = 3'd3;
assign m_axi_arburst = 2'b01;
assign m_axi_arvalid = mar_reg;
assign m_axi_rready  = state_reg == E_MR_D;

// IDs: one transaction at a time, so the response is always ours
wire unused = &{1'b0, m_axi_bid, m_axi_rid};

endmodule
`resetall
