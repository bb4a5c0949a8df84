/*
 * The official Ascon KAT files through the PSA Certified Crypto API 1.4 on a
 * microcontroller target (tests/lib/test_psa_targets.py runs it under QEMU):
 * a freestanding program over the bench port (harness/firmware/bench.h,
 * "the port"), entered at bench_serve like the benchmark firmware.  It reads
 * one official file as it is from the console (bench_getc), entry by entry
 * ("Count = ", "Key = ", ... and a blank line after each), and runs each
 * through the PSA calls, one-shot and multi-part:
 *   Key Nonce PT AD CT   Ascon-AEAD128: psa_aead_encrypt gives CT (the
 *                        ciphertext and the tag), psa_aead_decrypt gives PT
 *                        back, and refuses CT with a flipped tag bit; the
 *                        multi-part calls (setup, set_nonce, update_ad,
 *                        update, finish / verify) give the same, with the
 *                        inputs cut as `cuts` says, and refuse the flip too
 *   Msg MD (32 bytes)    Ascon-Hash256: psa_hash_compute, psa_hash_compare;
 *                        psa_hash_setup, update in pieces, finish, and a
 *                        clone taken mid-way finished by psa_hash_verify
 *   Msg MD (64 bytes)    Ascon-XOF128: psa_xof_setup, update, output, the
 *                        input and the output in pieces as well
 *   Msg Z MD             Ascon-CXOF128: the same with psa_xof_set_context
 * At the end of the stream it prints one line: "ok kind=K entries=N parts=P"
 * (P: the multi-part runs made), or
 * "fail kind=K count=C what=W" for the first entry that did not match.
 * No heap; the buffers are fixed, sized for the official files.
 *
 * A stream whose first line is "random" asks instead for the checks of the
 * random source (docs/psa.md, "Random numbers"): this freestanding build
 * has no system generator, so until the platform installs one with
 * lwc_psa_set_random the calls that need random bytes answer
 * PSA_ERROR_INSUFFICIENT_ENTROPY; with one installed they work; given
 * back (lwc_psa_set_random(NULL, NULL)) they refuse again.  It prints
 * "ok random" or "fail random what=W".
 */
#include <psa/crypto.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

#define MAX_MSG 1024  /* the longest Msg of the official files */
#define MAX_FIELD 128 /* every other field: Key, Nonce, PT, AD, CT, Z, MD */
#define LINE (8 + 2 * MAX_MSG + 8)

static char line[LINE];
static uint8_t key[MAX_FIELD], nonce[MAX_FIELD], pt[MAX_FIELD], ad[MAX_FIELD], ct[MAX_FIELD];
static uint8_t z[MAX_FIELD], md[MAX_FIELD], msg[MAX_MSG];
static size_t key_n, nonce_n, pt_n, ad_n, ct_n, z_n, md_n, msg_n;
static int has_ct, has_md, has_z, has_msg; /* which fields this entry has */
static uint8_t out[MAX_MSG + 16];
static uint32_t count; /* the entry's Count */
static uint32_t parts; /* multi-part runs made, over the whole file */

/* A field's hex value into buf (at most cap bytes); -1 when it is not hex
 * or too long. */
static long unhex(const char *s, uint8_t *buf, size_t cap) {
  size_t n = 0;
  while (s[0] && s[0] != '\r') {
    int v = 0, i;
    for (i = 0; i < 2; i++) {
      char c = s[i];
      int d = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (d < 0 || n == cap) return -1;
      v = v * 16 + d;
    }
    buf[n++] = (uint8_t)v;
    s += 2;
  }
  return (long)n;
}

static char *put_u32(char *p, uint32_t v) {
  char tmp[10];
  int n = 0;
  do {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) *p++ = tmp[--n];
  return p;
}

static char *put_str(char *p, const char *s) {
  while (*s) *p++ = *s++;
  return p;
}

/* The kinds, as the program tells them from an entry's fields. */
enum { NONE, AEAD, HASH, XOF, CXOF };
static const char *const kind_name[] = {"none", "aead", "hash", "xof", "cxof"};

static int entry_kind(void) {
  if (has_ct) return AEAD;
  if (!has_msg) return NONE;
  if (has_md && has_z) return CXOF;
  if (has_md && md_n == 32) return HASH;
  if (has_md && md_n == 64) return XOF;
  return NONE;
}

/* ---- Multi-part calls: where the inputs are cut -------------------------------------
 * A run feeds an input of n bytes as a first piece of `first` bytes (0 is
 * a call with nothing), then pieces of `step` bytes (step 0: the rest in
 * one call).  Each entry gets three runs, moved by its Count so that over
 * a file the cuts of a short input fall on every position, the two ends
 * included: two pieces cut at two positions, and pieces of 1 to 17 bytes
 * that cross the rate (8 bytes for the hashes, 16 for the AEAD) at every
 * offset. */
typedef struct {
  size_t first, step;
} cut;
#define RUNS 3

static void cuts(size_t n, uint32_t salt, cut c[RUNS]) {
  c[0].first = salt % (n + 1);
  c[0].step = 0;
  c[1].first = (salt * 7u + n / 2u) % (n + 1);
  c[1].step = 0;
  c[2].first = c[2].step = 1u + salt % 17u;
}

/* Steps through the pieces of n bytes cut by c: 1 with the next piece's
 * offset in *at and its length in *k, or 0 when the input is over.  Start
 * with *i = 0: piece 0 always comes (a call with nothing when first or n
 * is 0). */
static int next_piece(cut c, size_t n, size_t *i, size_t *at, size_t *k) {
  size_t want;
  if (*i == 0)
    *at = 0;
  else if ((*at += *k) == n)
    return 0;
  want = *i == 0 ? c.first : c.step != 0 ? c.step : n - *at;
  *k = want < n - *at ? want : n - *at;
  ++*i;
  return 1;
}

#define ALG PSA_ALG_ASCON_AEAD128

/* Ascon-AEAD128 in parts with the key `id`: AD cut by ca, the text (PT to
 * encrypt, CT without its tag to decrypt) by cm, the lengths announced
 * first when `lengths`.  Encrypting writes CT || tag to `to`; decrypting
 * writes the plaintext and checks the tag at in + len.  The status. */
static psa_status_t aead_parts(psa_key_id_t id, int decrypt, const uint8_t *in, size_t len,
                               cut ca, cut cm, int lengths, uint8_t *to) {
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  size_t i, at, k, wrote, done = 0, tag_n = 0;
  parts++;
  psa_status_t st = decrypt ? psa_aead_decrypt_setup(&op, id, ALG)
                            : psa_aead_encrypt_setup(&op, id, ALG);
  if (st == PSA_SUCCESS && lengths) st = psa_aead_set_lengths(&op, ad_n, len);
  if (st == PSA_SUCCESS) st = psa_aead_set_nonce(&op, nonce, nonce_n);
  for (i = 0; st == PSA_SUCCESS && next_piece(ca, ad_n, &i, &at, &k);)
    st = psa_aead_update_ad(&op, ad + at, k);
  for (i = 0; st == PSA_SUCCESS && next_piece(cm, len, &i, &at, &k);) {
    wrote = 0;
    st = psa_aead_update(&op, in + at, k, to + done,
                         PSA_AEAD_UPDATE_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, ALG, k), &wrote);
    done += wrote;
  }
  wrote = 0;
  if (st == PSA_SUCCESS && decrypt)
    st = psa_aead_verify(&op, to + done, PSA_AEAD_VERIFY_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, ALG),
                         &wrote, in + len, 16);
  else if (st == PSA_SUCCESS)
    st = psa_aead_finish(&op, to + done, PSA_AEAD_FINISH_OUTPUT_SIZE(PSA_KEY_TYPE_ASCON, ALG),
                         &wrote, to + len, 16, &tag_n);
  done += wrote;
  if (st == PSA_SUCCESS && (done != len || (!decrypt && tag_n != 16)))
    st = PSA_ERROR_GENERIC_ERROR;
  psa_aead_abort(&op);
  return st;
}

/* NULL when the AEAD entry's answers are the file's, else what was not. */
static const char *check_aead(void) {
  psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
  psa_key_id_t id;
  cut ca[RUNS], cm[RUNS];
  size_t n = 0;
  int r;
  const char *bad = NULL;
  if (ct_n != pt_n + 16 || nonce_n != 16) return "field lengths";
  psa_set_key_type(&attr, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
  psa_set_key_algorithm(&attr, ALG);
  if (psa_import_key(&attr, key, key_n, &id) != PSA_SUCCESS) return "psa_import_key";
  if (psa_aead_encrypt(id, ALG, nonce, nonce_n, ad, ad_n, pt, pt_n, out, sizeof out, &n) !=
          PSA_SUCCESS || n != ct_n || memcmp(out, ct, ct_n) != 0)
    bad = "psa_aead_encrypt";
  else if (psa_aead_decrypt(id, ALG, nonce, nonce_n, ad, ad_n, ct, ct_n, out, sizeof out, &n) !=
               PSA_SUCCESS || n != pt_n || memcmp(out, pt, pt_n) != 0)
    bad = "psa_aead_decrypt";
  /* in parts: each run encrypts and decrypts (the text cut another way) */
  cuts(ad_n, count, ca);
  cuts(pt_n, count / 3u, cm);
  for (r = 0; r < RUNS && !bad; r++) {
    memset(out, 0xa5, ct_n);
    if (aead_parts(id, 0, pt, pt_n, ca[r], cm[r], r == 1, out) != PSA_SUCCESS ||
        memcmp(out, ct, ct_n) != 0)
      bad = "encryption in parts (psa_aead_update, psa_aead_finish)";
    memset(out, 0x5a, pt_n);
    if (!bad && (aead_parts(id, 1, ct, pt_n, ca[r], cm[(r + 1) % RUNS], r == 2, out) !=
                     PSA_SUCCESS || memcmp(out, pt, pt_n) != 0))
      bad = "decryption in parts (psa_aead_update, psa_aead_verify)";
  }
  if (!bad) {
    ct[pt_n + count % 16] ^= (uint8_t)(1u << (count % 8)); /* a flipped tag bit */
    if (psa_aead_decrypt(id, ALG, nonce, nonce_n, ad, ad_n, ct, ct_n, out, sizeof out, &n) !=
        PSA_ERROR_INVALID_SIGNATURE)
      bad = "psa_aead_decrypt accepted a forged tag";
    else if (aead_parts(id, 1, ct, pt_n, ca[0], cm[0], 0, out) != PSA_ERROR_INVALID_SIGNATURE)
      bad = "psa_aead_verify accepted a forged tag";
  }
  if (psa_destroy_key(id) != PSA_SUCCESS && !bad) bad = "psa_destroy_key";
  return bad;
}

/* Ascon-Hash256 in parts, the message cut by c; with `clone`, a clone
 * taken after the first piece gets the rest too and is checked by
 * psa_hash_verify.  NULL when both give MD. */
static const char *hash_parts(cut c, int clone) {
  psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, copy = PSA_HASH_OPERATION_INIT;
  size_t i, at, k, n = 0;
  int cloned = 0;
  const char *bad = NULL;
  psa_status_t st = psa_hash_setup(&op, PSA_ALG_ASCON_HASH256);
  parts++;
  for (i = 0; st == PSA_SUCCESS && next_piece(c, msg_n, &i, &at, &k);) {
    st = psa_hash_update(&op, msg + at, k);
    if (st == PSA_SUCCESS && cloned) st = psa_hash_update(&copy, msg + at, k);
    if (st == PSA_SUCCESS && clone && !cloned) {
      st = psa_hash_clone(&op, &copy);
      cloned = 1;
    }
  }
  memset(out, 0, md_n);
  if (st != PSA_SUCCESS ||
      psa_hash_finish(&op, out, PSA_HASH_LENGTH(PSA_ALG_ASCON_HASH256), &n) != PSA_SUCCESS ||
      n != md_n || memcmp(out, md, md_n) != 0)
    bad = "psa_hash_finish";
  else if (cloned && psa_hash_verify(&copy, md, md_n) != PSA_SUCCESS)
    bad = "psa_hash_verify";
  psa_hash_abort(&op);
  psa_hash_abort(&copy);
  return bad;
}

static const char *check_hash(void) {
  cut c[RUNS];
  size_t n = 0;
  int r;
  const char *bad = NULL;
  if (psa_hash_compute(PSA_ALG_ASCON_HASH256, msg, msg_n, out, sizeof out, &n) != PSA_SUCCESS ||
      n != md_n || memcmp(out, md, md_n) != 0)
    return "psa_hash_compute";
  if (psa_hash_compare(PSA_ALG_ASCON_HASH256, msg, msg_n, md, md_n) != PSA_SUCCESS)
    return "psa_hash_compare";
  cuts(msg_n, count, c);
  for (r = 0; r < RUNS && !bad; r++) bad = hash_parts(c[r], r == 0);
  return bad;
}

/* Ascon-XOF128 (or -CXOF128 with Z) of the message cut by cin, the output
 * read in the pieces cout gives.  NULL when the output is MD. */
static const char *xof_parts(int cxof, cut cin, cut cout) {
  psa_xof_operation_t op = PSA_XOF_OPERATION_INIT;
  size_t i, at, k;
  const char *bad = NULL;
  psa_status_t st = psa_xof_setup(&op, cxof ? PSA_ALG_ASCON_CXOF128 : PSA_ALG_ASCON_XOF128);
  if (st != PSA_SUCCESS) bad = "psa_xof_setup";
  else if (cxof && psa_xof_set_context(&op, z, z_n) != PSA_SUCCESS)
    bad = "psa_xof_set_context";
  for (i = 0; !bad && next_piece(cin, msg_n, &i, &at, &k);)
    if (psa_xof_update(&op, msg + at, k) != PSA_SUCCESS) bad = "psa_xof_update";
  memset(out, 0, md_n);
  for (i = 0; !bad && next_piece(cout, md_n, &i, &at, &k);)
    if (psa_xof_output(&op, out + at, k) != PSA_SUCCESS) bad = "psa_xof_output";
  if (!bad && memcmp(out, md, md_n) != 0) bad = "psa_xof_output";
  if (psa_xof_abort(&op) != PSA_SUCCESS && !bad) bad = "psa_xof_abort";
  return bad;
}

/* The whole input at once and the output in one call first (the name of
 * the call that disagreed), then the runs in parts. */
static const char *check_xof(int cxof) {
  cut in_once = {msg_n, 0}, out_once = {md_n, 0}, cin[RUNS], cout[RUNS];
  const char *bad = xof_parts(cxof, in_once, out_once);
  int r;
  cuts(msg_n, count, cin);
  cuts(md_n, count / 5u, cout);
  for (r = 0; r < RUNS && !bad; r++) {
    bad = xof_parts(cxof, cin[r], cout[(r + 2) % RUNS]);
    parts++;
  }
  return bad;
}

/* ---- The random source ------------------------------------------------------------- */
/* A stand-in for a TRNG: a linear congruential generator.  Not random at
 * all, which the checks below do not need: they see whether the PSA calls
 * take their bytes from the installed source or refuse. */
static uint32_t stand_in_state;
static void stand_in(void *arg, uint8_t *p, size_t n) {
  uint32_t *st = (uint32_t *)arg;
  while (n--) {
    *st = *st * 1664525u + 1013904223u;
    *p++ = (uint8_t)(*st >> 24);
  }
}

/* The calls that need random bytes, with a source (have) or without: NULL
 * when each answered as it should, else the first that did not. */
static const char *random_calls(int have) {
  psa_status_t want = have ? PSA_SUCCESS : PSA_ERROR_INSUFFICIENT_ENTROPY;
  psa_key_attributes_t attr = PSA_KEY_ATTRIBUTES_INIT;
  psa_aead_operation_t op = PSA_AEAD_OPERATION_INIT;
  psa_key_id_t id = PSA_KEY_ID_NULL, gen = PSA_KEY_ID_NULL;
  uint8_t n[16], buf[32];
  size_t n_len = 99, len = 0, tag_len = 0, back_len = 0;
  const char *bad = NULL;
  memset(buf, 0, sizeof buf);
  memset(n, 0, sizeof n);
  if (psa_generate_random(buf, sizeof buf) != want) return "psa_generate_random";
  psa_set_key_type(&attr, PSA_KEY_TYPE_ASCON);
  psa_set_key_usage_flags(&attr, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
  psa_set_key_algorithm(&attr, ALG);
  /* importing needs no random bytes */
  if (psa_import_key(&attr, buf, 16, &id) != PSA_SUCCESS) return "psa_import_key";
  if (psa_aead_encrypt_setup(&op, id, ALG) != PSA_SUCCESS)
    bad = "psa_aead_encrypt_setup";
  else if (psa_aead_generate_nonce(&op, n, sizeof n, &n_len) != want)
    bad = "psa_aead_generate_nonce";
  else if (!have && (n_len != 0 || psa_aead_update_ad(&op, buf, 1) != PSA_ERROR_BAD_STATE))
    bad = "psa_aead_generate_nonce failed but the operation went on";
  else if (have) { /* the nonce it gave is the one it used */
    if (n_len != 16 || psa_aead_update(&op, buf, 8, out, 8, &len) != PSA_SUCCESS ||
        psa_aead_finish(&op, out + 8, 0, &len, out + 8, 16, &tag_len) != PSA_SUCCESS ||
        psa_aead_decrypt(id, ALG, n, 16, NULL, 0, out, 24, out + 32, 8, &back_len) !=
            PSA_SUCCESS || memcmp(out + 32, buf, 8) != 0)
      bad = "psa_aead_generate_nonce: its nonce does not decrypt";
  }
  psa_aead_abort(&op);
  if (psa_destroy_key(id) != PSA_SUCCESS && !bad) bad = "psa_destroy_key";
  psa_set_key_bits(&attr, 128);
  if (!bad && psa_generate_key(&attr, &gen) != want) bad = "psa_generate_key";
  if (!bad && !have && gen != PSA_KEY_ID_NULL) bad = "psa_generate_key gave an identifier";
  if (gen != PSA_KEY_ID_NULL && psa_destroy_key(gen) != PSA_SUCCESS && !bad)
    bad = "psa_destroy_key";
  return bad;
}

static void check_random(void) {
  static char buf[96];
  const char *bad = random_calls(0); /* nothing installed yet */
  char *p;
  if (!bad) {
    stand_in_state = 0x2545f491u;
    lwc_psa_set_random(stand_in, &stand_in_state);
    if ((bad = random_calls(1)) == NULL) {
      lwc_psa_set_random(NULL, NULL); /* back to the default: none here */
      bad = random_calls(0);
    }
  }
  p = put_str(buf, bad ? "fail random what=" : "ok random");
  if (bad) p = put_str(p, bad);
  *p = 0;
  bench_put_line(buf);
}

/* Reads one line (without its end) into `line`; 0 at the end of the
 * stream, -1 for a line too long. */
static int read_line(void) {
  size_t n = 0;
  int c, too_long = 0;
  while ((c = bench_getc()) >= 0 && c != '\n') {
    if (n + 1 < sizeof line) line[n++] = (char)c;
    else too_long = 1;
  }
  line[n] = 0;
  if (c < 0 && n == 0) return 0;
  return too_long ? -1 : 1;
}

/* Stores a "Name = value" line in its field; what is wrong with it, or NULL. */
static const char *take_field(void) {
  char *eq = line;
  const char *v;
  size_t name_n;
  long n;
  while (*eq && *eq != '=') eq++; /* mini libc has no strchr */
  if (!*eq) return "a line without '='";
  name_n = (size_t)(eq - line);
  while (name_n && line[name_n - 1] == ' ') name_n--;
  v = eq + 1;
  while (*v == ' ') v++;
#define NAMED(s) (name_n == sizeof s - 1 && memcmp(line, s, name_n) == 0)
  if (NAMED("Count")) {
    count = 0;
    while (*v >= '0' && *v <= '9') count = count * 10 + (uint32_t)(*v++ - '0');
    return NULL;
  }
#define FIELD(s, buf, len, cap, flag)        \
  if (NAMED(s)) {                            \
    n = unhex(v, buf, cap);                  \
    if (n < 0) return "a bad " s " field";   \
    len = (size_t)n;                         \
    flag;                                    \
    return NULL;                             \
  }
  FIELD("Key", key, key_n, MAX_FIELD, (void)0)
  FIELD("Nonce", nonce, nonce_n, MAX_FIELD, (void)0)
  FIELD("PT", pt, pt_n, MAX_FIELD, (void)0)
  FIELD("AD", ad, ad_n, MAX_FIELD, (void)0)
  FIELD("CT", ct, ct_n, MAX_FIELD, has_ct = 1)
  FIELD("Z", z, z_n, MAX_FIELD, has_z = 1)
  FIELD("MD", md, md_n, MAX_FIELD, has_md = 1)
  FIELD("Msg", msg, msg_n, MAX_MSG, has_msg = 1)
  return "an unknown field";
}

static void report(int kind, uint32_t entries, const char *bad) {
  static char buf[160];
  char *p = buf;
  if (bad) {
    p = put_str(p, "fail kind=");
    p = put_str(p, kind_name[kind]);
    p = put_str(p, " count=");
    p = put_u32(p, count);
    p = put_str(p, " what=");
    p = put_str(p, bad);
  } else {
    p = put_str(p, "ok kind=");
    p = put_str(p, kind_name[kind]);
    p = put_str(p, " entries=");
    p = put_u32(p, entries);
    p = put_str(p, " parts=");
    p = put_u32(p, parts);
  }
  *p = 0;
  bench_put_line(buf);
}

void bench_serve(void) {
  int kind = NONE, open = 0, r;
  uint32_t entries = 0;
  const char *bad = NULL;
  if (psa_crypto_init() != PSA_SUCCESS) {
    report(kind, 0, "psa_crypto_init");
    return;
  }
  for (;;) {
    r = read_line();
    if (r < 0) {
      bad = "a line too long";
      break;
    }
    if (r > 0 && line[0] && line[0] != '\r') {
      if (!open && entries == 0 && kind == NONE && memcmp(line, "random", 7) == 0) {
        check_random();
        return;
      }
      if (!open) {
        open = 1;
        has_ct = has_md = has_z = has_msg = 0;
        key_n = nonce_n = pt_n = ad_n = ct_n = z_n = md_n = msg_n = 0;
      }
      if ((bad = take_field()) != NULL) break;
      continue;
    }
    if (open) { /* a blank line or the end: the entry is complete */
      int k = entry_kind();
      open = 0;
      if (k == NONE || (kind != NONE && k != kind)) {
        bad = k == NONE ? "an entry of no known kind" : "entries of two kinds";
        break;
      }
      kind = k;
      bad = k == AEAD ? check_aead() : k == HASH ? check_hash() : check_xof(k == CXOF);
      if (bad) break;
      entries++;
    }
    if (r == 0) break;
  }
  if (!bad && entries == 0) bad = "no entries";
  report(kind, entries, bad);
}
