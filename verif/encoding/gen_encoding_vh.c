/* `make gen`: print rtl/common/tl_encoding.vh (no argument) or
 * rtl/common/tl_pipe.vh (argument "pipe") on stdout. */
#include <string.h>

#include "encoding_vh.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "pipe") == 0)
        tl_pipe_vh(stdout);
    else
        tl_encoding_vh(stdout);
    return 0;
}
