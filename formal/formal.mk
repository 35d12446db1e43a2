# Formal proofs (SymbiYosys, docs/verification.md). Each proof runs on the
# RTL (must PASS) and on a mutant of it (must FAIL): formal/run_formal.sh.
# `make test` runs the quick ones (formal/test_formal.sh), `make formal`
# all of them.
FORMAL_QUICK := $(shell cat formal/quick.list)
FORMAL_ALL   := $(FORMAL_QUICK) dma_fifo_d1 dma_fifo_d16 dma_fifo_w256 dma_fifo_oreg core_bram_fifo_w531 dma_wr dma_wr_beats dma_wr_outstanding dma_rd_outstanding dma_agen_extent dma_agen_window
TESTS += formal/test_formal.sh

.PHONY: formal
formal: $(DEPS)
	@formal/run_formal.sh formal $(FORMAL_ALL)
