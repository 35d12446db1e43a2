// Timing of the core's SBUF and PSUM word ports (docs/core.md section 11),
// shared by core_sbuf, core_psum and every engine that reads them.
`ifndef CORE_MEM_VH
`define CORE_MEM_VH
// cycles from a read request taken to its *_rsp_valid / rd_rsp_data:
// the block RAM's address register, then its registered output
`define CORE_MEM_RL 2
`endif
