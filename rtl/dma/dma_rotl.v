`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_rotl: rotates a word left by a number of bytes: input byte j comes
 * out on lane (j + amt) mod BYTES. A logarithmic shifter written as
 * explicit stages, one 2:1 multiplexer per bit and stage (BYTES_LOG2
 * stages), which is what the byte alignment in dma_pack and dma_wr costs.
 *
 * Combinational; no clock, no handshake.
 */
module dma_rotl #(
    parameter BYTES      = 16,  // bytes per word (a power of 2)
    parameter BYTES_LOG2 = 4    // log2(BYTES)
) (
    input  wire [8*BYTES-1:0]    in_data,
    input  wire [BYTES_LOG2-1:0] amt,
    output wire [8*BYTES-1:0]    out_data
);

// stage s outputs the word rotated by amt[s:0]
genvar s;
generate
    for (s = 0; s < BYTES_LOG2; s = s + 1) begin : rot
        wire [8*BYTES-1:0] in_word;
        wire [8*BYTES-1:0] out_word;
        if (s == 0) begin : first
            assign in_word = in_data;
        end else begin : next
            assign in_word = rot[s-1].out_word;
        end
        // rotation by 2^s bytes: the top 2^s bytes wrap to the bottom
        assign out_word = amt[s] ? {in_word[8*BYTES-1-8*(1<<s):0], in_word[8*BYTES-1 -: 8*(1<<s)]}
                                 : in_word;
    end
endgenerate

assign out_data = rot[BYTES_LOG2-1].out_word;

endmodule

`resetall
