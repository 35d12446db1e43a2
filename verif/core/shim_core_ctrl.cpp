// Thin C shim around the Verilated core_ctrl: copies signals between the
// model and cc_io (cc_shim.h).
#include "Vcore_ctrl.h"
#include "vl_dut.h"
#include "cc_shim.h"

struct cc_dut : VlDut<Vcore_ctrl> {};

// little-endian 32-bit words <-> a Verilator signal of any storage type
template <typename T> static void put(T &s, const uint32_t *w, unsigned nw)
{
    uint64_t v = w[0];
    if (nw > 1 && sizeof(T) > 4)
        v |= (uint64_t)w[1] << 32;
    s = (T)v;
}
template <std::size_t W> static void put(VlWide<W> &s, const uint32_t *w, unsigned nw)
{
    for (std::size_t i = 0; i < W; i++)
        s[i] = i < nw ? w[i] : 0;
}
template <typename T> static void get(const T &s, uint32_t *w, unsigned nw)
{
    uint64_t v = (uint64_t)s;
    for (unsigned i = 0; i < nw; i++)
        w[i] = i < 2 ? (uint32_t)(v >> (32 * i)) : 0;
}
template <std::size_t W> static void get(const VlWide<W> &s, uint32_t *w, unsigned nw)
{
    for (unsigned i = 0; i < nw; i++)
        w[i] = i < W ? s[i] : 0;
}

static const unsigned DB = sizeof(Vcore_ctrl::f_rdata);

extern "C" unsigned cc_dut_data_bytes(void) { return DB; }
extern "C" unsigned cc_dut_addr_bits(void) { return sizeof(Vcore_ctrl::f_araddr) * 8; }

extern "C" cc_dut *cc_dut_create(const char *wave, uint32_t seed)
{
    cc_dut *d = new cc_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    return d;
}

extern "C" void cc_dut_free(cc_dut *d) { delete d; }

extern "C" void cc_dut_eval(cc_dut *d, cc_io *io)
{
    Vcore_ctrl *t = d->top;
    uint32_t w[64];
    t->clk = 0;
    t->rst = io->rst;
    t->s_axil_awaddr = io->awaddr;
    t->s_axil_awprot = 0;
    t->s_axil_awvalid = io->awvalid;
    t->s_axil_wdata = io->wdata;
    t->s_axil_wstrb = 0xF;
    t->s_axil_wvalid = io->wvalid;
    t->s_axil_bready = io->bready;
    t->s_axil_araddr = io->araddr;
    t->s_axil_arprot = 0;
    t->s_axil_arvalid = io->arvalid;
    t->s_axil_rready = io->rready;
    t->f_arready = io->f_arready;
    t->f_rvalid = io->f_rvalid;
    t->f_rlast = io->f_rlast;
    for (unsigned i = 0; i < 8; i++)
        w[i] = io->f_rdata[4 * i] | (uint32_t)io->f_rdata[4 * i + 1] << 8 |
               (uint32_t)io->f_rdata[4 * i + 2] << 16 | (uint32_t)io->f_rdata[4 * i + 3] << 24;
    put(t->f_rdata, w, DB / 4);
    t->f_rresp = io->f_rresp;
    t->dma_desc_ready = io->dma_desc_ready;
    t->dma_done_pulse = io->dma_done_pulse;
    t->dma_err_valid = io->dma_err_valid;
    uint32_t code = 0;
    for (unsigned q = 0; q < CC_QUEUES; q++) {
        code |= (io->dma_err_code[q] & 15) << (4 * q);
        w[2 * q] = (uint32_t)io->dma_err_addr[q];
        w[2 * q + 1] = (uint32_t)(io->dma_err_addr[q] >> 32);
    }
    t->dma_err_code = code;
    put(t->dma_err_addr, w, 2 * CC_QUEUES);
    t->dma_idle = io->dma_idle;
    t->te_insn_ready = io->te_insn_ready;
    t->te_done = io->te_done;
    t->act_insn_ready = io->act_insn_ready;
    t->act_done = io->act_done;
    d->eval();

    io->awready = t->s_axil_awready;
    io->wready = t->s_axil_wready;
    io->bvalid = t->s_axil_bvalid;
    io->bresp = t->s_axil_bresp;
    io->arready = t->s_axil_arready;
    io->rvalid = t->s_axil_rvalid;
    io->rdata = t->s_axil_rdata;
    io->rresp = t->s_axil_rresp;
    io->f_arvalid = t->f_arvalid;
    io->f_araddr = t->f_araddr;
    io->dram_base = t->dram_base;
    io->dram_limit = t->dram_limit;
    io->dma_desc_valid = t->dma_desc_valid;
    io->dma_desc_queue = t->dma_desc_queue;
    get(t->dma_desc_data, io->dma_desc_data, 20);
    io->dma_err_clear = t->dma_err_clear;
    io->dma_abort = t->dma_abort;
    io->te_insn_valid = t->te_insn_valid;
    get(t->te_insn, io->te_insn, 32);
    io->act_insn_valid = t->act_insn_valid;
    get(t->act_insn, io->act_insn, 32);
    io->eng_rst = t->eng_rst;
    io->irq = t->irq;
}

extern "C" void cc_dut_posedge(cc_dut *d) { d->edge(1); }
