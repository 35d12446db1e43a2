// The AXI4 master port of a Verilated model (signals m_axi_*) to and from
// the C axi_port of the memory model (axi_mem.h), written once for every
// shim whose model has such a port. db: bus width in bytes.
#ifndef VL_AXI_H
#define VL_AXI_H

#include "axi_mem.h"
#include "vl_sig.h"

// slave -> master: the memory model's outputs into the model's inputs
template <class M> static void axi_to_model(M *t, const axi_port *p, unsigned db)
{
    t->m_axi_awready = p->awready;
    t->m_axi_wready = p->wready;
    t->m_axi_bid = p->bid;
    t->m_axi_bresp = p->bresp;
    t->m_axi_bvalid = p->bvalid;
    t->m_axi_arready = p->arready;
    t->m_axi_rid = p->rid;
    to_sig(t->m_axi_rdata, p->rdata, db);
    t->m_axi_rresp = p->rresp;
    t->m_axi_rlast = p->rlast;
    t->m_axi_rvalid = p->rvalid;
}

// master -> slave: the model's outputs into the memory model's inputs
template <class M> static void axi_from_model(const M *t, axi_port *p, unsigned db)
{
    p->awid = t->m_axi_awid;
    p->awaddr = t->m_axi_awaddr;
    p->awlen = t->m_axi_awlen;
    p->awsize = t->m_axi_awsize;
    p->awburst = t->m_axi_awburst;
    p->awlock = t->m_axi_awlock;
    p->awcache = t->m_axi_awcache;
    p->awprot = t->m_axi_awprot;
    p->awvalid = t->m_axi_awvalid;
    from_sig(t->m_axi_wdata, p->wdata, db);
    p->wstrb = t->m_axi_wstrb;
    p->wlast = t->m_axi_wlast;
    p->wvalid = t->m_axi_wvalid;
    p->bready = t->m_axi_bready;
    p->arid = t->m_axi_arid;
    p->araddr = t->m_axi_araddr;
    p->arlen = t->m_axi_arlen;
    p->arsize = t->m_axi_arsize;
    p->arburst = t->m_axi_arburst;
    p->arlock = t->m_axi_arlock;
    p->arcache = t->m_axi_arcache;
    p->arprot = t->m_axi_arprot;
    p->arvalid = t->m_axi_arvalid;
    p->rready = t->m_axi_rready;
}

#endif
