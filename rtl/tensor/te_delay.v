`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * te_delay: a fixed delay line, `out` = `in` of DELAY cycles earlier. The
 * tensor engine's per-row skews (the moving operand delayed to its row's
 * stage, the decoded stationary rows to theirs) are such lines, up to
 * 6 * (ROWS - 1) + 1 cycles of up to COLS x 35 bits: as flip-flop chains
 * they were about 12k flip-flops at 8 x 8, each fed by the one before it
 * through its slice's bypass input, which is what the ECP5 router ran out
 * of (docs/fpga.md sections 2 and 3b).
 *
 * DELAY below MIN_RAM: a chain of registers (DELAY = 0: a wire). From
 * MIN_RAM on: a circular buffer of 2^ceil(log2(DELAY)) entries, written
 * every cycle, whose registered read is the output: the entry written
 * DELAY - 1 cycles before the read. Yosys maps it to LUT RAM or block
 * RAM by its size, unless it holds BLOCK_BITS bits or more (BLOCK_BITS >
 * 0), which asks for block RAM (a device short of logic cells and not of
 * block RAM: LUT RAM takes 6 of them per 16 x 4 bits). Read and write never meet on one entry (the distance DELAY - 1
 * is neither 0 nor a multiple of the depth), hence no_rw_check.
 *
 * No handshake: every cycle shifts. Reset sets the two pointers only; what
 * comes out in the first DELAY cycles after reset is whatever the entries
 * held, as with the register chain (the users' valid bits travel in reset
 * pipelines of their own).
 */
module te_delay #(
    parameter WIDTH   = 8,   // bits per entry (>= 1)
    parameter DELAY   = 1,   // cycles (>= 0)
    parameter MIN_RAM = 4,   // shortest delay kept in RAM (>= 2)
    parameter BLOCK_BITS = 0 // the RAM form in block RAM (ram_style) from this many bits on; 0: never asked
) (
    input  wire             clk,
    input  wire             rst,
    input  wire [WIDTH-1:0] in,
    output wire [WIDTH-1:0] out
);

// parameter checks synthesis sees too
generate
    if (WIDTH < 1 || DELAY < 0 || MIN_RAM < 2 || BLOCK_BITS < 0) begin : bad_params
        te_delay_needs_width_1_delay_0_min_ram_2_block_bits_0 check ();
    end
endgenerate

generate
    if (DELAY == 0) begin : wire_only
        assign out = in;
        // clk and rst serve the other forms
        wire unused_clk_rst = clk ^ rst;
    end else if (DELAY < MIN_RAM) begin : chain
        reg [WIDTH*DELAY-1:0] chain_reg;
        if (DELAY == 1) begin : one
            always @(posedge clk)
                chain_reg <= in;
        end else begin : more
            always @(posedge clk)
                chain_reg <= {chain_reg[WIDTH*(DELAY-1)-1:0], in};
        end
        assign out = chain_reg[WIDTH*DELAY-1 -: WIDTH];
        wire unused_rst = rst;
    end else begin : ram
        localparam integer AW    = $clog2(DELAY);
        localparam integer DEPTH = 1 << AW;
        // the read pointer runs DELAY - 1 entries behind the write pointer
        localparam integer RP0   = DEPTH - (DELAY - 1);

        reg [AW-1:0]    wp_reg, rp_reg;
        reg [WIDTH-1:0] out_reg;

        always @(posedge clk) begin
            if (rst) begin
                wp_reg <= {AW{1'b0}};
                rp_reg <= RP0[AW-1:0];
            end else begin
                wp_reg <= wp_reg + {{(AW-1){1'b0}}, 1'b1};
                rp_reg <= rp_reg + {{(AW-1){1'b0}}, 1'b1};
            end
        end

        // the same memory twice, with and without the attribute (Verilog
        // 2005 has no parameterized attributes)
        if (BLOCK_BITS > 0 && DEPTH * WIDTH >= BLOCK_BITS) begin : block
            (* ram_style = "block", no_rw_check *)
            reg [WIDTH-1:0] mem [0:DEPTH-1];
            always @(posedge clk) begin
                mem[wp_reg] <= in;
                out_reg     <= mem[rp_reg];
            end
        end else begin : any
            (* no_rw_check *)
            reg [WIDTH-1:0] mem [0:DEPTH-1];
            always @(posedge clk) begin
                mem[wp_reg] <= in;
                out_reg     <= mem[rp_reg];
            end
        end
        assign out = out_reg;
    end
endgenerate

endmodule

`resetall
