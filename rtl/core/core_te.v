`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "core_mem.vh"
`include "tl_isa.vh"

/*
 * core_te: executes MATMUL instructions (docs/core.md section 5) on the
 * tensor engine (rtl/tensor/tensor_engine.v, unchanged). It reads W and X
 * from the SBUF (one read port, te_rd_* of core_sbuf) and sends the
 * engine's result beats to core_psum (te_*).
 *
 * Instructions arrive checked on insn_* (valid/ready). An instruction is
 * taken when the queues have room (16 commands, 16 X jobs, 2 W tiles:
 * deep enough that a tile's load hides behind short matmuls); it
 * goes at once to the command queue (-> tensor_engine cmd_*) and to the
 * X stream, and, with load = 1, to the W loader's queue:
 *   W loader  reads the words holding W[k][0..M-1] (partition k, bytes
 *             W_OFF + m*esize(fmt_w)) of every partition at once, takes
 *             one column m per cycle into a ROWS x COLS tile register,
 *             then sends rows 0..K-1 on tensor_engine's ld_* stream (the
 *             shadow tile) while the previous matmuls compute; the words
 *             of the next tile are read meanwhile. Its
 *             command has cmd_swap = 1; load = 0 reuses the tile
 *             (cmd_swap = 0).
 *   X stream  reads the words of X[k][n] (partition k, bytes
 *             X_OFF + n*esize(fmt_x)) ahead, across instructions, and
 *             gives tensor_engine one moving vector per cycle (a word
 *             holds DATA_WIDTH/8/esize vectors' elements, so the SBUF
 *             port is needed once per that many vectors).
 * Offsets need only be element aligned (core_te_elems). The two streams
 * share te_rd_* round robin. The engine writes PSUM entries E0 + n of
 * partitions m < M, start (overwrite) or accumulate.
 *
 * done pulses once per MATMUL, in order, one cycle after psum_commit of
 * its last result beat (all N results are in PSUM). busy: an instruction
 * has been taken and is not done. Latency from a taken instruction to its
 * first vector: the SBUF read (CORE_MEM_RL plus arbitration) and, with
 * load, M + K cycles of W load; then tensor_engine's LATENCY and
 * core_psum's TE_PSUM_RMW_WINDOW.
 *
 * Reset clears the queues and the control state.
 */
module core_te #(
    parameter ROWS           = 16,   // array rows = SBUF partitions
    parameter COLS           = 16,   // array columns = PSUM partitions
    parameter DATA_WIDTH     = 128,  // SBUF word bits
    parameter SBUF_PART_LOG2 = 16,   // log2 bytes per SBUF partition
    parameter PSUM_BANKS     = 4,    // PSUM banks
    parameter PSUM_BANK_LOG2 = 9,    // log2 entries per PSUM bank
    parameter DLY_BLOCK_BITS = 0,    // tensor_engine's: skew lines of this many bits or more in block RAM (0: Yosys chooses)
    parameter WA = SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8),  // SBUF word address bits
    parameter EW = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2     // PSUM entry index bits
) (
    input  wire                       clk,
    input  wire                       rst,

    input  wire                       insn_valid,
    output wire                       insn_ready,
    /* verilator lint_off UNUSEDSIGNAL */ // the header and reserved words are core_ctrl's
    input  wire [1023:0]              insn,
    /* verilator lint_on UNUSEDSIGNAL */

    output wire                       done,

    output wire                       rd_valid,
    input  wire                       rd_ready,
    output wire [WA-1:0]              rd_addr,
    input  wire                       rd_rsp_valid,
    input  wire [ROWS*DATA_WIDTH-1:0] rd_rsp_data,

    output wire                       psum_valid,
    output wire [EW-1:0]              psum_addr,
    output wire [COLS*32-1:0]         psum_data,
    output wire                       psum_start,
    output wire [COLS-1:0]            psum_mask,
    output wire                       psum_int,
    input  wire                       psum_commit,

    output wire                       busy
);

`include "tl_encoding.vh"
`include "te_pipe.vh"

localparam integer OB  = $clog2(DATA_WIDTH/8);           // byte-in-word bits
localparam integer NW  = PSUM_BANK_LOG2 + 1;             // N: 1..2^PSUM_BANK_LOG2
localparam integer KW  = $clog2(ROWS + 1);
localparam integer MW  = $clog2(COLS + 1);
localparam integer RW  = (ROWS > 1) ? $clog2(ROWS) : 1;
// beats between a moving vector's issue and its psum_commit, and a bit
// FIFO deep enough for all of them
localparam integer TE_LAT = `TE_LATENCY(ROWS);
localparam integer INFL   = TE_LAT + `TE_PSUM_RMW_WINDOW + 4;
localparam integer FL     = $clog2(INFL);                // log2 in-flight FIFO depth
localparam integer CQ_L2  = 4;                           // command queue: 16
// command word: fmt_w, fmt_x, k, m, n, e0, start, swap
localparam integer CQW    = 3 + 3 + KW + MW + NW + EW + 1 + 1;

`ifndef SYNTHESIS
initial begin
    if (ROWS < 2 || COLS < 1 || SBUF_PART_LOG2 - OB != WA || WA < 1)
        $error("core_te: ROWS >= 2, COLS >= 1, WA = SBUF_PART_LOG2 - log2(DATA_WIDTH/8) (instance %m)");
end
`endif

generate
    if (ROWS < 2 || COLS < 1 || SBUF_PART_LOG2 - OB != WA || WA < 1) begin : bad_parameter
        core_te_bad_parameter_ROWS_COLS_or_WA bad ();
    end
endgenerate

// ---- instruction fields --------------------------------------------------------
/* verilator lint_off UNUSEDSIGNAL */ // the checked fields' high bits are 0; the header is core_ctrl's
wire [2:0]  i_fmt_w = insn[`TL_ISA_MATMUL_FMT_W_BIT +: `TL_ISA_MATMUL_FMT_W_WIDTH];
wire [2:0]  i_fmt_x = insn[`TL_ISA_MATMUL_FMT_X_BIT +: `TL_ISA_MATMUL_FMT_X_WIDTH];
wire        i_start = insn[`TL_ISA_MATMUL_START_BIT +: `TL_ISA_MATMUL_START_WIDTH];
wire        i_load  = insn[`TL_ISA_MATMUL_LOAD_BIT +: `TL_ISA_MATMUL_LOAD_WIDTH];
wire [15:0] i_k     = insn[`TL_ISA_MATMUL_K_BIT +: `TL_ISA_MATMUL_K_WIDTH];
wire [15:0] i_m     = insn[`TL_ISA_MATMUL_M_BIT +: `TL_ISA_MATMUL_M_WIDTH];
wire [31:0] i_n     = insn[`TL_ISA_MATMUL_N_BIT +: `TL_ISA_MATMUL_N_WIDTH];
wire [31:0] i_woff  = insn[`TL_ISA_MATMUL_W_OFF_BIT +: `TL_ISA_MATMUL_W_OFF_WIDTH];
wire [31:0] i_xoff  = insn[`TL_ISA_MATMUL_X_OFF_BIT +: `TL_ISA_MATMUL_X_OFF_WIDTH];
wire [31:0] i_e0    = insn[`TL_ISA_MATMUL_E0_BIT +: `TL_ISA_MATMUL_E0_WIDTH];
/* verilator lint_on UNUSEDSIGNAL */

wire i_w1 = i_fmt_w == `TL_FMT_E4M3 || i_fmt_w == `TL_FMT_E5M2 || i_fmt_w == `TL_FMT_INT8;
wire i_x1 = i_fmt_x == `TL_FMT_E4M3 || i_fmt_x == `TL_FMT_E5M2 || i_fmt_x == `TL_FMT_INT8;

// ---- acceptance ------------------------------------------------------------------
reg  [1:0]        wq_wr_reg, wq_rd_reg;        // W tiles queued (2): their format and K
reg  [CQ_L2:0]    cq_wr_reg, cq_rd_reg;
wire              cq_full = cq_wr_reg == {~cq_rd_reg[CQ_L2], cq_rd_reg[CQ_L2-1:0]};
wire              cq_have = cq_wr_reg != cq_rd_reg;
wire              xj_ready;
wire              wj_ready;
wire              wq_full = wq_wr_reg == {~wq_rd_reg[1], wq_rd_reg[0]};
assign insn_ready = wj_ready && !wq_full && !cq_full && xj_ready;
wire              take = insn_valid && insn_ready;

// ---- command queue -> tensor_engine cmd_* ----------------------------------------
reg [CQW-1:0] cq [0:(1<<CQ_L2)-1];
wire [CQW-1:0] cq_in = {i_fmt_w, i_fmt_x, i_k[KW-1:0], i_m[MW-1:0], i_n[NW-1:0],
                        i_e0[EW-1:0], i_start, i_load};
wire [CQW-1:0] cq_head = cq[cq_rd_reg[CQ_L2-1:0]];
wire           cmd_ready;
wire           cmd_fire = cq_have && cmd_ready;

always @(posedge clk) begin
    if (take)
        cq[cq_wr_reg[CQ_L2-1:0]] <= cq_in;
end

// ---- SBUF read port: W loader and X stream, round robin ----------------------------
wire          w_rd_valid, x_rd_valid;
wire [WA-1:0] w_rd_addr, x_rd_addr;
reg           rr_w_last_reg;                 // the last read granted was the W loader's
// a read on offer and not taken is offered again, unchanged (the memory
// ports' protocol, docs/core.md section 11): the choice is kept while it
// waits, even if the other stream asks meanwhile
reg           rd_wait_reg;                   // last cycle's read on offer was not taken ...
reg           rd_wait_w_reg;                 // ... and was the W loader's
wire          pick_w = rd_wait_reg ? rd_wait_w_reg
                                   : w_rd_valid && (!x_rd_valid || !rr_w_last_reg);
assign rd_valid = w_rd_valid || x_rd_valid;
assign rd_addr  = pick_w ? w_rd_addr : x_rd_addr;
wire          rd_fire = rd_valid && rd_ready;
// reads in flight, by owner: a response is taken only for a read this
// module asked for since its reset
reg  [`CORE_MEM_RL-1:0] tag_w_reg, tag_x_reg;

// ---- W loader ------------------------------------------------------------------------
wire                 w_el_valid, w_el_last;
wire [ROWS*16-1:0]   w_el;
reg                  w_emit_reg, w_emit_next;   // sending rows on ld_*
reg  [2:0]           wq_fmt [0:1];
reg  [KW-1:0]        wq_k   [0:1];
wire [2:0]           w_fmt = wq_fmt[wq_rd_reg[0]];
wire [KW-1:0]        w_k   = wq_k[wq_rd_reg[0]];
reg  [RW-1:0]        w_row_reg, w_row_next;
reg  [COLS-1:0]      w_col_reg, w_col_next;     // one-hot column taken next
reg  [ROWS*COLS*16-1:0] tile_reg, tile_next;    // row k in [COLS*16*k +: COLS*16]
wire                 ld_ready;
wire                 w_take = w_el_valid && !w_emit_reg;
wire                 ld_valid = w_emit_reg;
wire                 ld_last  = {{(32-RW){1'b0}}, w_row_reg} == {{(32-KW){1'b0}}, w_k} - 32'd1;
wire                 ld_fire  = ld_valid && ld_ready;

core_te_elems #(
    .ROWS       (ROWS),
    .DATA_WIDTH (DATA_WIDTH),
    .WA         (WA),
    .CW         (MW),
    .JQ_LOG2    (1),
    .WQ_LOG2    (2)
) w_stream (
    .clk       (clk),
    .rst       (rst),
    .job_valid (take && i_load),
    .job_ready (wj_ready),
    .job_addr  (i_woff[OB +: WA]),
    .job_pos   (i_woff[OB-1:0]),
    .job_cnt   (i_m[MW-1:0]),
    .job_e1    (i_w1),
    .rd_valid  (w_rd_valid),
    .rd_ready  (rd_ready && pick_w),
    .rd_addr   (w_rd_addr),
    .rsp_valid (rd_rsp_valid && tag_w_reg[`CORE_MEM_RL-1]),
    .rsp_data  (rd_rsp_data),
    .el_valid  (w_el_valid),
    .el_ready  (w_take),
    .el_data   (w_el),
    .el_last   (w_el_last)
);

integer r, c;
always @* begin
    w_emit_next = w_emit_reg;
    w_row_next  = w_row_reg;
    w_col_next  = w_col_reg;
    tile_next   = tile_reg;
    r           = 0;   // the loops below run only on w_take: no latch on their variables
    c           = 0;
    // column m of every row from the W stream
    if (w_take) begin
        for (r = 0; r < ROWS; r = r + 1)
            for (c = 0; c < COLS; c = c + 1)
                if (w_col_reg[c])
                    tile_next[(COLS*r + c)*16 +: 16] = w_el[16*r +: 16];
        w_col_next = w_col_reg << 1;
        if (w_el_last) begin
            w_emit_next = 1'b1;
            w_row_next  = {RW{1'b0}};
            w_col_next  = {{(COLS-1){1'b0}}, 1'b1};
        end
    end
    // rows leave from row 0: shift the tile up one row per beat
    if (ld_fire) begin
        tile_next[0 +: (ROWS-1)*COLS*16] = tile_reg[COLS*16 +: (ROWS-1)*COLS*16];
        w_row_next = w_row_reg + {{(RW-1){1'b0}}, 1'b1};
        if (ld_last)
            w_emit_next = 1'b0;
    end
end

always @(posedge clk) begin
    tile_reg  <= tile_next;
    w_row_reg <= w_row_next;
    rd_wait_w_reg <= pick_w;
    if (take && i_load) begin
        wq_fmt[wq_wr_reg[0]] <= i_fmt_w;
        wq_k[wq_wr_reg[0]]   <= i_k[KW-1:0];
    end
    if (rst) begin
        w_col_reg     <= {{(COLS-1){1'b0}}, 1'b1};
        wq_wr_reg     <= 2'd0;
        wq_rd_reg     <= 2'd0;
        w_emit_reg    <= 1'b0;
        cq_wr_reg     <= {(CQ_L2+1){1'b0}};
        cq_rd_reg     <= {(CQ_L2+1){1'b0}};
        rr_w_last_reg <= 1'b0;
        rd_wait_reg   <= 1'b0;
        tag_w_reg     <= {`CORE_MEM_RL{1'b0}};
        tag_x_reg     <= {`CORE_MEM_RL{1'b0}};
    end else begin
        w_col_reg  <= w_col_next;
        if (take && i_load)
            wq_wr_reg <= wq_wr_reg + 2'd1;
        if (ld_fire && ld_last)
            wq_rd_reg <= wq_rd_reg + 2'd1;
        w_emit_reg <= w_emit_next;
        if (take)
            cq_wr_reg <= cq_wr_reg + {{CQ_L2{1'b0}}, 1'b1};
        if (cmd_fire)
            cq_rd_reg <= cq_rd_reg + {{CQ_L2{1'b0}}, 1'b1};
        if (rd_fire)
            rr_w_last_reg <= pick_w;
        rd_wait_reg <= rd_valid && !rd_ready;
        tag_w_reg <= {tag_w_reg[`CORE_MEM_RL-2:0], rd_fire && pick_w};
        tag_x_reg <= {tag_x_reg[`CORE_MEM_RL-2:0], rd_fire && !pick_w};
    end
end

// ---- X stream ---------------------------------------------------------------------------
wire               mv_valid, mv_ready, mv_last;
wire [ROWS*16-1:0] mv_data;

core_te_elems #(
    .ROWS       (ROWS),
    .DATA_WIDTH (DATA_WIDTH),
    .WA         (WA),
    .CW         (NW),
    .JQ_LOG2    (4),
    .WQ_LOG2    (2)
) x_stream (
    .clk       (clk),
    .rst       (rst),
    .job_valid (take),
    .job_ready (xj_ready),
    .job_addr  (i_xoff[OB +: WA]),
    .job_pos   (i_xoff[OB-1:0]),
    .job_cnt   (i_n[NW-1:0]),
    .job_e1    (i_x1),
    .rd_valid  (x_rd_valid),
    .rd_ready  (rd_ready && !pick_w),
    .rd_addr   (x_rd_addr),
    .rsp_valid (rd_rsp_valid && tag_x_reg[`CORE_MEM_RL-1]),
    .rsp_data  (rd_rsp_data),
    .el_valid  (mv_valid),
    .el_ready  (mv_ready),
    .el_data   (mv_data),
    .el_last   (mv_last)
);

// ---- the tensor engine ------------------------------------------------------------------
tensor_engine #(
    .ROWS (ROWS),
    .COLS (COLS),
    .AW   (EW),
    .NW   (NW),
    .KW   (KW),
    .MW   (MW),
    .DLY_BLOCK_BITS (DLY_BLOCK_BITS)
) te (
    .clk       (clk),
    .rst       (rst),
    .cmd_valid (cq_have),
    .cmd_ready (cmd_ready),
    .cmd_fmt_w (cq_head[CQW-1 -: 3]),
    .cmd_fmt_x (cq_head[CQW-4 -: 3]),
    .cmd_k     (cq_head[MW+NW+EW+2 +: KW]),
    .cmd_m     (cq_head[NW+EW+2 +: MW]),
    .cmd_n     (cq_head[EW+2 +: NW]),
    .cmd_addr  (cq_head[2 +: EW]),
    .cmd_start (cq_head[1]),
    .cmd_swap  (cq_head[0]),
    .ld_valid  (ld_valid),
    .ld_ready  (ld_ready),
    .ld_fmt    (w_fmt),
    .ld_data   (tile_reg[0 +: COLS*16]),
    .ld_last   (ld_last),
    .mv_valid  (mv_valid),
    .mv_ready  (mv_ready),
    .mv_data   (mv_data),
    .out_valid (psum_valid),
    .out_data  (psum_data),
    .out_addr  (psum_addr),
    .out_start (psum_start),
    .out_mask  (psum_mask),
    .out_int   (psum_int)
);

// ---- completion: a bit per beat in flight, 1 on a matmul's last ---------------------------
reg [(1<<FL)-1:0] last_reg;
reg [FL:0]        in_wr_reg, in_rd_reg;
reg               done_reg;
wire              mv_fire = mv_valid && mv_ready;

always @(posedge clk) begin
    if (mv_fire)
        last_reg[in_wr_reg[FL-1:0]] <= mv_last;
    if (rst) begin
        in_wr_reg <= {(FL+1){1'b0}};
        in_rd_reg <= {(FL+1){1'b0}};
        done_reg  <= 1'b0;
    end else begin
        if (mv_fire)
            in_wr_reg <= in_wr_reg + {{FL{1'b0}}, 1'b1};
        if (psum_commit)
            in_rd_reg <= in_rd_reg + {{FL{1'b0}}, 1'b1};
        done_reg <= psum_commit && last_reg[in_rd_reg[FL-1:0]];
    end
end

// pending instructions: taken and not yet done (each has a beat in flight
// or is queued, so FL + 2 bits hold the count)
reg [FL+1:0] pend_reg;
always @(posedge clk) begin
    if (rst)
        pend_reg <= {(FL+2){1'b0}};
    else if (take && !done_reg)
        pend_reg <= pend_reg + {{(FL+1){1'b0}}, 1'b1};
    else if (done_reg && !take)
        pend_reg <= pend_reg - {{(FL+1){1'b0}}, 1'b1};
end

assign done = done_reg;
assign busy = pend_reg != {(FL+2){1'b0}};

endmodule

`resetall
