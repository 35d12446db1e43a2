`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * axi_arb2: two AXI4 masters (s0_*, s1_*) onto one slave (m_*)
 * (docs/board.md section 1).
 *
 * Reads and writes are arbitrated separately. A read grant is decided in
 * the cycle after ARVALID (round robin when both ask) and held until the
 * R beat with RLAST has been handed over; a write grant likewise from
 * AWVALID until the B handshake. While a master holds a grant its one
 * address handshake passes, then its address channel is closed until the
 * burst ends, so one burst per direction is in flight and the responses
 * (whatever their ID) belong to the granted master. IDs pass unchanged.
 *
 * The granted channels pass through combinationally (the grant itself is
 * a flop): READY to a master is the slave's READY gated by the grant, so
 * the slave must not make its READY depend on VALID (axi_bram does not).
 * Latency: one cycle of arbitration per burst, none per beat.
 */
module axi_arb2 #(
    parameter DATA_WIDTH = 64,  // AXI data bits
    parameter ADDR_WIDTH = 32,  // AXI address bits
    parameter ID_WIDTH   = 4    // AXI ID bits
) (
    input  wire                    clk,
    input  wire                    rst,
    // master 0
    input  wire [ID_WIDTH-1:0]     s0_axi_awid,
    input  wire [ADDR_WIDTH-1:0]   s0_axi_awaddr,
    input  wire [7:0]              s0_axi_awlen,
    input  wire [2:0]              s0_axi_awsize,
    input  wire [1:0]              s0_axi_awburst,
    input  wire                    s0_axi_awvalid,
    output wire                    s0_axi_awready,
    input  wire [DATA_WIDTH-1:0]   s0_axi_wdata,
    input  wire [DATA_WIDTH/8-1:0] s0_axi_wstrb,
    input  wire                    s0_axi_wlast,
    input  wire                    s0_axi_wvalid,
    output wire                    s0_axi_wready,
    output wire [ID_WIDTH-1:0]     s0_axi_bid,
    output wire [1:0]              s0_axi_bresp,
    output wire                    s0_axi_bvalid,
    input  wire                    s0_axi_bready,
    input  wire [ID_WIDTH-1:0]     s0_axi_arid,
    input  wire [ADDR_WIDTH-1:0]   s0_axi_araddr,
    input  wire [7:0]              s0_axi_arlen,
    input  wire [2:0]              s0_axi_arsize,
    input  wire [1:0]              s0_axi_arburst,
    input  wire                    s0_axi_arvalid,
    output wire                    s0_axi_arready,
    output wire [ID_WIDTH-1:0]     s0_axi_rid,
    output wire [DATA_WIDTH-1:0]   s0_axi_rdata,
    output wire [1:0]              s0_axi_rresp,
    output wire                    s0_axi_rlast,
    output wire                    s0_axi_rvalid,
    input  wire                    s0_axi_rready,
    // master 1
    input  wire [ID_WIDTH-1:0]     s1_axi_awid,
    input  wire [ADDR_WIDTH-1:0]   s1_axi_awaddr,
    input  wire [7:0]              s1_axi_awlen,
    input  wire [2:0]              s1_axi_awsize,
    input  wire [1:0]              s1_axi_awburst,
    input  wire                    s1_axi_awvalid,
    output wire                    s1_axi_awready,
    input  wire [DATA_WIDTH-1:0]   s1_axi_wdata,
    input  wire [DATA_WIDTH/8-1:0] s1_axi_wstrb,
    input  wire                    s1_axi_wlast,
    input  wire                    s1_axi_wvalid,
    output wire                    s1_axi_wready,
    output wire [ID_WIDTH-1:0]     s1_axi_bid,
    output wire [1:0]              s1_axi_bresp,
    output wire                    s1_axi_bvalid,
    input  wire                    s1_axi_bready,
    input  wire [ID_WIDTH-1:0]     s1_axi_arid,
    input  wire [ADDR_WIDTH-1:0]   s1_axi_araddr,
    input  wire [7:0]              s1_axi_arlen,
    input  wire [2:0]              s1_axi_arsize,
    input  wire [1:0]              s1_axi_arburst,
    input  wire                    s1_axi_arvalid,
    output wire                    s1_axi_arready,
    output wire [ID_WIDTH-1:0]     s1_axi_rid,
    output wire [DATA_WIDTH-1:0]   s1_axi_rdata,
    output wire [1:0]              s1_axi_rresp,
    output wire                    s1_axi_rlast,
    output wire                    s1_axi_rvalid,
    input  wire                    s1_axi_rready,
    // the slave
    output wire [ID_WIDTH-1:0]     m_axi_awid,
    output wire [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output wire [7:0]              m_axi_awlen,
    output wire [2:0]              m_axi_awsize,
    output wire [1:0]              m_axi_awburst,
    output wire                    m_axi_awvalid,
    input  wire                    m_axi_awready,
    output wire [DATA_WIDTH-1:0]   m_axi_wdata,
    output wire [DATA_WIDTH/8-1:0] m_axi_wstrb,
    output wire                    m_axi_wlast,
    output wire                    m_axi_wvalid,
    input  wire                    m_axi_wready,
    input  wire [ID_WIDTH-1:0]     m_axi_bid,
    input  wire [1:0]              m_axi_bresp,
    input  wire                    m_axi_bvalid,
    output wire                    m_axi_bready,
    output wire [ID_WIDTH-1:0]     m_axi_arid,
    output wire [ADDR_WIDTH-1:0]   m_axi_araddr,
    output wire [7:0]              m_axi_arlen,
    output wire [2:0]              m_axi_arsize,
    output wire [1:0]              m_axi_arburst,
    output wire                    m_axi_arvalid,
    input  wire                    m_axi_arready,
    input  wire [ID_WIDTH-1:0]     m_axi_rid,
    input  wire [DATA_WIDTH-1:0]   m_axi_rdata,
    input  wire [1:0]              m_axi_rresp,
    input  wire                    m_axi_rlast,
    input  wire                    m_axi_rvalid,
    output wire                    m_axi_rready
);

// Per direction: a grant (one-hot g0/g1, none while idle), whether the
// address handshake of the granted burst has happened, and who goes
// first next time both ask.
reg rg0_reg, rg1_reg, rdone_reg, rprio1_reg;
reg rg0_next, rg1_next, rdone_next, rprio1_next;
reg wg0_reg, wg1_reg, wdone_reg, wprio1_reg;
reg wg0_next, wg1_next, wdone_next, wprio1_next;

wire ar_hs = m_axi_arvalid && m_axi_arready;
wire r_end = m_axi_rvalid && m_axi_rready && m_axi_rlast;
wire aw_hs = m_axi_awvalid && m_axi_awready;
wire b_end = m_axi_bvalid && m_axi_bready;

always @* begin
    rg0_next = rg0_reg; rg1_next = rg1_reg; rdone_next = rdone_reg; rprio1_next = rprio1_reg;
    if (!rg0_reg && !rg1_reg) begin
        rdone_next = 1'b0;
        if (s0_axi_arvalid && (!s1_axi_arvalid || !rprio1_reg))
            rg0_next = 1'b1;
        else if (s1_axi_arvalid)
            rg1_next = 1'b1;
    end else begin
        if (ar_hs)
            rdone_next = 1'b1;
        if (r_end) begin
            rg0_next    = 1'b0;
            rg1_next    = 1'b0;
            rprio1_next = rg0_reg;  // the other master first next time
        end
    end
end

always @* begin
    wg0_next = wg0_reg; wg1_next = wg1_reg; wdone_next = wdone_reg; wprio1_next = wprio1_reg;
    if (!wg0_reg && !wg1_reg) begin
        wdone_next = 1'b0;
        if (s0_axi_awvalid && (!s1_axi_awvalid || !wprio1_reg))
            wg0_next = 1'b1;
        else if (s1_axi_awvalid)
            wg1_next = 1'b1;
    end else begin
        if (aw_hs)
            wdone_next = 1'b1;
        if (b_end) begin
            wg0_next    = 1'b0;
            wg1_next    = 1'b0;
            wprio1_next = wg0_reg;
        end
    end
end

always @(posedge clk) begin
    rg0_reg <= rg0_next; rg1_reg <= rg1_next; rdone_reg <= rdone_next; rprio1_reg <= rprio1_next;
    wg0_reg <= wg0_next; wg1_reg <= wg1_next; wdone_reg <= wdone_next; wprio1_reg <= wprio1_next;
    if (rst) begin
        rg0_reg <= 1'b0; rg1_reg <= 1'b0; rdone_reg <= 1'b0; rprio1_reg <= 1'b0;
        wg0_reg <= 1'b0; wg1_reg <= 1'b0; wdone_reg <= 1'b0; wprio1_reg <= 1'b0;
    end
end

// read address: the granted master's, open until its handshake
assign m_axi_arid    = rg1_reg ? s1_axi_arid    : s0_axi_arid;
assign m_axi_araddr  = rg1_reg ? s1_axi_araddr  : s0_axi_araddr;
assign m_axi_arlen   = rg1_reg ? s1_axi_arlen   : s0_axi_arlen;
assign m_axi_arsize  = rg1_reg ? s1_axi_arsize  : s0_axi_arsize;
assign m_axi_arburst = rg1_reg ? s1_axi_arburst : s0_axi_arburst;
assign m_axi_arvalid = !rdone_reg && ((rg0_reg && s0_axi_arvalid) || (rg1_reg && s1_axi_arvalid));
assign s0_axi_arready = rg0_reg && !rdone_reg && m_axi_arready;
assign s1_axi_arready = rg1_reg && !rdone_reg && m_axi_arready;
// read data to the granted master
assign s0_axi_rid    = m_axi_rid;
assign s0_axi_rdata  = m_axi_rdata;
assign s0_axi_rresp  = m_axi_rresp;
assign s0_axi_rlast  = m_axi_rlast;
assign s0_axi_rvalid = rg0_reg && m_axi_rvalid;
assign s1_axi_rid    = m_axi_rid;
assign s1_axi_rdata  = m_axi_rdata;
assign s1_axi_rresp  = m_axi_rresp;
assign s1_axi_rlast  = m_axi_rlast;
assign s1_axi_rvalid = rg1_reg && m_axi_rvalid;
assign m_axi_rready  = (rg0_reg && s0_axi_rready) || (rg1_reg && s1_axi_rready);

// write address and data
assign m_axi_awid    = wg1_reg ? s1_axi_awid    : s0_axi_awid;
assign m_axi_awaddr  = wg1_reg ? s1_axi_awaddr  : s0_axi_awaddr;
assign m_axi_awlen   = wg1_reg ? s1_axi_awlen   : s0_axi_awlen;
assign m_axi_awsize  = wg1_reg ? s1_axi_awsize  : s0_axi_awsize;
assign m_axi_awburst = wg1_reg ? s1_axi_awburst : s0_axi_awburst;
assign m_axi_awvalid = !wdone_reg && ((wg0_reg && s0_axi_awvalid) || (wg1_reg && s1_axi_awvalid));
assign s0_axi_awready = wg0_reg && !wdone_reg && m_axi_awready;
assign s1_axi_awready = wg1_reg && !wdone_reg && m_axi_awready;
assign m_axi_wdata   = wg1_reg ? s1_axi_wdata : s0_axi_wdata;
assign m_axi_wstrb   = wg1_reg ? s1_axi_wstrb : s0_axi_wstrb;
assign m_axi_wlast   = wg1_reg ? s1_axi_wlast : s0_axi_wlast;
assign m_axi_wvalid  = (wg0_reg && s0_axi_wvalid) || (wg1_reg && s1_axi_wvalid);
assign s0_axi_wready = wg0_reg && m_axi_wready;
assign s1_axi_wready = wg1_reg && m_axi_wready;
// write response
assign s0_axi_bid    = m_axi_bid;
assign s0_axi_bresp  = m_axi_bresp;
assign s0_axi_bvalid = wg0_reg && m_axi_bvalid;
assign s1_axi_bid    = m_axi_bid;
assign s1_axi_bresp  = m_axi_bresp;
assign s1_axi_bvalid = wg1_reg && m_axi_bvalid;
assign m_axi_bready  = (wg0_reg && s0_axi_bready) || (wg1_reg && s1_axi_bready);

endmodule
`resetall
