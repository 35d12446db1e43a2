// Thin C shim around the Verilated dma_engine: copies signals between the
// model and dma_io (see dma_shim.h). Works for every DATA_WIDTH/ADDR_WIDTH.
#include "Vdma_engine.h"
#include "vl_dut.h"
#include "dma_shim.h"
#include "vl_axi.h"

struct dma_dut : VlDut<Vdma_engine> {};

static const unsigned DB = sizeof(Vdma_engine::m_axi_wstrb) * 8;

extern "C" unsigned dma_dut_data_bytes(void) { return DB; }
extern "C" unsigned dma_dut_addr_bits(void) { return sizeof(Vdma_engine::m_axi_awaddr) * 8; }

extern "C" dma_dut *dma_dut_create(const char *wave, uint32_t seed)
{
    dma_dut *d = new dma_dut;
    d->create(wave, seed);
    d->top->clk = 0;
    return d;
}

extern "C" void dma_dut_free(dma_dut *d) { delete d; }

extern "C" void dma_dut_eval(dma_dut *d, dma_io *io)
{
    Vdma_engine *t = d->top;
    axi_port *p = &io->axi;
    t->clk = 0;
    t->rst = io->rst;
    t->desc_valid = io->desc_valid;
    t->desc_queue = io->desc_queue;
    to_sig(t->desc_data, (const uint8_t *)io->desc, 80);  // little-endian host
    t->dram_base = io->dram_base;
    t->dram_limit = io->dram_limit;
    t->err_clear = io->err_clear;
    t->desc_err_clear = io->desc_err_clear;
    t->__SYM__abort = io->abort;  // Verilator renames the port: abort() is a C function
    axi_to_model(t, p, DB);
    t->m_sb_rd_req_ready = io->sb_rd_req_ready;
    t->m_sb_rd_rsp_valid = io->sb_rd_rsp_valid;
    to_sig(t->m_sb_rd_rsp_data, io->sb_rd_rsp_data, DB);
    t->m_sb_wr_ready = io->sb_wr_ready;
    d->eval();

    io->desc_ready = t->desc_ready;
    io->done_pulse = t->done_pulse;
    io->err_valid = t->err_valid;
    for (unsigned q = 0; q < DMA_TB_QUEUES; q++) {
        io->done_count[q] = (uint32_t)field(t->done_count, 32 * q, 32);
        io->err_code[q] = (unsigned)field(t->err_code, 4 * q, 4);
        io->err_addr[q] = field(t->err_addr, 64 * q, 64);
    }
    io->desc_err_valid = t->desc_err_valid;
    io->desc_err_code = t->desc_err_code;
    io->desc_err_queue = t->desc_err_queue;
    io->idle = t->idle;
    axi_from_model(t, p, DB);
    io->sb_rd_req_valid = t->m_sb_rd_req_valid;
    io->sb_rd_req_psum = t->m_sb_rd_req_psum;
    io->sb_rd_req_addr = t->m_sb_rd_req_addr;
    io->sb_rd_rsp_ready = t->m_sb_rd_rsp_ready;
    io->sb_wr_valid = t->m_sb_wr_valid;
    io->sb_wr_psum = t->m_sb_wr_psum;
    io->sb_wr_addr = t->m_sb_wr_addr;
    from_sig(t->m_sb_wr_data, io->sb_wr_data, DB);
    io->sb_wr_strb = t->m_sb_wr_strb;
    io->sb_wr_pmask = t->m_sb_wr_pmask;
}

extern "C" void dma_dut_posedge(dma_dut *d) { d->edge(1); }
