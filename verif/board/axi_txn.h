/*
 * One AXI4 burst as a random test master runs it against a 64-bit slave
 * (test_arb_bram, test_sdram_ctrl): what it sends, what it expects back,
 * and how far it got. The master raises VALIDs at random, holds them
 * until taken, sends W beats before their AW for odd IDs, and drops
 * READYs at random; every B and R is checked against a byte model.
 */
#ifndef AXI_TXN_H
#define AXI_TXN_H

#include <stdint.h>

#include "arb_bram_shim.h" /* arb_port */
#include "tl_test.h"

typedef struct {
    int write;
    uint32_t addr, len, size, burst, id;
    unsigned resp; /* expected: 0 OKAY, 2 SLVERR, 3 DECERR */
    uint64_t data[256];
    uint32_t strb[256];
    /* progress */
    int a_done, w_sent, r_got, done;
    int avalid, wvalid; /* held until the handshake */
} axi_txn;

/* The byte model: the address of the model's byte at a device address. */
typedef uint8_t *(*axi_ref_byte)(uint32_t addr);

/* A full-width INCR burst of len+1 beats at addr with random data and
 * strobes (all bytes or a random mask), expected OKAY. */
void axi_txn_new(tl_rng *r, axi_txn *t, int write, uint32_t id, uint32_t addr, uint32_t len);
/* Make it a SLVERR: a narrow size or another burst type. */
void axi_txn_bad_type(tl_rng *r, axi_txn *t);
/* This cycle's pins: VALIDs (raised with valid_pct % chance, held),
 * READYs (ready_pct %), address, data. */
void axi_txn_drive(tl_rng *r, axi_txn *t, arb_port *q, unsigned valid_pct, unsigned ready_pct);
/* After evaluation: takes the handshakes and checks B and R (IDs, RESP,
 * RLAST, data against ref; an OKAY write updates ref). */
void axi_txn_observe(axi_txn *t, const arb_port *q, axi_ref_byte ref, uint32_t seed, int master);

#endif
