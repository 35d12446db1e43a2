`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_cmd: the command processor's sequencing for the three engines
 * (0 DMA, 1 TE, 2 ACT; docs/core.md sections 4, 5, 7, 8, 11).
 *
 * Per engine: IDLE -> FREQ (ask core_fetch for the slot at HEAD, when
 * RUN, HEAD != TAIL and not stopped) -> FETCH (until fdone) -> CHECK
 * (core_check, 3 cycles) -> WAIT (until SEM[ws] >= wv, RUN, and room for
 * the pending signal) -> DISP (valid to the engine until ready; HEAD moves
 * on at the handshake) -> IDLE. A NOP leaves WAIT when every earlier
 * instruction of its ring has completed, and signals then. A failing
 * check stops the engine (HEAD stays) and records the error.
 *
 * Completion: signals (and the counters' increments) of dispatched
 * instructions wait in FIFOs of 2^PEND_LOG2 entries, one for TE, one for
 * ACT and one per DMA queue (a queue takes no more instructions while its
 * FIFO is full). te_done, act_done and dma_done_pulse[q] mark the head
 * entries completed; one applier adds one signal per cycle to the
 * semaphores (the host's SEM_ADD first, then a NOP, then completed
 * entries round robin), 2 to a few cycles after the done pulse (the
 * applier's output is registered).
 *
 * DMA errors: the first cycle dma_err_valid[q] is seen, the record takes
 * 16 + code, the queue and the address; HEAD of the DMA ring goes back to
 * the faulting instruction (unless an older one already stopped it), the
 * ring stops, queue q's pending entries are dropped (the DMA drops its
 * later descriptors too). ERR_CLEAR and Q0_CTRL.RESET pulse dma_err_clear.
 *
 * Watchdog: counts cycles in which an engine waits on a semaphore and
 * nothing else happens; at WATCHDOG (not 0) every waiting engine stops
 * with WAIT_TIMEOUT.
 *
 * Soft reset: while sr_req, no fetch is picked, nothing is dispatched and
 * dma_abort is high; when fetch is idle and dma_idle, sr_done (= eng_rst)
 * resets this block's state for one cycle.
 */
module core_cmd #(
    parameter SEMS       = 16,  // semaphores
    parameter DMA_QUEUES = 4,   // DMA queues
    parameter PEND_LOG2  = 2    // log2 of the pending signals per TE, ACT and DMA queue
) (
    input  wire                      clk,
    input  wire                      rst,
    // CSRs
    input  wire                      run,
    input  wire [31:0]               watchdog,
    input  wire [3*64-1:0]           q_base,
    input  wire [3*17-1:0]           q_size,
    input  wire [3*16-1:0]           q_tail,
    input  wire [2:0]                q_reset,
    input  wire                      err_clear,
    input  wire                      host_sem,   // a host SEM/SEM_ADD write this cycle
    input  wire                      h_add,      // host SEM_ADD: SEM[h_idx] += h_val (through the applier)
    input  wire [4:0]                h_idx,
    input  wire [31:0]               h_val,
    input  wire                      sr_req,
    output wire                      sr_done,
    output wire                      dma_abort,
    // fetch
    output wire [2:0]                f_req,
    input  wire [2:0]                f_pick,
    output wire                      f_hold,
    input  wire                      f_busy,
    input  wire                      fdone_valid,
    input  wire [2:0]                fdone_eng,
    output wire                      chk_valid,   // fdone of an engine that still wants it
    input  wire [3*1024-1:0]         insn,
    // check results
    input  wire                      c_valid,
    input  wire [2:0]                c_eng,
    input  wire [7:0]                c_code,
    input  wire [3:0]                c_queue,
    input  wire [31:0]               c_macs,
    input  wire [39:0]               c_elems,
    input  wire [63:0]               c_rd,
    input  wire [63:0]               c_wr,
    output wire                      w_loaded,
    output wire [2:0]                w_fmt,
    output wire [7:0]                w_k,
    output wire [7:0]                w_m,
    // semaphores
    input  wire [SEMS*32-1:0]        sems,
    output wire                      inc_valid,  // one increment per cycle: SEM[inc_idx] += inc_val
    output wire [4:0]                inc_idx,
    output wire [31:0]               inc_val,
    // engines
    output wire                      dma_desc_valid,
    input  wire                      dma_desc_ready,
    output wire [3:0]                dma_desc_queue,
    output wire [639:0]              dma_desc_data,
    input  wire [DMA_QUEUES-1:0]     dma_done_pulse,
    input  wire [DMA_QUEUES-1:0]     dma_err_valid,
    input  wire [DMA_QUEUES*4-1:0]   dma_err_code,
    input  wire [DMA_QUEUES*64-1:0]  dma_err_addr,
    output wire [DMA_QUEUES-1:0]     dma_err_clear,
    input  wire                      dma_idle,
    output wire                      te_insn_valid,
    input  wire                      te_insn_ready,
    output wire [1023:0]             te_insn,
    input  wire                      te_done,
    output wire                      act_insn_valid,
    input  wire                      act_insn_ready,
    output wire [1023:0]             act_insn,
    input  wire                      act_done,
    // state for the CSRs
    output wire [3*16-1:0]           q_head,
    output wire [2:0]                st_busy,
    output wire [2:0]                st_waiting,
    output wire [2:0]                st_nop,     // a NOP executes this cycle, per engine (trace port)
    output wire                      st_idle,
    output wire [7:0]                err_code,
    output wire [1:0]                err_engine,
    output wire [3:0]                err_queue,
    output wire [2:0]                stopped,
    output wire [63:0]               err_pc,
    output wire [63:0]               err_addr,
    output wire                      err_event,
    output wire [63:0]               inc_macs,
    output wire [63:0]               inc_rd,
    output wire [63:0]               inc_wr,
    output wire [63:0]               inc_act
);

`include "tl_isa.vh"

localparam NQ = DMA_QUEUES;

localparam [2:0] S_IDLE  = 3'd0;
localparam [2:0] S_FREQ  = 3'd1;
localparam [2:0] S_FETCH = 3'd2;
localparam [2:0] S_FDROP = 3'd3;  // fetch in flight for a dropped instruction
localparam [2:0] S_CHECK = 3'd4;
localparam [2:0] S_WAIT  = 3'd5;
localparam [2:0] S_DISP  = 3'd6;

// pending-signal entries
localparam TW = 1 + 5 + 32 + 32;               // TE: signal, ss, sv, MACs
localparam AW = 1 + 5 + 32 + 40;               // ACT: signal, ss, sv, elements
localparam DW = 1 + 5 + 32 + 64 + 64 + 16 + 8; // DMA: signal, ss, sv, rd, wr, ring index, dispatch number

integer e, hf_e, hf_s, rm_q, rm_e, in_q, de_q, st_e, ok_e;   // loop variables, one per always block
genvar gq;

wire srst = sr_done;

reg  [3*3-1:0]  st_reg, st_next;
reg  [3*16-1:0] head_reg, head_next;
reg  [2:0]      stop_reg, stop_next;
reg  [7:0]      ecode_reg, ecode_next;
reg  [1:0]      eeng_reg, eeng_next;
reg  [3:0]      equeue_reg, equeue_next;
reg  [63:0]     epc_reg, epc_next;
reg  [63:0]     eaddr_reg, eaddr_next;
reg  [31:0]     wd_reg, wd_next;
reg  [NQ-1:0]   seen_reg, seen_next;     // DMA queue errors already taken
reg  [7:0]      dseq_reg, dseq_next;     // DMA ring dispatches, mod 256
reg  [7:0]      sseq_reg, sseq_next;     // dispatch number of the DMA ring's stopping instruction
reg             wl_reg, wl_next;
reg  [2:0]      wf_reg, wf_next;
reg  [7:0]      wk_reg, wk_next;
reg  [7:0]      wm_reg, wm_next;
reg  [63:0]     st_rd_reg, st_wr_reg;    // counters of the checked instruction: DMA
reg  [31:0]     st_macs_reg;             // TE
reg  [39:0]     st_elems_reg;            // ACT

// ---- instruction header fields per engine ---------------------------------------
// The wait condition SEM[ws] >= wv is evaluated for one engine per cycle
// (round robin) and kept in sem_ok_reg: one comparator instead of three.
// An engine's result is cleared while it is not in CHECK or WAIT, so a
// WAIT never sees the result of its previous instruction (CHECK lasts
// longer than a round); a result is at most 3 cycles old.
reg  [2:0]  is_nop, sem_ok_reg, wt_sem;
reg  [1:0]  wp_reg;                      // engine evaluated this cycle
reg  [4:0]  ev_ws;
reg         ev_wait;
reg  [31:0] ev_wv, ev_sem;
wire [2:0]  sem_ok = sem_ok_reg;
always @* begin
    ev_ws   = 5'd0;
    ev_wait = 1'b0;
    ev_wv   = 32'd0;
    for (hf_e = 0; hf_e < 3; hf_e = hf_e + 1) begin
        is_nop[hf_e] = insn[1024*hf_e + `TL_ISA_HDR_OPCODE_BIT +: 8] == `TL_ISA_OP_NOP;
        wt_sem[hf_e] = (st_reg[3*hf_e +: 3] == S_WAIT) && !sem_ok_reg[hf_e];
        if (wp_reg == hf_e[1:0]) begin
            ev_ws   = insn[1024*hf_e + `TL_ISA_HDR_WS_BIT +: 5];
            ev_wait = insn[1024*hf_e + `TL_ISA_HDR_WAIT_BIT];
            ev_wv   = insn[1024*hf_e + `TL_ISA_HDR_WV_BIT +: 32];
        end
    end
    ev_sem = 32'd0;
    for (hf_s = 0; hf_s < SEMS; hf_s = hf_s + 1) begin
        ev_sem = ev_sem | ({32{ev_ws == hf_s[4:0]}} & sems[32*hf_s +: 32]);
    end
end
wire ev_ok = !ev_wait || (ev_sem >= ev_wv);

always @(posedge clk) begin
    if (rst || srst) begin
        wp_reg     <= 2'd0;
        sem_ok_reg <= 3'd0;
    end else begin
        wp_reg <= (wp_reg == 2'd2) ? 2'd0 : wp_reg + 2'd1;
        for (ok_e = 0; ok_e < 3; ok_e = ok_e + 1) begin
            if ((st_reg[3*ok_e +: 3] != S_CHECK) && (st_reg[3*ok_e +: 3] != S_WAIT)) begin
                sem_ok_reg[ok_e] <= 1'b0;
            end else if (wp_reg == ok_e[1:0]) begin
                sem_ok_reg[ok_e] <= ev_ok;
            end
        end
    end
end

function [37:0] sig_of;   // {signal, ss, sv} of an instruction
    /* verilator lint_off UNUSEDSIGNAL */ // only the header's signal fields
    input [1023:0] in;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        sig_of = {in[`TL_ISA_HDR_SIGNAL_BIT], in[`TL_ISA_HDR_SS_BIT +: 5], in[`TL_ISA_HDR_SV_BIT +: 32]};
    end
endfunction

wire [1023:0] insn0 = insn[0 +: 1024];
wire [1023:0] insn1 = insn[1024 +: 1024];
wire [1023:0] insn2 = insn[2048 +: 1024];
wire [3:0]    dq    = insn0[`TL_ISA_DMA_QUEUE_BIT +: 4];

// ---- pending FIFOs ------------------------------------------------------------------
// An entry stays until its signal is applied: done pulses only count the
// completed entries at the head of each FIFO (dc), and the applier below
// pops one completed entry per cycle, so no completion is ever lost and
// the semaphores need one adder each.
localparam NF = NQ + 2;                  // FIFOs: DMA queues, TE, ACT
localparam CW = PEND_LOG2 + 1;           // width of a completed-entry count

wire          te_push  = te_insn_valid && te_insn_ready;
wire          act_push = act_insn_valid && act_insn_ready;
wire          dma_push = dma_desc_valid && dma_desc_ready;
wire          te_full_n, te_ne, act_full_n, act_ne;  // *_ne: an entry anywhere in the FIFO
wire          te_hv, act_hv;                         // *_hv: the head is on the output
wire [TW-1:0] te_head;
wire [AW-1:0] act_head;
reg  [NF-1:0] apply;                     // one-hot: the FIFO applied this cycle

// The pending FIFOs are block RAM (core_bram_fifo): an entry reaches the
// head two cycles after its push, and only a head on the output is
// applied or reported (has_done, dpick below); *_ne counts it from the
// push on, for the NOPs, busy and idle.
/* verilator lint_off PINCONNECTEMPTY */
core_bram_fifo #(.WIDTH (TW), .DEPTH_LOG2 (PEND_LOG2)) te_pend (
    .clk (clk), .rst (rst || srst), .clear (1'b0),
    .in_valid (te_push), .in_ready (te_full_n), .in_data ({sig_of(insn1), st_macs_reg}),
    .out_valid (te_hv), .out_ready (apply[NQ]), .out_load (), .not_empty (te_ne), .out_data (te_head)
);
core_bram_fifo #(.WIDTH (AW), .DEPTH_LOG2 (PEND_LOG2)) act_pend (
    .clk (clk), .rst (rst || srst), .clear (1'b0),
    .in_valid (act_push), .in_ready (act_full_n), .in_data ({sig_of(insn2), st_elems_reg}),
    .out_valid (act_hv), .out_ready (apply[NQ+1]), .out_load (), .not_empty (act_ne), .out_data (act_head)
);

wire [NQ-1:0]    dq_full_n, dq_ne, dq_hv;
wire [NQ*DW-1:0] dq_head;
reg  [NQ-1:0]    dq_clear;               // a queue's error: drop its pending entries
generate
    for (gq = 0; gq < NQ; gq = gq + 1) begin : dpend
        core_bram_fifo #(.WIDTH (DW), .DEPTH_LOG2 (PEND_LOG2)) fifo (
            .clk (clk), .rst (rst || srst), .clear (dq_clear[gq]),
            .in_valid (dma_push && (dq == gq)), .in_ready (dq_full_n[gq]),
            .in_data ({sig_of(insn0), st_rd_reg, st_wr_reg, head_reg[15:0], dseq_reg}),
            .out_valid (dq_hv[gq]), .out_ready (apply[gq]), .out_load (), .not_empty (dq_ne[gq]),
            .out_data (dq_head[DW*gq +: DW])
        );
    end
endgenerate
/* verilator lint_on PINCONNECTEMPTY */

reg  [2:0]       nop_req, nop_go;        // a NOP ready / dispatched this cycle, per engine

// room for a dispatch, per engine (a NOP needs every earlier instruction completed and applied)
reg [2:0] room;
reg       dq_room;
always @* begin
    dq_room = 1'b0;
    for (rm_q = 0; rm_q < NQ; rm_q = rm_q + 1) begin
        dq_room = dq_room | ((dq == rm_q[3:0]) && dq_full_n[rm_q]);
    end
    room[0] = is_nop[0] ? (dq_ne == {NQ{1'b0}}) : dq_room;
    room[1] = is_nop[1] ? !te_ne : te_full_n;
    room[2] = is_nop[2] ? !act_ne : act_full_n;
end

// a NOP that may go now: waited, every earlier instruction of its ring applied
always @* begin
    for (rm_e = 0; rm_e < 3; rm_e = rm_e + 1) begin
        nop_req[rm_e] = (st_reg[3*rm_e +: 3] == S_WAIT) && is_nop[rm_e] && run && !sr_req && sem_ok[rm_e] &&
                        room[rm_e];
    end
end

// ---- the applier: one semaphore increment per cycle ---------------------------------
// Priority: the host's SEM_ADD (a one-cycle pulse), then a NOP (lowest
// engine), then the FIFOs with completed entries, round robin.
reg  [CW*NF-1:0] dc_reg, dc_next;
reg  [NF-1:0]    frr_reg, frr_next;      // one-hot: the FIFO first in line
reg  [NF-1:0]    has_done, fmask, fpick;
reg              ai_v;
reg  [4:0]       ai_idx;
reg  [31:0]      ai_val;
reg  [37:0]      asig;
reg  [63:0]      a_rd, a_wr;
wire [NF-1:0]    f_done = {act_done, te_done, dma_done_pulse};
wire [NF-1:0]    f_hv   = {act_hv, te_hv, dq_hv};
always @* begin
    for (in_q = 0; in_q < NF; in_q = in_q + 1) begin
        has_done[in_q] = dc_reg[CW*in_q +: CW] != {CW{1'b0}} && f_hv[in_q];
    end
    nop_go = 3'd0;
    apply  = {NF{1'b0}};
    fmask  = {NF{1'b0}};
    fpick  = {NF{1'b0}};
    if (!h_add) begin
        if (nop_req[0]) begin
            nop_go = 3'b001;
        end else if (nop_req[1]) begin
            nop_go = 3'b010;
        end else if (nop_req[2]) begin
            nop_go = 3'b100;
        end else begin
            // first FIFO with completed entries at or after frr_reg
            fmask = has_done & ~(frr_reg - {{(NF-1){1'b0}}, 1'b1});
            fpick = (fmask != {NF{1'b0}}) ? (fmask & (~fmask + {{(NF-1){1'b0}}, 1'b1})) :
                                            (has_done & (~has_done + {{(NF-1){1'b0}}, 1'b1}));
            apply = fpick;
        end
    end
    frr_next = frr_reg;
    if (apply != {NF{1'b0}}) begin
        frr_next = {apply[NF-2:0], apply[NF-1]};
    end
    for (in_q = 0; in_q < NF; in_q = in_q + 1) begin
        dc_next[CW*in_q +: CW] = dc_reg[CW*in_q +: CW] + {{(CW-1){1'b0}}, f_done[in_q]} -
                                 {{(CW-1){1'b0}}, apply[in_q]};
    end
    // the entry applied (AND-OR over the FIFO heads)
    asig = 38'd0;
    a_rd = 64'd0;
    a_wr = 64'd0;
    for (in_q = 0; in_q < NQ; in_q = in_q + 1) begin
        asig = asig | ({38{apply[in_q]}} & dq_head[DW*in_q + DW - 1 -: 38]);
        a_rd = a_rd | ({64{apply[in_q]}} & dq_head[DW*in_q + 88 +: 64]);
        a_wr = a_wr | ({64{apply[in_q]}} & dq_head[DW*in_q + 24 +: 64]);
    end
    asig = asig | ({38{apply[NQ]}} & te_head[TW-1 -: 38]) | ({38{apply[NQ+1]}} & act_head[AW-1 -: 38]) |
           ({38{nop_go[0]}} & sig_of(insn0)) | ({38{nop_go[1]}} & sig_of(insn1)) |
           ({38{nop_go[2]}} & sig_of(insn2));
    ai_v   = h_add || asig[37];
    ai_idx = h_add ? h_idx : asig[36:32];
    ai_val = h_add ? h_val : asig[31:0];
end

// The applied increment leaves through registers: the pick, the FIFO heads'
// multiplexer and the semaphore adder would otherwise be one path (the
// whole core's longest on ECP5). It lands one cycle later; the status
// counts it as outstanding work until then (busy, idle below).
reg         inc_v_reg;
reg  [4:0]  inc_idx_reg;
reg  [31:0] inc_val_reg;
reg  [63:0] inc_macs_reg, inc_act_reg, inc_rd_reg, inc_wr_reg;
reg  [2:0]  inc_eng_reg;            // engine the increment came from (one-hot; none for the host)
always @(posedge clk) begin
    if (rst || srst) begin
        inc_v_reg   <= 1'b0;
        inc_eng_reg <= 3'd0;
    end else begin
        inc_v_reg   <= ai_v;
        inc_eng_reg <= {apply[NQ+1] || nop_go[2], apply[NQ] || nop_go[1],
                        (apply[NQ-1:0] != {NQ{1'b0}}) || nop_go[0]};
    end
    inc_idx_reg  <= ai_idx;
    inc_val_reg  <= ai_val;
end
// The counter increments: cleared by rst, which clears the counters in the
// same cycle (an entry the FIFOs still applied in the first cycle of a
// one-cycle reset landed in them afterwards: test_core_rtl
// hard_reset_anywhere). A soft reset keeps the counters, and the work of
// an entry applied in its cycle was done, so it still counts.
always @(posedge clk) begin
    if (rst) begin
        inc_macs_reg <= 64'd0;
        inc_act_reg  <= 64'd0;
        inc_rd_reg   <= 64'd0;
        inc_wr_reg   <= 64'd0;
    end else begin
        inc_macs_reg <= apply[NQ] ? {32'd0, te_head[31:0]} : 64'd0;
        inc_act_reg  <= apply[NQ+1] ? {24'd0, act_head[39:0]} : 64'd0;
        inc_rd_reg   <= a_rd;
        inc_wr_reg   <= a_wr;
    end
end

assign inc_valid = inc_v_reg;
assign inc_idx   = inc_idx_reg;
assign inc_val   = inc_val_reg;
assign inc_macs  = inc_macs_reg;
assign inc_act   = inc_act_reg;
assign inc_rd    = inc_rd_reg;
assign inc_wr    = inc_wr_reg;

// ---- DMA errors: the lowest queue not yet taken, once its earlier entries are applied --
reg  [NQ-1:0] dpick, derr_pend;
reg           derr;
reg  [7:0]    derr_code;
reg  [63:0]   derr_addr;
reg  [3:0]    derr_q;
reg  [15:0]   derr_idx;
reg  [7:0]    derr_seq;
always @* begin
    derr_pend = dma_err_valid & ~seen_reg;
    dpick     = {NQ{1'b0}};
    for (de_q = NQ - 1; de_q >= 0; de_q = de_q - 1) begin
        if (derr_pend[de_q] && (dc_reg[CW*de_q +: CW] == {CW{1'b0}}) && dq_hv[de_q]) begin
            dpick       = {NQ{1'b0}};
            dpick[de_q] = 1'b1;
        end
    end
    derr      = dpick != {NQ{1'b0}};
    derr_code = 8'd0;
    derr_addr = 64'd0;
    derr_q    = 4'd0;
    derr_idx  = 16'd0;
    derr_seq  = 8'd0;
    for (de_q = 0; de_q < NQ; de_q = de_q + 1) begin
        derr_code = derr_code | ({8{dpick[de_q]}} & (`TL_ISA_ERR_DMA + {4'd0, dma_err_code[4*de_q +: 4]}));
        derr_addr = derr_addr | ({64{dpick[de_q]}} & dma_err_addr[64*de_q +: 64]);
        derr_q    = derr_q | ({4{dpick[de_q]}} & de_q[3:0]);
        derr_idx  = derr_idx | ({16{dpick[de_q]}} & dq_head[DW*de_q + 8 +: 16]);
        derr_seq  = derr_seq | ({8{dpick[de_q]}} & dq_head[DW*de_q +: 8]);
    end
    dq_clear = dpick;
end

// the faulting DMA instruction was dispatched before the one that stopped the ring
wire [7:0] sdiff      = sseq_reg - derr_seq;
wire       derr_older = (sdiff != 8'd0) && !sdiff[7];

// state after dropping an engine's instruction: a fetch still in flight
// (not done this cycle) is waited for and ignored
function [2:0] drop_to;
    input [2:0] st;
    input       done_now;
    begin
        drop_to = (((st == S_FETCH) || (st == S_FDROP)) && !done_now) ? S_FDROP : S_IDLE;
    end
endfunction

// ---- state ---------------------------------------------------------------------------
reg        chk_w;
reg [2:0]  cerr;           // a failing check, per engine
reg [2:0]  wd_stop;        // engines the watchdog stops
reg        quiet, wd_fire;
reg [2:0]  rec_e;          // engine of the error recorded this cycle (one-hot), if any
reg [7:0]  rec_code;
reg [3:0]  rec_q;
reg [63:0] rec_addr;
reg [15:0] rec_idx;
reg [63:0] rec_base;
reg        rec;
reg [2:0]  busy_w;
reg        idle_w;
reg [15:0] hd, nx;
reg [2:0]  sv;

always @* begin
    st_next    = st_reg;
    head_next  = head_reg;
    stop_next  = stop_reg;
    ecode_next = ecode_reg;
    eeng_next  = eeng_reg;
    equeue_next = equeue_reg;
    epc_next   = epc_reg;
    eaddr_next = eaddr_reg;
    wd_next    = wd_reg;
    seen_next  = seen_reg;
    dseq_next  = dseq_reg;
    sseq_next  = sseq_reg;
    wl_next    = wl_reg;
    wf_next    = wf_reg;
    wk_next    = wk_reg;
    wm_next    = wm_reg;
    chk_w      = 1'b0;
    cerr       = 3'd0;

    // watchdog: an engine waits on a semaphore and nothing else happens
    quiet = run && !sr_req && (wt_sem != 3'd0) && !host_sem && !f_busy && dma_idle &&
            (derr_pend == {NQ{1'b0}}) &&
            !te_ne && !act_ne && (dq_ne == {NQ{1'b0}});
    for (e = 0; e < 3; e = e + 1) begin
        sv = st_reg[3*e +: 3];
        if ((sv != S_IDLE) && !((sv == S_WAIT) && !sem_ok[e])) begin
            quiet = 1'b0;
        end
        if ((sv == S_IDLE) && run && !stop_reg[e] && (head_reg[16*e +: 16] != q_tail[16*e +: 16])) begin
            quiet = 1'b0;
        end
    end
    wd_fire = 1'b0;
    if (quiet) begin
        wd_next = wd_reg + 32'd1;
        if ((watchdog != 32'd0) && (wd_reg + 32'd1 >= watchdog)) begin
            wd_fire = 1'b1;
            wd_next = 32'd0;
        end
    end else begin
        wd_next = 32'd0;
    end
    wd_stop = wd_fire ? wt_sem : 3'd0;

    for (e = 0; e < 3; e = e + 1) begin
        sv = st_reg[3*e +: 3];
        hd = head_reg[16*e +: 16];
        nx = (hd + 16'd1) & (q_size[17*e +: 16] - 16'd1);
        case (sv)
            S_IDLE: begin
                if (run && !sr_req && !stop_reg[e] && (hd != q_tail[16*e +: 16])) begin
                    st_next[3*e +: 3] = S_FREQ;
                end
            end
            S_FREQ: begin
                if (f_pick[e]) begin
                    st_next[3*e +: 3] = S_FETCH;
                end
            end
            S_FETCH: begin
                if (fdone_valid && fdone_eng[e]) begin
                    st_next[3*e +: 3] = S_CHECK;
                    chk_w = 1'b1;
                end
            end
            S_FDROP: begin
                if (fdone_valid && fdone_eng[e]) begin
                    st_next[3*e +: 3] = S_IDLE;
                end
            end
            S_CHECK: begin
                if (c_valid && c_eng[e]) begin
                    if (c_code != 8'd0) begin
                        cerr[e] = 1'b1;
                        st_next[3*e +: 3] = S_IDLE;
                    end else begin
                        st_next[3*e +: 3] = S_WAIT;
                    end
                end
            end
            S_WAIT: begin
                if (run && !sr_req && sem_ok[e] && room[e]) begin
                    if (is_nop[e]) begin
                        if (nop_go[e]) begin   // the applier takes its signal now
                            head_next[16*e +: 16] = nx;
                            st_next[3*e +: 3] = S_IDLE;
                        end
                    end else begin
                        st_next[3*e +: 3] = S_DISP;
                    end
                end
            end
            S_DISP: begin
                if ((e == 0) ? dma_desc_ready : (e == 1) ? te_insn_ready : act_insn_ready) begin
                    head_next[16*e +: 16] = nx;
                    st_next[3*e +: 3] = S_IDLE;
                end
            end
            default: st_next[3*e +: 3] = S_IDLE;
        endcase
    end
    if (nop_go[0] || dma_push) begin
        dseq_next = dseq_reg + 8'd1;
    end
    // the W tile of the last dispatched loading MATMUL
    if (te_push && insn1[`TL_ISA_MATMUL_LOAD_BIT]) begin
        wl_next = 1'b1;
        wf_next = insn1[`TL_ISA_MATMUL_FMT_W_BIT +: 3];
        wk_next = insn1[`TL_ISA_MATMUL_K_BIT +: 8];
        wm_next = insn1[`TL_ISA_MATMUL_M_BIT +: 8];
    end

    // errors: stop the engines; the record takes the first (check, DMA, watchdog)
    for (e = 0; e < 3; e = e + 1) begin
        if (cerr[e] || wd_stop[e]) begin
            stop_next[e] = 1'b1;
            st_next[3*e +: 3] = S_IDLE;
            if (e == 0) begin
                sseq_next = dseq_reg;
            end
        end
    end
    if (derr) begin
        stop_next[0] = 1'b1;
        st_next[2:0] = drop_to(st_reg[2:0], fdone_valid && fdone_eng[0]);
        seen_next = seen_reg | dpick;
        // HEAD back to the faulting instruction unless an older one stopped the ring
        if (!stop_reg[0] || derr_older) begin
            head_next[15:0] = derr_idx;
            sseq_next = derr_seq;
        end
    end

    rec      = 1'b0;
    rec_e    = 3'd0;
    rec_code = 8'd0;
    rec_q    = 4'd0;
    rec_addr = 64'd0;
    rec_idx  = 16'd0;
    if (cerr != 3'd0) begin
        rec      = 1'b1;
        rec_e    = cerr;
        rec_code = c_code;
        rec_q    = c_queue;
    end else if (derr) begin
        rec      = 1'b1;
        rec_e    = 3'b001;
        rec_code = derr_code;
        rec_q    = derr_q;
        rec_addr = derr_addr;
    end else if (wd_stop != 3'd0) begin
        rec      = 1'b1;
        rec_e    = wd_stop[0] ? 3'b001 : wd_stop[1] ? 3'b010 : 3'b100;
        rec_code = `TL_ISA_ERR_WAIT_TIMEOUT;
    end
    rec_base = 64'd0;
    for (e = 0; e < 3; e = e + 1) begin
        if (rec_e[e]) begin
            rec_base = q_base[64*e +: 64];
            rec_idx  = head_reg[16*e +: 16];
        end
    end
    if (derr && (cerr == 3'd0)) begin
        rec_idx = derr_idx;
    end
    if (err_clear) begin
        ecode_next  = 8'd0;
        eeng_next   = 2'd0;
        equeue_next = 4'd0;
        epc_next    = 64'd0;
        eaddr_next  = 64'd0;
    end
    if (rec && (ecode_next == 8'd0)) begin
        ecode_next  = rec_code;
        eeng_next   = rec_e[2] ? 2'd2 : rec_e[1] ? 2'd1 : 2'd0;
        equeue_next = rec_q;
        epc_next    = rec_base + {41'd0, rec_idx, 7'd0};
        eaddr_next  = rec_addr;
    end

    // Qe_CTRL.RESET: HEAD = 0, drop the fetched instruction, restart
    for (e = 0; e < 3; e = e + 1) begin
        if (q_reset[e]) begin
            head_next[16*e +: 16] = 16'd0;
            stop_next[e] = 1'b0;
            sv = st_reg[3*e +: 3];
            st_next[3*e +: 3] = drop_to(sv, fdone_valid && fdone_eng[e]);
        end
    end
    if (err_clear || q_reset[0]) begin
        seen_next = {NQ{1'b0}};
    end

    // status
    idle_w = !f_busy && !te_ne && !act_ne && (dq_ne == {NQ{1'b0}}) && (inc_eng_reg == 3'd0);
    for (e = 0; e < 3; e = e + 1) begin
        busy_w[e] = st_reg[3*e +: 3] != S_IDLE;
        if (st_reg[3*e +: 3] != S_IDLE || head_reg[16*e +: 16] != q_tail[16*e +: 16]) begin
            idle_w = 1'b0;
        end
    end
    busy_w[0] = busy_w[0] || (dq_ne != {NQ{1'b0}}) || inc_eng_reg[0];
    busy_w[1] = busy_w[1] || te_ne || inc_eng_reg[1];
    busy_w[2] = busy_w[2] || act_ne || inc_eng_reg[2];
end

always @(posedge clk) begin
    if (rst || srst) begin
        st_reg     <= {3{S_IDLE}};
        head_reg   <= {3*16{1'b0}};
        stop_reg   <= 3'd0;
        ecode_reg  <= 8'd0;
        eeng_reg   <= 2'd0;
        equeue_reg <= 4'd0;
        epc_reg    <= 64'd0;
        eaddr_reg  <= 64'd0;
        wd_reg     <= 32'd0;
        seen_reg   <= {NQ{1'b0}};
        dseq_reg   <= 8'd0;
        sseq_reg   <= 8'd0;
        wl_reg     <= 1'b0;
        dc_reg     <= {CW*NF{1'b0}};
        frr_reg    <= {{(NF-1){1'b0}}, 1'b1};
    end else begin
        st_reg     <= st_next;
        head_reg   <= head_next;
        stop_reg   <= stop_next;
        ecode_reg  <= ecode_next;
        eeng_reg   <= eeng_next;
        equeue_reg <= equeue_next;
        epc_reg    <= epc_next;
        eaddr_reg  <= eaddr_next;
        wd_reg     <= wd_next;
        seen_reg   <= seen_next;
        dseq_reg   <= dseq_next;
        sseq_reg   <= sseq_next;
        wl_reg     <= wl_next;
        dc_reg     <= dc_next;
        frr_reg    <= frr_next;
    end
end

always @(posedge clk) begin
    wf_reg <= wf_next;
    wk_reg <= wk_next;
    wm_reg <= wm_next;
    for (st_e = 0; st_e < 3; st_e = st_e + 1) begin
        if (c_valid && c_eng[st_e]) begin
            if (st_e == 0) begin
                st_rd_reg <= c_rd;
                st_wr_reg <= c_wr;
            end else if (st_e == 1) begin
                st_macs_reg <= c_macs;
            end else begin
                st_elems_reg <= c_elems;
            end
        end
    end
end

// the soft reset ends when fetch and the DMA have drained
assign sr_done   = sr_req && !f_busy && dma_idle;
assign dma_abort = sr_req;
assign f_hold    = sr_req;
assign chk_valid = chk_w;

genvar ge;
generate
    for (ge = 0; ge < 3; ge = ge + 1) begin : freq
        assign f_req[ge] = st_reg[3*ge +: 3] == S_FREQ;
    end
endgenerate

assign dma_desc_valid = st_reg[2:0] == S_DISP;
assign dma_desc_queue = dq;
assign dma_desc_data  = insn0[`TL_ISA_DMA_DESC_BIT +: 640];
assign te_insn_valid  = st_reg[5:3] == S_DISP;
assign te_insn        = insn1;
assign act_insn_valid = st_reg[8:6] == S_DISP;
assign act_insn       = insn2;
assign dma_err_clear  = {NQ{err_clear || q_reset[0]}};

assign q_head     = head_reg;
assign st_busy    = busy_w;
assign st_waiting = wt_sem;
assign st_nop     = nop_go;
assign st_idle    = idle_w;
assign err_code   = ecode_reg;
assign err_engine = eeng_reg;
assign err_queue  = equeue_reg;
assign stopped    = stop_reg;
assign err_pc     = epc_reg;
assign err_addr   = eaddr_reg;
assign err_event  = rec;
assign w_loaded   = wl_reg;
assign w_fmt      = wf_reg;
assign w_k        = wk_reg;
assign w_m        = wm_reg;

`ifndef SYNTHESIS
// the engines' side of the contract: a done for every dispatched instruction, no more
always @(posedge clk) begin
    if (!rst && !srst) begin
        if (te_done && !te_ne) begin
            $error("core_cmd: te_done with no TE instruction outstanding (instance %m)");
        end
        if (act_done && !act_ne) begin
            $error("core_cmd: act_done with no ACT instruction outstanding (instance %m)");
        end
        if ((dma_done_pulse & ~dq_ne) != {NQ{1'b0}}) begin
            $error("core_cmd: dma_done_pulse for a queue with nothing outstanding (instance %m)");
        end
    end
end
`endif

endmodule

`resetall
