/* lwc command-line tool: declarations shared by its source files. */
#ifndef LWC_CLI_H
#define LWC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwc.h"

/* Raw data streams through buffers of this size: memory use is constant. */
#define CLI_CHUNK ((size_t)64 * 1024)
/* Longest XOF output accepted by `lwc hash --out-len` (1 GiB). */
#define CLI_MAX_OUTLEN ((uint64_t)1 << 30)

/* Exit statuses (see the usage text). */
#define EXIT_AUTH 1  /* tag mismatch */
#define EXIT_USAGE 2 /* bad input, I/O error */

/* Options, by index; opt_names[] holds their spelling without "--". */
enum {
  OPT_KEY, OPT_NONCE, OPT_AD, OPT_MSG, OPT_CT, OPT_IMPL, OPT_TAG_LEN,
  OPT_MASK_KEY, OPT_OUT_LEN, OPT_CUSTOM, OPT_COUNT
};
#define OPT_BIT(o) (1u << (o))
extern const char *const opt_names[OPT_COUNT];

typedef struct {
  const char *cmd;              /* "encrypt", "decrypt", "hash" */
  const char *scheme;           /* first positional argument */
  const char *file;             /* second positional argument, or NULL */
  const char *opt[OPT_COUNT];   /* option values, NULL when absent */
} cli_args;

/* main.c */
void parse_args(cli_args *args, const char *cmd, unsigned allowed, int argc,
                char **argv);
void usage_command(FILE *f, const char *cmd);

/* util.c: errors, memory, hex, numbers, I/O */
#if defined(__GNUC__)
#define CLI_NORETURN __attribute__((noreturn))
#define CLI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CLI_NORETURN
#define CLI_PRINTF(a, b)
#endif
/* Print "lwc: MESSAGE" (one line) on stderr and exit with `status`. */
void fail(int status, const char *fmt, ...) CLI_NORETURN CLI_PRINTF(2, 3);
#define die(...) fail(EXIT_USAGE, __VA_ARGS__)
void cli_init(void);
/* Zeroed allocation, wiped and freed at exit. */
void *xalloc(size_t n);
/* Decode option `opt`'s hex value; dies with a message naming the option. */
uint8_t *hex_option(const char *opt, const char *hex, size_t *len);
/* Parse a plain decimal number: 0 ok, -1 not a number, 1 too large. */
int parse_decimal(const char *text, uint64_t *value);
/* "s" unless n == 1 */
const char *plural(size_t n);
/* Decode a decimal number in [lo, hi]; dies naming the option otherwise. */
uint64_t number_option(const char *opt, const char *text, uint64_t lo,
                       uint64_t hi);
/* Clear a command-line argument once decoded (keys, plaintext). */
void wipe_arg(const char *arg);
void out_write(const void *p, size_t n);
void out_hex(const uint8_t *p, size_t n);
/* Flush and close standard output, dying on a write error. */
void out_finish(void);

typedef struct {
  FILE *f;
  const char *name; /* for messages: 'path' or standard input */
} cli_input;
void input_open(cli_input *in, const char *file);
/* Read up to n bytes; fewer only at end of input.  Dies on a read error. */
size_t input_read(cli_input *in, uint8_t *buf, size_t n);

/* The implementation names of `scheme`, separated by spaces. */
void impl_names(const char *scheme, char *buf, size_t size);
/* Exit 2: `impl` is not an implementation of `scheme` (lists the ones that are). */
void die_unknown_impl(const char *scheme, const char *impl) CLI_NORETURN;

/* Commands */
int cmd_encrypt(int argc, char **argv);
int cmd_decrypt(int argc, char **argv);
int cmd_hash(int argc, char **argv);

#endif
