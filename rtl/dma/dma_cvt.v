`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_cvt: element conversion on the dense byte stream between the read
 * and the write side of a DMA job.
 *
 * copy = 1: the stream passes through unchanged (combinational).
 * copy = 0: every source element is widened exactly to fp32 (tl_widen) and
 * narrowed once to the destination format (tl_narrow) with RNE or SR and
 * the FP8 saturation mode; the SR bits of destination element (i0, i1, i2)
 * are tl_sr_rand(seed, coord) with
 *     coord = cbase + i0*cstride0 + i1*cstride1 + i2*cstride2   (mod 2^32)
 * (dest counts count0..2, i0 fastest), the same in every tiling.
 *
 * Throughput: LANES = CVT_LANES elements per cycle (one tl_widen,
 * tl_sr_rand and tl_narrow each per lane); a group of lanes never spans two
 * destination rows (dim 0) or two input words, so short rows or misaligned
 * words cost extra cycles. The bits do not depend on LANES (each element's
 * SR coordinate comes from its own index), only the cycles do. Latency: 21
 * cycles (the tl_sr_rand pipeline, one Threefry round per stage; the
 * source elements are registered as read, decoded in the next stage
 * (into tl_widen's register) and normalized to fp32 in the one after;
 * tl_narrow's decode and alignment take the last NL = 2 of those stages,
 * its rounding waits for the SR bits), 1 for the registered narrow output,
 * plus the output packer's 1.
 *
 * Jobs: every word carries its job's sequence number (in_seq); `cfg` is
 * the configuration of the job of the word at the input. When a word of
 * another job arrives, the converter waits until the previous job's
 * elements have left (a conversion's pipeline and packer are empty, and
 * were in the cycle before), then loads `cfg` (one cycle; one more before
 * a conversion's first group). A
 * partial output word of a job whose stream ended early (a dead job) is
 * dropped then; words of a job beyond its element count are dropped.
 * Output words carry their job's sequence number (out_seq).
 *
 * Handshake: valid/ready streams in and out. `busy`: elements or a word
 * inside.
 */
module dma_cvt #(
    parameter DATA_WIDTH = 128,            // stream width in bits (64, 128, 256)
    parameter CVT_LANES  = DATA_WIDTH / 32, // elements converted per cycle: 1, 2, 4 .. DATA_WIDTH/32
    parameter CFG_W      = 237             // job configuration bits (layout below)
) (
    input  wire                  clk,
    input  wire                  rst,
    // configuration of the job of the word at the input: {copy, src fmt,
    // dst fmt, src esize log2, dst esize log2, rnd, sat, seed, cbase,
    // cstride0, cstride1, cstride2, dst count0 (32), count1 (16), count2 (16)}
    input  wire [CFG_W-1:0]      cfg,
    output wire                  busy,
    // dense stream in
    input  wire                  in_valid,
    output reg                   in_ready,
    input  wire [DATA_WIDTH-1:0] in_data,
    input  wire [$clog2(DATA_WIDTH/8):0] in_nbytes,
    input  wire                  in_last,
    input  wire [2:0]            in_seq,
    // dense stream out
    output wire                  out_valid,
    input  wire                  out_ready,
    output wire [DATA_WIDTH-1:0] out_data,
    output wire [$clog2(DATA_WIDTH/8):0] out_nbytes,
    output wire                  out_last,
    output wire [2:0]            out_seq
);

localparam DB    = DATA_WIDTH / 8;
localparam DBL   = $clog2(DB);
localparam LANES = CVT_LANES;
localparam LL    = $clog2(LANES);
localparam DEPTH = 21;                 // tl_sr_rand latency (its LATENCY)
localparam NL    = 2;                  // tl_narrow's LATENCY: it starts NL stages before the SR bits
localparam PD    = DEPTH + 1;          // pipeline stages: SR, then the narrow register
localparam FD    = DEPTH - 1 - NL;     // stages of widened values waiting for tl_narrow
localparam FW    = FD - 1;             // ... after tl_widen's own register, the first of them
localparam L32   = LANES * 32;

// ------------------------------------------------------------ the job
reg             cval_reg,  cval_next;  // a job is loaded
reg [2:0]       cseq_reg,  cseq_next;  // its sequence number
reg [CFG_W-1:0] ccfg_reg,  ccfg_next;  // its configuration
reg             settle_reg, settle_next; // a conversion switched last cycle (offsets not ready)
// The switch only sets a few flags. cfg is registered every cycle
// (cfgq_reg, no enable), and in the cycle after the switch (sw_reg)
// ccfg_reg takes it, and a conversion's walk registers (pos, rl, the
// indices and coordinates) load from it in its settle cycle, which issues
// nothing anyway. So the switch, decided from the word's sequence number
// at the input, fans out to a dozen flip-flops, not to the 237 bits of
// the configuration and the walk: as one net it was the end of the input
// readiness path and the start of the walk registers' (docs/dma.md
// section 8). In the cycle after a switch only the copy flag and
// cstride0 (for off_reg) are needed, and they are taken from cfgq_reg.
reg [CFG_W-1:0] cfgq_reg;
reg             sw_reg;
// The pipeline and the packer were empty last cycle and nothing issued:
// they are empty now, and a word of another job may load its
// configuration. Known a cycle ahead, so that the emptiness test (`busy`:
// every pipeline stage and the packer) stays out of the input's readiness
// and of the issue decision, whose path into the read slice's enables was
// the board DMA's critical path (docs/fpga.md section 2). A job whose
// word waits while the previous one drains loads one cycle later; one
// that finds the converter idle loads at once.
reg             quiet_reg;

wire        copy           = sw_reg ? cfgq_reg[CFG_W-1] : ccfg_reg[CFG_W-1];
wire [2:0]  src_fmt        = ccfg_reg[CFG_W-2 -: 3];
wire [2:0]  dst_fmt        = ccfg_reg[CFG_W-5 -: 3];
wire [1:0]  src_esize_log2 = ccfg_reg[CFG_W-8 -: 2];
wire [1:0]  dst_esize_log2 = ccfg_reg[CFG_W-10 -: 2];
wire        rnd            = ccfg_reg[CFG_W-12];
wire        sat            = ccfg_reg[CFG_W-13];
wire [31:0] seed           = ccfg_reg[223 -: 32];
/* verilator lint_off UNUSEDSIGNAL */ // loaded from cfgq_reg at a job change
wire [31:0] cbase          = ccfg_reg[191 -: 32];
/* verilator lint_on UNUSEDSIGNAL */
wire [31:0] cstride0       = sw_reg ? cfgq_reg[159 -: 32] : ccfg_reg[159 -: 32];
wire [31:0] cstride1       = ccfg_reg[127 -: 32];
wire [31:0] cstride2       = ccfg_reg[95 -: 32];
wire [31:0] count0         = ccfg_reg[63 -: 32];
wire [15:0] count1         = ccfg_reg[31 -: 16];
wire [15:0] count2         = ccfg_reg[15 -: 16];
wire        cfg_copy       = cfg[CFG_W-1];
// the switched job's, in its settle cycle
wire [1:0]  q_src_esize    = cfgq_reg[CFG_W-8 -: 2];
wire [31:0] q_cbase        = cfgq_reg[191 -: 32];
wire [31:0] q_count0       = cfgq_reg[63 -: 32];
wire [15:0] q_count1       = cfgq_reg[31 -: 16];
wire [15:0] q_count2       = cfgq_reg[15 -: 16];
localparam [31:0] LP1      = LANES + 1;
localparam [31:0] DBU      = DB;

// min(x, DB + 1): a byte count past the word's end is as good as DB + 1
function [DBL:0] bsat;
    input [31:0] x;
    bsat = (x > DBU) ? DBU[DBL:0] + 1'b1 : x[DBL:0];
endfunction

// ------------------------------------------------------------ stage 0
reg [DBL:0]  pos_reg,   pos_next;      // next element in the input word
reg [31:0]   rl_reg,    rl_next;       // elements left in the destination row
reg [15:0]   i1_reg,    i1_next;
reg [15:0]   i2_reg,    i2_next;
// Precomputed so that the group size never waits for a 32-bit compare:
// min(rl, LANES + 1), min(count0, LANES + 1), the last-row flags.
reg [LL+1:0] rsm_reg,   rsm_next;
reg [LL+1:0] c0s_reg,   c0s_next;
reg          i1z_reg,   i1z_next;      // i1 is the last dim-1 index
reg          i2z_reg,   i2z_next;
reg          c1one_reg, c1one_next;    // count1 == 1
reg [31:0]   cc_reg,    cc_next;       // coordinate of element i0
reg [31:0]   c1_reg,    c1_next;       // coordinate of (0, i1, i2) (but see c1_cur)
reg [31:0]   c2_reg,    c2_next;       // coordinate of (0, 0, i2) (but see c2_cur)
// A row's (plane's) end loads the next row's (plane's) start into cc_reg,
// and c1_reg (c2_reg) takes it from there one cycle later: their enables
// are these flip-flops, not the group logic and the pipeline's enable
// (the two 32-bit registers behind one late enable were the board DMA's
// critical path). Until then c1_cur (c2_cur) is cc_reg.
reg          re_q_reg;                  // the last cycle's issue ended a row
reg          pe_q_reg;                  // ... a plane
wire [31:0]  c1_cur = re_q_reg ? cc_reg : c1_reg;
wire [31:0]  c2_cur = pe_q_reg ? cc_reg : c2_reg;
reg          done_reg,  done_next;     // every element issued
// issue waits only for the word and the packer: a conversion job is
// loaded, settled and not done (cval, !copy, !settle, !done) in one flag
// (armed_next from the next state: no switch, a conversion, not done)
reg          armed_reg, armed_next;
// The group's fit in the word as byte counts, so that the group size and
// its row and word ends compare in_nbytes with registers and do not wait
// for the element count (in_nbytes >> esize) and its subtraction: bth
// holds, for j = 1 .. LANES + 1, min((pos + j) << src_esize_log2, DB + 1),
// and j more elements fit in the word when bth[j] <= in_nbytes. Each
// next value is chosen, like cc_step, among candidates from registers.
reg [(LANES+1)*(DBL+1)-1:0] bth_reg, bth_next;

// pipeline stages 1..PD: valid, element count and last flag of each
// group; the source elements as read in stage 1, decoded in stage 2
// (tl_widen's register, on ce), widened in stages 3..DEPTH-NL, inside
// tl_narrow's stage registers for the last NL stages of the SR pipeline;
// the narrowed, lane-packed group in stage PD
reg [PD-1:0]             v_reg,  v_next;
reg [PD*(LL+1)-1:0]      n_reg,  n_next;
reg [PD-1:0]             l_reg,  l_next;
reg [L32-1:0]            raw_reg, raw_next;
reg [FW*L32-1:0]         f_reg,  f_next;
reg [L32-1:0]            p_reg,  p_next;
// coordinate offsets cstride0 * k for k = 0 .. LANES (job constants)
reg [32*(LANES+1)-1:0]   off_reg, off_next;

reg                    newjob;         // the input word is another job's
reg                    switch;         // load its configuration now
reg                    sel_in;         // the output is the input word (a copy)
reg [LANES+1:0]        fits;           // fits[j]: j more elements are in the word
reg [(LANES+1)*(DBL+1)-1:0] bth_zero;  // bth at pos = 0
reg [(LANES+1)*(DBL+1)-1:0] bth_zq;    // ... for the switched job (cfgq_reg)
reg [(LANES+1)*(DBL+1)-1:0] bth_step;  // bth at pos + n
reg [31:0]             cc_step;        // cc_reg + cstride0 * n
reg [LL:0]             n;
reg                    issue;
reg                    issue_nj;       // issue if the word is this job's
// A word of the armed job is at the input: the group goes in with ce.
// A net of its own (`keep`), like the group's flags below, so that ce,
// the pipeline's enable with thousands of loads, meets it in the last LUT
// before the walk's enables instead of at the start of the issue logic
// (docs/dma.md section 8).
(* keep *) wire        take;
assign take = armed_reg && in_valid && (in_seq == cseq_reg);
(* keep *) reg         row_end;        // the group ends the destination row
(* keep *) reg         word_end;       // ... the input word
(* keep *) reg         plane_end;      // ... the row and its plane (i1 wraps)
(* keep *) reg         grp_last;       // ... the job's last row
(* keep *) reg [DBL:0] pos_st;         // pos_reg after the group
(* keep *) reg [(LANES+1)*(DBL+1)-1:0] bth_st; // bth_reg after the group
reg [31:0]             rl_sub;         // rl_reg - n
reg [LL+1:0]           rsm_sub;        // min(rl_reg - n, LANES + 1)
reg [DATA_WIDTH-1:0]   shifted;
reg [LANES*32-1:0]     lane_bits;
reg [LANES*32-1:0]     pk_data;
integer                j;
integer                ga;             // loop indices of the group's block
integer                gb;

wire                   ce;
wire                   pack_in_ready;
wire                   pk_busy;
wire [LANES*32-1:0]    wide;
wire [LANES*32-1:0]    rnd_bits;
wire [LANES*32-1:0]    narrow;
wire [LANES*32-1:0]    coords;

genvar g;
generate
    for (g = 0; g < LANES; g = g + 1) begin : lane
        assign coords[32*g +: 32] = cc_reg + off_reg[32*g +: 32];
        tl_widen #(
            .LATENCY  (1)
        ) widen (
            .clk      (clk),
            .ce       (ce),
            .fmt      (src_fmt),
            .in_bits  (raw_reg[32*g +: 32]),
            .out_bits (wide[32*g +: 32])
        );
        tl_sr_rand sr (
            .clk      (clk),
            .ce       (ce),
            .seed     (seed),
            .coord    (coords[32*g +: 32]),
            .rand_out (rnd_bits[32*g +: 32])
        );
        tl_narrow #(
            .LATENCY  (NL)
        ) narrow_cell (
            .clk      (clk),
            .ce       (ce),
            .fmt      (dst_fmt),
            .in_bits  (f_reg[(FW-1)*L32 + 32*g +: 32]),
            .sat      (sat),
            .rnd      (rnd),
            .rand32   (rnd_bits[32*g +: 32]),
            .out_bits (narrow[32*g +: 32])
        );
    end
endgenerate

// The pipeline's enable is a flip-flop, not the packer's ready: a spill
// register in front of the packer takes the last stage's group when the
// packer refuses it, and the pipeline holds (ce low) only while the spill
// register is full. With the ready as the enable, the packer's state
// reached the issue decision and every stage's enables in the same cycle
// (a board DMA critical path, docs/dma.md thirty-eighth session). The
// packer sees the groups in the same order; a pipeline held behind a full
// spill register resumes a cycle after the packer takes it.
reg                    sp_v_reg;
reg [LANES*32-1:0]     sp_p_reg;
reg [LL:0]             sp_n_reg;
reg                    sp_l_reg;
assign ce       = !sp_v_reg;
assign busy     = (v_reg != {PD{1'b0}}) || pk_busy || sp_v_reg;

// ---- the group and the walk's steps, from registers and the word's byte
// count. Apart from the main block, so that the flags and values it
// passes on can be nets of their own (`keep`): the walk registers then
// load them on issue, and ce, the pipeline's enable with thousands of
// loads, meets them in the last LUT before each enable and does not run
// through the group logic (docs/dma.md section 8).
always @* begin
    // group of n elements: n = min(LANES, left in word, left in dest row),
    // from fits[j] (j elements fit in the word: bth[j] <= in_nbytes, which
    // is j <= avail for avail = (in_nbytes >> esize) - pos) and j <= rsm;
    // both are monotone in j, so n is the largest j with both
    fits[0] = 1'b1;
    for (ga = 1; ga <= LANES + 1; ga = ga + 1) begin
        fits[ga] = bth_reg[(DBL+1)*(ga-1) +: DBL+1] <= in_nbytes;
    end
    n = {(LL+1){1'b0}};
    for (ga = 1; ga <= LANES; ga = ga + 1) begin
        if (fits[ga] && {{(30-LL){1'b0}}, rsm_reg} >= ga) begin
            n = ga[LL:0];
        end
    end
    // The group ends the row when rsm is the least of the three (rsm <=
    // LANES and rsm elements fit) and the word when avail is (one more
    // than min(LANES, rsm) does not fit): the compares beside n, not after
    // it (the word's end decides in_ready, the row's end the enables of
    // the coordinate registers: both were the board DMA's critical path,
    // docs/fpga.md section 2)
    row_end  = 1'b0;
    word_end = !fits[LANES+1];
    for (ga = 0; ga <= LANES; ga = ga + 1) begin
        if ({{(30-LL){1'b0}}, rsm_reg} == ga) begin
            row_end = fits[ga];
        end
    end
    for (ga = 0; ga < LANES; ga = ga + 1) begin
        if ({{(30-LL){1'b0}}, rsm_reg} == ga) begin
            word_end = !fits[ga+1];
        end
    end
    grp_last  = row_end && i1z_reg && i2z_reg;
    plane_end = row_end && i1z_reg;
    // every candidate computed from registers, then chosen by n
    cc_step  = cc_reg;
    rl_sub   = rl_reg;
    rsm_sub  = rsm_reg;
    bth_step = bth_reg;
    for (ga = 1; ga <= LANES; ga = ga + 1) begin
        if (n == ga[LL:0]) begin
            cc_step = cc_reg + off_reg[32*ga +: 32];
            rl_sub  = rl_reg - ga;
            rsm_sub = (rl_reg <= LP1 + ga) ? (rl_reg[LL+1:0] - ga[LL+1:0]) : LP1[LL+1:0];
            // bth after ga elements: bth[ga + gb] while that is one of
            // them, else bth[LANES + 1] and (ga + gb - LANES - 1) more
            // elements (a saturated bth[LANES + 1] stays saturated)
            for (gb = 1; gb <= LANES + 1; gb = gb + 1) begin
                if (ga + gb <= LANES + 1) begin
                    bth_step[(DBL+1)*(gb-1) +: DBL+1] = bth_reg[(DBL+1)*(ga+gb-1) +: DBL+1];
                end else begin
                    bth_step[(DBL+1)*(gb-1) +: DBL+1] =
                        bsat({{(31-DBL){1'b0}}, bth_reg[(DBL+1)*LANES +: DBL+1]}
                             + ((ga + gb - LANES - 1) << src_esize_log2));
                end
            end
        end
    end
    for (gb = 1; gb <= LANES + 1; gb = gb + 1) begin
        bth_zero[(DBL+1)*(gb-1) +: DBL+1] = bsat(gb << src_esize_log2);
        bth_zq[(DBL+1)*(gb-1) +: DBL+1]   = bsat(gb << q_src_esize);
    end

    pos_st = word_end ? {(DBL+1){1'b0}} : pos_reg + {{(DBL-LL){1'b0}}, n};
    bth_st = word_end ? bth_zero : bth_step;
end

always @* begin
    cval_next   = cval_reg;
    cseq_next   = cseq_reg;
    ccfg_next   = ccfg_reg;
    settle_next = 1'b0;
    pos_next  = pos_reg;
    rl_next   = rl_reg;
    i1_next   = i1_reg;
    i2_next   = i2_reg;
    rsm_next  = rsm_reg;
    c0s_next  = c0s_reg;
    i1z_next  = i1z_reg;
    i2z_next  = i2z_reg;
    c1one_next = c1one_reg;
    cc_next   = cc_reg;
    c1_next   = c1_cur;
    c2_next   = c2_cur;
    done_next = done_reg;
    bth_next  = bth_reg;
    v_next    = v_reg;
    n_next    = n_reg;
    l_next    = l_reg;
    raw_next  = raw_reg;
    f_next    = f_reg;
    p_next    = p_reg;
    for (j = 0; j <= LANES; j = j + 1) begin
        off_next[32*j +: 32] = cstride0 * j;
    end

    // a word of another job: the previous job's elements leave first
    newjob   = in_valid && (!cval_reg || (in_seq != cseq_reg));
    switch   = newjob && quiet_reg;
    sel_in   = newjob ? (switch && cfg_copy) : copy;
    // armed_reg stands for cval_reg && !copy && !done_reg && !settle_reg,
    // and with cval_reg a word of this job is one with its sequence number
    issue_nj = armed_reg && in_valid && ce;
    issue    = take && ce;
    shifted  = in_data >> ({{(DBL+1){1'b0}}, pos_reg} << ({1'b0, src_esize_log2} + 3'd3));
    for (j = 0; j < LANES; j = j + 1) begin
        case (src_esize_log2)
            2'd0:    lane_bits[32*j +: 32] = {24'd0, shifted[8*j +: 8]};
            2'd1:    lane_bits[32*j +: 32] = {16'd0, shifted[16*j +: 16]};
            default: lane_bits[32*j +: 32] = shifted[32*j +: 32];
        endcase
    end

    // output lanes, destination element j at byte j << dst_esize_log2
    pk_data = {LANES*32{1'b0}};
    for (j = 0; j < LANES; j = j + 1) begin
        case (dst_esize_log2)
            2'd0:    pk_data[8*j +: 8]   = narrow[32*j +: 8];
            2'd1:    pk_data[16*j +: 16] = narrow[32*j +: 16];
            default: pk_data[32*j +: 32] = narrow[32*j +: 32];
        endcase
    end

    if (ce) begin
        v_next = {v_reg[PD-2:0], issue};
        n_next = {n_reg[(PD-1)*(LL+1)-1:0], n};
        l_next = {l_reg[PD-2:0], grp_last};
        raw_next = lane_bits;
        f_next = {f_reg[(FW-1)*L32-1:0], wide};
        p_next = pk_data;
    end

    if (issue) begin
        pos_next = pos_st;
        bth_next = bth_st;
        if (plane_end) begin
            rl_next  = count0;
            rsm_next = c0s_reg;
            i1_next  = 16'd0;
            i1z_next = c1one_reg;
            i2_next  = i2_reg + 16'd1;
            i2z_next = (i2_reg + 16'd2 == count2);
            cc_next = c2_cur + cstride2;
        end else if (row_end) begin
            rl_next  = count0;
            rsm_next = c0s_reg;
            i1_next  = i1_reg + 16'd1;
            i1z_next = (i1_reg + 16'd2 == count1);
            cc_next = c1_cur + cstride1;
        end else begin
            rl_next  = rl_sub;
            rsm_next = rsm_sub;
            cc_next  = cc_step;
        end
        if (grp_last) begin
            done_next = 1'b1;
        end
    end

    // stream handshake: a copy passes through; a conversion takes a word
    // when its last group issues; a word beyond the job's elements (a dead
    // job's) is dropped. Written with the word's job as the last choice
    // (newjob is the latest input, from the sequence number) and the
    // conversion's case without it (its pop is issue_nj && word_end).
    if (newjob) begin
        in_ready = quiet_reg && cfg_copy && out_ready;   // sel_in: copy after copy, no bubble
    end else if (copy) begin
        in_ready = out_ready;
    end else begin
        in_ready = (issue_nj && word_end) || (done_reg && in_valid);
    end

    // the cycle after a switch: the configuration from cfgq_reg; a
    // conversion's walk starts (it issues nothing in this cycle)
    if (sw_reg) begin
        ccfg_next   = cfgq_reg;
    end
    if (settle_reg) begin
        pos_next    = {(DBL+1){1'b0}};
        bth_next    = bth_zq;
        rl_next     = q_count0;
        rsm_next    = (q_count0 < LP1) ? q_count0[LL+1:0] : LP1[LL+1:0];
        c0s_next    = (q_count0 < LP1) ? q_count0[LL+1:0] : LP1[LL+1:0];
        i1_next     = 16'd0;
        i2_next     = 16'd0;
        i1z_next    = (q_count1 == 16'd1);
        i2z_next    = (q_count2 == 16'd1);
        c1one_next  = (q_count1 == 16'd1);
        cc_next     = q_cbase;
        c1_next     = q_cbase;
        c2_next     = q_cbase;
    end
    if (switch) begin
        cval_next   = 1'b1;
        cseq_next   = in_seq;
        settle_next = !cfg_copy;
        done_next   = 1'b0;
    end
    // armed next cycle: a conversion loaded (copy is also the next copy
    // flag unless a switch loads another job) and no switch now (a switch
    // settles a conversion and leaves a copy unarmed)
    armed_next = !switch && cval_reg && !copy && !done_next;
end

always @(posedge clk) begin
    if (rst) begin
        done_reg   <= 1'b1;
        armed_reg  <= 1'b0;
        v_reg      <= {PD{1'b0}};
        cval_reg   <= 1'b0;
        cseq_reg   <= 3'd0;
        settle_reg <= 1'b0;
        sw_reg     <= 1'b0;
        quiet_reg  <= 1'b1;
        re_q_reg   <= 1'b0;
        pe_q_reg   <= 1'b0;
    end else begin
        done_reg   <= done_next;
        armed_reg  <= armed_next;
        v_reg      <= v_next;
        cval_reg   <= cval_next;
        cseq_reg   <= cseq_next;
        settle_reg <= settle_next;
        sw_reg     <= switch;
        quiet_reg  <= !busy && !issue;
        // (no issue in a settle cycle: the loads of q_cbase come first)
        re_q_reg   <= issue && row_end;
        pe_q_reg   <= issue && plane_end;
    end
    cfgq_reg <= cfg;
    ccfg_reg <= ccfg_next;
    pos_reg <= pos_next;
    bth_reg <= bth_next;
    rl_reg  <= rl_next;
    i1_reg  <= i1_next;
    i2_reg  <= i2_next;
    rsm_reg <= rsm_next;
    c0s_reg <= c0s_next;
    i1z_reg <= i1z_next;
    i2z_reg <= i2z_next;
    c1one_reg <= c1one_next;
    cc_reg  <= cc_next;
    c1_reg  <= c1_next;
    c2_reg  <= c2_next;
    n_reg   <= n_next;
    l_reg   <= l_next;
    raw_reg <= raw_next;
    f_reg   <= f_next;
    off_reg <= off_next;
    p_reg   <= p_next;
end

wire                   pk_valid;
wire [DATA_WIDTH-1:0]  pk_out_data;
wire [DBL:0]           pk_nbytes;
wire                   pk_last;
reg  [DATA_WIDTH-1:0]  pk_wide;  // the lane-packed group on the low bytes

always @* begin
    pk_wide                = {DATA_WIDTH{1'b0}};
    pk_wide[LANES*32-1:0]  = sp_v_reg ? sp_p_reg : p_reg;
end
wire [LL:0]            n_out = n_reg[(PD-1)*(LL+1) +: LL+1];
wire [LL:0]            pk_n  = sp_v_reg ? sp_n_reg : n_out;

always @(posedge clk) begin
    if (rst) begin
        sp_v_reg <= 1'b0;
    end else begin
        sp_v_reg <= sp_v_reg ? !pack_in_ready : (v_reg[PD-1] && !pack_in_ready);
    end
    if (!sp_v_reg) begin
        sp_p_reg <= p_reg;
        sp_n_reg <= n_out;
        sp_l_reg <= l_reg[PD-1];
    end
end

wire [2:0]             pk_seq;

dma_pack #(
    .BYTES      (DB),
    .BYTES_LOG2 (DBL),
    .TAG_WIDTH  (3)
) pack (
    .clk        (clk),
    .rst        (rst),
    .clear      (1'b0),
    .drop       (switch),
    .in_valid   (sp_v_reg || v_reg[PD-1]),
    .in_ready   (pack_in_ready),
    .in_data    (pk_wide),
    .in_lo      ({(DBL+1){1'b0}}),
    .in_n       ({{(DBL-LL){1'b0}}, pk_n} << dst_esize_log2),
    .in_last    (sp_v_reg ? sp_l_reg : l_reg[PD-1]),
    .in_tag     (cseq_reg),
    .out_valid  (pk_valid),
    .out_ready  (out_ready),
    .out_data   (pk_out_data),
    .out_nbytes (pk_nbytes),
    .out_last   (pk_last),
    .out_tag    (pk_seq),
    .busy       (pk_busy)
);

// The word out is the packer's while it offers one, else the input's: the
// packer is empty whenever the input passes (a copy job, or the cycle that
// loads one, which waits for quiet_reg), and the payload does not
// matter while out_valid is low. So the payload's select is the packer's
// valid flip-flop, not sel_in: sel_in, fanned out to every payload bit,
// was the board DMA's critical path into the output slice.
assign out_valid  = sel_in ? in_valid  : pk_valid;
assign out_seq    = pk_valid ? pk_seq      : in_seq;
assign out_data   = pk_valid ? pk_out_data : in_data;
assign out_nbytes = pk_valid ? pk_nbytes   : in_nbytes;
assign out_last   = pk_valid ? pk_last     : in_last;

`ifndef SYNTHESIS
// The group from the byte thresholds is the group of the element counts
// (n = min(LANES, avail, rsm) with avail = (in_nbytes >> esize) - pos; the
// row ends when n is rsm, the word when pos + n is its element count)
// whenever a word of the armed job is at the input: the thresholds rely
// on pos not being past the word's elements then.
reg [DBL:0] chk_nel;
reg [DBL:0] chk_avail;
reg [LL:0]  chk_n;
integer     chk_j;
always @* begin
    chk_nel   = in_nbytes >> src_esize_log2;
    chk_avail = chk_nel - pos_reg;
    chk_n     = LANES[LL:0];
    if ({{(31-DBL){1'b0}}, chk_avail} < {{(31-LL){1'b0}}, chk_n}) begin
        chk_n = chk_avail[LL:0];
    end
    if ({1'b0, rsm_reg} < {2'b00, chk_n}) begin
        chk_n = rsm_reg[LL:0];
    end
end
always @(posedge clk) begin
    if (!rst && in_valid && armed_reg && in_seq == cseq_reg
        && (pos_reg > chk_nel || n != chk_n
            || row_end != (rsm_reg == {1'b0, chk_n})
            || word_end != ({1'b0, pos_reg} + {{(DBL-LL+1){1'b0}}, chk_n} == {1'b0, chk_nel})))
        $error("dma_cvt: the group from bth differs from the group of the element counts (instance %m)");
end
// bth_reg is min((pos + j) << esize, DB + 1) while a conversion is
// loaded and settled (its walk registers load in the settle cycle)
always @(posedge clk) begin
    if (!rst && cval_reg && !copy && !settle_reg) begin
        for (chk_j = 1; chk_j <= LANES + 1; chk_j = chk_j + 1) begin
            if (bth_reg[(DBL+1)*(chk_j-1) +: DBL+1]
                != bsat(({{(31-DBL){1'b0}}, pos_reg} + chk_j) << src_esize_log2))
                $error("dma_cvt: bth_reg[%0d] differs from pos_reg (instance %m)", chk_j);
        end
    end
end
// armed_reg is its definition
always @(posedge clk) begin
    if (!rst && armed_reg != (cval_reg && !copy && !done_reg && !settle_reg))
        $error("dma_cvt: armed_reg differs from cval, copy, done and settle (instance %m)");
end
// the payload's select agrees with sel_in whenever a word goes out
always @(posedge clk) begin
    if (!rst && out_valid && sel_in == pk_valid)
        $error("dma_cvt: the packer offers a word while the input passes (instance %m)");
end
// quiet_reg: the pipeline and the packer are empty
always @(posedge clk) begin
    if (!rst && quiet_reg && busy)
        $error("dma_cvt: quiet_reg while elements are inside (instance %m)");
end
`endif

endmodule

`resetall
