// The decoded tensor-engine operand (pe_unpack output, te_pe input): one
// packed word per element, so the stationary registers, the load pipeline
// and the per-row moving broadcast carry it as one bus.
//
//   [26]     nan     NaN, or a format code that is not an input format
//   [25]     inf     +-inf
//   [24]     zero    +-0 (float formats)
//   [23]     int     the element is int8
//   [22]     sign    float sign
//   [21:12]  exp     signed exponent + 64: value = 1.f * 2^(exp - 64)
//   [11:0]   sig     float: {0, 1, f[9:0]} (leading 1 always at bit 10,
//                    subnormal inputs normalized); int8: the value
//                    sign-extended to 12 bits (a signed multiplier operand)
`ifndef PE_OPERAND_VH
`define PE_OPERAND_VH
`define PE_OP_W     27
`define PE_OP_NAN   26
`define PE_OP_INF   25
`define PE_OP_ZERO  24
`define PE_OP_INT   23
`define PE_OP_SIGN  22
`define PE_OP_EXP   21:12
`define PE_OP_SIG   11:0
`endif
