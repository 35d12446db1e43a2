`timescale 1ns / 1ps
`default_nettype none
`include "tl_csr.vh"

/*
 * xreset_core_tb: trnlite_core in a four-state simulator (Icarus) with no
 * initial values anywhere, so every flip-flop and memory starts as X.
 * Verilator has no X (test_core_xprop randomizes instead); here an X that
 * a missing reset leaves behind shows as X on an output.
 *
 * Checked in every cycle from the second cycle of reset on: every VALID,
 * READY, irq and trace output is 0 or 1 (no X, no Z), a channel's payload
 * is known whenever its VALID is high, and no AXI4 request is on offer
 * (there is no work).
 * After reset: 50 idle cycles; a read of every CSR offset
 * (0x000..0xFFC), whose response must be known; RUN set with empty rings
 * and 100 more cycles. Prints "XRESET <errors>" at the end; the shell
 * script (test_xreset.sh) fails on anything but 0.
 *
 * The configuration comes from the command line (iverilog -P).
 */
module xreset_core_tb;

parameter ROWS           = 4;
parameter COLS           = 8;
parameter SBUF_PART_LOG2 = 12;
parameter PSUM_BANKS     = 2;
parameter PSUM_BANK_LOG2 = 6;
parameter DATA_WIDTH     = 64;
parameter DMA_QUEUES     = 3;
parameter ACT_LANES      = 2;

localparam IDW = 4;
localparam AW  = 32;

reg clk = 1'b0;
reg rst;
always #5 clk = ~clk;

reg  [11:0] awaddr, araddr;
reg         awvalid, wvalid, bready, arvalid, rready;
reg  [31:0] wdata;
wire        awready, wready, bvalid, arready, rvalid;
wire [1:0]  bresp, rresp;
wire [31:0] rdata;

wire [IDW-1:0]          m_awid, m_arid;
wire [AW-1:0]           m_awaddr, m_araddr;
wire [7:0]              m_awlen, m_arlen;
wire [2:0]              m_awsize, m_arsize, m_awprot, m_arprot;
wire [1:0]              m_awburst, m_arburst;
wire                    m_awlock, m_arlock;
wire [3:0]              m_awcache, m_arcache;
wire                    m_awvalid, m_wlast, m_wvalid, m_bready, m_arvalid, m_rready;
wire [DATA_WIDTH-1:0]   m_wdata;
wire [DATA_WIDTH/8-1:0] m_wstrb;
wire                    irq;
wire [2:0]              trc_issue, trc_done, trc_wait, trc_nop;
wire [3:0]              trc_dma_queue;
wire [DMA_QUEUES-1:0]   trc_dma_done;

trnlite_core #(
    .ROWS(ROWS), .COLS(COLS), .SBUF_PART_LOG2(SBUF_PART_LOG2), .PSUM_BANKS(PSUM_BANKS),
    .PSUM_BANK_LOG2(PSUM_BANK_LOG2), .DATA_WIDTH(DATA_WIDTH), .ADDR_WIDTH(AW), .ID_WIDTH(IDW),
    .DMA_QUEUES(DMA_QUEUES), .CVT_LANES(1), .ACT_LANES(ACT_LANES)
) dut (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(awaddr), .s_axil_awprot(3'd0), .s_axil_awvalid(awvalid), .s_axil_awready(awready),
    .s_axil_wdata(wdata), .s_axil_wstrb(4'hF), .s_axil_wvalid(wvalid), .s_axil_wready(wready),
    .s_axil_bresp(bresp), .s_axil_bvalid(bvalid), .s_axil_bready(bready),
    .s_axil_araddr(araddr), .s_axil_arprot(3'd0), .s_axil_arvalid(arvalid), .s_axil_arready(arready),
    .s_axil_rdata(rdata), .s_axil_rresp(rresp), .s_axil_rvalid(rvalid), .s_axil_rready(rready),
    .m_axi_awid(m_awid), .m_axi_awaddr(m_awaddr), .m_axi_awlen(m_awlen), .m_axi_awsize(m_awsize),
    .m_axi_awburst(m_awburst), .m_axi_awlock(m_awlock), .m_axi_awcache(m_awcache), .m_axi_awprot(m_awprot),
    .m_axi_awvalid(m_awvalid), .m_axi_awready(1'b1),
    .m_axi_wdata(m_wdata), .m_axi_wstrb(m_wstrb), .m_axi_wlast(m_wlast), .m_axi_wvalid(m_wvalid),
    .m_axi_wready(1'b1),
    .m_axi_bid({IDW{1'b0}}), .m_axi_bresp(2'd0), .m_axi_bvalid(1'b0), .m_axi_bready(m_bready),
    .m_axi_arid(m_arid), .m_axi_araddr(m_araddr), .m_axi_arlen(m_arlen), .m_axi_arsize(m_arsize),
    .m_axi_arburst(m_arburst), .m_axi_arlock(m_arlock), .m_axi_arcache(m_arcache), .m_axi_arprot(m_arprot),
    .m_axi_arvalid(m_arvalid), .m_axi_arready(1'b1),
    .m_axi_rid({IDW{1'b0}}), .m_axi_rdata({DATA_WIDTH{1'b0}}), .m_axi_rresp(2'd0), .m_axi_rlast(1'b0),
    .m_axi_rvalid(1'b0), .m_axi_rready(m_rready),
    .irq(irq),
    .trc_issue(trc_issue), .trc_done(trc_done), .trc_wait(trc_wait), .trc_nop(trc_nop),
    .trc_dma_queue(trc_dma_queue), .trc_dma_done(trc_dma_done)
);

// Handshake and side-band outputs must always be known; a channel's
// payload only while its VALID is high (AXI: the payload means nothing
// otherwise, so datapath registers need no reset). ^ of a vector with an
// X or Z bit is X.
wire [31:0] ctrl = {awready, wready, bvalid, arready, rvalid, m_awvalid, m_wvalid, m_bready, m_arvalid,
                    m_rready, irq, trc_issue, trc_done, trc_wait, trc_nop, trc_dma_done};
wire ctrl_x = ^ctrl === 1'bx;
wire pay_x  = (bvalid === 1'b1 && ^bresp === 1'bx) || (rvalid === 1'b1 && ^{rdata, rresp} === 1'bx) ||
              (m_awvalid === 1'b1 && ^{m_awid, m_awaddr, m_awlen, m_awsize, m_awburst, m_awlock, m_awcache,
                                      m_awprot} === 1'bx) ||
              (m_wvalid === 1'b1 && ^{m_wdata, m_wstrb, m_wlast} === 1'bx) ||
              (m_arvalid === 1'b1 && ^{m_arid, m_araddr, m_arlen, m_arsize, m_arburst, m_arlock, m_arcache,
                                      m_arprot} === 1'bx) ||
              (trc_issue[0] === 1'b1 && ^trc_dma_queue === 1'bx);

integer errors = 0;
integer cycle = 0;
reg     checking = 1'b0;
always @(posedge clk) begin
    cycle <= cycle + 1;
    if (checking && (ctrl_x || pay_x)) begin
        errors = errors + 1;
        if (errors <= 10)
            $display("cycle %0d: X or Z on an output: awready %b wready %b bvalid %b arready %b rvalid %b rdata %h m_awvalid %b m_wvalid %b m_arvalid %b m_bready %b m_rready %b irq %b trc %b %b %b %b %b",
                     cycle, awready, wready, bvalid, arready, rvalid, rdata, m_awvalid, m_wvalid, m_arvalid,
                     m_bready, m_rready, irq, trc_issue, trc_done, trc_wait, trc_nop, trc_dma_done);
    end
    if (checking && (m_awvalid !== 1'b0 || m_wvalid !== 1'b0 || m_arvalid !== 1'b0)) begin
        errors = errors + 1;
        if (errors <= 10)
            $display("cycle %0d: a bus request with no work (awvalid %b wvalid %b arvalid %b)", cycle, m_awvalid,
                     m_wvalid, m_arvalid);
    end
end

task csr_read(input [11:0] a);
    integer t;
    begin
        araddr = a; arvalid = 1'b1; rready = 1'b1;
        @(posedge clk);
        for (t = 0; t < 50 && arready !== 1'b1; t = t + 1) @(posedge clk);
        #1 arvalid = 1'b0;
        for (t = 0; t < 50 && rvalid !== 1'b1; t = t + 1) @(posedge clk);
        if (rvalid !== 1'b1 || ^{rdata, rresp} === 1'bx) begin
            errors = errors + 1;
            if (errors <= 10) $display("CSR 0x%03h: read response %b data %h resp %b", a, rvalid, rdata, rresp);
        end
        @(posedge clk);
        #1 rready = 1'b0;
    end
endtask

task csr_write(input [11:0] a, input [31:0] v);
    integer t;
    begin
        awaddr = a; wdata = v; awvalid = 1'b1; wvalid = 1'b1; bready = 1'b1;
        @(posedge clk);
        for (t = 0; t < 50 && !(awready === 1'b1 && wready === 1'b1); t = t + 1) @(posedge clk);
        #1 awvalid = 1'b0; wvalid = 1'b0;
        for (t = 0; t < 50 && bvalid !== 1'b1; t = t + 1) @(posedge clk);
        if (bvalid !== 1'b1 || ^bresp === 1'bx) begin
            errors = errors + 1;
            if (errors <= 10) $display("CSR 0x%03h: write response %b resp %b", a, bvalid, bresp);
        end
        @(posedge clk);
        #1 bready = 1'b0;
    end
endtask

integer i;
initial begin
    rst = 1'b1;
    awaddr = 0; araddr = 0; awvalid = 0; wvalid = 0; bready = 0; arvalid = 0; rready = 0; wdata = 0;
    @(posedge clk);
    #1 checking = 1'b1;             // from the second cycle of reset on
    repeat (8) @(posedge clk);
    #1 rst = 1'b0;
    repeat (50) @(posedge clk);
    for (i = 0; i < 1024; i = i + 1)
        csr_read(i * 4);
    csr_write(`TL_CSR_CTRL, 32'h1); // RUN with every ring empty: still no bus request
    repeat (100) @(posedge clk);
    $display("XRESET %0d (%0d cycles, %0d CSR offsets read)", errors, cycle, 1024);
    $finish;
end

endmodule

`default_nettype wire
