// DMA engine constants shared by rtl/dma/*.v: error codes and the
// descriptor layout (docs/dma.md is the specification of both; the C model
// has the same values in cmodel/include/trnlite/dma.h).
`ifndef DMA_DEFS_VH
`define DMA_DEFS_VH

// Error codes (4 bits)
`define DMA_ERR_NONE       4'd0
`define DMA_ERR_RD_SLVERR  4'd1
`define DMA_ERR_RD_DECERR  4'd2
`define DMA_ERR_WR_SLVERR  4'd3
`define DMA_ERR_WR_DECERR  4'd4
`define DMA_ERR_SRC_WINDOW 4'd5
`define DMA_ERR_DST_WINDOW 4'd6
`define DMA_ERR_SRC_RANGE  4'd7
`define DMA_ERR_DST_RANGE  4'd8
`define DMA_ERR_BAD_SPACE  4'd9
`define DMA_ERR_BAD_FMT    4'd10
`define DMA_ERR_BAD_STRIDE 4'd11
`define DMA_ERR_BAD_COUNT  4'd12
`define DMA_ERR_BAD_QUEUE  4'd13  // engine-level (desc_err_*), not per queue

// Memory spaces (2 bits)
`define DMA_SPACE_DRAM 2'd0
`define DMA_SPACE_SBUF 2'd1
`define DMA_SPACE_PSUM 2'd2

// Descriptor: 20 little-endian 32-bit words, word i = desc[32*i +: 32]
`define DMA_DESC_WIDTH 640
`define DMA_W_CTRL      0   // [2:0] src fmt, [5:3] dst fmt, [7:6] src space,
                            // [9:8] dst space, [10] round, [11] saturate
`define DMA_W_SEED      1
`define DMA_W_CBASE     2   // coordinate of the first destination element
`define DMA_W_CSTRIDE0  3   // coordinate step per destination dim 0..2
`define DMA_W_SRC_ADDR  6   // words 6 (low), 7 (high)
`define DMA_W_SRC_CNT0  8
`define DMA_W_SRC_CNT12 9   // [15:0] count1, [31:16] count2
`define DMA_W_SRC_STR0  10  // words 10..12: byte strides of dims 0..2
`define DMA_W_DST_ADDR  13
`define DMA_W_DST_CNT0  15
`define DMA_W_DST_CNT12 16
`define DMA_W_DST_STR0  17

`endif
