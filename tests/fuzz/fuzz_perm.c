/*
 * Bare permutation runner of lwc-fuzz.  After the common header (fuzz.h;
 * the options byte is unused) the input is a program of at most FZ_MAX_OPS
 * operations, run by ref and every other implementation of the scheme in
 * lockstep, each on its own state (ref's is the expected one):
 *
 *   op byte mod 5
 *     0  add_bytes:      offset byte, length byte, then the data
 *     1  extract_bytes:  offset byte, length byte
 *     2  permute
 *     3  permute_rounds: rounds byte, mod max_rounds + 2 (0 and
 *                        max_rounds + 1 must be refused)
 *     4  init
 *   offset: byte mod statebytes + 1, and 0xff is statebytes + 1 (past the
 *   end); length: byte mod (statebytes - offset + 2), so the longest one
 *   runs one byte past the state.  Out-of-range calls must return
 *   LWC_ERR_ARG and leave the state as it was.
 *
 * After every operation each implementation's return code and extracted
 * bytes must equal ref's, and so must its whole state (extract_bytes of
 * all statebytes).  Data and output buffers follow the layout's
 * misalignment.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define FZ_MAX_OPS 256
#define FZ_MAX_IMPLS 32
#define FZ_MAX_STATE 64 /* bytes: lwc_perm_state holds 64 */

static const char *const op_names[5] = {"add_bytes", "extract_bytes", "permute",
                                        "permute_rounds", "init"};

/* One operation on one implementation's state; extract_bytes writes to a
 * fresh buffer with the layout's misalignment, copied to got[0..len).
 * Checks what does not need ref: a refused call leaves the state, and the
 * output buffer, as they were. */
static int run_op(const char *scheme, const lwc_perm *q, lwc_perm_state *s,
                  unsigned code, const uint8_t *data, size_t off, size_t len,
                  size_t rounds, const fz_layout *l, uint8_t *got) {
  uint8_t before[FZ_MAX_STATE], after[FZ_MAX_STATE];
  size_t sb = q->statebytes, j;
  fz_buf out;
  int r = LWC_OK;
  q->extract_bytes(s, before, 0, sb);
  switch (code) {
    case 0: r = q->add_bytes(s, data, off, len); break;
    case 1:
      fz_alloc(&out, l->out_off, len, FZ_FRESH);
      r = q->extract_bytes(s, out.p, off, len);
      fz_expect_guard(scheme, q->impl, "extract_bytes", &out);
      for (j = 0; r != LWC_OK && j < len; j++)
        if (out.p[j] != FZ_FRESH)
          fz_fail(scheme, q->impl, "refused extract_bytes wrote byte %zu", j);
      if (len) memcpy(got, out.p, len);
      fz_free(&out);
      break;
    case 2: q->permute(s); break;
    case 3: r = q->permute_rounds(s, (unsigned)rounds); break;
    default: q->init(s); break;
  }
  q->extract_bytes(s, after, 0, sb);
  if (r != LWC_OK)
    fz_expect_eq(scheme, q->impl, "the state after a refused call", after, before, sb);
  return r;
}

void fuzz_perm(const char *scheme, uint8_t options, fz_layout layout,
               fz_reader *in) {
  const lwc_perm *ref = lwc_perm_find(scheme, "ref");
  const lwc_perm *impls[FZ_MAX_IMPLS];
  lwc_perm_state states[FZ_MAX_IMPLS], ref_state;
  size_t n = 0, i, op, sb = ref->statebytes;
  const lwc_perm *const *p;
  (void)options;
  if (sb > FZ_MAX_STATE) fz_fail(scheme, "ref", "statebytes %zu over %d", sb, FZ_MAX_STATE);
  for (p = lwc_perm_registry; *p != NULL && n < FZ_MAX_IMPLS; p++)
    if (strcmp((*p)->scheme, scheme) == 0) {
      if ((*p)->statebytes != ref->statebytes || (*p)->rounds != ref->rounds ||
          (*p)->max_rounds != ref->max_rounds)
        fz_fail(scheme, (*p)->impl, "descriptor differs from ref's (statebytes, "
                "rounds or max_rounds)");
      if (*p != ref) impls[n++] = *p; /* ref's own run is the oracle's */
    }
  ref->init(&ref_state);
  for (i = 0; i < n; i++) impls[i]->init(&states[i]);
  for (op = 0; op < FZ_MAX_OPS && in->n > 0; op++) {
    unsigned code = fz_u8(in) % 5u;
    size_t off = 0, len = 0, rounds = 0;
    uint8_t want_out[FZ_MAX_STATE + 2], got_out[FZ_MAX_STATE + 2];
    uint8_t want_state[FZ_MAX_STATE], got_state[FZ_MAX_STATE];
    fz_buf data;
    int want_r;
    if (code == 0 || code == 1) {
      uint8_t b = fz_u8(in);
      off = b == 0xff ? sb + 1 : b % (sb + 1);
      len = off <= sb ? fz_u8(in) % (sb - off + 2) : fz_u8(in) % (sb + 1);
    }
    if (code == 3) rounds = fz_u8(in) % ((size_t)ref->max_rounds + 2);
    fz_alloc(&data, layout.in_off, len, 0);
    if (code == 0) fz_take(in, data.p, len);
    fz_case("operation %zu: %s (offset %zu, length %zu, rounds %zu), offsets in %zu "
            "out %zu", op, op_names[code], off, len, rounds, layout.in_off,
            layout.out_off);
    /* expected: ref on a state of its own */
    want_r = run_op(scheme, ref, &ref_state, code, data.p, off, len, rounds, &layout,
                    want_out);
    ref->extract_bytes(&ref_state, want_state, 0, sb);
    for (i = 0; i < n; i++) {
      const lwc_perm *q = impls[i];
      int r = run_op(scheme, q, &states[i], code, data.p, off, len, rounds, &layout,
                     got_out);
      fz_expect_rc(scheme, q->impl, op_names[code], r, want_r);
      if (code == 1 && r == LWC_OK)
        fz_expect_eq(scheme, q->impl, "extract_bytes: output", got_out, want_out, len);
      q->extract_bytes(&states[i], got_state, 0, sb);
      fz_expect_eq(scheme, q->impl, "the state (extract_bytes of all of it)", got_state,
                   want_state, sb);
    }
    fz_free(&data);
  }
  fz_case("%zu operations, offsets in %zu out %zu", op, layout.in_off, layout.out_off);
}
