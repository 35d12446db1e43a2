/* Backends by name, chosen at run time (tl_hal_host.h). */
#include <string.h>

#include "hal_systemc.h"
#include "hal_trace.h"
#include "tl_hal_host.h"

static const struct {
    const char *name;
    int (*open)(const tl_hal_opts *, tl_hal *);
    int (*add_fault)(tl_hal *, uint64_t, uint64_t, bool, unsigned);
} backends[] = {
    {"cmodel", tl_hal_cmodel_open, tl_hal_cmodel_add_fault},
    {"rtl", tl_hal_rtl_open, tl_hal_rtl_add_fault},
    {"systemc-rtl", tl_hal_systemc_rtl_open, tl_hal_systemc_add_fault},
    {"systemc-lt", tl_hal_systemc_lt_open, tl_hal_systemc_add_fault},
    {"uart", tl_hal_uart_open, tl_hal_uart_add_fault},
};

const char *tl_hal_backends(void) { return "cmodel rtl systemc-rtl systemc-lt uart"; }

int tl_hal_open(const char *name, const tl_hal_opts *opts, tl_hal *hal)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (strcmp(name, backends[i].name) == 0)
            return backends[i].open(opts, hal);
    return TL_HAL_ENODEV;
}

int tl_hal_add_fault(tl_hal *hal, uint64_t lo, uint64_t hi, bool on_write, unsigned resp)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (hal->name && strcmp(hal->name, backends[i].name) == 0)
            return backends[i].add_fault(hal, lo, hi, on_write, resp);
    return TL_HAL_ENODEV;
}

/* Only the rtl backend has a clock, so a timeline (hal_trace.h). */
int tl_hal_trace(tl_hal *hal, tl_trace *t)
{
    if (hal->name && strcmp(hal->name, "rtl") == 0)
        return tl_hal_rtl_trace(hal, t);
    return TL_HAL_ENODEV;
}
