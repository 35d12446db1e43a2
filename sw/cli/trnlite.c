/* trnlite: the command-line front end. Subcommands live in cmd_*.c. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("trnlite: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void usage(FILE *out)
{
    fputs("usage: trnlite <command> [options]\n"
          "       trnlite --help | --version\n"
          "\n"
          "trnlite drives the trnlite training core and its bit-exact C model.\n"
          "\n"
          "commands:\n", out);
    cmd_convert_help(out);
    cmd_gemm_help(out);
    cmd_info_help(out);
    cmd_mlp_help(out);
    cmd_train_help(out);
    fputs("\nEvery numeric rule is the one of docs/ARCHITECTURE.md section 5.\n"
          "'trnlite <command> --help' for a command's options.\n"
          "Exit status: 0 success, 1 bad input, 2 bad usage, 3 device error or timeout.\n", out);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EUSAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return CLI_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("trnlite %s\n", TRNLITE_VERSION);
        return CLI_OK;
    }
    if (strcmp(cmd, "convert") == 0)
        return cmd_convert(argc - 1, argv + 1);
    if (strcmp(cmd, "gemm") == 0)
        return cmd_gemm(argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0)
        return cmd_info(argc - 1, argv + 1);
    if (strcmp(cmd, "mlp") == 0)
        return cmd_mlp(argc - 1, argv + 1);
    if (strcmp(cmd, "train") == 0)
        return cmd_train(argc - 1, argv + 1);
    cli_error("unknown command '%s' (try 'trnlite --help')", cmd);
    return CLI_EUSAGE;
}
