// The decoded tensor-engine operand (pe_unpack output, te_pe input): one
// packed word per element, so the stationary registers, the load pipeline
// and the per-row moving broadcast carry it as one bus.
//
//   [34:25]  etz     signed exp + tz + 1, tz = trailing zeros of 1.frac
//                    (0..10): for a product, e1 + tz(product) + 2 is the
//                    sum of the two etz fields (pe_mul's sticky bit)
//   [24]     nan     NaN, or a format code that is not an input format
//   [23]     inf     +-inf
//   [22]     zero    +-0
//   [21]     int     the element is int8 (int8 only multiplies int8)
//   [20]     sign    sign
//   [19:10]  exp     signed exponent + 64
//   [9:0]    frac    fraction: a nonzero finite value is
//                    (-1)^sign * 1.frac * 2^(exp - 64)
// Every nonzero finite element is normalized, subnormal inputs and int8
// values included (an int8 is an exact small float: -128..127 need at
// most 8 significant bits), so the product of two significands has its
// leading 1 at bit 21 or 20.
`ifndef PE_OPERAND_VH
`define PE_OPERAND_VH
`define PE_OP_W     35
`define PE_OP_ETZ   34:25
`define PE_OP_NAN   24
`define PE_OP_INF   23
`define PE_OP_ZERO  22
`define PE_OP_INT   21
`define PE_OP_SIGN  20
`define PE_OP_EXP   19:10
`define PE_OP_FRAC  9:0
`endif
