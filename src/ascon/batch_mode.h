/*
 * Ascon on many independent messages at once: the batch engines behind
 * lwc_aead_encrypt_batch(), lwc_aead_decrypt_batch() and lwc_hash_batch()
 * (include/lwc.h).
 *
 * Each of the five state words is a vector of ASCON_BATCH_LANES 64-bit
 * lanes, lane l holding that word of message l's state; one vector round
 * advances every message by one round.  Written once with the GCC/Clang
 * vector extensions and compiled once per instruction set: the includer
 * (src/lib/batch_<scheme>.c) sets ASCON_BATCH_LANES, ASCON_BATCH_TARGET (a
 * function target such as "avx512f,avx512vl") and ASCON_BATCH_ENGINE (a
 * name suffix), after the scheme header.  gcc 12 and clang 14 turn the
 * rotations into vprorq and the S-box into vpternlogq under AVX-512.
 *
 * Messages of different lengths run in lockstep: one step is one rate block
 * and one p^b for every message; a message with nothing to do in a step
 * keeps its state (the permuted words are blended back).  Only lengths,
 * which are public, choose branches; the tag comparison is constant time.
 *
 *   AEAD   init and finalisation (p^a) for all lanes together; between them
 *          one step per AD block (the padded last one included) and per
 *          full message block; the partial last block per lane.
 *   hash   (CXOF: the customisation length, its blocks, its padded block)
 *          message blocks, the padded last block, then the output blocks;
 *          every step is one p^b (only schemes with p^a = p^b, checked).
 */
#include <string.h>

#include "ascon/word.h"
#include "core/common.h"
#include "lwc.h"

#ifndef ASCON_BATCH_LANES
#error "set ASCON_BATCH_LANES, ASCON_BATCH_TARGET and ASCON_BATCH_ENGINE"
#endif

#define AB_CAT2(a, b) a##_##b
#define AB_CAT(a, b) AB_CAT2(a, b)
#define AB(name) AB_CAT(AB_CAT(ascon_batch, ASCON_BATCH_ENGINE), name)
#define AB_L ASCON_BATCH_LANES
#define AB_FN static __attribute__((target(ASCON_BATCH_TARGET)))
#define AB_INLINE static inline __attribute__((always_inline, target(ASCON_BATCH_TARGET)))

typedef uint64_t AB(vec) __attribute__((vector_size(8 * AB_L)));
#define ab_vec AB(vec)

/* Lanes of a rate block: 1 (rate 8) or 2 (rate 16). */
#define AB_RL (ASCON_RATE / 8)

#ifndef ASCON_BATCH_SCALAR_HELPERS
#define ASCON_BATCH_SCALAR_HELPERS
/* One state word from 8 bytes, any alignment, in the scheme's byte order. */
static inline uint64_t ascon_batch_ld(const uint8_t *p, int little) {
  uint64_t w;
  memcpy(&w, p, 8);
  return little ? w : __builtin_bswap64(w);
}
static inline void ascon_batch_st(uint8_t *p, uint64_t w, int little) {
  if (!little) w = __builtin_bswap64(w);
  memcpy(p, &w, 8);
}
static const uint8_t ascon_batch_zeros[16];
#endif
#define AB_LD(p) ascon_batch_ld((p), ASCON_LITTLE_ENDIAN)
#define AB_ST(p, w) ascon_batch_st((p), (w), ASCON_LITTLE_ENDIAN)

#define AB_ROR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* One round on every lane: the opt64 round with vectors for words. */
AB_INLINE void AB(round)(ab_vec *x, uint64_t c) {
  ab_vec t0, t1, t2, t3, t4;
  /* written so that each line is one three-input operation (vpternlogq):
   * the constant joins x2's input xor, the final NOT joins t2's chi */
  x[2] = x[2] ^ x[1] ^ c;
  x[0] ^= x[4];
  x[4] ^= x[3];
  t0 = x[0] ^ (~x[1] & x[2]);
  t1 = x[1] ^ (~x[2] & x[3]);
  t2 = ~x[2] ^ (~x[3] & x[4]);
  t3 = x[3] ^ (~x[4] & x[0]);
  t4 = x[4] ^ (~x[0] & x[1]);
  t1 ^= t0;
  t0 ^= t4;
  t3 ^= ~t2; /* t3 ^ (t2 before its NOT) */
  x[0] = t0 ^ AB_ROR(t0, 19) ^ AB_ROR(t0, 28);
  x[1] = t1 ^ AB_ROR(t1, 61) ^ AB_ROR(t1, 39);
  x[2] = t2 ^ AB_ROR(t2, 1) ^ AB_ROR(t2, 6);
  x[3] = t3 ^ AB_ROR(t3, 10) ^ AB_ROR(t3, 17);
  x[4] = t4 ^ AB_ROR(t4, 7) ^ AB_ROR(t4, 41);
}

/* p^n, n a constant at every call (ASCON_LAST_ROUNDS). */
#define AB_ROUND(c) AB(round)(x, c)
AB_INLINE void AB(permute)(ab_vec *x, unsigned n) {
  ASCON_LAST_ROUNDS(n, AB_ROUND);
}

/* p^n on the lanes whose mask is all ones; the others keep their state. */
AB_INLINE void AB(permute_some)(ab_vec *x, unsigned n, ab_vec active, int all) {
  ab_vec old[5];
  unsigned i;
  if (all) {
    AB(permute)(x, n);
    return;
  }
  for (i = 0; i < 5; i++) old[i] = x[i];
  AB(permute)(x, n);
  for (i = 0; i < 5; i++) x[i] = (x[i] & active) | (old[i] & ~active);
}

/* Rate blocks of every lane in and out: blk[i] = word i of each lane's
 * block at p[lane].  With AVX2 (4 lanes), little-endian rate-16 blocks go
 * through a transpose (16-byte loads and stores, two-source shuffles);
 * otherwise word by word (with 8 lanes, measured faster than the
 * transpose on AVX-512). */
#if ASCON_LITTLE_ENDIAN && ASCON_RATE == 16 && AB_L == 4
#define AB_TRANSPOSE 1
typedef uint64_t AB(v2) __attribute__((vector_size(16)));
#endif

AB_INLINE void AB(gather)(ab_vec *blk, const uint8_t *const *p) {
#ifdef AB_TRANSPOSE
  AB(v2) b[AB_L];
  ab_vec lo, hi;
  unsigned l;
  for (l = 0; l < AB_L; l++) memcpy(&b[l], p[l], 16);
  lo = __builtin_shufflevector(b[0], b[1], 0, 1, 2, 3);
  hi = __builtin_shufflevector(b[2], b[3], 0, 1, 2, 3);
  blk[0] = __builtin_shufflevector(lo, hi, 0, 2, 4, 6);
  blk[1] = __builtin_shufflevector(lo, hi, 1, 3, 5, 7);
#else
  unsigned l, i;
  for (l = 0; l < AB_L; l++)
    for (i = 0; i < AB_RL; i++) blk[i][l] = AB_LD(p[l] + 8 * i);
#endif
}

AB_INLINE void AB(scatter)(uint8_t *const *p, const ab_vec *blk) {
#ifdef AB_TRANSPOSE
  AB(v2) b[AB_L];
  unsigned l;
  ab_vec lo = __builtin_shufflevector(blk[0], blk[1], 0, 4, 1, 5);
  ab_vec hi = __builtin_shufflevector(blk[0], blk[1], 2, 6, 3, 7);
  b[0] = __builtin_shufflevector(lo, lo, 0, 1);
  b[1] = __builtin_shufflevector(lo, lo, 2, 3);
  b[2] = __builtin_shufflevector(hi, hi, 0, 1);
  b[3] = __builtin_shufflevector(hi, hi, 2, 3);
  for (l = 0; l < AB_L; l++) memcpy(p[l], &b[l], 16);
#else
  unsigned l, i;
  for (l = 0; l < AB_L; l++)
    for (i = 0; i < AB_RL; i++) AB_ST(p[l] + 8 * i, blk[i][l]);
#endif
}

#ifdef CRYPTO_ABYTES /* ---------------------------------------------- AEAD */

_Static_assert(CRYPTO_KEYBYTES == 16 && CRYPTO_NPUBBYTES == 16 && CRYPTO_ABYTES == 16,
               "the batch engine takes 16-byte keys, nonces and tags");

/* One message's schedule: `fa` full AD blocks, then (if any AD) the padded
 * last one from `adtail`: `nad` steps; then `fm` full message blocks. */
typedef struct {
  const uint8_t *ad, *in;
  uint8_t *out;
  size_t mlen, fa, nad, steps;
  uint8_t adtail[ASCON_RATE];
} AB(aead_lane);

/* Up to AB_L jobs (m of them) in lockstep; decrypt: 0 or 1 (a constant
 * at both calls below: one copy each). */
AB_INLINE void AB(aead_run)(lwc_aead_job *const *job, unsigned m, int decrypt) {
  static const uint8_t iv[8] = ASCON_IV;
  AB(aead_lane) ln[AB_L];
  ab_vec x[5], k0, k1, blk[AB_RL];
  size_t t, tmax = 0, tmin = (size_t)-1, famin = (size_t)-1, nadmax = 0;
  unsigned l, i;
  uint64_t ivw = AB_LD(iv);

  for (l = 0; l < AB_L; l++) {
    AB(aead_lane) *q = &ln[l];
    memset(q, 0, sizeof *q);
    if (l < m) {
      const lwc_aead_job *j = job[l];
      size_t adlen = j->adlen, r = adlen % ASCON_RATE;
      q->ad = j->ad;
      q->in = j->in;
      q->out = j->out;
      q->mlen = decrypt ? j->inlen - CRYPTO_ABYTES : j->inlen;
      q->fa = adlen / ASCON_RATE;
      q->nad = adlen > 0 ? q->fa + 1 : 0;
      if (r > 0) memcpy(q->adtail, j->ad + adlen - r, r);
      q->adtail[r] ^= ASCON_PAD_BYTE;
      q->steps = q->nad + q->mlen / ASCON_RATE;
      k0[l] = AB_LD(j->key);
      k1[l] = AB_LD(j->key + 8);
      x[3][l] = AB_LD(j->nonce);
      x[4][l] = AB_LD(j->nonce + 8);
    } else {
      k0[l] = k1[l] = x[3][l] = x[4][l] = 0; /* an empty lane: no steps */
    }
    if (q->steps > tmax) tmax = q->steps;
    if (q->steps < tmin) tmin = q->steps;
    if (q->fa < famin) famin = q->fa;
    if (q->nad > nadmax) nadmax = q->nad;
  }
  /* S = IV || K || N; S = p^a(S); S ^= 0 || K */
  for (l = 0; l < AB_L; l++) x[0][l] = ivw;
  x[1] = k0;
  x[2] = k1;
  AB(permute)(x, ASCON_PA);
  x[3] ^= k0;
  x[4] ^= k1;

  for (t = 0; t < tmax; t++) {
    ab_vec msg, act, dsep;
    /* every lane in full AD blocks, or every lane in full message blocks:
     * no lane idles, no per-lane choice */
    if (m == AB_L && (t < famin || (t >= nadmax && t < tmin))) {
      const uint8_t *src[AB_L];
      uint8_t *dst[AB_L];
      int in_msg = t >= famin;
      for (l = 0; l < AB_L; l++) {
        const AB(aead_lane) *q = &ln[l];
        src[l] = in_msg ? q->in + (t - q->nad) * ASCON_RATE : q->ad + t * ASCON_RATE;
        dst[l] = q->out + (t - q->nad) * ASCON_RATE; /* used in_msg only */
        if (in_msg && t == q->nad) x[4][l] ^= (uint64_t)ASCON_DSEP_BYTE << ASCON_SHIFT(7);
      }
      AB(gather)(blk, src);
      for (i = 0; i < AB_RL; i++) {
        ab_vec p = x[i] ^ blk[i];
        x[i] = in_msg && decrypt ? blk[i] : p;
        blk[i] = p;
      }
      if (in_msg) AB(scatter)(dst, blk);
      AB(permute)(x, ASCON_PB);
      continue;
    }
    for (l = 0; l < AB_L; l++) {
      const AB(aead_lane) *q = &ln[l];
      const uint8_t *src;
      int is_msg = 0;
      if (t < q->fa) src = q->ad + t * ASCON_RATE;
      else if (t < q->nad) src = q->adtail;
      else if (t < q->steps) src = q->in + (t - q->nad) * ASCON_RATE, is_msg = 1;
      else src = ascon_batch_zeros;
      for (i = 0; i < AB_RL; i++) blk[i][l] = AB_LD(src + 8 * i);
      msg[l] = is_msg ? ~(uint64_t)0 : 0;
      act[l] = t < q->steps ? ~(uint64_t)0 : 0;
      /* the domain bit, once, where the message blocks start */
      dsep[l] = (is_msg && t == q->nad) ? (uint64_t)ASCON_DSEP_BYTE << ASCON_SHIFT(7) : 0;
    }
    x[4] ^= dsep;
    for (i = 0; i < AB_RL; i++) {
      ab_vec p = x[i] ^ blk[i]; /* encrypt: the ciphertext; decrypt: the plaintext */
      x[i] = decrypt ? blk[i] ^ (x[i] & ~msg) : p;
      blk[i] = p;
    }
    for (l = 0; l < m; l++) {
      const AB(aead_lane) *q = &ln[l];
      if (t >= q->nad && t < q->steps)
        for (i = 0; i < AB_RL; i++)
          AB_ST(q->out + (t - q->nad) * ASCON_RATE + 8 * i, blk[i][l]);
    }
    AB(permute_some)(x, ASCON_PB, act, t < tmin);
  }

  /* the last (partial, padded) message block of each lane, the domain bit
   * of lanes that had no full message block, and the key */
  for (l = 0; l < m; l++) {
    AB(aead_lane) *q = &ln[l];
    size_t off = q->mlen - q->mlen % ASCON_RATE, r = q->mlen % ASCON_RATE, b;
    uint8_t s[ASCON_RATE];
    if (q->steps == q->nad) x[4][l] ^= (uint64_t)ASCON_DSEP_BYTE << ASCON_SHIFT(7);
    for (i = 0; i < AB_RL; i++) AB_ST(s + 8 * i, x[i][l]);
    for (b = 0; b < r; b++) {
      uint8_t c = q->in[off + b];
      if (decrypt) {
        q->out[off + b] = (uint8_t)(s[b] ^ c);
        s[b] = c;
      } else {
        s[b] ^= c;
        q->out[off + b] = s[b];
      }
    }
    s[r] ^= ASCON_PAD_BYTE;
    for (i = 0; i < AB_RL; i++) x[i][l] = AB_LD(s + 8 * i);
    lwc_wipe_bytes(s, sizeof s);
  }
  x[AB_RL] ^= k0;
  x[AB_RL + 1] ^= k1;
  AB(permute)(x, ASCON_PA);
  x[3] ^= k0;
  x[4] ^= k1;
  for (l = 0; l < m; l++) {
    lwc_aead_job *j = (lwc_aead_job *)job[l];
    const AB(aead_lane) *q = &ln[l];
    uint8_t tag[16];
    AB_ST(tag, x[3][l]);
    AB_ST(tag + 8, x[4][l]);
    if (!decrypt) {
      memcpy(q->out + q->mlen, tag, 16);
      j->status = LWC_OK;
    } else if (lwc_ct_compare(tag, q->in + q->mlen, 16) == 0) {
      j->status = LWC_OK;
    } else {
      if (q->mlen > 0) lwc_wipe_bytes(q->out, q->mlen); /* release nothing */
      j->status = LWC_ERR_TAG;
    }
    lwc_wipe_bytes(tag, sizeof tag);
  }
  lwc_wipe_bytes(x, sizeof x);
  lwc_wipe_bytes(&k0, sizeof k0);
  lwc_wipe_bytes(&k1, sizeof k1);
  lwc_wipe_bytes(blk, sizeof blk);
  lwc_wipe_bytes(ln, sizeof ln);
}

AB_FN void AB(aead_group)(lwc_aead_job *const *job, unsigned m, int decrypt) {
  if (decrypt)
    AB(aead_run)(job, m, 1);
  else
    AB(aead_run)(job, m, 0);
}

#else /* ---------------------------------------------------------- hashing */

_Static_assert(ASCON_PA == ASCON_PB && ASCON_RATE == 8,
               "the batch hash runs one permutation per step: p^a = p^b, rate 8");

/* One message's absorbing steps: (CXOF: the length word `zlen`, `fz` full
 * blocks of Z, its padded block `ztail`) then `fm` full message blocks and
 * the padded `mtail`: `absorb` steps; then `outblocks` output blocks. */
typedef struct {
  const uint8_t *z, *in;
  uint8_t *out;
  size_t outlen, fz, fm, zsteps, absorb, steps;
  uint8_t zlen[8], ztail[8], mtail[8];
} AB(hash_lane);

AB_INLINE const uint8_t *AB(hash_src)(const AB(hash_lane) *q, size_t t) {
  if (t < q->zsteps) {
    if (t == 0) return q->zlen;
    return t - 1 < q->fz ? q->z + 8 * (t - 1) : q->ztail;
  }
  t -= q->zsteps;
  return t < q->fm ? q->in + 8 * t : q->mtail;
}

AB_FN void AB(hash_group)(lwc_hash_job *const *job, unsigned m) {
  static const uint64_t start[5] = ASCON_HASH_STATE0;
  AB(hash_lane) ln[AB_L];
  ab_vec x[5], blk;
  size_t t, tmax = 0, tmin = (size_t)-1;
  unsigned l, i;

  for (l = 0; l < AB_L; l++) {
    AB(hash_lane) *q = &ln[l];
    memset(q, 0, sizeof *q);
    if (l < m) {
      const lwc_hash_job *j = job[l];
      size_t r = j->inlen % 8;
      q->in = j->in;
      q->out = j->out;
      q->outlen = j->outlen;
      q->fm = j->inlen / 8;
      if (r > 0) memcpy(q->mtail, j->in + j->inlen - r, r);
      q->mtail[r] ^= ASCON_PAD_BYTE;
#if ASCON_HASH_KIND == LWC_CXOF
      {
        size_t zr = j->customlen % 8;
        q->z = j->custom;
        q->fz = j->customlen / 8;
        AB_ST(q->zlen, (uint64_t)j->customlen * 8u);
        if (zr > 0) memcpy(q->ztail, j->custom + j->customlen - zr, zr);
        q->ztail[zr] ^= ASCON_PAD_BYTE;
        q->zsteps = q->fz + 2;
      }
#endif
      q->absorb = q->zsteps + q->fm + 1;
      q->steps = q->absorb + (q->outlen + 7) / 8;
    }
    if (q->steps > tmax) tmax = q->steps;
    if (q->steps < tmin) tmin = q->steps;
  }
  for (i = 0; i < 5; i++)
    for (l = 0; l < AB_L; l++) x[i][l] = start[i];

  for (t = 0; t < tmax; t++) {
    ab_vec act;
    for (l = 0; l < AB_L; l++) {
      const AB(hash_lane) *q = &ln[l];
      blk[l] = t < q->absorb ? AB_LD(AB(hash_src)(q, t)) : 0;
      /* permuted after this step: absorbing, or output blocks still to come */
      act[l] = t + 1 < q->steps ? ~(uint64_t)0 : 0;
    }
    for (l = 0; l < m; l++) {
      const AB(hash_lane) *q = &ln[l];
      if (t >= q->absorb && t < q->steps) {
        size_t o = 8 * (t - q->absorb), n = q->outlen - o < 8 ? q->outlen - o : 8;
        uint8_t w[8];
        AB_ST(w, x[0][l]);
        memcpy(q->out + o, w, n);
      }
    }
    x[0] ^= blk;
    AB(permute_some)(x, ASCON_PB, act, t + 1 < tmin);
  }
  for (l = 0; l < m; l++) ((lwc_hash_job *)job[l])->status = LWC_OK;
  lwc_wipe_bytes(x, sizeof x);
  lwc_wipe_bytes(&blk, sizeof blk);
  lwc_wipe_bytes(ln, sizeof ln);
}

#endif

#undef ab_vec
#undef AB_L
#undef AB_FN
#undef AB_INLINE
#undef AB_RL
#undef AB_LD
#undef AB_ST
#undef AB_ROR
#undef AB_TRANSPOSE
