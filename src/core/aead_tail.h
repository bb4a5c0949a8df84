/*
 * Every AEAD mode's calls after init, written once over a family's hooks:
 * absorb_ad, encrypt_update, decrypt_update, encrypt_final and
 * decrypt_verify (lwc.h contracts).  A mode includes this file after
 * defining
 *
 *   LWC_AEAD_FN(name)        its functions' prefix (as for core/aead_api.h)
 *   LWC_AEAD_AD(st, ad, len) the associated data's bytes, any length
 *   LWC_AEAD_CLOSE_AD(st)    the end of the associated data, before the
 *                            first message byte and before the tag
 *   LWC_AEAD_CRYPT(st, out, in, len, dec)   the message's bytes, any
 *                            length; dec is the constant 0 (encrypt) or 1
 *
 * and the function void LWC_AEAD_FN(tag)(LWC_AEAD_STATE *st, uint8_t *out):
 * the end of the message and the full tag; it wipes the context.  It may
 * also define
 *
 *   LWC_AEAD_STATE           its context type, with a `phase` (default:
 *                            lwc_sponge_state, core/sponge.h)
 *   LWC_AEAD_IN_AD(st)       true while associated data may come (default:
 *                            the phase is LWC_PHASE_AD)
 *   LWC_AEAD_PHASE_ENC, LWC_AEAD_PHASE_DEC   the message phases
 *                            (default: LWC_PHASE_ENC, LWC_PHASE_DEC)
 *   LWC_AEAD_OWN_AD          it writes LWC_AEAD_FN(absorb_ad) itself
 *   LWC_AEAD_OWN_BEGIN_MSG   it writes int LWC_AEAD_FN(begin_msg)(st, phase)
 *                            itself: close the associated data if still open;
 *                            LWC_ERR_ARG when the call is out of order
 *   LWC_AEAD_BEGIN_MSG_SPEC  how begin_msg is declared (default: static;
 *                            LWC_INLINE where the family's own was, Sparkle)
 *   LWC_AEAD_OWN_UPDATE      it writes the two update calls itself
 *   LWC_AEAD_TAG_OK(taglen), LWC_AEAD_TAG(st, out, taglen)   for truncated
 *                            tags: the lengths it accepts (default:
 *                            CRYPTO_ABYTES only) and its tag of taglen bytes
 *                            (default: LWC_AEAD_FN(tag)(st, out))
 *   LWC_AEAD_PARAM, LWC_AEAD_ARG   one more parameter (", type *name") and
 *                            its argument (", name") that every call here
 *                            takes and passes on (Romulus' fixed key
 *                            schedule), with
 *   LWC_AEAD_TAIL_FN(name)   the names of the calls written here (default:
 *                            LWC_AEAD_FN(name)), for the mode to wrap
 *
 * A message phase, once entered, refuses the other direction; every call
 * refuses a wiped context.  The verification compares in constant time
 * and wipes the tag it computed.
 */
#ifndef LWC_CORE_AEAD_TAIL_H
#define LWC_CORE_AEAD_TAIL_H

#include "core/common.h"
#include "core/sponge.h"
#include "lwc.h"

#ifndef LWC_AEAD_STATE
#define LWC_AEAD_STATE lwc_sponge_state
#endif
#ifndef LWC_AEAD_IN_AD
#define LWC_AEAD_IN_AD(st) ((st)->phase == LWC_PHASE_AD)
#endif
#ifndef LWC_AEAD_PHASE_ENC
#define LWC_AEAD_PHASE_ENC LWC_PHASE_ENC
#define LWC_AEAD_PHASE_DEC LWC_PHASE_DEC
#endif
#ifdef LWC_AEAD_TAG_OK
#define LWC_AEAD_CMP_BYTES(taglen) (taglen)
#else /* full tags only: the compare's length a constant, as the modes had it */
#define LWC_AEAD_TAG_OK(taglen) ((taglen) == CRYPTO_ABYTES)
#define LWC_AEAD_CMP_BYTES(taglen) CRYPTO_ABYTES
#endif
#ifndef LWC_AEAD_TAG
#define LWC_AEAD_TAG(st, out, taglen) LWC_AEAD_FN(tag)(st, out)
#endif
#ifndef LWC_AEAD_TAIL_FN
#define LWC_AEAD_TAIL_FN(name) LWC_AEAD_FN(name)
#endif
#ifndef LWC_AEAD_PARAM
#define LWC_AEAD_PARAM
#define LWC_AEAD_ARG
#endif

#ifndef LWC_AEAD_OWN_AD
static int LWC_AEAD_TAIL_FN(absorb_ad)(lwc_aead_ctx *ctx, const uint8_t *ad,
                                       size_t len LWC_AEAD_PARAM) {
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;
  if (!LWC_AEAD_IN_AD(st)) return LWC_ERR_ARG;
  LWC_AEAD_AD(st, ad, len);
  return LWC_OK;
}
#endif

#ifndef LWC_AEAD_OWN_BEGIN_MSG
#ifndef LWC_AEAD_BEGIN_MSG_SPEC
#define LWC_AEAD_BEGIN_MSG_SPEC static
#endif
/* Enter the message phase `phase`, closing the associated data. */
LWC_AEAD_BEGIN_MSG_SPEC int LWC_AEAD_FN(begin_msg)(LWC_AEAD_STATE *st, uint8_t phase LWC_AEAD_PARAM) {
  if (st->phase == phase) return LWC_OK;
  if (!LWC_AEAD_IN_AD(st)) return LWC_ERR_ARG;
  LWC_AEAD_CLOSE_AD(st);
  st->phase = phase;
  return LWC_OK;
}
#endif

#ifndef LWC_AEAD_OWN_UPDATE
/* The two updates' body, written in each (a shared inline function would
 * let a compiler that inlines a static function with one caller copy the
 * family's message routine into both). */
#define LWC_AEAD_UPDATE(dec, phase)                                               \
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;                             \
  if (LWC_AEAD_FN(begin_msg)(st, phase LWC_AEAD_ARG) != LWC_OK) return LWC_ERR_ARG; \
  LWC_AEAD_CRYPT(st, out, in, len, dec);                                          \
  return LWC_OK

static int LWC_AEAD_TAIL_FN(encrypt_update)(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                            size_t len LWC_AEAD_PARAM) {
  LWC_AEAD_UPDATE(0, LWC_AEAD_PHASE_ENC);
}

static int LWC_AEAD_TAIL_FN(decrypt_update)(lwc_aead_ctx *ctx, uint8_t *out, const uint8_t *in,
                                            size_t len LWC_AEAD_PARAM) {
  LWC_AEAD_UPDATE(1, LWC_AEAD_PHASE_DEC);
}
#endif

static int LWC_AEAD_TAIL_FN(encrypt_final)(lwc_aead_ctx *ctx, uint8_t *tag,
                                           size_t taglen LWC_AEAD_PARAM) {
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;
  if (!LWC_AEAD_TAG_OK(taglen)) return LWC_ERR_ARG;
  if (LWC_AEAD_FN(begin_msg)(st, LWC_AEAD_PHASE_ENC LWC_AEAD_ARG) != LWC_OK) return LWC_ERR_ARG;
  LWC_AEAD_TAG(st, tag, taglen);
  return LWC_OK;
}

static int LWC_AEAD_TAIL_FN(decrypt_verify)(lwc_aead_ctx *ctx, const uint8_t *tag,
                                            size_t taglen LWC_AEAD_PARAM) {
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;
  uint8_t full[CRYPTO_ABYTES];
  int r;
  if (!LWC_AEAD_TAG_OK(taglen)) return LWC_ERR_ARG;
  if (LWC_AEAD_FN(begin_msg)(st, LWC_AEAD_PHASE_DEC LWC_AEAD_ARG) != LWC_OK) return LWC_ERR_ARG;
  LWC_AEAD_TAG(st, full, taglen);
  r = lwc_ct_compare(full, tag, LWC_AEAD_CMP_BYTES(taglen));
  lwc_wipe_bytes(full, sizeof full);
  return r == 0 ? LWC_OK : LWC_ERR_TAG;
}
#endif
