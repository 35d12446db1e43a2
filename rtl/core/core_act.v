`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_act: the activation engine. Executes ACTIVATE and ELEMWISE
 * (docs/core.md sections 5, 6 and 11), bit for bit as exec_act of
 * cmodel/core_exec.c.
 *
 * Instruction stream: `insn` (a checked instruction, fields of tl_isa.vh)
 * is taken when insn_valid && insn_ready; insn_ready is high only when the
 * engine is idle, so instructions run one after the other, each seeing the
 * writes of the one before. `done` pulses once per instruction, one cycle
 * after its last write was taken, and insn_ready is high again in that
 * cycle. `busy` is high from the cycle after the accept until done.
 *
 * Dataflow. A tile is partitions p0..p0+P-1 by F elements; partition p
 * is lane p of every memory word. NL = max(ROWS, COLS) partitions share
 * NA = ACT_LANES arithmetic lanes (core_act_lane) in NR = NL/NA groups:
 * group g is partitions g*NA .. g*NA+NA-1, lane k taking partition
 * g*NA + k (its elements, SR coordinates, scale and bias). The groups
 * that hold partitions of the tile run one after the other, each over
 * all F elements, so every element keeps its own coordinate and the
 * results are the same for every NA; NA = NL (the default) is one group,
 * all partitions at once. The data path is a group wide (NA words): a
 * read answer gives the word of every partition, and only the group's
 * NA words go into the input FIFOs; an output word carries the group's
 * NA words, repeated across the write port, with the group's partition
 * mask. Per instruction:
 *   setup  (4 cycles) element sizes, word counts, groups, the lanes' first
 *          SR coordinates cbase + (g0*NA + lane - p0)*cstride_p; per-partition
 *          scale and bias words are requested first (SBUF port), before any data
 *   run    the input streams a (and b) request their words in order, group
 *          by group, up to IN_DEPTH words ahead of the element issue (a
 *          FIFO each; reads answer CORE_MEM_RL = 2 cycles after taken, a
 *          tag shift register per port routes the answers and says their
 *          group); one element of the group is issued to the lanes per
 *          cycle when its input words are there and, if it completes an
 *          output word, a slot of the output FIFO is reserved (credits: the
 *          lanes' pipeline never stalls); PIPE_LAT cycles later (the lanes'
 *          input stage: the words are taken from the FIFO heads' registered
 *          copies, then core_act_lane's LANE_LAT) the lanes' results are
 *          packed into the output word; a complete word goes to the output
 *          FIFO and from there to the write port with the group's partition
 *          mask and the byte strobes of its elements.
 * Inputs are read strictly ahead of the outputs covering the same bytes,
 * so an output may be an input in place (same offset, same element size);
 * other overlaps are the OVERLAP error in core_ctrl, never seen here.
 *
 * Throughput: one element of every partition of a group per cycle while
 * the memory ports keep up and the output credits (OUT_DEPTH words in
 * flight) last. Latency of an instruction with every port ready:
 * G*F + PIPE_LAT + 9 cycles, G the groups holding partitions of the tile
 * (ACTIVATE; ELEMWISE one more: test_core_act prints them).
 *
 * Memory ports (memory-facing outputs are registers): request streams
 * (*_valid/*_ready) addressed by word; read answers arrive exactly
 * CORE_MEM_RL cycles after the request was taken, for every partition.
 */
module core_act #(
    parameter ROWS = 16,              // SBUF partitions
    parameter COLS = 16,              // PSUM partitions
    parameter DATA_WIDTH = 128,       // memory word bits (64, 128, 256)
    parameter SBUF_PART_LOG2 = 16,    // log2 bytes per SBUF partition
    parameter PSUM_BANKS = 4,         // PSUM banks (1 allowed)
    parameter PSUM_BANK_LOG2 = 9,     // log2 entries per bank and partition
    parameter ACT_LANES = (ROWS > COLS ? ROWS : COLS),  // arithmetic lanes: max(ROWS, COLS) or a power of two dividing it
    parameter SWA = SBUF_PART_LOG2 - $clog2(DATA_WIDTH/8),                      // SBUF word address width
    parameter PWA = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2 - $clog2(DATA_WIDTH/32) // PSUM word address width
) (
    input  wire                       clk,
    input  wire                       rst,
    input  wire                       insn_valid,
    output wire                       insn_ready,
    /* verilator lint_off UNUSEDSIGNAL */ // ACTIVATE and ELEMWISE use a part of the fields
    input  wire [1023:0]              insn,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                       done,
    output wire                       busy,
    // SBUF
    output wire                       sb_rd_valid,
    input  wire                       sb_rd_ready,
    output wire [SWA-1:0]             sb_rd_addr,
    input  wire                       sb_rd_rsp_valid,
    input  wire [ROWS*DATA_WIDTH-1:0] sb_rd_rsp_data,
    output wire                       sb_wr_valid,
    input  wire                       sb_wr_ready,
    output wire [ROWS-1:0]            sb_wr_mask,
    output wire [SWA-1:0]             sb_wr_addr,
    output wire [ROWS*DATA_WIDTH-1:0] sb_wr_data,
    output wire [DATA_WIDTH/8-1:0]    sb_wr_strb,
    // PSUM
    output wire                       ps_rd_valid,
    input  wire                       ps_rd_ready,
    output wire [PWA-1:0]             ps_rd_addr,
    input  wire                       ps_rd_rsp_valid,
    input  wire [COLS*DATA_WIDTH-1:0] ps_rd_rsp_data,
    output wire                       ps_wr_valid,
    input  wire                       ps_wr_ready,
    output wire [COLS-1:0]            ps_wr_mask,
    output wire [PWA-1:0]             ps_wr_addr,
    output wire [COLS*DATA_WIDTH-1:0] ps_wr_data,
    output wire [DATA_WIDTH/8-1:0]    ps_wr_strb
);

`include "tl_encoding.vh"
`include "tl_isa.vh"

localparam DW   = DATA_WIDTH;
localparam DB   = DW / 8;                          // bytes per word
localparam DBL  = $clog2(DB);
localparam NCH  = DB / 4;                          // 32-bit chunks per word
localparam NL   = ROWS > COLS ? ROWS : COLS;       // lanes
localparam NLW  = NL * DW;
localparam NA   = ACT_LANES;                       // arithmetic lanes
localparam NR   = NL / NA;                         // groups of partitions
localparam RB   = NR > 1 ? $clog2(NR) : 1;         // group number bits
localparam NAL  = $clog2(NA);                      // log2 NA when NR > 1
localparam NAW  = NA * DW;                         // a group's words: the data path
localparam MW   = NR > 1 ? NL : 1;                 // partition mask bits kept with an output word
localparam PB   = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2 + 2;    // PSUM partition byte address bits
localparam BA   = SBUF_PART_LOG2 > PB ? SBUF_PART_LOG2 : PB;  // byte address bits
localparam WA   = BA - DBL;                        // word address bits
localparam CW   = BA + 2;                          // element and word counts
localparam RL   = 2;                               // CORE_MEM_RL: read answer delay
localparam IN_DEPTH  = 4;                          // words per input FIFO
localparam OUT_DEPTH = 16;                         // words per output FIFO
localparam INL  = 2;                               // log2 IN_DEPTH
localparam OUTL = 4;                               // log2 OUT_DEPTH
localparam LANE_LAT = 22;                          // core_act_lane (checked there)
localparam PIPE_LAT = LANE_LAT + 1;                // issue to result: the lanes' input stage, then a lane

localparam [CW+DBL+1:0] DB_M1 = {{(CW+2){1'b0}}, {DBL{1'b1}}};  // DB - 1
localparam [INL:0]  IN_FULL   = IN_DEPTH;     // sized copies for compares
localparam [OUTL:0] OUT_FULL  = OUT_DEPTH;
localparam [1:0] SPACE_SBUF = `TL_ISA_SPACE_SBUF;
localparam [1:0] SPACE_PSUM = `TL_ISA_SPACE_PSUM;

// SBUF read tags
localparam [1:0] TAG_A = 2'd0, TAG_B = 2'd1, TAG_SCALE = 2'd2, TAG_BIAS = 2'd3;

// parameter checks synthesis sees too
generate
    if (DW != 64 && DW != 128 && DW != 256) begin : bad_data_width
        core_act_data_width_must_be_64_128_or_256 check ();
    end
    if (ROWS < 1 || COLS < 1 || ROWS > 64 || COLS > 64) begin : bad_array
        core_act_rows_and_cols_must_be_1_to_64 check ();
    end
    if (SWA != SBUF_PART_LOG2 - DBL || PWA != PB - 2 - (DBL - 2) || PWA < 1) begin : bad_widths
        core_act_address_width_parameters_are_derived check ();
    end
    if ((1 << INL) != IN_DEPTH || (1 << OUTL) != OUT_DEPTH) begin : bad_depth
        core_act_fifo_depths_must_be_powers_of_two check ();
    end
    if (NA < 1 || NA > NL || NR * NA != NL || (NA != NL && (NA & (NA - 1)) != 0)) begin : bad_lanes
        core_act_act_lanes_must_be_max_rows_cols_or_a_power_of_two_dividing_it check ();
    end
endgenerate

// ============================================================== FSM
localparam [1:0] S_IDLE = 2'd0, S_SETUP = 2'd1, S_RUN = 2'd2;

reg [1:0] state_reg, state_next;
reg [1:0] setup_cnt_reg, setup_cnt_next;
reg       done_reg, done_next;

wire accept = insn_valid && state_reg == S_IDLE;
wire last_write;                   // the instruction's last output word is taken now

always @* begin
    state_next     = state_reg;
    setup_cnt_next = setup_cnt_reg;
    done_next      = 1'b0;
    case (state_reg)
        S_IDLE: begin
            setup_cnt_next = 2'd0;
            if (insn_valid)
                state_next = S_SETUP;
        end
        S_SETUP: begin
            setup_cnt_next = setup_cnt_reg + 2'd1;
            if (setup_cnt_reg == 2'd3)
                state_next = S_RUN;
        end
        S_RUN: begin
            if (last_write) begin
                state_next = S_IDLE;
                done_next  = 1'b1;
            end
        end
        default: state_next = S_IDLE;
    endcase
end

always @(posedge clk) begin
    if (rst) begin
        state_reg     <= S_IDLE;
        setup_cnt_reg <= 2'd0;
        done_reg      <= 1'b0;
    end else begin
        state_reg     <= state_next;
        setup_cnt_reg <= setup_cnt_next;
        done_reg      <= done_next;
    end
end

wire setup0 = state_reg == S_SETUP && setup_cnt_reg == 2'd0;
wire setup1 = state_reg == S_SETUP && setup_cnt_reg == 2'd1;
wire setup2 = state_reg == S_SETUP && setup_cnt_reg == 2'd2;
wire setup3 = state_reg == S_SETUP && setup_cnt_reg == 2'd3;
wire started = state_reg == S_RUN || (state_reg == S_SETUP && setup_cnt_reg != 2'd0);
wire run    = state_reg == S_RUN;

assign insn_ready = state_reg == S_IDLE;
assign busy       = state_reg != S_IDLE;
assign done       = done_reg;

// ============================================================== decode (at accept)
wire is_act = insn[`TL_ISA_HDR_OPCODE_BIT +: `TL_ISA_HDR_OPCODE_WIDTH] == `TL_ISA_OP_ACTIVATE;
wire [2:0] a_fmt_in = is_act ? insn[`TL_ISA_ACTIVATE_IN_FMT_BIT +: 3] : insn[`TL_ISA_ELEMWISE_A_FMT_BIT +: 3];
wire [2:0] b_fmt_in = insn[`TL_ISA_ELEMWISE_B_FMT_BIT +: 3];
wire [2:0] o_fmt_in = is_act ? insn[`TL_ISA_ACTIVATE_OUT_FMT_BIT +: 3] : insn[`TL_ISA_ELEMWISE_OUT_FMT_BIT +: 3];

reg        act_reg;
reg [1:0]  op_reg;                 // ELEMWISE op
reg        relu_reg;
reg        scale_pp_reg, bias_pp_reg;
reg        rnd_reg, sat_reg;
reg [1:0]  a_space_reg, b_space_reg, o_space_reg;
reg [2:0]  a_fmt_reg, b_fmt_reg, o_fmt_reg;
reg [31:0] a_off_reg, b_off_reg, o_off_reg;
reg [15:0] p_reg, p0_reg;
/* verilator lint_off UNUSEDSIGNAL */ // F is checked: at most the bytes of a partition
reg [31:0] f_reg;
/* verilator lint_on UNUSEDSIGNAL */
reg [31:0] scale_reg, bias_reg, seed_reg, cbase_reg, csp_reg, csf_reg;

always @(posedge clk) begin
    if (accept) begin
        act_reg      <= is_act;
        op_reg       <= insn[`TL_ISA_ELEMWISE_OP_BIT +: 2];
        relu_reg     <= insn[`TL_ISA_ACTIVATE_FUNC_BIT +: 2] == `TL_ISA_FUNC_RELU;
        scale_pp_reg <= is_act && insn[`TL_ISA_ACTIVATE_SCALE_PP_BIT];
        bias_pp_reg  <= is_act && insn[`TL_ISA_ACTIVATE_BIAS_PP_BIT];
        rnd_reg      <= is_act ? insn[`TL_ISA_ACTIVATE_ROUND_BIT] : insn[`TL_ISA_ELEMWISE_ROUND_BIT];
        sat_reg      <= is_act ? insn[`TL_ISA_ACTIVATE_SAT_BIT] : insn[`TL_ISA_ELEMWISE_SAT_BIT];
        a_space_reg  <= is_act ? insn[`TL_ISA_ACTIVATE_IN_SPACE_BIT +: 2] : insn[`TL_ISA_ELEMWISE_A_SPACE_BIT +: 2];
        a_fmt_reg    <= a_fmt_in;
        a_off_reg    <= is_act ? insn[`TL_ISA_ACTIVATE_IN_OFF_BIT +: 32] : insn[`TL_ISA_ELEMWISE_A_OFF_BIT +: 32];
        b_space_reg  <= is_act ? 2'd0 : insn[`TL_ISA_ELEMWISE_B_SPACE_BIT +: 2];
        b_fmt_reg    <= b_fmt_in;
        b_off_reg    <= insn[`TL_ISA_ELEMWISE_B_OFF_BIT +: 32];
        o_space_reg  <= is_act ? insn[`TL_ISA_ACTIVATE_OUT_SPACE_BIT +: 2] : insn[`TL_ISA_ELEMWISE_OUT_SPACE_BIT +: 2];
        o_fmt_reg    <= o_fmt_in;
        o_off_reg    <= is_act ? insn[`TL_ISA_ACTIVATE_OUT_OFF_BIT +: 32] : insn[`TL_ISA_ELEMWISE_OUT_OFF_BIT +: 32];
        p_reg        <= is_act ? insn[`TL_ISA_ACTIVATE_P_BIT +: 16] : insn[`TL_ISA_ELEMWISE_P_BIT +: 16];
        p0_reg       <= is_act ? insn[`TL_ISA_ACTIVATE_P0_BIT +: 16] : insn[`TL_ISA_ELEMWISE_P0_BIT +: 16];
        f_reg        <= is_act ? insn[`TL_ISA_ACTIVATE_F_BIT +: 32] : insn[`TL_ISA_ELEMWISE_F_BIT +: 32];
        scale_reg    <= insn[`TL_ISA_ACTIVATE_SCALE_BIT +: 32];
        bias_reg     <= insn[`TL_ISA_ACTIVATE_BIAS_BIT +: 32];
        seed_reg     <= is_act ? insn[`TL_ISA_ACTIVATE_SEED_BIT +: 32] : insn[`TL_ISA_ELEMWISE_SEED_BIT +: 32];
        cbase_reg    <= is_act ? insn[`TL_ISA_ACTIVATE_CBASE_BIT +: 32] : insn[`TL_ISA_ELEMWISE_CBASE_BIT +: 32];
        csp_reg      <= is_act ? insn[`TL_ISA_ACTIVATE_CSTRIDE_P_BIT +: 32] : insn[`TL_ISA_ELEMWISE_CSTRIDE_P_BIT +: 32];
        csf_reg      <= is_act ? insn[`TL_ISA_ACTIVATE_CSTRIDE_F_BIT +: 32] : insn[`TL_ISA_ELEMWISE_CSTRIDE_F_BIT +: 32];
    end
end

// ============================================================== setup 0: tiles
// log2 element size of a format (PSUM tiles are fp32)
function [1:0] esl_of;
    input [2:0] fmt;
    case (fmt)
        `TL_FMT_FP32, `TL_FMT_INT32: esl_of = 2'd2;
        `TL_FMT_BF16, `TL_FMT_FP16:  esl_of = 2'd1;
        default:                     esl_of = 2'd0;
    endcase
endfunction

// byte offset of a tile in its partition (PSUM offsets are entries)
// (offsets are checked: the bits above the partition are 0)
/* verilator lint_off UNUSEDSIGNAL */
function [BA-1:0] byte_of;
    input [1:0]  space;
    input [31:0] off;
    byte_of = space == SPACE_PSUM ? {off[BA-3:0], 2'b00} : off[BA-1:0];
endfunction
/* verilator lint_on UNUSEDSIGNAL */

/* verilator lint_off UNUSEDSIGNAL */ // the word address: the low bits are the place in it
function [WA-1:0] word_of;
    input [BA-1:0] byte_off;
    word_of = byte_off[BA-1:DBL];
endfunction
/* verilator lint_on UNUSEDSIGNAL */

/* verilator lint_off UNUSEDSIGNAL */ // the place in the word: the high bits are the word
function [DBL-1:0] pos_of;
    input [BA-1:0] byte_off;
    pos_of = byte_off[DBL-1:0];
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// words a tile spans: its first byte's place in the word plus F elements
/* verilator lint_off UNUSEDSIGNAL */ // only the place in the first word counts; span: the quotient
function [CW-1:0] nwords_of;
    input [BA-1:0] byte_off;
    input [1:0]    esl;
    input [CW-1:0] f;
    reg   [CW+DBL+1:0] span;
    begin
        span      = {{(CW+2){1'b0}}, byte_off[DBL-1:0]} + ({{(DBL+2){1'b0}}, f} << esl) + DB_M1;
        nwords_of = span[CW+DBL-1:DBL];
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// element sizes, taken at accept: setup 0's word counts (nwords_of) start
// from them, and decoding them from the format registers there put the
// decode and the format registers' fan-out (the lanes) in front of those
// adders: the critical path of act_board (docs/fpga.md section 3b)
reg [1:0]     a_esl_reg, b_esl_reg, o_esl_reg;
always @(posedge clk) begin
    if (accept) begin
        a_esl_reg <= esl_of(a_fmt_in);
        b_esl_reg <= esl_of(b_fmt_in);
        o_esl_reg <= esl_of(o_fmt_in);
    end
end
reg [NL-1:0]  lane_en_reg;         // partitions p0 .. p0+P-1
reg [NA*32-1:0] lane_off_reg;     // (g0*NA + lane) * cstride_p, per arithmetic lane
reg [NA*32-1:0] lane_off_calc;
reg [31:0]    csp3_reg;            // 3 * cstride_p
reg [31:0]    rstep_reg;           // NA * cstride_p: a lane's step from group to group
reg [RB-1:0]  g1_reg;              // the tile's last group

// the tile's first group (partition p0's) and last (p0 + P - 1's)
/* verilator lint_off UNUSEDSIGNAL */ // partitions are below 64: the high bits are 0
wire [15:0]   p_end = p0_reg + p_reg - 16'd1;
/* verilator lint_on UNUSEDSIGNAL */
wire [RB-1:0] g0 = NR > 1 ? p0_reg[NAL +: RB] : {RB{1'b0}};
wire [RB-1:0] g1 = NR > 1 ? p_end[NAL +: RB] : {RB{1'b0}};
wire [6:0]    g0_wide = {{(7-RB){1'b0}}, g0};
/* verilator lint_off UNUSEDSIGNAL */ // g0*NA < NL <= 64
wire [6:0]    gbase = g0_wide << NAL;   // the first group's first partition
/* verilator lint_on UNUSEDSIGNAL */
reg [31:0]    p0_off_reg;          // p0 * cstride_p
reg [31:0]    p0_off_calc;
reg [31:0]    cbase0_reg;          // cbase - p0 * cstride_p

wire [CW-1:0] f_cw = f_reg[CW-1:0];

integer li_s0, li_oc, li_sc, li_pk, bj_pk;  // one loop index per block
always @(posedge clk) begin
    if (setup0) begin
        for (li_s0 = 0; li_s0 < NL; li_s0 = li_s0 + 1) begin
            lane_en_reg[li_s0]  <= {1'b0, li_s0[15:0]} >= {1'b0, p0_reg} && {1'b0, li_s0[15:0]} < {1'b0, p0_reg} + {1'b0, p_reg};
        end
        csp3_reg <= csp_reg + {csp_reg[30:0], 1'b0};
        rstep_reg <= csp_reg << NAL;   // NR > 1 only: NA is a power of two then
        g1_reg   <= g1;
    end
    if (setup1) begin
        lane_off_reg <= lane_off_calc;
        p0_off_reg   <= p0_off_calc;
    end
    if (setup2)
        cbase0_reg <= cbase_reg - p0_off_reg;
end

// n * cstride_p for n < 64 from base-4 digits of n: each digit picks 0, 1, 2
// or 3 times cstride_p (3x precomputed), shifted; at most three terms, so
// at most two adders deep.
/* verilator lint_off UNUSEDSIGNAL */ // shifted terms: their top bits leave the 32-bit sum (mod 2^32)
function [31:0] times_csp;
    input [5:0]  n;
    input [31:0] c1;
    input [31:0] c3;
    reg   [31:0] t0, t1, t2;
    begin
        t0 = n[1:0] == 2'd0 ? 32'd0 : n[1:0] == 2'd1 ? c1 : n[1:0] == 2'd2 ? {c1[30:0], 1'b0} : c3;
        t1 = n[3:2] == 2'd0 ? 32'd0 : n[3:2] == 2'd1 ? c1 : n[3:2] == 2'd2 ? {c1[30:0], 1'b0} : c3;
        t2 = n[5:4] == 2'd0 ? 32'd0 : n[5:4] == 2'd1 ? c1 : n[5:4] == 2'd2 ? {c1[30:0], 1'b0} : c3;
        times_csp = t0 + {t1[29:0], 2'b00} + {t2[27:0], 4'b0000};
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

always @* begin
    for (li_oc = 0; li_oc < NA; li_oc = li_oc + 1)
        lane_off_calc[li_oc*32 +: 32] = times_csp(gbase[5:0] | li_oc[5:0], csp_reg, csp3_reg);
    p0_off_calc = times_csp(p0_reg[5:0], csp_reg, csp3_reg);
end

// a tile's bytes in its partition (from the instruction's registers, read
// at setup 0 and, for every group after the first, kept in registers)
wire [BA-1:0]  a_byte0 = byte_of(a_space_reg, a_off_reg);
wire [BA-1:0]  b_byte0 = byte_of(b_space_reg, b_off_reg);
wire [BA-1:0]  o_byte0 = byte_of(o_space_reg, o_off_reg);
wire [CW-1:0]  a_nwords = nwords_of(a_byte0, a_esl_reg, f_cw);  // words of a partition
wire [CW-1:0]  b_nwords = nwords_of(b_byte0, b_esl_reg, f_cw);

// ============================================================== read ports
// SBUF: scale, bias (first), a and b words; PSUM: a and b words.
reg           scale_pend_reg, scale_pend_next;   // still to request
reg           bias_pend_reg, bias_pend_next;
reg           scale_wait_reg, scale_wait_next;   // requested or to request, not answered
reg           bias_wait_reg, bias_wait_next;
reg [CW-1:0]  a_left_reg, a_left_next;           // words still to request in this group
reg [CW-1:0]  b_left_reg, b_left_next;
reg [WA-1:0]  a_rdw_reg, a_rdw_next;             // next word to request
reg [WA-1:0]  b_rdw_reg, b_rdw_next;
reg           a_some_reg, a_some_next;           // a_left_reg != 0: a flag, off the arbitration's path
reg           b_some_reg, b_some_next;
reg [RB-1:0]  a_grp_reg, a_grp_next;             // its group
reg [RB-1:0]  b_grp_reg, b_grp_next;
reg [CW-1:0]  a_nw_reg, b_nw_reg;                // words of a group (setup 0 on)
reg [WA-1:0]  a_w0_reg, b_w0_reg;                // a group's first word
reg [INL:0]   a_cnt_reg, a_cnt_next;             // requested and not popped
reg [INL:0]   b_cnt_reg, b_cnt_next;

reg           sb_rd_valid_reg, sb_rd_valid_next;
reg [WA-1:0]  sb_rd_addr_reg, sb_rd_addr_next;
reg [1:0]     sb_rd_tag_reg, sb_rd_tag_next;
reg [RB-1:0]  sb_rd_grp_reg, sb_rd_grp_next;     // the word's group (a and b)
reg           sb_rr_reg, sb_rr_next;             // a/b round robin: 1 = b had the last turn
reg           ps_rd_valid_reg, ps_rd_valid_next;
reg [WA-1:0]  ps_rd_addr_reg, ps_rd_addr_next;
reg           ps_rd_tag_reg, ps_rd_tag_next;     // 0 a, 1 b
reg [RB-1:0]  ps_rd_grp_reg, ps_rd_grp_next;
reg           ps_rr_reg, ps_rr_next;

localparam SBQ = 3 + RB;           // a tag queue slot: {taken, group, tag}
localparam PSQ = 2 + RB;
reg [SBQ*RL-1:0] sb_tq_reg;        // the last RL cycles' requests
reg [PSQ*RL-1:0] ps_tq_reg;

wire a_pop, b_pop;                 // the element issue pops a word

reg sb_load, ps_load;
reg a_want_sb, b_want_sb, a_want_ps, b_want_ps;
reg a_req, b_req;                  // a word of a / b is requested (loaded) now

always @* begin
    scale_pend_next  = scale_pend_reg;
    bias_pend_next   = bias_pend_reg;
    scale_wait_next  = scale_wait_reg;
    bias_wait_next   = bias_wait_reg;
    a_left_next      = a_left_reg;
    b_left_next      = b_left_reg;
    a_rdw_next       = a_rdw_reg;
    b_rdw_next       = b_rdw_reg;
    a_grp_next       = a_grp_reg;
    b_grp_next       = b_grp_reg;
    a_some_next      = a_some_reg;
    b_some_next      = b_some_reg;
    sb_rd_valid_next = sb_rd_valid_reg;
    sb_rd_addr_next  = sb_rd_addr_reg;
    sb_rd_tag_next   = sb_rd_tag_reg;
    sb_rd_grp_next   = sb_rd_grp_reg;
    sb_rr_next       = sb_rr_reg;
    ps_rd_valid_next = ps_rd_valid_reg;
    ps_rd_addr_next  = ps_rd_addr_reg;
    ps_rd_tag_next   = ps_rd_tag_reg;
    ps_rd_grp_next   = ps_rd_grp_reg;
    ps_rr_next       = ps_rr_reg;
    a_req            = 1'b0;
    b_req            = 1'b0;

    // streams start once setup 0 has their word counts
    a_want_sb = started && a_space_reg == SPACE_SBUF && a_some_reg
             && a_cnt_reg != IN_FULL;
    b_want_sb = started && b_space_reg == SPACE_SBUF && b_some_reg
             && b_cnt_reg != IN_FULL;
    a_want_ps = started && a_space_reg == SPACE_PSUM && a_some_reg
             && a_cnt_reg != IN_FULL;
    b_want_ps = started && b_space_reg == SPACE_PSUM && b_some_reg
             && b_cnt_reg != IN_FULL;

    sb_load = !sb_rd_valid_reg || sb_rd_ready;
    ps_load = !ps_rd_valid_reg || ps_rd_ready;

    if (sb_load) begin
        sb_rd_valid_next = 1'b0;
        if (scale_pend_reg && started) begin
            sb_rd_valid_next = 1'b1;
            sb_rd_addr_next  = {{(WA-SWA){1'b0}}, scale_reg[SBUF_PART_LOG2-1:DBL]};
            sb_rd_tag_next   = TAG_SCALE;
            scale_pend_next  = 1'b0;
        end else if (bias_pend_reg && started) begin
            sb_rd_valid_next = 1'b1;
            sb_rd_addr_next  = {{(WA-SWA){1'b0}}, bias_reg[SBUF_PART_LOG2-1:DBL]};
            sb_rd_tag_next   = TAG_BIAS;
            bias_pend_next   = 1'b0;
        end else if (a_want_sb && (!b_want_sb || sb_rr_reg)) begin
            sb_rd_valid_next = 1'b1;
            sb_rd_addr_next  = a_rdw_reg;
            sb_rd_tag_next   = TAG_A;
            sb_rd_grp_next   = a_grp_reg;
            sb_rr_next       = 1'b0;
            a_req            = 1'b1;
        end else if (b_want_sb) begin
            sb_rd_valid_next = 1'b1;
            sb_rd_addr_next  = b_rdw_reg;
            sb_rd_tag_next   = TAG_B;
            sb_rd_grp_next   = b_grp_reg;
            sb_rr_next       = 1'b1;
            b_req            = 1'b1;
        end
    end
    if (ps_load) begin
        ps_rd_valid_next = 1'b0;
        if (a_want_ps && (!b_want_ps || ps_rr_reg)) begin
            ps_rd_valid_next = 1'b1;
            ps_rd_addr_next  = a_rdw_reg;
            ps_rd_tag_next   = 1'b0;
            ps_rd_grp_next   = a_grp_reg;
            ps_rr_next       = 1'b0;
            a_req            = 1'b1;
        end else if (b_want_ps) begin
            ps_rd_valid_next = 1'b1;
            ps_rd_addr_next  = b_rdw_reg;
            ps_rd_tag_next   = 1'b1;
            ps_rd_grp_next   = b_grp_reg;
            ps_rr_next       = 1'b1;
            b_req            = 1'b1;
        end
    end
    // after a group's last word, the next group's first (NR = 1: one group)
    if (a_req) begin
        if (a_left_reg == {{(CW-1){1'b0}}, 1'b1} && a_grp_reg != g1_reg) begin
            a_left_next = a_nw_reg;
            a_rdw_next  = a_w0_reg;
            a_grp_next  = a_grp_reg + {{(RB-1){1'b0}}, 1'b1};
        end else begin
            a_left_next = a_left_reg - {{(CW-1){1'b0}}, 1'b1};
            a_rdw_next  = a_rdw_reg + {{(WA-1){1'b0}}, 1'b1};
            a_some_next = a_left_reg != {{(CW-1){1'b0}}, 1'b1};
        end
    end
    if (b_req) begin
        if (b_left_reg == {{(CW-1){1'b0}}, 1'b1} && b_grp_reg != g1_reg) begin
            b_left_next = b_nw_reg;
            b_rdw_next  = b_w0_reg;
            b_grp_next  = b_grp_reg + {{(RB-1){1'b0}}, 1'b1};
        end else begin
            b_left_next = b_left_reg - {{(CW-1){1'b0}}, 1'b1};
            b_rdw_next  = b_rdw_reg + {{(WA-1){1'b0}}, 1'b1};
            b_some_next = b_left_reg != {{(CW-1){1'b0}}, 1'b1};
        end
    end
    a_cnt_next = a_cnt_reg + {{INL{1'b0}}, a_req} - {{INL{1'b0}}, a_pop};
    b_cnt_next = b_cnt_reg + {{INL{1'b0}}, b_req} - {{INL{1'b0}}, b_pop};

    if (setup0) begin
        scale_pend_next = scale_pp_reg;
        bias_pend_next  = bias_pp_reg;
        scale_wait_next = scale_pp_reg;
        bias_wait_next  = bias_pp_reg;
        a_left_next     = a_nwords;
        b_left_next     = act_reg ? {CW{1'b0}}
                        : b_nwords;
        a_rdw_next      = word_of(a_byte0);
        b_rdw_next      = word_of(b_byte0);
        a_grp_next      = g0;
        b_grp_next      = g0;
        a_some_next     = 1'b1;        // F >= 1: a tile has a word
        b_some_next     = !act_reg;
        a_cnt_next      = {(INL+1){1'b0}};
        b_cnt_next      = {(INL+1){1'b0}};
    end
    if (sb_rsp_tag_valid && sb_rsp_tag == TAG_SCALE)
        scale_wait_next = 1'b0;
    if (sb_rsp_tag_valid && sb_rsp_tag == TAG_BIAS)
        bias_wait_next = 1'b0;
end

// the answer of this cycle belongs to the request taken RL cycles ago
wire          sb_rsp_tag_valid = sb_tq_reg[SBQ*RL-1];
wire [RB-1:0] sb_rsp_grp       = sb_tq_reg[SBQ*RL-2 -: RB];
wire [1:0]    sb_rsp_tag       = sb_tq_reg[SBQ*(RL-1) +: 2];
wire          ps_rsp_tag_valid = ps_tq_reg[PSQ*RL-1];
wire [RB-1:0] ps_rsp_grp       = ps_tq_reg[PSQ*RL-2 -: RB];
wire          ps_rsp_tag       = ps_tq_reg[PSQ*(RL-1)];

always @(posedge clk) begin
    if (rst) begin
        scale_pend_reg  <= 1'b0;
        bias_pend_reg   <= 1'b0;
        scale_wait_reg  <= 1'b0;
        bias_wait_reg   <= 1'b0;
        a_left_reg      <= {CW{1'b0}};
        b_left_reg      <= {CW{1'b0}};
        a_some_reg      <= 1'b0;
        b_some_reg      <= 1'b0;
        a_cnt_reg       <= {(INL+1){1'b0}};
        b_cnt_reg       <= {(INL+1){1'b0}};
        sb_rd_valid_reg <= 1'b0;
        ps_rd_valid_reg <= 1'b0;
        sb_rr_reg       <= 1'b0;
        ps_rr_reg       <= 1'b0;
        sb_tq_reg       <= {(SBQ*RL){1'b0}};
        ps_tq_reg       <= {(PSQ*RL){1'b0}};
    end else begin
        scale_pend_reg  <= scale_pend_next;
        bias_pend_reg   <= bias_pend_next;
        scale_wait_reg  <= scale_wait_next;
        bias_wait_reg   <= bias_wait_next;
        a_left_reg      <= a_left_next;
        b_left_reg      <= b_left_next;
        a_some_reg      <= a_some_next;
        b_some_reg      <= b_some_next;
        a_cnt_reg       <= a_cnt_next;
        b_cnt_reg       <= b_cnt_next;
        sb_rd_valid_reg <= sb_rd_valid_next;
        ps_rd_valid_reg <= ps_rd_valid_next;
        sb_rr_reg       <= sb_rr_next;
        ps_rr_reg       <= ps_rr_next;
        sb_tq_reg       <= {sb_tq_reg[SBQ*(RL-1)-1:0], sb_rd_valid_reg && sb_rd_ready, sb_rd_grp_reg, sb_rd_tag_reg};
        ps_tq_reg       <= {ps_tq_reg[PSQ*(RL-1)-1:0], ps_rd_valid_reg && ps_rd_ready, ps_rd_grp_reg, ps_rd_tag_reg};
    end
    a_rdw_reg      <= a_rdw_next;
    b_rdw_reg      <= b_rdw_next;
    a_grp_reg      <= a_grp_next;
    b_grp_reg      <= b_grp_next;
    sb_rd_addr_reg <= sb_rd_addr_next;
    sb_rd_tag_reg  <= sb_rd_tag_next;
    sb_rd_grp_reg  <= sb_rd_grp_next;
    ps_rd_addr_reg <= ps_rd_addr_next;
    ps_rd_tag_reg  <= ps_rd_tag_next;
    ps_rd_grp_reg  <= ps_rd_grp_next;
    if (setup0) begin               // every group's word count and first word
        a_nw_reg <= a_nwords;
        b_nw_reg <= b_nwords;
        a_w0_reg <= word_of(a_byte0);
        b_w0_reg <= word_of(b_byte0);
    end
end

assign sb_rd_valid = sb_rd_valid_reg;
assign sb_rd_addr  = sb_rd_addr_reg[SWA-1:0];
assign ps_rd_valid = ps_rd_valid_reg;
assign ps_rd_addr  = ps_rd_addr_reg[PWA-1:0];

// ============================================================== answers
// every lane's word, from either memory (lanes a memory lacks read 0)
wire [NLW-1:0] sb_rsp_ext, ps_rsp_ext;
generate
    if (NL > ROWS) begin : sb_pad
        assign sb_rsp_ext = {{(NLW-ROWS*DW){1'b0}}, sb_rd_rsp_data};
    end else begin : sb_full
        assign sb_rsp_ext = sb_rd_rsp_data;
    end
    if (NL > COLS) begin : ps_pad
        assign ps_rsp_ext = {{(NLW-COLS*DW){1'b0}}, ps_rd_rsp_data};
    end else begin : ps_full
        assign ps_rsp_ext = ps_rd_rsp_data;
    end
endgenerate

wire a_push_sb = sb_rd_rsp_valid && sb_rsp_tag_valid && sb_rsp_tag == TAG_A;
wire b_push_sb = sb_rd_rsp_valid && sb_rsp_tag_valid && sb_rsp_tag == TAG_B;
wire a_push_ps = ps_rd_rsp_valid && ps_rsp_tag_valid && !ps_rsp_tag;
wire b_push_ps = ps_rd_rsp_valid && ps_rsp_tag_valid && ps_rsp_tag;
wire a_push    = a_push_sb || a_push_ps;
wire b_push    = b_push_sb || b_push_ps;

// the words of group g of an answer (NR = 1: the whole answer)
function [NAW-1:0] group_of;
    input [NLW-1:0] w;
    input [RB-1:0]  g;
    integer k;
    begin
        group_of = {NAW{1'b0}};
        for (k = 0; k < NR; k = k + 1)
            if (g == k[RB-1:0])
                group_of = group_of | w[k*NAW +: NAW];
    end
endfunction

wire [NAW-1:0] sb_rsp_grp_words = group_of(sb_rsp_ext, sb_rsp_grp);
wire [NAW-1:0] ps_rsp_grp_words = group_of(ps_rsp_ext, ps_rsp_grp);

// input FIFOs: core_bram_fifo (block RAM, proven: formal/core_bram_fifo_pf.sby),
// a word on the output two cycles after its answer, emptied by setup 0.
// PREFETCH: the pops below come from the element issue, a deep path, and
// must not reach the block RAM's read enable (docs/fpga.md section 3b). A
// push never finds one full: a word is requested only while the words
// requested and not popped (a_cnt_reg, b_cnt_reg) are fewer than IN_DEPTH,
// and the FIFO holds IN_DEPTH + 2.
wire [NAW-1:0] a_head, b_head;
wire           a_valid, b_valid;         // the FIFO holds a word
wire           a_room, b_room;           // not full (checked below)

/* verilator lint_off PINCONNECTEMPTY */ // out_load: the credits count pops
core_bram_fifo #(
    .WIDTH(NAW),
    .DEPTH_LOG2(INL),
    .PREFETCH(1)
) a_fifo (
    .clk(clk),
    .rst(rst),
    .clear(setup0),
    .in_valid(a_push),
    .in_ready(a_room),
    .in_data(a_push_sb ? sb_rsp_grp_words : ps_rsp_grp_words),
    .out_valid(a_valid),
    .out_ready(a_pop),
    .out_load(),
    .not_empty(),
    .out_data(a_head)
);

core_bram_fifo #(
    .WIDTH(NAW),
    .DEPTH_LOG2(INL),
    .PREFETCH(1)
) b_fifo (
    .clk(clk),
    .rst(rst),
    .clear(setup0),
    .in_valid(b_push),
    .in_ready(b_room),
    .in_data(b_push_sb ? sb_rsp_grp_words : ps_rsp_grp_words),
    .out_valid(b_valid),
    .out_ready(b_pop),
    .out_load(),
    .not_empty(),
    .out_data(b_head)
);
/* verilator lint_on PINCONNECTEMPTY */

// per-partition scale and bias: the fp32 at the offset's place in each
// partition's word (loaded only from the answer: an instruction without
// them uses scale_reg and bias_reg, picked at the lanes, which keeps a
// source off every one of these flip-flops' inputs)
reg [NL*32-1:0] lane_scale_reg;    // per partition
reg [NL*32-1:0] lane_bias_reg;

/* verilator lint_off UNUSEDSIGNAL */ // pos[1:0]: the place inside the chunk
function [31:0] chunk_of;
    input [DW-1:0]  w;
    input [DBL-1:0] pos;
    integer k;
    begin
        chunk_of = 32'd0;
        for (k = 0; k < NCH; k = k + 1)
            if (pos[DBL-1:2] == k[DBL-3:0])
                chunk_of = chunk_of | w[32*k +: 32];
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// element of `esl` at byte `pos` of a word, in the low bits
function [31:0] elem_of;
    input [DW-1:0]  w;
    input [DBL-1:0] pos;
    input [1:0]     esl;
    reg   [31:0]    c;
    begin
        c = chunk_of(w, pos);
        case (esl)
            2'd2:    elem_of = c;
            2'd1:    elem_of = {16'd0, pos[1] ? c[31:16] : c[15:0]};
            default: elem_of = {24'd0, pos[1] ? (pos[0] ? c[31:24] : c[23:16])
                                              : (pos[0] ? c[15:8] : c[7:0])};
        endcase
    end
endfunction

always @(posedge clk) begin
    for (li_sc = 0; li_sc < NL; li_sc = li_sc + 1) begin
        if (sb_rd_rsp_valid && sb_rsp_tag_valid && sb_rsp_tag == TAG_SCALE)
            lane_scale_reg[li_sc*32 +: 32] <= chunk_of(sb_rsp_ext[li_sc*DW +: DW], scale_reg[DBL-1:0]);
        if (sb_rd_rsp_valid && sb_rsp_tag_valid && sb_rsp_tag == TAG_BIAS)
            lane_bias_reg[li_sc*32 +: 32]  <= chunk_of(sb_rsp_ext[li_sc*DW +: DW], bias_reg[DBL-1:0]);
    end
end

// ============================================================== element issue
reg [CW-1:0]   f_left_reg, f_left_next;      // elements still to issue
// f_left_reg != 0 and == 1 as registers: the pops that follow from them
// reach the input FIFOs' block-RAM read enables in the same cycle, and a
// CW-bit compare in front of those cost 15 MHz (docs/fpga.md section 1)
reg            f_some_reg, f_some_next;
reg            f_last_reg, f_last_next;
reg [DBL-1:0]  a_pos_reg, a_pos_next;        // byte of the next element in the head word
reg [DBL-1:0]  b_pos_reg, b_pos_next;
reg [DBL-1:0]  o_pos_reg, o_pos_next;        // byte of the next output element in its word
// the next element ends its word (a, b: the head word is popped after it;
// o: it completes an output word) or is the instruction's last: flags
// kept a step ahead, so that the issue decision, which steers the pops,
// the credits and the round counter, starts from flip-flops and not from
// the position adders (act_board's critical path, docs/fpga.md section 1)
reg            a_last_reg, a_last_next;
reg            b_last_reg, b_last_next;
reg            o_last_reg, o_last_next;
reg [OUTL:0]   credit_reg, credit_next;      // output FIFO slots not reserved
reg [RB-1:0]   ig_reg, ig_next;              // group of the next issue: partitions ig*NA ..
reg            gmore_reg, gmore_next;        // ig_reg is not the tile's last group
// a group's start (setup 0's values, to which every later group returns)
reg            f_one_reg;                    // F = 1
reg [DBL-1:0]  a_pos0_reg, b_pos0_reg, o_pos0_reg;
reg            a_last0_reg, b_last0_reg, o_last0_reg;
reg [PIPE_LAT-1:0] pv_reg;                   // pipeline: lanes busy (an element issued)
reg [PIPE_LAT-1:0] pc_reg;                   // pipeline: the element completes an output word
reg [PIPE_LAT-1:0] pg_reg;                   // pipeline: the element is its group's last

wire [DBL:0]   b_step_w = {{DBL{1'b0}}, 1'b1} << b_esl_reg;
wire [DBL:0]   a_step_w = {{DBL{1'b0}}, 1'b1} << a_esl_reg;
wire [DBL:0]   o_step_w = {{DBL{1'b0}}, 1'b1} << o_esl_reg;
wire [DBL-1:0] a_pos_sum = a_pos_reg + a_step_w[DBL-1:0];  // the next element's byte (mod the word)
wire [DBL-1:0] b_pos_sum = b_pos_reg + b_step_w[DBL-1:0];
wire [DBL-1:0] o_pos_sum = o_pos_reg + o_step_w[DBL-1:0];
wire           o_complete = o_last_reg;
wire           output_ok  = !o_complete || credit_reg != {(OUTL+1){1'b0}};
// an element of the group goes to the lanes
wire           issue = run && !scale_wait_reg && !bias_wait_reg && f_some_reg
                    && a_valid && (act_reg || b_valid) && output_ok;
wire           step  = issue;                // go to the next element
wire           gwrap = f_last_reg && gmore_reg;  // after this one: the next group's first
wire           gstep = step && gwrap;
wire           o_pop;                        // the output FIFO hands a word to the write port

assign a_pop = step && a_last_reg;
assign b_pop = step && !act_reg && b_last_reg;

// an element of `step_w` bytes at byte `pos` is the last in its word
function ends_word;
    input [DBL-1:0] pos;
    input [DBL:0]   step_w;
    reg   [DBL:0]   sum;
    begin
        sum       = {1'b0, pos} + step_w;
        ends_word = sum[DBL];
    end
endfunction

always @* begin
    ig_next    = ig_reg;
    gmore_next = gmore_reg;
    if (setup0) begin
        ig_next    = g0;
        gmore_next = g0 != g1;
    end else if (gstep) begin
        ig_next    = ig_reg + {{(RB-1){1'b0}}, 1'b1};
        gmore_next = ig_reg + {{(RB-1){1'b0}}, 1'b1} != g1_reg;
    end
end

always @* begin
    f_left_next = f_left_reg;
    f_some_next = f_some_reg;
    f_last_next = f_last_reg;
    a_pos_next  = a_pos_reg;
    b_pos_next  = b_pos_reg;
    o_pos_next  = o_pos_reg;
    a_last_next = a_last_reg;
    b_last_next = b_last_reg;
    o_last_next = o_last_reg;
    credit_next = credit_reg + {{OUTL{1'b0}}, o_pop};
    if (setup0) begin
        f_left_next = f_cw;
        f_some_next = f_cw != {CW{1'b0}};
        f_last_next = f_cw == {{(CW-1){1'b0}}, 1'b1};
        a_pos_next  = pos_of(a_byte0);
        b_pos_next  = pos_of(b_byte0);
        o_pos_next  = pos_of(o_byte0);
        a_last_next = ends_word(a_pos_next, a_step_w) || f_last_next;
        b_last_next = ends_word(b_pos_next, b_step_w) || f_last_next;
        o_last_next = ends_word(o_pos_next, o_step_w) || f_last_next;
        credit_next = OUT_FULL;
    end else if (step) begin
        // the values after this element, chosen by flip-flops (gwrap)
        // before the issue: the issue only enables their registers
        f_left_next = gwrap ? f_cw : f_left_reg - {{(CW-1){1'b0}}, 1'b1};
        f_some_next = gwrap || !f_last_reg;
        f_last_next = gwrap ? f_one_reg : f_left_reg == {{(CW-2){1'b0}}, 2'd2};
        a_pos_next  = gwrap ? a_pos0_reg : a_pos_sum;
        b_pos_next  = gwrap ? b_pos0_reg : b_pos_sum;
        o_pos_next  = gwrap ? o_pos0_reg : o_pos_sum;
        a_last_next = gwrap ? a_last0_reg : ends_word(a_pos_sum, a_step_w) || f_left_reg == {{(CW-2){1'b0}}, 2'd2};
        b_last_next = gwrap ? b_last0_reg : ends_word(b_pos_sum, b_step_w) || f_left_reg == {{(CW-2){1'b0}}, 2'd2};
        o_last_next = gwrap ? o_last0_reg : ends_word(o_pos_sum, o_step_w) || f_left_reg == {{(CW-2){1'b0}}, 2'd2};
        if (o_complete)
            credit_next = credit_reg + {{OUTL{1'b0}}, o_pop} - {{OUTL{1'b0}}, 1'b1};
    end
end

always @(posedge clk) begin
    if (rst) begin
        f_left_reg <= {CW{1'b0}};
        f_some_reg <= 1'b0;
        f_last_reg <= 1'b0;
        credit_reg <= {(OUTL+1){1'b0}};
        pv_reg     <= {PIPE_LAT{1'b0}};
    end else begin
        f_left_reg <= f_left_next;
        f_some_reg <= f_some_next;
        f_last_reg <= f_last_next;
        credit_reg <= credit_next;
        pv_reg     <= {pv_reg[PIPE_LAT-2:0], issue};
    end
    a_pos_reg <= a_pos_next;
    b_pos_reg <= b_pos_next;
    o_pos_reg <= o_pos_next;
    a_last_reg <= a_last_next;
    b_last_reg <= b_last_next;
    o_last_reg <= o_last_next;
    ig_reg    <= ig_next;      // set by setup 0 before the first issue
    gmore_reg <= gmore_next;
    pc_reg    <= {pc_reg[PIPE_LAT-2:0], o_complete};
    pg_reg    <= {pg_reg[PIPE_LAT-2:0], f_last_reg};
    // a group's start: setup 0's values, from the instruction's registers
    // (the first group starts from setup 0 itself, a later one no sooner
    // than the run)
    if (setup0) begin
        f_one_reg   <= f_cw == {{(CW-1){1'b0}}, 1'b1};
        a_pos0_reg  <= pos_of(a_byte0);
        b_pos0_reg  <= pos_of(b_byte0);
        o_pos0_reg  <= pos_of(o_byte0);
    end
    if (setup1) begin
        a_last0_reg <= ends_word(a_pos0_reg, a_step_w) || f_one_reg;
        b_last0_reg <= ends_word(b_pos0_reg, b_step_w) || f_one_reg;
        o_last0_reg <= ends_word(o_pos0_reg, o_step_w) || f_one_reg;
    end
end

// ============================================================== lanes
// The lanes' input stage: an element's words, positions and per-partition
// values reach the lanes one cycle after its issue. The input FIFOs' heads
// come out of block RAM without an output register (5.8 ns clock-to-out on
// ECP5), and selecting the round's word and the element inside it behind
// that RAM was the critical path of act_board (docs/fpga.md section 1), so
// the heads go into flip-flops first and the selection follows them.
reg [NAW-1:0]   a_head_reg, b_head_reg;    // the heads as they were at issue
reg [DBL-1:0]   a_pos_q_reg, b_pos_q_reg;  // byte positions at issue
always @(posedge clk) begin
    a_head_reg  <= a_head;
    b_head_reg  <= b_head;
    a_pos_q_reg <= a_pos_reg;
    b_pos_q_reg <= b_pos_reg;
end

// one-hot group: lane k takes partition g*NA + k in group g
wire [NR-1:0]    ig_hot = {{(NR-1){1'b0}}, 1'b1} << ig_reg;
wire [NA*32-1:0] lane_y;

genvar gl;
generate
    for (gl = 0; gl < NA; gl = gl + 1) begin : lane
        wire [DW-1:0] a_word = a_head_reg[gl*DW +: DW];  // the lane's partition's head words
        wire [DW-1:0] b_word = b_head_reg[gl*DW +: DW];
        reg [31:0]   scale, bias;          // the group's partition's values at issue ...
        reg [31:0]   coord_q, scale_q, bias_q;  // ... with the words, a cycle later
        integer      r;
        always @* begin
            scale  = 32'd0;
            bias   = 32'd0;
            for (r = 0; r < NR; r = r + 1) begin
                if (ig_hot[r]) begin
                    scale = scale | lane_scale_reg[(r*NA + gl)*32 +: 32];
                    bias  = bias | lane_bias_reg[(r*NA + gl)*32 +: 32];
                end
            end
            if (!scale_pp_reg)
                scale = scale_reg;
            if (!bias_pp_reg)
                bias = bias_reg;
        end
        // SR coordinates: partition p = g*NA + gl of element f has
        // cbase + (p - p0)*cstride_p + f*cstride_f (mod 2^32): the lane's
        // coordinate steps by cstride_f from element to element and starts
        // each group NA*cstride_p after the group before (gst_reg: the
        // group's element 0), so two registers per lane, not one per
        // partition
        reg  [31:0] coord_reg;             // the lane's coordinate of the next element
        reg  [31:0] gst_reg;               // ... of element 0 of its group
        always @(posedge clk) begin
            if (setup3) begin
                coord_reg <= cbase0_reg + lane_off_reg[gl*32 +: 32];
                gst_reg   <= cbase0_reg + lane_off_reg[gl*32 +: 32];
            end else if (gstep) begin
                coord_reg <= gst_reg + rstep_reg;
                gst_reg   <= gst_reg + rstep_reg;
            end else if (step) begin
                coord_reg <= coord_reg + csf_reg;
            end
        end
        always @(posedge clk) begin
            coord_q <= coord_reg;
            scale_q <= scale;
            bias_q  <= bias;
        end
        wire [31:0] a_raw = elem_of(a_word, a_pos_q_reg, a_esl_reg);
        wire [31:0] b_raw = elem_of(b_word, b_pos_q_reg, b_esl_reg);

        core_act_lane #(.LATENCY(LANE_LAT)) u (
            .clk(clk),
            .a_raw(a_raw),
            .b_raw(b_raw),
            .coord(coord_q),
            .act(act_reg),
            .op(op_reg),
            .relu(relu_reg),
            .a_fmt(a_fmt_reg),
            .b_fmt(b_fmt_reg),
            .scale(scale_q),
            .bias(bias_q),
            .out_fmt(o_fmt_reg),
            .rnd(rnd_reg),
            .sat(sat_reg),
            .seed(seed_reg),
            .y(lane_y[gl*32 +: 32])
        );
    end
endgenerate

// ============================================================== output packing
wire           res_valid    = pv_reg[PIPE_LAT-1];
wire           res_complete = pc_reg[PIPE_LAT-1];
wire           res_glast    = pg_reg[PIPE_LAT-1];  // the group's last element
reg  [RB-1:0]  r_grp_reg, r_grp_next;     // group of the result (the groups come in order)
reg  [DBL-1:0] r_pos_reg, r_pos_next;     // byte of the result in its output word
reg  [WA-1:0]  r_addr_reg, r_addr_next;   // output word of the result
reg  [WA-1:0]  r_w0_reg;                  // a group's first output word
reg  [DB-1:0]  strb_acc_reg, strb_acc_next;
reg  [NAW-1:0] asm_reg, asm_next;         // output word being assembled
reg  [DB-1:0]  e_strb;                    // bytes of this result
reg  [NAW-1:0] e_rep;                     // the lanes' results, each repeated across a word

always @* begin
    for (bj_pk = 0; bj_pk < DB; bj_pk = bj_pk + 1)
        e_strb[bj_pk] = (bj_pk[DBL-1:0] >> o_esl_reg) == (r_pos_reg >> o_esl_reg);
    for (li_pk = 0; li_pk < NA; li_pk = li_pk + 1)
        for (bj_pk = 0; bj_pk < NCH; bj_pk = bj_pk + 1)
            case (o_esl_reg)
                2'd2:    e_rep[li_pk*DW + 32*bj_pk +: 32] = lane_y[li_pk*32 +: 32];
                2'd1:    e_rep[li_pk*DW + 32*bj_pk +: 32] = {2{lane_y[li_pk*32 +: 16]}};
                default: e_rep[li_pk*DW + 32*bj_pk +: 32] = {4{lane_y[li_pk*32 +: 8]}};
            endcase
    asm_next      = asm_reg;
    strb_acc_next = strb_acc_reg;
    r_pos_next    = r_pos_reg;
    r_addr_next   = r_addr_reg;
    r_grp_next    = r_grp_reg;
    if (res_valid) begin
        for (li_pk = 0; li_pk < NA; li_pk = li_pk + 1)
            for (bj_pk = 0; bj_pk < DB; bj_pk = bj_pk + 1)
                if (e_strb[bj_pk])
                    asm_next[li_pk*DW + 8*bj_pk +: 8] = e_rep[li_pk*DW + 8*bj_pk +: 8];
        strb_acc_next = res_complete ? {DB{1'b0}} : (strb_acc_reg | e_strb);
        r_pos_next    = r_pos_reg + o_step_w[DBL-1:0];
        if (res_complete)
            r_addr_next = r_addr_reg + {{(WA-1){1'b0}}, 1'b1};
        if (res_glast && r_grp_reg != g1_reg) begin   // the next group starts over
            r_pos_next  = o_pos0_reg;
            r_addr_next = r_w0_reg;
            r_grp_next  = r_grp_reg + {{(RB-1){1'b0}}, 1'b1};
        end
    end
    if (setup0) begin
        strb_acc_next = {DB{1'b0}};
        r_pos_next    = pos_of(o_byte0);
        r_addr_next   = word_of(o_byte0);
        r_grp_next    = g0;
    end
end

always @(posedge clk) begin
    asm_reg      <= asm_next;
    strb_acc_reg <= strb_acc_next;
    r_pos_reg    <= r_pos_next;
    r_addr_reg   <= r_addr_next;
    r_grp_reg    <= r_grp_next;   // set by setup 0 before any result
    if (setup0)
        r_w0_reg <= word_of(o_byte0);
end

// the partitions of the tile in the result's group (NR > 1; one group:
// every partition of the tile, wr_mask_reg)
reg [MW-1:0] r_mask;
integer      pm;
always @* begin
    for (pm = 0; pm < MW; pm = pm + 1)
        r_mask[pm] = lane_en_reg[pm] && pm / NA == {{(32-RB){1'b0}}, r_grp_reg};
end

// output FIFO: core_bram_fifo, the word with its byte strobes, address,
// partition mask and the instruction's-last flag in block RAM (in LUT RAM
// the words cost about 770 LUT4 at 8 partitions of 64 bits, and block RAM
// is the resource the core has to spare); its output register is the
// write port's. A push never finds it full: a slot is reserved
// (credit_reg) when the element completing the word issues and returned
// when the word leaves the array (o_pop).
wire o_push  = res_valid && res_complete;
wire o_final = res_glast && r_grp_reg == g1_reg;   // the instruction's last word
wire o_room;                        // not full (checked below)

// write port registers (the FIFO's output register) and the instruction's
reg           wr_psum_reg;          // the instruction's output is in PSUM
/* verilator lint_off UNUSEDSIGNAL */ // NR > 1: the mask comes with each word
reg [NL-1:0]  wr_mask_reg;
wire [MW-1:0] wr_gmask;
/* verilator lint_on UNUSEDSIGNAL */
wire          wr_valid;
wire          wr_final;
wire [WA-1:0]  wr_addr;
wire [NAW-1:0] wr_data;
wire [DB-1:0]  wr_strb;
wire [NL-1:0]  wr_mask;

wire wr_ready = wr_psum_reg ? ps_wr_ready : sb_wr_ready;
wire wr_taken = wr_valid && wr_ready;

/* verilator lint_off PINCONNECTEMPTY */
core_bram_fifo #(
    .WIDTH(1 + MW + WA + DB + NAW),
    .DEPTH_LOG2(OUTL)
) o_fifo (
    .clk(clk),
    .rst(rst),
    .clear(1'b0),
    .in_valid(o_push),
    .in_ready(o_room),
    .in_data({o_final, r_mask, r_addr_reg, strb_acc_reg | e_strb, asm_next}),
    .out_valid(wr_valid),
    .out_ready(wr_ready),
    .out_load(o_pop),
    .not_empty(),
    .out_data({wr_final, wr_gmask, wr_addr, wr_strb, wr_data})
);
/* verilator lint_on PINCONNECTEMPTY */

generate
    if (NR > 1) begin : group_mask
        assign wr_mask = wr_gmask;
    end else begin : tile_mask
        assign wr_mask = wr_mask_reg;
    end
endgenerate

assign last_write = wr_taken && wr_final;

always @(posedge clk) begin
    if (setup1) begin
        wr_psum_reg <= o_space_reg == SPACE_PSUM;
        wr_mask_reg <= lane_en_reg;
    end
end

// a group's words go to every group's place: the mask picks the partitions
wire [NLW-1:0] wr_words = {NR{wr_data}};

assign sb_wr_valid = wr_valid && !wr_psum_reg;
assign sb_wr_mask  = wr_mask[ROWS-1:0];
assign sb_wr_addr  = wr_addr[SWA-1:0];
assign sb_wr_data  = wr_words[ROWS*DW-1:0];
assign sb_wr_strb  = wr_strb;
assign ps_wr_valid = wr_valid && wr_psum_reg;
assign ps_wr_mask  = wr_mask[COLS-1:0];
assign ps_wr_addr  = wr_addr[PWA-1:0];
assign ps_wr_data  = wr_words[COLS*DW-1:0];
assign ps_wr_strb  = wr_strb;

`ifndef SYNTHESIS
// read answers come exactly RL cycles after the request was taken (an
// answer without a request can only be one to a request from before a
// reset: it is dropped)
always @(posedge clk) begin
    if (!rst && sb_rsp_tag_valid && !sb_rd_rsp_valid)
        $error("core_act: SBUF read answer missing %0d cycles after its request (instance %m)", RL);
    if (!rst && ps_rsp_tag_valid && !ps_rd_rsp_valid)
        $error("core_act: PSUM read answer missing %0d cycles after its request (instance %m)", RL);
    // the credits and the request counts keep every FIFO from filling up
    if (!rst && o_push && !o_room)
        $error("core_act: output FIFO overflow (instance %m)");
    if (!rst && !setup0 && a_push && !a_room)
        $error("core_act: input FIFO a overflow (instance %m)");
    if (!rst && !setup0 && b_push && !b_room)
        $error("core_act: input FIFO b overflow (instance %m)");
    // the flags kept for the request arbitration and the issue
    if (!rst && (a_some_reg != (a_left_reg != {CW{1'b0}}) || b_some_reg != (b_left_reg != {CW{1'b0}})))
        $error("core_act: a_some_reg or b_some_reg differs from its word count (instance %m)");
    if (!rst && started && !setup0 && gmore_reg != (ig_reg != g1_reg))
        $error("core_act: gmore_reg differs from its group (instance %m)");
end
`endif

endmodule

`resetall
