`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"

/*
 * tensor_engine: weight-stationary systolic array of ROWS x COLS PEs
 * (te_pe). docs/tensor_engine.md is its chapter; summary:
 *
 * A matmul command (cmd_*) computes, for the stationary tile W[K x M] held
 * in the PEs (PE(r, c) holds W[r][c]) and N moving vectors X[0..K-1][n]
 * taken from the moving stream, one beat per vector,
 *     out[c] for vector n = sum_{r < K} W[r][c] * X[r][n]    (c < M)
 * with the contract's order (partial sum starts at +0.0, adds rows in
 * increasing r, rounds after each add; rows >= K add nothing), and sends
 * it to PSUM address cmd_addr + n with cmd_start (overwrite) or
 * accumulate, columns >= M masked.
 *
 * Streams (valid/ready; a beat moves when both are high):
 *   cmd_*  one matmul per beat; taken when the previous one has issued its
 *          last moving vector (back to back, no bubble).
 *   ld_*   stationary load: one row of the next tile per beat (row 0 first,
 *          element c in ld_data[16c +: 16], format ld_fmt), ld_last on its
 *          last row; decoded once per column here and written into the
 *          shadow registers while the current tile computes. Accepted
 *          while the shadow tile is free (has been swapped in).
 *   mv_*   moving stream: one vector per beat, element k in
 *          mv_data[16k +: 16] (8-bit formats in the low byte); decoded once
 *          per row, then registered once per PE of the row.
 *   out_*  toward PSUM: one beat per moving vector, never held (out_valid
 *          only; the PSUM buffer takes every beat).
 * A command with cmd_swap = 1 first swaps the loaded shadow tile in (its
 * first vector waits until the whole shadow tile has been accepted).
 *
 * Pipeline: nothing ever stops once issued (no clock enable). With
 * S = TE_PE_SUM_LATENCY (the PE's partial-sum latency, = the fp32 adder's
 * latency), PM = TL_TE_MUL_LATENCY and OL = TL_TE_OUT_LATENCY, the vector
 * issued in cycle t has its element r decoded in cycles t + 1 + S*r and
 * t + 2 + S*r and multiplied in row r's PEs in cycle t + 5 + S*r, the
 * row's partial sum leaves the row S cycles after the one above, the
 * column sums (fp32; exact integers for int8 x int8) are converted to
 * int32 for an int8 matmul in OL stages below the last row, and the
 * result is on out_* in cycle t + LATENCY, LATENCY = S*ROWS + PM + IL + OL
 * (IL = TL_TE_IN_LATENCY: the input register, the decoder's register, the
 * decoded element, the row's register, the per-PE copies). Steady state:
 * one vector per clock, no bubble between commands. Same-address hazards of
 * the PSUM read-modify-write are resolved here, at issue: an accumulating
 * vector waits until no vector to its PSUM address was issued in the last
 * TE_PSUM_RMW_WINDOW - 1 cycles.
 *
 * Reset (rst, synchronous, active high) clears the control state: the
 * current command, valid bits of the pipeline, shadow state. It does not
 * clear the stationary registers or data.
 */
module tensor_engine #(
    parameter ROWS = 16,                 // array rows (= SBUF partitions = max K)
    parameter COLS = 16,                 // array columns (= PSUM partitions = max M)
    parameter AW   = 10,                 // PSUM address width
    parameter NW   = 16,                 // width of the vector count N
    parameter KW   = $clog2(ROWS + 1),   // width of K (1..ROWS)
    parameter MW   = $clog2(COLS + 1),   // width of M (1..COLS)
    parameter DLY_BLOCK_BITS = 0         // skew lines of this many RAM bits or more in block RAM (0: Yosys chooses)
) (
    input  wire                 clk,
    input  wire                 rst,

    // matmul commands
    input  wire                 cmd_valid,
    output reg                  cmd_ready,
    input  wire [2:0]           cmd_fmt_w,   // stationary format (`TL_FMT_*)
    input  wire [2:0]           cmd_fmt_x,   // moving format
    input  wire [KW-1:0]        cmd_k,       // rows used, 1..ROWS
    input  wire [MW-1:0]        cmd_m,       // columns written, 1..COLS
    input  wire [NW-1:0]        cmd_n,       // moving vectors (0: no-op)
    input  wire [AW-1:0]        cmd_addr,    // PSUM address of vector 0
    input  wire                 cmd_start,   // 1: overwrite PSUM, 0: accumulate
    input  wire                 cmd_swap,    // swap the shadow tile in first

    // stationary (shadow) load, one row per beat
    input  wire                 ld_valid,
    output reg                  ld_ready,
    input  wire [2:0]           ld_fmt,      // format of the tile (= its commands' cmd_fmt_w)
    input  wire [COLS*16-1:0]   ld_data,
    input  wire                 ld_last,

    // moving vectors, one per beat
    input  wire                 mv_valid,
    output reg                  mv_ready,
    input  wire [ROWS*16-1:0]   mv_data,

    // results toward PSUM, one beat per moving vector, never held
    output wire                 out_valid,
    output wire [COLS*32-1:0]   out_data,    // column c in [32c +: 32]
    output wire [AW-1:0]        out_addr,
    output wire                 out_start,   // overwrite (else accumulate)
    output wire [COLS-1:0]      out_mask,    // columns to write (c < M)
    output wire                 out_int      // int32 results (int8 x int8)
);

`include "tl_encoding.vh"
`include "te_pipe.vh"

localparam integer S       = `TE_PE_SUM_LATENCY;    // per-row skew
localparam integer PM      = `TL_TE_MUL_LATENCY;
localparam integer WIN     = `TE_PSUM_RMW_WINDOW;
localparam integer OL      = `TL_TE_OUT_LATENCY;
localparam integer IL      = `TL_TE_IN_LATENCY;
localparam integer LATENCY = `TE_LATENCY(ROWS);     // issue .. out beat
localparam integer RW      = (ROWS > 1) ? $clog2(ROWS) : 1;  // row index width
localparam integer STAGES  = LATENCY;                // control pipe: stage j in cycle t+1+j
localparam integer LDV     = S * (ROWS - 1) + 3;     // load valid / row index: stage j in cycle t+1+j
localparam integer OPW     = `PE_OP_W;
// control word of one beat: swap, int, k, m, addr, start (the moving
// format travels with the element, in its row's delay line)
localparam integer CW      = 1 + 1 + KW + MW + AW + 1;

`ifndef SYNTHESIS
initial begin
    if (ROWS < 2 || ROWS > 255 || COLS < 1 || COLS > 255)
        $error("tensor_engine: ROWS must be 2..255, COLS 1..255 (instance %m)");
    if (AW < 1 || NW < 1)
        $error("tensor_engine: AW and NW must be >= 1 (instance %m)");
end
`endif

// a bad parameter fails elaboration in every tool, synthesis included
generate
    if (ROWS < 2 || ROWS > 255) begin : bad_rows
        tensor_engine_bad_parameter_ROWS_must_be_2_to_255 bad ();
    end
    if (COLS < 1 || COLS > 255) begin : bad_cols
        tensor_engine_bad_parameter_COLS_must_be_1_to_255 bad ();
    end
    if (AW < 1 || NW < 1) begin : bad_widths
        tensor_engine_bad_parameter_AW_and_NW_must_be_at_least_1 bad ();
    end
    if (IL != 5 || LATENCY != S * ROWS + PM + IL + OL) begin : bad_in_latency
        tensor_engine_TL_TE_IN_LATENCY_must_match_its_five_registers bad ();
    end
endgenerate

// ---- input sequencer ----------------------------------------------------
// The command's fields that only travel down the control pipeline (and N)
// are registered from cmd_* every cycle (cmdq_*), with no enable; acc_reg
// says that last cycle accepted a command, and cur_* (the command's fields
// now) are cmdq_* in the cycle after the accept and cur_*_reg afterwards.
// The accept decision (issue, last beat, cmd_ready) thus drives only the
// issue state and acc_reg, not the enables of the command registers: that
// enable net, routed across the die, was the 8 x 4 engine's critical path.
// acc_reg has copies, one per group of registers it selects for (`keep`,
// or Yosys merges them): the issue logic's (acc_reg: N and start), the
// control pipeline's head (acc_ctl_reg: int, K, M) and each row's format
// register (acc_fmt_reg). As one register it was the 8 x 8 engine's
// critical path, a wire across the die into the pipeline's head.
wire         acc_next = cmd_valid && cmd_ready;
reg          cur_valid_reg, cur_valid_next;
reg          acc_reg;                        // a command was accepted last cycle
reg          acc_ctl_reg;                    // ... its copy for int, K and M
reg [2:0]    cmdq_fmt_x_reg;
reg          cmdq_int_reg, cur_int_reg;
reg [KW-1:0] cmdq_k_reg, cur_k_reg;
reg [MW-1:0] cmdq_m_reg, cur_m_reg;
reg [NW-1:0] cmdq_last_reg, cur_last_reg;    // index of the last vector, N - 1
reg          cmdq_start_reg, cur_start_reg;
wire          cur_int   = acc_ctl_reg ? cmdq_int_reg : cur_int_reg;
wire [KW-1:0] cur_k     = acc_ctl_reg ? cmdq_k_reg   : cur_k_reg;
wire [MW-1:0] cur_m     = acc_ctl_reg ? cmdq_m_reg   : cur_m_reg;
wire [NW-1:0] cur_last  = acc_reg ? cmdq_last_reg  : cur_last_reg;
wire          cur_start = acc_reg ? cmdq_start_reg : cur_start_reg;
reg [AW-1:0] vec_addr_reg, vec_addr_next;    // PSUM address of the next vector
// the next vector is a swapping command's first one (its swap and
// beat 0), a flag so that the issue decision starts from a flip-flop
reg          need_swap_reg, need_swap_next;
reg [NW-1:0] beat_reg, beat_next;            // index of the next vector
reg          shadow_full_reg, shadow_full_next;
reg [RW-1:0] ld_row_reg, ld_row_next;
// The load side's copies of cur_valid, need_swap, hazard and shadow_full
// (`keep`, or Yosys merges them), from which it decides ld_ready itself:
// a load row is taken while the shadow is free, or in the cycle the
// swapping vector issues, which with a full shadow is
// cur_valid && need_swap && !hazard && mv_valid. Decided from the issue
// logic's own registers, through mv_ready and issue, ld_ready was one wire
// across the die into ld_row_reg's enable, the 8 x 4 engine's critical
// path; the copies can sit beside the load registers.
reg          ld_cv_reg, ld_ns_reg, ld_hz_reg, ld_sf_reg;
// Kept one cycle ahead so that the issue decision starts from flip-flops
// (it was the 8 x 4 engine's critical path): hz_reg[j] = control stage j
// holds a valid beat to vec_addr_reg; lb_reg = (beat_reg == cur_last).
// hazard_reg = (hz_reg != 0) && !cur_start: the next vector is held.
reg [WIN-2:0] hz_reg, hz_next;
reg           hazard_reg, hazard_next;
reg           lb_reg, lb_next;
reg [WIN-3:0] eq_inc;                        // stage j's beat is to vec_addr + 1
reg [WIN-3:0] eq_cmd;                        // ... to cmd_addr (j < WIN-2: one moves out)

reg          need_swap;
reg          issue;
reg          last_beat;
reg          ld_fire;
integer      j;

// pipelines: stage j holds what was issued j + 1 cycles ago
reg [STAGES-1:0]    vld_reg;                 // moving beat valid per stage
reg [STAGES*CW-1:0] ctl_reg;                 // its control fields
reg [LDV-1:0]       ldv_reg;                 // load beat valid per stage
reg [LDV*RW-1:0]    ldrow_reg;               // its row index
reg [COLS*16-1:0]   ld_raw_reg;              // load stage 0: the beat's raw row
reg [2:0]           ld_fmt_reg;              // ... and its format

// control fields of stage s
`define TE_SWAP(s)  ctl_reg[(s)*CW + CW-1]
`define TE_INT(s)   ctl_reg[(s)*CW + CW-2]
`define TE_K(s)     ctl_reg[(s)*CW + MW+AW+1 +: KW]
`define TE_M(s)     ctl_reg[(s)*CW + AW+1 +: MW]
`define TE_ADDR(s)  ctl_reg[(s)*CW + 1 +: AW]
`define TE_START(s) ctl_reg[(s)*CW]

wire [CW-1:0] ctl_in = {issue && need_swap, cur_int, cur_k, cur_m,
                        vec_addr_reg, cur_start};

always @* begin
    cur_valid_next   = cur_valid_reg;
    vec_addr_next    = vec_addr_reg;
    need_swap_next   = need_swap_reg;
    beat_next        = beat_reg;
    shadow_full_next = shadow_full_reg;
    ld_row_next      = ld_row_reg;

    // an accumulating vector waits for every earlier vector to its address
    // that is still inside the PSUM read-modify-write window (the stages
    // 0 .. WIN-2; hz_reg has them for this cycle's address, hazard_reg
    // whether one of them holds this vector)
    for (j = 0; j < WIN - 2; j = j + 1) begin
        eq_inc[j] = vld_reg[j] && `TE_ADDR(j) == vec_addr_reg + {{(AW-1){1'b0}}, 1'b1};
        eq_cmd[j] = vld_reg[j] && `TE_ADDR(j) == cmd_addr;
    end

    need_swap = need_swap_reg;
    mv_ready  = cur_valid_reg && (!need_swap || shadow_full_reg) && !hazard_reg;
    issue     = mv_ready && mv_valid;
    last_beat = issue && lb_reg;
    cmd_ready = !cur_valid_reg || last_beat;
    ld_ready  = !ld_sf_reg || (ld_cv_reg && ld_ns_reg && !ld_hz_reg && mv_valid);
    ld_fire   = ld_valid && ld_ready;

    // next cycle's stages are this cycle's moved down by one, the new
    // stage 0 being this cycle's beat (to vec_addr_reg, if issued)
    hz_next     = {hz_reg[WIN-3:0], 1'b0};
    hazard_next = hz_reg[WIN-3:0] != {(WIN-2){1'b0}} && !cur_start;
    lb_next     = lb_reg;
    if (issue) begin
        hz_next     = {eq_inc, 1'b0};  // a beat to vec_addr is not to vec_addr + 1
        hazard_next = eq_inc != {(WIN-2){1'b0}} && !cur_start;
        lb_next     = beat_reg + {{(NW-1){1'b0}}, 1'b1} == cur_last;
    end
    if (issue) begin
        beat_next     = beat_reg + {{(NW-1){1'b0}}, 1'b1};
        vec_addr_next = vec_addr_reg + {{(AW-1){1'b0}}, 1'b1};
        need_swap_next = 1'b0;
        if (need_swap)
            shadow_full_next = 1'b0;
        if (last_beat)
            cur_valid_next = 1'b0;
    end
    if (cmd_valid && cmd_ready) begin
        cur_valid_next = cmd_n != {NW{1'b0}};
        vec_addr_next  = cmd_addr;
        need_swap_next = cmd_swap;
        beat_next      = {NW{1'b0}};
        hz_next        = {eq_cmd, issue && vec_addr_reg == cmd_addr};
        hazard_next    = hz_next != {(WIN-1){1'b0}} && !cmd_start;
        lb_next        = cmd_n == {{(NW-1){1'b0}}, 1'b1};
    end
    if (ld_fire) begin
        ld_row_next = ld_last ? {RW{1'b0}} : ld_row_reg + {{(RW-1){1'b0}}, 1'b1};
        if (ld_last)
            shadow_full_next = 1'b1;
    end
end

// the stationary load, registered raw (stage 0), then decoded once per
// column in two halves (stage 1: the decoder's own register) into one
// register per column (stage 2), and from there into each row's load
// delay line (te_delay: row r has it in load stage 3 + S*r, the stage in
// which a moving element is in the row's register). The register
// keeps the decoder's second half apart from the wires to every row's
// delay line (RAM from 4 cycles on, spread over the die): together they
// were the 8 x 4 engine's critical path (docs/fpga.md section 2).
wire [COLS*OPW-1:0] ld_op;
reg  [COLS*OPW-1:0] ld_op_reg;
always @(posedge clk)
    ld_op_reg <= ld_op;
genvar r, c;
generate
    for (c = 0; c < COLS; c = c + 1) begin : ld_dec
        pe_unpack #(
            .LATENCY (1)
        ) dec (
            .clk  (clk),
            .fmt  (ld_fmt_reg),
            .bits (ld_raw_reg[16*c +: 16]),
            .op   (ld_op[OPW*c +: OPW])
        );
    end
endgenerate

always @(posedge clk) begin
    cmdq_fmt_x_reg <= cmd_fmt_x;
    cmdq_int_reg   <= cmd_fmt_w == `TL_FMT_INT8 && cmd_fmt_x == `TL_FMT_INT8;
    cmdq_k_reg     <= cmd_k;
    cmdq_m_reg     <= cmd_m;
    cmdq_last_reg  <= cmd_n - {{(NW-1){1'b0}}, 1'b1};
    cmdq_start_reg <= cmd_start;
    cur_int_reg    <= cur_int;
    cur_k_reg      <= cur_k;
    cur_m_reg      <= cur_m;
    cur_last_reg   <= cur_last;
    cur_start_reg  <= cur_start;
    vec_addr_reg  <= vec_addr_next;
    ctl_reg       <= {ctl_reg[(STAGES-1)*CW-1:0], ctl_in};
    ldrow_reg     <= {ldrow_reg[(LDV-1)*RW-1:0], ld_row_reg};
    ld_raw_reg    <= ld_data;
    ld_fmt_reg    <= ld_fmt;
    if (rst) begin
        cur_valid_reg   <= 1'b0;
        need_swap_reg   <= 1'b0;
        beat_reg        <= {NW{1'b0}};
        hz_reg          <= {(WIN-1){1'b0}};
        hazard_reg      <= 1'b0;
        acc_reg         <= 1'b0;
        lb_reg          <= 1'b0;
        shadow_full_reg <= 1'b0;
        ld_row_reg      <= {RW{1'b0}};
        vld_reg         <= {STAGES{1'b0}};
        ldv_reg         <= {LDV{1'b0}};
    end else begin
        cur_valid_reg   <= cur_valid_next;
        need_swap_reg   <= need_swap_next;
        beat_reg        <= beat_next;
        hz_reg          <= hz_next;
        hazard_reg      <= hazard_next;
        acc_reg         <= acc_next;
        lb_reg          <= lb_next;
        shadow_full_reg <= shadow_full_next;
        ld_row_reg      <= ld_row_next;
        vld_reg         <= {vld_reg[STAGES-2:0], issue};
        ldv_reg         <= {ldv_reg[LDV-2:0], ld_fire};
    end
end

(* keep *)
always @(posedge clk)
    acc_ctl_reg <= !rst && acc_next;

(* keep *)
always @(posedge clk) begin
    ld_cv_reg <= !rst && cur_valid_next;
    ld_ns_reg <= !rst && need_swap_next;
    ld_hz_reg <= !rst && hazard_next;
    ld_sf_reg <= !rst && shadow_full_next;
end

// ---- the array ----------------------------------------------------------
wire [COLS*32-1:0] psum [0:ROWS];   // psum[r]: partial sums entering row r
assign psum[0] = {(COLS*32){1'b0}}; // +0.0 (int 0)

generate
    for (r = 0; r < ROWS; r = r + 1) begin : row
        localparam integer T = S * r;   // the row's raw stage

        // moving element r and the beat's format: registered at the input,
        // delayed to stage T together, decoded from there in two halves
        // (the first at stage T, then the decoder's own register) into a
        // register beside the decoder (stage T + 2), carried to the row in
        // one more (stage T + 3), then copied next to each PE of the row
        // (stage T + 4, the cycle its PEs multiply). The decode has cycles
        // of its own: decoded straight into the copies, in one cycle, it
        // was the 8 x 4 engine's critical path; decoded into the row's
        // register (no stage T + 3), it was the 8 x 8 engine's, the
        // decoder's halves placed 30 columns apart (docs/fpga.md section 2).
        // The format rides in the element's delay line, so that it leaves
        // the line's output register beside the decoder: taken from the
        // control pipeline, even through a copy of its own per row, its
        // register sat by the pipeline, 34 rows from the decoder, the 8 x 8
        // engine's critical path. Each row holds the command's format
        // itself, loaded by its own copy of acc_reg (`keep`: the rows'
        // copies have the same inputs, Yosys would merge them). Bubbles
        // decode with a stale format; their sums are dropped. The delay
        // lines (te_delay: in RAM from 4 cycles on) replace flip-flop
        // chains of S*r stages (docs/fpga.md section 2).
        reg [15:0] x_in_reg;
        reg [2:0]  x_fmt_in_reg;      // the current command's format
        reg        acc_fmt_reg;       // acc_reg's copy for it
        wire [18:0] x_raw;            // {format, element} at stage T
        always @(posedge clk)
            x_in_reg <= mv_data[16*r +: 16];
        (* keep *)
        always @(posedge clk)
            acc_fmt_reg <= !rst && acc_next;
        (* keep *)
        always @(posedge clk)
            if (acc_fmt_reg)
                x_fmt_in_reg <= cmdq_fmt_x_reg;
        // DLY_BLOCK_BITS: a line whose RAM holds that many bits goes to
        // block RAM, for a device short of logic cells (the board,
        // docs/fpga.md section 3c)
        te_delay #(
            .WIDTH (19),
            .DELAY (T),
            .BLOCK_BITS (DLY_BLOCK_BITS)
        ) x_dly (
            .clk (clk),
            .rst (rst),
            .in  ({x_fmt_in_reg, x_in_reg}),
            .out (x_raw)
        );

        // the decoded stationary row, load stage T + 3
        wire [COLS*OPW-1:0] ld_row_op;
        te_delay #(
            .WIDTH (COLS*OPW),
            .DELAY (T + 1),
            .BLOCK_BITS (DLY_BLOCK_BITS)
        ) ld_dly (
            .clk (clk),
            .rst (rst),
            .in  (ld_op_reg),
            .out (ld_row_op)
        );

        wire [OPW-1:0] x_dec;
        pe_unpack #(
            .LATENCY (1)
        ) dec (
            .clk  (clk),
            .fmt  (x_raw[18:16]),
            .bits (x_raw[15:0]),
            .op   (x_dec)
        );
        reg [OPW-1:0] x_dec_reg;      // stage T + 2
        reg [OPW-1:0] x_row_reg;      // stage T + 3
        always @(posedge clk) begin
            x_dec_reg <= x_dec;
            x_row_reg <= x_dec_reg;
        end

        reg           en_reg;         // the row adds (r < K), stage T + 4
        always @(posedge clk)
            en_reg <= {{(32-KW){1'b0}}, `TE_K(T + 3)} > r;

        // swap at the end of stage T + 3 (the beat multiplies the new
        // element in T + 4); shadow load at the end of load stage T + 3 (the
        // same offset, so a load never overtakes a swap issued before it).
        // One register each, fed from stage T + 2.
        reg swap_reg;
        reg ld_en_reg;
        always @(posedge clk) begin
            if (rst) begin
                swap_reg  <= 1'b0;
                ld_en_reg <= 1'b0;
            end else begin
                swap_reg  <= `TE_SWAP(T + 2);
                ld_en_reg <= ldv_reg[T + 2] && ldrow_reg[(T + 2)*RW +: RW] == r[RW-1:0];
            end
        end

        for (c = 0; c < COLS; c = c + 1) begin : col
            // The decoded element for this PE, stage T + 4. One copy per
            // column, not one per row: a single register driving the whole
            // row was the engine's critical path on ECP5 (its net spans the
            // row's multipliers). `keep` stops Yosys merging the copies back.
            reg [OPW-1:0] x_op_reg;
            (* keep *)
            always @(posedge clk)
                x_op_reg <= x_row_reg;

            te_pe #(
                .FIRST_ROW (r == 0)
            ) pe (
                .clk      (clk),
                .x        (x_op_reg),
                .en       (en_reg),
                .swap     (swap_reg),
                .ld_en    (ld_en_reg),
                .ld_op    (ld_row_op[c*OPW +: OPW]),
                .psum_in  (psum[r][32*c +: 32]),
                .psum_out (psum[r+1][32*c +: 32])
            );
        end
    end
endgenerate

// ---- output: column sums in stage OUT - 2, out_* in stage OUT -------------
// An int8 matmul's column sum is an exact integer below 2^22 held as fp32:
// stage 1 shifts its significand to the integer magnitude, stage 2
// applies the sign (int32) or passes the fp32 sum.
localparam integer OUT = STAGES - 1;

reg [COLS*32-1:0] out_data_reg;

generate
    if (OL != 2) begin : bad_out_latency
        tensor_engine_TE_OUT_LATENCY_must_match_its_two_stages bad ();
    end
    for (c = 0; c < COLS; c = c + 1) begin : conv
        wire [31:0] v  = psum[ROWS][32*c +: 32];
        wire [4:0]  sh = 5'd22 - v[27:23];     // 150 - exponent, for 127..150
        reg  [23:0] mag_reg;
        reg         sign_reg;
        reg  [31:0] fp_reg;
        always @(posedge clk) begin
            mag_reg  <= (v[30:23] == 8'd0) ? 24'd0 : {1'b1, v[22:0]} >> sh;
            sign_reg <= v[31];
            fp_reg   <= v;
            if (`TE_INT(OUT - 1))
                out_data_reg[32*c +: 32] <= sign_reg ? 32'd0 - {8'd0, mag_reg} : {8'd0, mag_reg};
            else
                out_data_reg[32*c +: 32] <= fp_reg;
        end
    end
endgenerate

assign out_valid = vld_reg[OUT];
assign out_data  = out_data_reg;
assign out_addr  = `TE_ADDR(OUT);
assign out_start = `TE_START(OUT);
assign out_int   = `TE_INT(OUT);

generate
    for (c = 0; c < COLS; c = c + 1) begin : mask
        assign out_mask[c] = {{(32-MW){1'b0}}, `TE_M(OUT)} > c;
    end
endgenerate

`undef TE_SWAP
`undef TE_INT
`undef TE_K
`undef TE_M
`undef TE_ADDR
`undef TE_START

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && cmd_valid && cmd_ready
        && (cmd_k == {KW{1'b0}} || {{(32-KW){1'b0}}, cmd_k} > ROWS
            || cmd_m == {MW{1'b0}} || {{(32-MW){1'b0}}, cmd_m} > COLS))
        $display("tensor_engine: warning: illegal command K=%0d M=%0d (instance %m)", cmd_k, cmd_m);
end
// hazard_reg is the hazard flag of hz_reg kept a cycle ahead
always @(posedge clk) begin
    if (!rst && hazard_reg != ((hz_reg != {(WIN-1){1'b0}}) && !cur_start))
        $error("tensor_engine: hazard_reg differs from its definition (instance %m)");
end
// the load side's copies follow their originals
always @(posedge clk) begin
    if (!rst && {ld_cv_reg, ld_ns_reg, ld_hz_reg, ld_sf_reg}
                != {cur_valid_reg, need_swap_reg, hazard_reg, shadow_full_reg})
        $error("tensor_engine: a load-side copy differs from its original (instance %m)");
end
`endif

endmodule

`resetall
