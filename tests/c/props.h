/*
 * Shared helpers of the property tests (props.c, props_aead.c,
 * props_hash.c, props_perm.c, props_auth.c): a deterministic PRNG, random lengths and
 * splits, buffers and the check counter.
 */
#ifndef LWC_PROPS_H
#define LWC_PROPS_H

#include <stddef.h>
#include <stdint.h>

#include "lwc.h"

#if defined(__GNUC__)
#define PROP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define PROP_PRINTF(f, a)
#endif

/* The big message / input: 1 MiB, or LWC_PROPS_BIG bytes from the
 * environment, PROP_BIG_MIN (past 2^16 bytes: Grain-128AEADv2's limit on
 * associated data is checked with it) to PROP_BIG_MAX. */
#define PROP_BIG_DEFAULT (1ull << 20)
#define PROP_BIG_MIN 65537ull
#define PROP_BIG_MAX (64ull << 20)
/* The big message's length: the default, or LWC_PROPS_BIG; 0 (and a
 * message on stderr) when that is no number from PROP_BIG_MIN to PROP_BIG_MAX. */
int prop_big_env(size_t *len);
size_t prop_big_len(void);

/* The run's seed: the default, or LWC_PROPS_SEED from the environment;
 * 0 (and a message on stderr) when that is not a number. */
int prop_seed_env(uint64_t *seed);
/* Start the stream (and the check counters) of scheme/impl: its own,
 * derived from the seed and the names. */
void prop_begin(uint64_t seed, const char *scheme, const char *impl);
/* splitmix64 stream, started per implementation by prop_begin(). */
uint64_t prop_rand(void);
size_t prop_below(size_t n);              /* 0 .. n-1 (n > 0) */
size_t prop_range(size_t lo, size_t hi);  /* lo .. hi inclusive */
/* 0..max, half of the time a block-boundary length (0, 1, 7, 8, 9, 15 ...). */
size_t prop_len(size_t max);
void prop_fill(uint8_t *p, size_t n);
/* Size of the next chunk when cutting `left` bytes at random points: often
 * 0, often small, otherwise up to min(left, maxchunk). */
size_t prop_chunk(size_t left, size_t maxchunk);

/* malloc that never returns NULL (n == 0 allocates 1 byte); exact sizes let
 * AddressSanitizer see any write past the end. */
uint8_t *prop_alloc(size_t n);
uint8_t *prop_dup(const uint8_t *p, size_t n);
int prop_is_zero(const uint8_t *p, size_t n);
/* 1 when every byte of buf[0..total) outside [start, start+len) is `pat`. */
int prop_guard_ok(const uint8_t *buf, size_t total, size_t start, size_t len,
                  uint8_t pat);
/* 1 when needle[0..n) occurs somewhere in hay[0..hn). */
int prop_contains(const uint8_t *hay, size_t hn, const uint8_t *needle,
                  size_t n);
/* The big message's random bytes, prop_big_len() of them (fixed per seed). */
const uint8_t *prop_big_data(void);

/* Record one check.  On failure prints "FAIL scheme/impl: <message>". */
int prop_check(int ok, const char *fmt, ...) PROP_PRINTF(2, 3);
/* Check got[0..n) == want[0..n); the message gets the first differing
 * offset appended. */
int prop_check_eq(const void *got, const void *want, size_t n,
                  const char *fmt, ...) PROP_PRINTF(4, 5);

/* One check of a call's result: return code r (want want_r), output
 * buf[off..off+n) equal to want (NULL: all zero), and every byte of
 * buf[0..total) outside the output still equal to pat. */
void prop_check_out(int r, int want_r, const uint8_t *buf, size_t total,
                    size_t off, const uint8_t *want, size_t n, uint8_t pat,
                    const char *fmt, ...) PROP_PRINTF(9, 10);

/* Returns a printable name of an LWC_* code. */
const char *prop_rc(int r);

/* props_aead.c: the one-shot calls with a tag length (0: the default) and
 * a mask key (NULL: none), options passed only when one is given. */
int prop_enc(const lwc_aead *a, uint8_t *ct, const uint8_t *m, size_t mlen,
             const uint8_t *ad, size_t adlen, const uint8_t *n,
             const uint8_t *k, size_t taglen, const uint8_t *mask);
int prop_dec(const lwc_aead *a, uint8_t *m, const uint8_t *ct, size_t ctlen,
             const uint8_t *ad, size_t adlen, const uint8_t *n,
             const uint8_t *k, size_t taglen, const uint8_t *mask);
/* One incremental call by number (a tag of a->tagbytes for the finals). */
enum { STEP_AD, STEP_ENC, STEP_DEC, STEP_EFIN, STEP_DVER, STEP_N };
extern const char *const prop_step_names[STEP_N];
int prop_step(const lwc_aead *a, lwc_aead_ctx *ctx, int step, size_t len,
              const uint8_t *in, uint8_t *out, const uint8_t *tag);

void props_aead(const lwc_aead *a);
void props_hash(const lwc_hash *h);
void props_perm(const lwc_perm *p);
/* props_auth.c: MAC and PRF, hostile arguments included. */
void props_auth(const lwc_auth *m);
/* props_hostile.c: refused arguments write nothing, huge lengths, partial
 * overlaps, forgeries under truncated tags, zeroed contexts. */
void props_hostile_aead(const lwc_aead *a);
void props_hostile_hash(const lwc_hash *h);
void props_hostile_perm(const lwc_perm *p);

#endif
