/*
 * KAT driver for an exported SUPERCOP / NIST LWC folder (tests/lib/test_supercop.py).
 * It is compiled with the folder's sources alone, and calls nothing but the
 * framework's functions: crypto_aead_encrypt / crypto_aead_decrypt
 * (-DDRIVER_AEAD), crypto_auth / crypto_auth_verify plus ascon-c's crypto_prf
 * (-DDRIVER_AUTH), or crypto_hash, plus crypto_xof (-DDRIVER_XOF) or
 * crypto_cxof (-DDRIVER_CXOF) with ascon-c's signatures.
 *
 * One request a line on standard input, fields in hex, "-" for empty:
 *   A KEY NONCE PT AD  ->  "CT-hex STATUS"  STATUS is "ok" when decrypting
 *                          CT gives PT back, encryption and decryption in
 *                          place give the same, and a CT with a flipped tag
 *                          bit, or one bit of its first byte flipped, is
 *                          refused with the output zeroed; else what failed
 *   M KEY MSG          ->  "TAG-hex STATUS"  TAG is crypto_auth(MSG, KEY),
 *                          CRYPTO_BYTES bytes; STATUS is "ok" when
 *                          crypto_auth_verify accepts it, crypto_prf gives
 *                          the same bytes (and their prefix for one byte
 *                          fewer, nothing written past either), and
 *                          the tag with a bit of its first or last byte
 *                          flipped, or MSG with a bit flipped, is refused;
 *                          else what failed
 *   H MSG              ->  crypto_hash(MSG), CRYPTO_BYTES bytes
 *   X MSG OUTLEN       ->  crypto_xof(MSG, OUTLEN)
 *   C MSG Z OUTLEN     ->  crypto_cxof(MSG, Z, OUTLEN)
 *
 * Hosted (main, stdio) by default; with -DDRIVER_FREESTANDING it is the
 * program of a QEMU user-mode target instead: the target's start_<isa>.S
 * enters bench_serve() and gives the read and write system calls.
 */
#include "api.h"
#if defined(DRIVER_AEAD)
#include "crypto_aead.h"
#elif defined(DRIVER_AUTH)
#include "crypto_auth.h"
#else
#include "crypto_hash.h"
#endif

#ifdef DRIVER_AUTH
int crypto_prf(unsigned char *out, unsigned long long outlen, const unsigned char *in,
               unsigned long long inlen, const unsigned char *k);
#endif

#ifdef DRIVER_XOF
int crypto_xof(unsigned char *out, unsigned long long outlen, const unsigned char *in,
               unsigned long long inlen);
#endif
#ifdef DRIVER_CXOF
int crypto_cxof(unsigned char *out, unsigned long long outlen, const unsigned char *in,
                unsigned long long inlen, const unsigned char *cs, unsigned long long cslen);
#endif

#define MAXLEN 1024 /* bytes of one field; the KAT files' inputs are 32 at most */

/* SUPERCOP's random source, as the framework defines it for a folder that
 * asks for one (the masked implementations): here a xorshift generator,
 * since the answers must not depend on the masks. */
void randombytes(unsigned char *x, unsigned long long xlen);
void randombytes(unsigned char *x, unsigned long long xlen) {
  static unsigned long s = 0x2545f491ul;
  while (xlen-- > 0) {
    s ^= s << 13;
    s &= 0xfffffffful;
    s ^= s >> 17;
    s ^= s << 5;
    s &= 0xfffffffful;
    *x++ = (unsigned char)(s >> 11);
  }
}

#ifdef DRIVER_FREESTANDING
long lwc_read(int fd, void *buf, unsigned long n);
long lwc_write(int fd, const void *buf, unsigned long n);

static unsigned char in_buf[4096];
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

static void out_write(const char *p, unsigned long n) {
  while (n > 0) {
    long k = lwc_write(1, p, n);
    if (k <= 0) return;
    p += k;
    n -= (unsigned long)k;
  }
}
#else
#include <stdio.h>
static int in_getc(void) { return getchar(); }
static void out_write(const char *p, unsigned long n) { fwrite(p, 1, n, stdout); }
#endif

static char line[8 * MAXLEN + 64], answer[2 * MAXLEN + 128 + 64];
static unsigned long answer_len;

static void say(const char *s) {
  while (*s) answer[answer_len++] = *s++;
}

static void say_hex(const unsigned char *p, unsigned long long n) {
  static const char digits[] = "0123456789ABCDEF";
  unsigned long long i;
  for (i = 0; i < n; i++) {
    answer[answer_len++] = digits[p[i] >> 4];
    answer[answer_len++] = digits[p[i] & 15];
  }
}

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* A field in hex ("-": empty) into out; -1 when it is not hex or too long. */
static long long unhex(const char *s, unsigned char *out) {
  long long n = 0;
  if (s[0] == '-' && s[1] == 0) return 0;
  while (s[0]) {
    int hi = nibble(s[0]), lo = s[1] ? nibble(s[1]) : -1;
    if (hi < 0 || lo < 0 || n == MAXLEN) return -1;
    out[n++] = (unsigned char)(hi << 4 | lo);
    s += 2;
  }
  return n;
}

/* Split line into at most 5 space-separated fields (in place). */
static int split(char *s, char *field[5]) {
  int n = 0;
  while (*s) {
    while (*s == ' ') *s++ = 0;
    if (!*s) break;
    if (n == 5) return 6;
    field[n++] = s;
    while (*s && *s != ' ') s++;
  }
  return n;
}

/* requests' inputs and outputs (not static: a hash driver leaves some unused) */
unsigned char a[MAXLEN], b[MAXLEN], c[MAXLEN], d[MAXLEN], out[MAXLEN + 64], back[MAXLEN + 64];

#if defined(DRIVER_AEAD) || defined(DRIVER_AUTH)
static int same(const unsigned char *a, const unsigned char *b, unsigned long long n) {
  unsigned long long i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

static void copy(unsigned char *to, const unsigned char *from, unsigned long long n) {
  unsigned long long i;
  for (i = 0; i < n; i++) to[i] = from[i];
}

static void fill(unsigned char *p, unsigned long long n, unsigned char v) {
  unsigned long long i;
  for (i = 0; i < n; i++) p[i] = v;
}
#endif

#ifdef DRIVER_AEAD
static int all_zero(const unsigned char *p, unsigned long long n) {
  unsigned char acc = 0;
  unsigned long long i;
  for (i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

static void aead(char *field[5]) {
  long long kl = unhex(field[1], a), nl = unhex(field[2], b), ml = unhex(field[3], c),
            al = unhex(field[4], d);
  unsigned long long cl = 0, bl = 99, bit;
  const char *status = "ok";
  if (kl != CRYPTO_KEYBYTES || nl != CRYPTO_NPUBBYTES || ml < 0 || al < 0) {
    say("bad-request");
    return;
  }
  if (crypto_aead_encrypt(out, &cl, c, ml, d, al, 0, b, a) != 0 ||
      cl != (unsigned long long)ml + CRYPTO_ABYTES)
    status = "encrypt-failed";
  else if (copy(back, c, ml), /* in place: the message buffer receives the ciphertext */
           crypto_aead_encrypt(back, &bl, back, ml, d, al, 0, b, a) != 0 || bl != cl ||
               !same(back, out, cl))
    status = "in-place-encrypt-failed";
  else if (crypto_aead_decrypt(back, &bl, 0, out, cl, d, al, b, a) != 0 ||
           bl != (unsigned long long)ml || !same(back, c, ml))
    status = "decrypt-failed";
  else if (copy(back, out, cl),
           crypto_aead_decrypt(back, &bl, 0, back, cl, d, al, b, a) != 0 ||
               bl != (unsigned long long)ml || !same(back, c, ml))
    status = "in-place-decrypt-failed";
  for (bit = 0; bit < 2 && status[0] == 'o'; bit++) {
    unsigned long long at = bit == 0 ? cl - 1 : 0; /* the tag's last byte; the first byte */
    copy(back, out, cl);
    back[at] ^= 0x01;
    fill(c, (unsigned long long)ml + 1, 0x5a);
    if (crypto_aead_decrypt(c, &bl, 0, back, cl, d, al, b, a) != -1)
      status = "forgery-accepted";
    else if (!all_zero(c, ml))
      status = "forgery-released-plaintext";
  }
  say_hex(out, cl);
  say(" ");
  say(status);
}
#elif defined(DRIVER_AUTH)
/* What of M's checks failed for the tag in out (key a, message c of ml
 * bytes), or "ok"; back is scratch. */
static const char *auth_checks(unsigned long long ml) {
  const unsigned long long n = CRYPTO_BYTES;
  int r;
  if (crypto_auth_verify(out, c, ml, a) != 0) return "verify-refused";
  fill(back, n + 1, 0x5a);
  if (crypto_prf(back, n, c, ml, a) != 0 || !same(back, out, n) || back[n] != 0x5a)
    return "prf-differs";
  fill(back, n, 0x5a);
  if (crypto_prf(back, n - 1, c, ml, a) != 0 || !same(back, out, n - 1) || back[n - 1] != 0x5a)
    return "shorter-prf-differs";
  copy(back, out, n);
  back[n - 1] ^= 0x01;
  if (crypto_auth_verify(back, c, ml, a) != -1) return "forged-tag-accepted";
  back[n - 1] ^= 0x01;
  back[0] ^= 0x80;
  if (crypto_auth_verify(back, c, ml, a) != -1) return "forged-tag-accepted";
  if (ml == 0) return "ok";
  c[ml - 1] ^= 0x01;
  r = crypto_auth_verify(out, c, ml, a);
  c[ml - 1] ^= 0x01;
  return r == -1 ? "ok" : "changed-message-accepted";
}

static void auth(char *field[5]) {
  long long kl = unhex(field[1], a), ml = unhex(field[2], c);
  const char *status;
  if (kl != CRYPTO_KEYBYTES || ml < 0) {
    say("bad-request");
    return;
  }
  fill(out, CRYPTO_BYTES + 1, 0x5a);
  if (crypto_auth(out, c, (unsigned long long)ml, a) != 0)
    status = "auth-failed";
  else if (out[CRYPTO_BYTES] != 0x5a)
    status = "auth-wrote-past-its-tag";
  else
    status = auth_checks((unsigned long long)ml);
  say_hex(out, CRYPTO_BYTES);
  say(" ");
  say(status);
}
#else
/* A decimal field; -1 when it is not one or exceeds MAXLEN. */
static long long decimal(const char *s) {
  long long v = 0;
  if (!*s) return -1;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return -1;
    v = v * 10 + (*s - '0');
    if (v > MAXLEN) return -1;
  }
  return v;
}

static void hash(char op, char *field[5], int n) {
  long long ml = unhex(field[1], a), zl = 0, ol = CRYPTO_BYTES;
  int r = -1;
  if (op == 'X' && n == 3) ol = decimal(field[2]);
  if (op == 'C' && n == 4) {
    zl = unhex(field[2], b);
    ol = decimal(field[3]);
  }
  if (ml < 0 || zl < 0 || ol < 0) {
    say("bad-request");
    return;
  }
  if (op == 'H' && n == 2) r = crypto_hash(out, a, ml);
#ifdef DRIVER_XOF
  if (op == 'X' && n == 3) r = crypto_xof(out, ol, a, ml);
#endif
#ifdef DRIVER_CXOF
  if (op == 'C' && n == 4) r = crypto_cxof(out, ol, a, ml, b, zl);
#endif
  if (r != 0) {
    say("failed");
    return;
  }
  say_hex(out, ol);
}
#endif

static void serve(void) {
  for (;;) {
    char *field[5];
    unsigned long len = 0;
    int ch, n;
    while ((ch = in_getc()) >= 0 && ch != '\n')
      if (len < sizeof line - 1) line[len++] = (char)ch;
    if (ch < 0 && len == 0) return;
    line[len] = 0;
    n = split(line, field);
    answer_len = 0;
    if (n < 2 || field[0][1] != 0) {
      say("bad-request");
    } else {
#if defined(DRIVER_AEAD)
      if (field[0][0] == 'A' && n == 5)
        aead(field);
      else
        say("bad-request");
#elif defined(DRIVER_AUTH)
      if (field[0][0] == 'M' && n == 3)
        auth(field);
      else
        say("bad-request");
#else
      hash(field[0][0], field, n);
#endif
    }
    say("\n");
    out_write(answer, answer_len);
  }
}

#ifdef DRIVER_FREESTANDING
void bench_serve(void);
void bench_serve(void) { serve(); }
#else
int main(void) {
  serve();
  return fflush(stdout) != 0;
}
#endif
