/*
 * Known-answer file generator.  Produces the NIST LWC text format the
 * official files use, with their input conventions: inputs are the byte
 * sequences START, START+1, ... where each field's START comes from the
 * command line (the pytest driver reads them off the official file).
 *
 *   AEAD: for mlen 0..32, adlen 0..32: Key, Nonce, PT, AD, CT (= C || T)
 *   hash/XOF: for mlen 0..1024: Msg, MD
 *   CXOF: for mlen 0..32, zlen 0..32: Msg, Z, MD
 *   MAC, PRF: for mlen 0..1024 (PrfShort: 0..16): Key, Msg, Tag
 */
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

static void put_hex(const char *label, const uint8_t *p, size_t n) {
  size_t i;
  printf("%s = ", label);
  for (i = 0; i < n; i++) printf("%02X", p[i]);
  printf("\n");
}

static void fill(uint8_t *p, size_t n, unsigned start) {
  size_t i;
  for (i = 0; i < n; i++) p[i] = (uint8_t)(start + i);
}

static int kat_aead(const lwc_aead *a, unsigned nonce0, unsigned pt0,
                    unsigned ad0) {
  uint8_t key[32], nonce[32], pt[32], ad[32], ct[32 + 16];
  unsigned count = 1;
  size_t mlen, adlen;
  fill(key, a->keybytes, 0);
  fill(nonce, a->noncebytes, nonce0);
  fill(pt, sizeof pt, pt0);
  fill(ad, sizeof ad, ad0);
  for (mlen = 0; mlen <= 32; mlen++) {
    for (adlen = 0; adlen <= 32; adlen++) {
      if (lwc_aead_encrypt(a, ct, pt, mlen, ad, adlen, nonce, key, NULL) != LWC_OK)
        return 1;
      printf("Count = %u\n", count++);
      put_hex("Key", key, a->keybytes);
      put_hex("Nonce", nonce, a->noncebytes);
      put_hex("PT", pt, mlen);
      put_hex("AD", ad, adlen);
      put_hex("CT", ct, mlen + a->tagbytes);
      printf("\n");
    }
  }
  return 0;
}

static int kat_hash(const lwc_hash *h, unsigned msg0, unsigned z0) {
  static uint8_t msg[1024];
  uint8_t z[32], md[256];
  unsigned count = 1;
  size_t mlen, zlen;
  fill(msg, sizeof msg, msg0);
  fill(z, sizeof z, z0);
  if (h->kind != LWC_CXOF) {
    for (mlen = 0; mlen <= 1024; mlen++) {
      if (lwc_hash_compute(h, md, h->outbytes, msg, mlen, NULL, 0) != LWC_OK) return 1;
      printf("Count = %u\n", count++);
      put_hex("Msg", msg, mlen);
      put_hex("MD", md, h->outbytes);
      printf("\n");
    }
    return 0;
  }
  for (mlen = 0; mlen <= 32; mlen++) {
    for (zlen = 0; zlen <= 32; zlen++) {
      if (lwc_hash_compute(h, md, h->outbytes, msg, mlen, z, zlen) != LWC_OK) return 1;
      printf("Count = %u\n", count++);
      put_hex("Msg", msg, mlen);
      put_hex("Z", z, zlen);
      put_hex("MD", md, h->outbytes);
      printf("\n");
    }
  }
  return 0;
}

static int kat_auth(const lwc_auth *m, unsigned msg0) {
  static uint8_t msg[1024];
  uint8_t key[32], tag[256];
  unsigned count = 1;
  size_t mlen, last = m->max_inbytes ? m->max_inbytes : 1024;
  fill(key, m->keybytes, 0);
  fill(msg, sizeof msg, msg0);
  for (mlen = 0; mlen <= last; mlen++) {
    if (lwc_auth_compute(m, tag, m->outbytes, msg, mlen, key) != LWC_OK) return 1;
    printf("Count = %u\n", count++);
    put_hex("Key", key, m->keybytes);
    put_hex("Msg", msg, mlen);
    put_hex("Tag", tag, m->outbytes);
    printf("\n");
  }
  return 0;
}

int kat_main(int argc, char **argv) {
  unsigned start[3] = {0, 0, 0};
  const lwc_aead *a;
  const lwc_hash *h;
  const lwc_auth *m;
  int i;
  if (argc < 2) {
    fprintf(stderr, "usage: lwc-test kat SCHEME IMPL [START...]\n");
    return 2;
  }
  for (i = 2; i < argc && i < 5; i++) start[i - 2] = (unsigned)strtoul(argv[i], NULL, 0);
  if ((a = lwc_aead_find(argv[0], argv[1])) != NULL)
    return kat_aead(a, start[0], start[1], start[2]);
  if ((h = lwc_hash_find(argv[0], argv[1])) != NULL)
    return kat_hash(h, start[0], start[1]);
  if ((m = lwc_auth_find(argv[0], argv[1])) != NULL) return kat_auth(m, start[0]);
  fprintf(stderr, "lwc-test: no implementation %s of %s\n", argv[1], argv[0]);
  return 2;
}
