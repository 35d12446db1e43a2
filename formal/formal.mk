# Formal proofs (SymbiYosys, docs/verification.md). Each proof runs on the
# RTL (must PASS) and on a mutant of it (must FAIL): formal/run_formal.sh.
# `make test` runs the quick ones (formal/test_formal.sh), `make formal`
# all of them.
FORMAL_QUICK := $(shell cat formal/quick.list)
# the AXI channel proofs again at the core's default width (128-bit bus)
# with 64-bit addresses: *_w128 (the quick ones are at the board's 64 / 32)
FORMAL_ALL   := $(FORMAL_QUICK) dma_fifo_d1 dma_fifo_d16 dma_fifo_w256 dma_fifo_oreg core_bram_fifo_w531 \
                dma_rd_w128 dma_rd_outstanding_w128 dma_wr_w128 dma_wr_beats_w128 dma_agen_extent dma_agen_window
TESTS += formal/test_formal.sh

.PHONY: formal
formal: $(DEPS)
	@formal/run_formal.sh formal $(FORMAL_ALL)
