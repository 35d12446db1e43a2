/* Internals of the runtime: CSR offsets from the one source (trnlite/csr.h). */
#ifndef TRNLITE_RT_INTERNALS_H
#define TRNLITE_RT_INTERNALS_H

#include <stddef.h>

#include "tl_rt.h"
#include "trnlite/csr.h"

#define CSR(reg) ((uint32_t)offsetof(trnlite_csr_t, reg))
#define CSR_Q(e, reg) (CSR(Q[0].reg) + (uint32_t)(e) * (uint32_t)sizeof(((trnlite_csr_t *)0)->Q[0]))
#define CSR_SEM(s) (CSR(SEM) + 4u * (s))
#define FIELD(v, reg, f) (((v) & TRNLITE_CSR__##reg##__##f##_bm) >> TRNLITE_CSR__##reg##__##f##_bp)
#define IRQ_ALL (TRNLITE_CSR__IRQ_STATUS__ERROR_bm | TRNLITE_CSR__IRQ_STATUS__SEM_bm | \
                 TRNLITE_CSR__IRQ_STATUS__IDLE_bm)

/* Return the code of a call that failed. */
#define TRY(call)                  \
    do {                           \
        int try_rc_ = (call);      \
        if (try_rc_ != TL_RT_OK)   \
            return try_rc_;        \
    } while (0)

#endif
