/* The build parameters as the CFG_* registers carry them (docs/core.md
 * section 3). Freestanding: the driver's runtime (sw/rt) links it on a
 * bare-metal target too. */
#include "trnlite/core_model.h"
#include "trnlite/csr.h"

#define FIELD(v, reg, f) (((v) & TRNLITE_CSR__##reg##__##f##_bm) >> TRNLITE_CSR__##reg##__##f##_bp)

void tl_core_config_decode(uint32_t cfg_array, uint32_t cfg_mem, uint32_t cfg_addr, tl_core_config *g)
{
    g->rows = FIELD(cfg_array, CFG_ARRAY, ROWS);
    g->cols = FIELD(cfg_array, CFG_ARRAY, COLS);
    g->sems = FIELD(cfg_array, CFG_ARRAY, SEMS);
    g->dma_queues = FIELD(cfg_array, CFG_ARRAY, DMA_QUEUES);
    g->sbuf_part_log2 = FIELD(cfg_mem, CFG_MEM, SBUF_PART_LOG2);
    g->psum_banks = FIELD(cfg_mem, CFG_MEM, PSUM_BANKS);
    g->psum_bank_log2 = FIELD(cfg_mem, CFG_MEM, PSUM_BANK_LOG2);
    g->data_width = 8u << FIELD(cfg_mem, CFG_MEM, BUS_BYTES_LOG2);
    g->addr_width = FIELD(cfg_addr, CFG_ADDR, ADDR_WIDTH);
}
