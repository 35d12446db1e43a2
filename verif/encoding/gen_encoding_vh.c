/* `make gen`: print rtl/common/tl_encoding.vh on stdout. */
#include "encoding_vh.h"

int main(void)
{
    tl_encoding_vh(stdout);
    return 0;
}
