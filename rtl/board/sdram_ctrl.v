`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * sdram_ctrl: the ULX3S's single-data-rate SDRAM (x16, 4 banks) behind an
 * AXI4 slave (docs/board.md section 6).
 *
 * 2^SIZE_LOG2 bytes at BASE, SIZE_LOG2 = ROW_BITS + COL_BITS + 3 (4 banks
 * of 16-bit words; 32 MiB with the defaults). A byte offset maps to
 * {row, bank, column, byte}: consecutive AXI beats walk one row's columns,
 * then the next bank. INCR bursts of up to 256 full-width beats; WSTRB
 * honoured per byte (the SDRAM's DQM); the beat address is the burst
 * address aligned down, as in axi_bram. A burst that starts or ends
 * outside the memory is answered DECERR on every beat (reads: data 0) and
 * writes nothing; a burst type other than INCR or a size other than the
 * full width, SLVERR, likewise. A write burst ends after AWLEN + 1 W beats.
 *
 * One AXI beat is one SDRAM burst of BL = DATA_WIDTH/16 words (mode
 * register: BL, sequential, CAS_LATENCY). One AXI burst at a time, reads
 * and writes taken round robin: ACTIVATE, column commands every BL cycles
 * (the bus's full rate: one beat per BL cycles), PRECHARGE (all banks) at
 * the end of the burst or of the row (then ACTIVATE of the next). A
 * refresh is due every T_REFI_NS less REF_SLACK cycles; a burst in flight
 * closes its row for it and reopens it. Power-up: INIT_NS of NOPs,
 * PRECHARGE ALL, INIT_REFRESHES auto refreshes, LOAD MODE REGISTER.
 *
 * The datasheet minimums (ns) are parameters, rounded up to cycles of
 * CLK_MHZ; the defaults are the AS4C32M16SB -7 grade's (table 16 of its
 * datasheet). Command pins, DQ out, DQ output enable and DQM are
 * registered; the command register holds the command XOR NOP, so that
 * the FPGA's all-zero power-up state drives NOPs before the first reset.
 * The SDRAM is clocked with clk inverted (the board top's ODDRX1F), so it
 * samples commands and write data in the middle of their cycle; read data
 * is taken from dq_in CAS_LATENCY + RD_EXTRA cycles after the READ
 * command left its register (RD_EXTRA: registers the board puts on the
 * way in).
 *
 * AXI: AW, AR and W are each held in a one-entry register (their READYs
 * are flops); B from a register; R from a 4-entry FIFO, and a READ is
 * issued only when its beat has a place there, so RREADY low never loses
 * data. Latency: the first R beat about 3 + tRCD + CAS_LATENCY + BL cycles
 * after AR, more behind a refresh or a write.
 */
module sdram_ctrl #(
    parameter DATA_WIDTH     = 64,            // AXI data bits: 32, 64 or 128 (BL 2, 4, 8)
    parameter ADDR_WIDTH     = 32,            // AXI address bits
    parameter ID_WIDTH       = 4,             // AXI ID bits
    parameter BASE           = 32'h8000_0000, // first byte address (aligned to the size)
    parameter ROW_BITS       = 13,            // SDRAM row address bits (8192 rows)
    parameter COL_BITS       = 9,             // SDRAM column address bits (512 words: 32 MiB)
    parameter CLK_MHZ        = 50,            // clock of controller and SDRAM, MHz
    parameter CAS_LATENCY    = 2,             // 2 (tCK >= 10 ns) or 3 (tCK >= 7 ns)
    parameter RD_EXTRA       = 0,             // register stages on the read data path outside
    parameter T_RC_NS        = 63,            // ACTIVATE to ACTIVATE, one bank
    parameter T_RFC_NS       = 63,            // REFRESH to any command
    parameter T_RCD_NS       = 21,            // ACTIVATE to READ/WRITE
    parameter T_RP_NS        = 21,            // PRECHARGE to ACTIVATE/REFRESH
    parameter T_RAS_NS       = 42,            // ACTIVATE to PRECHARGE
    parameter T_WR_NS        = 14,            // last write data to PRECHARGE
    parameter T_MRD_NS       = 14,            // LOAD MODE to any command
    parameter T_REFI_NS      = 7800,          // longest refresh interval (8192 per 64 ms)
    parameter INIT_NS        = 200000,        // NOPs after power-up
    parameter INIT_REFRESHES = 8              // auto refreshes during power-up
) (
    input  wire                    clk,
    input  wire                    rst,
    // AXI4 slave
    input  wire [ID_WIDTH-1:0]     s_axi_awid,
    input  wire [ADDR_WIDTH-1:0]   s_axi_awaddr,
    input  wire [7:0]              s_axi_awlen,
    input  wire [2:0]              s_axi_awsize,
    input  wire [1:0]              s_axi_awburst,
    input  wire                    s_axi_awvalid,
    output wire                    s_axi_awready,
    input  wire [DATA_WIDTH-1:0]   s_axi_wdata,
    input  wire [DATA_WIDTH/8-1:0] s_axi_wstrb,
    /* verilator lint_off UNUSED */
    input  wire                    s_axi_wlast,     // a write burst ends after AWLEN + 1 beats
    /* verilator lint_on UNUSED */
    input  wire                    s_axi_wvalid,
    output wire                    s_axi_wready,
    output wire [ID_WIDTH-1:0]     s_axi_bid,
    output wire [1:0]              s_axi_bresp,
    output wire                    s_axi_bvalid,
    input  wire                    s_axi_bready,
    input  wire [ID_WIDTH-1:0]     s_axi_arid,
    input  wire [ADDR_WIDTH-1:0]   s_axi_araddr,
    input  wire [7:0]              s_axi_arlen,
    input  wire [2:0]              s_axi_arsize,
    input  wire [1:0]              s_axi_arburst,
    input  wire                    s_axi_arvalid,
    output wire                    s_axi_arready,
    output wire [ID_WIDTH-1:0]     s_axi_rid,
    output wire [DATA_WIDTH-1:0]   s_axi_rdata,
    output wire [1:0]              s_axi_rresp,
    output wire                    s_axi_rlast,
    output wire                    s_axi_rvalid,
    input  wire                    s_axi_rready,
    // SDRAM pins (the board top adds the DQ tristate and the clock output)
    output wire                    sdram_cke,
    output wire                    sdram_cs_n,
    output wire                    sdram_ras_n,
    output wire                    sdram_cas_n,
    output wire                    sdram_we_n,
    output wire [1:0]              sdram_ba,
    output wire [12:0]             sdram_a,
    output wire [1:0]              sdram_dqm,
    output wire [15:0]             sdram_dq_out,
    output wire                    sdram_dq_oe,
    input  wire [15:0]             sdram_dq_in
);
localparam integer STRB      = DATA_WIDTH / 8;
localparam integer WBL       = $clog2(STRB);              // log2 bytes per AXI beat
localparam integer BL        = DATA_WIDTH / 16;           // SDRAM words per AXI beat
localparam integer BLL       = $clog2(BL);
localparam integer SIZE_LOG2 = ROW_BITS + COL_BITS + 3;   // 4 banks x 2 bytes
localparam integer BW        = SIZE_LOG2 - WBL;           // beat index bits
localparam integer CB        = COL_BITS - BLL;            // beat-in-row bits
localparam [ADDR_WIDTH-1:0] BASE_A = BASE;

// Datasheet minimums in cycles (rounded up; at least 1).
function integer cyc(input integer ns);
    begin
        cyc = (ns * CLK_MHZ + 999) / 1000;
        if (cyc < 1)
            cyc = 1;
    end
endfunction
localparam [31:0] C_RC   = cyc(T_RC_NS);
localparam [31:0] C_RFC  = cyc(T_RFC_NS);
localparam [31:0] C_RCD  = cyc(T_RCD_NS);
localparam [31:0] C_RP   = cyc(T_RP_NS);
localparam [31:0] C_RAS  = cyc(T_RAS_NS);
localparam [31:0] C_WR   = cyc(T_WR_NS);
localparam [31:0] C_MRD  = cyc(T_MRD_NS) < 2 ? 2 : cyc(T_MRD_NS);
localparam [31:0] C_INIT = cyc(INIT_NS);
// A due refresh waits at most for the column command in flight, tRAS of
// a fresh row, write recovery and tRP: REF_SLACK cycles early covers it.
localparam integer REF_SLACK = 2 * BL + C_RAS + C_WR + C_RP + C_RCD + 8;
localparam [31:0]  C_REF  = (T_REFI_NS * CLK_MHZ) / 1000 - REF_SLACK;
// Read data: the SDRAM's clock is ours inverted, so it takes READ half a
// cycle after our command register and drives the first word for its edge
// CAS_LATENCY later, which is valid at our edge half a cycle before that
// one: CAS_LATENCY of our cycles after the register (+ RD_EXTRA); the
// words of a beat on consecutive cycles.
localparam integer RD_LAT  = CAS_LATENCY + RD_EXTRA;
localparam integer RD_PIPE = RD_LAT + BL - 1;           // the last word arrives at the end
localparam integer GAPW    = 16;                           // covers C_INIT at up to 300 MHz
localparam [2:0]   RQ_DEPTH = 3'd4;
localparam [31:0]  BL32 = BL, IREF32 = INIT_REFRESHES;
// Command spacing minus one: the next column command (or a PRECHARGE
// after a read) BL cycles on; a PRECHARGE after a write's last word + tWR.
localparam [31:0]  GAP_COL = BL - 1, GAP_WPRE = BL - 2 + C_WR;

localparam [1:0] OKAY = 2'b00, SLVERR = 2'b10, DECERR = 2'b11;
localparam [1:0] BURST_INCR = 2'b01;
localparam [31:0] WBL32 = WBL;
localparam [2:0]  FULL_SIZE = WBL32[2:0];
// {cs_n, ras_n, cas_n, we_n}
localparam [3:0] CMD_NOP = 4'b0111, CMD_ACT = 4'b0011, CMD_READ = 4'b0101, CMD_WRITE = 4'b0100,
                 CMD_PRE = 4'b0010, CMD_REF = 4'b0001, CMD_MRS = 4'b0000;
localparam [31:0] CL32 = CAS_LATENCY, BLL32 = BLL;
// mode register: burst length 2^BLL, sequential, CAS latency, burst writes
localparam [12:0] MODE = {6'd0, CL32[2:0], 1'b0, BLL32[2:0]};

localparam [3:0] S_INIT = 4'd0, S_IREF = 4'd1, S_IMRS = 4'd2, S_IDLE = 4'd3, S_ACT = 4'd4,
                 S_RW = 4'd5, S_PRE = 4'd6, S_REF = 4'd7, S_ERR = 4'd8;

`ifndef SYNTHESIS
initial begin
    if (DATA_WIDTH != 32 && DATA_WIDTH != 64 && DATA_WIDTH != 128)
        $error("sdram_ctrl: DATA_WIDTH must be 32, 64 or 128 (instance %m)");
    if (COL_BITS < 8 || COL_BITS > 10 || ROW_BITS < 11 || ROW_BITS > 13)
        $error("sdram_ctrl: COL_BITS must be 8..10 and ROW_BITS 11..13 (instance %m)");
    if (SIZE_LOG2 >= ADDR_WIDTH || (BASE_A & ((1 << SIZE_LOG2) - 1)) != 0)
        $error("sdram_ctrl: the memory must fit ADDR_WIDTH and BASE be aligned to its size (instance %m)");
    if (!(CAS_LATENCY == 2 && CLK_MHZ <= 100) && !(CAS_LATENCY == 3 && CLK_MHZ <= 143))
        $error("sdram_ctrl: CAS latency 2 needs CLK_MHZ <= 100, 3 needs <= 143 (instance %m)");
    if (C_REF < 64 || C_INIT >= (1 << GAPW))
        $error("sdram_ctrl: CLK_MHZ out of range for the refresh interval or power-up wait (instance %m)");
end
`endif
generate
    if (DATA_WIDTH != 32 && DATA_WIDTH != 64 && DATA_WIDTH != 128) begin : bad_width
        sdram_ctrl_bad_parameter_DATA_WIDTH bad ();
    end
    if (COL_BITS < 8 || COL_BITS > 10 || ROW_BITS < 11 || ROW_BITS > 13 || SIZE_LOG2 >= ADDR_WIDTH) begin : bad_geometry
        sdram_ctrl_bad_parameter_ROW_COL_BITS bad ();
    end
    if (!(CAS_LATENCY == 2 && CLK_MHZ <= 100) && !(CAS_LATENCY == 3 && CLK_MHZ <= 143)) begin : bad_cl
        sdram_ctrl_bad_parameter_CAS_LATENCY bad ();
    end
    if (C_REF < 64 || C_INIT >= (1 << GAPW)) begin : bad_clk
        sdram_ctrl_bad_parameter_CLK_MHZ bad ();
    end
endgenerate

// The response a burst [addr, addr + (len+1) beats) gets.
function [1:0] burst_resp(input [ADDR_WIDTH-1:0] addr, input [7:0] len, input [2:0] size, input [1:0] burst);
    reg [ADDR_WIDTH:0] last;
    begin
        last = {1'b0, addr} + ({{(ADDR_WIDTH-7){1'b0}}, len} << WBL);
        if (burst != BURST_INCR || size != FULL_SIZE)
            burst_resp = SLVERR;
        else if (addr[ADDR_WIDTH-1:SIZE_LOG2] != BASE_A[ADDR_WIDTH-1:SIZE_LOG2] || last[ADDR_WIDTH]
                 || last[ADDR_WIDTH-1:SIZE_LOG2] != BASE_A[ADDR_WIDTH-1:SIZE_LOG2])
            burst_resp = DECERR;
        else
            burst_resp = OKAY;
    end
endfunction

// ---- AXI request registers (one entry each; READY = empty) -------------
reg                  aw_full_reg, aw_full_next;
reg [ID_WIDTH-1:0]   aw_id_reg, aw_id_next;
reg [BW-1:0]         aw_beat_reg, aw_beat_next;
reg [7:0]            aw_len_reg, aw_len_next;
reg [1:0]            aw_resp_reg, aw_resp_next;
reg                  ar_full_reg, ar_full_next;
reg [ID_WIDTH-1:0]   ar_id_reg, ar_id_next;
reg [BW-1:0]         ar_beat_reg, ar_beat_next;
reg [7:0]            ar_len_reg, ar_len_next;
reg [1:0]            ar_resp_reg, ar_resp_next;
reg                  w_full_reg, w_full_next;
reg [DATA_WIDTH-1:0] w_data_reg, w_data_next;
reg [STRB-1:0]       w_strb_reg, w_strb_next;
reg                  b_valid_reg, b_valid_next;
reg [ID_WIDTH-1:0]   b_id_reg, b_id_next;
reg [1:0]            b_resp_reg, b_resp_next;

assign s_axi_awready = !aw_full_reg;
assign s_axi_arready = !ar_full_reg;
assign s_axi_wready  = !w_full_reg;
assign s_axi_bvalid  = b_valid_reg;
assign s_axi_bid     = b_id_reg;
assign s_axi_bresp   = b_resp_reg;

// ---- R FIFO ------------------------------------------------------------
reg [DATA_WIDTH-1:0] rq_data_reg [0:RQ_DEPTH-1];
reg [ID_WIDTH-1:0]   rq_id_reg [0:RQ_DEPTH-1];
reg [1:0]            rq_resp_reg [0:RQ_DEPTH-1];
reg [RQ_DEPTH-1:0]   rq_last_reg;
reg [1:0]            rq_head_reg, rq_head_next, rq_tail_reg, rq_tail_next;
reg [2:0]            rq_count_reg, rq_count_next;
reg [2:0]            rq_owed_reg, rq_owed_next;   // entries + READs in flight
reg                  rq_push;
reg [DATA_WIDTH-1:0] rq_push_data;
reg [ID_WIDTH-1:0]   rq_push_id;
reg [1:0]            rq_push_resp;
reg                  rq_push_last;
wire                 rq_pop = s_axi_rvalid && s_axi_rready;

assign s_axi_rvalid = rq_count_reg != 3'd0;
assign s_axi_rdata  = rq_data_reg[rq_head_reg];
assign s_axi_rid    = rq_id_reg[rq_head_reg];
assign s_axi_rresp  = rq_resp_reg[rq_head_reg];
assign s_axi_rlast  = rq_last_reg[rq_head_reg];

// ---- the command sequencer ----------------------------------------------
reg [3:0]          state_reg, state_next;
reg [3:0]          ret_reg, ret_next;          // where S_REF / S_PRE go on
reg [GAPW-1:0]     gap_reg, gap_next;          // cycles before the next command
reg [7:0]          rc_reg, rc_next;            // cycles before the next ACTIVATE (tRC)
reg [7:0]          ras_reg, ras_next;          // cycles before PRECHARGE (tRAS)
reg [7:0]          twr_reg, twr_next;          // cycles before PRECHARGE (write recovery)
reg [15:0]         refc_reg, refc_next;        // cycles to the next refresh
reg                ref_due_reg, ref_due_next;
reg [3:0]          iref_reg, iref_next;        // power-up refreshes left
reg                wr_reg, wr_next;            // burst in progress is a write
reg                prio_w_reg, prio_w_next;    // round robin: writes first next time
reg [ID_WIDTH-1:0] id_reg, id_next;
reg [BW-1:0]       beat_reg, beat_next;
reg [7:0]          left_reg, left_next;        // beats left after the current one
reg [1:0]          resp_reg, resp_next;        // the error response (S_ERR)

reg [3:0]          cmd_next;
reg [3:0]          cmdx_reg;                   // cmd ^ NOP: zeroed flops (ECP5 power-up) are a NOP
reg [1:0]          ba_reg, ba_next;
reg [12:0]         a_reg, a_next;
reg [1:0]          dqm_reg, dqm_next;
reg [15:0]         dq_reg, dq_next;
reg                dq_oe_reg, dq_oe_next;
reg [DATA_WIDTH-1:0] wsh_reg, wsh_next;        // the rest of the beat being written
reg [2*BL-1:0]     msh_reg, msh_next;          // and its byte masks
reg [3:0]          wcnt_reg, wcnt_next;        // write data cycles left

// Read pipeline: one entry per cycle since the READ left its register.
reg [RD_PIPE-1:0]  rdp_reg;
reg [RD_PIPE*ID_WIDTH-1:0] rdp_id_reg;     // stage i at [i*ID_WIDTH +: ID_WIDTH]
reg [RD_PIPE-1:0]  rdp_last_reg;
reg [DATA_WIDTH-1:0] rasm_reg;                 // the beat being assembled
reg                rd_issue;

assign sdram_cke    = 1'b1;
assign sdram_cs_n   = cmdx_reg[3] ^ CMD_NOP[3];
assign sdram_ras_n  = cmdx_reg[2] ^ CMD_NOP[2];
assign sdram_cas_n  = cmdx_reg[1] ^ CMD_NOP[1];
assign sdram_we_n   = cmdx_reg[0] ^ CMD_NOP[0];
assign sdram_ba     = ba_reg;
assign sdram_a      = a_reg;
assign sdram_dqm    = dqm_reg;
assign sdram_dq_out = dq_reg;
assign sdram_dq_oe  = dq_oe_reg;

wire [1:0]  beat_bank = beat_reg[CB+1:CB];
wire [12:0] beat_row  = {{(13-ROW_BITS){1'b0}}, beat_reg[BW-1:CB+2]};
wire [12:0] beat_col  = {{(13-COL_BITS){1'b0}}, beat_reg[CB-1:0], {BLL{1'b0}}};
wire        row_end   = &beat_reg[CB-1:0];
wire        rd_busy   = |rdp_reg;
wire        aw_go     = aw_full_reg && !b_valid_reg;
wire        ar_go     = ar_full_reg;
wire        pick_w    = aw_go && (prio_w_reg || !ar_go);  // round robin: the write goes next

integer i;

always @* begin
    aw_full_next = aw_full_reg;
    aw_id_next   = aw_id_reg;
    aw_beat_next = aw_beat_reg;
    aw_len_next  = aw_len_reg;
    aw_resp_next = aw_resp_reg;
    ar_full_next = ar_full_reg;
    ar_id_next   = ar_id_reg;
    ar_beat_next = ar_beat_reg;
    ar_len_next  = ar_len_reg;
    ar_resp_next = ar_resp_reg;
    w_full_next  = w_full_reg;
    w_data_next  = w_data_reg;
    w_strb_next  = w_strb_reg;
    b_valid_next = b_valid_reg;
    b_id_next    = b_id_reg;
    b_resp_next  = b_resp_reg;
    state_next   = state_reg;
    ret_next     = ret_reg;
    gap_next     = gap_reg == {GAPW{1'b0}} ? gap_reg : gap_reg - 1'b1;
    rc_next      = rc_reg == 8'd0 ? rc_reg : rc_reg - 1'b1;
    ras_next     = ras_reg == 8'd0 ? ras_reg : ras_reg - 1'b1;
    twr_next     = twr_reg == 8'd0 ? twr_reg : twr_reg - 1'b1;
    refc_next    = refc_reg - 1'b1;
    ref_due_next = ref_due_reg;
    iref_next    = iref_reg;
    wr_next      = wr_reg;
    prio_w_next  = prio_w_reg;
    id_next      = id_reg;
    beat_next    = beat_reg;
    left_next    = left_reg;
    resp_next    = resp_reg;
    cmd_next     = CMD_NOP;
    ba_next      = ba_reg;
    a_next       = a_reg;
    dqm_next     = 2'b00;
    dq_next      = dq_reg;
    dq_oe_next   = 1'b0;
    wsh_next     = wsh_reg;
    msh_next     = msh_reg;
    wcnt_next    = wcnt_reg;
    rd_issue     = 1'b0;
    rq_push      = 1'b0;
    rq_push_data = rasm_reg;
    rq_push_id   = rdp_id_reg[RD_PIPE*ID_WIDTH-1 -: ID_WIDTH];
    rq_push_resp = OKAY;
    rq_push_last = rdp_last_reg[RD_PIPE-1];

    if (refc_reg == 16'd0) begin
        refc_next    = C_REF[15:0];
        ref_due_next = 1'b1;
    end

    // AXI requests in
    if (s_axi_awvalid && !aw_full_reg) begin
        aw_full_next = 1'b1;
        aw_id_next   = s_axi_awid;
        aw_beat_next = s_axi_awaddr[SIZE_LOG2-1:WBL];
        aw_len_next  = s_axi_awlen;
        aw_resp_next = burst_resp(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst);
    end
    if (s_axi_arvalid && !ar_full_reg) begin
        ar_full_next = 1'b1;
        ar_id_next   = s_axi_arid;
        ar_beat_next = s_axi_araddr[SIZE_LOG2-1:WBL];
        ar_len_next  = s_axi_arlen;
        ar_resp_next = burst_resp(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst);
    end
    if (s_axi_wvalid && !w_full_reg) begin
        w_full_next = 1'b1;
        w_data_next = s_axi_wdata;
        w_strb_next = s_axi_wstrb;
    end
    if (b_valid_reg && s_axi_bready)
        b_valid_next = 1'b0;

    // the words after the first of a write beat
    if (wcnt_reg != 4'd0) begin
        wcnt_next  = wcnt_reg - 1'b1;
        dq_next    = wsh_reg[15:0];
        dqm_next   = ~msh_reg[1:0];
        dq_oe_next = 1'b1;
        wsh_next   = wsh_reg >> 16;
        msh_next   = msh_reg >> 2;
    end

    case (state_reg)
        S_INIT: if (gap_reg == {GAPW{1'b0}}) begin
            cmd_next    = CMD_PRE;
            a_next      = 13'h0400;               // A10: all banks
            gap_next    = C_RP[GAPW-1:0] - 1'b1;
            iref_next   = IREF32[3:0];
            state_next  = S_IREF;
        end
        S_IREF: if (gap_reg == {GAPW{1'b0}}) begin
            cmd_next   = CMD_REF;
            gap_next   = C_RFC[GAPW-1:0] - 1'b1;
            iref_next  = iref_reg - 1'b1;
            if (iref_reg == 4'd1)
                state_next = S_IMRS;
        end
        S_IMRS: if (gap_reg == {GAPW{1'b0}}) begin
            cmd_next     = CMD_MRS;
            ba_next      = 2'b00;
            a_next       = MODE;
            gap_next     = C_MRD[GAPW-1:0] - 1'b1;
            refc_next    = C_REF[15:0];
            ref_due_next = 1'b0;
            state_next   = S_IDLE;
        end
        S_IDLE: begin
            if (ref_due_reg) begin
                ret_next   = S_IDLE;
                state_next = S_REF;
            end else if (aw_go || ar_go) begin
                wr_next     = pick_w;
                prio_w_next = !pick_w;
                if (pick_w) begin
                    aw_full_next = 1'b0;
                    id_next      = aw_id_reg;
                    beat_next    = aw_beat_reg;
                    left_next    = aw_len_reg;
                    resp_next    = aw_resp_reg;
                    state_next   = aw_resp_reg == OKAY ? S_ACT : S_ERR;
                end else begin
                    ar_full_next = 1'b0;
                    id_next      = ar_id_reg;
                    beat_next    = ar_beat_reg;
                    left_next    = ar_len_reg;
                    resp_next    = ar_resp_reg;
                    state_next   = ar_resp_reg == OKAY ? S_ACT : S_ERR;
                end
            end
        end
        S_ACT: begin
            if (ref_due_reg) begin
                ret_next   = S_ACT;
                state_next = S_REF;
            end else if (gap_reg == {GAPW{1'b0}} && rc_reg == 8'd0) begin
                cmd_next   = CMD_ACT;
                ba_next    = beat_bank;
                a_next     = beat_row;
                gap_next   = C_RCD[GAPW-1:0] - 1'b1;
                rc_next    = C_RC[7:0] - 1'b1;
                ras_next   = C_RAS[7:0] - 1'b1;
                state_next = S_RW;
            end
        end
        S_RW: begin
            if (ref_due_reg) begin
                // close the row for the refresh, then reopen it
                ret_next   = S_ACT;
                state_next = S_PRE;
            end else if (gap_reg == {GAPW{1'b0}} && (wr_reg ? w_full_reg : rq_owed_reg != RQ_DEPTH)) begin
                cmd_next  = wr_reg ? CMD_WRITE : CMD_READ;
                ba_next   = beat_bank;
                a_next    = beat_col;
                beat_next = beat_reg + 1'b1;
                left_next = left_reg - 1'b1;
                if (wr_reg) begin
                    w_full_next = 1'b0;
                    dq_next     = w_data_reg[15:0];
                    dqm_next    = ~w_strb_reg[1:0];
                    dq_oe_next  = 1'b1;
                    wsh_next    = w_data_reg >> 16;
                    msh_next    = w_strb_reg >> 2;
                    wcnt_next   = BL32[3:0] - 1'b1;
                    twr_next    = GAP_WPRE[7:0];
                    if (left_reg == 8'd0) begin
                        b_valid_next = 1'b1;
                        b_id_next    = id_reg;
                        b_resp_next  = OKAY;
                    end
                end else begin
                    rd_issue = 1'b1;
                end
                // the next command after this one's burst (a PRECHARGE
                // also waits for twr_reg)
                gap_next = GAP_COL[GAPW-1:0];
                if (left_reg == 8'd0) begin
                    ret_next   = S_IDLE;
                    state_next = S_PRE;
                end else if (row_end) begin
                    ret_next   = S_ACT;
                    state_next = S_PRE;
                end
            end
        end
        S_PRE: if (gap_reg == {GAPW{1'b0}} && ras_reg == 8'd0 && twr_reg == 8'd0) begin
            cmd_next   = CMD_PRE;
            a_next     = 13'h0400;
            gap_next   = C_RP[GAPW-1:0] - 1'b1;
            state_next = ret_reg;
        end
        S_REF: if (gap_reg == {GAPW{1'b0}} && rc_reg == 8'd0) begin
            cmd_next     = CMD_REF;
            gap_next     = C_RFC[GAPW-1:0] - 1'b1;
            ref_due_next = 1'b0;
            state_next   = ret_reg;
        end
        S_ERR: begin
            // an error burst: take its W beats, or answer its R beats,
            // without the SDRAM (a refresh still goes first)
            if (ref_due_reg) begin
                ret_next   = S_ERR;
                state_next = S_REF;
            end else if (wr_reg) begin
                if (w_full_reg) begin
                    w_full_next = 1'b0;
                    left_next   = left_reg - 1'b1;
                    if (left_reg == 8'd0) begin
                        b_valid_next = 1'b1;
                        b_id_next    = id_reg;
                        b_resp_next  = resp_reg;
                        state_next   = S_IDLE;
                    end
                end
            end else if (!rd_busy && rq_owed_reg != RQ_DEPTH) begin
                rq_push      = 1'b1;
                rq_push_data = {DATA_WIDTH{1'b0}};
                rq_push_id   = id_reg;
                rq_push_resp = resp_reg;
                rq_push_last = left_reg == 8'd0;
                left_next    = left_reg - 1'b1;
                if (left_reg == 8'd0)
                    state_next = S_IDLE;
            end
        end
        default: state_next = S_IDLE;
    endcase

    // the last word of a read beat arrives: into the R FIFO
    if (rdp_reg[RD_PIPE-1])
        rq_push = 1'b1;
    if (rdp_reg[RD_PIPE-1])
        rq_push_data = {sdram_dq_in, rasm_reg[DATA_WIDTH-1:16]};
end

// R FIFO bookkeeping
always @* begin
    rq_head_next  = rq_head_reg + {1'b0, rq_pop};
    rq_tail_next  = rq_tail_reg + {1'b0, rq_push};
    rq_count_next = rq_count_reg + {2'b00, rq_push} - {2'b00, rq_pop};
    // a place is owed from the READ's issue (or the error beat's push)
    rq_owed_next  = rq_owed_reg + {2'b00, rd_issue || (rq_push && !rdp_reg[RD_PIPE-1])} - {2'b00, rq_pop};
end

always @(posedge clk) begin
    aw_id_reg   <= aw_id_next;
    aw_beat_reg <= aw_beat_next;
    aw_len_reg  <= aw_len_next;
    aw_resp_reg <= aw_resp_next;
    ar_id_reg   <= ar_id_next;
    ar_beat_reg <= ar_beat_next;
    ar_len_reg  <= ar_len_next;
    ar_resp_reg <= ar_resp_next;
    w_data_reg  <= w_data_next;
    w_strb_reg  <= w_strb_next;
    b_id_reg    <= b_id_next;
    b_resp_reg  <= b_resp_next;
    ret_reg     <= ret_next;
    iref_reg    <= iref_next;
    wr_reg      <= wr_next;
    id_reg      <= id_next;
    beat_reg    <= beat_next;
    left_reg    <= left_next;
    resp_reg    <= resp_next;
    ba_reg      <= ba_next;
    a_reg       <= a_next;
    dqm_reg     <= dqm_next;
    dq_reg      <= dq_next;
    wsh_reg     <= wsh_next;
    msh_reg     <= msh_next;
    if (rq_push) begin
        rq_data_reg[rq_tail_reg] <= rq_push_data;
        rq_id_reg[rq_tail_reg]   <= rq_push_id;
        rq_resp_reg[rq_tail_reg] <= rq_push_resp;
        rq_last_reg[rq_tail_reg] <= rq_push_last;
    end
    // read pipeline: a word of the beat on each of its last BL cycles
    rdp_id_reg   <= {rdp_id_reg[(RD_PIPE-1)*ID_WIDTH-1:0], id_reg};
    rdp_last_reg <= {rdp_last_reg[RD_PIPE-2:0], left_reg == 8'd0};
    for (i = RD_LAT - 1; i < RD_PIPE - 1; i = i + 1)
        if (rdp_reg[i])
            rasm_reg <= {sdram_dq_in, rasm_reg[DATA_WIDTH-1:16]};
    if (rst) begin
        aw_full_reg  <= 1'b0;
        ar_full_reg  <= 1'b0;
        w_full_reg   <= 1'b0;
        b_valid_reg  <= 1'b0;
        state_reg    <= S_INIT;
        gap_reg      <= C_INIT[GAPW-1:0];
        rc_reg       <= 8'd0;
        ras_reg      <= 8'd0;
        twr_reg      <= 8'd0;
        refc_reg     <= C_REF[15:0];
        ref_due_reg  <= 1'b0;
        prio_w_reg   <= 1'b0;
        cmdx_reg     <= 4'b0000;
        dq_oe_reg    <= 1'b0;
        wcnt_reg     <= 4'd0;
        rdp_reg      <= {RD_PIPE{1'b0}};
        rq_head_reg  <= 2'd0;
        rq_tail_reg  <= 2'd0;
        rq_count_reg <= 3'd0;
        rq_owed_reg  <= 3'd0;
    end else begin
        aw_full_reg  <= aw_full_next;
        ar_full_reg  <= ar_full_next;
        w_full_reg   <= w_full_next;
        b_valid_reg  <= b_valid_next;
        state_reg    <= state_next;
        gap_reg      <= gap_next;
        rc_reg       <= rc_next;
        ras_reg      <= ras_next;
        twr_reg      <= twr_next;
        refc_reg     <= refc_next;
        ref_due_reg  <= ref_due_next;
        prio_w_reg   <= prio_w_next;
        cmdx_reg     <= cmd_next ^ CMD_NOP;
        dq_oe_reg    <= dq_oe_next;
        wcnt_reg     <= wcnt_next;
        rdp_reg      <= {rdp_reg[RD_PIPE-2:0], rd_issue};
        rq_head_reg  <= rq_head_next;
        rq_tail_reg  <= rq_tail_next;
        rq_count_reg <= rq_count_next;
        rq_owed_reg  <= rq_owed_next;
    end
end

endmodule
`resetall
