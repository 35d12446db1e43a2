`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * axi_bram: the board's DRAM, block RAM behind an AXI4 slave
 * (docs/board.md section 1).
 *
 * 2^SIZE_LOG2 bytes at BASE (BASE aligned to the size). INCR bursts of up
 * to 256 full-width beats; WSTRB honoured per byte. A burst that starts or
 * ends outside [BASE, BASE + 2^SIZE_LOG2) is answered DECERR on every
 * beat (reads: data 0) and writes nothing; a burst type other than INCR or
 * a size other than the full width, SLVERR, likewise.
 *
 * Reads and writes are independent (one write port, one read port), one
 * burst of each at a time. Writes: AW, then the W beats one per cycle,
 * then B. Reads: AR, then R beats one per cycle while RREADY is high;
 * the block RAM's output is registered and feeds a two-entry output
 * buffer, so RVALID, RDATA and the READYs all come from flops.
 * First R beat 3 cycles after the AR handshake.
 */
module axi_bram #(
    parameter DATA_WIDTH = 64,            // AXI data bits
    parameter ADDR_WIDTH = 32,            // AXI address bits
    parameter ID_WIDTH   = 4,             // AXI ID bits
    parameter BASE       = 32'h8000_0000, // first byte address
    parameter SIZE_LOG2  = 18             // log2 bytes
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire [ID_WIDTH-1:0]     s_axi_awid,
    input  wire [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  wire [7:0]              s_axi_awlen,
    input  wire [2:0]              s_axi_awsize,
    input  wire [1:0]              s_axi_awburst,
    input  wire                    s_axi_awvalid,
    output wire                    s_axi_awready,
    input  wire [DATA_WIDTH-1:0]   s_axi_wdata,
    input  wire [DATA_WIDTH/8-1:0] s_axi_wstrb,
    input  wire                    s_axi_wlast,
    input  wire                    s_axi_wvalid,
    output wire                    s_axi_wready,
    output wire [ID_WIDTH-1:0]     s_axi_bid,
    output wire [1:0]              s_axi_bresp,
    output wire                    s_axi_bvalid,
    input  wire                    s_axi_bready,
    input  wire [ID_WIDTH-1:0]     s_axi_arid,
    input  wire [ADDR_WIDTH-1:0]   s_axi_araddr,
    input  wire [7:0]              s_axi_arlen,
    input  wire [2:0]              s_axi_arsize,
    input  wire [1:0]              s_axi_arburst,
    input  wire                    s_axi_arvalid,
    output wire                    s_axi_arready,
    output wire [ID_WIDTH-1:0]     s_axi_rid,
    output wire [DATA_WIDTH-1:0]   s_axi_rdata,
    output wire [1:0]              s_axi_rresp,
    output wire                    s_axi_rlast,
    output wire                    s_axi_rvalid,
    input  wire                    s_axi_rready
);
localparam integer STRB = DATA_WIDTH / 8;
localparam integer WBL  = $clog2(STRB);          // log2 bytes per word
localparam integer WA   = SIZE_LOG2 - WBL;       // word address bits
localparam [31:0]  WBL32 = WBL;
localparam [2:0]   FULL_SIZE = WBL32[2:0];      // AxSIZE of a full-width beat
localparam [ADDR_WIDTH-1:0] BASE_A = BASE;
localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10, DECERR = 2'b11;
localparam [1:0] BURST_INCR = 2'b01;
localparam [1:0] W_IDLE = 2'd0, W_DATA = 2'd1, W_RESP = 2'd2;

`ifndef SYNTHESIS
initial begin
    if (DATA_WIDTH != 32 && DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256)
        $error("axi_bram: DATA_WIDTH must be 32, 64, 128 or 256 (instance %m)");
    if (SIZE_LOG2 <= WBL || SIZE_LOG2 >= ADDR_WIDTH)
        $error("axi_bram: SIZE_LOG2 must be above log2(bytes per word) and below ADDR_WIDTH (instance %m)");
    if ((BASE_A & ((1 << SIZE_LOG2) - 1)) != 0)
        $error("axi_bram: BASE must be aligned to 2^SIZE_LOG2 (instance %m)");
end
`endif
generate
    if (SIZE_LOG2 <= WBL || SIZE_LOG2 >= ADDR_WIDTH) begin : bad_size
        axi_bram_bad_parameter_SIZE_LOG2 bad ();
    end
endgenerate

// The response a burst [addr, addr + (len+1) words) gets.
function [1:0] burst_resp(input [ADDR_WIDTH-1:0] addr, input [7:0] len, input [2:0] size, input [1:0] burst);
    reg [ADDR_WIDTH:0] last;
    begin
        last = {1'b0, addr} + ({{(ADDR_WIDTH-7){1'b0}}, len} << WBL);
        if (burst != BURST_INCR || size != FULL_SIZE)
            burst_resp = SLVERR;
        else if (addr[ADDR_WIDTH-1:SIZE_LOG2] != BASE_A[ADDR_WIDTH-1:SIZE_LOG2] || last[ADDR_WIDTH]
                 || last[ADDR_WIDTH-1:SIZE_LOG2] != BASE_A[ADDR_WIDTH-1:SIZE_LOG2])
            burst_resp = DECERR;
        else
            burst_resp = OKAY;
    end
endfunction

// ---- write side -------------------------------------------------------
reg [1:0]          wstate_reg, wstate_next;
reg [ID_WIDTH-1:0] wid_reg, wid_next;
reg [WA-1:0]       waddr_reg, waddr_next;
reg [1:0]          wresp_reg, wresp_next;
reg [STRB-1:0]     mem_we;

always @* begin
    wstate_next = wstate_reg;
    wid_next    = wid_reg;
    waddr_next  = waddr_reg;
    wresp_next  = wresp_reg;
    mem_we      = {STRB{1'b0}};
    case (wstate_reg)
        W_IDLE: begin
            if (s_axi_awvalid) begin
                wid_next    = s_axi_awid;
                waddr_next  = s_axi_awaddr[SIZE_LOG2-1:WBL];
                wresp_next  = burst_resp(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst);
                wstate_next = W_DATA;
            end
        end
        W_DATA: begin
            if (s_axi_wvalid) begin
                if (wresp_reg == OKAY)
                    mem_we = s_axi_wstrb;
                waddr_next = waddr_reg + 1'b1;
                if (s_axi_wlast)
                    wstate_next = W_RESP;
            end
        end
        W_RESP: begin
            if (s_axi_bready)
                wstate_next = W_IDLE;
        end
        default: wstate_next = W_IDLE;
    endcase
end

always @(posedge clk) begin
    wstate_reg <= wstate_next;
    wid_reg    <= wid_next;
    waddr_reg  <= waddr_next;
    wresp_reg  <= wresp_next;
    if (rst)
        wstate_reg <= W_IDLE;
end

assign s_axi_awready = wstate_reg == W_IDLE;
assign s_axi_wready  = wstate_reg == W_DATA;
assign s_axi_bvalid  = wstate_reg == W_RESP;
assign s_axi_bid     = wid_reg;
assign s_axi_bresp   = wresp_reg;

// ---- read side --------------------------------------------------------
// Issue: one word read per cycle while beats are left and the output
// buffer (2 entries) will have room for it; the word arrives one cycle
// later (registered block-RAM output) and enters the buffer.
reg                  ractive_reg, ractive_next;
reg [ID_WIDTH-1:0]   rid_reg, rid_next;
reg [WA-1:0]         raddr_reg, raddr_next;
reg [7:0]            rleft_reg, rleft_next;   // beats still to issue, minus 1
reg [1:0]            rresp_reg, rresp_next;
reg                  fl_v_reg, fl_last_reg;   // a word in flight in the block RAM
reg [1:0]            fl_resp_reg;
reg [1:0]            cnt_reg, cnt_next;       // output buffer entries
reg [DATA_WIDTH+2:0] s0_reg, s0_next, s1_reg, s1_next; // {last, resp, data}
reg                  issue;
wire [DATA_WIDTH-1:0] mem_q;

wire pop = cnt_reg != 2'd0 && s_axi_rready;

always @* begin
    ractive_next = ractive_reg;
    rid_next     = rid_reg;
    raddr_next   = raddr_reg;
    rleft_next   = rleft_reg;
    rresp_next   = rresp_reg;
    issue        = 1'b0;
    if (!ractive_reg) begin
        if (s_axi_arvalid) begin
            ractive_next = 1'b1;
            rid_next     = s_axi_arid;
            raddr_next   = s_axi_araddr[SIZE_LOG2-1:WBL];
            rleft_next   = s_axi_arlen;
            rresp_next   = burst_resp(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst);
        end
    end else if ({1'b0, cnt_reg} + {2'b00, fl_v_reg} - {2'b00, pop} < 3'd2) begin
        issue      = 1'b1;
        raddr_next = raddr_reg + 1'b1;
        rleft_next = rleft_reg - 8'd1;
        if (rleft_reg == 8'd0)
            ractive_next = 1'b0;
    end
end

// the output buffer: pop first, then push the word that arrives
always @* begin
    cnt_next = cnt_reg;
    s0_next  = s0_reg;
    s1_next  = s1_reg;
    if (pop) begin
        s0_next  = s1_reg;
        cnt_next = cnt_next - 2'd1;
    end
    if (fl_v_reg) begin
        if (cnt_next == 2'd0)
            s0_next = {fl_last_reg, fl_resp_reg, fl_resp_reg == OKAY ? mem_q : {DATA_WIDTH{1'b0}}};
        else
            s1_next = {fl_last_reg, fl_resp_reg, fl_resp_reg == OKAY ? mem_q : {DATA_WIDTH{1'b0}}};
        cnt_next = cnt_next + 2'd1;
    end
end

always @(posedge clk) begin
    ractive_reg <= ractive_next;
    rid_reg     <= rid_next;
    raddr_reg   <= raddr_next;
    rleft_reg   <= rleft_next;
    rresp_reg   <= rresp_next;
    fl_v_reg    <= issue;
    fl_last_reg <= rleft_reg == 8'd0;
    fl_resp_reg <= rresp_reg;
    cnt_reg     <= cnt_next;
    s0_reg      <= s0_next;
    s1_reg      <= s1_next;
    if (rst) begin
        ractive_reg <= 1'b0;
        fl_v_reg    <= 1'b0;
        cnt_reg     <= 2'd0;
    end
end

// AR waits until the previous burst's beats are all issued; they may
// still be in the buffer, and RID is taken from the buffer's burst, so
// the next burst waits for the buffer to drain as well.
assign s_axi_arready = !ractive_reg && cnt_reg == 2'd0 && !fl_v_reg;
assign s_axi_rvalid  = cnt_reg != 2'd0;
assign s_axi_rdata   = s0_reg[DATA_WIDTH-1:0];
assign s_axi_rresp   = s0_reg[DATA_WIDTH+1:DATA_WIDTH];
assign s_axi_rlast   = s0_reg[DATA_WIDTH+2];
assign s_axi_rid     = rid_reg;

board_sdpram #(
    .WIDTH      (DATA_WIDTH),
    .DEPTH_LOG2 (WA)
) u_mem (
    .clk     (clk),
    .wr_en   (mem_we),
    .wr_addr (waddr_reg),
    .wr_data (s_axi_wdata),
    .rd_en   (issue && rresp_reg == OKAY),
    .rd_addr (raddr_reg),
    .rd_data (mem_q)
);

endmodule
`resetall
