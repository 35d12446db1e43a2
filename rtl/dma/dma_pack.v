`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_pack: packs byte runs into a dense byte stream. Each input beat
 * carries BYTES bytes of which the n bytes from lane lo are wanted
 * (1 <= n, lo + n <= BYTES); they are appended to the stream. Output
 * words hold BYTES bytes each, byte 0 first; only the word with out_last
 * may be shorter (out_nbytes).
 *
 * Handshake: valid/ready on both sides. in_ready does not depend on
 * in_valid. Throughput one input beat per cycle; when a beat with in_last
 * leaves more than one word, the remainder goes out one cycle later.
 * Latency: one cycle (registered output). `clear` drops everything held;
 * `drop` drops only the bytes not yet in an output word (the partial word
 * of a stream that will not be finished), keeping a word on offer.
 * Every word carries the TAG_WIDTH-bit tag of the beat that completed it
 * (the DMA's job sequence number); the bytes of one word always come from
 * beats of one tag.
 */
module dma_pack #(
    parameter BYTES      = 16,  // bytes per word
    parameter BYTES_LOG2 = 4,   // log2(BYTES)
    parameter TAG_WIDTH  = 1    // bits of the tag carried with each word
) (
    input  wire                 clk,
    input  wire                 rst,
    input  wire                 clear,
    input  wire                 drop,       // drop the partial word (acc)
    input  wire                 in_valid,
    output wire                 in_ready,
    input  wire [8*BYTES-1:0]   in_data,
    /* verilator lint_off UNUSEDSIGNAL */ // lo < BYTES: its top bit is unused
    input  wire [BYTES_LOG2:0]  in_lo,      // first wanted byte
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [BYTES_LOG2:0]  in_n,       // wanted bytes, 1 .. BYTES - in_lo
    input  wire                 in_last,
    input  wire [TAG_WIDTH-1:0] in_tag,
    output wire                 out_valid,
    input  wire                 out_ready,
    output wire [8*BYTES-1:0]   out_data,
    output wire [BYTES_LOG2:0]  out_nbytes, // 1 .. BYTES
    output wire                 out_last,
    output wire [TAG_WIDTH-1:0] out_tag,
    output wire                 busy        // a word on offer or a tail pending
);

reg [8*BYTES-1:0]  acc_reg,    acc_next;    // bytes [0, fill) pending
reg [BYTES_LOG2:0] fill_reg,   fill_next;
reg                pend_reg,   pend_next;   // acc holds the tail of the stream
reg                ov_reg,     ov_next;
reg [8*BYTES-1:0]  od_reg,     od_next;
reg [BYTES_LOG2:0] on_reg,     on_next;
reg                ol_reg,     ol_next;
reg [TAG_WIDTH-1:0] ot_reg,    ot_next;

reg [8*BYTES-1:0]   lo_word;    // stream bytes [0, min(total, BYTES))
reg [8*BYTES-1:0]   hi_word;    // stream bytes [BYTES, total), at lane - BYTES
reg [BYTES_LOG2:0]  total;      // fill + n, at most 2 * BYTES - 1
reg [BYTES-1:0]     n_mask;     // n_mask[k]: k < in_n
reg [BYTES-1:0]     new_lane;   // lane i takes a new byte (stream byte i or BYTES + i)
reg                 fills;      // total >= BYTES: the beat completes a word
reg                 spills;     // total > BYTES: bytes are left over for the next
integer             i, j;

// Wanted input byte lo + k is stream byte fill + k: one rotation by
// fill - lo puts it on its lane.
wire [BYTES_LOG2-1:0] amt = fill_reg[BYTES_LOG2-1:0] - in_lo[BYTES_LOG2-1:0];
wire [8*BYTES-1:0]   rot;        // in_data rotated left by amt bytes

dma_rotl #(
    .BYTES      (BYTES),
    .BYTES_LOG2 (BYTES_LOG2)
) align (
    .in_data  (in_data),
    .amt      (amt),
    .out_data (rot)
);

wire slot_free = !ov_reg || out_ready;
assign in_ready   = slot_free && !pend_reg;
assign out_valid  = ov_reg;
assign out_data   = od_reg;
assign out_nbytes = on_reg;
assign out_last   = ol_reg;
assign out_tag    = ot_reg;
assign busy       = ov_reg || pend_reg;

always @* begin
    acc_next  = acc_reg;
    fill_next = fill_reg;
    pend_next = pend_reg;
    ov_next   = ov_reg;
    od_next   = od_reg;
    on_next   = on_reg;
    ol_next   = ol_reg;
    ot_next   = ot_reg;

    // After the rotation every wanted byte sits on its lane in the low word
    // (stream bytes below BYTES) or in the spill word (the rest); the lanes
    // outside the new bytes are taken from acc or zeroed. Which lanes take
    // a new byte is the count's mask n_mask rotated left by fill (fill <
    // BYTES always): lane i >= fill gets stream byte i when i < fill + n,
    // lane i < fill gets stream byte BYTES + i when BYTES + i < fill + n.
    // So the lane selects and the word-complete flags are a mask, a
    // rotation by a register and a choice, with no adder or comparison
    // behind the beat's byte count (the sum `total` feeds only the counts
    // fill and on; docs/fpga.md section 2). (The count comes in as a
    // count, not as an end lane, for the same reason.)
    total = fill_reg + in_n;
    for (j = 0; j < BYTES; j = j + 1) begin
        n_mask[j] = (j < in_n);
    end
    for (i = 0; i < BYTES; i = i + 1) begin
        new_lane[i] = 1'b0;
        for (j = 0; j < BYTES; j = j + 1) begin
            if (fill_reg[BYTES_LOG2-1:0] == j[BYTES_LOG2-1:0]) begin
                new_lane[i] = n_mask[(i + BYTES - j) % BYTES];
            end
        end
    end
    fills  = new_lane[BYTES-1];                   // BYTES - 1 < fill + n
    spills = (fill_reg != 0) && new_lane[0];      // BYTES < fill + n
    for (i = 0; i < BYTES; i = i + 1) begin
        if (i < fill_reg) begin
            lo_word[8*i +: 8] = acc_reg[8*i +: 8];
            hi_word[8*i +: 8] = new_lane[i] ? rot[8*i +: 8] : 8'd0;
        end else begin
            lo_word[8*i +: 8] = new_lane[i] ? rot[8*i +: 8] : 8'd0;
            hi_word[8*i +: 8] = 8'd0;
        end
    end

    if (out_ready) begin
        ov_next = 1'b0;
    end

    // The output word's registers load whenever the slot is free, with
    // the word that a tail or a beat would make: ov_next alone says
    // whether there is one. Their enable (the word is BYTES bytes wide) is
    // then slot_free, a register and out_ready, not in_valid and `drop`,
    // which in the reader come from the kill flags through the response
    // handshake (docs/fpga.md section 2).
    if (slot_free) begin
        if (pend_reg) begin
            od_next = acc_reg;
            on_next = fill_reg;
            ol_next = 1'b1;
        end else begin
            od_next = lo_word;
            on_next = fills ? BYTES[BYTES_LOG2:0] : total;
            ol_next = in_last && !spills;
            ot_next = in_tag;
        end
    end

    if (clear) begin
        fill_next = {(BYTES_LOG2+1){1'b0}};
        pend_next = 1'b0;
        ov_next   = 1'b0;
    end else if (drop) begin
        fill_next = {(BYTES_LOG2+1){1'b0}};
        pend_next = 1'b0;
    end else if (pend_reg) begin
        // acc was written from hi_word, which is zero at and above fill
        if (slot_free) begin
            ov_next   = 1'b1;
            fill_next = {(BYTES_LOG2+1){1'b0}};
            pend_next = 1'b0;
        end
    end else if (in_valid && slot_free) begin
        if (fills) begin
            ov_next   = 1'b1;
            acc_next  = hi_word;
            fill_next = total - BYTES[BYTES_LOG2:0];
            pend_next = in_last && spills;
        end else if (in_last) begin
            ov_next   = 1'b1;
            fill_next = {(BYTES_LOG2+1){1'b0}};
        end else begin
            acc_next  = lo_word;
            fill_next = total;
        end
    end
end

always @(posedge clk) begin
    if (rst) begin
        fill_reg <= {(BYTES_LOG2+1){1'b0}};
        pend_reg <= 1'b0;
        ov_reg   <= 1'b0;
    end else begin
        fill_reg <= fill_next;
        pend_reg <= pend_next;
        ov_reg   <= ov_next;
    end
    acc_reg <= acc_next;
    od_reg <= od_next;
    on_reg <= on_next;
    ol_reg <= ol_next;
    ot_reg <= ot_next;
end

`ifndef SYNTHESIS
`ifndef FORMAL
// the lane selects rotate by fill's low bits: fill must stay below BYTES
// (its top bit clear)
always @(posedge clk) begin
    if (!rst && fill_reg[BYTES_LOG2])
        $error("dma_pack: fill %0d is not below BYTES (instance %m)", fill_reg);
end
`endif
`endif

endmodule

`resetall
