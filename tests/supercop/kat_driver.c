/*
 * KAT driver for an exported SUPERCOP / NIST LWC folder (tests/test_supercop.py).
 * It is compiled with the folder's sources alone, and calls nothing but the
 * framework's functions: crypto_aead_encrypt / crypto_aead_decrypt
 * (-DDRIVER_AEAD), crypto_hash, plus crypto_xof (-DDRIVER_XOF) or
 * crypto_cxof (-DDRIVER_CXOF) with ascon-c's signatures.
 *
 * One request a line on standard input, fields in hex, "-" for empty:
 *   A KEY NONCE PT AD  ->  "CT-hex STATUS"  STATUS is "ok" when decrypting
 *                          CT gives PT back, encryption and decryption in
 *                          place give the same, and a CT with
 *                          a flipped tag bit, or one bit of its first byte
 *                          flipped, is refused with the output zeroed;
 *                          else what failed
 *   H MSG              ->  crypto_hash(MSG), CRYPTO_BYTES bytes
 *   X MSG OUTLEN       ->  crypto_xof(MSG, OUTLEN)
 *   C MSG Z OUTLEN     ->  crypto_cxof(MSG, Z, OUTLEN)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#ifdef DRIVER_AEAD
#include "crypto_aead.h"
#else
#include "crypto_hash.h"
#endif

#ifdef DRIVER_XOF
int crypto_xof(unsigned char *out, unsigned long long outlen, const unsigned char *in,
               unsigned long long inlen);
#endif
#ifdef DRIVER_CXOF
int crypto_cxof(unsigned char *out, unsigned long long outlen, const unsigned char *in,
                unsigned long long inlen, const unsigned char *cs, unsigned long long cslen);
#endif

#define MAXLEN 4096

static unsigned long long unhex(const char *s, unsigned char *out) {
  unsigned long long n = 0;
  unsigned v;
  if (strcmp(s, "-") == 0) return 0;
  while (s[0] && s[1] && n < MAXLEN && sscanf(s, "%2x", &v) == 1) {
    out[n++] = (unsigned char)v;
    s += 2;
  }
  return n;
}

static void put_hex(const unsigned char *p, unsigned long long n) {
  unsigned long long i;
  for (i = 0; i < n; i++) printf("%02X", p[i]);
}

#ifdef DRIVER_AEAD
static int all_zero(const unsigned char *p, unsigned long long n) {
  unsigned char acc = 0;
  unsigned long long i;
  for (i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}
#endif

/* the request's fields, raw and decoded; outputs */
char line[4 * MAXLEN + 64], f[4][8300];
unsigned char a[MAXLEN], b[MAXLEN], c[MAXLEN], d[MAXLEN], out[MAXLEN + 64], back[MAXLEN + 64];

int main(void) {
  char op;
  while (fgets(line, sizeof line, stdin)) {
    int n = sscanf(line, " %c %8290s %8290s %8290s %8290s", &op, f[0], f[1], f[2], f[3]);
    if (n < 2) continue;
#ifdef DRIVER_AEAD
    if (op == 'A' && n == 5) {
      unsigned long long kl = unhex(f[0], a), nl = unhex(f[1], b), ml = unhex(f[2], c),
                         al = unhex(f[3], d), cl = 0, bl = 99;
      const char *status = "ok";
      if (kl != CRYPTO_KEYBYTES || nl != CRYPTO_NPUBBYTES) {
        puts("bad-request");
        continue;
      }
      memset(out, 0xa5, sizeof out);
      if (crypto_aead_encrypt(out, &cl, c, ml, d, al, NULL, b, a) != 0 || cl != ml + CRYPTO_ABYTES)
        status = "encrypt-failed";
      else if (memcpy(back, c, ml),
               crypto_aead_encrypt(back, &bl, back, ml, d, al, NULL, b, a) != 0 || bl != cl ||
               memcmp(back, out, cl) != 0)
        status = "in-place-encrypt-failed";
      else if (crypto_aead_decrypt(back, &bl, NULL, out, cl, d, al, b, a) != 0 || bl != ml ||
               memcmp(back, c, ml) != 0)
        status = "decrypt-failed";
      else {
        memcpy(back, out, cl); /* in place: the ciphertext buffer receives the plaintext */
        if (crypto_aead_decrypt(back, &bl, NULL, back, cl, d, al, b, a) != 0 || bl != ml ||
            memcmp(back, c, ml) != 0)
          status = "in-place-decrypt-failed";
      }
      if (strcmp(status, "ok") == 0) {
        unsigned long long bit;
        for (bit = 0; bit < 2 && strcmp(status, "ok") == 0; bit++) {
          unsigned long long at = bit == 0 ? cl - 1 : 0; /* the tag's last byte, the first byte */
          memcpy(back, out, cl);
          back[at] ^= 0x01;
          memset(c, 0x5a, ml + 1);
          if (crypto_aead_decrypt(c, &bl, NULL, back, cl, d, al, b, a) != -1)
            status = "forgery-accepted";
          else if (!all_zero(c, ml))
            status = "forgery-released-plaintext";
        }
      }
      put_hex(out, cl);
      printf(" %s\n", status);
      continue;
    }
#else
    if (op == 'H' && n == 2) {
      unsigned long long ml = unhex(f[0], a);
      if (crypto_hash(out, a, ml) != 0) {
        puts("hash-failed");
        continue;
      }
      put_hex(out, CRYPTO_BYTES);
      putchar('\n');
      continue;
    }
#ifdef DRIVER_XOF
    if (op == 'X' && n == 3) {
      unsigned long long ml = unhex(f[0], a), ol = strtoull(f[1], NULL, 10);
      if (ol > MAXLEN || crypto_xof(out, ol, a, ml) != 0) {
        puts("xof-failed");
        continue;
      }
      put_hex(out, ol);
      putchar('\n');
      continue;
    }
#endif
#ifdef DRIVER_CXOF
    if (op == 'C' && n == 4) {
      unsigned long long ml = unhex(f[0], a), zl = unhex(f[1], b), ol = strtoull(f[2], NULL, 10);
      if (ol > MAXLEN || crypto_cxof(out, ol, a, ml, b, zl) != 0) {
        puts("cxof-failed");
        continue;
      }
      put_hex(out, ol);
      putchar('\n');
      continue;
    }
#endif
#endif
    puts("bad-request");
  }
  return 0;
}
