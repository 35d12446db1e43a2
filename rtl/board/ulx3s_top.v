`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * ulx3s_top: trnlite on the ULX3S (LFE5U-85F), docs/board.md.
 *
 *   clk_25mhz -> EHXPLLL -> CLK_MHZ (50, 40 or 30) clk; btn[0] and the PLL lock -> rst
 *   ftdi_txd -> uart_rx -> uart_bridge -> uart_tx -> ftdi_rxd
 *   uart_bridge AXI4-Lite -> trnlite_core CSRs (or axil_err when CORE=0)
 *   trnlite_core AXI4 (port 0) and uart_bridge AXI4 (port 1) -> axi_arb2
 *     -> the DRAM at DRAM_BASE: axi_bram, 2^DRAM_LOG2 bytes of block RAM,
 *        or (SDRAM=1) sdram_ctrl and the board's 32 MiB SDRAM
 *   led: 0 heartbeat, 1 core DRAM traffic, 2 irq, 3 bridge error reply,
 *        4 PLL locked, 5 byte received, 6 byte sent, 7 in reset
 *
 * `define SIM (simulation only) replaces the PLL with a wire and a lock
 * that is always high: the design then runs on clk_25mhz directly.
 * The core is trnlite_core unchanged, with the parameters below: the
 * core_board row of fpga/configs.mk but 8 KiB SBUF partitions, so that
 * 256 KiB of DRAM fit beside it in block RAM (docs/board.md section 1).
 * CORE=0 builds the board without the core, to try the flow quickly.
 * SDRAM=1 (docs/board.md section 6): the SDRAM runs on clk inverted (an
 * ODDRX1F drives sdram_clk), DQ through tristate pads, read data through
 * a register in each pad; under SIM the DQ pad is split into
 * sdram_dq_in / sdram_dq_out / sdram_dq_oe. With
 * SDRAM=0 the SDRAM pins stay idle (CKE low, CS# high, DQ released).
 */
module ulx3s_top #(
    parameter CORE           = 1,          // 1: trnlite_core; 0: bridge and DRAM only
    parameter ROWS           = 8,          // core: array rows
    parameter COLS           = 4,          // core: array columns
    parameter SBUF_PART_LOG2 = 13,         // core: log2 bytes per SBUF partition (8 KiB: see docs/board.md)
    parameter PSUM_BANKS     = 4,          // core: PSUM banks
    parameter PSUM_BANK_LOG2 = 9,          // core: log2 entries per PSUM bank
    parameter DMA_QUEUES     = 4,          // core: DMA queues
    parameter CLK_MHZ        = 50,         // core clock from the PLL: 50, 40 or 30 (docs/board.md section 2)
    parameter CLKS_PER_BIT   = CLK_MHZ / 2, // UART: clk cycles per bit (CLK_MHZ / 2 Mbaud)
    parameter GAP_CYCLES     = 131072,     // bridge: inter-byte timeout inside a frame
    parameter DRAM_LOG2      = 18,         // log2 bytes of block-RAM DRAM (256 KiB; SDRAM=0)
    parameter SDRAM          = 1,          // 1: the DRAM is the board's SDRAM (sdram_ctrl); 0: block RAM
    parameter SDRAM_COL_BITS = 9,          // SDRAM column bits: 9 for 32 MiB, 10 for a 64 MiB part
    parameter LED_LOG2       = 20          // log2 cycles an event LED stays on
) (
    input  wire       clk_25mhz,
    input  wire [6:0] btn,         // btn[0]: BTN_PWRn, low when pressed
    input  wire       ftdi_txd,    // from the FTDI: our receive line
    output wire       ftdi_rxd,    // to the FTDI: our transmit line
    output wire [7:0] led,
    output wire       wifi_gpio0,  // high: keeps the ESP32 from reconfiguring the FPGA
    output wire        sdram_clk,
    output wire        sdram_cke,
    output wire        sdram_csn,
    output wire        sdram_rasn,
    output wire        sdram_casn,
    output wire        sdram_wen,
    output wire [1:0]  sdram_ba,
    output wire [12:0] sdram_a,
    output wire [1:0]  sdram_dqm,
`ifdef SIM
    input  wire [15:0] sdram_dq_in,
    output wire [15:0] sdram_dq_out,
    output wire        sdram_dq_oe
`else
    inout  wire [15:0] sdram_d
`endif
);
localparam integer DW = 64;
localparam integer AW = 32;
localparam integer IW = 4;
localparam [31:0]  DRAM_BASE = 32'h8000_0000;
// the DRAM's size as INFO reports it: the SDRAM's 4 banks x 8192 rows
localparam integer DRAM_BYTES_LOG2 = SDRAM != 0 ? 13 + SDRAM_COL_BITS + 3 : DRAM_LOG2;

// ---- clock and reset --------------------------------------------------
// a frequency without a PLL setting here fails the build, Yosys included
generate
    if (CLK_MHZ != 50 && CLK_MHZ != 40 && CLK_MHZ != 30) begin : bad_clk
        ulx3s_top_bad_parameter_CLK_MHZ bad ();
    end
endgenerate
wire clk, pll_lock, rst;
`ifdef SIM
assign clk      = clk_25mhz;
assign pll_lock = 1'b1;
`else
// 25 MHz -> CLK_MHZ: CLKOP = 25 / CLKI_DIV * CLKFB_DIV, VCO = CLKOP *
// CLKOP_DIV = 600 MHz (inside the 400-800 MHz the PLL allows). nextpnr
// derives the CLKOP constraint from these dividers and the 25 MHz input
// (the LPF), so no output-frequency attribute is needed.
localparam integer PLL_CLKI_DIV  = CLK_MHZ == 50 ? 1 : 5;
localparam integer PLL_CLKFB_DIV = CLK_MHZ == 50 ? 2 : CLK_MHZ / 5;
localparam integer PLL_CLKOP_DIV = 600 / CLK_MHZ;
(* FREQUENCY_PIN_CLKI = "25" *)
(* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *) (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
EHXPLLL #(
    .PLLRST_ENA ("DISABLED"), .INTFB_WAKE ("DISABLED"), .STDBY_ENABLE ("DISABLED"),
    .DPHASE_SOURCE ("DISABLED"), .OUTDIVIDER_MUXA ("DIVA"), .OUTDIVIDER_MUXB ("DIVB"),
    .OUTDIVIDER_MUXC ("DIVC"), .OUTDIVIDER_MUXD ("DIVD"), .CLKOP_ENABLE ("ENABLED"),
    .FEEDBK_PATH ("CLKOP"), .CLKOP_FPHASE (0),
    .CLKI_DIV (PLL_CLKI_DIV), .CLKFB_DIV (PLL_CLKFB_DIV),
    .CLKOP_DIV (PLL_CLKOP_DIV), .CLKOP_CPHASE (PLL_CLKOP_DIV / 2 - 1)
) u_pll (
    .RST (1'b0), .STDBY (1'b0), .CLKI (clk_25mhz), .CLKOP (clk), .CLKFB (clk), .CLKINTFB (),
    .PHASESEL0 (1'b0), .PHASESEL1 (1'b0), .PHASEDIR (1'b1), .PHASESTEP (1'b1),
    .PHASELOADREG (1'b1), .PLLWAKESYNC (1'b0), .ENCLKOP (1'b0), .LOCK (pll_lock)
);
`endif

board_rst_sync #(
    .HOLD_CYCLES (16)
) u_rst (
    .clk    (clk),
    .rst_in (!btn[0] || !pll_lock),
    .rst    (rst)
);

// ---- UART and bridge --------------------------------------------------
wire       rx_valid, tx_valid, tx_ready, err_pulse;
wire [7:0] rx_data, tx_data;

uart_rx #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
) u_uart_rx (
    .clk       (clk),
    .rst       (rst),
    .rxd       (ftdi_txd),
    .out_valid (rx_valid),
    .out_data  (rx_data)
);

uart_tx #(
    .CLKS_PER_BIT (CLKS_PER_BIT)
) u_uart_tx (
    .clk      (clk),
    .rst      (rst),
    .in_valid (tx_valid),
    .in_ready (tx_ready),
    .in_data  (tx_data),
    .txd      (ftdi_rxd)
);

// bridge -> CSRs
wire [11:0] csr_awaddr, csr_araddr;
wire        csr_awvalid, csr_awready, csr_wvalid, csr_wready, csr_bvalid, csr_bready;
wire        csr_arvalid, csr_arready, csr_rvalid, csr_rready;
wire [31:0] csr_wdata, csr_rdata;
wire [3:0]  csr_wstrb;
wire [1:0]  csr_bresp, csr_rresp;

// AXI4 buses: b_* bridge (port 1), c_* core (port 0), d_* DRAM
wire [IW-1:0]   b_awid, b_bid, b_arid, b_rid, c_awid, c_bid, c_arid, c_rid, d_awid, d_bid, d_arid, d_rid;
wire [AW-1:0]   b_awaddr, b_araddr, c_awaddr, c_araddr, d_awaddr, d_araddr;
wire [7:0]      b_awlen, b_arlen, c_awlen, c_arlen, d_awlen, d_arlen;
wire [2:0]      b_awsize, b_arsize, c_awsize, c_arsize, d_awsize, d_arsize;
wire [1:0]      b_awburst, b_arburst, c_awburst, c_arburst, d_awburst, d_arburst;
wire            b_awvalid, b_awready, b_wlast, b_wvalid, b_wready, b_bvalid, b_bready;
wire            b_arvalid, b_arready, b_rlast, b_rvalid, b_rready;
wire            c_awvalid, c_awready, c_wlast, c_wvalid, c_wready, c_bvalid, c_bready;
wire            c_arvalid, c_arready, c_rlast, c_rvalid, c_rready;
wire            d_awvalid, d_awready, d_wlast, d_wvalid, d_wready, d_bvalid, d_bready;
wire            d_arvalid, d_arready, d_rlast, d_rvalid, d_rready;
wire [DW-1:0]   b_wdata, b_rdata, c_wdata, c_rdata, d_wdata, d_rdata;
wire [DW/8-1:0] b_wstrb, c_wstrb, d_wstrb;
wire [1:0]      b_bresp, b_rresp, c_bresp, c_rresp, d_bresp, d_rresp;
wire            core_irq;

uart_bridge #(
    .ADDR_WIDTH (AW),
    .ID_WIDTH   (IW),
    .DRAM_BASE  (DRAM_BASE),
    .DRAM_LOG2  (DRAM_BYTES_LOG2),
    .GAP_CYCLES (GAP_CYCLES)
) u_bridge (
    .clk            (clk),
    .rst            (rst),
    .rx_valid       (rx_valid),
    .rx_data        (rx_data),
    .tx_valid       (tx_valid),
    .tx_ready       (tx_ready),
    .tx_data        (tx_data),
    .err_pulse      (err_pulse),
    .m_axil_awaddr  (csr_awaddr),
    .m_axil_awvalid (csr_awvalid),
    .m_axil_awready (csr_awready),
    .m_axil_wdata   (csr_wdata),
    .m_axil_wstrb   (csr_wstrb),
    .m_axil_wvalid  (csr_wvalid),
    .m_axil_wready  (csr_wready),
    .m_axil_bresp   (csr_bresp),
    .m_axil_bvalid  (csr_bvalid),
    .m_axil_bready  (csr_bready),
    .m_axil_araddr  (csr_araddr),
    .m_axil_arvalid (csr_arvalid),
    .m_axil_arready (csr_arready),
    .m_axil_rdata   (csr_rdata),
    .m_axil_rresp   (csr_rresp),
    .m_axil_rvalid  (csr_rvalid),
    .m_axil_rready  (csr_rready),
    .m_axi_awid     (b_awid),
    .m_axi_awaddr   (b_awaddr),
    .m_axi_awlen    (b_awlen),
    .m_axi_awsize   (b_awsize),
    .m_axi_awburst  (b_awburst),
    .m_axi_awvalid  (b_awvalid),
    .m_axi_awready  (b_awready),
    .m_axi_wdata    (b_wdata),
    .m_axi_wstrb    (b_wstrb),
    .m_axi_wlast    (b_wlast),
    .m_axi_wvalid   (b_wvalid),
    .m_axi_wready   (b_wready),
    .m_axi_bid      (b_bid),
    .m_axi_bresp    (b_bresp),
    .m_axi_bvalid   (b_bvalid),
    .m_axi_bready   (b_bready),
    .m_axi_arid     (b_arid),
    .m_axi_araddr   (b_araddr),
    .m_axi_arlen    (b_arlen),
    .m_axi_arsize   (b_arsize),
    .m_axi_arburst  (b_arburst),
    .m_axi_arvalid  (b_arvalid),
    .m_axi_arready  (b_arready),
    .m_axi_rid      (b_rid),
    .m_axi_rdata    (b_rdata),
    .m_axi_rresp    (b_rresp),
    .m_axi_rlast    (b_rlast),
    .m_axi_rvalid   (b_rvalid),
    .m_axi_rready   (b_rready)
);

// ---- the core, or a stand-in --------------------------------------------
generate
    if (CORE != 0) begin : g_core
        // debug outputs the board does not use
        wire [2:0]            trc_issue, trc_done, trc_wait, trc_nop;
        wire [3:0]            trc_dma_queue;
        wire [DMA_QUEUES-1:0] trc_dma_done;
        wire                  c_awlock, c_arlock;
        wire [3:0]            c_awcache, c_arcache;
        wire [2:0]            c_awprot, c_arprot;
        wire unused_core = &{1'b0, trc_issue, trc_done, trc_wait, trc_nop, trc_dma_queue, trc_dma_done,
                             c_awlock, c_arlock, c_awcache, c_arcache, c_awprot, c_arprot};
        // The board's logic cells are the limit, not its block RAM (24 of
        // 208 were free): the tensor engine's skew lines of 512 bits or
        // more go to block RAM (docs/board.md section 1).
        trnlite_core #(
            .ROWS           (ROWS),
            .COLS           (COLS),
            .SBUF_PART_LOG2 (SBUF_PART_LOG2),
            .PSUM_BANKS     (PSUM_BANKS),
            .PSUM_BANK_LOG2 (PSUM_BANK_LOG2),
            .DATA_WIDTH     (DW),
            .ADDR_WIDTH     (AW),
            .ID_WIDTH       (IW),
            .DMA_QUEUES     (DMA_QUEUES),
            .CVT_LANES      (1),
            .ACT_LANES      (1),
            .TE_DLY_BLOCK_BITS (512)
        ) u_core (
            .clk            (clk),
            .rst            (rst),
            .s_axil_awaddr  (csr_awaddr),
            .s_axil_awprot  (3'd0),
            .s_axil_awvalid (csr_awvalid),
            .s_axil_awready (csr_awready),
            .s_axil_wdata   (csr_wdata),
            .s_axil_wstrb   (csr_wstrb),
            .s_axil_wvalid  (csr_wvalid),
            .s_axil_wready  (csr_wready),
            .s_axil_bresp   (csr_bresp),
            .s_axil_bvalid  (csr_bvalid),
            .s_axil_bready  (csr_bready),
            .s_axil_araddr  (csr_araddr),
            .s_axil_arprot  (3'd0),
            .s_axil_arvalid (csr_arvalid),
            .s_axil_arready (csr_arready),
            .s_axil_rdata   (csr_rdata),
            .s_axil_rresp   (csr_rresp),
            .s_axil_rvalid  (csr_rvalid),
            .s_axil_rready  (csr_rready),
            .m_axi_awid     (c_awid),
            .m_axi_awaddr   (c_awaddr),
            .m_axi_awlen    (c_awlen),
            .m_axi_awsize   (c_awsize),
            .m_axi_awburst  (c_awburst),
            .m_axi_awlock   (c_awlock),
            .m_axi_awcache  (c_awcache),
            .m_axi_awprot   (c_awprot),
            .m_axi_awvalid  (c_awvalid),
            .m_axi_awready  (c_awready),
            .m_axi_wdata    (c_wdata),
            .m_axi_wstrb    (c_wstrb),
            .m_axi_wlast    (c_wlast),
            .m_axi_wvalid   (c_wvalid),
            .m_axi_wready   (c_wready),
            .m_axi_bid      (c_bid),
            .m_axi_bresp    (c_bresp),
            .m_axi_bvalid   (c_bvalid),
            .m_axi_bready   (c_bready),
            .m_axi_arid     (c_arid),
            .m_axi_araddr   (c_araddr),
            .m_axi_arlen    (c_arlen),
            .m_axi_arsize   (c_arsize),
            .m_axi_arburst  (c_arburst),
            .m_axi_arlock   (c_arlock),
            .m_axi_arcache  (c_arcache),
            .m_axi_arprot   (c_arprot),
            .m_axi_arvalid  (c_arvalid),
            .m_axi_arready  (c_arready),
            .m_axi_rid      (c_rid),
            .m_axi_rdata    (c_rdata),
            .m_axi_rresp    (c_rresp),
            .m_axi_rlast    (c_rlast),
            .m_axi_rvalid   (c_rvalid),
            .m_axi_rready   (c_rready),
            .irq            (core_irq),
            .trc_issue      (trc_issue),
            .trc_done       (trc_done),
            .trc_wait       (trc_wait),
            .trc_nop        (trc_nop),
            .trc_dma_queue  (trc_dma_queue),
            .trc_dma_done   (trc_dma_done)
        );
    end else begin : g_no_core
        // the core's parameters do not matter without it
        wire [31:0] unused_cfg = ROWS + COLS + SBUF_PART_LOG2 + PSUM_BANKS + PSUM_BANK_LOG2 + DMA_QUEUES;
        wire unused_csr = &{1'b0, unused_cfg, csr_wstrb, c_bid, c_rid, c_bresp, c_rresp, c_rdata, c_rlast,
                            c_awready, c_wready, c_bvalid, c_arready, c_rvalid};
        axil_err u_csr (
            .clk            (clk),
            .rst            (rst),
            .s_axil_awaddr  (csr_awaddr),
            .s_axil_awvalid (csr_awvalid),
            .s_axil_awready (csr_awready),
            .s_axil_wdata   (csr_wdata),
            .s_axil_wvalid  (csr_wvalid),
            .s_axil_wready  (csr_wready),
            .s_axil_bresp   (csr_bresp),
            .s_axil_bvalid  (csr_bvalid),
            .s_axil_bready  (csr_bready),
            .s_axil_araddr  (csr_araddr),
            .s_axil_arvalid (csr_arvalid),
            .s_axil_arready (csr_arready),
            .s_axil_rdata   (csr_rdata),
            .s_axil_rresp   (csr_rresp),
            .s_axil_rvalid  (csr_rvalid),
            .s_axil_rready  (csr_rready)
        );
        // port 0 of the arbiter stays idle
        assign core_irq  = 1'b0;
        assign c_awid    = {IW{1'b0}};
        assign c_awaddr  = {AW{1'b0}};
        assign c_awlen   = 8'd0;
        assign c_awsize  = 3'd0;
        assign c_awburst = 2'd0;
        assign c_awvalid = 1'b0;
        assign c_wdata   = {DW{1'b0}};
        assign c_wstrb   = {(DW/8){1'b0}};
        assign c_wlast   = 1'b0;
        assign c_wvalid  = 1'b0;
        assign c_bready  = 1'b0;
        assign c_arid    = {IW{1'b0}};
        assign c_araddr  = {AW{1'b0}};
        assign c_arlen   = 8'd0;
        assign c_arsize  = 3'd0;
        assign c_arburst = 2'd0;
        assign c_arvalid = 1'b0;
        assign c_rready  = 1'b0;
    end
endgenerate

// ---- DRAM ---------------------------------------------------------------
axi_arb2 #(
    .DATA_WIDTH (DW),
    .ADDR_WIDTH (AW),
    .ID_WIDTH   (IW)
) u_arb (
    .clk            (clk),
    .rst            (rst),
    .s0_axi_awid    (c_awid),
    .s0_axi_awaddr  (c_awaddr),
    .s0_axi_awlen   (c_awlen),
    .s0_axi_awsize  (c_awsize),
    .s0_axi_awburst (c_awburst),
    .s0_axi_awvalid (c_awvalid),
    .s0_axi_awready (c_awready),
    .s0_axi_wdata   (c_wdata),
    .s0_axi_wstrb   (c_wstrb),
    .s0_axi_wlast   (c_wlast),
    .s0_axi_wvalid  (c_wvalid),
    .s0_axi_wready  (c_wready),
    .s0_axi_bid     (c_bid),
    .s0_axi_bresp   (c_bresp),
    .s0_axi_bvalid  (c_bvalid),
    .s0_axi_bready  (c_bready),
    .s0_axi_arid    (c_arid),
    .s0_axi_araddr  (c_araddr),
    .s0_axi_arlen   (c_arlen),
    .s0_axi_arsize  (c_arsize),
    .s0_axi_arburst (c_arburst),
    .s0_axi_arvalid (c_arvalid),
    .s0_axi_arready (c_arready),
    .s0_axi_rid     (c_rid),
    .s0_axi_rdata   (c_rdata),
    .s0_axi_rresp   (c_rresp),
    .s0_axi_rlast   (c_rlast),
    .s0_axi_rvalid  (c_rvalid),
    .s0_axi_rready  (c_rready),
    .s1_axi_awid    (b_awid),
    .s1_axi_awaddr  (b_awaddr),
    .s1_axi_awlen   (b_awlen),
    .s1_axi_awsize  (b_awsize),
    .s1_axi_awburst (b_awburst),
    .s1_axi_awvalid (b_awvalid),
    .s1_axi_awready (b_awready),
    .s1_axi_wdata   (b_wdata),
    .s1_axi_wstrb   (b_wstrb),
    .s1_axi_wlast   (b_wlast),
    .s1_axi_wvalid  (b_wvalid),
    .s1_axi_wready  (b_wready),
    .s1_axi_bid     (b_bid),
    .s1_axi_bresp   (b_bresp),
    .s1_axi_bvalid  (b_bvalid),
    .s1_axi_bready  (b_bready),
    .s1_axi_arid    (b_arid),
    .s1_axi_araddr  (b_araddr),
    .s1_axi_arlen   (b_arlen),
    .s1_axi_arsize  (b_arsize),
    .s1_axi_arburst (b_arburst),
    .s1_axi_arvalid (b_arvalid),
    .s1_axi_arready (b_arready),
    .s1_axi_rid     (b_rid),
    .s1_axi_rdata   (b_rdata),
    .s1_axi_rresp   (b_rresp),
    .s1_axi_rlast   (b_rlast),
    .s1_axi_rvalid  (b_rvalid),
    .s1_axi_rready  (b_rready),
    .m_axi_awid     (d_awid),
    .m_axi_awaddr   (d_awaddr),
    .m_axi_awlen    (d_awlen),
    .m_axi_awsize   (d_awsize),
    .m_axi_awburst  (d_awburst),
    .m_axi_awvalid  (d_awvalid),
    .m_axi_awready  (d_awready),
    .m_axi_wdata    (d_wdata),
    .m_axi_wstrb    (d_wstrb),
    .m_axi_wlast    (d_wlast),
    .m_axi_wvalid   (d_wvalid),
    .m_axi_wready   (d_wready),
    .m_axi_bid      (d_bid),
    .m_axi_bresp    (d_bresp),
    .m_axi_bvalid   (d_bvalid),
    .m_axi_bready   (d_bready),
    .m_axi_arid     (d_arid),
    .m_axi_araddr   (d_araddr),
    .m_axi_arlen    (d_arlen),
    .m_axi_arsize   (d_arsize),
    .m_axi_arburst  (d_arburst),
    .m_axi_arvalid  (d_arvalid),
    .m_axi_arready  (d_arready),
    .m_axi_rid      (d_rid),
    .m_axi_rdata    (d_rdata),
    .m_axi_rresp    (d_rresp),
    .m_axi_rlast    (d_rlast),
    .m_axi_rvalid   (d_rvalid),
    .m_axi_rready   (d_rready)
);

// ---- DRAM ---------------------------------------------------------------
wire [15:0] dq_in, dq_out;
wire        dq_oe;
generate
    if (SDRAM != 0) begin : g_sdram
        wire unused_dram_log2 = &{1'b0, DRAM_LOG2[0]};
        sdram_ctrl #(
            .DATA_WIDTH  (DW),
            .ADDR_WIDTH  (AW),
            .ID_WIDTH    (IW),
            .BASE        (DRAM_BASE),
            .ROW_BITS    (13),
            .COL_BITS    (SDRAM_COL_BITS),
            .CLK_MHZ     (CLK_MHZ),
            .CAS_LATENCY (2),
            .RD_EXTRA    (1)
        ) u_dram (
            .clk           (clk),
            .rst           (rst),
            .s_axi_awid    (d_awid),
            .s_axi_awaddr  (d_awaddr),
            .s_axi_awlen   (d_awlen),
            .s_axi_awsize  (d_awsize),
            .s_axi_awburst (d_awburst),
            .s_axi_awvalid (d_awvalid),
            .s_axi_awready (d_awready),
            .s_axi_wdata   (d_wdata),
            .s_axi_wstrb   (d_wstrb),
            .s_axi_wlast   (d_wlast),
            .s_axi_wvalid  (d_wvalid),
            .s_axi_wready  (d_wready),
            .s_axi_bid     (d_bid),
            .s_axi_bresp   (d_bresp),
            .s_axi_bvalid  (d_bvalid),
            .s_axi_bready  (d_bready),
            .s_axi_arid    (d_arid),
            .s_axi_araddr  (d_araddr),
            .s_axi_arlen   (d_arlen),
            .s_axi_arsize  (d_arsize),
            .s_axi_arburst (d_arburst),
            .s_axi_arvalid (d_arvalid),
            .s_axi_arready (d_arready),
            .s_axi_rid     (d_rid),
            .s_axi_rdata   (d_rdata),
            .s_axi_rresp   (d_rresp),
            .s_axi_rlast   (d_rlast),
            .s_axi_rvalid  (d_rvalid),
            .s_axi_rready  (d_rready),
            .sdram_cke     (sdram_cke),
            .sdram_cs_n    (sdram_csn),
            .sdram_ras_n   (sdram_rasn),
            .sdram_cas_n   (sdram_casn),
            .sdram_we_n    (sdram_wen),
            .sdram_ba      (sdram_ba),
            .sdram_a       (sdram_a),
            .sdram_dqm     (sdram_dqm),
            .sdram_dq_out  (dq_out),
            .sdram_dq_oe   (dq_oe),
            .sdram_dq_in   (dq_in)
        );
`ifdef SIM
        assign sdram_clk = !clk;
`else
        // clk inverted: the SDRAM samples our commands mid-cycle
        ODDRX1F u_sdram_clk (.SCLK (clk), .RST (1'b0), .D0 (1'b0), .D1 (1'b1), .Q (sdram_clk));
`endif
    end else begin : g_bram
        axi_bram #(
            .DATA_WIDTH (DW),
            .ADDR_WIDTH (AW),
            .ID_WIDTH   (IW),
            .BASE       (DRAM_BASE),
            .SIZE_LOG2  (DRAM_LOG2)
        ) u_dram (
            .clk           (clk),
            .rst           (rst),
            .s_axi_awid    (d_awid),
            .s_axi_awaddr  (d_awaddr),
            .s_axi_awlen   (d_awlen),
            .s_axi_awsize  (d_awsize),
            .s_axi_awburst (d_awburst),
            .s_axi_awvalid (d_awvalid),
            .s_axi_awready (d_awready),
            .s_axi_wdata   (d_wdata),
            .s_axi_wstrb   (d_wstrb),
            .s_axi_wlast   (d_wlast),
            .s_axi_wvalid  (d_wvalid),
            .s_axi_wready  (d_wready),
            .s_axi_bid     (d_bid),
            .s_axi_bresp   (d_bresp),
            .s_axi_bvalid  (d_bvalid),
            .s_axi_bready  (d_bready),
            .s_axi_arid    (d_arid),
            .s_axi_araddr  (d_araddr),
            .s_axi_arlen   (d_arlen),
            .s_axi_arsize  (d_arsize),
            .s_axi_arburst (d_arburst),
            .s_axi_arvalid (d_arvalid),
            .s_axi_arready (d_arready),
            .s_axi_rid     (d_rid),
            .s_axi_rdata   (d_rdata),
            .s_axi_rresp   (d_rresp),
            .s_axi_rlast   (d_rlast),
            .s_axi_rvalid  (d_rvalid),
            .s_axi_rready  (d_rready)
        );
        // the SDRAM pins idle: clock stopped, CKE low, deselected, DQ released
        wire unused_sdram = &{1'b0, dq_in, SDRAM_COL_BITS[0]};
        assign sdram_clk  = 1'b0;
        assign sdram_cke  = 1'b0;
        assign sdram_csn  = 1'b1;
        assign sdram_rasn = 1'b1;
        assign sdram_casn = 1'b1;
        assign sdram_wen  = 1'b1;
        assign sdram_ba   = 2'b00;
        assign sdram_a    = 13'd0;
        assign sdram_dqm  = 2'b11;
        assign dq_out     = 16'd0;
        assign dq_oe      = 1'b0;
    end
endgenerate
// DQ in through a register in the pad (RD_EXTRA = 1): the SDRAM's read
// word is valid only a few ns before our edge, too little for a route
// into the fabric (docs/board.md section 6)
`ifdef SIM
reg [15:0] dq_in_reg;
always @(posedge clk)
    dq_in_reg <= sdram_dq_in;
assign dq_in        = dq_in_reg;
assign sdram_dq_out = dq_out;
assign sdram_dq_oe  = dq_oe;
`else
wire [15:0] dq_pad = sdram_d;
genvar gi;
for (gi = 0; gi < 16; gi = gi + 1) begin : g_dq_in
    IFS1P3BX u_reg (.D (dq_pad[gi]), .SP (1'b1), .SCLK (clk), .PD (1'b0), .Q (dq_in[gi]));
end
assign sdram_d = dq_oe ? dq_out : 16'bz;
`endif

// ---- LEDs ---------------------------------------------------------------
reg [24:0] beat_reg;
always @(posedge clk) begin
    beat_reg <= beat_reg + 25'd1;
    if (rst)
        beat_reg <= 25'd0;
end

wire led_busy, led_err, led_rx, led_tx;
led_stretch #(.LOG2 (LED_LOG2)) u_led_busy (
    .clk (clk), .rst (rst), .event_in ((c_arvalid && c_arready) || (c_awvalid && c_awready)), .led (led_busy));
led_stretch #(.LOG2 (LED_LOG2 + 2)) u_led_err (
    .clk (clk), .rst (rst), .event_in (err_pulse), .led (led_err));
led_stretch #(.LOG2 (LED_LOG2)) u_led_rx (
    .clk (clk), .rst (rst), .event_in (rx_valid), .led (led_rx));
led_stretch #(.LOG2 (LED_LOG2)) u_led_tx (
    .clk (clk), .rst (rst), .event_in (tx_valid && tx_ready), .led (led_tx));

assign led = {rst, led_tx, led_rx, pll_lock, led_err, core_irq, led_busy, beat_reg[24]};
assign wifi_gpio0 = 1'b1;

// buttons 1..6 are not used; their pins are constrained all the same
wire unused_btn = &{1'b0, btn[6:1]};

endmodule
`resetall
