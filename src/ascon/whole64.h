/*
 * Whole messages with the state in locals, for the 64-bit C backends
 * (opt64 and the x86-64 variants; included by their aead.c / hash.c only,
 * between the backend header and the mode header):
 *
 *   #include "api.h"
 *   #include "ascon/backend_opt64.h"
 *   #include "ascon/whole64.h"
 *   #include "ascon/aead_mode.h"      (or hash_mode.h)
 *
 * It gives the mode two things:
 *   ASCON_BLOCKS          runs of full rate blocks (sponge.h): the state is
 *                         copied into a local once per run, not re-read
 *                         after every byte written (a byte store may alias
 *                         a context in memory, a local never);
 *   ASCON_WHOLE_ENCRYPT/DECRYPT   (AEAD schemes) the descriptor's
 *                         whole-message calls: key to tag in one function,
 *                         lanes in locals, one load and one store per full
 *                         lane, the last partial block by 4/2/1-byte pieces
 *                         (no byte loop) and its padding as one lane xor.
 * Only on x86-64 and AArch64 (below); elsewhere this header adds nothing
 * and the mode is the incremental one, as before.
 *
 * A backend may replace the full-lane moves (an xmm state: no round trip
 * through a general register):
 *   ASCON_W_XOR_IN(s, i, p)      lane i ^= the 8 bytes at p
 *   ASCON_W_OUT(s, i, p)         the 8 bytes at p = lane i
 *   ASCON_W_DEC(s, i, out, in)   out = lane i ^ in; lane i = in (out may be in)
 *
 * Wiping: the state and the key live in locals the compiler keeps in
 * registers; what the function owns in memory (the computed tag of a
 * decryption) is wiped.
 */
#ifndef ASCON_WHOLE64_H
#define ASCON_WHOLE64_H

#include "ascon/word.h"
#include "lwc.h"

/* Only where an unaligned load or store of 2, 4 or 8 bytes is one
 * instruction and the byte order is little-endian (x86-64, AArch64): there
 * __builtin_memcpy of a constant size is that instruction.  On RV64 the
 * byte helpers made the AEAD objects twice as large for a few percent, so
 * every other target compiles exactly what it did without this header. */
#if (defined(__x86_64__) || defined(__aarch64__)) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ASCON_WHOLE64 1
#endif

#ifdef ASCON_WHOLE64

/* host (little-endian) order <-> the scheme's lane order */
#if ASCON_LITTLE_ENDIAN
#define ASCON_W_ORDER(w) (w)
#else
#define ASCON_W_ORDER(w) __builtin_bswap64(w)
#endif

LWC_INLINE uint64_t ascon_w_load8(const uint8_t *p) {
  uint64_t w;
  __builtin_memcpy(&w, p, 8);
  return ASCON_W_ORDER(w);
}

LWC_INLINE void ascon_w_store8(uint8_t *p, uint64_t w) {
  w = ASCON_W_ORDER(w);
  __builtin_memcpy(p, &w, 8);
}

/* bytes 0 .. n-1 of a lane (n < 8) from or to p: a 4-, a 2- and a 1-byte
 * piece as n's bits say (n is public: a length) */
LWC_INLINE uint64_t ascon_w_loadn(const uint8_t *p, unsigned n) {
  uint64_t w = 0;
  if (n & 4) {
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    w = v;
  }
  if (n & 2) {
    uint16_t v;
    __builtin_memcpy(&v, p + (n & 4), 2);
    w |= (uint64_t)v << (8 * (n & 4));
  }
  if (n & 1) w |= (uint64_t)p[n & 6] << (8 * (n & 6));
  return ASCON_W_ORDER(w);
}

LWC_INLINE void ascon_w_storen(uint8_t *p, uint64_t w, unsigned n) {
  w = ASCON_W_ORDER(w);
  if (n & 4) {
    uint32_t v = (uint32_t)w;
    __builtin_memcpy(p, &v, 4);
  }
  if (n & 2) {
    uint16_t v = (uint16_t)(w >> (8 * (n & 4)));
    __builtin_memcpy(p + (n & 4), &v, 2);
  }
  if (n & 1) p[n & 6] = (uint8_t)(w >> (8 * (n & 6)));
}

/* The state of the whole-message code: by default the backend's own
 * (lanes64.h); a backend whose permutation wants another form in registers
 * (xmm lanes) defines ASCON_W_STATE and these accessors itself. */
#ifndef ASCON_W_STATE
typedef perm_state_t ascon_wstate_t;
#define ascon_w_get ascon_lane_get
#define ascon_w_set ascon_lane_set
#define ascon_w_xor ascon_lane_xor
#define ascon_w_permute perm_permute
#define ascon_w_import(ws, s) (*(ws) = *(s))
#define ascon_w_export(s, ws) (*(s) = *(ws))
#endif

/* the padding bit after byte n of a lane; bytes 0 .. n-1 of a lane */
#define ASCON_W_PAD(n) ((uint64_t)ASCON_PAD_BYTE << ASCON_SHIFT(n))
#if ASCON_LITTLE_ENDIAN
#define ASCON_W_MASK(n) ((n) ? ~(uint64_t)0 >> (64 - 8 * (n)) : 0)
#else
#define ASCON_W_MASK(n) ((n) ? ~(uint64_t)0 << (64 - 8 * (n)) : 0)
#endif

#ifndef ASCON_W_XOR_IN
#define ASCON_W_XOR_IN(s, i, p) ascon_w_xor((s), (i), ascon_w_load8(p))
#define ASCON_W_OUT(s, i, p) ascon_w_store8((p), ascon_w_get((s), (i)))
#define ASCON_W_DEC(s, i, out, in)                         \
  do {                                                     \
    uint64_t c_ = ascon_w_load8(in);                       \
    ascon_w_store8((out), ascon_w_get((s), (i)) ^ c_);  \
    ascon_w_set((s), (i), c_);                          \
  } while (0)
#endif

/* One full rate block; op as sponge.h's (0 absorb, 1 encrypt, 2 decrypt),
 * a constant where inlined. */
LWC_INLINE void ascon_w_block(ascon_wstate_t *s, uint8_t *out,
                              const uint8_t *in, unsigned op) {
  if (op == 0) {
    ASCON_W_XOR_IN(s, 0, in);
#if ASCON_RATE == 16
    ASCON_W_XOR_IN(s, 1, in + 8);
#endif
  } else if (op == 1) {
    ASCON_W_XOR_IN(s, 0, in);
    ASCON_W_OUT(s, 0, out);
#if ASCON_RATE == 16
    ASCON_W_XOR_IN(s, 1, in + 8);
    ASCON_W_OUT(s, 1, out + 8);
#endif
  } else {
    ASCON_W_DEC(s, 0, out, in);
#if ASCON_RATE == 16
    ASCON_W_DEC(s, 1, out + 8, in + 8);
#endif
  }
}

/* n > 0 full blocks, each followed by p^ASCON_PB (sponge.h's ASCON_BLOCKS) */
LWC_INLINE void ascon_w_blocks_op(perm_state_t *sp, uint8_t *out,
                                  const uint8_t *in, size_t n, unsigned op) {
  ascon_wstate_t s;
  ascon_w_import(&s, sp);
  do {
    ascon_w_block(&s, out, in, op);
    ascon_w_permute(&s, ASCON_PB);
    in += ASCON_RATE;
    if (op != 0) out += ASCON_RATE;
  } while (--n > 0);
  ascon_w_export(sp, &s);
}

static void ascon_w_blocks(perm_state_t *s, uint8_t *out, const uint8_t *in,
                           size_t n, unsigned op) {
  /* one loop per op: the choice is made once per run */
  if (op == 0)
    ascon_w_blocks_op(s, out, in, n, 0);
  else if (op == 1)
    ascon_w_blocks_op(s, out, in, n, 1);
  else
    ascon_w_blocks_op(s, out, in, n, 2);
}
#define ASCON_BLOCKS(s, out, in, n, op) ascon_w_blocks((s), (out), (in), (n), (op))

#ifdef CRYPTO_KEYBYTES /* an AEAD scheme: the whole-message calls */

/* The last, partial block (n < ASCON_RATE bytes, maybe none) and its
 * padding; op as ascon_w_block. */
LWC_INLINE void ascon_w_last(ascon_wstate_t *s, uint8_t *out,
                             const uint8_t *in, unsigned n, unsigned op) {
  unsigned i = 0;
  uint64_t w, c;
#if ASCON_RATE == 16
  if (n >= 8) { /* a full lane first: lane 1 gets the rest */
    if (op == 0) {
      ASCON_W_XOR_IN(s, 0, in);
    } else if (op == 1) {
      ASCON_W_XOR_IN(s, 0, in);
      ASCON_W_OUT(s, 0, out);
    } else {
      ASCON_W_DEC(s, 0, out, in);
    }
    in += 8;
    if (op != 0) out += 8;
    n -= 8;
    i = 1;
  }
#endif
  /* lane i, bytes 0 .. n-1, then the padding bit (i constant per branch) */
#define ASCON_W_LAST_LANE(I)                                               \
  do {                                                                     \
    w = ascon_w_get(s, (I));                                            \
    c = ascon_w_loadn(in, n);                                              \
    if (op == 0) {                                                         \
      w ^= c;                                                              \
    } else if (op == 1) {                                                  \
      w ^= c;                                                              \
      ascon_w_storen(out, w, n);                                           \
    } else {                                                               \
      ascon_w_storen(out, w ^ c, n);                                       \
      w = (w & ~ASCON_W_MASK(n)) | c;                                      \
    }                                                                      \
    ascon_w_set(s, (I), w ^ ASCON_W_PAD(n));                            \
  } while (0)
  if (i == 0)
    ASCON_W_LAST_LANE(0);
  else
    ASCON_W_LAST_LANE(1);
#undef ASCON_W_LAST_LANE
}

/* initialisation (IV || K || N, p^a, key added) to the end of the
 * associated data (domain-separation bit); the key's lanes for the tag */
LWC_INLINE void ascon_w_start(ascon_wstate_t *s, uint64_t *k,
                              const uint8_t *ad, size_t adlen,
                              const uint8_t *npub, const uint8_t *key) {
  static const uint8_t iv[40 - CRYPTO_KEYBYTES - CRYPTO_NPUBBYTES] = ASCON_IV;
#if CRYPTO_KEYBYTES == 16
  k[0] = ascon_w_load8(key);
  k[1] = ascon_w_load8(key + 8);
  ascon_w_set(s, 0, ascon_load(iv, 0, 8));
  ascon_w_set(s, 1, k[0]);
  ascon_w_set(s, 2, k[1]);
#else /* Ascon-80pq: 4 IV bytes, K[0..4) in lane 0, then two lanes */
  k[0] = ascon_load(key, 4, 4); /* K[0..4) at bytes 4..7 of a lane */
  k[1] = ascon_w_load8(key + 4);
  k[2] = ascon_w_load8(key + 12);
  ascon_w_set(s, 0, ascon_load(iv, 0, 4) | k[0]);
  ascon_w_set(s, 1, k[1]);
  ascon_w_set(s, 2, k[2]);
#endif
  ascon_w_set(s, 3, ascon_w_load8(npub));
  ascon_w_set(s, 4, ascon_w_load8(npub + 8));
  ascon_w_permute(s, ASCON_PA);
#if CRYPTO_KEYBYTES == 16
  ascon_w_xor(s, 3, k[0]);
  ascon_w_xor(s, 4, k[1]);
#else /* S[20..40) ^= K */
  ascon_w_xor(s, 2, k[0]);
  ascon_w_xor(s, 3, k[1]);
  ascon_w_xor(s, 4, k[2]);
#endif
  if (adlen > 0) {
    if (adlen >= ASCON_RATE) {
      size_t n = adlen / ASCON_RATE;
      do {
        ascon_w_block(s, NULL, ad, 0);
        ascon_w_permute(s, ASCON_PB);
        ad += ASCON_RATE;
      } while (--n > 0);
    }
    ascon_w_last(s, NULL, ad, (unsigned)(adlen % ASCON_RATE), 0);
    ascon_w_permute(s, ASCON_PB);
  }
  ascon_w_xor(s, 4, (uint64_t)ASCON_DSEP_BYTE << ASCON_SHIFT(7));
}

/* the message's blocks (op 1 or 2), the last one padded, the finalisation;
 * the full tag to tag[0..16) */
LWC_INLINE void ascon_w_finish(ascon_wstate_t *s, const uint64_t *k,
                               uint8_t *out, const uint8_t *in, size_t len,
                               unsigned op, uint8_t *tag,
                               const uint8_t *key) {
  if (len >= ASCON_RATE) {
    size_t n = len / ASCON_RATE;
    do {
      ascon_w_block(s, out, in, op);
      ascon_w_permute(s, ASCON_PB);
      in += ASCON_RATE;
      out += ASCON_RATE;
    } while (--n > 0);
  }
  ascon_w_last(s, out, in, (unsigned)(len % ASCON_RATE), op);
#if CRYPTO_KEYBYTES == 16
  (void)key;
  ascon_w_xor(s, ASCON_RATE / 8, k[0]);
  ascon_w_xor(s, ASCON_RATE / 8 + 1, k[1]);
  ascon_w_permute(s, ASCON_PA);
  ascon_w_xor(s, 3, k[0]);
  ascon_w_xor(s, 4, k[1]);
#else /* S[8..28) ^= K; the tag: S[24..40) ^ K[4..20) */
  ascon_w_xor(s, 1, ascon_w_load8(key));
  ascon_w_xor(s, 2, ascon_w_load8(key + 8));
  ascon_w_xor(s, 3, ascon_load(key + 16, 0, 4));
  ascon_w_permute(s, ASCON_PA);
  ascon_w_xor(s, 3, k[1]);
  ascon_w_xor(s, 4, k[2]);
#endif
  ASCON_W_OUT(s, 3, tag);
  ASCON_W_OUT(s, 4, tag + 8);
}

static int LWC_NS(ascon_w_encrypt)(uint8_t *ct, const uint8_t *msg,
                                   size_t mlen, const uint8_t *ad,
                                   size_t adlen, const uint8_t *npub,
                                   const uint8_t *key) {
  ascon_wstate_t s;
  uint64_t k[CRYPTO_KEYBYTES == 16 ? 2 : 3];
  ascon_w_start(&s, k, ad, adlen, npub, key);
  ascon_w_finish(&s, k, ct, msg, mlen, 1, ct + mlen, key);
  return LWC_OK;
}

static int LWC_NS(ascon_w_decrypt)(uint8_t *msg, const uint8_t *ct,
                                   size_t ctlen, const uint8_t *ad,
                                   size_t adlen, const uint8_t *npub,
                                   const uint8_t *key) {
  ascon_wstate_t s;
  uint64_t k[CRYPTO_KEYBYTES == 16 ? 2 : 3];
  uint8_t tag[16];
  size_t mlen;
  int r;
  if (ctlen < CRYPTO_ABYTES) return LWC_ERR_ARG;
  mlen = ctlen - CRYPTO_ABYTES;
  ascon_w_start(&s, k, ad, adlen, npub, key);
  /* in place (msg == ct): the tag at ct + mlen is read after the
   * plaintext is written, and lies beyond it */
  ascon_w_finish(&s, k, msg, ct, mlen, 2, tag, key);
  r = lwc_ct_compare(tag, ct + mlen, CRYPTO_ABYTES);
  lwc_wipe_bytes(tag, sizeof tag);
  if (r != 0) {
    if (mlen > 0) lwc_wipe_bytes(msg, mlen); /* release no plaintext */
    return LWC_ERR_TAG;
  }
  return LWC_OK;
}

#define ASCON_WHOLE_ENCRYPT LWC_NS(ascon_w_encrypt)
#define ASCON_WHOLE_DECRYPT LWC_NS(ascon_w_decrypt)

#endif /* CRYPTO_KEYBYTES */
#endif /* ASCON_WHOLE64 */
#endif
