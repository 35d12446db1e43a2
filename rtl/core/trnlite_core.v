`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * trnlite_core: the trnlite core (docs/core.md is its contract; section 11
 * its structure). Three interfaces: the CSRs on an AXI4-Lite slave
 * (s_axil_*), one AXI4 master to DRAM (m_axi_*) and a level interrupt.
 *
 *   core_ctrl   CSRs, rings and instruction fetch, checks, semaphores,
 *               dispatch and completion, errors, counters, irq
 *   dma_engine  one descriptor per DMA instruction (rtl/dma)
 *   core_te     MATMUL: SBUF -> tensor_engine -> PSUM
 *   core_act    ACTIVATE and ELEMWISE
 *   core_sbuf   ROWS partitions, round-robin ports
 *   core_psum   banked PSUM with the tensor engine's accumulate path
 *
 * This module wires them and owns two small jobs:
 *  - AXI sharing: fetch (ID 1) and the DMA (ID 0) share the AR channel,
 *    round robin per burst when both request, through a register slice;
 *    R beats come through a register slice and are steered by RID (fetch
 *    always accepts). AW, W and B belong to the DMA (only it writes).
 *    No READY at the boundary depends combinationally on an input.
 *  - the DMA's on-chip ports: a byte address (partition << PART_LOG2 |
 *    offset) becomes a partition and a word address of SBUF or PSUM; read
 *    responses (CORE_MEM_RL cycles after the request) are queued for the
 *    DMA, which may hold them, with a credit count so the queue never
 *    overflows.
 *
 * Reset: rst (synchronous, active high) resets everything; a soft reset
 * (CTRL.SOFT_RESET) reaches the engines, the DMA adapter and the SBUF and
 * PSUM pipelines as eng_rst from core_ctrl once the AXI traffic has
 * drained, so no result beat or read answer of before the reset reaches
 * an engine after it. SBUF and PSUM contents survive both.
 */
module trnlite_core #(
    parameter ROWS           = 16,  // array rows = SBUF partitions
    parameter COLS           = 16,  // array columns = PSUM partitions
    parameter SBUF_PART_LOG2 = 16,  // log2 bytes per SBUF partition
    parameter PSUM_BANKS     = 4,   // PSUM banks (1, 2, 4, 8)
    parameter PSUM_BANK_LOG2 = 9,   // log2 entries per bank and partition
    parameter DATA_WIDTH     = 128, // AXI data bits = SBUF word (64, 128, 256)
    parameter ADDR_WIDTH     = 32,  // AXI address bits (32..64)
    parameter ID_WIDTH       = 4,   // AXI ID bits (fetch uses 1, the DMA 0)
    parameter SEMS           = 16,  // counting semaphores (16..32)
    parameter DMA_QUEUES     = 4,   // DMA queues (2..15)
    parameter CVT_LANES      = DATA_WIDTH / 32, // DMA conversion lanes
    parameter ACT_LANES      = (ROWS > COLS ? ROWS : COLS), // activation lanes: max(ROWS, COLS) or a power of two dividing it
    parameter TE_DLY_BLOCK_BITS = 0 // tensor_engine DLY_BLOCK_BITS: skew lines of this many RAM bits or more in block RAM (0: Yosys chooses)
) (
    input  wire                    clk,
    input  wire                    rst,

    // AXI4-Lite slave: the CSRs
    input  wire [11:0]             s_axil_awaddr,
    input  wire [2:0]              s_axil_awprot,
    input  wire                    s_axil_awvalid,
    output wire                    s_axil_awready,
    input  wire [31:0]             s_axil_wdata,
    input  wire [3:0]              s_axil_wstrb,
    input  wire                    s_axil_wvalid,
    output wire                    s_axil_wready,
    output wire [1:0]              s_axil_bresp,
    output wire                    s_axil_bvalid,
    input  wire                    s_axil_bready,
    input  wire [11:0]             s_axil_araddr,
    input  wire [2:0]              s_axil_arprot,
    input  wire                    s_axil_arvalid,
    output wire                    s_axil_arready,
    output wire [31:0]             s_axil_rdata,
    output wire [1:0]              s_axil_rresp,
    output wire                    s_axil_rvalid,
    input  wire                    s_axil_rready,

    // AXI4 master to DRAM
    output wire [ID_WIDTH-1:0]     m_axi_awid,
    output wire [ADDR_WIDTH-1:0]   m_axi_awaddr,
    output wire [7:0]              m_axi_awlen,
    output wire [2:0]              m_axi_awsize,
    output wire [1:0]              m_axi_awburst,
    output wire                    m_axi_awlock,
    output wire [3:0]              m_axi_awcache,
    output wire [2:0]              m_axi_awprot,
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
    output wire                    m_axi_arlock,
    output wire [3:0]              m_axi_arcache,
    output wire [2:0]              m_axi_arprot,
    output wire                    m_axi_arvalid,
    input  wire                    m_axi_arready,
    input  wire [ID_WIDTH-1:0]     m_axi_rid,
    input  wire [DATA_WIDTH-1:0]   m_axi_rdata,
    input  wire [1:0]              m_axi_rresp,
    input  wire                    m_axi_rlast,
    input  wire                    m_axi_rvalid,
    output wire                    m_axi_rready,

    output wire                    irq,

    // Trace port (debug; leave unconnected in a design): docs/core.md
    // section 11. Per engine (bit 0 DMA, 1 TE, 2 ACT), registered, one
    // cycle after the event.
    output wire [2:0]              trc_issue,     // instruction (DMA: descriptor) handed to the engine
    output wire [2:0]              trc_done,      // TE, ACT: done pulse (bit 0 is 0)
    output wire [2:0]              trc_wait,      // waiting on a semaphore
    output wire [2:0]              trc_nop,       // a NOP executed
    output wire [3:0]              trc_dma_queue, // the queue of the descriptor in trc_issue[0]
    output wire [DMA_QUEUES-1:0]   trc_dma_done   // per DMA queue: a descriptor completed
);

`include "core_mem.vh"

localparam integer DW     = DATA_WIDTH;
localparam integer WBL    = $clog2(DW / 8);                         // log2 bytes per word
localparam integer PSUM_PART_LOG2 = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2 + 2; // bytes per PSUM partition
localparam integer SWA    = SBUF_PART_LOG2 - WBL;                   // SBUF word address bits
localparam integer PWA    = PSUM_PART_LOG2 - WBL;                   // PSUM word address bits
localparam integer EW     = PSUM_PART_LOG2 - 2;                     // PSUM entry index bits
localparam integer SPW    = (ROWS > 1) ? $clog2(ROWS) : 1;          // SBUF partition index bits
localparam integer PPW    = (COLS > 1) ? $clog2(COLS) : 1;          // PSUM partition index bits
localparam integer RL     = `CORE_MEM_RL;
localparam [31:0]  FETCH_BEATS = 128 * 8 / DW;                     // beats of one instruction
localparam [7:0]   FETCH_LEN  = FETCH_BEATS[7:0] - 8'd1;
localparam [31:0]  WBL32      = WBL;
localparam [2:0]   FETCH_SIZE = WBL32[2:0];                         // bytes per beat, log2
localparam integer TPW    = (SPW > PPW) ? SPW : PPW;                // partition tag bits

`ifndef SYNTHESIS
initial begin
    if (DW != 64 && DW != 128 && DW != 256)
        $error("trnlite_core: DATA_WIDTH must be 64, 128 or 256 (instance %m)");
    if (ID_WIDTH < 1)
        $error("trnlite_core: ID_WIDTH must be >= 1 (instance %m)");
    if (SBUF_PART_LOG2 > 31 || PSUM_PART_LOG2 > 31 || SWA < 1 || PWA < 1)
        $error("trnlite_core: a partition must be 1 word .. 2^31 bytes (instance %m)");
end
`endif

generate
    if (DW != 64 && DW != 128 && DW != 256) begin : bad_width
        trnlite_core_bad_parameter_DATA_WIDTH_must_be_64_128_or_256 bad ();
    end
    if (ID_WIDTH < 1) begin : bad_id
        trnlite_core_bad_parameter_ID_WIDTH_must_be_at_least_1 bad ();
    end
    if (SBUF_PART_LOG2 > 31 || PSUM_PART_LOG2 > 31 || SWA < 1 || PWA < 1) begin : bad_part
        trnlite_core_bad_parameter_partition_size bad ();
    end
endgenerate

// ================================================================ control
wire                  f_arvalid, f_arready;
wire [ADDR_WIDTH-1:0] f_araddr;
wire                  f_rvalid;
wire [ADDR_WIDTH-1:0] dram_base, dram_limit;
wire                  dma_desc_valid, dma_desc_ready;
wire [3:0]            dma_desc_queue;
wire [639:0]          dma_desc_data;
wire [DMA_QUEUES-1:0] dma_done_pulse, dma_err_valid, dma_err_clear;
wire [DMA_QUEUES*4-1:0]  dma_err_code;
wire [DMA_QUEUES*64-1:0] dma_err_addr;
wire                  dma_idle, dma_abort;
wire                  te_insn_valid, te_insn_ready, te_done;
wire                  act_insn_valid, act_insn_ready, act_done;
wire [1023:0]         te_insn, act_insn;
wire                  eng_rst;

// R beats after the boundary slice
wire                  r_valid;
wire [ID_WIDTH-1:0]   r_id;
wire [DW-1:0]         r_data;
wire [1:0]            r_resp;
wire                  r_last;
localparam [ID_WIDTH-1:0] FETCH_ID = 1;
wire                  r_fetch = (r_id == FETCH_ID);

wire [2:0] ctrl_trc_wait, ctrl_trc_nop; // the trace port's taps inside core_ctrl
core_ctrl #(
    .ROWS           (ROWS),
    .COLS           (COLS),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2),
    .DATA_WIDTH     (DATA_WIDTH),
    .ADDR_WIDTH     (ADDR_WIDTH),
    .SEMS           (SEMS),
    .DMA_QUEUES     (DMA_QUEUES)
) ctrl (
    .clk            (clk),
    .rst            (rst),
    .s_axil_awaddr  (s_axil_awaddr),
    .s_axil_awprot  (s_axil_awprot),
    .s_axil_awvalid (s_axil_awvalid),
    .s_axil_awready (s_axil_awready),
    .s_axil_wdata   (s_axil_wdata),
    .s_axil_wstrb   (s_axil_wstrb),
    .s_axil_wvalid  (s_axil_wvalid),
    .s_axil_wready  (s_axil_wready),
    .s_axil_bresp   (s_axil_bresp),
    .s_axil_bvalid  (s_axil_bvalid),
    .s_axil_bready  (s_axil_bready),
    .s_axil_araddr  (s_axil_araddr),
    .s_axil_arprot  (s_axil_arprot),
    .s_axil_arvalid (s_axil_arvalid),
    .s_axil_arready (s_axil_arready),
    .s_axil_rdata   (s_axil_rdata),
    .s_axil_rresp   (s_axil_rresp),
    .s_axil_rvalid  (s_axil_rvalid),
    .s_axil_rready  (s_axil_rready),
    .f_arvalid      (f_arvalid),
    .f_arready      (f_arready),
    .f_araddr       (f_araddr),
    .f_rvalid       (f_rvalid),
    .f_rdata        (r_data),
    .f_rresp        (r_resp),
    .f_rlast        (r_last),
    .dram_base      (dram_base),
    .dram_limit     (dram_limit),
    .dma_desc_valid (dma_desc_valid),
    .dma_desc_ready (dma_desc_ready),
    .dma_desc_queue (dma_desc_queue),
    .dma_desc_data  (dma_desc_data),
    .dma_done_pulse (dma_done_pulse),
    .dma_err_valid  (dma_err_valid),
    .dma_err_code   (dma_err_code),
    .dma_err_addr   (dma_err_addr),
    .dma_err_clear  (dma_err_clear),
    .dma_idle       (dma_idle),
    .dma_abort      (dma_abort),
    .te_insn_valid  (te_insn_valid),
    .te_insn_ready  (te_insn_ready),
    .te_insn        (te_insn),
    .te_done        (te_done),
    .act_insn_valid (act_insn_valid),
    .act_insn_ready (act_insn_ready),
    .act_insn       (act_insn),
    .act_done       (act_done),
    .eng_rst        (eng_rst),
    .irq            (irq),
    .trc_wait       (ctrl_trc_wait),
    .trc_nop        (ctrl_trc_nop)
);

// ============================================================ trace port
// Taps of the dispatch and completion handshakes, registered so that the
// port adds no path from an input to an output.
wire [2:0] trc_issue_next = {act_insn_valid & act_insn_ready, te_insn_valid & te_insn_ready,
                             dma_desc_valid & dma_desc_ready};
wire [2:0] trc_done_next  = {act_done, te_done, 1'b0};
reg  [2:0]              trc_issue_reg, trc_done_reg, trc_wait_reg, trc_nop_reg;
reg  [3:0]              trc_queue_reg;
reg  [DMA_QUEUES-1:0]   trc_dma_done_reg;
always @(posedge clk) begin
    if (rst) begin
        trc_issue_reg    <= 3'd0;
        trc_done_reg     <= 3'd0;
        trc_wait_reg     <= 3'd0;
        trc_nop_reg      <= 3'd0;
        trc_queue_reg    <= 4'd0;
        trc_dma_done_reg <= {DMA_QUEUES{1'b0}};
    end else begin
        trc_issue_reg    <= trc_issue_next;
        trc_done_reg     <= trc_done_next;
        trc_wait_reg     <= ctrl_trc_wait;
        trc_nop_reg      <= ctrl_trc_nop;
        trc_queue_reg    <= dma_desc_queue;
        trc_dma_done_reg <= dma_done_pulse;
    end
end
assign trc_issue     = trc_issue_reg;
assign trc_done      = trc_done_reg;
assign trc_wait      = trc_wait_reg;
assign trc_nop       = trc_nop_reg;
assign trc_dma_queue = trc_queue_reg;
assign trc_dma_done  = trc_dma_done_reg;

wire eng_reset = rst | eng_rst;

// ==================================================================== DMA
wire [ID_WIDTH-1:0]   d_arid;
wire [ADDR_WIDTH-1:0] d_araddr;
wire [7:0]            d_arlen;
wire [2:0]            d_arsize;
wire [1:0]            d_arburst;
wire                  d_arlock;
wire [3:0]            d_arcache;
wire [2:0]            d_arprot;
wire                  d_arvalid, d_arready;
wire                  d_rready;

wire                  sb_rd_req_valid, sb_rd_req_ready, sb_rd_req_psum;
wire [31:0]           sb_rd_req_addr;
wire                  sb_rd_rsp_valid, sb_rd_rsp_ready;
wire [DW-1:0]         sb_rd_rsp_data;
wire                  sb_wr_valid, sb_wr_ready, sb_wr_psum;
wire [31:0]           sb_wr_addr;
wire [DW-1:0]         sb_wr_data;
wire [DW/8-1:0]       sb_wr_strb;
wire [DW/16-1:0]      sb_wr_pmask;

/* verilator lint_off UNUSEDSIGNAL */ // queue numbers are checked by core_ctrl: never set
wire                  dma_desc_err_valid;
wire [3:0]            dma_desc_err_code, dma_desc_err_queue;
wire [DMA_QUEUES*32-1:0] dma_done_count;   // core_ctrl counts completions itself
/* verilator lint_on UNUSEDSIGNAL */

dma_engine #(
    .DATA_WIDTH     (DATA_WIDTH),
    .ADDR_WIDTH     (ADDR_WIDTH),
    .ID_WIDTH       (ID_WIDTH),
    .QUEUES         (DMA_QUEUES),
    .SBUF_PARTS     (ROWS),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2),
    .PSUM_PARTS     (COLS),
    .PSUM_PART_LOG2 (PSUM_PART_LOG2),
    .CVT_LANES      (CVT_LANES)
) dma (
    .clk               (clk),
    .rst               (eng_reset),
    .abort             (dma_abort),
    .desc_valid        (dma_desc_valid),
    .desc_ready        (dma_desc_ready),
    .desc_queue        (dma_desc_queue),
    .desc_data         (dma_desc_data),
    .dram_base         (dram_base),
    .dram_limit        (dram_limit),
    .done_pulse        (dma_done_pulse),
    .done_count        (dma_done_count),
    .err_valid         (dma_err_valid),
    .err_code          (dma_err_code),
    .err_addr          (dma_err_addr),
    .err_clear         (dma_err_clear),
    .desc_err_valid    (dma_desc_err_valid),
    .desc_err_code     (dma_desc_err_code),
    .desc_err_queue    (dma_desc_err_queue),
    .desc_err_clear    (1'b1),
    .idle              (dma_idle),
    .m_axi_awid        (m_axi_awid),
    .m_axi_awaddr      (m_axi_awaddr),
    .m_axi_awlen       (m_axi_awlen),
    .m_axi_awsize      (m_axi_awsize),
    .m_axi_awburst     (m_axi_awburst),
    .m_axi_awlock      (m_axi_awlock),
    .m_axi_awcache     (m_axi_awcache),
    .m_axi_awprot      (m_axi_awprot),
    .m_axi_awvalid     (m_axi_awvalid),
    .m_axi_awready     (m_axi_awready),
    .m_axi_wdata       (m_axi_wdata),
    .m_axi_wstrb       (m_axi_wstrb),
    .m_axi_wlast       (m_axi_wlast),
    .m_axi_wvalid      (m_axi_wvalid),
    .m_axi_wready      (m_axi_wready),
    .m_axi_bid         (m_axi_bid),
    .m_axi_bresp       (m_axi_bresp),
    .m_axi_bvalid      (m_axi_bvalid),
    .m_axi_bready      (m_axi_bready),
    .m_axi_arid        (d_arid),
    .m_axi_araddr      (d_araddr),
    .m_axi_arlen       (d_arlen),
    .m_axi_arsize      (d_arsize),
    .m_axi_arburst     (d_arburst),
    .m_axi_arlock      (d_arlock),
    .m_axi_arcache     (d_arcache),
    .m_axi_arprot      (d_arprot),
    .m_axi_arvalid     (d_arvalid),
    .m_axi_arready     (d_arready),
    .m_axi_rid         (r_id),
    .m_axi_rlast       (r_last),
    .m_axi_rdata       (r_data),
    .m_axi_rresp       (r_resp),
    .m_axi_rvalid      (r_valid & ~r_fetch),
    .m_axi_rready      (d_rready),
    .m_sb_rd_req_valid (sb_rd_req_valid),
    .m_sb_rd_req_ready (sb_rd_req_ready),
    .m_sb_rd_req_psum  (sb_rd_req_psum),
    .m_sb_rd_req_addr  (sb_rd_req_addr),
    .m_sb_rd_rsp_valid (sb_rd_rsp_valid),
    .m_sb_rd_rsp_ready (sb_rd_rsp_ready),
    .m_sb_rd_rsp_data  (sb_rd_rsp_data),
    .m_sb_wr_valid     (sb_wr_valid),
    .m_sb_wr_ready     (sb_wr_ready),
    .m_sb_wr_psum      (sb_wr_psum),
    .m_sb_wr_addr      (sb_wr_addr),
    .m_sb_wr_data      (sb_wr_data),
    .m_sb_wr_strb      (sb_wr_strb),
    .m_sb_wr_pmask     (sb_wr_pmask)
);

// ============================================================ AXI sharing
// AR: round robin between fetch and the DMA into a register slice.
localparam integer ARW = ID_WIDTH + ADDR_WIDTH + 8 + 3 + 2 + 1 + 4 + 3;

reg  ar_last_fetch_reg, ar_last_fetch_next;   // fetch had the last grant
wire ar_s_ready;
wire ar_pick_fetch = f_arvalid && (!d_arvalid || !ar_last_fetch_reg);
wire ar_take       = ar_s_ready && (f_arvalid || d_arvalid);

wire [ARW-1:0] ar_fetch_word = {FETCH_ID, f_araddr, FETCH_LEN, FETCH_SIZE, 2'b01, 1'b0, 4'b0011, 3'b000};
wire [ARW-1:0] ar_dma_word   = {d_arid, d_araddr, d_arlen, d_arsize, d_arburst, d_arlock, d_arcache, d_arprot};

assign f_arready = ar_s_ready && ar_pick_fetch;
assign d_arready = ar_s_ready && !ar_pick_fetch;

always @* begin
    ar_last_fetch_next = ar_last_fetch_reg;
    if (ar_take)
        ar_last_fetch_next = ar_pick_fetch;
end

always @(posedge clk) begin
    if (rst)
        ar_last_fetch_reg <= 1'b0;
    else
        ar_last_fetch_reg <= ar_last_fetch_next;
end

dma_skid #(
    .WIDTH   (ARW)
) ar_slice (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (f_arvalid || d_arvalid),
    .s_ready (ar_s_ready),
    .s_data  (ar_pick_fetch ? ar_fetch_word : ar_dma_word),
    .m_valid (m_axi_arvalid),
    .m_ready (m_axi_arready),
    .m_data  ({m_axi_arid, m_axi_araddr, m_axi_arlen, m_axi_arsize, m_axi_arburst,
               m_axi_arlock, m_axi_arcache, m_axi_arprot})
);

// R: a register slice, then steered by RID (fetch always accepts)
localparam integer RW = ID_WIDTH + DW + 2 + 1;

dma_skid #(
    .WIDTH   (RW)
) r_slice (
    .clk     (clk),
    .rst     (rst),
    .clear   (1'b0),
    .s_valid (m_axi_rvalid),
    .s_ready (m_axi_rready),
    .s_data  ({m_axi_rid, m_axi_rdata, m_axi_rresp, m_axi_rlast}),
    .m_valid (r_valid),
    .m_ready (r_fetch || d_rready),
    .m_data  ({r_id, r_data, r_resp, r_last})
);

assign f_rvalid = r_valid && r_fetch;

// ================================================================ memories
// SBUF ports
wire                 sbuf_dma_wr_valid, sbuf_dma_wr_ready;
wire                 sbuf_dma_rd_valid, sbuf_dma_rd_ready, sbuf_dma_rd_rsp_valid;
wire                 sbuf_te_rd_valid, sbuf_te_rd_ready, sbuf_te_rd_rsp_valid;
wire [SWA-1:0]       sbuf_te_rd_addr;
wire                 sbuf_act_rd_valid, sbuf_act_rd_ready, sbuf_act_rd_rsp_valid;
wire [SWA-1:0]       sbuf_act_rd_addr;
wire                 sbuf_act_wr_valid, sbuf_act_wr_ready;
wire [ROWS-1:0]      sbuf_act_wr_mask;
wire [SWA-1:0]       sbuf_act_wr_addr;
wire [ROWS*DW-1:0]   sbuf_act_wr_data;
wire [DW/8-1:0]      sbuf_act_wr_strb;
wire [ROWS*DW-1:0]   sbuf_rd_rsp_data;

// PSUM ports
wire                 psum_te_valid, psum_te_start, psum_te_int, psum_te_commit;
wire [EW-1:0]        psum_te_addr;
wire [COLS*32-1:0]   psum_te_data;
wire [COLS-1:0]      psum_te_mask;
wire                 psum_dma_wr_valid, psum_dma_wr_ready;
wire                 psum_dma_rd_valid, psum_dma_rd_ready, psum_dma_rd_rsp_valid;
wire                 psum_act_rd_valid, psum_act_rd_ready, psum_act_rd_rsp_valid;
wire [PWA-1:0]       psum_act_rd_addr;
wire                 psum_act_wr_valid, psum_act_wr_ready;
wire [COLS-1:0]      psum_act_wr_mask;
wire [PWA-1:0]       psum_act_wr_addr;
wire [COLS*DW-1:0]   psum_act_wr_data;
wire [DW/8-1:0]      psum_act_wr_strb;
wire [COLS*DW-1:0]   psum_rd_rsp_data;

// ---- the DMA's on-chip write port: one word of one partition
/* verilator lint_off UNUSEDSIGNAL */ // byte-in-word bits and bits above the larger space
wire [31:0] wr_addr = sb_wr_addr;
wire [31:0] rd_addr = sb_rd_req_addr;
/* verilator lint_on UNUSEDSIGNAL */

assign sbuf_dma_wr_valid = sb_wr_valid && !sb_wr_psum;
assign psum_dma_wr_valid = sb_wr_valid &&  sb_wr_psum;
assign sb_wr_ready       = sb_wr_psum ? psum_dma_wr_ready : sbuf_dma_wr_ready;

// ---- the DMA's on-chip read port: requests while the response queue has
// room for every response in flight (credits), responses queued in order
// (SBUF and PSUM answer with the same latency).
localparam integer RQ_LOG2 = 2;                  // response queue: 4 words >= RL + 1
localparam [RQ_LOG2:0] RQ_DEPTH = 1 << RQ_LOG2;

reg  [RQ_LOG2:0] rd_credit_reg, rd_credit_next;  // free queue entries not yet promised
reg  [RL-1:0]    rd_tag_valid_reg;               // a request taken RL-1-i cycles ago ...
reg  [RL-1:0]    rd_tag_psum_reg;                // ... was to PSUM
reg  [RL*TPW-1:0] rd_tag_part_reg;               // ... and its partition

wire rd_req_take = sb_rd_req_valid && sb_rd_req_ready;
wire rd_rsp_pop  = sb_rd_rsp_valid && sb_rd_rsp_ready;
wire rd_rsp_in   = rd_tag_valid_reg[RL-1];
wire rd_rsp_psum = rd_tag_psum_reg[RL-1];
wire [TPW-1:0] rd_rsp_part = rd_tag_part_reg[(RL-1)*TPW +: TPW];

assign sbuf_dma_rd_valid = sb_rd_req_valid && !sb_rd_req_psum && rd_credit_reg != 0;
assign psum_dma_rd_valid = sb_rd_req_valid &&  sb_rd_req_psum && rd_credit_reg != 0;
assign sb_rd_req_ready   = rd_credit_reg != 0 &&
                           (sb_rd_req_psum ? psum_dma_rd_ready : sbuf_dma_rd_ready);

wire [TPW-1:0] rd_req_part = sb_rd_req_psum ? rd_addr[PSUM_PART_LOG2 +: TPW]
                                            : rd_addr[SBUF_PART_LOG2 +: TPW];

always @* begin
    rd_credit_next = rd_credit_reg;
    if (rd_req_take && !rd_rsp_pop)
        rd_credit_next = rd_credit_reg - 1'b1;
    else if (!rd_req_take && rd_rsp_pop)
        rd_credit_next = rd_credit_reg + 1'b1;
end

always @(posedge clk) begin
    if (eng_reset) begin
        rd_credit_reg    <= RQ_DEPTH;
        rd_tag_valid_reg <= {RL{1'b0}};
    end else begin
        rd_credit_reg    <= rd_credit_next;
        rd_tag_valid_reg <= {rd_tag_valid_reg[RL-2:0], rd_req_take};
    end
    rd_tag_psum_reg <= {rd_tag_psum_reg[RL-2:0], sb_rd_req_psum};
    rd_tag_part_reg <= {rd_tag_part_reg[(RL-1)*TPW-1:0], rd_req_part};
end

// the word of the tagged partition, selected one-hot
reg [DW-1:0] rd_rsp_word;
integer p;
always @* begin
    rd_rsp_word = {DW{1'b0}};
    if (rd_rsp_psum) begin
        for (p = 0; p < COLS; p = p + 1)
            if (rd_rsp_part == p[TPW-1:0])
                rd_rsp_word = rd_rsp_word | psum_rd_rsp_data[p*DW +: DW];
    end else begin
        for (p = 0; p < ROWS; p = p + 1)
            if (rd_rsp_part == p[TPW-1:0])
                rd_rsp_word = rd_rsp_word | sbuf_rd_rsp_data[p*DW +: DW];
    end
end

/* verilator lint_off UNUSEDSIGNAL */ // the queue always has room (credits)
wire rd_q_in_ready;
/* verilator lint_on UNUSEDSIGNAL */

dma_fifo #(
    .WIDTH      (DW),
    .DEPTH_LOG2 (RQ_LOG2)
) rd_q (
    .clk       (clk),
    .rst       (eng_reset),
    .clear     (1'b0),
    .in_valid  (rd_rsp_in),
    .in_ready  (rd_q_in_ready),
    .in_data   (rd_rsp_word),
    .out_valid (sb_rd_rsp_valid),
    .out_ready (sb_rd_rsp_ready),
    .out_data  (sb_rd_rsp_data)
);

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && rd_rsp_in != (rd_rsp_psum ? psum_dma_rd_rsp_valid : sbuf_dma_rd_rsp_valid))
        $error("trnlite_core: a DMA read response is not where the tag pipeline expects it (instance %m)");
end
`endif

core_sbuf #(
    .ROWS           (ROWS),
    .DATA_WIDTH     (DATA_WIDTH),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2)
) sbuf (
    .clk              (clk),
    .rst              (eng_reset),
    .dma_wr_valid     (sbuf_dma_wr_valid),
    .dma_wr_ready     (sbuf_dma_wr_ready),
    .dma_wr_part      (wr_addr[SBUF_PART_LOG2 +: SPW]),
    .dma_wr_addr      (wr_addr[WBL +: SWA]),
    .dma_wr_data      (sb_wr_data),
    .dma_wr_strb      (sb_wr_strb),
    .dma_wr_pmask     (sb_wr_pmask),
    .act_wr_valid     (sbuf_act_wr_valid),
    .act_wr_ready     (sbuf_act_wr_ready),
    .act_wr_mask      (sbuf_act_wr_mask),
    .act_wr_addr      (sbuf_act_wr_addr),
    .act_wr_data      (sbuf_act_wr_data),
    .act_wr_strb      (sbuf_act_wr_strb),
    .dma_rd_valid     (sbuf_dma_rd_valid),
    .dma_rd_ready     (sbuf_dma_rd_ready),
    .dma_rd_addr      (rd_addr[WBL +: SWA]),
    .dma_rd_rsp_valid (sbuf_dma_rd_rsp_valid),
    .te_rd_valid      (sbuf_te_rd_valid),
    .te_rd_ready      (sbuf_te_rd_ready),
    .te_rd_addr       (sbuf_te_rd_addr),
    .te_rd_rsp_valid  (sbuf_te_rd_rsp_valid),
    .act_rd_valid     (sbuf_act_rd_valid),
    .act_rd_ready     (sbuf_act_rd_ready),
    .act_rd_addr      (sbuf_act_rd_addr),
    .act_rd_rsp_valid (sbuf_act_rd_rsp_valid),
    .rd_rsp_data      (sbuf_rd_rsp_data)
);

core_psum #(
    .COLS           (COLS),
    .DATA_WIDTH     (DATA_WIDTH),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2)
) psum (
    .clk              (clk),
    .rst              (eng_reset),
    .te_valid         (psum_te_valid),
    .te_addr          (psum_te_addr),
    .te_data          (psum_te_data),
    .te_start         (psum_te_start),
    .te_mask          (psum_te_mask),
    .te_int           (psum_te_int),
    .te_commit        (psum_te_commit),
    .dma_wr_valid     (psum_dma_wr_valid),
    .dma_wr_ready     (psum_dma_wr_ready),
    .dma_wr_part      (wr_addr[PSUM_PART_LOG2 +: PPW]),
    .dma_wr_addr      (wr_addr[WBL +: PWA]),
    .dma_wr_data      (sb_wr_data),
    .dma_wr_strb      (sb_wr_strb),
    .act_wr_valid     (psum_act_wr_valid),
    .act_wr_ready     (psum_act_wr_ready),
    .act_wr_mask      (psum_act_wr_mask),
    .act_wr_addr      (psum_act_wr_addr),
    .act_wr_data      (psum_act_wr_data),
    .act_wr_strb      (psum_act_wr_strb),
    .dma_rd_valid     (psum_dma_rd_valid),
    .dma_rd_ready     (psum_dma_rd_ready),
    .dma_rd_addr      (rd_addr[WBL +: PWA]),
    .dma_rd_rsp_valid (psum_dma_rd_rsp_valid),
    .act_rd_valid     (psum_act_rd_valid),
    .act_rd_ready     (psum_act_rd_ready),
    .act_rd_addr      (psum_act_rd_addr),
    .act_rd_rsp_valid (psum_act_rd_rsp_valid),
    .rd_rsp_data      (psum_rd_rsp_data)
);

// ================================================================ engines
/* verilator lint_off UNUSEDSIGNAL */ // core_ctrl tracks busy from dispatch and done
wire te_busy, act_busy;
/* verilator lint_on UNUSEDSIGNAL */

core_te #(
    .ROWS           (ROWS),
    .COLS           (COLS),
    .DATA_WIDTH     (DATA_WIDTH),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2),
    .DLY_BLOCK_BITS (TE_DLY_BLOCK_BITS)
) te (
    .clk          (clk),
    .rst          (eng_reset),
    .insn_valid   (te_insn_valid),
    .insn_ready   (te_insn_ready),
    .insn         (te_insn),
    .done         (te_done),
    .rd_valid     (sbuf_te_rd_valid),
    .rd_ready     (sbuf_te_rd_ready),
    .rd_addr      (sbuf_te_rd_addr),
    .rd_rsp_valid (sbuf_te_rd_rsp_valid),
    .rd_rsp_data  (sbuf_rd_rsp_data),
    .psum_valid   (psum_te_valid),
    .psum_addr    (psum_te_addr),
    .psum_data    (psum_te_data),
    .psum_start   (psum_te_start),
    .psum_mask    (psum_te_mask),
    .psum_int     (psum_te_int),
    .psum_commit  (psum_te_commit),
    .busy         (te_busy)
);

core_act #(
    .ROWS           (ROWS),
    .COLS           (COLS),
    .DATA_WIDTH     (DATA_WIDTH),
    .SBUF_PART_LOG2 (SBUF_PART_LOG2),
    .PSUM_BANKS     (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2),
    .ACT_LANES      (ACT_LANES)
) act (
    .clk             (clk),
    .rst             (eng_reset),
    .insn_valid      (act_insn_valid),
    .insn_ready      (act_insn_ready),
    .insn            (act_insn),
    .done            (act_done),
    .busy            (act_busy),
    .sb_rd_valid     (sbuf_act_rd_valid),
    .sb_rd_ready     (sbuf_act_rd_ready),
    .sb_rd_addr      (sbuf_act_rd_addr),
    .sb_rd_rsp_valid (sbuf_act_rd_rsp_valid),
    .sb_rd_rsp_data  (sbuf_rd_rsp_data),
    .sb_wr_valid     (sbuf_act_wr_valid),
    .sb_wr_ready     (sbuf_act_wr_ready),
    .sb_wr_mask      (sbuf_act_wr_mask),
    .sb_wr_addr      (sbuf_act_wr_addr),
    .sb_wr_data      (sbuf_act_wr_data),
    .sb_wr_strb      (sbuf_act_wr_strb),
    .ps_rd_valid     (psum_act_rd_valid),
    .ps_rd_ready     (psum_act_rd_ready),
    .ps_rd_addr      (psum_act_rd_addr),
    .ps_rd_rsp_valid (psum_act_rd_rsp_valid),
    .ps_rd_rsp_data  (psum_rd_rsp_data),
    .ps_wr_valid     (psum_act_wr_valid),
    .ps_wr_ready     (psum_act_wr_ready),
    .ps_wr_mask      (psum_act_wr_mask),
    .ps_wr_addr      (psum_act_wr_addr),
    .ps_wr_data      (psum_act_wr_data),
    .ps_wr_strb      (psum_act_wr_strb)
);

endmodule

`resetall
