`resetall
`timescale 1ns / 1ps
`default_nettype none

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
 *          element c in ld_data[16c +: 16]), ld_last on its last row; goes
 *          into the shadow registers while the current tile computes.
 *          Accepted while the shadow tile is free (has been swapped in).
 *   mv_*   moving stream: one vector per beat, element k in
 *          mv_data[16k +: 16] (8-bit formats in the low byte).
 *   out_*  toward PSUM: one beat per moving vector.
 * A command with cmd_swap = 1 first swaps the loaded shadow tile in (its
 * first vector waits until the whole shadow tile has been accepted).
 *
 * Pipeline: the array never stalls internally; out_valid && !out_ready
 * freezes the whole pipeline (adv = 0) and back-pressures every input.
 * The vector issued at cycle t reaches row r at t + 1 + SKEW*r (moving
 * data skewed by SKEW = `TL_FP32_ADD_LATENCY + 1 cycles per row = the
 * PE's partial-sum latency, rtl/common/tl_pipe.vh) and its result is on
 * out_* at t + SKEW*ROWS + 3 (fill latency LATENCY = SKEW*ROWS + 3 cycles
 * from mv beat to out beat when never stalled). Steady state: one vector
 * per clock, no bubble between commands.
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
    parameter MW   = $clog2(COLS + 1)    // width of M (1..COLS)
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
    input  wire [COLS*16-1:0]   ld_data,
    input  wire                 ld_last,

    // moving vectors, one per beat
    input  wire                 mv_valid,
    output reg                  mv_ready,
    input  wire [ROWS*16-1:0]   mv_data,

    // results toward PSUM, one beat per moving vector
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [COLS*32-1:0]   out_data,    // column c in [32c +: 32]
    output wire [AW-1:0]        out_addr,
    output wire                 out_start,   // overwrite (else accumulate)
    output wire [COLS-1:0]      out_mask,    // columns to write (c < M)
    output wire                 out_int      // int32 results (int8 x int8)
);

`include "tl_encoding.vh"
`include "tl_pipe.vh"

localparam integer RW     = (ROWS > 1) ? $clog2(ROWS) : 1;  // row index width
localparam integer SKEW   = `TL_FP32_ADD_LATENCY + 1;  // te_pe psum_in to psum_out
localparam integer STAGES = SKEW * ROWS + 3;         // control pipe: issue .. out
localparam integer LDST   = SKEW * (ROWS - 1) + 1;   // load pipe: issue .. last row
// control fields of one beat
localparam integer CW     = 1 + 3 + 3 + KW + MW + AW + 1;

`ifndef SYNTHESIS
initial begin
    if (ROWS < 2 || ROWS > 255 || COLS < 1 || COLS > 255)
        $error("tensor_engine: ROWS must be 2..255, COLS 1..255 (instance %m)");
    if (AW < 1 || NW < 1)
        $error("tensor_engine: AW and NW must be >= 1 (instance %m)");
end
`endif

// ---- input sequencer ----------------------------------------------------
reg          adv;            // pipeline advances this cycle

reg          cur_valid_reg, cur_valid_next;
reg [2:0]    cur_fmt_w_reg, cur_fmt_w_next;
reg [2:0]    cur_fmt_x_reg, cur_fmt_x_next;
reg [KW-1:0] cur_k_reg, cur_k_next;
reg [MW-1:0] cur_m_reg, cur_m_next;
reg [NW-1:0] cur_n_reg, cur_n_next;
reg [AW-1:0] cur_addr_reg, cur_addr_next;
reg          cur_start_reg, cur_start_next;
reg          cur_swap_reg, cur_swap_next;
reg [NW-1:0] beat_reg, beat_next;            // index of the next vector
reg          shadow_full_reg, shadow_full_next;
reg [RW-1:0] ld_row_reg, ld_row_next;

reg          need_swap;
reg          issue;
reg          last_beat;
reg          ld_fire;

// pipelines (stage s holds what was issued s cycles ago)
reg [STAGES-1:0]    vld_reg, vld_next;       // moving beat valid per stage
reg [STAGES*CW-1:0] ctl_reg, ctl_next;       // its control fields
reg [LDST-1:0]      ldv_reg, ldv_next;       // load beat valid per stage
reg [LDST*RW-1:0]   ldrow_reg, ldrow_next;   // its row index
reg [LDST*COLS*16-1:0] lddat_reg, lddat_next;

wire [CW-1:0] ctl_in = {cur_swap_reg && beat_reg == {NW{1'b0}},
                        cur_fmt_w_reg, cur_fmt_x_reg, cur_k_reg, cur_m_reg,
                        cur_addr_reg + beat_reg[AW-1:0], cur_start_reg};

always @* begin
    cur_valid_next   = cur_valid_reg;
    cur_fmt_w_next   = cur_fmt_w_reg;
    cur_fmt_x_next   = cur_fmt_x_reg;
    cur_k_next       = cur_k_reg;
    cur_m_next       = cur_m_reg;
    cur_n_next       = cur_n_reg;
    cur_addr_next    = cur_addr_reg;
    cur_start_next   = cur_start_reg;
    cur_swap_next    = cur_swap_reg;
    beat_next        = beat_reg;
    shadow_full_next = shadow_full_reg;
    ld_row_next      = ld_row_reg;
    vld_next         = vld_reg;
    ctl_next         = ctl_reg;
    ldv_next         = ldv_reg;
    ldrow_next       = ldrow_reg;
    lddat_next       = lddat_reg;

    adv       = !out_valid || out_ready;
    need_swap = cur_swap_reg && beat_reg == {NW{1'b0}};
    mv_ready  = adv && cur_valid_reg && (!need_swap || shadow_full_reg);
    issue     = mv_ready && mv_valid;
    last_beat = issue && beat_reg == cur_n_reg - {{(NW-1){1'b0}}, 1'b1};
    cmd_ready = adv && (!cur_valid_reg || last_beat);
    ld_ready  = adv && (!shadow_full_reg || (issue && need_swap));
    ld_fire   = ld_valid && ld_ready;

    if (issue) begin
        beat_next = beat_reg + {{(NW-1){1'b0}}, 1'b1};
        if (need_swap)
            shadow_full_next = 1'b0;
        if (last_beat)
            cur_valid_next = 1'b0;
    end
    if (cmd_valid && cmd_ready) begin
        cur_valid_next = cmd_n != {NW{1'b0}};
        cur_fmt_w_next = cmd_fmt_w;
        cur_fmt_x_next = cmd_fmt_x;
        cur_k_next     = cmd_k;
        cur_m_next     = cmd_m;
        cur_n_next     = cmd_n;
        cur_addr_next  = cmd_addr;
        cur_start_next = cmd_start;
        cur_swap_next  = cmd_swap;
        beat_next      = {NW{1'b0}};
    end
    if (ld_fire) begin
        ld_row_next = ld_last ? {RW{1'b0}} : ld_row_reg + {{(RW-1){1'b0}}, 1'b1};
        if (ld_last)
            shadow_full_next = 1'b1;
    end

    if (adv) begin
        vld_next   = {vld_reg[STAGES-2:0], issue};
        ctl_next   = {ctl_reg[(STAGES-1)*CW-1:0], ctl_in};
        ldv_next   = (ldv_reg << 1) | {{(LDST-1){1'b0}}, ld_fire};
        ldrow_next = (ldrow_reg << RW) | {{((LDST-1)*RW){1'b0}}, ld_row_reg};
        lddat_next = {lddat_reg[(LDST-1)*COLS*16-1:0], ld_data};
    end
end

always @(posedge clk) begin
    cur_fmt_w_reg <= cur_fmt_w_next;
    cur_fmt_x_reg <= cur_fmt_x_next;
    cur_k_reg     <= cur_k_next;
    cur_m_reg     <= cur_m_next;
    cur_n_reg     <= cur_n_next;
    cur_addr_reg  <= cur_addr_next;
    cur_start_reg <= cur_start_next;
    cur_swap_reg  <= cur_swap_next;
    ctl_reg       <= ctl_next;
    ldrow_reg     <= ldrow_next;
    lddat_reg     <= lddat_next;
    if (rst) begin
        cur_valid_reg   <= 1'b0;
        beat_reg        <= {NW{1'b0}};
        shadow_full_reg <= 1'b0;
        ld_row_reg      <= {RW{1'b0}};
        vld_reg         <= {STAGES{1'b0}};
        ldv_reg         <= {LDST{1'b0}};
    end else begin
        cur_valid_reg   <= cur_valid_next;
        beat_reg        <= beat_next;
        shadow_full_reg <= shadow_full_next;
        ld_row_reg      <= ld_row_next;
        vld_reg         <= vld_next;
        ldv_reg         <= ldv_next;
    end
end

// control fields of stage s
`define TE_CTL(s) ctl_reg[(s)*CW +: CW]

// ---- the array ----------------------------------------------------------
wire [COLS*32-1:0] psum [0:ROWS];   // psum[r]: partial sums entering row r
assign psum[0] = {(COLS*32){1'b0}}; // +0.0 (int 0)

genvar r, c;
generate
    for (r = 0; r < ROWS; r = r + 1) begin : row
        localparam integer D = SKEW * r + 1;   // moving lane delay: stage SKEW*r

        // moving element k = r, delayed to stage SKEW*r
        reg [16*D-1:0] x_dly_reg, x_dly_next;
        always @* begin
            x_dly_next = x_dly_reg;
            if (adv)
                x_dly_next = (x_dly_reg << 16) | {{(16*D-16){1'b0}}, mv_data[16*r +: 16]};
        end
        always @(posedge clk)
            x_dly_reg <= x_dly_next;

        wire [CW-1:0] ctl = `TE_CTL(SKEW * r);
        wire          ctl_swap  = ctl[CW-1];
        wire [2:0]    ctl_fmt_w = ctl[CW-2 -: 3];
        wire [2:0]    ctl_fmt_x = ctl[CW-5 -: 3];
        wire [KW-1:0] ctl_k     = ctl[CW-8 -: KW];
        wire          row_en    = {{(32-KW){1'b0}}, ctl_k} > r;
        wire          ld_en     = ldv_reg[SKEW * r] && ldrow_reg[SKEW * r * RW +: RW] == r[RW-1:0];

        for (c = 0; c < COLS; c = c + 1) begin : col
            te_pe pe (
                .clk      (clk),
                .ce       (adv),
                .mv_valid (vld_reg[SKEW * r]),
                .mv_swap  (ctl_swap),
                .fmt_w    (ctl_fmt_w),
                .fmt_x    (ctl_fmt_x),
                .x        (x_dly_reg[16*D-1 -: 16]),
                .row_en   (row_en),
                .ld_en    (ld_en),
                .ld_data  (lddat_reg[(SKEW*r*COLS + c)*16 +: 16]),
                .psum_in  (psum[r][32*c +: 32]),
                .psum_out (psum[r+1][32*c +: 32])
            );
        end
    end
endgenerate

// ---- output: stage SKEW*ROWS + 2 ----------------------------------------
localparam integer OUT = (STAGES - 1) * CW;    // bit offset of the last stage
wire [2:0]    out_fmt_w = ctl_reg[OUT + CW-2 -: 3];
wire [2:0]    out_fmt_x = ctl_reg[OUT + CW-5 -: 3];
wire [MW-1:0] out_m     = ctl_reg[OUT + AW+1 +: MW];

assign out_valid = vld_reg[STAGES-1];
assign out_data  = psum[ROWS];
assign out_addr  = ctl_reg[OUT + 1 +: AW];
assign out_start = ctl_reg[OUT];
assign out_int   = out_fmt_w == `TL_FMT_INT8 && out_fmt_x == `TL_FMT_INT8;

generate
    for (c = 0; c < COLS; c = c + 1) begin : mask
        assign out_mask[c] = {{(32-MW){1'b0}}, out_m} > c;
    end
endgenerate

`undef TE_CTL

`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && cmd_valid && cmd_ready
        && (cmd_k == {KW{1'b0}} || {{(32-KW){1'b0}}, cmd_k} > ROWS
            || cmd_m == {MW{1'b0}} || {{(32-MW){1'b0}}, cmd_m} > COLS))
        $display("tensor_engine: warning: illegal command K=%0d M=%0d (instance %m)", cmd_k, cmd_m);
end
`endif

endmodule

`resetall
