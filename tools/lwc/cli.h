/* lwc command-line tool: declarations shared by its source files. */
#ifndef LWC_CLI_H
#define LWC_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lwc.h"

/* Raw data streams through buffers of this size: memory use is constant. */
#define CLI_CHUNK ((size_t)64 * 1024)
/* Longest XOF or PRF output accepted by `lwc hash --out-len` and `lwc prf
 * --out-len` (1 GiB); the shortest is 0, an empty output, as
 * lwc_hash_compute() and lwc_auth_compute() give. */
#define CLI_MAX_OUTLEN ((uint64_t)1 << 30)

/* Exit statuses (see the usage text).  A reader of standard output that
 * goes away ends the tool by SIGPIPE instead, quietly, as it ends cat. */
#define EXIT_AUTH 1  /* tag mismatch */
#define EXIT_USAGE 2 /* bad input, I/O error */

/* Options, by index; opt_names[] holds their spelling without "--".
 * OPT_X_FILE is OPT_X's value as raw bytes in a file (not in `ps`, and of
 * any length: an argument is limited to 128 KiB). */
enum {
  OPT_KEY, OPT_NONCE, OPT_AD, OPT_MSG, OPT_CT, OPT_IMPL, OPT_TAG_LEN,
  OPT_MASK_KEY, OPT_OUT_LEN, OPT_CUSTOM, OPT_KEY_FILE, OPT_NONCE_FILE,
  OPT_AD_FILE, OPT_MASK_KEY_FILE, OPT_VERIFY, OPT_COUNT
};
#define OPT_BIT(o) (1u << (o))
extern const char *const opt_names[OPT_COUNT];

typedef struct {
  const char *cmd;              /* "encrypt", "decrypt", "hash", "mac", "prf" */
  const char *scheme;           /* first positional argument */
  const char *file;             /* second positional argument, or NULL */
  const char *opt[OPT_COUNT];   /* option values, NULL when absent */
} cli_args;

/* main.c */
void parse_args(cli_args *args, const char *cmd, unsigned allowed, int argc,
                char **argv);

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
/* p (from xalloc, n bytes) moved to a zeroed block of m >= n bytes; the
 * old block is wiped and freed. */
void *xresize(void *p, size_t n, size_t m);
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
/* Standard output.  Every write is checked: an error ends the tool with
 * its message and status 2, a reader gone away (EPIPE) by SIGPIPE. */
void out_write(const void *p, size_t n);
void out_str(const char *s);
void out_printf(const char *fmt, ...) CLI_PRINTF(1, 2);
void out_hex(const uint8_t *p, size_t n);
/* Flush and close standard output, dying on a write error. */
void out_finish(void);

typedef struct {
  FILE *f;
  const char *name;  /* for messages: 'path' or standard input */
  const char *what;  /* NULL for the data, else the option ("--key-file") */
  char quoted[300];
} cli_input;
/* Open FILE ('-' or NULL: standard input) for the data or, `what` not
 * NULL, for that option; dies with a message naming it. */
void input_open(cli_input *in, const char *file, const char *what);
/* Read up to n bytes; fewer only at end of input.  Dies on a read error. */
size_t input_read(cli_input *in, uint8_t *buf, size_t n);
void input_close(cli_input *in);
/* The raw bytes of FILE for option `opt` (without "--"), at most `limit`
 * of them (xalloc'd, wiped at exit); *more: 1 when the file holds more. */
uint8_t *file_option(const char *opt, const char *file, size_t limit,
                     size_t *len, int *more);
/* 1 when `file` names standard input. */
int is_stdin(const char *file);
/* The value of option o (hex) or of its file form of = o's file option
 * (raw bytes): exactly `want` bytes, `what` for the messages ("the key"). */
const uint8_t *sized_option(const cli_args *args, int o, int of, size_t want,
                            const char *what);
/* Each option given once, in hex or as a file; standard input ('-') read
 * once at most: by the data (raw mode without a FILE, or FILE '-') or by
 * one file option (--key-file, --nonce-file, --ad-file, --mask-key-file). */
void check_sources(const cli_args *args, int data_option);

/* The command of a MAC or PRF scheme ("mac" or "prf"), and what it is
 * ("MAC" or "PRF"), for the messages that point to it. */
const char *auth_command(const lwc_auth *m);
const char *auth_what(const lwc_auth *m);

/* The implementation names of `scheme`, separated by spaces. */
void impl_names(const char *scheme, char *buf, size_t size);
/* Exit 2: `impl` is not an implementation of `scheme` (lists the ones that are). */
void die_unknown_impl(const char *scheme, const char *impl) CLI_NORETURN;
/* A library call that cannot fail on arguments the tool checked: an
 * internal error (exit 2) naming the step when it did. */
void check(int r, const char *step);

/* The sizes of a scheme in bytes, from its descriptor, for `lwc list
 * --sizes` and the help: "key 16  nonce 16  tag 16" (then "  tag-len 4..16"
 * and "  mask-key 16" where they apply), "digest 32", "out-len 64" (an XOF's
 * default output) and "  custom 0..256" (a CXOF); a MAC's "key 16  tag 16
 * out-len 4..16" (the full tag, the lengths --out-len and --verify take), a
 * PRF's "key 16  out-len 64" (its default output, any length) or, with an
 * output limit, "key 16  out-len 0..16" (the default: the limit), then
 * "  msg 0..16" when its input is limited. */
void aead_sizes(char *buf, size_t size, const lwc_aead *a);
void hash_sizes(char *buf, size_t size, const lwc_hash *h);
void auth_sizes(char *buf, size_t size, const lwc_auth *m);
/* The --out-len range of `lwc mac` / `lwc prf` for m: [*lo, *hi]. */
void auth_out_range(const lwc_auth *m, uint64_t *lo, uint64_t *hi);

/* Commands */
int cmd_encrypt(int argc, char **argv);
int cmd_decrypt(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_mac(int argc, char **argv); /* auth_cmd.c: lwc mac and lwc prf */
int cmd_prf(int argc, char **argv);

#endif
