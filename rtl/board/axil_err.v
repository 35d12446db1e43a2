`resetall
`timescale 1ns / 1ps
`default_nettype none
/*
 * axil_err: an AXI4-Lite slave that answers every access with SLVERR
 * (reads: data 0). It stands in for the core's CSRs in the bridge-only
 * board build (ulx3s_top CORE=0, docs/board.md section 1), so that the
 * bridge's CSR path ends somewhere defined.
 *
 * AW and W are taken in any order; B the cycle after both. A read is
 * taken when AR is valid; R one cycle later. READYs come from flops.
 */
module axil_err (
    input  wire        clk,
    input  wire        rst,
    input  wire [11:0] s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [11:0] s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready
);

reg aw_reg, aw_next, w_reg, w_next;  // AW, W of the current write taken
reg bvalid_reg, bvalid_next, rvalid_reg, rvalid_next;

always @* begin
    aw_next     = aw_reg;
    w_next      = w_reg;
    bvalid_next = bvalid_reg;
    rvalid_next = rvalid_reg;
    if (bvalid_reg) begin
        if (s_axil_bready)
            bvalid_next = 1'b0;
    end else begin
        if (s_axil_awvalid)
            aw_next = 1'b1;
        if (s_axil_wvalid)
            w_next = 1'b1;
        if (aw_next && w_next) begin
            aw_next     = 1'b0;
            w_next      = 1'b0;
            bvalid_next = 1'b1;
        end
    end
    if (rvalid_reg) begin
        if (s_axil_rready)
            rvalid_next = 1'b0;
    end else if (s_axil_arvalid) begin
        rvalid_next = 1'b1;
    end
end

always @(posedge clk) begin
    aw_reg     <= aw_next;
    w_reg      <= w_next;
    bvalid_reg <= bvalid_next;
    rvalid_reg <= rvalid_next;
    if (rst) begin
        aw_reg     <= 1'b0;
        w_reg      <= 1'b0;
        bvalid_reg <= 1'b0;
        rvalid_reg <= 1'b0;
    end
end

assign s_axil_awready = !bvalid_reg && !aw_reg;
assign s_axil_wready  = !bvalid_reg && !w_reg;
assign s_axil_bvalid  = bvalid_reg;
assign s_axil_bresp   = 2'b10;
assign s_axil_arready = !rvalid_reg;
assign s_axil_rvalid  = rvalid_reg;
assign s_axil_rresp   = 2'b10;
assign s_axil_rdata   = 32'd0;

// addresses and data do not matter to the answer
wire unused = &{1'b0, s_axil_awaddr, s_axil_wdata, s_axil_araddr};

endmodule
`resetall
