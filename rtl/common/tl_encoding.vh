// trnlite field encodings for the RTL.
// Generated from cmodel/include/trnlite/encoding.def by `make gen`;
// do not edit (test_encoding fails when this file is stale).
`ifndef TL_ENCODING_VH
`define TL_ENCODING_VH
`define TL_FMT_FP32 3'h0
`define TL_FMT_BF16 3'h1
`define TL_FMT_FP16 3'h2
`define TL_FMT_E4M3 3'h3
`define TL_FMT_E5M2 3'h4
`define TL_FMT_INT8 3'h5
`define TL_FMT_INT32 3'h6
`define TL_RND_RNE 1'h0
`define TL_RND_SR 1'h1
`define TL_QNAN_FP32 32'h7fc00000
`define TL_QNAN_BF16 16'h7fc0
`define TL_QNAN_FP16 16'h7e00
`define TL_QNAN_E4M3 8'h7f
`define TL_QNAN_E5M2 8'h7e
`endif
