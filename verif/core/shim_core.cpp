// Thin C shim around the Verilated trnlite_core: copies signals between the
// model and core_io (core_shim.h). Works for every DATA_WIDTH.
#include "Vtrnlite_core.h"
#include "vl_dut.h"
#include "core_shim.h"
#include "vl_axi.h"

struct core_dut : VlDut<Vtrnlite_core> {};

static const unsigned DB = sizeof(Vtrnlite_core::m_axi_wstrb) * 8;

extern "C" unsigned core_dut_data_bytes(void) { return DB; }

// null when the host is out of memory: an exception must not leave a C
// caller (the HAL's rtl backend reports TL_HAL_EHOST)
extern "C" core_dut *core_dut_create(const char *wave, uint32_t seed)
{
    core_dut *d = nullptr;
    try {
        d = new core_dut;
        if (seed)
            d->create(wave, seed);
        else
            d->create(wave);
    } catch (const std::bad_alloc &) {
        delete d;
        return nullptr;
    }
    d->top->clk = 0;
    return d;
}

extern "C" void core_dut_free(core_dut *d) { delete d; }

extern "C" void core_dut_plusarg(core_dut *d, const char *arg)
{
    const char *argv[1] = {arg};
    d->ctx.commandArgsAdd(1, argv);
}

extern "C" void core_dut_eval(core_dut *d, core_io *io)
{
    Vtrnlite_core *t = d->top;
    axi_port *p = &io->axi;
    t->clk = 0;
    t->rst = io->rst;
    t->s_axil_awaddr = io->awaddr;
    t->s_axil_awprot = 0;
    t->s_axil_awvalid = io->awvalid;
    t->s_axil_wdata = io->wdata;
    t->s_axil_wstrb = io->wstrb;
    t->s_axil_wvalid = io->wvalid;
    t->s_axil_bready = io->bready;
    t->s_axil_araddr = io->araddr;
    t->s_axil_arprot = 0;
    t->s_axil_arvalid = io->arvalid;
    t->s_axil_rready = io->rready;
    axi_to_model(t, p, DB);
    d->eval();

    io->awready = t->s_axil_awready;
    io->wready = t->s_axil_wready;
    io->bresp = t->s_axil_bresp;
    io->bvalid = t->s_axil_bvalid;
    io->arready = t->s_axil_arready;
    io->rdata = t->s_axil_rdata;
    io->rresp = t->s_axil_rresp;
    io->rvalid = t->s_axil_rvalid;
    io->irq = t->irq;
    io->trc.issue = t->trc_issue;
    io->trc.done = t->trc_done;
    io->trc.wait = t->trc_wait;
    io->trc.nop = t->trc_nop;
    io->trc.dma_queue = t->trc_dma_queue;
    io->trc.dma_done = t->trc_dma_done;
    axi_from_model(t, p, DB);
}

extern "C" void core_dut_posedge(core_dut *d) { d->edge(1); }
