/* Test support: the runtime on the rtl backend (rtl_ref.h). */
#include "rtl_ref.h"
#include "tl_hal_host.h"

void ref_rtl_open(ref_cm *d, bool bp, unsigned latency, const char *name)
{
    tl_hal_opts o = {.dram_size = 8u << 20, .latency = latency,
                     .wave = tl_test_trace() ? tl_test_wave_path(name) : NULL};
    if (bp) {
        o.ready_pct = 60;
        o.stall_permille = 5;
        o.stall_max = 200;
        o.seed = tl_test_seed(1);
    }
    ck_assert_int_eq(tl_hal_rtl_open(&o, &d->hal), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_open(&d->dev, &d->hal), TL_RT_OK);
}
