/*
 * The end of every AEAD mode's message, written once: encrypt_final and
 * decrypt_verify (lwc.h contracts) over a family's two hooks.  A mode
 * includes this file after defining
 *
 *   LWC_AEAD_FN(name)        its functions' prefix (as for core/aead_api.h)
 *   LWC_AEAD_STATE           its context type
 *   LWC_AEAD_PHASE_ENC, LWC_AEAD_PHASE_DEC   the phases of an encryption
 *                            and a decryption, as its begin_msg takes them
 *
 * and the functions
 *
 *   int  LWC_AEAD_FN(begin_msg)(LWC_AEAD_STATE *st, int phase)
 *        close the associated data if still open; LWC_ERR_ARG when the
 *        call is out of order (another phase, or a wiped context)
 *   void LWC_AEAD_FN(tag)(LWC_AEAD_STATE *st, uint8_t *out)   (full tags)
 *        write the tag and wipe the context
 *
 * A mode with truncated tags defines LWC_AEAD_TAG_OK(taglen) (the lengths
 * it accepts; default: CRYPTO_ABYTES only) and LWC_AEAD_TAG(st, out,
 * taglen) (its tag of taglen bytes; default: LWC_AEAD_FN(tag)(st, out)).
 * The verification compares in constant time and wipes the tag it
 * computed; the context was wiped by the tag hook.
 */
#ifndef LWC_CORE_AEAD_TAIL_H
#define LWC_CORE_AEAD_TAIL_H

#include "core/common.h"
#include "lwc.h"

#ifdef LWC_AEAD_TAG_OK
#define LWC_AEAD_CMP_BYTES(taglen) (taglen)
#else /* full tags only: the compare's length a constant, as the modes had it */
#define LWC_AEAD_TAG_OK(taglen) ((taglen) == CRYPTO_ABYTES)
#define LWC_AEAD_CMP_BYTES(taglen) CRYPTO_ABYTES
#endif
#ifndef LWC_AEAD_TAG
#define LWC_AEAD_TAG(st, out, taglen) LWC_AEAD_FN(tag)(st, out)
#endif

static int LWC_AEAD_FN(encrypt_final)(lwc_aead_ctx *ctx, uint8_t *tag, size_t taglen) {
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;
  if (!LWC_AEAD_TAG_OK(taglen)) return LWC_ERR_ARG;
  if (LWC_AEAD_FN(begin_msg)(st, LWC_AEAD_PHASE_ENC) != LWC_OK) return LWC_ERR_ARG;
  LWC_AEAD_TAG(st, tag, taglen);
  return LWC_OK;
}

static int LWC_AEAD_FN(decrypt_verify)(lwc_aead_ctx *ctx, const uint8_t *tag, size_t taglen) {
  LWC_AEAD_STATE *st = (LWC_AEAD_STATE *)(void *)ctx;
  uint8_t full[CRYPTO_ABYTES];
  int r;
  if (!LWC_AEAD_TAG_OK(taglen)) return LWC_ERR_ARG;
  if (LWC_AEAD_FN(begin_msg)(st, LWC_AEAD_PHASE_DEC) != LWC_OK) return LWC_ERR_ARG;
  LWC_AEAD_TAG(st, full, taglen);
  r = lwc_ct_compare(full, tag, LWC_AEAD_CMP_BYTES(taglen));
  lwc_wipe_bytes(full, sizeof full);
  return r == 0 ? LWC_OK : LWC_ERR_TAG;
}

#endif
