/*
 * trnlite_rtl_tlm: the Verilated trnlite_core (verilator --sc, class
 * Vsc_core: the 4 x 8, 64-bit-bus test configuration) as a TLM-2.0
 * module (docs/systemc.md sections 1 and 2).
 *
 *   clk, rst  sc_in<bool>: the core's clock and synchronous reset
 *   csr  tlm_utils::simple_target_socket: TLM -> AXI4-Lite adapter in
 *        front of s_axil_* (b_transport blocks for the handshake cycles)
 *   mem  tlm_utils::simple_initiator_socket: AXI4 -> TLM adapter behind
 *        m_axi_* (one b_transport per burst, WSTRB as byte enables)
 *   irq  sc_out<bool>: the core's irq pin
 *
 * The adapters are SC_THREADs on the rising clock edge: they read the
 * values the core's flip-flops sampled at that edge and drive the inputs
 * for the next cycle.
 */
#ifndef TRNLITE_RTL_TLM_H
#define TRNLITE_RTL_TLM_H

#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

class Vsc_core;

class trnlite_rtl_tlm : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk;
    sc_core::sc_in<bool> rst;
    tlm_utils::simple_target_socket<trnlite_rtl_tlm> csr;
    tlm_utils::simple_initiator_socket<trnlite_rtl_tlm> mem;
    sc_core::sc_out<bool> irq;

    static const unsigned DATA_BYTES = 8;   /* the build's AXI data width */
    static const unsigned OUTSTANDING = 4;  /* bursts the adapter accepts ahead */

    /* period: the clock's, to turn annotated TLM delays into cycles */
    trnlite_rtl_tlm(sc_core::sc_module_name name, sc_core::sc_time period);
    ~trnlite_rtl_tlm() override;
    SC_HAS_PROCESS(trnlite_rtl_tlm);

private:
    Vsc_core *core_;
    sc_core::sc_time period_;
    sc_core::sc_mutex csr_mutex_;

    /* s_axil_* */
    sc_core::sc_signal<uint32_t> awaddr_, awprot_, wdata_, wstrb_, bresp_, araddr_, arprot_, rdata_, rresp_;
    sc_core::sc_signal<bool> awvalid_, awready_, wvalid_, wready_, bvalid_, bready_, arvalid_, arready_,
        rvalid_, rready_;
    /* m_axi_* */
    sc_core::sc_signal<uint32_t> m_awid_, m_awaddr_, m_awlen_, m_awsize_, m_awburst_, m_awcache_, m_awprot_,
        m_wstrb_, m_bid_, m_bresp_, m_arid_, m_araddr_, m_arlen_, m_arsize_, m_arburst_, m_arcache_,
        m_arprot_, m_rid_, m_rresp_;
    sc_core::sc_signal<uint64_t> m_wdata_, m_rdata_;
    sc_core::sc_signal<bool> m_awlock_, m_awvalid_, m_awready_, m_wlast_, m_wvalid_, m_wready_, m_bvalid_,
        m_bready_, m_arlock_, m_arvalid_, m_arready_, m_rlast_, m_rvalid_, m_rready_;
    /* trace port: unused here */
    sc_core::sc_signal<uint32_t> trc_issue_, trc_done_, trc_wait_, trc_nop_, trc_dma_queue_, trc_dma_done_;

    struct burst {
        uint32_t id;
        uint64_t addr;       /* AxADDR */
        unsigned beats;      /* AxLEN + 1 */
        std::vector<uint8_t> data;
        std::vector<unsigned> resp;  /* reads: per beat */
        uint64_t ready_at;   /* cycle the data / response may be given */
        bool done;
    };
    std::deque<burst> rd_q_, wr_q_, b_q_;
    struct wbeat {
        uint64_t data;
        uint32_t strb;
        bool last;
    };
    std::deque<wbeat> w_q_;
    tlm::tlm_generic_payload gp_;
    std::vector<uint8_t> be_;

    void csr_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    int axil_write(uint32_t off, uint32_t v, uint32_t strb);
    int axil_read(uint32_t off, uint32_t *v);
    void rd_thread();
    void wr_thread();
    unsigned transact(bool write, uint64_t a, uint8_t *data, const uint8_t *be, unsigned n, uint64_t *lat);
    void check_burst(const char *what, uint64_t addr, unsigned beats, unsigned size, unsigned type);
    uint64_t now_cycles() const;
};

/* AXI response <-> TLM status (docs/systemc.md section 2). */
tlm::tlm_response_status trnlite_axi_to_tlm(unsigned resp);
unsigned trnlite_tlm_to_axi(tlm::tlm_response_status s);

#endif
