/*
 * Every sponge hash, XOF and CXOF mode's calls but its padding, written
 * once.  A mode includes this file after defining
 *
 *   LWC_HASH_FN(name)      its functions' prefix (as for core/hash_api.h)
 *   LWC_HASH_OUT_RATE      output bytes between two permutations
 *   LWC_HASH_NEXT(st)      the permutation between output blocks
 *   LWC_HASH_ABSORB_BYTES(st, in, len)   the message's bytes, any length
 *
 * and the function LWC_HASH_FN(pad)(LWC_HASH_STATE *st): the end of the
 * absorption (padding, domain separation, the permutation), leaving pos at
 * the first output byte.  It may also define
 *
 *   LWC_HASH_STATE         its context type, with `s`, `pos` and `phase`
 *                          (default: lwc_sponge_state, core/sponge.h)
 *   LWC_HASH_START(st)     what init does to the zero state (default: nothing)
 *   LWC_HASH_OWN_INIT      it writes LWC_HASH_FN(init) itself (a CXOF, or a
 *                          precomputed first state); init and update come from
 *                          here otherwise
 *   LWC_HASH_OWN_SQUEEZE   it writes LWC_HASH_FN(squeeze) itself (whole-state
 *                          forms that keep the state in locals)
 *   LWC_HASH_PHASE_START   the phase init leaves (default: LWC_PHASE_ABSORB)
 *   LWC_HASH_ABSORBING(st) true while input is still absorbed (default: the
 *                          phase is LWC_PHASE_ABSORB)
 *   LWC_HASH_PHASE_SQUEEZE the phase while output is read (LWC_PHASE_SQUEEZE)
 *   LWC_HASH_EXTRACT(st, out, off, n)   n output bytes of the state at off
 *                          (default: perm_extract)
 *   LWC_HASH_KIND, LWC_HASH_MAX_CUSTOM  as for core/hash_api.h (default: a
 *                          fixed-length hash, no customization)
 *
 * The squeeze: the first call ends the absorption, then the output comes a
 * rate block at a time with the permutation between blocks; the outputs of
 * successive calls concatenate (lwc.h).  A call in any other phase (a
 * wiped context) is refused.  The SUPERCOP functions and the descriptor
 * follow (core/hash_api.h).
 */
#ifndef LWC_CORE_HASH_TAIL_H
#define LWC_CORE_HASH_TAIL_H

#include "core/common.h"
#include "core/sponge.h"
#include "lwc.h"

#ifndef LWC_HASH_STATE
#define LWC_HASH_STATE lwc_sponge_state
#endif
#ifndef LWC_HASH_START
#define LWC_HASH_START(st) ((void)0)
#endif
#ifndef LWC_HASH_PHASE_START
#define LWC_HASH_PHASE_START LWC_PHASE_ABSORB
#endif
#ifndef LWC_HASH_ABSORBING
#define LWC_HASH_ABSORBING(st) ((st)->phase == LWC_PHASE_ABSORB)
#endif
#ifndef LWC_HASH_PHASE_SQUEEZE
#define LWC_HASH_PHASE_SQUEEZE LWC_PHASE_SQUEEZE
#endif
#ifndef LWC_HASH_EXTRACT
#define LWC_HASH_EXTRACT(st, out, off, n) perm_extract(&(st)->s, out, off, n)
#endif
#ifndef LWC_HASH_KIND
#define LWC_HASH_KIND LWC_HASH
#endif
#ifndef LWC_HASH_MAX_CUSTOM
#define LWC_HASH_MAX_CUSTOM 0
#endif

#ifndef LWC_HASH_OWN_INIT
static int LWC_HASH_FN(init)(lwc_hash_ctx *ctx, const uint8_t *custom, size_t customlen) {
  LWC_HASH_STATE *st = (LWC_HASH_STATE *)(void *)ctx;
  (void)custom;
  if (customlen != 0) return LWC_ERR_ARG;
  perm_zero(&st->s);
  LWC_HASH_START(st);
  st->pos = 0;
  st->phase = LWC_HASH_PHASE_START;
  return LWC_OK;
}
#endif

static int LWC_HASH_FN(update)(lwc_hash_ctx *ctx, const uint8_t *in, size_t len) {
  LWC_HASH_STATE *st = (LWC_HASH_STATE *)(void *)ctx;
  if (!LWC_HASH_ABSORBING(st)) return LWC_ERR_ARG;
  LWC_HASH_ABSORB_BYTES(st, in, len);
  return LWC_OK;
}

#ifndef LWC_HASH_OWN_SQUEEZE
static int LWC_HASH_FN(squeeze)(lwc_hash_ctx *ctx, uint8_t *out, size_t len) {
  LWC_HASH_STATE *st = (LWC_HASH_STATE *)(void *)ctx;
  if (LWC_HASH_ABSORBING(st)) {
    LWC_HASH_FN(pad)(st);
    st->phase = LWC_HASH_PHASE_SQUEEZE;
  } else if (st->phase != LWC_HASH_PHASE_SQUEEZE) {
    return LWC_ERR_ARG;
  }
  while (len > 0) {
    unsigned n;
    if (st->pos == LWC_HASH_OUT_RATE) {
      LWC_HASH_NEXT(st);
      st->pos = 0;
    }
    n = LWC_HASH_OUT_RATE - st->pos;
    if (n > len) n = (unsigned)len;
    LWC_HASH_EXTRACT(st, out, st->pos, n);
    st->pos = (uint8_t)(st->pos + n);
    out += n;
    len -= n;
  }
  return LWC_OK;
}
#endif

#include "core/hash_api.h"

#endif
