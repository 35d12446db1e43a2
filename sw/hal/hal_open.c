/* Backends by name, chosen at run time (tl_hal_host.h). */
#include <string.h>

#include "tl_hal_host.h"

static const struct {
    const char *name;
    int (*open)(const tl_hal_opts *, tl_hal *);
} backends[] = {
    {"cmodel", tl_hal_cmodel_open},
    {"rtl", tl_hal_rtl_open},
};

const char *tl_hal_backends(void) { return "cmodel rtl"; }

int tl_hal_open(const char *name, const tl_hal_opts *opts, tl_hal *hal)
{
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (strcmp(name, backends[i].name) == 0)
            return backends[i].open(opts, hal);
    return TL_HAL_ENODEV;
}
