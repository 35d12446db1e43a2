/* trnlite command-line tool: one function per subcommand. */
#ifndef TRNLITE_CLI_H
#define TRNLITE_CLI_H

#include <stdio.h>

#define TRNLITE_VERSION "0.1.0"

/* Exit codes of every subcommand. */
enum { CLI_OK = 0, CLI_EINPUT = 1, CLI_EUSAGE = 2, CLI_EDEVICE = 3 };

/* argv[0] is the subcommand name. Returns an exit code. */
int cmd_convert(int argc, char **argv);
void cmd_convert_help(FILE *out);
int cmd_gemm(int argc, char **argv);
void cmd_gemm_help(FILE *out);
int cmd_info(int argc, char **argv);
void cmd_info_help(FILE *out);

/* Print "trnlite: <msg>\n" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
