`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_ctrl: the control block of trnlite_core (docs/core.md sections 3-8
 * and 11): the CSRs behind an AXI4-Lite slave (core_csr), instruction
 * fetch of the three rings over AXI4 reads with ID 1 (core_fetch), the
 * checks of section 5 (core_check), the semaphores (core_sem), and the
 * per-engine sequencing: wait, dispatch to the DMA, the tensor engine and
 * the activation engine, completion and signals, watchdog, error record,
 * soft reset (core_cmd).
 *
 * Dispatch streams (valid/ready): dma_desc_* (the 20 descriptor words of
 * a DMA instruction and its queue), te_insn_* and act_insn_* (the raw
 * 1024-bit instruction, checked). Completions: te_done and act_done pulse
 * once per instruction in dispatch order; dma_done_pulse[q] per
 * descriptor of queue q. Every output is a register or a function of
 * registers only (no input reaches an output combinationally, except
 * sr/eng_rst's use of dma_idle).
 *
 * Latencies: a CSR write acts 2 cycles after AWVALID/WVALID (BVALID one
 * later; a SOFT_RESET write answers when the reset is done); a read
 * answers 2 cycles after ARVALID. An instruction's valid rises 6 cycles
 * after its last fetch beat at the earliest (fetch done 1, check 3, wait
 * 1, registered valid 1); a wait sees a semaphore change within 3 cycles
 * (one comparator visits the engines in turn). A completion's signal
 * reaches the semaphore 1 or more cycles after its done pulse (one
 * increment per cycle, the host's SEM_ADD first).
 *
 * Qe_CTRL.RESET, a DMA error (DMA ring) or the soft reset drop an
 * instruction being offered: its valid may fall without a handshake.
 */
module core_ctrl #(
    parameter ROWS           = 16,  // tensor-engine rows (SBUF partitions)
    parameter COLS           = 16,  // tensor-engine columns (PSUM partitions)
    parameter SBUF_PART_LOG2 = 16,  // log2 bytes per SBUF partition
    parameter PSUM_BANKS     = 4,   // PSUM banks
    parameter PSUM_BANK_LOG2 = 9,   // log2 entries per PSUM bank and partition
    parameter DATA_WIDTH     = 128, // AXI data bits (64, 128, 256)
    parameter ADDR_WIDTH     = 32,  // AXI address bits (32..64)
    parameter SEMS           = 16,  // semaphores (16..32)
    parameter DMA_QUEUES     = 4    // DMA queues (2..15)
) (
    input  wire                         clk,
    input  wire                         rst,
    // AXI4-Lite slave: the CSRs
    input  wire [11:0]                  s_axil_awaddr,
    input  wire [2:0]                   s_axil_awprot,
    input  wire                         s_axil_awvalid,
    output wire                         s_axil_awready,
    input  wire [31:0]                  s_axil_wdata,
    input  wire [3:0]                   s_axil_wstrb,
    input  wire                         s_axil_wvalid,
    output wire                         s_axil_wready,
    output wire [1:0]                   s_axil_bresp,
    output wire                         s_axil_bvalid,
    input  wire                         s_axil_bready,
    input  wire [11:0]                  s_axil_araddr,
    input  wire [2:0]                   s_axil_arprot,
    input  wire                         s_axil_arvalid,
    output wire                         s_axil_arready,
    output wire [31:0]                  s_axil_rdata,
    output wire [1:0]                   s_axil_rresp,
    output wire                         s_axil_rvalid,
    input  wire                         s_axil_rready,
    // instruction fetch (AXI4 reads, ID 1, 128-byte bursts; the top adds the rest)
    output wire                         f_arvalid,
    input  wire                         f_arready,
    output wire [ADDR_WIDTH-1:0]        f_araddr,
    input  wire                         f_rvalid,
    input  wire [DATA_WIDTH-1:0]        f_rdata,
    input  wire [1:0]                   f_rresp,
    input  wire                         f_rlast,
    // the DRAM window, to the DMA
    output wire [ADDR_WIDTH-1:0]        dram_base,
    output wire [ADDR_WIDTH-1:0]        dram_limit,
    // DMA engine
    output wire                         dma_desc_valid,
    input  wire                         dma_desc_ready,
    output wire [3:0]                   dma_desc_queue,
    output wire [639:0]                 dma_desc_data,
    input  wire [DMA_QUEUES-1:0]        dma_done_pulse,
    input  wire [DMA_QUEUES-1:0]        dma_err_valid,
    input  wire [DMA_QUEUES*4-1:0]      dma_err_code,
    input  wire [DMA_QUEUES*64-1:0]     dma_err_addr,
    output wire [DMA_QUEUES-1:0]        dma_err_clear,
    input  wire                         dma_idle,
    output wire                         dma_abort,
    // tensor engine and activation engine
    output wire                         te_insn_valid,
    input  wire                         te_insn_ready,
    output wire [1023:0]                te_insn,
    input  wire                         te_done,
    output wire                         act_insn_valid,
    input  wire                         act_insn_ready,
    output wire [1023:0]                act_insn,
    input  wire                         act_done,
    output wire                         eng_rst,
    output wire                         irq,
    // trace port (docs/core.md section 11): per engine, waiting on a
    // semaphore (as PERF_WAIT counts it) and a NOP executing
    output wire [2:0]                   trc_wait,
    output wire [2:0]                   trc_nop
);


// parameter checks that synthesis sees too
localparam BAD_ARRAY = (ROWS < 1) || (ROWS > 255) || (COLS < 1) || (COLS > 255);
localparam BAD_DATA  = (DATA_WIDTH != 64) && (DATA_WIDTH != 128) && (DATA_WIDTH != 256);
localparam BAD_ADDR  = (ADDR_WIDTH < 32) || (ADDR_WIDTH > 64);
localparam BAD_SEMS  = (SEMS < 16) || (SEMS > 32);
localparam BAD_QUEUE = (DMA_QUEUES < 2) || (DMA_QUEUES > 15);
localparam BAD_MEM   = (SBUF_PART_LOG2 < 8) || (SBUF_PART_LOG2 > 24) || (PSUM_BANK_LOG2 < 1) ||
                       (PSUM_BANK_LOG2 > 15) || (PSUM_BANKS < 1) || (PSUM_BANKS > 8) ||
                       ((PSUM_BANKS & (PSUM_BANKS - 1)) != 0);
generate
    if (BAD_ARRAY) begin : bad_array
        core_ctrl_bad_parameter_ROWS_and_COLS_must_be_1_to_255 bad ();
    end
    if (BAD_DATA) begin : bad_data
        core_ctrl_bad_parameter_DATA_WIDTH_must_be_64_128_or_256 bad ();
    end
    if (BAD_ADDR) begin : bad_addr
        core_ctrl_bad_parameter_ADDR_WIDTH_must_be_32_to_64 bad ();
    end
    if (BAD_SEMS) begin : bad_sems
        core_ctrl_bad_parameter_SEMS_must_be_16_to_32 bad ();
    end
    if (BAD_QUEUE) begin : bad_queue
        core_ctrl_bad_parameter_DMA_QUEUES_must_be_2_to_15 bad ();
    end
    if (BAD_MEM) begin : bad_mem
        core_ctrl_bad_parameter_SBUF_or_PSUM_geometry bad ();
    end
endgenerate

wire            run;
wire [63:0]     win_base, win_limit;
wire [31:0]     watchdog;
wire [3*64-1:0] q_base;
wire [3*17-1:0] q_size;
wire [3*16-1:0] q_tail, q_head;
wire [2:0]      q_reset;
wire            err_clear, sem_set, sem_add, sr_req, sr_done;
wire [4:0]      sem_idx;
wire [31:0]     sem_val;
wire [SEMS*32-1:0] sems;
wire [2:0]      st_busy, st_waiting, stopped;
assign trc_wait = st_waiting;
wire            st_idle, err_event;
wire [7:0]      err_code;
wire [1:0]      err_engine;
wire [3:0]      err_queue;
wire [63:0]     err_pc, err_addr;
wire [63:0]     inc_macs, inc_rd, inc_wr, inc_act;

wire [2:0]      f_req, f_pick;
wire            f_hold, f_busy;
wire            fdone_valid, fdone_err;
wire [2:0]      fdone_eng;
wire [3*1024-1:0] insn;
wire [1023:0]   stage;
wire            chk_valid;

wire            c_valid;
wire [2:0]      c_eng;
wire [7:0]      c_code;
wire [3:0]      c_queue;
wire [31:0]     c_macs;
wire [39:0]     c_elems;
wire [63:0]     c_rd, c_wr;
wire            w_loaded;
wire [2:0]      w_fmt;
wire [7:0]      w_k, w_m;

wire            e_inc_valid;
wire [4:0]      e_inc_idx;
wire [31:0]     e_inc_val;

assign dram_base  = win_base[ADDR_WIDTH-1:0];
assign dram_limit = win_limit[ADDR_WIDTH-1:0];
assign eng_rst    = sr_done;

core_csr #(
    .ROWS (ROWS), .COLS (COLS), .SBUF_PART_LOG2 (SBUF_PART_LOG2), .PSUM_BANKS (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2), .DATA_WIDTH (DATA_WIDTH), .ADDR_WIDTH (ADDR_WIDTH),
    .SEMS (SEMS), .DMA_QUEUES (DMA_QUEUES)
) csr (
    .clk (clk), .rst (rst),
    .s_axil_awaddr (s_axil_awaddr), .s_axil_awprot (s_axil_awprot), .s_axil_awvalid (s_axil_awvalid),
    .s_axil_awready (s_axil_awready), .s_axil_wdata (s_axil_wdata), .s_axil_wstrb (s_axil_wstrb),
    .s_axil_wvalid (s_axil_wvalid), .s_axil_wready (s_axil_wready), .s_axil_bresp (s_axil_bresp),
    .s_axil_bvalid (s_axil_bvalid), .s_axil_bready (s_axil_bready), .s_axil_araddr (s_axil_araddr),
    .s_axil_arprot (s_axil_arprot), .s_axil_arvalid (s_axil_arvalid), .s_axil_arready (s_axil_arready),
    .s_axil_rdata (s_axil_rdata), .s_axil_rresp (s_axil_rresp), .s_axil_rvalid (s_axil_rvalid),
    .s_axil_rready (s_axil_rready),
    .run (run), .win_base (win_base), .win_limit (win_limit), .watchdog (watchdog),
    .q_base (q_base), .q_size (q_size), .q_tail (q_tail), .q_reset (q_reset), .err_clear (err_clear),
    .sem_set (sem_set), .sem_add (sem_add), .sem_idx (sem_idx), .sem_val (sem_val),
    .sr_req (sr_req), .sr_done (sr_done),
    .q_head (q_head), .sems (sems), .st_busy (st_busy), .st_waiting (st_waiting), .st_idle (st_idle),
    .err_code (err_code), .err_engine (err_engine), .err_queue (err_queue), .stopped (stopped),
    .err_pc (err_pc), .err_addr (err_addr), .err_event (err_event),
    .perf_busy (st_busy), .perf_wait (st_waiting),
    .inc_macs (inc_macs), .inc_rd (inc_rd), .inc_wr (inc_wr), .inc_act (inc_act),
    .irq (irq)
);

core_fetch #(
    .DATA_WIDTH (DATA_WIDTH), .ADDR_WIDTH (ADDR_WIDTH)
) fetch (
    .clk (clk), .rst (rst),
    .req (f_req), .pick (f_pick), .hold (f_hold), .busy (f_busy),
    .q_base (q_base), .q_size (q_size), .q_tail (q_tail), .q_head (q_head),
    .win_base (win_base), .win_limit (win_limit),
    .f_arvalid (f_arvalid), .f_arready (f_arready), .f_araddr (f_araddr),
    .f_rvalid (f_rvalid), .f_rdata (f_rdata), .f_rresp (f_rresp), .f_rlast (f_rlast),
    .fdone_valid (fdone_valid), .fdone_eng (fdone_eng), .fdone_err (fdone_err),
    .insn (insn), .stage (stage)
);

core_check #(
    .ROWS (ROWS), .COLS (COLS), .SBUF_PART_LOG2 (SBUF_PART_LOG2), .PSUM_BANKS (PSUM_BANKS),
    .PSUM_BANK_LOG2 (PSUM_BANK_LOG2), .SEMS (SEMS), .DMA_QUEUES (DMA_QUEUES)
) check (
    .clk (clk), .rst (rst || sr_done),
    .in_valid (chk_valid), .in_eng (fdone_eng), .in_ferr (fdone_err), .insn (stage),
    .w_loaded (w_loaded), .w_fmt (w_fmt), .w_k (w_k), .w_m (w_m),
    .out_valid (c_valid), .out_eng (c_eng), .out_code (c_code), .out_queue (c_queue),
    .out_macs (c_macs), .out_elems (c_elems), .out_rd (c_rd), .out_wr (c_wr)
);

core_sem #(
    .SEMS (SEMS)
) sem (
    .clk (clk), .rst (rst), .clear (sr_done),
    .set_valid (sem_set), .set_idx (sem_idx), .set_val (sem_val),
    .inc_valid (e_inc_valid), .inc_idx (e_inc_idx), .inc_val (e_inc_val),
    .sems (sems)
);

core_cmd #(
    .SEMS (SEMS), .DMA_QUEUES (DMA_QUEUES)
) cmd (
    .clk (clk), .rst (rst),
    .run (run), .watchdog (watchdog), .q_base (q_base), .q_size (q_size), .q_tail (q_tail),
    .q_reset (q_reset), .err_clear (err_clear), .host_sem (sem_set || sem_add),
    .h_add (sem_add), .h_idx (sem_idx), .h_val (sem_val),
    .sr_req (sr_req), .sr_done (sr_done), .dma_abort (dma_abort),
    .f_req (f_req), .f_pick (f_pick), .f_hold (f_hold), .f_busy (f_busy),
    .fdone_valid (fdone_valid), .fdone_eng (fdone_eng), .chk_valid (chk_valid), .insn (insn),
    .c_valid (c_valid), .c_eng (c_eng), .c_code (c_code), .c_queue (c_queue), .c_macs (c_macs),
    .c_elems (c_elems), .c_rd (c_rd), .c_wr (c_wr),
    .w_loaded (w_loaded), .w_fmt (w_fmt), .w_k (w_k), .w_m (w_m),
    .sems (sems), .inc_valid (e_inc_valid), .inc_idx (e_inc_idx), .inc_val (e_inc_val),
    .dma_desc_valid (dma_desc_valid), .dma_desc_ready (dma_desc_ready), .dma_desc_queue (dma_desc_queue),
    .dma_desc_data (dma_desc_data), .dma_done_pulse (dma_done_pulse), .dma_err_valid (dma_err_valid),
    .dma_err_code (dma_err_code), .dma_err_addr (dma_err_addr), .dma_err_clear (dma_err_clear),
    .dma_idle (dma_idle),
    .te_insn_valid (te_insn_valid), .te_insn_ready (te_insn_ready), .te_insn (te_insn), .te_done (te_done),
    .act_insn_valid (act_insn_valid), .act_insn_ready (act_insn_ready), .act_insn (act_insn),
    .act_done (act_done),
    .q_head (q_head), .st_busy (st_busy), .st_waiting (st_waiting), .st_nop (trc_nop), .st_idle (st_idle),
    .err_code (err_code), .err_engine (err_engine), .err_queue (err_queue), .stopped (stopped),
    .err_pc (err_pc), .err_addr (err_addr), .err_event (err_event),
    .inc_macs (inc_macs), .inc_rd (inc_rd), .inc_wr (inc_wr), .inc_act (inc_act)
);

endmodule

`resetall
