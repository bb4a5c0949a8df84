/*
 * lwc.h -- public C API of the lwc lightweight-cryptography suite.
 *
 * Every scheme is reached through a descriptor: an immutable table of
 * functions for one (scheme, implementation) pair.  Look one up by name,
 * then use either the one-shot helpers or the incremental functions.
 *
 *   const lwc_aead *a = lwc_aead_find("ascon-aead128", NULL);   // best impl
 *   lwc_aead_encrypt(a, ct, msg, mlen, ad, adlen, nonce, key, NULL);
 *   if (lwc_aead_decrypt(a, msg, ct, mlen + a->tagbytes, ad, adlen,
 *                        nonce, key, NULL) != LWC_OK) { ...forged... }
 *
 *   const lwc_hash *h = lwc_hash_find("ascon-hash256", NULL);
 *   lwc_hash_compute(h, digest, h->outbytes, msg, mlen, NULL, 0);
 *
 * Buffers
 *   Inputs and outputs may be unaligned.  An output may be the very same
 *   buffer as the input it is computed from (in-place operation); any other
 *   overlap of an AEAD's input and output is not supported: the output is
 *   then unspecified, but nothing outside it is written, and a decryption
 *   gives either the authentic plaintext or LWC_ERR_TAG and zeros.
 *   lwc_hash_compute() reads all its input before writing: there, any
 *   overlap works.  NULL is accepted wherever the length is 0.
 *
 * Refused arguments
 *   LWC_ERR_ARG means nothing was written (an in-place ciphertext is left
 *   as it was).  The one-shot calls refuse lengths no buffer can have
 *   (above PTRDIFF_MAX) before touching any buffer.  Otherwise lengths are
 *   taken as the sizes of the caller's buffers, as memcpy() takes them.
 *   A NULL descriptor (what lwc_aead_find() and lwc_hash_find() return for
 *   a name they do not know) is refused the same way: lwc_aead_encrypt(),
 *   lwc_aead_decrypt(), lwc_hash_compute() and the batch calls return
 *   LWC_ERR_ARG and write nothing (a batch: every job's status
 *   LWC_ERR_ARG).  A descriptor's own functions (a->init...) need one.
 *
 * Failed authentication
 *   lwc_aead_decrypt() checks the tag in constant time; when it does not
 *   match it returns LWC_ERR_TAG and overwrites the whole plaintext buffer
 *   with zeros, so no unauthenticated plaintext is ever released.
 *   The incremental decrypt_update() necessarily writes plaintext before the
 *   tag is known: callers of the incremental API must not use that output
 *   unless decrypt_verify() returns LWC_OK (lwc_wipe() clears it otherwise).
 *
 * Incremental use (AEAD)
 *   init -> absorb_ad* -> (encrypt_update* -> encrypt_final) or
 *                         (decrypt_update* -> decrypt_verify)
 *   Any split of the data gives the same result as the one-shot call,
 *   with one exception, a scheme whose context cannot hold every split:
 *     grain128aead-v2  associated data over several absorb_ad calls must
 *                      stay below 64 KiB in all (its DER length is
 *                      authenticated first); a longer one goes in the
 *                      first call with data, and nothing can follow it.
 *   A call past that limit returns LWC_ERR_ARG and changes nothing.  The
 *   one-shot calls are unaffected.
 *   The final step wipes the context, including the key copy it holds.
 *
 * Incremental use (hash, XOF, CXOF)
 *   init -> update* -> squeeze*.  For a fixed-length hash (kind LWC_HASH)
 *   the digest is the first `outbytes` bytes squeezed.  For XOFs, squeeze
 *   may be called any number of times: the outputs concatenate.
 *   lwc_hash_wipe() clears a context that is no longer needed.
 *
 * Bare permutations (benchmarks; modes built on them, XKCP style)
 *   init -> (add_bytes | extract_bytes | permute | permute_rounds)*
 *   The state is seen as a string of statebytes bytes whatever the
 *   implementation keeps inside (64-bit lanes, bit-interleaved halves...).
 *   Ascon: lanes x0..x4, 8 bytes each, little-endian (SP 800-232 order).
 *
 * Ascon-AEAD128 options (NIST SP 800-232, section 4.2)
 *   - tag truncation: taglen from min_tagbytes (4) to tagbytes (16);
 *   - nonce masking: a second 16-byte key K2; the nonce N is replaced by
 *     N xor K2 before initialisation (multi-key hardening).
 *   Other schemes accept only their full tag and no mask key.
 */
#ifndef LWC_H
#define LWC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LWC_OK 0
#define LWC_ERR_TAG (-1) /* authentication failed */
#define LWC_ERR_ARG (-2) /* bad length, option or call order */
#define LWC_ERR_RANDOM (-3) /* a masked implementation has no random source */

/* Opaque incremental contexts, large enough for every implementation.
 * lwc_aead_ctx: 232 bytes, the largest being the 4-share masked
 * Ascon-AEAD128's (the state and the key in 4 shares each, a block
 * position and two flags: 228).  Every unmasked implementation uses at
 * most the first 104 (ISAP-A-128a: two Ascon states, the key, a block
 * position and a phase: 98), and the one-shot calls give it no more. */
typedef struct { uint64_t opaque[29]; } lwc_aead_ctx;
/* The context of an unmasked implementation (shares == 0 in its
 * descriptor): a program short of RAM that uses no masked implementation
 * may give it this instead, cast to lwc_aead_ctx *. */
typedef struct { uint64_t opaque[13]; } lwc_aead_small_ctx;
typedef struct { uint64_t opaque[8]; } lwc_hash_ctx;

typedef struct lwc_aead lwc_aead;
struct lwc_aead {
  const char *scheme;      /* e.g. "ascon-aead128" */
  const char *impl;        /* e.g. "opt64" */
  uint8_t keybytes;        /* key length */
  uint8_t noncebytes;      /* public nonce length */
  uint8_t tagbytes;        /* full tag length (the default) */
  uint8_t min_tagbytes;    /* shortest truncated tag accepted */
  uint8_t nonce_masking;   /* 1 when init() accepts a mask key */
  /* Masking (side-channel protection; see "Masking" below).  shares: 0
   * for an unmasked implementation, else the number of shares the key and
   * the key-dependent steps are split into; leveled: 1 when only those
   * steps are masked and the data go through one share. */
  uint8_t shares;
  uint8_t leveled;
  /* Start a message.  mask_key: NULL, or a second key (same length as the
   * key) when nonce_masking is 1.  Returns LWC_OK or LWC_ERR_ARG (a
   * masked implementation without a random source: LWC_ERR_RANDOM). */
  int (*init)(lwc_aead_ctx *ctx, const uint8_t *key, const uint8_t *nonce,
              const uint8_t *mask_key);
  /* Associated data, before any message byte. */
  int (*absorb_ad)(lwc_aead_ctx *ctx, const uint8_t *ad, size_t len);
  /* out[0..len) = transform of in[0..len); out == in is allowed. */
  int (*encrypt_update)(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                        size_t len);
  int (*decrypt_update)(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                        size_t len);
  /* Write the first taglen bytes of the tag and wipe the context. */
  int (*encrypt_final)(lwc_aead_ctx *ctx, uint8_t *tag, size_t taglen);
  /* Compare (constant time) with a taglen-byte tag, wipe the context;
   * LWC_OK or LWC_ERR_TAG (LWC_ERR_ARG for a bad taglen). */
  int (*decrypt_verify)(lwc_aead_ctx *ctx, const uint8_t *tag, size_t taglen);
  /* Optional (NULL when absent): a whole message in one call, full tag, no
   * nonce masking, for implementations that keep the state in registers
   * from the key to the tag (assembly), or a context of their own size on
   * their frame (the masked ones).  lwc_aead_encrypt/decrypt call
   * them when the options allow; same contracts as those two. */
  int (*encrypt)(uint8_t *ct, const uint8_t *msg, size_t mlen,
                 const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                 const uint8_t *key);
  int (*decrypt)(uint8_t *msg, const uint8_t *ct, size_t ctlen,
                 const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                 const uint8_t *key);
  /* Masked implementations (NULL when unmasked): init() with the key given
   * in `shares` shares: key_shares holds shares * keybytes bytes, share
   * after share, whose xor is the key; mask_shares likewise for the mask
   * key, or NULL.  The key is never recombined. */
  int (*init_shared)(lwc_aead_ctx *ctx, const uint8_t *key_shares,
                     const uint8_t *nonce, const uint8_t *mask_shares);
};

#define LWC_HASH 0 /* fixed-length digest */
#define LWC_XOF 1  /* extendable output */
#define LWC_CXOF 2 /* extendable output with customization string */

typedef struct lwc_hash lwc_hash;
struct lwc_hash {
  const char *scheme;
  const char *impl;
  uint8_t kind;              /* LWC_HASH, LWC_XOF or LWC_CXOF */
  uint16_t outbytes;         /* digest length, or the XOF's usual length */
  uint16_t max_custombytes;  /* CXOF customization limit (0 otherwise) */
  /* custom/customlen: the customization string (CXOF only; else NULL, 0). */
  int (*init)(lwc_hash_ctx *ctx, const uint8_t *custom, size_t customlen);
  int (*update)(lwc_hash_ctx *ctx, const uint8_t *in, size_t len);
  int (*squeeze)(lwc_hash_ctx *ctx, uint8_t *out, size_t len);
};

/* The opaque state of a bare permutation, large enough for every one. */
typedef struct { uint64_t opaque[8]; } lwc_perm_state;

typedef struct lwc_perm lwc_perm;
struct lwc_perm {
  const char *scheme;      /* e.g. "ascon-p12" */
  const char *impl;
  uint16_t statebytes;     /* 40 for Ascon */
  uint8_t rounds;          /* rounds of permute() */
  uint8_t max_rounds;      /* permute_rounds() takes 1 .. max_rounds */
  void (*init)(lwc_perm_state *s); /* the all-zero state */
  /* S[off .. off+len) ^= in, or out = S[off .. off+len); LWC_ERR_ARG (and
   * nothing done) when off + len > statebytes. */
  int (*add_bytes)(lwc_perm_state *s, const uint8_t *in, size_t off, size_t len);
  int (*extract_bytes)(const lwc_perm_state *s, uint8_t *out, size_t off, size_t len);
  void (*permute)(lwc_perm_state *s); /* the scheme's permutation */
  /* The family's permutation with `rounds` rounds (Ascon: p^rounds, the
   * last rounds of p^12); LWC_ERR_ARG outside 1 .. max_rounds. */
  int (*permute_rounds)(lwc_perm_state *s, unsigned rounds);
};

/* ---- MAC and PRF (keyed functions) ---------------------------------------
 *
 *   const lwc_auth *m = lwc_auth_find("ascon-mac-v13", NULL);
 *   lwc_auth_compute(m, tag, m->outbytes, msg, mlen, key);
 *   if (lwc_auth_verify(m, tag, m->outbytes, msg, mlen, key) != LWC_OK) ...
 *
 * Kinds: LWC_MAC (a tag of at most outbytes bytes), LWC_PRF (any output
 * length: the outputs of successive squeeze calls concatenate),
 * LWC_PRF_SHORT (one call, at most max_inbytes in and outbytes out; no
 * incremental calls: init, update and squeeze are NULL).
 * Incremental use (MAC, PRF): init -> update* -> squeeze*, then
 * lwc_auth_wipe(): the context holds a state computed from the key (never
 * the key itself), so wipe it once done.  A call past the output limit,
 * or in another phase, returns LWC_ERR_ARG and writes nothing. */
#define LWC_MAC 0
#define LWC_PRF 1
#define LWC_PRF_SHORT 2

typedef struct { uint64_t opaque[8]; } lwc_auth_ctx;

typedef struct lwc_auth lwc_auth;
struct lwc_auth {
  const char *scheme;      /* e.g. "ascon-mac-v13" */
  const char *impl;
  uint8_t kind;            /* LWC_MAC, LWC_PRF or LWC_PRF_SHORT */
  uint8_t keybytes;
  uint16_t outbytes;       /* the full tag, or the PRF's usual output */
  uint16_t max_outbytes;   /* 0: any length (PRF) */
  uint16_t max_inbytes;    /* 0: any length; PrfShort: 16 */
  int (*init)(lwc_auth_ctx *ctx, const uint8_t *key);
  int (*update)(lwc_auth_ctx *ctx, const uint8_t *in, size_t len);
  int (*squeeze)(lwc_auth_ctx *ctx, uint8_t *out, size_t len);
  /* The whole computation: out[0..outlen) from in[0..inlen) and key. */
  int (*compute)(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
                 const uint8_t *key);
};

const lwc_auth *lwc_auth_find(const char *scheme, const char *impl);
extern const lwc_auth *const lwc_auth_registry[];
/* out receives outlen bytes: at most max_outbytes (unless 0), 0 allowed
 * (nothing written).  LWC_ERR_ARG (nothing written) for a NULL descriptor,
 * an output or input too long. */
int lwc_auth_compute(const lwc_auth *m, uint8_t *out, size_t outlen,
                     const uint8_t *in, size_t inlen, const uint8_t *key);
/* LWC_OK when tag[0..taglen) is the first taglen bytes of the output for
 * (in, key), else LWC_ERR_TAG; compared in constant time.  taglen: from
 * LWC_AUTH_MIN_TAG to outbytes (LWC_ERR_ARG otherwise).  Writes nothing
 * but its own frame, which it wipes. */
#define LWC_AUTH_MIN_TAG 4
int lwc_auth_verify(const lwc_auth *m, const uint8_t *tag, size_t taglen,
                    const uint8_t *in, size_t inlen, const uint8_t *key);
void lwc_auth_wipe(lwc_auth_ctx *ctx);

/* Options of the one-shot AEAD calls; NULL means full tag, no masking. */
typedef struct {
  size_t taglen;            /* 0 means the full tag */
  const uint8_t *mask_key;  /* NULL: no nonce masking */
} lwc_aead_options;

/* Lookup.  impl == NULL picks the preferred implementation for this build.
 * Returns NULL when the scheme or implementation is unknown. */
const lwc_aead *lwc_aead_find(const char *scheme, const char *impl);
const lwc_hash *lwc_hash_find(const char *scheme, const char *impl);
const lwc_perm *lwc_perm_find(const char *scheme, const char *impl);
/* Every implementation in this build, NULL-terminated, preferred first
 * within a scheme. */
extern const lwc_aead *const lwc_aead_registry[];
extern const lwc_hash *const lwc_hash_registry[];
extern const lwc_perm *const lwc_perm_registry[];

/* ct receives mlen + taglen bytes (ciphertext || tag). */
int lwc_aead_encrypt(const lwc_aead *a, uint8_t *ct, const uint8_t *msg,
                     size_t mlen, const uint8_t *ad, size_t adlen,
                     const uint8_t *nonce, const uint8_t *key,
                     const lwc_aead_options *opt);
/* ct holds ctlen = mlen + taglen bytes; msg receives mlen bytes, or zeros
 * and LWC_ERR_TAG when the tag does not match. */
int lwc_aead_decrypt(const lwc_aead *a, uint8_t *msg, const uint8_t *ct,
                     size_t ctlen, const uint8_t *ad, size_t adlen,
                     const uint8_t *nonce, const uint8_t *key,
                     const lwc_aead_options *opt);
/* Hash / XOF / CXOF in one call.  For LWC_HASH, outlen must be outbytes.
 * An XOF or CXOF takes any outlen, 0 included: an empty output (nothing
 * written, out may be NULL) and LWC_OK, as `lwc hash --out-len 0` prints
 * an empty line.  squeeze() with len 0 likewise writes nothing. */
int lwc_hash_compute(const lwc_hash *h, uint8_t *out, size_t outlen,
                     const uint8_t *in, size_t inlen, const uint8_t *custom,
                     size_t customlen);

/* ---- Batches: many independent messages in one call ---------------------
 *
 * A server verifying thousands of messages a second has many at once.  The
 * batch calls take n jobs (independent messages, each with its own key,
 * nonce, data and lengths) and run them in SIMD lanes where the CPU has
 * them: a batch engine advances several messages' states with one vector
 * instruction (Ascon: 8 lanes with AVX-512, 4 with AVX2, on x86-64).
 * Every job's result is exactly the one-message call's; only the speed
 * differs.  Jobs of similar length keep the lanes busiest: jobs are grouped
 * by length, and a lane whose message is done idles until its group ends.
 *
 * Each job gets a status: LWC_OK, LWC_ERR_TAG (decryption: that job's
 * plaintext buffer is overwritten with zeros, the other jobs are not
 * affected) or LWC_ERR_ARG (that job refused, nothing written for it).
 * The call returns LWC_ERR_ARG when any job was refused, else LWC_ERR_TAG
 * when any tag failed, else LWC_OK.  Buffers follow the rules above: any
 * alignment, out == in allowed, NULL where the length is 0. */
typedef struct {
  uint8_t *out;          /* encrypt: inlen + tagbytes (ciphertext || tag);
                            decrypt: inlen - tagbytes (the plaintext) */
  const uint8_t *in;     /* encrypt: the message; decrypt: ciphertext || tag */
  size_t inlen;
  const uint8_t *ad;
  size_t adlen;
  const uint8_t *nonce;  /* noncebytes */
  const uint8_t *key;    /* keybytes */
  int status;            /* written by the call */
} lwc_aead_job;

typedef struct {
  uint8_t *out;          /* outlen bytes (LWC_HASH: outlen == outbytes) */
  size_t outlen;
  const uint8_t *in;
  size_t inlen;
  const uint8_t *custom; /* LWC_CXOF's customization string, else NULL, 0 */
  size_t customlen;
  int status;            /* written by the call */
} lwc_hash_job;

/* A batch engine: one scheme, `lanes` messages per vector instruction. */
typedef struct lwc_batch lwc_batch;
struct lwc_batch {
  const char *scheme;    /* e.g. "ascon-aead128"; "*" for "single" */
  const char *engine;    /* "avx512", "avx2", or "single" */
  unsigned lanes;
  /* Internal: up to `lanes` checked jobs in lockstep (NULL for "single":
   * one message at a time through the lwc_aead / lwc_hash given). */
  void (*aead_group)(lwc_aead_job *const *jobs, unsigned n, int decrypt);
  void (*hash_group)(lwc_hash_job *const *jobs, unsigned n);
};

/* The engine `engine` of `scheme` when this CPU runs it, or NULL.
 * engine == NULL: the fastest this CPU runs (NULL when the scheme has no
 * SIMD engine).  "single" (any scheme): no SIMD, one message at a time. */
const lwc_batch *lwc_batch_find(const char *scheme, const char *engine);
/* The engines of `scheme` this CPU runs, fastest first: the n-th (from 0),
 * or NULL past the last ("single", which every scheme has, not counted). */
const lwc_batch *lwc_batch_engine(const char *scheme, unsigned n);

/* n jobs of a's (h's) scheme.  b: an engine of that scheme from
 * lwc_batch_find(), or NULL for the fastest this CPU runs (with none,
 * one message at a time through a).  With "single", each job is exactly
 * lwc_aead_encrypt / lwc_aead_decrypt / lwc_hash_compute with a (h), no
 * options (full tag, no nonce masking). */
int lwc_aead_encrypt_batch(const lwc_aead *a, const lwc_batch *b,
                           lwc_aead_job *jobs, size_t n);
int lwc_aead_decrypt_batch(const lwc_aead *a, const lwc_batch *b,
                           lwc_aead_job *jobs, size_t n);
int lwc_hash_batch(const lwc_hash *h, const lwc_batch *b, lwc_hash_job *jobs,
                   size_t n);

/* ---- Masking: fresh randomness -----------------------------------------
 *
 * A masked implementation (shares > 0 in its descriptor) computes on random
 * shares of its secrets, so that the power a device draws (or the
 * electromagnetic field it radiates) while it runs tells an observer
 * nothing about the key at first order (2 shares; 3 shares: second order).
 * Its init() splits the key with fresh random bytes, and its permutation
 * draws more every round (the S-box's and gadgets' refreshing masks).
 * They come from one source for the whole program:
 *
 *   lwc_set_random(fill, arg)   from now on, fill(arg, out, len) writes the
 *                               len random bytes asked for.  It must not
 *                               fail; it is called from every masked call
 *                               (make it thread-safe if they run in threads).
 *   lwc_set_random(NULL, NULL)  back to the default.
 *
 * The default is the operating system's generator on Linux (arc4random_buf
 * with glibc 2.36 and later, else getrandom), the BSDs and macOS
 * (arc4random_buf).  A freestanding build (a microcontroller) has none:
 * install the device's TRNG, or a cryptographic generator seeded from it,
 * before the first masked call; until then init() returns LWC_ERR_RANDOM.
 * lwc_random() is the source the implementations call; it stops the
 * program (a trap) when there is none. */
typedef void (*lwc_random_fn)(void *arg, uint8_t *out, size_t len);
void lwc_set_random(lwc_random_fn fill, void *arg);
int lwc_random_ready(void); /* 1 when lwc_random() has a source */
void lwc_random(uint8_t *out, size_t len);

void lwc_hash_wipe(lwc_hash_ctx *ctx);
/* Overwrite n bytes with zeros in a way the compiler cannot elide. */
void lwc_wipe(void *p, size_t n);

#ifdef __cplusplus
}
#endif
#endif
