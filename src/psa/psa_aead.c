/*
 * lwc's PSA layer: Ascon-AEAD128 (psa_aead_*) over lwc's AEAD descriptor.
 *
 * The key: 16 bytes, or 32 for the nonce-masking variant of SP 800-232
 * (4.2.2): K || K2, lwc's key and mask_key.  The tag: the algorithm's LEN
 * field, 4 to 16 bytes (PSA_ALG_AEAD_WITH_SHORTENED_TAG).
 *
 * Buffers: outputs may overlap inputs in any way (the specification's
 * rule: as if the inputs were copied first).  Without overlap the one-shot
 * calls are lwc_aead_encrypt / lwc_aead_decrypt; with one, the nonce and
 * tag are copied, the associated data absorbed, then the message moved to
 * its output and transformed there in place.  A one-shot decryption whose
 * tag does not match leaves zeros in the plaintext buffer.
 *
 * A key in LWC_PSA_KEY_LOCATION_MASKED runs lwc_psa.masked, always through
 * its init_shared() on the key's shares (one-shot calls too: the path with
 * a context), so the key is not recombined for a computation either.
 *
 * Multi-part state machine (psa_aead_operation_t.state):
 *   inactive --setup--> SETUP --set_lengths--> SETUP
 *   SETUP --set_nonce / generate_nonce (encrypt only)--> AD
 *   AD --update_ad--> AD;  AD or TEXT --update--> TEXT
 *   AD or TEXT --finish (encrypt) / verify (decrypt)--> inactive
 * Any other call on an active operation, or any failure, puts it in the
 * error state: the context (its copy of the key included) is wiped at
 * once, and every call but abort answers PSA_ERROR_BAD_STATE.  A call on
 * an inactive operation fails with PSA_ERROR_BAD_STATE and changes nothing.
 */
#include "psa_internal.h"

_Static_assert(sizeof(((psa_aead_operation_t *)0)->ctx) >= sizeof(lwc_aead_ctx),
               "psa_aead_operation_t holds an lwc_aead_ctx");

#define NONCE_BYTES 16
enum { AEAD_INACTIVE, AEAD_SETUP, AEAD_AD, AEAD_TEXT, AEAD_ERROR };

/* 1 when a key whose permitted algorithm is `policy` may run `alg`: the
 * same algorithm, or an at-least-this-length wildcard of its family. */
static int permitted(psa_algorithm_t policy, psa_algorithm_t alg) {
  if (policy == alg) return 1;
  return PSA_ALG_IS_AEAD(policy) && (policy & PSA_ALG_AEAD_WILDCARD_FLAG_) != 0 &&
         PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(policy) ==
             PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) &&
         PSA_ALG_AEAD_GET_TAG_LENGTH_(alg) >= PSA_ALG_AEAD_GET_TAG_LENGTH_(policy);
}

/* The implementation a key runs. */
static const lwc_aead *impl_of(const lwc_psa_key *k) {
  return lwc_psa_key_masked(k) ? lwc_psa.masked : lwc_psa.aead;
}

/* The key `id` for `usage` with `alg`, or the status refusing it; in the
 * order the specification lists them. */
static psa_status_t aead_key(psa_key_id_t id, psa_algorithm_t alg, psa_key_usage_t usage,
                             const lwc_psa_key **key) {
  const lwc_psa_key *k;
  const lwc_aead *d;
  size_t taglen = PSA_ALG_AEAD_GET_TAG_LENGTH_(alg);
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if ((k = lwc_psa_key_find(id)) == NULL) return PSA_ERROR_INVALID_HANDLE;
  if (!PSA_ALG_IS_AEAD(alg) || PSA_ALG_IS_WILDCARD(alg)) return PSA_ERROR_INVALID_ARGUMENT;
  if ((k->attr.usage & usage) == 0 || !permitted(k->attr.alg, alg))
    return PSA_ERROR_NOT_PERMITTED;
  d = impl_of(k);
  if (PSA_ALG_AEAD_WITH_DEFAULT_LENGTH_TAG(alg) != PSA_ALG_ASCON_AEAD128 || d == NULL)
    return PSA_ERROR_NOT_SUPPORTED;
  if (k->attr.type != PSA_KEY_TYPE_ASCON || taglen < d->min_tagbytes || taglen > d->tagbytes)
    return PSA_ERROR_INVALID_ARGUMENT;
  if (k->attr.bits == 256 && !d->nonce_masking) return PSA_ERROR_NOT_SUPPORTED;
  *key = k;
  return PSA_SUCCESS;
}

/* lwc's mask key for k: the second half of a 256-bit key. */
static const uint8_t *mask_of(const lwc_psa_key *k) {
  return k->attr.bits == 256 ? k->data + 16 : NULL;
}

/* Start ctx on k and nonce (copied first: it may lie in an output). */
static psa_status_t aead_init(lwc_aead_ctx *ctx, const lwc_psa_key *k, const uint8_t *nonce) {
  uint8_t n[NONCE_BYTES];
  int r;
  memcpy(n, nonce, NONCE_BYTES);
  if (lwc_psa_key_masked(k)) /* the shares: the key's ns, then the mask key's */
    r = lwc_psa.masked->init_shared(
        ctx, k->data, n, k->attr.bits == 256 ? k->data + lwc_psa.masked->shares * 16 : NULL);
  else
    r = lwc_psa.aead->init(ctx, k->data, n, mask_of(k));
  return r == LWC_OK ? PSA_SUCCESS
         : r == LWC_ERR_RANDOM ? PSA_ERROR_INSUFFICIENT_ENTROPY : PSA_ERROR_CORRUPTION_DETECTED;
}

/* ---- One call ---------------------------------------------------------------------- */
/* What both one-shot calls check first: the key for `usage`, and the nonce. */
static psa_status_t one_call(psa_key_id_t key, psa_algorithm_t alg, psa_key_usage_t usage,
                             size_t nonce_length, const lwc_psa_key **k) {
  psa_status_t st = aead_key(key, alg, usage, k);
  if (st == PSA_SUCCESS && nonce_length != NONCE_BYTES) st = PSA_ERROR_INVALID_ARGUMENT;
  return st;
}

psa_status_t psa_aead_encrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *plaintext,
                              size_t plaintext_length, uint8_t *ciphertext,
                              size_t ciphertext_size, size_t *ciphertext_length) {
  const lwc_psa_key *k;
  size_t taglen = PSA_ALG_AEAD_GET_TAG_LENGTH_(alg), out;
  lwc_aead_options opt;
  lwc_aead_ctx ctx;
  psa_status_t st = one_call(key, alg, PSA_KEY_USAGE_ENCRYPT, nonce_length, &k);
  *ciphertext_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (plaintext_length > PTRDIFF_MAX - taglen) return PSA_ERROR_INVALID_ARGUMENT;
  out = plaintext_length + taglen;
  if (ciphertext_size < out) return PSA_ERROR_BUFFER_TOO_SMALL;
  if (!lwc_psa_key_masked(k) && !lwc_psa_overlap(ciphertext, out, nonce, NONCE_BYTES) &&
      !lwc_psa_overlap(ciphertext, out, additional_data, additional_data_length) &&
      !lwc_psa_overlap(ciphertext, out, plaintext, plaintext_length)) {
    opt.taglen = taglen;
    opt.mask_key = mask_of(k);
    if (lwc_aead_encrypt(lwc_psa.aead, ciphertext, plaintext, plaintext_length, additional_data,
                         additional_data_length, nonce, k->data, &opt) != LWC_OK)
      return PSA_ERROR_INVALID_ARGUMENT;
  } else {
    const lwc_aead *d = impl_of(k);
    if ((st = aead_init(&ctx, k, nonce)) != PSA_SUCCESS) return st;
    d->absorb_ad(&ctx, additional_data, additional_data_length);
    memmove(ciphertext, plaintext, plaintext_length);
    d->encrypt_update(&ctx, ciphertext, ciphertext, plaintext_length);
    d->encrypt_final(&ctx, ciphertext + plaintext_length, taglen); /* wipes ctx */
  }
  *ciphertext_length = out;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_decrypt(psa_key_id_t key, psa_algorithm_t alg, const uint8_t *nonce,
                              size_t nonce_length, const uint8_t *additional_data,
                              size_t additional_data_length, const uint8_t *ciphertext,
                              size_t ciphertext_length, uint8_t *plaintext,
                              size_t plaintext_size, size_t *plaintext_length) {
  const lwc_psa_key *k;
  size_t taglen = PSA_ALG_AEAD_GET_TAG_LENGTH_(alg), mlen;
  uint8_t tag[16];
  lwc_aead_options opt;
  lwc_aead_ctx ctx;
  int r;
  psa_status_t st = one_call(key, alg, PSA_KEY_USAGE_DECRYPT, nonce_length, &k);
  *plaintext_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (ciphertext_length < taglen) return PSA_ERROR_INVALID_SIGNATURE; /* no room for a tag */
  mlen = ciphertext_length - taglen;
  if (plaintext_size < mlen) return PSA_ERROR_BUFFER_TOO_SMALL;
  if (!lwc_psa_key_masked(k) && !lwc_psa_overlap(plaintext, mlen, nonce, NONCE_BYTES) &&
      !lwc_psa_overlap(plaintext, mlen, additional_data, additional_data_length) &&
      !lwc_psa_overlap(plaintext, mlen, ciphertext, ciphertext_length)) {
    opt.taglen = taglen;
    opt.mask_key = mask_of(k);
    r = lwc_aead_decrypt(lwc_psa.aead, plaintext, ciphertext, ciphertext_length,
                         additional_data, additional_data_length, nonce, k->data, &opt);
  } else {
    const lwc_aead *d = impl_of(k);
    memcpy(tag, ciphertext + mlen, taglen);
    if ((st = aead_init(&ctx, k, nonce)) != PSA_SUCCESS) return st;
    d->absorb_ad(&ctx, additional_data, additional_data_length);
    memmove(plaintext, ciphertext, mlen);
    d->decrypt_update(&ctx, plaintext, plaintext, mlen);
    r = d->decrypt_verify(&ctx, tag, taglen); /* wipes ctx */
    if (r != LWC_OK) lwc_wipe(plaintext, mlen);       /* no plaintext without its tag */
  }
  if (r != LWC_OK) return r == LWC_ERR_TAG ? PSA_ERROR_INVALID_SIGNATURE : PSA_ERROR_INVALID_ARGUMENT;
  *plaintext_length = mlen;
  return PSA_SUCCESS;
}

/* ---- Several calls -------------------------------------------------------------------- */
psa_aead_operation_t psa_aead_operation_init(void) {
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  return op;
}

#define CTX(op) ((lwc_aead_ctx *)(op)->ctx)
/* The implementation op runs: its key's (expect() has found the key). */
#define IMPL(op) impl_of(lwc_psa_key_find((op)->key))

/* A failed call: an active operation goes to the error state, wiped. */
static psa_status_t fail(psa_aead_operation_t *op, psa_status_t st) {
  if (op->state == AEAD_INACTIVE) return st;
  lwc_wipe(op, sizeof *op);
  op->state = AEAD_ERROR;
  return st;
}

/* PSA_SUCCESS when op is in one of the states `a`, `b` and its key still
 * exists (destroying the key fails the operation). */
static psa_status_t expect(psa_aead_operation_t *op, int a, int b) {
  if (!lwc_psa.ready || (op->state != a && op->state != b)) return fail(op, PSA_ERROR_BAD_STATE);
  if (lwc_psa_key_find(op->key) == NULL) return fail(op, PSA_ERROR_INVALID_HANDLE);
  return PSA_SUCCESS;
}

static psa_status_t setup(psa_aead_operation_t *op, psa_key_id_t key, psa_algorithm_t alg,
                          int decrypt) {
  const lwc_psa_key *k;
  psa_status_t st;
  if (!lwc_psa.ready || op->state != AEAD_INACTIVE) return PSA_ERROR_BAD_STATE;
  st = aead_key(key, alg, decrypt ? PSA_KEY_USAGE_DECRYPT : PSA_KEY_USAGE_ENCRYPT, &k);
  if (st != PSA_SUCCESS) return st; /* the operation is left as it was */
  op->alg = alg;
  op->key = key;
  op->decrypt = (uint8_t)decrypt;
  op->tag_length = (uint8_t)PSA_ALG_AEAD_GET_TAG_LENGTH_(alg);
  op->lengths_set = 0;
  op->state = AEAD_SETUP;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_encrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg) {
  return setup(operation, key, alg, 0);
}

psa_status_t psa_aead_decrypt_setup(psa_aead_operation_t *operation, psa_key_id_t key,
                                    psa_algorithm_t alg) {
  return setup(operation, key, alg, 1);
}

psa_status_t psa_aead_set_lengths(psa_aead_operation_t *operation, size_t ad_length,
                                  size_t plaintext_length) {
  psa_status_t st = expect(operation, AEAD_SETUP, AEAD_SETUP);
  if (st != PSA_SUCCESS) return st;
  operation->ad_left = ad_length;
  operation->text_left = plaintext_length;
  operation->lengths_set = 1;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_set_nonce(psa_aead_operation_t *operation, const uint8_t *nonce,
                                size_t nonce_length) {
  psa_status_t st = expect(operation, AEAD_SETUP, AEAD_SETUP);
  if (st != PSA_SUCCESS) return st;
  if (nonce_length != NONCE_BYTES) return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  st = aead_init(CTX(operation), lwc_psa_key_find(operation->key), nonce);
  if (st != PSA_SUCCESS) return fail(operation, st);
  operation->state = AEAD_AD;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_generate_nonce(psa_aead_operation_t *operation, uint8_t *nonce,
                                     size_t nonce_size, size_t *nonce_length) {
  uint8_t n[NONCE_BYTES];
  psa_status_t st = expect(operation, AEAD_SETUP, AEAD_SETUP);
  *nonce_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (operation->decrypt) return fail(operation, PSA_ERROR_BAD_STATE);
  if (nonce_size < NONCE_BYTES) return fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
  if ((st = lwc_psa_random(n, NONCE_BYTES)) != PSA_SUCCESS ||
      (st = psa_aead_set_nonce(operation, n, NONCE_BYTES)) != PSA_SUCCESS)
    return fail(operation, st);
  memcpy(nonce, n, NONCE_BYTES);
  *nonce_length = NONCE_BYTES;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_update_ad(psa_aead_operation_t *operation, const uint8_t *input,
                                size_t input_length) {
  psa_status_t st = expect(operation, AEAD_AD, AEAD_AD);
  if (st != PSA_SUCCESS) return st;
  if (operation->lengths_set) {
    if (input_length > operation->ad_left) return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    operation->ad_left -= input_length;
  }
  if (IMPL(operation)->absorb_ad(CTX(operation), input, input_length) != LWC_OK)
    return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  return PSA_SUCCESS;
}

psa_status_t psa_aead_update(psa_aead_operation_t *operation, const uint8_t *input,
                             size_t input_length, uint8_t *output, size_t output_size,
                             size_t *output_length) {
  psa_status_t st = expect(operation, AEAD_AD, AEAD_TEXT);
  int r;
  *output_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (operation->lengths_set) {
    if (operation->ad_left != 0 || input_length > operation->text_left)
      return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
    operation->text_left -= input_length;
  }
  if (output_size < input_length) return fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
  if (output != input && lwc_psa_overlap(output, input_length, input, input_length)) {
    memmove(output, input, input_length); /* then in place: lwc allows out == in */
    input = output;
  }
  r = operation->decrypt
          ? IMPL(operation)->decrypt_update(CTX(operation), output, input, input_length)
          : IMPL(operation)->encrypt_update(CTX(operation), output, input, input_length);
  if (r != LWC_OK) return fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  operation->state = AEAD_TEXT;
  *output_length = input_length;
  return PSA_SUCCESS;
}

/* finish and verify: the lengths declared must have been given */
static psa_status_t last_call(psa_aead_operation_t *op, int decrypt) {
  psa_status_t st = expect(op, AEAD_AD, AEAD_TEXT);
  if (st != PSA_SUCCESS) return st;
  if (op->decrypt != decrypt) return fail(op, PSA_ERROR_BAD_STATE);
  if (op->lengths_set && (op->ad_left != 0 || op->text_left != 0))
    return fail(op, PSA_ERROR_INVALID_ARGUMENT);
  return PSA_SUCCESS;
}

psa_status_t psa_aead_finish(psa_aead_operation_t *operation, uint8_t *ciphertext,
                             size_t ciphertext_size, size_t *ciphertext_length, uint8_t *tag,
                             size_t tag_size, size_t *tag_length) {
  psa_status_t st = last_call(operation, 0);
  size_t taglen = operation->tag_length;
  (void)ciphertext, (void)ciphertext_size; /* nothing held back: no ciphertext left */
  *ciphertext_length = 0;
  *tag_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (tag_size < taglen) return fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
  if (IMPL(operation)->encrypt_final(CTX(operation), tag, taglen) != LWC_OK)
    return fail(operation, PSA_ERROR_CORRUPTION_DETECTED);
  lwc_wipe(operation, sizeof *operation); /* inactive */
  *tag_length = taglen;
  return PSA_SUCCESS;
}

psa_status_t psa_aead_verify(psa_aead_operation_t *operation, uint8_t *plaintext,
                             size_t plaintext_size, size_t *plaintext_length,
                             const uint8_t *tag, size_t tag_length) {
  psa_status_t st = last_call(operation, 1);
  (void)plaintext, (void)plaintext_size; /* nothing held back: no plaintext left */
  *plaintext_length = 0;
  if (st != PSA_SUCCESS) return st;
  /* a tag of another length does not match (its length is public) */
  if (tag_length != operation->tag_length ||
      IMPL(operation)->decrypt_verify(CTX(operation), tag, tag_length) != LWC_OK)
    return fail(operation, PSA_ERROR_INVALID_SIGNATURE);
  lwc_wipe(operation, sizeof *operation); /* inactive */
  return PSA_SUCCESS;
}

psa_status_t psa_aead_abort(psa_aead_operation_t *operation) {
  lwc_wipe(operation, sizeof *operation);
  return PSA_SUCCESS;
}
