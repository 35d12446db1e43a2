`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_csr: the core's CSRs (docs/core.md section 3) behind an AXI4-Lite
 * slave: the registers a program sets, the interrupt status and level,
 * the 64-bit performance counters, and the read view of the command
 * processor's state (heads, semaphores, status, error record).
 *
 * AXI4-Lite: one write and one read at a time, every output registered.
 * A write is taken (AWREADY and WREADY together) the cycle after AWVALID
 * and WVALID are both high, acts in the cycle after that (wr_* pulses)
 * and answers BVALID one cycle later. A write of CTRL.SOFT_RESET answers
 * only when the soft reset has completed (sr_done), so the host sees it
 * as atomic. A read is taken the cycle after ARVALID and answers RVALID
 * one cycle later. Unknown offsets answer OKAY and read 0; WSTRB is not
 * used (registers are written whole, as the C model does); AxPROT is
 * ignored.
 *
 * Counters: reading the low word of a counter latches its high word,
 * which a read of the high word returns.
 */
module core_csr #(
    parameter ROWS           = 16,  // tensor-engine rows (SBUF partitions)
    parameter COLS           = 16,  // tensor-engine columns (PSUM partitions)
    parameter SBUF_PART_LOG2 = 16,  // log2 bytes per SBUF partition
    parameter PSUM_BANKS     = 4,   // PSUM banks
    parameter PSUM_BANK_LOG2 = 9,   // log2 entries per PSUM bank and partition
    parameter DATA_WIDTH     = 128, // AXI data bits
    parameter ADDR_WIDTH     = 32,  // AXI address bits
    parameter SEMS           = 16,  // semaphores
    parameter DMA_QUEUES     = 4    // DMA queues
) (
    input  wire                 clk,
    input  wire                 rst,
    // AXI4-Lite slave
    input  wire [11:0]          s_axil_awaddr,
    /* verilator lint_off UNUSEDSIGNAL */ // protection and strobes are not used (whole-register writes)
    input  wire [2:0]           s_axil_awprot,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                 s_axil_awvalid,
    output wire                 s_axil_awready,
    input  wire [31:0]          s_axil_wdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [3:0]           s_axil_wstrb,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                 s_axil_wvalid,
    output wire                 s_axil_wready,
    output wire [1:0]           s_axil_bresp,
    output wire                 s_axil_bvalid,
    input  wire                 s_axil_bready,
    input  wire [11:0]          s_axil_araddr,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [2:0]           s_axil_arprot,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                 s_axil_arvalid,
    output wire                 s_axil_arready,
    output wire [31:0]          s_axil_rdata,
    output wire [1:0]           s_axil_rresp,
    output wire                 s_axil_rvalid,
    input  wire                 s_axil_rready,
    // registers a program sets
    output wire                 run,
    output wire [63:0]          win_base,
    output wire [63:0]          win_limit,
    output wire [31:0]          watchdog,
    output wire [3*64-1:0]      q_base,
    output wire [3*17-1:0]      q_size,
    output wire [3*16-1:0]      q_tail,
    // host actions (one-cycle pulses)
    output wire [2:0]           q_reset,     // Qe_CTRL.RESET
    output wire                 err_clear,   // ERR_CLEAR.CLEAR
    output wire                 sem_set,     // SEM[sem_idx] = sem_val
    output wire                 sem_add,     // SEM[sem_idx] += sem_val
    output wire [4:0]           sem_idx,
    output wire [31:0]          sem_val,
    output wire                 sr_req,      // level: a soft reset is asked for and not done
    input  wire                 sr_done,     // one cycle: the soft reset of the core's state
    // command processor state
    input  wire [3*16-1:0]      q_head,
    input  wire [SEMS*32-1:0]   sems,
    input  wire [2:0]           st_busy,
    input  wire [2:0]           st_waiting,
    input  wire                 st_idle,
    input  wire [7:0]           err_code,
    input  wire [1:0]           err_engine,
    input  wire [3:0]           err_queue,
    input  wire [2:0]           stopped,
    input  wire [63:0]          err_pc,
    input  wire [63:0]          err_addr,
    input  wire                 err_event,   // an error was recorded or stopped an engine
    // performance counter increments (this cycle)
    input  wire [2:0]           perf_busy,
    input  wire [2:0]           perf_wait,
    input  wire [63:0]          inc_macs,
    input  wire [63:0]          inc_rd,
    input  wire [63:0]          inc_wr,
    input  wire [63:0]          inc_act,
    output wire                 irq
);

`include "tl_csr.vh"

localparam NCNT = 11;   // cycles, busy x3, wait x3, MACs, DMA read, DMA write, ACT elements

// configuration words, exactly as tl_core_csr_read32 reports them
localparam [31:0] P_ROWS = ROWS;
localparam [31:0] P_COLS = COLS;
localparam [31:0] P_SEMS = SEMS;
localparam [31:0] P_DMAQ = DMA_QUEUES;
localparam [31:0] P_SBL  = SBUF_PART_LOG2;
localparam [31:0] P_PB   = PSUM_BANKS;
localparam [31:0] P_PBL  = PSUM_BANK_LOG2;
localparam [31:0] P_BBL  = $clog2(DATA_WIDTH / 8);
localparam [31:0] P_AW   = ADDR_WIDTH;
// (the parameter checks of core_ctrl keep every value inside its field)
localparam [31:0] CFG_ARRAY = (P_ROWS << `TL_CSR_CFG_ARRAY_ROWS_LSB) | (P_COLS << `TL_CSR_CFG_ARRAY_COLS_LSB) |
                              (P_SEMS << `TL_CSR_CFG_ARRAY_SEMS_LSB) | (P_DMAQ << `TL_CSR_CFG_ARRAY_DMA_QUEUES_LSB);
localparam [31:0] CFG_MEM   = (P_SBL << `TL_CSR_CFG_MEM_SBUF_PART_LOG2_LSB) | (P_PB << `TL_CSR_CFG_MEM_PSUM_BANKS_LSB) |
                              (P_PBL << `TL_CSR_CFG_MEM_PSUM_BANK_LOG2_LSB) | (P_BBL << `TL_CSR_CFG_MEM_BUS_BYTES_LOG2_LSB);
// tensor-engine inputs bf16, fp16, e4m3, e5m2, int8; activation outputs fp32 .. e5m2; SR
localparam [31:0] CFG_FMT   = (32'h3E << `TL_CSR_CFG_FMT_TE_IN_LSB) | (32'h1F << `TL_CSR_CFG_FMT_ACT_OUT_LSB) |
                              (32'h1 << `TL_CSR_CFG_FMT_SR_LSB);
localparam [31:0] VERSION   = ({16'd0, `TL_CSR_VERSION_MAJOR_RESET} << `TL_CSR_VERSION_MAJOR_LSB) |
                              ({24'd0, `TL_CSR_VERSION_MINOR_RESET} << `TL_CSR_VERSION_MINOR_LSB) |
                              ({24'd0, `TL_CSR_VERSION_PATCH_RESET} << `TL_CSR_VERSION_PATCH_LSB);

integer ks, kw, kc, kr, kp;   // loop variables, one per always block

// ---- AXI4-Lite handshakes ------------------------------------------------
reg        awready_reg, awready_next;
reg        bvalid_reg, bvalid_next;
reg        wr_en_reg, wr_en_next;       // the taken write acts this cycle
reg [11:0] wr_addr_reg, wr_addr_next;
reg [31:0] wr_data_reg, wr_data_next;
reg        sr_wait_reg, sr_wait_next;   // a soft-reset write waits for sr_done
reg        arready_reg, arready_next;
reg        rvalid_reg, rvalid_next;
reg [31:0] rdata_reg, rdata_next;
reg [11:0] rd_addr_reg, rd_addr_next;
reg        rd_en_reg, rd_en_next;       // the taken read is answered this cycle

// ---- registers -------------------------------------------------------------
reg         run_reg, run_next;
reg  [63:0] win_base_reg, win_base_next;
reg  [63:0] win_limit_reg, win_limit_next;
reg  [31:0] watchdog_reg, watchdog_next;
reg  [2:0]  irq_status_reg, irq_status_next;
reg  [2:0]  irq_enable_reg, irq_enable_next;
reg  [4:0]  irq_sem_reg, irq_sem_next;
reg  [31:0] irq_sem_value_reg, irq_sem_value_next;
reg         was_idle_reg, was_idle_next;
reg  [3*64-1:0] q_base_reg, q_base_next;
reg  [3*17-1:0] q_size_reg, q_size_next;
reg  [3*16-1:0] q_tail_reg, q_tail_next;
reg  [NCNT*64-1:0] cnt_reg, cnt_next;
reg  [NCNT*32-1:0] hi_reg, hi_next;

// host action pulses, decoded from the acting write
reg  [2:0]  q_reset_w;
reg         err_clear_w, sem_set_w, sem_add_w, perf_clear_w, sr_start_w;

assign s_axil_awready = awready_reg;
assign s_axil_wready  = awready_reg;
assign s_axil_bresp   = 2'b00;
assign s_axil_bvalid  = bvalid_reg;
assign s_axil_arready = arready_reg;
assign s_axil_rdata   = rdata_reg;
assign s_axil_rresp   = 2'b00;
assign s_axil_rvalid  = rvalid_reg;

assign run       = run_reg;
assign win_base  = win_base_reg;
assign win_limit = win_limit_reg;
assign watchdog  = watchdog_reg;
assign q_base    = q_base_reg;
assign q_size    = q_size_reg;
assign q_tail    = q_tail_reg;
assign q_reset   = q_reset_w;
assign err_clear = err_clear_w;
assign sem_set   = sem_set_w;
assign sem_add   = sem_add_w;
assign sem_idx   = wr_addr_reg[6:2];
assign sem_val   = wr_data_reg;
assign sr_req    = sr_wait_reg;
assign irq       = |(irq_status_reg & irq_enable_reg);

// offsets split into the arrays of the map
wire        wr_in_q   = (wr_addr_reg[11:7] == 5'h02) && (wr_addr_reg[6:5] != 2'd3);
wire        wr_in_sem = (wr_addr_reg[11:7] == 5'h04);
wire        wr_in_add = (wr_addr_reg[11:7] == 5'h05);
wire        rd_in_q   = (rd_addr_reg[11:7] == 5'h02) && (rd_addr_reg[6:5] != 2'd3);
wire        rd_in_sem = (rd_addr_reg[11:7] == 5'h04) && (rd_addr_reg[1:0] == 2'd0);
wire        rd_in_cnt = (rd_addr_reg[11:7] == 5'h08) && (rd_addr_reg[6:3] < NCNT) && (rd_addr_reg[1:0] == 2'd0);
wire [4:0]  q_reg_w   = wr_addr_reg[4:0];
wire [4:0]  q_reg_r   = rd_addr_reg[4:0];

// semaphore IRQ_SEM, for IRQ_STATUS.SEM
reg [31:0] irq_sem_val;
always @* begin
    irq_sem_val = 32'd0;
    for (ks = 0; ks < SEMS; ks = ks + 1) begin
        if (irq_sem_reg == ks[4:0]) begin
            irq_sem_val = sems[32*ks +: 32];
        end
    end
end

// ---- AXI4-Lite control -----------------------------------------------------
always @* begin
    awready_next = 1'b0;
    bvalid_next  = bvalid_reg && !s_axil_bready;
    wr_en_next   = 1'b0;
    wr_addr_next = wr_addr_reg;
    wr_data_next = wr_data_reg;
    sr_wait_next = sr_wait_reg;
    arready_next = 1'b0;
    rvalid_next  = rvalid_reg && !s_axil_rready;
    rd_en_next   = 1'b0;
    rd_addr_next = rd_addr_reg;

    // write: take AW and W together when nothing is in progress
    if (s_axil_awvalid && s_axil_wvalid && !awready_reg && !wr_en_reg && !sr_wait_reg &&
        !bvalid_reg) begin
        awready_next = 1'b1;
        wr_en_next   = 1'b1;
        wr_addr_next = s_axil_awaddr;
        wr_data_next = s_axil_wdata;
    end
    if (wr_en_reg) begin
        if (sr_start_w) begin
            sr_wait_next = 1'b1;
        end else begin
            bvalid_next = 1'b1;
        end
    end
    if (sr_wait_reg && sr_done) begin
        sr_wait_next = 1'b0;
        bvalid_next  = 1'b1;
    end

    // read: one at a time
    if (s_axil_arvalid && !arready_reg && !rd_en_reg && !rvalid_reg) begin
        arready_next = 1'b1;
        rd_en_next   = 1'b1;
        rd_addr_next = s_axil_araddr;
    end
    if (rd_en_reg) begin
        rvalid_next = 1'b1;
    end
end

// ---- register file, interrupts, counters ----------------------------------
always @* begin
    run_next           = run_reg;
    win_base_next      = win_base_reg;
    win_limit_next     = win_limit_reg;
    watchdog_next      = watchdog_reg;
    irq_status_next    = irq_status_reg;
    irq_enable_next    = irq_enable_reg;
    irq_sem_next       = irq_sem_reg;
    irq_sem_value_next = irq_sem_value_reg;
    was_idle_next      = st_idle;
    q_base_next        = q_base_reg;
    q_size_next        = q_size_reg;
    q_tail_next        = q_tail_reg;
    hi_next            = hi_reg;
    q_reset_w    = 3'd0;
    err_clear_w  = 1'b0;
    sem_set_w    = 1'b0;
    sem_add_w    = 1'b0;
    perf_clear_w = 1'b0;
    sr_start_w   = 1'b0;
    kw           = 0;        // the loop below runs only on a write: no latch on its variable

    if (wr_en_reg && (wr_addr_reg[1:0] == 2'd0)) begin
        if (wr_in_q) begin
            for (kw = 0; kw < 3; kw = kw + 1) begin
                if (wr_addr_reg[6:5] == kw[1:0]) begin
                    case ({7'd0, q_reg_w})
                        `TL_CSR_Q_0_BASE_LO - `TL_CSR_Q_BASE: q_base_next[64*kw +: 32]      = wr_data_reg;
                        `TL_CSR_Q_0_BASE_HI - `TL_CSR_Q_BASE: q_base_next[64*kw + 32 +: 32] = wr_data_reg;
                        `TL_CSR_Q_0_SIZE - `TL_CSR_Q_BASE:    q_size_next[17*kw +: 17]      = wr_data_reg[16:0];
                        `TL_CSR_Q_0_TAIL - `TL_CSR_Q_BASE:    q_tail_next[16*kw +: 16]      = wr_data_reg[15:0];
                        `TL_CSR_Q_0_CTRL - `TL_CSR_Q_BASE: begin
                            if (wr_data_reg[`TL_CSR_Q_CTRL_RESET_LSB]) begin
                                q_reset_w[kw]            = 1'b1;
                                q_tail_next[16*kw +: 16] = 16'd0;
                            end
                        end
                        default: ;
                    endcase
                end
            end
        end else if (wr_in_sem) begin
            sem_set_w = 1'b1;
        end else if (wr_in_add) begin
            sem_add_w = 1'b1;
        end else begin
            case (wr_addr_reg)
                `TL_CSR_CTRL: begin
                    run_next = wr_data_reg[`TL_CSR_CTRL_RUN_LSB];
                    if (wr_data_reg[`TL_CSR_CTRL_SOFT_RESET_LSB]) begin
                        sr_start_w = 1'b1;
                        run_next   = 1'b0;
                    end
                end
                `TL_CSR_DRAM_BASE_LO:  win_base_next[31:0]   = wr_data_reg;
                `TL_CSR_DRAM_BASE_HI:  win_base_next[63:32]  = wr_data_reg;
                `TL_CSR_DRAM_LIMIT_LO: win_limit_next[31:0]  = wr_data_reg;
                `TL_CSR_DRAM_LIMIT_HI: win_limit_next[63:32] = wr_data_reg;
                `TL_CSR_WATCHDOG:      watchdog_next         = wr_data_reg;
                `TL_CSR_IRQ_STATUS:    irq_status_next       = irq_status_reg & ~wr_data_reg[2:0];
                `TL_CSR_IRQ_ENABLE:    irq_enable_next       = wr_data_reg[2:0];
                `TL_CSR_IRQ_SEM:       irq_sem_next          = wr_data_reg[4:0];
                `TL_CSR_IRQ_SEM_VALUE: irq_sem_value_next    = wr_data_reg;
                `TL_CSR_ERR_CLEAR:     err_clear_w           = wr_data_reg[`TL_CSR_ERR_CLEAR_CLEAR_LSB];
                `TL_CSR_PERF_CTRL:     perf_clear_w          = wr_data_reg[`TL_CSR_PERF_CTRL_CLEAR_LSB];
                default: ;
            endcase
        end
    end

    // interrupt causes: set after the write-1-to-clear of this cycle
    if (err_event) begin
        irq_status_next[`TL_CSR_IRQ_STATUS_ERROR_LSB] = 1'b1;
    end
    if ((irq_sem_value_reg != 32'd0) && (irq_sem_val >= irq_sem_value_reg)) begin
        irq_status_next[`TL_CSR_IRQ_STATUS_SEM_LSB] = 1'b1;
    end
    if (st_idle && !was_idle_reg) begin
        irq_status_next[`TL_CSR_IRQ_STATUS_IDLE_LSB] = 1'b1;
    end

    // the soft reset's own cycle: what docs/core.md section 8 resets here
    if (sr_done) begin
        run_next        = 1'b0;
        irq_status_next = 3'd0;
        was_idle_next   = 1'b1;
        q_tail_next     = {3*16{1'b0}};
    end

    // counters: reading a low word latches the high word
    if (rd_en_reg && rd_in_cnt && !rd_addr_reg[2]) begin
        for (kw = 0; kw < NCNT; kw = kw + 1) begin
            if (rd_addr_reg[6:3] == kw[3:0]) begin
                hi_next[32*kw +: 32] = cnt_reg[64*kw + 32 +: 32];
            end
        end
    end
end

always @* begin
    cnt_next = cnt_reg;
    cnt_next[0 +: 64] = cnt_reg[0 +: 64] + 64'd1;
    for (kc = 0; kc < 3; kc = kc + 1) begin
        cnt_next[64*(1+kc) +: 64] = cnt_reg[64*(1+kc) +: 64] + {63'd0, perf_busy[kc]};
        cnt_next[64*(4+kc) +: 64] = cnt_reg[64*(4+kc) +: 64] + {63'd0, perf_wait[kc]};
    end
    cnt_next[64*7 +: 64]  = cnt_reg[64*7 +: 64] + inc_macs;
    cnt_next[64*8 +: 64]  = cnt_reg[64*8 +: 64] + inc_rd;
    cnt_next[64*9 +: 64]  = cnt_reg[64*9 +: 64] + inc_wr;
    cnt_next[64*10 +: 64] = cnt_reg[64*10 +: 64] + inc_act;
    if (perf_clear_w) begin
        cnt_next = {NCNT*64{1'b0}};
    end
end

// ---- read data ---------------------------------------------------------------
// The rings are selected AND-OR, the semaphores and counters by a tree of
// 2:1 selects on the address bits (1.2k LUT4 fewer than AND-OR on the
// ECP5), the single registers by a case; the parts are ORed (at most one
// of them is nonzero).
reg [31:0] rd_q, rd_sem, rd_cnt, rd_one;

// word i of 32 words: a binary tree of 2:1 selects, one address bit per level
function [31:0] word_of32;
    input [32*32-1:0] v;
    input [4:0]       i;
    reg   [511:0]     l1;
    reg   [255:0]     l2;
    reg   [127:0]     l3;
    reg   [63:0]      l4;
    begin
        l1 = i[4] ? v[1023:512] : v[511:0];
        l2 = i[3] ? l1[511:256] : l1[255:0];
        l3 = i[2] ? l2[255:128] : l2[127:0];
        l4 = i[1] ? l3[127:64] : l3[63:0];
        word_of32 = i[0] ? l4[63:32] : l4[31:0];
    end
endfunction

// the semaphores and the counters (low word, latched high word) as 32 words each
reg [32*32-1:0] sem_pad, cnt_pad;
always @* begin
    sem_pad = {32*32{1'b0}};
    sem_pad[SEMS*32-1:0] = sems;
    cnt_pad = {32*32{1'b0}};
    for (kp = 0; kp < NCNT; kp = kp + 1) begin
        cnt_pad[64*kp +: 32]      = cnt_reg[64*kp +: 32];
        cnt_pad[64*kp + 32 +: 32] = hi_reg[32*kp +: 32];
    end
end
always @* begin
    rd_q   = 32'd0;
    rd_sem = 32'd0;
    rd_cnt = 32'd0;
    for (kr = 0; kr < 3; kr = kr + 1) begin
        if (rd_in_q && (rd_addr_reg[6:5] == kr[1:0])) begin
            case ({7'd0, q_reg_r})
                `TL_CSR_Q_0_BASE_LO - `TL_CSR_Q_BASE: rd_q = rd_q | q_base_reg[64*kr +: 32];
                `TL_CSR_Q_0_BASE_HI - `TL_CSR_Q_BASE: rd_q = rd_q | q_base_reg[64*kr + 32 +: 32];
                `TL_CSR_Q_0_SIZE - `TL_CSR_Q_BASE:    rd_q = rd_q | {15'd0, q_size_reg[17*kr +: 17]};
                `TL_CSR_Q_0_HEAD - `TL_CSR_Q_BASE:    rd_q = rd_q | {16'd0, q_head[16*kr +: 16]};
                `TL_CSR_Q_0_TAIL - `TL_CSR_Q_BASE:    rd_q = rd_q | {16'd0, q_tail_reg[16*kr +: 16]};
                default: ;
            endcase
        end
    end
    rd_sem = {32{rd_in_sem}} & word_of32(sem_pad, rd_addr_reg[6:2]);
    rd_cnt = {32{rd_in_cnt}} & word_of32(cnt_pad, rd_addr_reg[6:2]);
    rd_one = 32'd0;
    case (rd_addr_reg)
        `TL_CSR_ID:            rd_one = `TL_CSR_ID_VALUE_RESET;
        `TL_CSR_VERSION:       rd_one = VERSION;
        `TL_CSR_CFG_ARRAY:     rd_one = CFG_ARRAY;
        `TL_CSR_CFG_MEM:       rd_one = CFG_MEM;
        `TL_CSR_CFG_FMT:       rd_one = CFG_FMT;
        `TL_CSR_CFG_ADDR:      rd_one = P_AW;
        `TL_CSR_CTRL:          rd_one = {31'd0, run_reg};
        `TL_CSR_STATUS: begin
            rd_one[`TL_CSR_STATUS_BUSY_LSB +: 3]    = st_busy;
            rd_one[`TL_CSR_STATUS_WAITING_LSB +: 3] = st_waiting;
            rd_one[`TL_CSR_STATUS_ERROR_LSB]        = (err_code != 8'd0) || (stopped != 3'd0);
            rd_one[`TL_CSR_STATUS_IDLE_LSB]         = st_idle;
        end
        `TL_CSR_DRAM_BASE_LO:  rd_one = win_base_reg[31:0];
        `TL_CSR_DRAM_BASE_HI:  rd_one = win_base_reg[63:32];
        `TL_CSR_DRAM_LIMIT_LO: rd_one = win_limit_reg[31:0];
        `TL_CSR_DRAM_LIMIT_HI: rd_one = win_limit_reg[63:32];
        `TL_CSR_WATCHDOG:      rd_one = watchdog_reg;
        `TL_CSR_IRQ_STATUS:    rd_one = {29'd0, irq_status_reg};
        `TL_CSR_IRQ_ENABLE:    rd_one = {29'd0, irq_enable_reg};
        `TL_CSR_IRQ_SEM:       rd_one = {27'd0, irq_sem_reg};
        `TL_CSR_IRQ_SEM_VALUE: rd_one = irq_sem_value_reg;
        `TL_CSR_ERR_CODE:      rd_one = {24'd0, err_code};
        `TL_CSR_ERR_ENGINE: begin
            rd_one[`TL_CSR_ERR_ENGINE_ENGINE_LSB +: 2]    = err_engine;
            rd_one[`TL_CSR_ERR_ENGINE_DMA_QUEUE_LSB +: 4] = err_queue;
            rd_one[`TL_CSR_ERR_ENGINE_STOPPED_LSB +: 3]   = stopped;
        end
        `TL_CSR_ERR_PC_LO:     rd_one = err_pc[31:0];
        `TL_CSR_ERR_PC_HI:     rd_one = err_pc[63:32];
        `TL_CSR_ERR_ADDR_LO:   rd_one = err_addr[31:0];
        `TL_CSR_ERR_ADDR_HI:   rd_one = err_addr[63:32];
        default:               rd_one = 32'd0;
    endcase
    rdata_next = rdata_reg;
    if (rd_en_reg) begin
        rdata_next = (rd_q | rd_sem | rd_cnt | rd_one);
    end
end

always @(posedge clk) begin
    if (rst) begin
        awready_reg       <= 1'b0;
        bvalid_reg        <= 1'b0;
        wr_en_reg         <= 1'b0;
        sr_wait_reg       <= 1'b0;
        arready_reg       <= 1'b0;
        rvalid_reg        <= 1'b0;
        rd_en_reg         <= 1'b0;
        run_reg           <= `TL_CSR_CTRL_RUN_RESET;
        win_base_reg      <= 64'd0;
        win_limit_reg     <= 64'd0;
        watchdog_reg      <= `TL_CSR_WATCHDOG_CYCLES_RESET;
        irq_status_reg    <= 3'd0;
        irq_enable_reg    <= 3'd0;
        irq_sem_reg       <= `TL_CSR_IRQ_SEM_INDEX_RESET;
        irq_sem_value_reg <= `TL_CSR_IRQ_SEM_VALUE_VALUE_RESET;
        was_idle_reg      <= 1'b1;
        q_base_reg        <= {3*64{1'b0}};
        q_size_reg        <= {3{`TL_CSR_Q_SIZE_SIZE_RESET}};
        q_tail_reg        <= {3*16{1'b0}};
        cnt_reg           <= {NCNT*64{1'b0}};
        hi_reg            <= {NCNT*32{1'b0}};
    end else begin
        awready_reg       <= awready_next;
        bvalid_reg        <= bvalid_next;
        wr_en_reg         <= wr_en_next;
        sr_wait_reg       <= sr_wait_next;
        arready_reg       <= arready_next;
        rvalid_reg        <= rvalid_next;
        rd_en_reg         <= rd_en_next;
        run_reg           <= run_next;
        win_base_reg      <= win_base_next;
        win_limit_reg     <= win_limit_next;
        watchdog_reg      <= watchdog_next;
        irq_status_reg    <= irq_status_next;
        irq_enable_reg    <= irq_enable_next;
        irq_sem_reg       <= irq_sem_next;
        irq_sem_value_reg <= irq_sem_value_next;
        was_idle_reg      <= was_idle_next;
        q_base_reg        <= q_base_next;
        q_size_reg        <= q_size_next;
        q_tail_reg        <= q_tail_next;
        cnt_reg           <= cnt_next;
        hi_reg            <= hi_next;
    end
end

// datapath registers: no reset needed
always @(posedge clk) begin
    wr_addr_reg <= wr_addr_next;
    wr_data_reg <= wr_data_next;
    rd_addr_reg <= rd_addr_next;
    rdata_reg   <= rdata_next;
end

endmodule

`resetall
