/*
 * Whole-core model: command processing (CHECKLIST "Command processing"),
 * CSRs, semaphores, interrupts, the DRAM window. One named test per
 * invalid-program kind; each checks the error record, that the queue
 * stopped, that the interrupt rose, and that nothing was written.
 */
#include <stdlib.h>
#include <string.h>

#include "core_harness.h"
#include "tl_test.h"

static tl_core_config small_cfg(void)
{
    tl_core_config g;
    tl_core_config_default(&g);
    g.rows = g.cols = 4;
    g.sbuf_part_log2 = 12;
    g.psum_bank_log2 = 6;
    return g;
}

static ch *small(void)
{
    tl_core_config g = small_cfg();
    ch *h = ch_create(&g);
    ch_wr(h, CSR(IRQ_ENABLE), 7);
    return h;
}

/* Snapshot of every memory the core can write. */
typedef struct {
    uint8_t *dram, *sbuf, *psum;
} snap;

static snap take(ch *h)
{
    snap s;
    size_t sb = (size_t)h->cfg.rows << h->cfg.sbuf_part_log2;
    size_t pe = (size_t)h->cfg.psum_banks << h->cfg.psum_bank_log2;
    s.dram = malloc(CH_DRAM_SIZE);
    s.sbuf = malloc(sb);
    s.psum = malloc(h->cfg.cols * pe * 4);
    memcpy(s.dram, h->dram, CH_DRAM_SIZE);
    memcpy(s.sbuf, tl_core_sbuf(h->core, 0), sb);
    for (unsigned p = 0; p < h->cfg.cols; p++)
        for (uint32_t e = 0; e < pe; e++)
            st_le(s.psum + 4 * (p * pe + e), 4, tl_core_psum_get(h->core, p, e));
    return s;
}

/* Nothing changed since s, except the bytes of DRAM [lo, hi) (the rings). */
static void same(ch *h, snap s, uint64_t lo, uint64_t hi)
{
    snap n = take(h);
    size_t l = lo - CH_DRAM_BASE, r = hi - CH_DRAM_BASE;
    ck_assert_msg(memcmp(n.dram, s.dram, l) == 0 && memcmp(n.dram + r, s.dram + r, CH_DRAM_SIZE - r) == 0,
                  "DRAM changed outside [0x%llx, 0x%llx)", (unsigned long long)lo, (unsigned long long)hi);
    ck_assert_msg(memcmp(n.sbuf, s.sbuf, (size_t)h->cfg.rows << h->cfg.sbuf_part_log2) == 0, "SBUF changed");
    ck_assert_msg(memcmp(n.psum, s.psum, (size_t)h->cfg.cols * (h->cfg.psum_banks << h->cfg.psum_bank_log2) * 4) == 0,
                  "PSUM changed");
    free(n.dram); free(n.sbuf); free(n.psum);
    free(s.dram); free(s.sbuf); free(s.psum);
}

/* The error record names (code, engine, slot), the engine stopped there,
 * the interrupt is up. */
static void expect_error(ch *h, unsigned code, unsigned e, unsigned slot)
{
    ck_assert_msg(ch_rd(h, CSR(ERR_CODE)) == code, "ERR_CODE %u (%s), want %u (%s)", ch_rd(h, CSR(ERR_CODE)),
                  tl_isa_strerror(ch_rd(h, CSR(ERR_CODE))), code, tl_isa_strerror(code));
    uint32_t eng = ch_rd(h, CSR(ERR_ENGINE));
    ck_assert_uint_eq(eng & TRNLITE_CSR__ERR_ENGINE__ENGINE_bm, e);
    ck_assert(eng >> TRNLITE_CSR__ERR_ENGINE__STOPPED_bp >> e & 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_PC_LO)) | (uint64_t)ch_rd(h, CSR(ERR_PC_HI)) << 32, ch_slot(e, slot));
    ck_assert_uint_eq(ch_rd(h, CSR_Q(e, HEAD)), slot);
    ck_assert(ch_rd(h, CSR(IRQ_STATUS)) & 1);
    ck_assert(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__ERROR_bm);
    ck_assert(tl_core_irq(h->core));
}

/* Push a bad instruction then a signalling NOP to engine e; run; the NOP
 * must not run (queue stopped) and nothing may be written. */
static void bad_insn(const uint32_t *in, unsigned e, unsigned code)
{
    ch *h = small();
    tl_insn nop;
    insn_nop(nop, -1, 0, 0, 1);
    snap s = take(h);
    ch_push(h, e, in);
    ch_push(h, e, nop);
    ch_run(h);
    expect_error(h, code, e, 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(0)), 0);
    same(h, s, CH_DRAM_BASE, CH_DATA_BASE);
    ch_free(h);
}

START_TEST(csr_identity_and_config)
{
    tl_core_config g = small_cfg();
    g.sems = 20;
    g.dma_queues = 3;
    g.data_width = 256;
    g.addr_width = 40;
    ch *h = ch_create(&g);
    ck_assert_uint_eq(ch_rd(h, CSR(ID)), 0x54524E4Cu);
    ck_assert_uint_eq(ch_rd(h, CSR(VERSION)), 0x100u);
    ck_assert_uint_eq(ch_rd(h, CSR(CFG_ARRAY)), 4u | 4u << 8 | 20u << 16 | 3u << 24);
    ck_assert_uint_eq(ch_rd(h, CSR(CFG_MEM)), 12u | 4u << 8 | 6u << 16 | 5u << 24);
    ck_assert_uint_eq(ch_rd(h, CSR(CFG_FMT)), 0x3Eu | 0x1Fu << 8 | 1u << 16);
    ck_assert_uint_eq(ch_rd(h, CSR(CFG_ADDR)), 40);
    ck_assert_uint_eq(ch_rd(h, CSR(WATCHDOG)), 1u << 24);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)), TRNLITE_CSR__STATUS__IDLE_bm);
    /* read-only and unmapped registers; semaphores beyond SEMS */
    ch_wr(h, CSR(ID), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ID)), 0x54524E4Cu);
    ck_assert_uint_eq(ch_rd(h, 0x018), 0);
    ck_assert_uint_eq(ch_rd(h, 0xFFC), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CLEAR)), 0);
    ch_wr(h, CSR_SEM(19), 7);
    ch_wr(h, CSR_SEM(20), 7);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(19)), 7);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(20)), 0);
    ch_wr(h, CSR_Q(1, SIZE), 0xFFFFFFFF);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, SIZE)), 0x1FFFF);
    ck_assert_uint_eq(ch_rd(h, CSR(CTRL)), 1);
    /* a bad configuration is refused with a message, not a crash */
    tl_core *c;
    g.psum_banks = 3;
    ck_assert_int_eq(tl_core_create(&g, &c), TL_CORE_EINVAL);
    ck_assert_ptr_null(c);
    ck_assert_str_eq(tl_core_strerror(TL_CORE_EINVAL), "core configuration value out of range");
    ch_free(h);
}
END_TEST

START_TEST(illegal_opcode)
{
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    bad_insn(in, 1, TL_ISA_ERR_BAD_OPCODE);
    insn_hdr(in, TL_ISA_OP_MATMUL, -1, 0, -1, 0); /* the TE's opcode in the ACT ring */
    bad_insn(in, 2, TL_ISA_ERR_BAD_OPCODE);
    insn_hdr(in, TL_ISA_OP_ACTIVATE, -1, 0, -1, 0);
    bad_insn(in, 0, TL_ISA_ERR_BAD_OPCODE);
}
END_TEST

/* Other engines keep running after one stops. */
START_TEST(other_engines_keep_running)
{
    ch *h = small();
    tl_insn bad, nop;
    insn_hdr(bad, 0x7F, -1, 0, -1, 0);
    insn_nop(nop, -1, 0, 2, 5);
    ch_push(h, 1, bad);
    ch_push(h, 0, nop);
    ch_push(h, 2, nop);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_BAD_OPCODE, 1, 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(2)), 10);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 16, 2);
    ch_free(h);
}
END_TEST

START_TEST(reserved_bits_nonzero)
{
    tl_insn in;
    insn_nop(in, -1, 0, -1, 0);
    in[3] = 1;
    bad_insn(in, 0, TL_ISA_ERR_BAD_RESERVED);
    insn_nop(in, -1, 0, -1, 0);
    in[0] |= 1u << 30;
    bad_insn(in, 2, TL_ISA_ERR_BAD_RESERVED);
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 1, 1, 1, 0, 0, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm);
    in[31] = 0x80000000u;
    bad_insn(in, 1, TL_ISA_ERR_BAD_RESERVED);
    insn_matmul(in, -1, 0, -1, 0, &mm);
    in[4] |= 1u << 7; /* between fmt_x and start */
    bad_insn(in, 1, TL_ISA_ERR_BAD_RESERVED);
    ew_args ew = {.a_space = 1, .a_fmt = TL_FMT_BF16, .b_space = 1, .b_fmt = TL_FMT_BF16, .out_space = 1,
                  .out_fmt = TL_FMT_BF16, .P = 1, .F = 1};
    insn_ew(in, -1, 0, -1, 0, &ew);
    in[9] = 4; /* ACTIVATE's scale word is reserved in ELEMWISE */
    bad_insn(in, 2, TL_ISA_ERR_BAD_RESERVED);
    /* a DMA instruction: words 5..7 reserved */
    tl_dma_desc d;
    desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 1, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    in[6] = 1;
    bad_insn(in, 0, TL_ISA_ERR_BAD_RESERVED);
}
END_TEST

START_TEST(sbuf_address_out_of_range)
{
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 4096 - 14, 0};
    insn_matmul(in, -1, 0, -1, 0, &mm); /* X: 8 bf16 from 4082 pass 4096 */
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE);
    mm.x_off = 1; /* not a multiple of the element size */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE);
    mm.x_off = 0;
    mm.w_off = 0xFFFFFFF8u; /* no wrap-around */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_SBUF_RANGE);
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 16, .out_off = 4096 - 30, .scale = 0x3F800000};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE);
    a.out_off = 0;
    a.bias_pp = 1;
    a.bias = 4094; /* per-partition bias beyond the partition */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_SBUF_RANGE);
}
END_TEST

START_TEST(psum_address_out_of_range)
{
    tl_insn in;
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 60}; /* bank of 64: 60..67 crosses */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_PSUM_RANGE);
    mm.e0 = 4 * 64 - 4; /* 252..259: past the last of 256 entries */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_PSUM_RANGE);
    act_args a = {.in_space = 2, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 8, .in_off = 256};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_PSUM_RANGE);
}
END_TEST

START_TEST(overlapping_tiles)
{
    /* in place (same space, offset and element size) is fine; any other
     * meeting of the output with a data input is OVERLAP (core.md 11) */
    tl_insn in;
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 16, .in_off = 0, .out_off = 32, .scale = 0x3F800000};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP);
    a.out_off = 0; /* same offset, other element size */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP);
    ew_args e = {.a_space = 2, .a_fmt = TL_FMT_FP32, .b_space = 1, .b_fmt = TL_FMT_BF16,
                 .out_space = 2, .out_fmt = TL_FMT_FP32, .P = 2, .F = 8, .a_off = 4, .out_off = 0};
    insn_ew(in, -1, 0, -1, 0, &e); /* PSUM entries 4..11 against 0..7 */
    bad_insn(in, 2, TL_ISA_ERR_OVERLAP);
    /* in place and a per-partition scale inside the output: accepted */
    ch *h = ch_create(NULL);
    a.out_fmt = TL_FMT_FP32;
    a.scale_pp = 1;
    a.scale = 8;
    insn_act(in, -1, 0, -1, 0, &a);
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ch_free(h);
}
END_TEST

START_TEST(bad_format_code)
{
    tl_insn in;
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_BF16, .out_space = 1, .out_fmt = 7, .P = 1, .F = 1};
    insn_act(in, -1, 0, -1, 0, &a); /* format code 7 */
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    a.out_fmt = TL_FMT_INT8; /* an integer output */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    a.out_fmt = TL_FMT_BF16;
    a.in_fmt = TL_FMT_INT32; /* int32 into the activation engine */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    a.in_fmt = TL_FMT_BF16;
    a.in_space = 3; /* space code 3 */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    a.in_space = 2; /* bf16 in PSUM */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    a.in_space = 1;
    a.func = 2; /* function code */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_FORMAT);
    mm_args mm = {TL_FMT_INT8, TL_FMT_BF16, 1, 1, 1, 1, 1, 0, 0, 0}; /* int8 with a float */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_FORMAT);
    mm.fw = mm.fx = TL_FMT_FP32; /* fp32 is not a tensor-engine input */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_FORMAT);
    tl_dma_desc d; /* the DMA's own format check: 16 + BAD_FMT */
    desc_to_chip(&d, CH_DATA_BASE, 7, 1, 1, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, -1, 0, 0, &d);
    bad_insn(in, 0, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_FMT);
}
END_TEST

START_TEST(bad_shape)
{
    tl_insn in;
    mm_args base = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 4, 8, 0, 0, 0}, mm;
    unsigned *fields[] = {&mm.K, &mm.K, &mm.M, &mm.M, &mm.N, &mm.N};
    unsigned vals[] = {0, 5, 0, 5, 0, 65};
    for (unsigned i = 0; i < 6; i++) {
        mm = base;
        *fields[i] = vals[i];
        insn_matmul(in, -1, 0, -1, 0, &mm);
        bad_insn(in, 1, TL_ISA_ERR_BAD_SHAPE);
    }
    mm = base;
    mm.load = 0; /* reuse with no tile loaded */
    insn_matmul(in, -1, 0, -1, 0, &mm);
    bad_insn(in, 1, TL_ISA_ERR_BAD_SHAPE);
    act_args a = {.in_space = 1, .in_fmt = TL_FMT_BF16, .out_space = 1, .out_fmt = TL_FMT_BF16, .P = 0, .F = 1};
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE);
    a.P = 2;
    a.p0 = 3; /* partitions 3..4 of 4 */
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE);
    a.p0 = 0;
    a.F = 0;
    insn_act(in, -1, 0, -1, 0, &a);
    bad_insn(in, 2, TL_ISA_ERR_BAD_SHAPE);
}
END_TEST

START_TEST(bad_sem)
{
    tl_insn in;
    insn_nop(in, 16, 0, -1, 0); /* SEMS = 16 */
    bad_insn(in, 1, TL_ISA_ERR_BAD_SEM);
    insn_nop(in, -1, 0, 31, 1);
    bad_insn(in, 0, TL_ISA_ERR_BAD_SEM);
    /* an index beyond SEMS with its enable clear is no error */
    ch *h = small();
    insn_nop(in, -1, 0, 3, 1);
    in[0] |= 31u << 8;
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(3)), 1);
    ch_free(h);
}
END_TEST

START_TEST(dma_bad_queue)
{
    ch *h = small();
    tl_insn in;
    tl_dma_desc d;
    desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 1, 4, 1, 12, 0, 0, TL_FMT_FP32);
    insn_dma(in, -1, 0, 0, 1, 9, &d); /* 4 queues */
    snap s = take(h);
    ch_push(h, 0, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_DMA + TL_DMA_ERR_BAD_QUEUE, 0, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 4 & 15, 9);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(0)), 0);
    same(h, s, CH_DRAM_BASE, CH_DATA_BASE);
    ch_free(h);
}
END_TEST

START_TEST(wait_nobody_signals_times_out)
{
    ch *h = small();
    tl_insn in;
    insn_nop(in, 3, 1, 4, 1);
    ch_push(h, 1, in);
    uint64_t steps = ch_run(h);
    ck_assert_uint_eq(steps, 1); /* the watchdog firing: no hang */
    expect_error(h, TL_ISA_ERR_WAIT_TIMEOUT, 1, 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(4)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__WAITING_bm, 0);
    ch_free(h);

    /* two engines wait on each other: both stop, the lower one is recorded */
    h = small();
    insn_nop(in, 5, 1, 6, 1);
    ch_push(h, 2, in);
    insn_nop(in, 6, 1, 5, 1);
    ch_push(h, 1, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_WAIT_TIMEOUT, 1, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 16, 6);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, HEAD)), 0);
    ch_free(h);
}
END_TEST

START_TEST(watchdog_zero_waits_for_host)
{
    ch *h = small();
    ch_wr(h, CSR(WATCHDOG), 0);
    tl_insn in;
    insn_nop(in, 3, 2, 4, 1);
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    uint32_t st = ch_rd(h, CSR(STATUS));
    ck_assert_uint_eq(st & TRNLITE_CSR__STATUS__WAITING_bm, 4u << 4);
    ck_assert_uint_eq(st & TRNLITE_CSR__STATUS__BUSY_bm, 4u);
    ck_assert_uint_eq(st & TRNLITE_CSR__STATUS__IDLE_bm, 0);
    ch_wr(h, CSR_SEM_ADD(3), 1);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(4)), 0); /* 1 < 2: still waiting */
    ch_wr(h, CSR_SEM_ADD(3), 1);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(4)), 1);
    ck_assert(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__IDLE_bm);
    ch_free(h);
}
END_TEST

START_TEST(semaphore_semantics)
{
    ch *h = small();
    tl_insn in;
    /* several signals add up, from several engines */
    for (unsigned e = 0; e < 3; e++) {
        insn_nop(in, -1, 0, 1, 10 + e);
        ch_push(h, e, in);
        ch_push(h, e, in);
    }
    /* a wait for exactly the sum passes; one more would not */
    insn_nop(in, 1, 66, 2, 1);
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(1)), 66);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(2)), 1);
    /* unsigned compare: 0x80000000 >= 5; additions wrap mod 2^32 */
    ch_wr(h, CSR_SEM(7), 0x80000000u);
    insn_nop(in, 7, 5, 8, 0xFFFFFFFFu);
    ch_push(h, 0, in);
    ch_wr(h, CSR_SEM(8), 3);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(8)), 2);
    ch_wr(h, CSR_SEM_ADD(8), 0xFFFFFFFFu);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(8)), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    /* a host write releases a wait; signals of waiting instructions come
     * after their wait */
    ch_wr(h, CSR(WATCHDOG), 0);
    insn_nop(in, 9, 1, 10, 1);
    ch_push(h, 2, in);
    insn_nop(in, 10, 1, 11, 1);
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(11)), 0);
    ch_wr(h, CSR_SEM(9), 1);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(10)), 1);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(11)), 1);
    ch_free(h);
}
END_TEST

/* A fresh program on a core with a clean state: DMA 4 fp32 in, matmul, out. */
static void good_program(ch *h, uint32_t tag)
{
    tl_insn in;
    tl_dma_desc d;
    uint64_t src = CH_DATA_BASE + 0x1000, dst = CH_DATA_BASE + 0x2000;
    for (unsigned i = 0; i < 4; i++)
        st_le(ch_mem(h, src + 2 * i), 2, 0x3F80 + i + tag); /* bf16 around 1 */
    desc_to_chip(&d, src, TL_FMT_BF16, 4, 1, 1, 12, 0, 0, TL_FMT_BF16); /* W[k][0], k < 4 */
    insn_dma(in, -1, 0, 0, 1, 0, &d);
    ch_push(h, 0, in);
    desc_to_chip(&d, src, TL_FMT_BF16, 4, 1, 1, 12, 0, 64, TL_FMT_BF16); /* X[k][0] = W */
    insn_dma(in, -1, 0, 0, 1, 1, &d);
    ch_push(h, 0, in);
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 4, 1, 1, 0, 64, 3};
    insn_matmul(in, 0, 2, 1, 1, &mm);
    ch_push(h, 1, in);
    desc_from_chip(&d, 2, ch_psum_part_log2(&h->cfg), 0, 3, TL_FMT_FP32, 1, 1, dst, TL_FMT_FP32, 0, 0);
    insn_dma(in, 1, 1, 2, 1, 2, &d);
    ch_push(h, 0, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(2)), 1);
    uint32_t acc = 0;
    for (unsigned k = 0; k < 4; k++) {
        uint32_t v = tl_widen(TL_FMT_BF16, 0x3F80 + k + tag);
        acc = tl_f32_add(acc, tl_f32_mul(v, v));
    }
    ck_assert_uint_eq(ld_le(ch_mem(h, dst), 4), acc);
}

START_TEST(second_program_after_error)
{
    ch *h = small();
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    ch_push(h, 1, in);
    insn_nop(in, -1, 0, 0, 1);
    ch_push(h, 1, in);
    ch_push(h, 0, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_BAD_OPCODE, 1, 0);
    /* recover: clear the record and the interrupt, reset the stopped ring */
    ch_wr(h, CSR(ERR_CLEAR), 1);
    ck_assert(tl_core_irq(h->core)); /* ERR_CLEAR leaves IRQ_STATUS */
    ch_wr(h, CSR(IRQ_STATUS), 1);
    ck_assert(!tl_core_irq(h->core));
    ch_wr(h, CSR_Q(1, CTRL), 1);
    h->tail[1] = 0;
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, HEAD)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)), 0);
    for (unsigned s = 0; s < 16; s++)
        ch_wr(h, CSR_SEM(s), 0);
    good_program(h, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__ERROR_bm, 0);
    ch_free(h);
}
END_TEST

START_TEST(soft_reset_mid_program)
{
    ch *h = small();
    ch_wr(h, CSR(WATCHDOG), 0);
    tl_insn in;
    insn_nop(in, -1, 0, 5, 1);
    ch_push(h, 2, in);
    insn_nop(in, 9, 1, 5, 1); /* waits for the host, who resets instead */
    ch_push(h, 2, in);
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(5)), 1);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, HEAD)), 1);
    ch_wr(h, CSR(CTRL), 2);
    ck_assert_uint_eq(ch_rd(h, CSR(CTRL)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(5)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, HEAD)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, TAIL)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_STATUS)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)), TRNLITE_CSR__STATUS__IDLE_bm);
    /* kept: ring base and size, window, watchdog, enables */
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, BASE_LO)), (uint32_t)ch_slot(2, 0));
    ck_assert_uint_eq(ch_rd(h, CSR_Q(2, SIZE)), CH_RING_SLOTS);
    ck_assert_uint_eq(ch_rd(h, CSR(DRAM_LIMIT_LO)), (uint32_t)(CH_DRAM_BASE + CH_DRAM_SIZE - 1));
    ck_assert_uint_eq(ch_rd(h, CSR(WATCHDOG)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_ENABLE)), 7);
    /* a second program from slot 0 */
    h->tail[0] = h->tail[1] = h->tail[2] = 0;
    ch_wr(h, CSR(WATCHDOG), 1000);
    ch_wr(h, CSR(CTRL), 1);
    good_program(h, 1);

    /* soft reset after an error also recovers */
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_BAD_OPCODE);
    ch_wr(h, CSR(CTRL), 2);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)), 0);
    h->tail[0] = h->tail[1] = h->tail[2] = 0;
    ch_wr(h, CSR(CTRL), 1);
    good_program(h, 2);
    ch_free(h);
}
END_TEST

START_TEST(interrupt_raised_and_cleared)
{
    ch *h = small();
    ch_wr(h, CSR(IRQ_ENABLE), 0);
    tl_insn in;
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    ch_push(h, 0, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_STATUS)), 1);
    ck_assert(!tl_core_irq(h->core)); /* masked */
    ch_wr(h, CSR(IRQ_ENABLE), 1);
    ck_assert(tl_core_irq(h->core));
    ch_wr(h, CSR(IRQ_STATUS), 1);
    ck_assert(!tl_core_irq(h->core));
    ch_wr(h, CSR(CTRL), 2);
    h->tail[0] = 0;
    ch_wr(h, CSR(CTRL), 1);

    /* SEM: semaphore 6 reaching 3 */
    ch_wr(h, CSR(IRQ_ENABLE), 2);
    ch_wr(h, CSR(IRQ_SEM), 6);
    ch_wr(h, CSR(IRQ_SEM_VALUE), 3);
    insn_nop(in, -1, 0, 6, 2);
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert(!tl_core_irq(h->core));
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert(tl_core_irq(h->core));
    ch_wr(h, CSR(IRQ_STATUS), 2); /* the condition still holds: set again */
    ck_assert(tl_core_irq(h->core));
    ch_wr(h, CSR(IRQ_SEM_VALUE), 100);
    ch_wr(h, CSR(IRQ_STATUS), 2);
    ck_assert(!tl_core_irq(h->core));

    /* IDLE: when the last work finishes (it was set, masked, by the runs above) */
    ck_assert_uint_eq(ch_rd(h, CSR(IRQ_STATUS)) & 4, 4);
    ch_wr(h, CSR(IRQ_STATUS), 4);
    ch_wr(h, CSR(IRQ_ENABLE), 4);
    ck_assert(!tl_core_irq(h->core));
    insn_nop(in, -1, 0, -1, 0);
    ch_push(h, 2, in);
    ck_assert(!tl_core_irq(h->core));
    ch_run(h);
    ck_assert(tl_core_irq(h->core));
    ch_wr(h, CSR(IRQ_STATUS), 4);
    ck_assert(!tl_core_irq(h->core));
    ch_free(h);
}
END_TEST

START_TEST(dram_window_nothing_outside)
{
    ch *h = small();
    /* the window stops 256 bytes before a destination's end */
    uint64_t dst = CH_DATA_BASE + 0x10000, lim = dst + 255;
    ch_wr(h, CSR(DRAM_LIMIT_LO), (uint32_t)lim);
    tl_insn in;
    tl_dma_desc d;
    desc_from_chip(&d, 1, 12, 0, 0, TL_FMT_BF16, 4, 256, dst, TL_FMT_BF16, 0, 0);
    insn_dma(in, -1, 0, 0, 1, 2, &d);
    snap s = take(h);
    ch_push(h, 0, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_DMA + TL_DMA_ERR_DST_WINDOW, 0, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 4 & 15, 2);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ADDR_LO)), (uint32_t)(dst + 4 * 256 * 2 - 1 - 0));
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(0)), 0);
    same(h, s, CH_DRAM_BASE, CH_DATA_BASE);
    ch_free(h);
}
END_TEST

START_TEST(fetch_errors)
{
    /* a ring slot outside the window */
    ch *h = small();
    ch_wr(h, CSR(DRAM_BASE_LO), (uint32_t)ch_slot(1, 0));
    tl_insn in;
    insn_nop(in, -1, 0, 0, 1);
    ch_push(h, 0, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_FETCH, 0, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ADDR_LO)), 0);
    ch_free(h);
    /* the fetch read answers SLVERR */
    h = small();
    tl_dma_fault f = {ch_slot(2, 1) + 100, ch_slot(2, 1) + 100, false, 2};
    tl_core_set_faults(h->core, &f, 1);
    ch_push(h, 2, in);
    ch_push(h, 2, in);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_FETCH, 2, 1);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(0)), 1);
    ch_free(h);
    /* ring registers: base not 128-aligned, size not a power of two, tail >= size */
    for (unsigned k = 0; k < 3; k++) {
        h = small();
        ch_push(h, 1, in);
        if (k == 0)
            ch_wr(h, CSR_Q(1, BASE_LO), (uint32_t)ch_slot(1, 0) + 64);
        else if (k == 1)
            ch_wr(h, CSR_Q(1, SIZE), 3);
        else {
            ch_wr(h, CSR_Q(1, SIZE), 2);
            ch_wr(h, CSR_Q(1, TAIL), 2);
        }
        ch_run(h);
        ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), TL_ISA_ERR_FETCH);
        ch_free(h);
    }
}
END_TEST

START_TEST(dma_bus_error)
{
    ch *h = small();
    uint64_t src = CH_DATA_BASE + 0x3000;
    tl_dma_fault f = {src + 40, src + 41, false, 2};
    tl_core_set_faults(h->core, &f, 1);
    tl_insn in;
    tl_dma_desc d;
    desc_to_chip(&d, src, TL_FMT_FP32, 1, 16, 1, 12, 0, 0, TL_FMT_FP32);
    insn_nop(in, -1, 0, 0, 1);
    ch_push(h, 0, in);
    insn_dma(in, -1, 0, 0, 1, 3, &d);
    ch_push(h, 0, in);
    ch_push(h, 0, in);
    snap s = take(h);
    ch_run(h);
    expect_error(h, TL_ISA_ERR_DMA + TL_DMA_ERR_RD_SLVERR, 0, 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ADDR_LO)), (uint32_t)(src + 32)); /* the 16-byte beat */
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 4 & 15, 3);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(0)), 1);
    same(h, s, CH_DRAM_BASE, CH_DATA_BASE);
    ch_free(h);
}
END_TEST

START_TEST(architectural_counters)
{
    ch *h = small();
    tl_insn in;
    tl_dma_desc d;
    desc_to_chip(&d, CH_DATA_BASE, TL_FMT_FP32, 4, 8, 1, 12, 0, 0, TL_FMT_BF16);
    insn_dma(in, -1, 0, 0, 1, 0, &d);
    ch_push(h, 0, in);
    mm_args mm = {TL_FMT_BF16, TL_FMT_BF16, 1, 1, 3, 4, 8, 0, 0, 0};
    insn_matmul(in, 0, 1, 1, 1, &mm);
    ch_push(h, 1, in);
    mm.start = 0;
    insn_matmul(in, -1, 0, 1, 1, &mm);
    ch_push(h, 1, in);
    act_args a = {.in_space = 2, .in_fmt = TL_FMT_FP32, .out_space = 1, .out_fmt = TL_FMT_BF16,
                  .P = 4, .F = 5, .out_off = 512, .scale = 0x3F800000};
    insn_act(in, 1, 2, 2, 1, &a);
    ch_push(h, 2, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.LO)), 2 * 3 * 4 * 8);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.HI)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_DMA_RD_BYTES.LO)), 32 * 4);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_DMA_WR_BYTES.LO)), 32 * 2);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_ACT_ELEMS.LO)), 20);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_CYCLES.LO)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_BUSY[1].LO)), 0);
    ch_wr(h, CSR(PERF_CTRL), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.LO)), 0);
    /* a faulting instruction counts nothing */
    mm.K = 0;
    insn_matmul(in, -1, 0, -1, 0, &mm);
    ch_push(h, 1, in);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR(PERF_TE_MACS.LO)), 0);
    ch_free(h);
}
END_TEST

START_TEST(run_bit_gates_execution)
{
    ch *h = small();
    ch_wr(h, CSR(CTRL), 0);
    tl_insn in;
    insn_nop(in, -1, 0, 1, 1);
    ch_push(h, 1, in);
    ck_assert_uint_eq(tl_core_run(h->core, 100), 0);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, HEAD)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__IDLE_bm, 0);
    ch_wr(h, CSR(CTRL), 1);
    ck_assert_uint_eq(ch_run(h), 1);
    ck_assert_uint_eq(ch_rd(h, CSR_Q(1, HEAD)), 1);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(1)), 1);
    /* the step limit stops a run part way */
    ch_push(h, 1, in);
    ch_push(h, 1, in);
    ck_assert_uint_eq(tl_core_run(h->core, 1), 1);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(1)), 2);
    ch_run(h);
    ck_assert_uint_eq(ch_rd(h, CSR_SEM(1)), 3);
    ch_free(h);
}
END_TEST

/* The record keeps the first error; later ones still stop their engine. */
START_TEST(first_error_kept)
{
    ch *h = small();
    tl_insn in;
    insn_nop(in, 20, 0, -1, 0);
    ch_push(h, 0, in); /* DMA ring: BAD_SEM, visited first */
    insn_hdr(in, 0x7F, -1, 0, -1, 0);
    ch_push(h, 2, in); /* ACT ring: BAD_OPCODE */
    ch_run(h);
    expect_error(h, TL_ISA_ERR_BAD_SEM, 0, 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)) >> 16, 5);
    ch_wr(h, CSR(ERR_CLEAR), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_CODE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)), 5u << 16); /* still stopped */
    ck_assert(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__ERROR_bm);
    ch_wr(h, CSR_Q(0, CTRL), 1);
    ch_wr(h, CSR_Q(2, CTRL), 1);
    ck_assert_uint_eq(ch_rd(h, CSR(ERR_ENGINE)), 0);
    ck_assert_uint_eq(ch_rd(h, CSR(STATUS)) & TRNLITE_CSR__STATUS__ERROR_bm, 0);
    ch_free(h);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("core_cmd");
    TCase *tc = tcase_create("cmd");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, csr_identity_and_config);
    tcase_add_test(tc, illegal_opcode);
    tcase_add_test(tc, other_engines_keep_running);
    tcase_add_test(tc, reserved_bits_nonzero);
    tcase_add_test(tc, sbuf_address_out_of_range);
    tcase_add_test(tc, psum_address_out_of_range);
    tcase_add_test(tc, overlapping_tiles);
    tcase_add_test(tc, bad_format_code);
    tcase_add_test(tc, bad_shape);
    tcase_add_test(tc, bad_sem);
    tcase_add_test(tc, dma_bad_queue);
    tcase_add_test(tc, wait_nobody_signals_times_out);
    tcase_add_test(tc, watchdog_zero_waits_for_host);
    tcase_add_test(tc, semaphore_semantics);
    tcase_add_test(tc, second_program_after_error);
    tcase_add_test(tc, soft_reset_mid_program);
    tcase_add_test(tc, interrupt_raised_and_cleared);
    tcase_add_test(tc, dram_window_nothing_outside);
    tcase_add_test(tc, fetch_errors);
    tcase_add_test(tc, dma_bus_error);
    tcase_add_test(tc, architectural_counters);
    tcase_add_test(tc, run_bit_gates_execution);
    tcase_add_test(tc, first_error_kept);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
