// Properties of core_sem (included at the end of a copy of the module by
// formal/run_formal.sh).
//
// Waits only read `sems` (docs/core.md 5: a wait compares, it does not
// take), so a wait meeting a signal in the same cycle cannot disturb it;
// what could lose a signal is this unit's one update per cycle. For every
// semaphore k, the value one cycle later is
//     (a write to k this cycle ? its value : the old value)
//   + (the increment is for k ? its amount : 0)            (mod 2^32)
// and 0 after reset or clear; an increment of another semaphore, or of an
// index of SEMS or more, leaves k alone.
//
// Stated against the unit's one adder (sum = cur + inc_val): the checks
// are that the adder's operand is k's value, or the value written to k in
// the same cycle, and that its result lands on k and nowhere else. (A
// check against a second adder of its own makes the solver prove two
// 32-bit adders equal: minutes instead of seconds, for nothing more.)
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

genvar f_k;
generate for (f_k = 0; f_k < SEMS; f_k = f_k + 1) begin : f_sem
    wire [31:0] f_old  = sem_reg[32*f_k +: 32];
    wire        f_set  = set_valid && set_idx == f_k;
    wire        f_inc  = inc_valid && inc_idx == f_k;
    wire [31:0] f_base = f_set ? set_val : f_old;
    always @* begin
        if (f_inc) begin
            assert(cur == f_base);                     // the right operand
            assert(sem_next[32*f_k +: 32] == sum);     // the result lands on k
        end else begin
            assert(sem_next[32*f_k +: 32] == f_base);  // no other change
        end
    end
    always @(posedge clk) if (!f_init)
        assert(f_old == ($past(rst || clear) ? 32'd0 : $past(sem_next[32*f_k +: 32])));
end endgenerate

// the output is the state, nothing else: a waiter reads what was applied
always @* assert(sems == sem_reg);
`endif
