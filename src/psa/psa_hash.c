/*
 * lwc's PSA layer: Ascon-Hash256 (psa_hash_*) and Ascon-XOF128 /
 * Ascon-CXOF128 (psa_xof_*) over lwc's hash descriptors.
 *
 * Multi-part state: inactive (all-bits-zero), active, or the error state
 * an active operation enters when a call on it fails (the state it held is
 * wiped at once; only the abort call leaves it).  A call on an inactive
 * operation fails with PSA_ERROR_BAD_STATE and leaves it inactive.
 */
#include "psa_internal.h"

_Static_assert(sizeof(((psa_hash_operation_t *)0)->ctx) >= sizeof(lwc_hash_ctx),
               "psa_hash_operation_t holds an lwc_hash_ctx");
_Static_assert(sizeof(((psa_xof_operation_t *)0)->ctx) >= sizeof(lwc_hash_ctx),
               "psa_xof_operation_t holds an lwc_hash_ctx");

#define HASH_BYTES 32
enum { HASH_INACTIVE, HASH_ACTIVE, HASH_ERROR };
/* an XOF's context can be given until the first input */
enum { XOF_INACTIVE, XOF_FRESH, XOF_ABSORBING, XOF_SQUEEZING, XOF_ERROR };

/* The descriptor behind a hash algorithm, or the status that refuses it. */
static psa_status_t hash_desc(psa_algorithm_t alg, const lwc_hash **h) {
  if (!lwc_psa.ready) return PSA_ERROR_BAD_STATE;
  if (!PSA_ALG_IS_HASH(alg) || PSA_ALG_IS_WILDCARD(alg)) return PSA_ERROR_INVALID_ARGUMENT;
  *h = alg == PSA_ALG_ASCON_HASH256 ? lwc_psa.hash : NULL;
  return *h != NULL ? PSA_SUCCESS : PSA_ERROR_NOT_SUPPORTED;
}

/* ---- Hash, one call ------------------------------------------------------------- */
psa_status_t psa_hash_compute(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              uint8_t *hash, size_t hash_size, size_t *hash_length) {
  const lwc_hash *h;
  psa_status_t st = hash_desc(alg, &h);
  *hash_length = 0;
  if (st != PSA_SUCCESS) return st;
  if (hash_size < HASH_BYTES) return PSA_ERROR_BUFFER_TOO_SMALL;
  /* lwc_hash_compute reads the whole input before it writes: any overlap works */
  if (lwc_hash_compute(h, hash, HASH_BYTES, input, input_length, NULL, 0) != LWC_OK)
    return PSA_ERROR_INVALID_ARGUMENT;
  *hash_length = HASH_BYTES;
  return PSA_SUCCESS;
}

psa_status_t psa_hash_compare(psa_algorithm_t alg, const uint8_t *input, size_t input_length,
                              const uint8_t *hash, size_t hash_length) {
  uint8_t md[HASH_BYTES];
  const lwc_hash *h;
  psa_status_t st = hash_desc(alg, &h);
  if (st != PSA_SUCCESS) return st;
  if (lwc_hash_compute(h, md, HASH_BYTES, input, input_length, NULL, 0) != LWC_OK)
    return PSA_ERROR_INVALID_ARGUMENT;
  /* the length is public; the bytes are compared in constant time */
  st = hash_length == HASH_BYTES && lwc_ct_compare(md, hash, HASH_BYTES) == 0
           ? PSA_SUCCESS : PSA_ERROR_INVALID_SIGNATURE;
  lwc_wipe(md, sizeof md);
  return st;
}

/* ---- Hash, several calls ------------------------------------------------------------ */
psa_hash_operation_t psa_hash_operation_init(void) {
  psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
  return op;
}

static psa_status_t hash_fail(psa_hash_operation_t *op, psa_status_t st) {
  if (op->state == HASH_INACTIVE) return st;
  lwc_wipe(op, sizeof *op);
  op->state = HASH_ERROR;
  return st;
}

psa_status_t psa_hash_setup(psa_hash_operation_t *operation, psa_algorithm_t alg) {
  const lwc_hash *h;
  psa_status_t st;
  if (!lwc_psa.ready || operation->state != HASH_INACTIVE) return PSA_ERROR_BAD_STATE;
  if ((st = hash_desc(alg, &h)) != PSA_SUCCESS) return st; /* the operation is unchanged */
  if (h->init((lwc_hash_ctx *)operation->ctx, NULL, 0) != LWC_OK)
    return PSA_ERROR_CORRUPTION_DETECTED;
  operation->alg = alg;
  operation->state = HASH_ACTIVE;
  return PSA_SUCCESS;
}

psa_status_t psa_hash_update(psa_hash_operation_t *operation, const uint8_t *input,
                             size_t input_length) {
  if (!lwc_psa.ready || operation->state != HASH_ACTIVE)
    return hash_fail(operation, PSA_ERROR_BAD_STATE);
  if (lwc_psa.hash->update((lwc_hash_ctx *)operation->ctx, input, input_length) != LWC_OK)
    return hash_fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  return PSA_SUCCESS;
}

/* The digest into md, and the operation back to inactive. */
static psa_status_t hash_end(psa_hash_operation_t *op, uint8_t md[HASH_BYTES]) {
  int r = lwc_psa.hash->squeeze((lwc_hash_ctx *)op->ctx, md, HASH_BYTES);
  lwc_wipe(op, sizeof *op);
  return r == LWC_OK ? PSA_SUCCESS : hash_fail(op, PSA_ERROR_CORRUPTION_DETECTED);
}

psa_status_t psa_hash_finish(psa_hash_operation_t *operation, uint8_t *hash, size_t hash_size,
                             size_t *hash_length) {
  psa_status_t st;
  *hash_length = 0;
  if (!lwc_psa.ready || operation->state != HASH_ACTIVE)
    return hash_fail(operation, PSA_ERROR_BAD_STATE);
  if (hash_size < HASH_BYTES) return hash_fail(operation, PSA_ERROR_BUFFER_TOO_SMALL);
  if ((st = hash_end(operation, hash)) == PSA_SUCCESS) *hash_length = HASH_BYTES;
  return st;
}

psa_status_t psa_hash_verify(psa_hash_operation_t *operation, const uint8_t *hash,
                             size_t hash_length) {
  uint8_t md[HASH_BYTES];
  psa_status_t st;
  if (!lwc_psa.ready || operation->state != HASH_ACTIVE)
    return hash_fail(operation, PSA_ERROR_BAD_STATE);
  if ((st = hash_end(operation, md)) != PSA_SUCCESS) return st;
  if (hash_length != HASH_BYTES || lwc_ct_compare(md, hash, HASH_BYTES) != 0) {
    operation->state = HASH_ERROR; /* ended, but failed: abort it */
    st = PSA_ERROR_INVALID_SIGNATURE;
  }
  lwc_wipe(md, sizeof md);
  return st;
}

psa_status_t psa_hash_abort(psa_hash_operation_t *operation) {
  lwc_wipe(operation, sizeof *operation);
  return PSA_SUCCESS;
}

psa_status_t psa_hash_clone(const psa_hash_operation_t *source_operation,
                            psa_hash_operation_t *target_operation) {
  if (!lwc_psa.ready || source_operation->state != HASH_ACTIVE ||
      target_operation->state != HASH_INACTIVE)
    return PSA_ERROR_BAD_STATE;
  memcpy(target_operation, source_operation, sizeof *target_operation);
  return PSA_SUCCESS;
}

psa_status_t psa_hash_suspend(psa_hash_operation_t *operation, uint8_t *hash_state,
                              size_t hash_state_size, size_t *hash_state_length) {
  (void)operation, (void)hash_state, (void)hash_state_size;
  *hash_state_length = 0;
  return PSA_ERROR_NOT_SUPPORTED;
}

psa_status_t psa_hash_resume(psa_hash_operation_t *operation, const uint8_t *hash_state,
                             size_t hash_state_length) {
  (void)operation, (void)hash_state, (void)hash_state_length;
  return PSA_ERROR_NOT_SUPPORTED;
}

/* ---- XOF and CXOF ------------------------------------------------------------------- */
psa_xof_operation_t psa_xof_operation_init(void) {
  psa_xof_operation_t op = PSA_XOF_OPERATION_INIT;
  return op;
}

static const lwc_hash *xof_desc(psa_algorithm_t alg) {
  return alg == PSA_ALG_ASCON_XOF128 ? lwc_psa.xof
         : alg == PSA_ALG_ASCON_CXOF128 ? lwc_psa.cxof : NULL;
}

static psa_status_t xof_fail(psa_xof_operation_t *op, psa_status_t st) {
  if (op->state == XOF_INACTIVE) return st;
  lwc_wipe(op, sizeof *op);
  op->state = XOF_ERROR;
  return st;
}

/* Past the context: start the function (a CXOF with `custom`, the empty
 * string when none was given). */
static psa_status_t xof_start(psa_xof_operation_t *op, const uint8_t *custom, size_t len) {
  if (xof_desc(op->alg)->init((lwc_hash_ctx *)op->ctx, custom, len) != LWC_OK)
    return xof_fail(op, PSA_ERROR_INVALID_ARGUMENT);
  op->state = XOF_ABSORBING;
  return PSA_SUCCESS;
}

psa_status_t psa_xof_setup(psa_xof_operation_t *operation, psa_algorithm_t alg) {
  if (!lwc_psa.ready || operation->state != XOF_INACTIVE) return PSA_ERROR_BAD_STATE;
  if (!PSA_ALG_IS_XOF(alg)) return PSA_ERROR_INVALID_ARGUMENT;
  if (xof_desc(alg) == NULL) return PSA_ERROR_NOT_SUPPORTED;
  operation->alg = alg;
  operation->state = XOF_FRESH;
  return PSA_SUCCESS;
}

psa_status_t psa_xof_set_context(psa_xof_operation_t *operation, const uint8_t *context,
                                 size_t context_length) {
  if (!lwc_psa.ready || operation->state != XOF_FRESH)
    return xof_fail(operation, PSA_ERROR_BAD_STATE);
  /* the context of Ascon-CXOF128: at most 2048 bits (SP 800-232 5.3) */
  if (!PSA_ALG_XOF_HAS_CONTEXT(operation->alg) ||
      context_length > xof_desc(operation->alg)->max_custombytes)
    return xof_fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  return xof_start(operation, context, context_length);
}

psa_status_t psa_xof_update(psa_xof_operation_t *operation, const uint8_t *input,
                            size_t input_length) {
  psa_status_t st;
  if (!lwc_psa.ready || (operation->state != XOF_FRESH && operation->state != XOF_ABSORBING))
    return xof_fail(operation, PSA_ERROR_BAD_STATE);
  if (operation->state == XOF_FRESH && (st = xof_start(operation, NULL, 0)) != PSA_SUCCESS)
    return st;
  if (xof_desc(operation->alg)->update((lwc_hash_ctx *)operation->ctx, input, input_length) !=
      LWC_OK)
    return xof_fail(operation, PSA_ERROR_INVALID_ARGUMENT);
  return PSA_SUCCESS;
}

psa_status_t psa_xof_output(psa_xof_operation_t *operation, uint8_t *output,
                            size_t output_length) {
  psa_status_t st;
  if (!lwc_psa.ready || operation->state == XOF_INACTIVE || operation->state == XOF_ERROR)
    return xof_fail(operation, PSA_ERROR_BAD_STATE);
  if (operation->state == XOF_FRESH && (st = xof_start(operation, NULL, 0)) != PSA_SUCCESS)
    return st;
  operation->state = XOF_SQUEEZING;
  if (xof_desc(operation->alg)->squeeze((lwc_hash_ctx *)operation->ctx, output,
                                        output_length) != LWC_OK)
    return xof_fail(operation, PSA_ERROR_CORRUPTION_DETECTED);
  return PSA_SUCCESS;
}

psa_status_t psa_xof_abort(psa_xof_operation_t *operation) {
  lwc_wipe(operation, sizeof *operation);
  return PSA_SUCCESS;
}
