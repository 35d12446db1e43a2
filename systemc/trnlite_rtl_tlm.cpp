/* trnlite_rtl_tlm: the Verilated core behind TLM-2.0 sockets
 * (trnlite_rtl_tlm.h, docs/systemc.md section 2). */
#include "trnlite_rtl_tlm.h"
#include "csr_payload.h"

#include <cstring>

#include "Vsc_core.h"

using namespace sc_core;

tlm::tlm_response_status trnlite_axi_to_tlm(unsigned resp)
{
    switch (resp) {
    case 0: return tlm::TLM_OK_RESPONSE;
    case 3: return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    default: return tlm::TLM_GENERIC_ERROR_RESPONSE;
    }
}

unsigned trnlite_tlm_to_axi(tlm::tlm_response_status s)
{
    switch (s) {
    case tlm::TLM_OK_RESPONSE: return 0;             /* OKAY */
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return 3;  /* DECERR */
    default: return 2;  /* SLVERR: generic, command, burst, byte enable, incomplete */
    }
}

trnlite_rtl_tlm::trnlite_rtl_tlm(sc_module_name name, sc_time period)
    : sc_module(name), clk("clk"), rst("rst"), csr("csr"), mem("mem"), irq("irq"), period_(period)
{
    core_ = new Vsc_core("core");
    Vsc_core &c = *core_;
    c.clk(clk);
    c.rst(rst);
    c.irq(irq);
    c.s_axil_awaddr(awaddr_); c.s_axil_awprot(awprot_); c.s_axil_awvalid(awvalid_);
    c.s_axil_awready(awready_); c.s_axil_wdata(wdata_); c.s_axil_wstrb(wstrb_);
    c.s_axil_wvalid(wvalid_); c.s_axil_wready(wready_); c.s_axil_bresp(bresp_);
    c.s_axil_bvalid(bvalid_); c.s_axil_bready(bready_); c.s_axil_araddr(araddr_);
    c.s_axil_arprot(arprot_); c.s_axil_arvalid(arvalid_); c.s_axil_arready(arready_);
    c.s_axil_rdata(rdata_); c.s_axil_rresp(rresp_); c.s_axil_rvalid(rvalid_); c.s_axil_rready(rready_);
    c.m_axi_awid(m_awid_); c.m_axi_awaddr(m_awaddr_); c.m_axi_awlen(m_awlen_); c.m_axi_awsize(m_awsize_);
    c.m_axi_awburst(m_awburst_); c.m_axi_awlock(m_awlock_); c.m_axi_awcache(m_awcache_);
    c.m_axi_awprot(m_awprot_); c.m_axi_awvalid(m_awvalid_); c.m_axi_awready(m_awready_);
    c.m_axi_wdata(m_wdata_); c.m_axi_wstrb(m_wstrb_); c.m_axi_wlast(m_wlast_); c.m_axi_wvalid(m_wvalid_);
    c.m_axi_wready(m_wready_); c.m_axi_bid(m_bid_); c.m_axi_bresp(m_bresp_); c.m_axi_bvalid(m_bvalid_);
    c.m_axi_bready(m_bready_); c.m_axi_arid(m_arid_); c.m_axi_araddr(m_araddr_); c.m_axi_arlen(m_arlen_);
    c.m_axi_arsize(m_arsize_); c.m_axi_arburst(m_arburst_); c.m_axi_arlock(m_arlock_);
    c.m_axi_arcache(m_arcache_); c.m_axi_arprot(m_arprot_); c.m_axi_arvalid(m_arvalid_);
    c.m_axi_arready(m_arready_); c.m_axi_rid(m_rid_); c.m_axi_rdata(m_rdata_); c.m_axi_rresp(m_rresp_);
    c.m_axi_rlast(m_rlast_); c.m_axi_rvalid(m_rvalid_); c.m_axi_rready(m_rready_);
    c.trc_issue(trc_issue_); c.trc_done(trc_done_); c.trc_wait(trc_wait_); c.trc_nop(trc_nop_);
    c.trc_dma_queue(trc_dma_queue_); c.trc_dma_done(trc_dma_done_);
    csr.register_b_transport(this, &trnlite_rtl_tlm::csr_b_transport);
    be_.resize(4096);
    SC_THREAD(rd_thread);
    SC_THREAD(wr_thread);
}

trnlite_rtl_tlm::~trnlite_rtl_tlm() { delete core_; }

uint64_t trnlite_rtl_tlm::now_cycles() const { return (uint64_t)(sc_time_stamp() / period_); }

/* ---- TLM -> AXI4-Lite ----------------------------------------------------- */

/* One write: AW and W offered together, each held until its READY was
 * seen at a rising edge; then B. Returns BRESP. */
int trnlite_rtl_tlm::axil_write(uint32_t off, uint32_t v, uint32_t strb)
{
    awaddr_.write(off);
    wdata_.write(v);
    wstrb_.write(strb);
    awvalid_.write(true);
    wvalid_.write(true);
    bready_.write(true);
    bool aw = false, w = false;
    while (!aw || !w) {
        wait(clk.posedge_event());
        if (!aw && awready_.read()) {
            aw = true;
            awvalid_.write(false);
        }
        if (!w && wready_.read()) {
            w = true;
            wvalid_.write(false);
        }
    }
    do
        wait(clk.posedge_event());
    while (!bvalid_.read());
    bready_.write(false);
    return (int)bresp_.read();
}

int trnlite_rtl_tlm::axil_read(uint32_t off, uint32_t *v)
{
    araddr_.write(off);
    arvalid_.write(true);
    do
        wait(clk.posedge_event());
    while (!arready_.read());
    arvalid_.write(false);
    rready_.write(true);
    do
        wait(clk.posedge_event());
    while (!rvalid_.read());
    rready_.write(false);
    *v = rdata_.read();
    return (int)rresp_.read();
}

void trnlite_rtl_tlm::csr_b_transport(tlm::tlm_generic_payload &t, sc_time &delay)
{
    csr_payload p;
    if (!p.take(t))
        return;
    const uint64_t a = p.addr;
    const unsigned n = p.len;
    uint8_t *d = p.data;
    csr_mutex_.lock();
    /* the access starts at its annotated time */
    wait(delay);
    delay = SC_ZERO_TIME;
    tlm::tlm_response_status st = tlm::TLM_OK_RESPONSE;
    for (unsigned w = 0; w < n && st == tlm::TLM_OK_RESPONSE; w += 4) {
        uint32_t off = (uint32_t)a + w, strb = p.strb(w);
        if (t.is_read()) {
            uint32_t v = 0;
            st = trnlite_axi_to_tlm(axil_read(off, &v));
            for (unsigned b = 0; b < 4; b++)
                if (strb >> b & 1)
                    d[w + b] = (uint8_t)(v >> (8 * b));
        } else {
            uint32_t v = (uint32_t)d[w] | (uint32_t)d[w + 1] << 8 | (uint32_t)d[w + 2] << 16 |
                         (uint32_t)d[w + 3] << 24;
            st = trnlite_axi_to_tlm(axil_write(off, v, strb));
        }
    }
    csr_mutex_.unlock();
    t.set_response_status(st);
}

/* ---- AXI4 -> TLM ---------------------------------------------------------- */

void trnlite_rtl_tlm::check_burst(const char *what, uint64_t addr, unsigned beats, unsigned size, unsigned type)
{
    uint64_t first = addr & ~(uint64_t)(DATA_BYTES - 1);
    if (type != 1 || (1u << size) != DATA_BYTES || beats > 256 ||
        first / 4096 != (first + (uint64_t)beats * DATA_BYTES - 1) / 4096) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s burst at 0x%llx: %u beats, size %u, type %u breaks the AXI rules", what,
                 (unsigned long long)addr, beats, size, type);
        SC_REPORT_ERROR("trnlite_rtl_tlm", msg);
    }
}

/* One TLM transaction; *lat gets the annotated delay in whole cycles. */
unsigned trnlite_rtl_tlm::transact(bool write, uint64_t a, uint8_t *data, const uint8_t *be, unsigned n,
                                   uint64_t *lat)
{
    gp_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp_.set_address(a);
    gp_.set_data_ptr(data);
    gp_.set_data_length(n);
    gp_.set_streaming_width(n);
    gp_.set_byte_enable_ptr(const_cast<uint8_t *>(be));
    gp_.set_byte_enable_length(be ? n : 0);
    gp_.set_dmi_allowed(false);
    gp_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time delay = SC_ZERO_TIME;
    mem->b_transport(gp_, delay);
    *lat = (uint64_t)(delay / period_ + 0.999);
    return trnlite_tlm_to_axi(gp_.get_response_status());
}

void trnlite_rtl_tlm::rd_thread()
{
    bool offering = false;
    unsigned beat = 0;
    m_arready_.write(true);
    for (;;) {
        wait(clk.posedge_event());
        uint64_t now = now_cycles();
        if (rst.read()) {
            rd_q_.clear();
            offering = false;
            beat = 0;
            m_rvalid_.write(false);
            m_arready_.write(true);
            continue;
        }
        if (m_arvalid_.read() && m_arready_.read()) {
            burst b;
            b.id = m_arid_.read();
            b.addr = m_araddr_.read();
            b.beats = m_arlen_.read() + 1;
            check_burst("read", b.addr, b.beats, m_arsize_.read(), m_arburst_.read());
            uint64_t first = b.addr & ~(uint64_t)(DATA_BYTES - 1), lat = 0;
            b.data.assign((size_t)b.beats * DATA_BYTES, 0);
            unsigned r = transact(false, first, b.data.data(), nullptr, b.beats * DATA_BYTES, &lat);
            b.resp.assign(b.beats, 0);
            if (r) {
                /* one TLM status for the burst, AXI has one per beat */
                for (unsigned i = 0; i < b.beats; i++) {
                    uint64_t l2 = 0;
                    b.resp[i] = transact(false, first + (uint64_t)i * DATA_BYTES, &b.data[i * DATA_BYTES],
                                         nullptr, DATA_BYTES, &l2);
                }
            }
            b.ready_at = now + (lat ? lat : 1);
            rd_q_.push_back(std::move(b));
        }
        if (offering && m_rready_.read()) {
            offering = false;
            if (++beat == rd_q_.front().beats) {
                rd_q_.pop_front();
                beat = 0;
            }
        }
        if (!offering && !rd_q_.empty() && rd_q_.front().ready_at <= now) {
            const burst &b = rd_q_.front();
            uint64_t v;
            memcpy(&v, &b.data[beat * DATA_BYTES], DATA_BYTES);
            m_rdata_.write(v);
            m_rresp_.write(b.resp[beat]);
            m_rid_.write(b.id);
            m_rlast_.write(beat + 1 == b.beats);
            offering = true;
        }
        m_rvalid_.write(offering);
        m_arready_.write(rd_q_.size() < OUTSTANDING);
    }
}

void trnlite_rtl_tlm::wr_thread()
{
    bool offering = false;
    m_awready_.write(true);
    m_wready_.write(true);
    for (;;) {
        wait(clk.posedge_event());
        uint64_t now = now_cycles();
        if (rst.read()) {
            wr_q_.clear();
            w_q_.clear();
            b_q_.clear();
            offering = false;
            m_bvalid_.write(false);
            continue;
        }
        if (m_awvalid_.read() && m_awready_.read()) {
            burst b;
            b.id = m_awid_.read();
            b.addr = m_awaddr_.read();
            b.beats = m_awlen_.read() + 1;
            check_burst("write", b.addr, b.beats, m_awsize_.read(), m_awburst_.read());
            wr_q_.push_back(std::move(b));
        }
        if (m_wvalid_.read() && m_wready_.read())
            w_q_.push_back(wbeat{m_wdata_.read(), m_wstrb_.read(), m_wlast_.read()});
        /* a burst whose AW and all W beats are in: one TLM write */
        if (!wr_q_.empty() && w_q_.size() >= wr_q_.front().beats) {
            burst b = std::move(wr_q_.front());
            wr_q_.pop_front();
            unsigned n = b.beats * DATA_BYTES;
            b.data.assign(n, 0);
            for (unsigned i = 0; i < b.beats; i++) {
                const wbeat &w = w_q_.front();
                if (w.last != (i + 1 == b.beats))
                    SC_REPORT_ERROR("trnlite_rtl_tlm", "WLAST does not match AWLEN");
                memcpy(&b.data[i * DATA_BYTES], &w.data, DATA_BYTES);
                for (unsigned k = 0; k < DATA_BYTES; k++)
                    be_[i * DATA_BYTES + k] = (w.strb >> k & 1) ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
                w_q_.pop_front();
            }
            uint64_t lat = 0;
            b.resp.assign(1, transact(true, b.addr & ~(uint64_t)(DATA_BYTES - 1), b.data.data(), be_.data(), n,
                                      &lat));
            b.ready_at = now + (lat ? lat : 1);
            b_q_.push_back(std::move(b));
        }
        if (offering && m_bready_.read()) {
            offering = false;
            b_q_.pop_front();
        }
        if (!offering && !b_q_.empty() && b_q_.front().ready_at <= now) {
            m_bresp_.write(b_q_.front().resp[0]);
            m_bid_.write(b_q_.front().id);
            offering = true;
        }
        m_bvalid_.write(offering);
        m_awready_.write(wr_q_.size() < OUTSTANDING);
        m_wready_.write(w_q_.size() < 256 * OUTSTANDING);
    }
}
