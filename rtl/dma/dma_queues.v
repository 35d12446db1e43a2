`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_queues: the descriptor queues of dma_engine, QUEUES FIFOs of
 * 2^DEPTH_LOG2 entries of WIDTH bits sharing one storage array (address
 * {queue, slot}), so that the head of the selected queue comes out of the
 * array's read port instead of a QUEUES-way multiplexer of WIDTH bits.
 * Each queue behaves as a dma_fifo: an entry written in one cycle can be
 * read in the next; `flush[q]` empties queue q (a push to q in the same
 * cycle is dropped: its entry goes to a slot outside the queue).
 *
 * Handshake: push[q] writes in_data into queue q when not_full[q];
 * out_data is the head of the queue selected by the one-hot head_sel
 * (valid while not_empty of that queue); pop removes it. Reset empties
 * every queue; the array is not reset (it maps to distributed RAM).
 */
module dma_queues #(
    parameter QUEUES     = 4,    // number of queues (>= 2)
    parameter DEPTH_LOG2 = 1,    // log2 of entries per queue (>= 1)
    parameter WIDTH      = 640   // bits per entry
) (
    input  wire              clk,
    input  wire              rst,
    input  wire [QUEUES-1:0] push,      // at most one bit set
    input  wire [WIDTH-1:0]  in_data,
    output wire [QUEUES-1:0] not_full,
    output wire [QUEUES-1:0] not_empty,
    input  wire [QUEUES-1:0] head_sel,  // one-hot
    input  wire              pop,       // remove the head of head_sel's queue
    input  wire [QUEUES-1:0] flush,
    output wire [WIDTH-1:0]  out_data
);

localparam QA = (QUEUES > 1) ? $clog2(QUEUES) : 1;
localparam PW = DEPTH_LOG2 + 1;          // pointer bits (one wrap bit)

reg [WIDTH-1:0]         mem [0:(QUEUES << DEPTH_LOG2)-1];
reg [QUEUES*PW-1:0]     wr_ptr_reg, wr_ptr_next;
reg [QUEUES*PW-1:0]     rd_ptr_reg, rd_ptr_next;

reg [QUEUES-1:0]        full;
reg [QUEUES-1:0]        empty;
reg [QA-1:0]            wq;          // pushed queue, binary
reg [DEPTH_LOG2-1:0]    wslot;
reg                     we;
reg [QA-1:0]            rq;          // selected queue, binary
reg [DEPTH_LOG2-1:0]    rslot;
integer                 k;
integer                 m;

assign not_full  = ~full;
assign not_empty = ~empty;
assign out_data  = mem[{rq, rslot}];

always @* begin
    for (m = 0; m < QUEUES; m = m + 1) begin
        full[m]  = (wr_ptr_reg[PW*m + DEPTH_LOG2] != rd_ptr_reg[PW*m + DEPTH_LOG2]) &&
                   (wr_ptr_reg[PW*m +: DEPTH_LOG2] == rd_ptr_reg[PW*m +: DEPTH_LOG2]);
        empty[m] = (wr_ptr_reg[PW*m +: PW] == rd_ptr_reg[PW*m +: PW]);
    end
end

always @* begin
    wr_ptr_next = wr_ptr_reg;
    rd_ptr_next = rd_ptr_reg;
    wq    = {QA{1'b0}};
    wslot = {DEPTH_LOG2{1'b0}};
    rq    = {QA{1'b0}};
    rslot = {DEPTH_LOG2{1'b0}};
    we    = 1'b0;
    for (k = 0; k < QUEUES; k = k + 1) begin
        // one-hot to binary, and the slots of the pushed and selected queues
        if (push[k]) begin
            wq    = wq | k[QA-1:0];
            wslot = wslot | wr_ptr_reg[PW*k +: DEPTH_LOG2];
        end
        if (head_sel[k]) begin
            rq    = rq | k[QA-1:0];
            rslot = rslot | rd_ptr_reg[PW*k +: DEPTH_LOG2];
        end
        // The array is written on every push to a queue that is not full,
        // flushed or not: the write enable fans out to the whole array, so
        // it must not wait for the flush (late control logic). A flushed
        // push writes the slot at wr_ptr, which the flush leaves outside
        // the queue (rd_ptr = wr_ptr, not advanced): never read, and
        // overwritten by the next push.
        if (push[k] && !full[k]) begin
            we = 1'b1;
        end
        if (flush[k]) begin
            rd_ptr_next[PW*k +: PW] = wr_ptr_reg[PW*k +: PW];
        end else begin
            if (push[k] && !full[k]) begin
                wr_ptr_next[PW*k +: PW] = wr_ptr_reg[PW*k +: PW] + 1'b1;
            end
            if (pop && head_sel[k] && !empty[k]) begin
                rd_ptr_next[PW*k +: PW] = rd_ptr_reg[PW*k +: PW] + 1'b1;
            end
        end
    end
end

always @(posedge clk) begin
    if (rst) begin
        wr_ptr_reg <= {QUEUES*PW{1'b0}};
        rd_ptr_reg <= {QUEUES*PW{1'b0}};
    end else begin
        wr_ptr_reg <= wr_ptr_next;
        rd_ptr_reg <= rd_ptr_next;
    end
end

// Storage: written only, never reset (maps to distributed RAM).
always @(posedge clk) begin
    if (we) begin
        mem[{wq, wslot}] <= in_data;
    end
end

endmodule

`resetall
