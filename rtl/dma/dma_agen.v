`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_agen: address generator of one side of a DMA job. Walks a strided
 * pattern of up to 3 dimensions
 *     element (i0, i1, i2) at  addr + i0*stride0 + i1*stride1 + i2*stride2
 *     i0 < count0, i1 < count1, i2 < count2,  element size 2^esize_log2
 * in order (i0 fastest) and emits it as bursts: runs of contiguous bytes
 * that never cross a BOUNDARY-aligned address (BOUNDARY = min(4 KiB,
 * 256 beats)), so each is one legal AXI4 INCR burst of at most 256 beats.
 * Each burst comes with its beat geometry (first and one-past-last byte
 * lane, beats - 1), which the read and write sides both need.
 * A row is a run of contiguous bytes: count0 elements when stride0 equals
 * the element size (or count0 = 1), otherwise one element.
 *
 * Handshake: `start` (one cycle, while idle) begins the walk of the pattern
 * on the inputs, which must be held, with the generator idle, from two
 * cycles before `start` on (dma_engine holds its job register through
 * the check steps); bursts come
 * out on burst_valid/burst_ready, the last one flagged burst_last. `stop`
 * ends the walk early. Every count must be nonzero (the engine completes
 * zero-length jobs itself). `stop` also drops a burst on offer: the burst
 * port is internal (the AXI address channels hold their own valid).
 * One burst per cycle at most; registered output.
 *
 * Transposing form (XP_PART_LOG2 > 0, the writer's generator only): when
 * `xpose_ok` (the destination is SBUF) and the pattern steps by one
 * partition per element (stride0 == 2^XP_PART_LOG2, count0 > 1, 1- or
 * 2-byte elements, 2-byte elements at even addresses), a row
 * is its count0 elements, one per partition at the same byte offset, and
 * a burst is a group of up to G = 2^XP_GROUP_LOG2 of them inside one
 * aligned group of G partitions (burst_xp): burst_addr is the first
 * element's address with its byte-in-beat bits replaced by the first
 * lane (p0 mod G) * esize of the writer's packed word, burst_off those
 * bits, burst_lo/hi the lanes (p0 mod G) * esize .. (p0 mod G + n) *
 * esize, one beat. (The
 * walk counts such a row in bytes, n * esize, as a contiguous one, so
 * the two share their registers.) Any other pattern walks as described
 * above.
 */
module dma_agen #(
    parameter ADDR_WIDTH     = 32,  // address bits
    parameter BEAT_LOG2      = 4,   // log2 of bytes per bus beat (3..5)
    // bursts never cross a 2^BOUNDARY_LOG2 boundary: min(4 KiB, 256 beats)
    parameter BOUNDARY_LOG2  = (BEAT_LOG2 + 8 < 12) ? BEAT_LOG2 + 8 : 12,
    // transposing form: log2 bytes per SBUF partition (0: none)
    parameter XP_PART_LOG2   = 0,
    // log2 of partitions per transposing burst (BEAT_LOG2 - 1: 2-byte slots)
    parameter XP_GROUP_LOG2  = BEAT_LOG2 - 1
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  start,
    input  wire                  stop,
    input  wire [ADDR_WIDTH-1:0] addr,
    input  wire [1:0]            esize_log2,
    input  wire [31:0]           count0,
    input  wire [15:0]           count1,
    input  wire [15:0]           count2,
    input  wire [31:0]           stride0,
    input  wire [31:0]           stride1,
    input  wire [31:0]           stride2,
    input  wire                  xpose_ok,    // the destination may take the transposing form
    output wire                  busy,        // walking or holding a burst
    output wire                  burst_valid,
    input  wire                  burst_ready,
    output wire [ADDR_WIDTH-1:0] burst_addr,  // first byte
    output wire [BEAT_LOG2:0]    burst_lo,    // first byte lane of the first beat
    output wire [BEAT_LOG2:0]    burst_hi,    // one past the last byte lane of the last beat
    output wire [7:0]            burst_beats_m1, // beats - 1
    output wire                  burst_single,   // one beat
    output wire [BEAT_LOG2:0]    burst_nfirst,   // bytes in the first beat (hi - lo for one beat)
    output wire                  burst_last,  // last burst of the job
    output wire                  burst_xp,    // a transposing burst (one beat)
    output wire [BEAT_LOG2-1:0]  burst_off    // a transposing burst: the elements' byte in the beat
);

localparam [BOUNDARY_LOG2:0] BND = {1'b1, {BOUNDARY_LOG2{1'b0}}};
localparam [BOUNDARY_LOG2:0] XP_G = 1 << XP_GROUP_LOG2;  // partitions per group
localparam XPL = (XP_PART_LOG2 > 0) ? XP_PART_LOG2 : 1;  // (a legal index when unused)

// Partitions from the one of address a to the end of its group.
/* verilator lint_off UNUSEDSIGNAL */ // only the partition-in-group bits
function [BOUNDARY_LOG2:0] to_group(input [ADDR_WIDTH-1:0] a);
    to_group = XP_G - {{(BOUNDARY_LOG2+1-XP_GROUP_LOG2){1'b0}}, a[XPL +: XP_GROUP_LOG2]};
endfunction
/* verilator lint_on UNUSEDSIGNAL */

reg                  active_reg,  active_next;
reg [31:0]           i0_reg,      i0_next;
reg [15:0]           i1_reg,      i1_next;
reg [15:0]           i2_reg,      i2_next;
reg [31:0]           n0_reg,      n0_next;     // rows along dim 0
reg [34:0]           row_len_reg, row_len_next;
reg [ADDR_WIDTH-1:0] a0_reg,      a0_next;     // start of the current row
reg [ADDR_WIDTH-1:0] a1_reg,      a1_next;     // start of the current dim-1 slice
reg [ADDR_WIDTH-1:0] a2_reg,      a2_next;     // start of the current dim-2 slice
reg [ADDR_WIDTH-1:0] cur_reg,     cur_next;    // next byte to emit
reg [34:0]           rem_reg,     rem_next;    // bytes left in the row
reg [BOUNDARY_LOG2:0] tb_reg,     tb_next;     // bytes from cur to the next boundary
reg                  bv_reg,      bv_next;
reg [ADDR_WIDTH-1:0] ba_reg,      ba_next;
reg [BEAT_LOG2-1:0]  bo_reg,      bo_next;
reg [BOUNDARY_LOG2:0] bb_reg,     bb_next;
reg                  bl_reg,      bl_next;
// last-index flags, kept with the indices so that no 32-bit compare with a
// decremented count sits in front of the next address
reg                  i0z_reg,     i0z_next;    // i0 == n0 - 1
reg                  i1z_reg,     i1z_next;    // i1 == count1 - 1
reg                  i2z_reg,     i2z_next;    // i2 == count2 - 1
reg                  n0one_reg,   n0one_next;  // n0 == 1
// what the end of the current row steps, decoded from the flags above
// into registers of their own, so that the enables of the index and
// address registers are one gate of flip-flops (and the handshake)
reg                  lr_reg,      lr_next;     // nothing: the last row
reg                  s12_reg,     s12_next;    // dim 1 or 2 (i0 at its last, not the last row)
reg                  s2_reg,      s2_next;     // dim 2 (i0, i1 at their last, i2 not)
reg                  xp_reg,      xp_next;     // transposing walk: units are partitions
// the row-end test kept as a flag (rem_reg <= tb_reg), so that no 35-bit
// comparison sits in front of the enables of the index and address
// registers; at a row's start it is the next row's offset in its unit
// (bytes to the boundary, partitions in the group) against the most the
// row's length leaves (lim_reg, lim_ok_reg), with no subtraction after
// the next row's address
reg                  rdone_reg,   rdone_next;  // rem_reg <= tb_reg
reg [BOUNDARY_LOG2:0] lim_reg,    lim_next;    // the row ends in its first burst iff its offset <= this
reg                  lim_ok_reg,  lim_ok_next; // ... and the row fits in one unit
// the pattern's form on the inputs of the cycle before (its 32-bit
// compares a cycle ahead of the start values that depend on it)
reg                  contig_reg,  contig_next; // contiguous
reg                  xpf_reg,     xpf_next;    // xp_form

reg                  contiguous;
reg [BOUNDARY_LOG2:0] bytes;
reg                  row_done;
reg                  last_row;
reg [ADDR_WIDTH-1:0] next_row;     // start of the row after this one
reg                  xp_form;      // the pattern on the inputs steps by one partition ...
reg                  xp_start;     // ... and takes the transposing form
reg                  c0_row;       // its rows are count0 elements
reg [34:0]           len_start;    // its row length
reg [BOUNDARY_LOG2:0] tb_start;    // bytes from its address to the next boundary
reg [BOUNDARY_LOG2:0] next_off;    // the next row's offset in its unit
reg [ADDR_WIDTH-1:0] step;         // what tb_reg advances cur by (a burst inside its row)
reg [BEAT_LOG2-1:0]  xslot;        // first lane of a transposing burst

assign busy        = active_reg || bv_reg;
assign burst_valid = bv_reg;
assign burst_addr  = ba_reg;
assign burst_last  = bl_reg;
assign burst_xp    = xp_reg;

// Beat geometry of the burst on offer: bb_reg bytes from lane lo of its
// first beat. The offset of its last byte from that beat's start,
// lo + bb - 1, gives the beats and the last lane (one short carry chain,
// not a 32-bit end address and a subtraction of beat numbers behind it:
// that was a critical path into the writer's burst slice); the first
// beat's bytes are bb for a one-beat burst, else the rest of the beat, a
// choice, not a subtraction. SPW holds lo + bb - 1 (bb <= 2^BOUNDARY_LOG2)
// and the 8 beat-count bits above the lane.
localparam SPW = (BOUNDARY_LOG2 + 2 > BEAT_LOG2 + 8) ? BOUNDARY_LOG2 + 2 : BEAT_LOG2 + 8;
localparam [BEAT_LOG2:0] BEAT_BYTES = 1 << BEAT_LOG2;
/* verilator lint_off UNUSEDSIGNAL */ // a burst has at most 256 beats
wire [SPW-1:0] span_m1 = {{(SPW-BEAT_LOG2){1'b0}}, ba_reg[BEAT_LOG2-1:0]} +
                         {{(SPW-BOUNDARY_LOG2-1){1'b0}}, bb_reg} - 1'b1;
/* verilator lint_on UNUSEDSIGNAL */
assign burst_lo       = {1'b0, ba_reg[BEAT_LOG2-1:0]};
assign burst_hi       = {1'b0, span_m1[BEAT_LOG2-1:0]} + 1'b1;
assign burst_beats_m1 = span_m1[BEAT_LOG2 +: 8];
assign burst_single   = (burst_beats_m1 == 8'd0);
assign burst_nfirst   = burst_single ? bb_reg[BEAT_LOG2:0] : BEAT_BYTES - burst_lo;
assign burst_off      = bo_reg;

always @* begin
    active_next  = active_reg;
    i0_next      = i0_reg;
    i1_next      = i1_reg;
    i2_next      = i2_reg;
    n0_next      = n0_reg;
    row_len_next = row_len_reg;
    a0_next      = a0_reg;
    a1_next      = a1_reg;
    a2_next      = a2_reg;
    cur_next     = cur_reg;
    rem_next     = rem_reg;
    bv_next      = bv_reg;
    ba_next      = ba_reg;
    bo_next      = bo_reg;
    bb_next      = bb_reg;
    bl_next      = bl_reg;
    i0z_next     = i0z_reg;
    i1z_next     = i1z_reg;
    i2z_next     = i2z_reg;
    n0one_next   = n0one_reg;
    xp_next      = xp_reg;
    rdone_next   = rdone_reg;
    lim_next     = lim_reg;
    lim_ok_next  = lim_ok_reg;

    // The distance to the boundary is kept in a register (tb_reg), and
    // whether the row ends in this burst (what is left of it reaches no
    // further than the boundary) in another (rdone_reg).
    // A burst that does not end its row is tb_reg bytes long, so the
    // address and remainder steps add tb_reg, not `bytes`: their adders
    // start from registers, beside the comparison instead of behind it.
    contiguous  = (stride0 == (32'd1 << esize_log2)) || (count0 == 32'd1);
    xp_form     = (XP_PART_LOG2 > 0) && xpose_ok
                  && (stride0 == (32'd1 << XP_PART_LOG2)) && !esize_log2[1]
                  && (!esize_log2[0] || !addr[0]);  // (strides are multiples of esize)
    contig_next = contiguous;
    xpf_next    = xp_form;
    xp_start    = xpf_reg && !contig_reg;
    // (a row of count0 elements: contiguous or transposing; from xp_form,
    // not xp_start, so that the choice waits for one compare less)
    c0_row      = contig_reg || xpf_reg;
    row_done    = rdone_reg;
    bytes       = row_done ? rem_reg[BOUNDARY_LOG2:0] : tb_reg;
    // a transposing burst moves on by its elements' partitions
    // (at most 2 G = one beat of bytes: the narrow form keeps the choice small)
    xslot       = {{(BEAT_LOG2-XP_GROUP_LOG2){1'b0}}, cur_reg[XPL +: XP_GROUP_LOG2]} << esize_log2;
    step        = xp_reg ? (({{(ADDR_WIDTH-BEAT_LOG2-1){1'b0}}, tb_reg[BEAT_LOG2:0]} << XP_PART_LOG2) >> esize_log2[0])
                         : {{(ADDR_WIDTH-BOUNDARY_LOG2-1){1'b0}}, tb_reg};
    last_row    = lr_reg;
    tb_next     = tb_reg;
    if (!i0z_reg)
        next_row = a0_reg + {{(ADDR_WIDTH-32){1'b0}}, stride0};
    else if (!i1z_reg)
        next_row = a1_reg + {{(ADDR_WIDTH-32){1'b0}}, stride1};
    else
        next_row = a2_reg + {{(ADDR_WIDTH-32){1'b0}}, stride2};
    next_off    = xp_reg ? {{(BOUNDARY_LOG2+1-XP_GROUP_LOG2){1'b0}}, next_row[XPL +: XP_GROUP_LOG2]}
                         : {1'b0, next_row[BOUNDARY_LOG2-1:0]};
    len_start   = c0_row ? ({3'd0, count0} << esize_log2) : (35'd1 << esize_log2);
    tb_start    = xp_start ? to_group(addr) << esize_log2 : BND - {1'b0, addr[BOUNDARY_LOG2-1:0]};

    if (burst_ready) begin
        bv_next = 1'b0;
    end

    // While idle the walk's registers follow the pattern on the inputs
    // (held from two cycles before `start`), so `start` itself only sets
    // active_reg: the engine's late launch decision does not reach the
    // pattern registers' enables and multiplexers (docs/fpga.md section 2).
    if (!active_reg) begin
        i0_next      = 32'd0;
        i1_next      = 16'd0;
        i2_next      = 16'd0;
        n0_next      = c0_row ? 32'd1 : count0;
        row_len_next = len_start;
        rem_next     = len_start;
        a0_next      = addr;
        a1_next      = addr;
        a2_next      = addr;
        cur_next     = addr;
        tb_next      = tb_start;
        xp_next      = xp_start;
        n0one_next   = c0_row || (count0 == 32'd1);
        i0z_next     = c0_row || (count0 == 32'd1);
        i1z_next     = (count1 == 16'd1);
        i2z_next     = (count2 == 16'd1);
        // The first row's end and the limit for the following rows'
        // offsets (G - count0 for a transposing row, else BND - its
        // length, when the row fits in one unit at all) from the start
        // values these registers took a cycle before: compares of
        // registers, not of what the inputs give in this cycle.
        rdone_next  = (rem_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, tb_reg});
        lim_ok_next = xp_reg ? (count0 <= {{(31-BOUNDARY_LOG2){1'b0}}, XP_G})
                             : (row_len_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, BND});
        lim_next    = xp_reg ? XP_G - count0[BOUNDARY_LOG2:0] : BND - row_len_reg[BOUNDARY_LOG2:0];
        if (start) begin
            active_next = 1'b1;
        end
    end else if (!bv_reg || burst_ready) begin
        bv_next  = 1'b1;
        ba_next  = cur_reg;
        bo_next  = cur_reg[BEAT_LOG2-1:0];
        // a transposing burst's lanes in the beat are those of its
        // packed elements, (p0 mod G) * esize on: the beat geometry
        // below then needs no case of its own
        if (xp_reg)
            ba_next[BEAT_LOG2-1:0] = xslot;
        bb_next  = bytes;
        bl_next  = row_done && last_row;
        // unless the row ends here, the burst stops at the boundary, so
        // the next one starts a whole BND before the following boundary
        cur_next = cur_reg + step;
        rem_next = rem_reg - {{(34-BOUNDARY_LOG2){1'b0}}, tb_reg};
        tb_next  = xp_reg ? XP_G << esize_log2 : BND;
        // (the next burst starts on a unit: its row ends there when what
        // is left reaches no further than one whole unit)
        rdone_next = (rem_next <= {{(34-BOUNDARY_LOG2){1'b0}}, tb_next});
        if (row_done) begin
            rem_next = row_len_reg;
            tb_next  = xp_reg ? to_group(next_row) << esize_log2 : BND - {1'b0, next_row[BOUNDARY_LOG2-1:0]};
            rdone_next = lim_ok_reg && (next_off <= lim_reg);
            cur_next = next_row;
            // one test per dimension, each on its own flag: the next row
            // steps i0, else i1 (s12: i1 or i2), else i2 (s2)
            if (last_row) begin
                active_next = 1'b0;
            end else begin
                i0_next  = i0z_reg ? 32'd0 : i0_reg + 32'd1;
                i0z_next = i0z_reg ? n0one_reg : (i0_reg + 32'd2 == n0_reg);
                a0_next  = next_row;
            end
            if (s12_reg) begin
                i1_next  = s2_reg ? 16'd0 : i1_reg + 16'd1;
                i1z_next = s2_reg ? (count1 == 16'd1) : (i1_reg + 16'd2 == count1);
                a1_next  = next_row;
            end
            if (s2_reg) begin
                i2_next  = i2_reg + 16'd1;
                i2z_next = (i2_reg + 16'd2 == count2);
                a2_next  = next_row;
            end
        end
    end
    // stop ends the walk and drops a burst on offer (also one left after
    // the walk), a step taken in the same cycle with it: the walk's
    // registers mean nothing once it has ended, so their enables need not
    // wait for `stop` (the start of a walk wins, as its registers are
    // loaded)
    if (stop) begin
        bv_next = 1'b0;
        if (active_reg) begin
            active_next = 1'b0;
        end
    end
    lr_next = i0z_next && i1z_next && i2z_next;
    s12_next = i0z_next && !(i1z_next && i2z_next);
    s2_next = i0z_next && i1z_next && !i2z_next;
end

always @(posedge clk) begin
    if (rst) begin
        active_reg <= 1'b0;
        bv_reg     <= 1'b0;
        xp_reg     <= 1'b0;
    end else begin
        active_reg <= active_next;
        bv_reg     <= bv_next;
        xp_reg     <= xp_next;
    end
    i0_reg      <= i0_next;
    i1_reg      <= i1_next;
    i2_reg      <= i2_next;
    n0_reg      <= n0_next;
    row_len_reg <= row_len_next;
    a0_reg      <= a0_next;
    a1_reg      <= a1_next;
    a2_reg      <= a2_next;
    cur_reg     <= cur_next;
    rem_reg     <= rem_next;
    tb_reg      <= tb_next;
    ba_reg      <= ba_next;
    bo_reg      <= bo_next;
    bb_reg      <= bb_next;
    bl_reg      <= bl_next;
    i0z_reg     <= i0z_next;
    i1z_reg     <= i1z_next;
    i2z_reg     <= i2z_next;
    n0one_reg   <= n0one_next;
    lr_reg      <= lr_next;
    s12_reg     <= s12_next;
    s2_reg      <= s2_next;
    rdone_reg   <= rdone_next;
    lim_reg     <= lim_next;
    lim_ok_reg  <= lim_ok_next;
    contig_reg  <= contig_next;
    xpf_reg     <= xpf_next;
end

`ifndef SYNTHESIS
`ifndef FORMAL
// The contract of `start` (simulation only; the formal proofs assume it):
// the pattern on the inputs unchanged, and the generator idle, in the two
// cycles before `start` and in its own (the form, the first row's end and
// the limits come from registers loaded in those cycles).
localparam CHK_W = ADDR_WIDTH + 2 + 32 + 16 + 16 + 3 * 32 + 1;
wire [CHK_W-1:0] chk_pat = {addr, esize_log2, count0, count1, count2,
                            stride0, stride1, stride2, xpose_ok};
reg  [CHK_W-1:0] chk_pat1, chk_pat2;  // the pattern one and two cycles ago
reg              chk_idle1, chk_idle2; // idle (and out of reset) then
always @(posedge clk) begin
    chk_pat1  <= chk_pat;
    chk_pat2  <= chk_pat1;
    chk_idle1 <= !rst && (busy === 1'b0);
    chk_idle2 <= chk_idle1;
    if (!rst && start) begin
        if (busy !== 1'b0 || chk_idle1 !== 1'b1 || chk_idle2 !== 1'b1)
            $error("dma_agen: start without two idle cycles before it (instance %m)");
        if (chk_pat !== chk_pat1 || chk_pat !== chk_pat2)
            $error("dma_agen: the pattern changed within the two cycles before start (instance %m)");
    end
end
`endif
`endif

endmodule

`resetall
