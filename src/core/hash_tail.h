/*
 * The squeeze of every sponge hash, XOF and CXOF mode, written once: the
 * first call ends the absorption, then the output comes a rate block at a
 * time with the family's permutation between blocks; the outputs of
 * successive calls concatenate (lwc.h).  A mode includes this file after
 * defining
 *
 *   LWC_HASH_FN(name), LWC_HASH_STATE   as for core/hash_api.h; the state
 *                          has `pos` (bytes of the open block) and `phase`
 *   LWC_HASH_PHASE_SQUEEZE the phase while output is read
 *   LWC_HASH_ABSORBING(st) true while input is still absorbed (default:
 *                          st->phase == LWC_HASH_PHASE_ABSORB)
 *   LWC_HASH_OUT_RATE      output bytes between two permutations
 *   LWC_HASH_NEXT(st)      the permutation between output blocks
 *   LWC_HASH_EXTRACT(st, out, off, n)   n bytes of the state at off
 *
 * and the function LWC_HASH_FN(pad)(LWC_HASH_STATE *st): the end of the
 * absorption (padding, domain separation, the permutation), leaving pos at
 * the first output byte.  Any other phase (a wiped context) is refused.
 */
#ifndef LWC_CORE_HASH_TAIL_H
#define LWC_CORE_HASH_TAIL_H

#include "core/common.h"
#include "lwc.h"

#ifndef LWC_HASH_ABSORBING
#define LWC_HASH_ABSORBING(st) ((st)->phase == LWC_HASH_PHASE_ABSORB)
#endif

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
