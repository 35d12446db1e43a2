`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "core_mem.vh"

/*
 * core_psum: the banked PSUM (docs/core.md sections 2 and 11). COLS
 * partitions x PSUM_BANKS banks x 2^PSUM_BANK_LOG2 entries of 32 bits
 * (fp32, or int32 for int8 matmuls). Every bank of every partition is its
 * own simple dual-port block RAM of DATA_WIDTH-bit words with byte strobes:
 * entry e (index b * 2^PSUM_BANK_LOG2 + i in its partition) is lane
 * e % LANES of word e / LANES, LANES = DATA_WIDTH/32.
 *
 * Tensor-engine beats (te_*, tensor_engine's out_*): always taken, never
 * held. A beat writes, for every partition c with te_mask[c], entry
 * te_addr of partition c with te_data[c] (te_start) or old + te_data[c]
 * (fp32_add, or an int32 add with wrap-around with te_int): exactly
 * psum_buffer's arithmetic, pipeline and timing (L = TL_FP32_ADD_LATENCY):
 *   c0      beat taken; an accumulating beat reads its bank
 *   c1      RAM output register
 *   c2      its lane, registered (te_q); the add starts
 *   c2+L    sum; the bank is written at the end of this cycle
 *   c3+L    te_commit: the write has landed (one pulse per beat, in order)
 * No forwarding: an accumulating beat must come TE_PSUM_RMW_WINDOW = L + 3
 * cycles or more after any beat to the same entry (tensor_engine holds it
 * at issue; simulation flags a violation here).
 *
 * Word ports (DMA and ACT): word a of a partition holds entries
 * a*LANES .. a*LANES + LANES - 1, so the bank is the word address's high
 * bits. Write requesters DMA (one partition) and ACT (a partition mask),
 * read requesters DMA and ACT; a read returns word *_rd_addr of every
 * partition on rd_rsp_data, with its *_rd_rsp_valid, exactly
 * CORE_MEM_RL = 2 cycles after it was taken. Per port (read, write) one
 * request is granted per cycle, round robin between DMA and ACT among
 * those whose bank the tensor engine does not use on that port in that
 * cycle (its accumulating read in c0, its write in c2+L): the engines meet
 * only in the same bank, and there the tensor engine wins. A write taken
 * in cycle t is seen by a read taken in t + 1.
 *
 * *_ready depends combinationally on the requests of the same cycle.
 * Reset clears pipeline valids and arbitration, never the memories.
 */
module core_psum #(
    parameter COLS           = 16,   // partitions (= array columns)
    parameter DATA_WIDTH     = 128,  // word bits (64, 128, 256)
    parameter PSUM_BANKS     = 4,    // banks (1, 2, 4, 8)
    parameter PSUM_BANK_LOG2 = 9,    // log2 entries per bank and partition
    parameter EW = $clog2(PSUM_BANKS) + PSUM_BANK_LOG2,     // entry index bits
    parameter WA = EW - $clog2(DATA_WIDTH/32),             // word address bits
    parameter PW = (COLS > 1) ? $clog2(COLS) : 1           // partition number bits
) (
    input  wire                       clk,
    input  wire                       rst,

    input  wire                       te_valid,
    input  wire [EW-1:0]              te_addr,
    input  wire [COLS*32-1:0]         te_data,      // partition c in [32c +: 32]
    input  wire                       te_start,     // 1: overwrite, 0: accumulate
    input  wire [COLS-1:0]            te_mask,
    input  wire                       te_int,       // int32 add instead of fp32
    output wire                       te_commit,

    input  wire                       dma_wr_valid,
    output wire                       dma_wr_ready,
    input  wire [PW-1:0]              dma_wr_part,
    input  wire [WA-1:0]              dma_wr_addr,
    input  wire [DATA_WIDTH-1:0]      dma_wr_data,
    input  wire [DATA_WIDTH/8-1:0]    dma_wr_strb,

    input  wire                       act_wr_valid,
    output wire                       act_wr_ready,
    input  wire [COLS-1:0]            act_wr_mask,
    input  wire [WA-1:0]              act_wr_addr,
    input  wire [COLS*DATA_WIDTH-1:0] act_wr_data,  // partition c in [DATA_WIDTH*c +: DATA_WIDTH]
    input  wire [DATA_WIDTH/8-1:0]    act_wr_strb,

    input  wire                       dma_rd_valid,
    output wire                       dma_rd_ready,
    input  wire [WA-1:0]              dma_rd_addr,
    output wire                       dma_rd_rsp_valid,

    input  wire                       act_rd_valid,
    output wire                       act_rd_ready,
    input  wire [WA-1:0]              act_rd_addr,
    output wire                       act_rd_rsp_valid,

    output wire [COLS*DATA_WIDTH-1:0] rd_rsp_data   // partition c in [DATA_WIDTH*c +: DATA_WIDTH]
);

`include "te_pipe.vh"

localparam integer L      = `TL_FP32_ADD_LATENCY;
localparam integer LANES  = DATA_WIDTH / 32;         // entries per word
localparam integer LW     = $clog2(LANES);           // lane index bits
localparam integer NB     = DATA_WIDTH / 8;          // byte strobes per word
localparam integer BW     = $clog2(PSUM_BANKS);      // bank index bits (0 for one bank)
localparam integer BWI    = (BW > 0) ? BW : 1;       // ... as a register width
localparam integer IW     = PSUM_BANK_LOG2 - LW;     // word index bits inside a bank
localparam integer BDEPTH = 1 << IW;                 // words per bank RAM
// TE pipeline after c0: stages c1 .. c2+L; word: start, int, mask, entry, data
localparam integer WS     = L + 2;
localparam integer TW     = 2 + COLS + EW + COLS * 32;
localparam integer SA     = 1;                       // c2: add inputs
localparam integer SW     = L + 1;                   // c2+L: write

`ifndef SYNTHESIS
initial begin
    if (COLS < 1 || COLS > 255 || (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256)
        || (PSUM_BANKS != 1 && PSUM_BANKS != 2 && PSUM_BANKS != 4 && PSUM_BANKS != 8)
        || IW < 1 || EW != BW + PSUM_BANK_LOG2 || WA != EW - LW)
        $error("core_psum: COLS 1..255, DATA_WIDTH 64/128/256, PSUM_BANKS 1/2/4/8, a bank of 2 or more words, EW and WA derived (instance %m)");
end
`endif

generate
    if (COLS < 1 || COLS > 255 || (DATA_WIDTH != 64 && DATA_WIDTH != 128 && DATA_WIDTH != 256)
        || (PSUM_BANKS != 1 && PSUM_BANKS != 2 && PSUM_BANKS != 4 && PSUM_BANKS != 8)
        || IW < 1 || EW != BW + PSUM_BANK_LOG2 || WA != EW - LW) begin : bad_parameter
        core_psum_bad_parameter_COLS_DATA_WIDTH_PSUM_BANKS_or_widths bad ();
    end
endgenerate

// bank of a word address / of an entry index (0 with one bank)
function [BWI-1:0] word_bank(input [WA-1:0] a);
    /* verilator lint_off UNUSEDSIGNAL */ // only the bank bits of t are used
    reg [WA-1:0] t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        t = a >> IW;
        word_bank = t[BWI-1:0];
    end
endfunction

function [BWI-1:0] entry_bank(input [EW-1:0] e);
    /* verilator lint_off UNUSEDSIGNAL */ // only the bank bits of t are used
    reg [EW-1:0] t;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        t = e >> PSUM_BANK_LOG2;
        entry_bank = t[BWI-1:0];
    end
endfunction

// ---- tensor-engine pipeline ------------------------------------------------
reg [WS*TW-1:0] pipe_reg;     // stage s holds the beat taken s + 1 cycles ago
reg [WS-1:0]    vld_reg;
reg             commit_reg;

always @(posedge clk) begin
    pipe_reg <= {pipe_reg[(WS-1)*TW-1:0], te_start, te_int, te_mask, te_addr, te_data};
    if (rst) begin
        vld_reg    <= {WS{1'b0}};
        commit_reg <= 1'b0;
    end else begin
        vld_reg    <= {vld_reg[WS-2:0], te_valid};
        commit_reg <= vld_reg[SW];
    end
end

assign te_commit = commit_reg;

`define PS_START(s)  pipe_reg[(s)*TW + TW-1]
`define PS_INT(s)    pipe_reg[(s)*TW + TW-2]
`define PS_MASK(s)   pipe_reg[(s)*TW + EW + COLS*32 +: COLS]
`define PS_ADDR(s)   pipe_reg[(s)*TW + COLS*32 +: EW]
`define PS_DATA(s,c) pipe_reg[(s)*TW + 32*(c) +: 32]

wire          te_acc     = te_valid && !te_start;       // reads its bank in c0
wire [BWI-1:0] te_rbank  = entry_bank(te_addr);
wire [IW-1:0] te_rword   = te_addr[PSUM_BANK_LOG2-1:LW];
wire [EW-1:0] c1_addr    = `PS_ADDR(0);
wire [BWI-1:0] c1_bank   = entry_bank(c1_addr);
wire [LW-1:0] c1_lane    = c1_addr[LW-1:0];
wire [EW-1:0] w_addr     = `PS_ADDR(SW);
wire          te_wr      = vld_reg[SW];
wire [BWI-1:0] te_wbank  = entry_bank(w_addr);
wire [IW-1:0] te_wword   = w_addr[PSUM_BANK_LOG2-1:LW];
wire [LW-1:0] te_wlane   = w_addr[LW-1:0];
wire [COLS-1:0] te_wmask = `PS_MASK(SW);

// byte strobes of the TE's lane
reg [NB-1:0] te_wstrb;
integer i;
always @* begin
    te_wstrb = {NB{1'b0}};
    for (i = 0; i < LANES; i = i + 1)
        if (te_wlane == i[LW-1:0])
            te_wstrb[4*i +: 4] = 4'hf;
end

// ---- simulation only: long random stalls of each word port ------------------
// (core_mem_stall, on with TL_CHECKS and +tl_mem_stall=N: test_core_impolite);
// a port held is left out of its arbitration. Constant 0 in synthesis.
wire hold_dma_wr, hold_act_wr, hold_dma_rd, hold_act_rd;
`ifdef SYNTHESIS
assign {hold_dma_wr, hold_act_wr, hold_dma_rd, hold_act_rd} = 4'b0000;
`elsif TL_CHECKS
core_mem_stall #(.SALT(11)) stall_dma_wr (.clk (clk), .rst (rst), .hold (hold_dma_wr));
core_mem_stall #(.SALT(12)) stall_act_wr (.clk (clk), .rst (rst), .hold (hold_act_wr));
core_mem_stall #(.SALT(13)) stall_dma_rd (.clk (clk), .rst (rst), .hold (hold_dma_rd));
core_mem_stall #(.SALT(14)) stall_act_rd (.clk (clk), .rst (rst), .hold (hold_act_rd));
`else
assign {hold_dma_wr, hold_act_wr, hold_dma_rd, hold_act_rd} = 4'b0000;
`endif

// ---- word-port arbitration ---------------------------------------------------
reg rd_last_act_reg, wr_last_act_reg;

wire rd_dma_ok = dma_rd_valid && !hold_dma_rd && !(te_acc && te_rbank == word_bank(dma_rd_addr));
wire rd_act_ok = act_rd_valid && !hold_act_rd && !(te_acc && te_rbank == word_bank(act_rd_addr));
wire rd_dma    = rd_dma_ok && (!rd_act_ok || rd_last_act_reg);
wire rd_act    = rd_act_ok && !rd_dma;
wire wr_dma_ok = dma_wr_valid && !hold_dma_wr && !(te_wr && te_wbank == word_bank(dma_wr_addr));
wire wr_act_ok = act_wr_valid && !hold_act_wr && !(te_wr && te_wbank == word_bank(act_wr_addr));
wire wr_dma    = wr_dma_ok && (!wr_act_ok || wr_last_act_reg);
wire wr_act    = wr_act_ok && !wr_dma;

assign dma_rd_ready = rd_dma;
assign act_rd_ready = rd_act;
assign dma_wr_ready = wr_dma;
assign act_wr_ready = wr_act;

wire           rd_en    = rd_dma || rd_act;
wire [WA-1:0]  rd_addr  = rd_dma ? dma_rd_addr : act_rd_addr;
wire [BWI-1:0] rd_bank  = word_bank(rd_addr);
wire           wr_en    = wr_dma || wr_act;
wire [WA-1:0]  wr_addr  = wr_dma ? dma_wr_addr : act_wr_addr;
wire [BWI-1:0] wr_bank  = word_bank(wr_addr);
wire [NB-1:0]  wr_strb  = wr_dma ? dma_wr_strb : act_wr_strb;

reg [1:0]     rsp_dma_reg, rsp_act_reg;
reg [BWI-1:0] rd_bank_reg;             // bank of the port read (c1)

always @(posedge clk) begin
    rd_bank_reg <= rd_bank;
    if (rst) begin
        rd_last_act_reg <= 1'b0;
        wr_last_act_reg <= 1'b0;
        rsp_dma_reg     <= 2'b00;
        rsp_act_reg     <= 2'b00;
    end else begin
        if (rd_en)
            rd_last_act_reg <= rd_act;
        if (wr_en)
            wr_last_act_reg <= wr_act;
        rsp_dma_reg <= {rsp_dma_reg[0], rd_dma};
        rsp_act_reg <= {rsp_act_reg[0], rd_act};
    end
end

assign dma_rd_rsp_valid = rsp_dma_reg[1];
assign act_rd_rsp_valid = rsp_act_reg[1];

// ---- partitions: banks, lane select, adder -----------------------------------
genvar c, b;
generate
    for (c = 0; c < COLS; c = c + 1) begin : part
        wire [PSUM_BANKS*DATA_WIDTH-1:0] bank_q;   // every bank's RAM output (c1)
        wire                  port_we = wr_dma ? dma_wr_part == c[PW-1:0] : act_wr_mask[c];
        wire [DATA_WIDTH-1:0] port_wd = wr_dma ? dma_wr_data : act_wr_data[DATA_WIDTH*c +: DATA_WIDTH];
        reg  [31:0]           result;              // the TE's value written (c2+L)

        for (b = 0; b < PSUM_BANKS; b = b + 1) begin : bank
            // simple dual-port RAM; the TE's read and write of one entry
            // are ordered by tensor_engine's issue window, and the ports
            // never need a word written in the cycle they read it
            (* no_rw_check *)
            reg [DATA_WIDTH-1:0] mem [0:BDEPTH-1];
            reg [DATA_WIDTH-1:0] ram_q_reg;

            wire te_rd_here = te_acc && te_rbank == b[BWI-1:0];
            wire te_wr_here = te_wr && te_wbank == b[BWI-1:0];
            wire port_here  = wr_en && wr_bank == b[BWI-1:0] && port_we;
            wire [NB-1:0] we = te_wr_here ? (te_wmask[c] ? te_wstrb : {NB{1'b0}})
                             : port_here  ? wr_strb : {NB{1'b0}};
            wire [IW-1:0] waddr = te_wr_here ? te_wword : wr_addr[IW-1:0];
            wire [DATA_WIDTH-1:0] wd = te_wr_here ? {LANES{result}} : port_wd;
            wire re = te_rd_here || (rd_en && rd_bank == b[BWI-1:0]);
            wire [IW-1:0] raddr = te_rd_here ? te_rword : rd_addr[IW-1:0];
            integer k;

            always @(posedge clk) begin
                for (k = 0; k < NB; k = k + 1)
                    if (we[k])
                        mem[waddr][8*k +: 8] <= wd[8*k +: 8];
                if (re)
                    ram_q_reg <= mem[raddr];
            end
            assign bank_q[DATA_WIDTH*b +: DATA_WIDTH] = ram_q_reg;
        end

        // c1 -> c2: the port read's word and the TE's lane, registered
        reg [DATA_WIDTH-1:0] rsp_q_reg;
        reg [31:0]           q_reg;
        reg [DATA_WIDTH-1:0] rsp_sel;
        reg [DATA_WIDTH-1:0] te_word;
        reg [31:0]           te_lane;
        integer j;
        always @* begin
            rsp_sel = {DATA_WIDTH{1'b0}};
            te_word = {DATA_WIDTH{1'b0}};
            for (j = 0; j < PSUM_BANKS; j = j + 1) begin
                if (rd_bank_reg == j[BWI-1:0])
                    rsp_sel = rsp_sel | bank_q[DATA_WIDTH*j +: DATA_WIDTH];
                if (c1_bank == j[BWI-1:0])
                    te_word = te_word | bank_q[DATA_WIDTH*j +: DATA_WIDTH];
            end
            te_lane = 32'd0;
            for (j = 0; j < LANES; j = j + 1)
                if (c1_lane == j[LW-1:0])
                    te_lane = te_lane | te_word[32*j +: 32];
        end

        reg  [31:0] isum_reg;       // int32 sum (c3), delayed to c2+L below
        wire [31:0] isum_d;
        wire [31:0] add_y;          // fp32 sum (c2+L)

        always @(posedge clk) begin
            rsp_q_reg <= rsp_sel;
            q_reg     <= te_lane;
            isum_reg  <= q_reg + `PS_DATA(SA, c);
        end

        if (L > 1) begin : dly
            reg [32*(L-1)-1:0] isum_dly_reg;
            if (L > 2) begin : shift
                always @(posedge clk)
                    isum_dly_reg <= {isum_dly_reg[32*(L-2)-1:0], isum_reg};
            end else begin : one
                always @(posedge clk)
                    isum_dly_reg <= isum_reg;
            end
            assign isum_d = isum_dly_reg[32*(L-1)-1 -: 32];
        end else begin : nodly
            assign isum_d = isum_reg;
        end

        fp32_add #(
            .LATENCY (L)
        ) add (
            .clk (clk),
            .a   (q_reg),
            .b   (`PS_DATA(SA, c)),
            .y   (add_y)
        );

        always @* begin
            if (`PS_START(SW))
                result = `PS_DATA(SW, c);
            else if (`PS_INT(SW))
                result = isum_d;
            else
                result = add_y;
        end

        assign rd_rsp_data[DATA_WIDTH*c +: DATA_WIDTH] = rsp_q_reg;
    end
endgenerate

`ifndef SYNTHESIS
integer s;
always @(posedge clk) begin
    if (!rst && te_valid && !te_start) begin
        for (s = 0; s < WS; s = s + 1)
            if (vld_reg[s] && `PS_ADDR(s) == te_addr)
                $error("core_psum: accumulate into entry %0d, written by a beat %0d cycles earlier (< %0d) (instance %m)",
                       te_addr, s + 1, WS + 1);
    end
    if (!rst && dma_wr_valid && {{(32-PW){1'b0}}, dma_wr_part} >= COLS)
        $error("core_psum: DMA write to partition %0d >= COLS (instance %m)", dma_wr_part);
end

`ifdef TL_CHECKS
// every word port's handshake and read timing (core_mem_check.v);
// simulation only, in the builds that define TL_CHECKS. The tensor
// engine's beats have no handshake (never held).
core_mem_check #(.NAME("PSUM DMA write"), .AW(WA), .DW(PW + DATA_WIDTH + NB)) chk_dma_wr (
    .clk (clk), .rst (rst), .valid (dma_wr_valid), .ready (dma_wr_ready), .addr (dma_wr_addr),
    .data ({dma_wr_part, dma_wr_data, dma_wr_strb}), .rsp_valid (1'b0));
core_mem_check #(.NAME("PSUM ACT write"), .AW(WA), .DW(COLS + COLS*DATA_WIDTH + NB)) chk_act_wr (
    .clk (clk), .rst (rst), .valid (act_wr_valid), .ready (act_wr_ready), .addr (act_wr_addr),
    .data ({act_wr_mask, act_wr_data, act_wr_strb}), .rsp_valid (1'b0));
core_mem_check #(.NAME("PSUM DMA read"), .AW(WA), .READ(1)) chk_dma_rd (
    .clk (clk), .rst (rst), .valid (dma_rd_valid), .ready (dma_rd_ready), .addr (dma_rd_addr),
    .data (1'b0), .rsp_valid (dma_rd_rsp_valid));
core_mem_check #(.NAME("PSUM ACT read"), .AW(WA), .READ(1)) chk_act_rd (
    .clk (clk), .rst (rst), .valid (act_rd_valid), .ready (act_rd_ready), .addr (act_rd_addr),
    .data (1'b0), .rsp_valid (act_rd_rsp_valid));
`endif
`endif

`undef PS_START
`undef PS_INT
`undef PS_MASK
`undef PS_ADDR
`undef PS_DATA

endmodule

`resetall
