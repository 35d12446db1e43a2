`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_check: the checks of docs/core.md section 5 on a fetched
 * instruction, in the model's order (cmodel/core_exec.c core_check):
 * BAD_OPCODE (unknown, or another engine's), BAD_RESERVED (masks of
 * tl_isa.vh), BAD_SEM (enabled wait/signal index >= SEMS), then per
 * opcode BAD_FORMAT, BAD_SHAPE, SBUF_RANGE, PSUM_RANGE, OVERLAP
 * (ACTIVATE/ELEMWISE) or DMA BAD_QUEUE (16 + 13). A fetch that failed
 * (in_ferr) is FETCH. Range arithmetic is as wide as it needs to be
 * (35 bits), so nothing wraps.
 *
 * Besides the code it computes what the instruction will add to the
 * architectural counters when it completes: MACs K*M*N (MATMUL), elements
 * P*F (ACTIVATE/ELEMWISE), DMA bytes read and written (total * esize of
 * each side, mod 2^64, docs/core.md section 3).
 *
 * Pipeline: 3 stages, one instruction per cycle. in_valid with the engine
 * (one-hot) and the instruction (insn) in cycle t; out_valid in t+3. The
 * loaded W tile (w_*) is read in t+1.
 */
module core_check #(
    parameter ROWS           = 16,  // tensor-engine rows
    parameter COLS           = 16,  // tensor-engine columns
    parameter SBUF_PART_LOG2 = 16,  // log2 bytes per SBUF partition
    parameter PSUM_BANKS     = 4,   // PSUM banks
    parameter PSUM_BANK_LOG2 = 9,   // log2 entries per PSUM bank
    parameter SEMS           = 16,  // semaphores
    parameter DMA_QUEUES     = 4    // DMA queues
) (
    input  wire               clk,
    input  wire               rst,
    input  wire               in_valid,
    input  wire [2:0]         in_eng,
    input  wire               in_ferr,
    input  wire [1023:0]      insn,      // the instruction, in the in_valid cycle
    input  wire               w_loaded,
    input  wire [2:0]         w_fmt,
    input  wire [7:0]         w_k,
    input  wire [7:0]         w_m,
    output wire               out_valid,
    output wire [2:0]         out_eng,
    output wire [7:0]         out_code,
    output wire [3:0]         out_queue,
    output wire [31:0]        out_macs,
    output wire [39:0]        out_elems,
    output wire [63:0]        out_rd,
    output wire [63:0]        out_wr
);

`include "tl_isa.vh"

localparam [34:0] PART  = 35'd1 << SBUF_PART_LOG2;
localparam [34:0] PSUMN = PSUM_BANKS * (35'd1 << PSUM_BANK_LOG2);   // entries per partition
localparam [34:0] BANK  = 35'd1 << PSUM_BANK_LOG2;
localparam [31:0] P_ROWS = ROWS;
localparam [31:0] P_COLS = COLS;
localparam [31:0] P_SEMS = SEMS;
localparam [31:0] P_NQ   = DMA_QUEUES;
localparam [16:0] NROWS = P_ROWS[16:0];
localparam [16:0] NCOLS = P_COLS[16:0];
localparam [5:0]  NSEMS = P_SEMS[5:0];
localparam [4:0]  NQ    = P_NQ[4:0];

localparam [1023:0] RES_NOP = `TL_ISA_NOP_RESERVED;
localparam [1023:0] RES_DMA = `TL_ISA_DMA_RESERVED;
localparam [1023:0] RES_MM  = `TL_ISA_MATMUL_RESERVED;
localparam [1023:0] RES_ACT = `TL_ISA_ACTIVATE_RESERVED;
localparam [1023:0] RES_EW  = `TL_ISA_ELEMWISE_RESERVED;

localparam [2:0] FMT_FP32 = 3'd0;
localparam [2:0] FMT_INT8 = 3'd5;


// esize as a shift: fp32/int32 4 (2), bf16/fp16 2 (1), 8-bit 1 (0); code 7: 0 bytes
function [1:0] esh;
    input [2:0] f;
    begin
        case (f)
            3'd0, 3'd6: esh = 2'd2;
            3'd1, 3'd2: esh = 2'd1;
            default:    esh = 2'd0;
        endcase
    end
endfunction

function te_float;
    input [2:0] f;
    begin
        te_float = (f >= 3'd1) && (f <= 3'd4);
    end
endfunction

// an ACT tile's space and format are legal (core_exec.c tile_fmt_ok)
function tile_fmt_ok;
    input [1:0] sp;
    input [2:0] f;
    input       out;
    begin
        if (sp == `TL_ISA_SPACE_PSUM) begin
            tile_fmt_ok = (f == FMT_FP32);
        end else if (sp == `TL_ISA_SPACE_SBUF) begin
            tile_fmt_ok = (f <= 3'd4) || (!out && (f == FMT_INT8));
        end else begin
            tile_fmt_ok = 1'b0;
        end
    end
endfunction

// p0 + P beyond the partitions of the tile's space
function shape_bad;
    input [1:0]  sp;
    input [16:0] pend;
    begin
        shape_bad = pend > ((sp == `TL_ISA_SPACE_SBUF) ? NROWS : NCOLS);
    end
endfunction

// an SBUF tile of F elements at off, element size 1 << sh, is misaligned or passes the partition
function sbuf_bad;
    input [31:0] off;
    input [31:0] f;
    input [1:0]  sh;
    reg   [34:0] endb;
    begin
        endb = {3'd0, off} + ({3'd0, f} << sh);
        sbuf_bad = ((sh == 2'd1) && off[0]) || ((sh == 2'd2) && (off[1:0] != 2'd0)) || (endb > PART);
    end
endfunction

// a PSUM tile of F entries from off leaves the PSUM or crosses a bank (F >= 1)
function psum_bad;
    input [31:0] off;
    input [31:0] f;
    reg   [34:0] endx, lastx;
    begin
        endx  = {3'd0, off} + {3'd0, f};
        lastx = endx - 35'd1;
        psum_bad = (endx > PSUMN) || (({3'd0, off} >> PSUM_BANK_LOG2) != (lastx >> PSUM_BANK_LOG2));
    end
endfunction

// an input tile meets the output tile other than exactly in place
function overlap_bad;
    input [1:0]  sa;
    input [2:0]  fa;
    input [31:0] oa;
    input [1:0]  so;
    input [2:0]  fo;
    input [31:0] oo;
    input [31:0] f;
    reg   [34:0] a0, a1, b0, b1;
    begin
        a0 = (sa == `TL_ISA_SPACE_PSUM) ? ({3'd0, oa} << 2) : {3'd0, oa};
        b0 = (so == `TL_ISA_SPACE_PSUM) ? ({3'd0, oo} << 2) : {3'd0, oo};
        a1 = a0 + ({3'd0, f} << esh(fa));
        b1 = b0 + ({3'd0, f} << esh(fo));
        overlap_bad = (sa == so) && (a0 < b1) && (b0 < a1) && !((oa == oo) && (esh(fa) == esh(fo)));
    end
endfunction

// ---- stage 0: header checks, fields -------------------------------------------
wire [1023:0] in = insn;

wire [7:0] op     = in[`TL_ISA_HDR_OPCODE_BIT +: 8];
wire       is_nop = (op == `TL_ISA_OP_NOP);
wire       is_dma = (op == `TL_ISA_OP_DMA);
wire       is_mm  = (op == `TL_ISA_OP_MATMUL);
wire       is_act = (op == `TL_ISA_OP_ACTIVATE);
wire       is_ew  = (op == `TL_ISA_OP_ELEMWISE);
wire [2:0] op_eng = is_nop ? `TL_ISA_OP_NOP_ENGINES :
                    is_dma ? `TL_ISA_OP_DMA_ENGINES :
                    is_mm  ? `TL_ISA_OP_MATMUL_ENGINES :
                    is_act ? `TL_ISA_OP_ACTIVATE_ENGINES :
                    is_ew  ? `TL_ISA_OP_ELEMWISE_ENGINES : 3'b000;
wire [1023:0] res = is_nop ? RES_NOP : is_dma ? RES_DMA : is_mm ? RES_MM : is_act ? RES_ACT : RES_EW;
wire       bad_op  = (op_eng & in_eng) == 3'b000;
wire       bad_res = |(in & res);
wire       bad_sem = (in[`TL_ISA_HDR_WAIT_BIT] && ({1'b0, in[`TL_ISA_HDR_WS_BIT +: 5]} >= NSEMS)) ||
                     (in[`TL_ISA_HDR_SIGNAL_BIT] && ({1'b0, in[`TL_ISA_HDR_SS_BIT +: 5]} >= NSEMS));

reg         v1_reg;
reg  [2:0]  eng1_reg;
reg  [7:0]  hcode1_reg;     // fetch or header error, 0 if none
reg  [4:1]  cls1_reg;       // {ew, act, mm, dma}
reg  [31:0] w1_reg [0:10];  // words 4..10, 15, 16, 17, 23, 24 (index: see below)

wire [7:0] hcode0 = in_ferr ? `TL_ISA_ERR_FETCH :
                    bad_op  ? `TL_ISA_ERR_BAD_OPCODE :
                    bad_res ? `TL_ISA_ERR_BAD_RESERVED :
                    bad_sem ? `TL_ISA_ERR_BAD_SEM : 8'd0;

always @(posedge clk) begin
    if (rst) begin
        v1_reg <= 1'b0;
    end else begin
        v1_reg <= in_valid;
    end
end

always @(posedge clk) begin
    eng1_reg   <= in_eng;
    hcode1_reg <= hcode0;
    cls1_reg   <= {is_ew, is_act, is_mm, is_dma};
    w1_reg[0]  <= in[32*4 +: 32];
    w1_reg[1]  <= in[32*5 +: 32];
    w1_reg[2]  <= in[32*6 +: 32];
    w1_reg[3]  <= in[32*7 +: 32];
    w1_reg[4]  <= in[32*8 +: 32];
    w1_reg[5]  <= in[32*9 +: 32];
    w1_reg[6]  <= in[32*10 +: 32];
    w1_reg[7]  <= in[32*15 +: 32];
    w1_reg[8]  <= in[32*16 +: 32];   // DMA: source count0
    w1_reg[9]  <= in[32*17 +: 32];   // DMA: source count1, count2
    w1_reg[10] <= in[32*24 +: 32];   // DMA: destination count1, count2
end
reg [31:0] w23_1_reg;                // DMA: destination count0
always @(posedge clk) begin
    w23_1_reg <= in[32*23 +: 32];
end

// ---- stage 1: the opcode's checks, first products ----------------------------
/* verilator lint_off UNUSEDSIGNAL */ // word 4 holds each opcode's own fields; some are the engines' only
wire [31:0] w4 = w1_reg[0];
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0] w5 = w1_reg[1], w6 = w1_reg[2], w7 = w1_reg[3], w8 = w1_reg[4];
wire [31:0] w9 = w1_reg[5], w10 = w1_reg[6], w15 = w1_reg[7];
wire        c_act = cls1_reg[3], c_ew = cls1_reg[4], c_dma = cls1_reg[1];

// MATMUL
wire [2:0]  fw = w4[`TL_ISA_MATMUL_FMT_W_LSB +: 3];
wire [2:0]  fx = w4[`TL_ISA_MATMUL_FMT_X_LSB +: 3];
wire        load = w4[`TL_ISA_MATMUL_LOAD_LSB];
wire [15:0] mk = w5[15:0], mm_m = w5[31:16];
wire        mm_fmt = !((te_float(fw) && te_float(fx)) || ((fw == FMT_INT8) && (fx == FMT_INT8))) ||
                     (!load && w_loaded && (fw != w_fmt));
wire        mm_shape = (mk == 16'd0) || ({1'b0, mk} > NROWS) || (mm_m == 16'd0) || ({1'b0, mm_m} > NCOLS) ||
                       (w6 == 32'd0) || ({3'd0, w6} > BANK) ||
                       (!load && (!w_loaded || (mk != {8'd0, w_k}) || (mm_m != {8'd0, w_m})));
wire        mm_sbuf = (load && sbuf_bad(w7, {16'd0, mm_m}, esh(fw))) || sbuf_bad(w8, w6, esh(fx));
wire        mm_psum = psum_bad(w9, w6);

// ACTIVATE / ELEMWISE: a (input), b (ELEMWISE), out; scale and bias per partition (ACTIVATE)
wire [1:0]  sa = w4[1:0], so = w4[6:5], sb = w4[17:16];
wire [2:0]  fa = w4[4:2], fo = w4[9:7], fb = w4[20:18];
wire        sc_pp = c_act && w4[`TL_ISA_ACTIVATE_SCALE_PP_LSB];
wire        bi_pp = c_act && w4[`TL_ISA_ACTIVATE_BIAS_PP_LSB];
wire [15:0] ap = w5[15:0], ap0 = w5[31:16];
wire [16:0] pend = {1'b0, ap0} + {1'b0, ap};
wire [31:0] af = w6;
wire        a_fmt = (c_act && (w4[`TL_ISA_ACTIVATE_FUNC_LSB +: 2] > `TL_ISA_FUNC_RELU)) ||
                    !tile_fmt_ok(sa, fa, 1'b0) || !tile_fmt_ok(so, fo, 1'b1) ||
                    (c_ew && !tile_fmt_ok(sb, fb, 1'b0));
wire        a_shape = (ap == 16'd0) || (af == 32'd0) || shape_bad(sa, pend) || shape_bad(so, pend) ||
                      (c_ew && shape_bad(sb, pend)) || ((sc_pp || bi_pp) && (pend > NROWS));
wire        a_sbuf = ((sa == `TL_ISA_SPACE_SBUF) && sbuf_bad(w7, af, esh(fa))) ||
                     ((so == `TL_ISA_SPACE_SBUF) && sbuf_bad(w8, af, esh(fo))) ||
                     (c_ew && (sb == `TL_ISA_SPACE_SBUF) && sbuf_bad(w15, af, esh(fb))) ||
                     (sc_pp && sbuf_bad(w9, 32'd1, 2'd2)) || (bi_pp && sbuf_bad(w10, 32'd1, 2'd2));
wire        a_psum = ((sa == `TL_ISA_SPACE_PSUM) && psum_bad(w7, af)) ||
                     ((so == `TL_ISA_SPACE_PSUM) && psum_bad(w8, af)) ||
                     (c_ew && (sb == `TL_ISA_SPACE_PSUM) && psum_bad(w15, af));
wire        a_ovl = overlap_bad(sa, fa, w7, so, fo, w8, af) || (c_ew && overlap_bad(sb, fb, w15, so, fo, w8, af));

// DMA
wire        d_queue = {1'b0, w4[3:0]} >= NQ;

reg         v2_reg;
reg  [2:0]  eng2_reg;
reg  [7:0]  hcode2_reg;
reg  [4:1]  cls2_reg;
reg  [3:0]  queue2_reg;
reg  [4:0]  mm2_reg;        // {bad: psum, sbuf, shape, format} valid as a set
reg  [4:0]  a2_reg;         // {overlap, psum, sbuf, shape, format}
reg         dq2_reg;
reg  [15:0] km2_reg;
reg  [15:0] n2_reg;
reg  [39:0] pf2_reg;
reg  [47:0] s01_2_reg, d01_2_reg;
reg  [15:0] s2_2_reg, d2_2_reg;
reg  [1:0]  ssh2_reg, dsh2_reg;

always @(posedge clk) begin
    if (rst) begin
        v2_reg <= 1'b0;
    end else begin
        v2_reg <= v1_reg;
    end
end

always @(posedge clk) begin
    eng2_reg   <= eng1_reg;
    hcode2_reg <= hcode1_reg;
    cls2_reg   <= cls1_reg;
    queue2_reg <= c_dma ? w4[3:0] : 4'd0;
    mm2_reg    <= {1'b0, mm_psum, mm_sbuf, mm_shape, mm_fmt};
    a2_reg     <= {a_ovl, a_psum, a_sbuf, a_shape, a_fmt};
    dq2_reg    <= d_queue;
    km2_reg    <= mk[7:0] * mm_m[7:0];
    n2_reg     <= w6[15:0];
    pf2_reg    <= ap[7:0] * af;
    s01_2_reg  <= w1_reg[8] * w1_reg[9][15:0];
    d01_2_reg  <= w23_1_reg * w1_reg[10][15:0];
    s2_2_reg   <= w1_reg[9][31:16];
    d2_2_reg   <= w1_reg[10][31:16];
    ssh2_reg   <= esh(w8[2:0]);
    dsh2_reg   <= esh(w8[5:3]);
end

// ---- stage 2: the first failing check; products ----------------------------
function [7:0] first;
    input [4:0] bad;
    begin
        first = bad[0] ? `TL_ISA_ERR_BAD_FORMAT :
                bad[1] ? `TL_ISA_ERR_BAD_SHAPE :
                bad[2] ? `TL_ISA_ERR_SBUF_RANGE :
                bad[3] ? `TL_ISA_ERR_PSUM_RANGE :
                bad[4] ? `TL_ISA_ERR_OVERLAP : 8'd0;
    end
endfunction

wire [7:0] code2 = (hcode2_reg != 8'd0) ? hcode2_reg :
                   cls2_reg[2] ? first(mm2_reg) :
                   (cls2_reg[3] || cls2_reg[4]) ? first(a2_reg) :
                   (cls2_reg[1] && dq2_reg) ? (`TL_ISA_ERR_DMA + 8'd13) : 8'd0;

wire [63:0] s_tot = s01_2_reg * s2_2_reg;
wire [63:0] d_tot = d01_2_reg * d2_2_reg;

reg         v3_reg;
reg  [2:0]  eng3_reg;
reg  [7:0]  code3_reg;
reg  [3:0]  queue3_reg;
reg  [31:0] macs3_reg;
reg  [39:0] elems3_reg;
reg  [63:0] rd3_reg, wr3_reg;

always @(posedge clk) begin
    if (rst) begin
        v3_reg <= 1'b0;
    end else begin
        v3_reg <= v2_reg;
    end
end

always @(posedge clk) begin
    eng3_reg   <= eng2_reg;
    code3_reg  <= code2;
    // the model reports the queue only for BAD_QUEUE among the check errors
    queue3_reg <= (hcode2_reg == 8'd0) ? queue2_reg : 4'd0;
    macs3_reg  <= km2_reg * n2_reg;
    elems3_reg <= pf2_reg;
    rd3_reg    <= s_tot << ssh2_reg;
    wr3_reg    <= d_tot << dsh2_reg;
end

assign out_valid = v3_reg;
assign out_eng   = eng3_reg;
assign out_code  = code3_reg;
assign out_queue = queue3_reg;
assign out_macs  = macs3_reg;
assign out_elems = elems3_reg;
assign out_rd    = rd3_reg;
assign out_wr    = wr3_reg;

endmodule

`resetall
