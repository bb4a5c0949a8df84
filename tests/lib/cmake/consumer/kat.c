/*
 * A program of a project that uses lwc (tests/lib/test_cmake.py builds it with
 * CMake against lwc::lwc, or with pkg-config's flags): it answers lines
 * read from standard input with the lwc.h calls, one answer line each.
 *
 *   F SCHEME                       -> the implementation lwc_*_find(SCHEME,
 *                                     NULL) gives, or "none"
 *   A SCHEME KEY NONCE PT AD       -> CT||TAG in hex, then " ok" when its
 *                                     decryption gives PT back and a
 *                                     flipped tag bit is refused
 *   H SCHEME MSG                   -> the digest (outbytes bytes)
 *   M SCHEME KEY MSG               -> the MAC's or PRF's output (outbytes
 *                                     bytes), then " ok" when lwc_auth_verify
 *                                     accepts it and refuses it with a bit
 *                                     flipped
 *   S                              -> the registries (AEAD, hash,
 *                                     permutation, MAC/PRF): scheme/impl ...
 *
 * Fields are hex ('-' for empty).  Hosted: stdio.  Freestanding
 * (-DKAT_FREESTANDING, a microcontroller under qemu-user): the start file
 * enters bench_serve() and gives lwc_read / lwc_write (Linux system calls).
 */
#include <stddef.h>
#include <stdint.h>

#include "lwc.h"

#define MAXLEN 1100 /* bytes of one field: the KAT files' longest is 1024 */

#ifdef KAT_FREESTANDING
long lwc_read(int fd, void *buf, unsigned long n);
long lwc_write(int fd, const void *buf, unsigned long n);

static unsigned char in_buf[512];
static long in_len, in_pos;

static int in_getc(void) {
  if (in_pos == in_len) {
    in_len = lwc_read(0, in_buf, sizeof in_buf);
    in_pos = 0;
    if (in_len <= 0) {
      in_len = 0;
      return -1;
    }
  }
  return in_buf[in_pos++];
}

static void out_write(const char *p, size_t n) {
  while (n > 0) {
    long k = lwc_write(1, p, n);
    if (k <= 0) return;
    p += k;
    n -= (size_t)k;
  }
}
#else
#include <stdio.h>
static int in_getc(void) { return getchar(); }
static void out_write(const char *p, size_t n) { fwrite(p, 1, n, stdout); }
#endif

static char line[4 * MAXLEN + 256];

static int read_line(void) {
  size_t n = 0;
  int c;
  while ((c = in_getc()) != -1 && c != '\n')
    if (n + 1 < sizeof line) line[n++] = (char)c;
  line[n] = 0;
  return c != -1 || n > 0;
}

static void out_str(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  out_write(s, n);
}

static void out_hex(const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  char buf[64];
  size_t k = 0, i;
  for (i = 0; i < n; i++) {
    buf[k++] = digits[p[i] >> 4];
    buf[k++] = digits[p[i] & 15];
    if (k == sizeof buf) {
      out_write(buf, k);
      k = 0;
    }
  }
  out_write(buf, k);
}

/* the next space-separated field of line, NUL-terminated in place */
static char *field(char **at) {
  char *p = *at, *start;
  while (*p == ' ') p++;
  start = p;
  while (*p && *p != ' ') p++;
  if (*p) *p++ = 0;
  *at = p;
  return start;
}

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* hex (or "-") into out; the byte count, or -1 */
static long unhex(const char *s, uint8_t *out) {
  long n = 0;
  if (s[0] == '-' && s[1] == 0) return 0;
  while (s[0] && s[1] && n < MAXLEN) {
    int hi = nibble(s[0]), lo = nibble(s[1]);
    if (hi < 0 || lo < 0) return -1;
    out[n++] = (uint8_t)(hi << 4 | lo);
    s += 2;
  }
  return *s ? -1 : n;
}

static uint8_t key[MAXLEN], nonce[MAXLEN], pt[MAXLEN], ad[MAXLEN], ct[MAXLEN + 64], back[MAXLEN];

static void aead(char *rest) {
  const lwc_aead *a = lwc_aead_find(field(&rest), NULL);
  long kl = unhex(field(&rest), key), nl = unhex(field(&rest), nonce);
  long ml = unhex(field(&rest), pt), al = unhex(field(&rest), ad);
  size_t clen;
  int ok;
  if (a == NULL || kl != a->keybytes || nl != a->noncebytes || ml < 0 || al < 0) {
    out_str("error: bad request\n");
    return;
  }
  clen = (size_t)ml + a->tagbytes;
  if (lwc_aead_encrypt(a, ct, pt, (size_t)ml, ad, (size_t)al, nonce, key, NULL) != LWC_OK) {
    out_str("error: encrypt\n");
    return;
  }
  out_hex(ct, clen);
  ok = lwc_aead_decrypt(a, back, ct, clen, ad, (size_t)al, nonce, key, NULL) == LWC_OK;
  for (long i = 0; ok && i < ml; i++) ok = back[i] == pt[i];
  ct[clen - 1] ^= 1;
  ok = ok && lwc_aead_decrypt(a, back, ct, clen, ad, (size_t)al, nonce, key, NULL) == LWC_ERR_TAG;
  out_str(ok ? " ok\n" : " bad\n");
}

static void hash(char *rest) {
  const lwc_hash *h = lwc_hash_find(field(&rest), NULL);
  long ml = unhex(field(&rest), pt);
  if (h == NULL || ml < 0 || h->outbytes > sizeof ct ||
      lwc_hash_compute(h, ct, h->outbytes, pt, (size_t)ml, NULL, 0) != LWC_OK) {
    out_str("error: bad request\n");
    return;
  }
  out_hex(ct, h->outbytes);
  out_str("\n");
}

static void auth(char *rest) {
  const lwc_auth *m = lwc_auth_find(field(&rest), NULL);
  long kl = unhex(field(&rest), key), ml = unhex(field(&rest), pt);
  int ok;
  if (m == NULL || kl != m->keybytes || ml < 0 || m->outbytes > sizeof ct ||
      lwc_auth_compute(m, ct, m->outbytes, pt, (size_t)ml, key) != LWC_OK) {
    out_str("error: bad request\n");
    return;
  }
  out_hex(ct, m->outbytes);
  ok = lwc_auth_verify(m, ct, m->outbytes, pt, (size_t)ml, key) == LWC_OK;
  ct[m->outbytes - 1] ^= 1;
  ok = ok && lwc_auth_verify(m, ct, m->outbytes, pt, (size_t)ml, key) == LWC_ERR_TAG;
  out_str(ok ? " ok\n" : " bad\n");
}

static void find(char *rest) {
  const char *s = field(&rest);
  const lwc_aead *a = lwc_aead_find(s, NULL);
  const lwc_hash *h = lwc_hash_find(s, NULL);
  const lwc_perm *p = lwc_perm_find(s, NULL);
  const lwc_auth *m = lwc_auth_find(s, NULL);
  out_str(a ? a->impl : h ? h->impl : p ? p->impl : m ? m->impl : "none");
  out_str("\n");
}

static void entry(const char *scheme, const char *impl) {
  out_str(scheme);
  out_str("/");
  out_str(impl);
  out_str(" ");
}

static void registries(void) {
  size_t i;
  for (i = 0; lwc_aead_registry[i]; i++)
    entry(lwc_aead_registry[i]->scheme, lwc_aead_registry[i]->impl);
  for (i = 0; lwc_hash_registry[i]; i++)
    entry(lwc_hash_registry[i]->scheme, lwc_hash_registry[i]->impl);
  for (i = 0; lwc_perm_registry[i]; i++)
    entry(lwc_perm_registry[i]->scheme, lwc_perm_registry[i]->impl);
  for (i = 0; lwc_auth_registry[i]; i++)
    entry(lwc_auth_registry[i]->scheme, lwc_auth_registry[i]->impl);
  out_str("\n");
}

static void serve(void) {
  while (read_line()) {
    char *rest = line + 1;
    switch (line[0]) {
      case 'A': aead(rest); break;
      case 'H': hash(rest); break;
      case 'M': auth(rest); break;
      case 'F': find(rest); break;
      case 'S': registries(); break;
      default: out_str("error: unknown request\n");
    }
  }
}

#ifdef KAT_FREESTANDING
void bench_serve(void);
void bench_serve(void) { serve(); }
#else
int main(void) {
  serve();
  return 0;
}
#endif
