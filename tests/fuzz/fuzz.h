/*
 * lwc-fuzz: differential fuzzing of every host implementation against ref
 * (libFuzzer; built by `python3 -m harness.build --variant fuzz`, run by
 * `./lwcbench fuzz`).
 *
 * One entry point (fuzz_main.c) reads the scheme from the first input byte
 * and hands the rest to the runner of its descriptor kind (fuzz_aead.c,
 * fuzz_hash.c, fuzz_perm.c, fuzz_auth.c).  Each runner computes the expected result with
 * the scheme's `ref` implementation on plain buffers, then runs every
 * implementation of the scheme found in the registries (ref included, for
 * its own incremental / in-place / unaligned paths) on the same inputs and
 * stops the process at the first difference (fz_fail: a message naming the
 * scheme, the implementation and what differed, then abort(), which
 * libFuzzer reports as a crash and saves as a reproducer).
 *
 * Input format (all multi-byte numbers little-endian; a field the input is
 * too short for reads as zeros, so every byte string is a valid input):
 *
 *   byte 0  scheme: index into the table of schemes sorted by name
 *           (mod its size; `LWC_FUZZ_SCHEMES=1 lwc-fuzz` prints the table)
 *   byte 1  options (kind-specific, see each runner)
 *   byte 2  layout: bits 0-2 misalignment of the input buffers (0..7 bytes
 *           into a larger block), bits 3-5 of the output buffers, bit 6
 *           in place (output buffer = input buffer), bit 7 zero-length
 *           pieces of the incremental calls pass NULL pointers
 *   then    the kind's fields (fuzz_aead.c, fuzz_hash.c, fuzz_perm.c,
 *           fuzz_auth.c), and
 *           last the split script: one byte per piece of an incremental
 *           phase (fz_piece), replayed identically for every implementation.
 *
 * The seed corpus (harness/bench/fuzz.py) writes the official KAT entries
 * in this format.
 *
 * Environment: LWC_FUZZ_SCHEMES=1 prints the table of schemes and exits;
 * LWC_FUZZ_PRINT_CASES=1 prints what each input was taken to mean (a line
 * "lwc-fuzz: ok: SCHEME: CASE" after it passed).
 */
#ifndef LWC_FUZZ_H
#define LWC_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "lwc.h"

#if defined(__GNUC__)
#define FZ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define FZ_NORETURN __attribute__((noreturn))
#else
#define FZ_PRINTF(f, a)
#define FZ_NORETURN
#endif

#define FZ_MAX_DATA 2048u  /* longest AD / message / output */
#define FZ_MAX_PIECES 64u  /* incremental calls per phase, then the rest */
#define FZ_END ((size_t)-1)
#define FZ_GUARD 0x3c      /* filler before a misaligned buffer */
#define FZ_FRESH 0xa5      /* pre-fill of output buffers */

/* ---- reading the input ---------------------------------------------- */

typedef struct {
  const uint8_t *p;
  size_t n;
} fz_reader;

uint8_t fz_u8(fz_reader *r);   /* next byte; 0 once the input is used up */
size_t fz_u16(fz_reader *r);   /* next two bytes, little-endian */
/* dst[0..n) = the next n input bytes; where the input ends, a fixed
 * pattern (the byte's index) fills the rest. */
void fz_take(fz_reader *r, uint8_t *dst, size_t n);
/* A data length from a 16-bit field v: bit 15 clear, at most what is left
 * of the input (the data is all input bytes); bit 15 set, any length up to
 * max (the input's bytes, then the pattern): long data from short inputs. */
size_t fz_len(const fz_reader *r, size_t v, size_t max);

/* Size of the next piece when `left` bytes remain of an incremental phase
 * (pieces: the number of calls made so far in this phase), from one script
 * byte b: b < 0xf0 gives min(b, left) (0: an empty call), b >= 0xf0 the
 * rest.  Once the script is used up, or after FZ_MAX_PIECES calls, the rest
 * in one call.  Every phase makes at least one call; when nothing is left,
 * a script byte 0 asks for one more empty call, anything else ends the
 * phase (FZ_END, the byte is not consumed). */
size_t fz_piece(fz_reader *script, size_t left, unsigned pieces);

/* ---- buffers ---------------------------------------------------------- */

typedef struct {
  size_t in_off, out_off; /* misalignment of input / output buffers */
  int in_place;           /* the output is the input's buffer */
  int null_empty;         /* empty pieces pass NULL */
} fz_layout;

fz_layout fz_layout_of(uint8_t b);

/* A buffer of exactly off + n bytes (so AddressSanitizer sees any access
 * past its end) whose data starts off bytes in, after FZ_GUARD filler. */
typedef struct {
  uint8_t *block, *p;
  size_t off, n;
} fz_buf;

uint8_t *fz_alloc(fz_buf *b, size_t off, size_t n, uint8_t fill);
/* The same with a copy of src[0..n) as its contents. */
uint8_t *fz_alloc_copy(fz_buf *b, size_t off, const uint8_t *src, size_t n);
void fz_free(fz_buf *b);
/* NULL when n is 0 and the layout asks for NULL, else p. */
const uint8_t *fz_ptr(const fz_layout *l, const uint8_t *p, size_t n);

/* ---- reporting -------------------------------------------------------- */

/* What the current case is (lengths, options, layout): printed with a
 * failure.  fz_case() formats it. */
void fz_case(const char *fmt, ...) FZ_PRINTF(1, 2);
/* Report a difference and abort(). */
FZ_NORETURN void fz_fail(const char *scheme, const char *impl, const char *fmt,
                         ...) FZ_PRINTF(3, 4);
/* Fail unless got[0..n) == want[0..n) (want NULL: all zero). */
void fz_expect_eq(const char *scheme, const char *impl, const char *what,
                  const uint8_t *got, const uint8_t *want, size_t n);
/* Fail unless the bytes before b's data are still FZ_GUARD. */
void fz_expect_guard(const char *scheme, const char *impl, const char *what,
                     const fz_buf *b);
/* Fail unless return code r equals want. */
void fz_expect_rc(const char *scheme, const char *impl, const char *what, int r,
                  int want);
const char *fz_rc(int r);

/* ---- runners ---------------------------------------------------------- */

void fuzz_aead(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in);
void fuzz_hash(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in);
void fuzz_perm(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in);
void fuzz_auth(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in);

#endif
