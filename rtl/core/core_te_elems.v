`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "core_mem.vh"

/*
 * core_te_elems: one operand stream of core_te. A job is a run of cnt
 * elements of 1 or 2 bytes at consecutive element slots of every SBUF
 * partition, starting at byte pos of word addr (element aligned, so an
 * element never straddles two words; the run may). The module reads the
 * words of its jobs from the SBUF (rd_* / rsp_*), in order, as far ahead
 * as its word buffer allows (WQ words, counting reads in flight), and
 * hands out one element of every partition per el_* beat: element r of
 * partition k in el_data[16k +: 16] (a 1-byte element in the low byte),
 * el_last on the job's last element.
 *
 * Jobs queue (JQ deep): reads of the next jobs start while the current
 * one is consumed, so consecutive jobs stream without a bubble. A word
 * is released when its last element is taken (or its job ends), which
 * returns a read credit; with WQ >= CORE_MEM_RL + 3 the reads keep up
 * with one word per element (the word buffer is block RAM: a word is on
 * its output two cycles after its answer).
 *
 * Handshakes: job_* and el_* are valid/ready; rd_valid asks for a word
 * (taken with rd_ready), whose data arrive on rsp_data with rsp_valid
 * CORE_MEM_RL cycles later, always accepted. rd_valid and el_valid
 * depend only on registers. Reset empties the job queue and the words.
 */
module core_te_elems #(
    parameter ROWS       = 16,     // partitions
    parameter DATA_WIDTH = 128,    // SBUF word bits
    parameter WA         = 12,     // SBUF word address bits
    parameter CW         = 10,     // element count bits
    parameter JQ_LOG2    = 2,      // log2 job queue depth
    parameter WQ_LOG2    = 2,      // log2 word buffer depth (reads in flight included)
    parameter OB         = $clog2(DATA_WIDTH/8)   // byte-in-word bits
) (
    input  wire                       clk,
    input  wire                       rst,

    input  wire                       job_valid,
    output wire                       job_ready,
    input  wire [WA-1:0]              job_addr,   // first word
    input  wire [OB-1:0]              job_pos,    // byte of the first element in it
    input  wire [CW-1:0]              job_cnt,    // elements, >= 1
    input  wire                       job_e1,     // 1-byte elements (else 2)

    output wire                       rd_valid,
    input  wire                       rd_ready,
    output wire [WA-1:0]              rd_addr,
    input  wire                       rsp_valid,
    input  wire [ROWS*DATA_WIDTH-1:0] rsp_data,

    output wire                       el_valid,
    input  wire                       el_ready,
    output reg  [ROWS*16-1:0]         el_data,
    output wire                       el_last
);

localparam integer WB  = DATA_WIDTH / 8;     // bytes per word
localparam integer JQ  = 1 << JQ_LOG2;
localparam integer WQ  = 1 << WQ_LOG2;
localparam integer NWW = CW + 1;             // words of a job: up to cnt*2/WB + 2

`ifndef SYNTHESIS
initial begin
    if (WQ_LOG2 < 1 || JQ_LOG2 < 1 || OB != $clog2(DATA_WIDTH/8) || DATA_WIDTH < 16)
        $error("core_te_elems: JQ_LOG2, WQ_LOG2 >= 1 and OB = log2(DATA_WIDTH/8) (instance %m)");
end
`endif

generate
    if (WQ_LOG2 < 1 || JQ_LOG2 < 1 || OB != $clog2(DATA_WIDTH/8) || DATA_WIDTH < 16) begin : bad_parameter
        core_te_elems_bad_parameter bad ();
    end
endgenerate

// ---- job queue: written at job_*, read by the fetch and the consume side --
reg [WA-1:0]  jq_addr [0:JQ-1];
reg [OB-1:0]  jq_pos  [0:JQ-1];
reg [CW-1:0]  jq_cnt  [0:JQ-1];
reg           jq_e1   [0:JQ-1];
reg [NWW-1:0] jq_words[0:JQ-1];
reg [JQ_LOG2:0] jq_wr_reg, jq_fetch_reg, jq_cons_reg;

// words the job spans: ((pos + cnt*esize - 1) >> OB) + 1
/* verilator lint_off UNUSEDSIGNAL */ // 32-bit arithmetic, the low NWW bits of the count kept
wire [31:0] job_bytes = job_e1 ? {{(32-CW){1'b0}}, job_cnt} : {{(31-CW){1'b0}}, job_cnt, 1'b0};
wire [31:0] job_last  = {{(32-OB){1'b0}}, job_pos} + job_bytes - 32'd1;
wire [31:0] job_nw    = (job_last >> OB) + 32'd1;
/* verilator lint_on UNUSEDSIGNAL */
wire [NWW-1:0] job_words = job_nw[NWW-1:0];

wire jq_full  = jq_wr_reg == {~jq_cons_reg[JQ_LOG2], jq_cons_reg[JQ_LOG2-1:0]};
assign job_ready = !jq_full;
wire job_fire = job_valid && !jq_full;

always @(posedge clk) begin
    if (job_fire) begin
        jq_addr [jq_wr_reg[JQ_LOG2-1:0]] <= job_addr;
        jq_pos  [jq_wr_reg[JQ_LOG2-1:0]] <= job_pos;
        jq_cnt  [jq_wr_reg[JQ_LOG2-1:0]] <= job_cnt;
        jq_e1   [jq_wr_reg[JQ_LOG2-1:0]] <= job_e1;
        jq_words[jq_wr_reg[JQ_LOG2-1:0]] <= job_words;
    end
end

// ---- fetch: the words of the jobs in order, within the credit -----------------
reg [NWW-1:0]   f_idx_reg;                  // words of the fetch job requested so far
reg [WQ_LOG2:0] used_reg;                   // words buffered + reads in flight
wire            f_have  = jq_fetch_reg != jq_wr_reg;
wire [JQ_LOG2-1:0] fj   = jq_fetch_reg[JQ_LOG2-1:0];
wire            f_last  = f_idx_reg + {{(NWW-1){1'b0}}, 1'b1} == jq_words[fj];

assign rd_valid = f_have && used_reg != WQ[WQ_LOG2:0];
/* verilator lint_off UNUSEDSIGNAL */ // a job spans fewer than 2^WA words
wire [WA+NWW-1:0] f_idx_x = {{WA{1'b0}}, f_idx_reg};
/* verilator lint_on UNUSEDSIGNAL */
assign rd_addr  = jq_addr[fj] + f_idx_x[WA-1:0];
wire   rd_fire  = rd_valid && rd_ready;

// ---- word buffer: block RAM (core_bram_fifo), a word on its output two
// cycles after its answer; used_reg keeps it from overflowing (at most WQ
// words buffered or in flight, and it holds WQ + 1)
wire                       w_have;
wire                       w_pop;
wire [ROWS*DATA_WIDTH-1:0] head;
/* verilator lint_off PINCONNECTEMPTY */
core_bram_fifo #(
    .WIDTH      (ROWS*DATA_WIDTH),
    .DEPTH_LOG2 (WQ_LOG2)
) wbuf (
    .clk       (clk),
    .rst       (rst),
    .clear     (1'b0),
    .in_valid  (rsp_valid),
    .in_ready  (),
    .in_data   (rsp_data),
    .out_valid (w_have),
    .out_ready (w_pop),
    .out_load  (),
    .not_empty (),
    .out_data  (head)
);
/* verilator lint_on PINCONNECTEMPTY */

// ---- consume: one element of every partition per beat -------------------------
reg              c_started_reg;             // the consume job has given an element
reg [OB-1:0]     c_pos_reg;
reg [CW-1:0]     c_left_reg;                // elements left after the next one
wire             c_have = jq_cons_reg != jq_wr_reg;
wire [JQ_LOG2-1:0] cj   = jq_cons_reg[JQ_LOG2-1:0];
wire [OB-1:0]    c_pos  = c_started_reg ? c_pos_reg : jq_pos[cj];
wire [CW-1:0]    c_left = c_started_reg ? c_left_reg : jq_cnt[cj] - {{(CW-1){1'b0}}, 1'b1};
wire             c_e1   = jq_e1[cj];
wire [OB-1:0]    c_pos_next = c_pos + (c_e1 ? {{(OB-1){1'b0}}, 1'b1} : {{(OB-2){1'b0}}, 2'd2});

assign el_valid = c_have && w_have;
assign el_last  = c_left == {CW{1'b0}};
wire   el_fire  = el_valid && el_ready;
assign w_pop    = el_fire && (el_last || c_pos_next == {OB{1'b0}});

// the element at byte c_pos of each partition's head word (one-hot select;
// a 1-byte element in the last byte has no high byte)
integer k, s;
always @* begin
    el_data = {(ROWS*16){1'b0}};
    for (k = 0; k < ROWS; k = k + 1)
        for (s = 0; s < WB; s = s + 1)
            if (c_pos == s[OB-1:0]) begin
                if (s == WB - 1)
                    el_data[16*k +: 8] = head[DATA_WIDTH*k + 8*s +: 8];
                else
                    el_data[16*k +: 16] = head[DATA_WIDTH*k + 8*s +: 16];
            end
end

always @(posedge clk) begin
    if (rst) begin
        jq_wr_reg     <= {(JQ_LOG2+1){1'b0}};
        jq_fetch_reg  <= {(JQ_LOG2+1){1'b0}};
        jq_cons_reg   <= {(JQ_LOG2+1){1'b0}};
        f_idx_reg     <= {NWW{1'b0}};
        used_reg      <= {(WQ_LOG2+1){1'b0}};
        c_started_reg <= 1'b0;
    end else begin
        if (job_fire)
            jq_wr_reg <= jq_wr_reg + {{JQ_LOG2{1'b0}}, 1'b1};
        if (rd_fire) begin
            if (f_last) begin
                f_idx_reg    <= {NWW{1'b0}};
                jq_fetch_reg <= jq_fetch_reg + {{JQ_LOG2{1'b0}}, 1'b1};
            end else begin
                f_idx_reg    <= f_idx_reg + {{(NWW-1){1'b0}}, 1'b1};
            end
        end
        if (rd_fire && !w_pop)
            used_reg <= used_reg + {{WQ_LOG2{1'b0}}, 1'b1};
        else if (w_pop && !rd_fire)
            used_reg <= used_reg - {{WQ_LOG2{1'b0}}, 1'b1};
        if (el_fire) begin
            if (el_last) begin
                c_started_reg <= 1'b0;
                jq_cons_reg   <= jq_cons_reg + {{JQ_LOG2{1'b0}}, 1'b1};
            end else begin
                c_started_reg <= 1'b1;
            end
        end
    end
end

always @(posedge clk) begin
    if (el_fire) begin
        c_pos_reg  <= c_pos_next;
        c_left_reg <= c_left - {{(CW-1){1'b0}}, 1'b1};
    end
end

endmodule

`resetall
