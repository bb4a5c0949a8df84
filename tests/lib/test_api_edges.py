"""Edges of the C API (include/lwc.h), each build variant (release, clang,
asan): a small C program compiled against the variant's liblwc.a.

  - a NULL descriptor, what lwc_aead_find / lwc_hash_find return for a name
    they do not know, is refused with LWC_ERR_ARG by every call that takes
    a descriptor (the one-shot and the batch calls), nothing written, every
    batch job's status LWC_ERR_ARG; before issue 30 it was a crash;
  - an output length of 0: an XOF or CXOF gives an empty output and LWC_OK
    (out may be NULL, nothing written, squeeze(0) does not advance the
    output), a fixed-length hash refuses it (LWC_ERR_ARG); `lwc hash
    --out-len 0` means the same (tests/lib/test_cli.py).
"""
from __future__ import annotations

import subprocess

from tests.helpers import ROOT, bin_dir
from harness.build import VARIANTS, build_dir

PROGRAM = r"""
#include <stdio.h>
#include <string.h>

#include "lwc.h"

static int failures, checks;
#define CHECK(cond, ...)                                   \
  do {                                                     \
    checks++;                                              \
    if (!(cond)) {                                         \
      failures++;                                          \
      printf("FAIL line %d: ", __LINE__);                  \
      printf(__VA_ARGS__);                                 \
      printf("\n");                                        \
    }                                                      \
  } while (0)

#define PAT 0xa5
static int untouched(const uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != PAT) return 0;
  return 1;
}

static void null_descriptors(void) {
  static const uint8_t key[32], nonce[32], msg[20] = {1, 2, 3}, ad[4] = {4};
  uint8_t out[64], out2[64];
  lwc_aead_options opt = {4, NULL};
  lwc_aead_job aj[2];
  lwc_hash_job hj[2];
  const lwc_aead *a = lwc_aead_find("no-such-scheme", NULL);
  const lwc_hash *h = lwc_hash_find("ascon-hash256", "no-such-impl");
  const lwc_batch *single = lwc_batch_find("ascon-aead128", "single");
  size_t i;
  CHECK(a == NULL && h == NULL, "unknown names are found");

  memset(out, PAT, sizeof out);
  CHECK(lwc_aead_encrypt(a, out, msg, sizeof msg, ad, sizeof ad, nonce, key, NULL) ==
            LWC_ERR_ARG && untouched(out, sizeof out), "lwc_aead_encrypt(NULL)");
  CHECK(lwc_aead_encrypt(a, out, msg, sizeof msg, ad, sizeof ad, nonce, key, &opt) ==
            LWC_ERR_ARG && untouched(out, sizeof out), "lwc_aead_encrypt(NULL, options)");
  CHECK(lwc_aead_decrypt(a, out, msg, sizeof msg, ad, sizeof ad, nonce, key, NULL) ==
            LWC_ERR_ARG && untouched(out, sizeof out), "lwc_aead_decrypt(NULL)");
  CHECK(lwc_aead_decrypt(a, out, msg, sizeof msg, ad, sizeof ad, nonce, key, &opt) ==
            LWC_ERR_ARG && untouched(out, sizeof out), "lwc_aead_decrypt(NULL, options)");
  CHECK(lwc_hash_compute(h, out, 32, msg, sizeof msg, NULL, 0) == LWC_ERR_ARG &&
            untouched(out, sizeof out), "lwc_hash_compute(NULL)");
  CHECK(lwc_hash_compute(h, NULL, 0, NULL, 0, NULL, 0) == LWC_ERR_ARG,
        "lwc_hash_compute(NULL) of nothing");

  /* batches: with the fastest engine (NULL) and with "single" */
  for (i = 0; i < 2; i++) {
    const lwc_batch *b = i == 0 ? NULL : single;
    size_t j;
    memset(out, PAT, sizeof out);
    memset(out2, PAT, sizeof out2);
    memset(aj, 0, sizeof aj);
    for (j = 0; j < 2; j++) {
      aj[j].out = j == 0 ? out : out2;
      aj[j].in = msg;
      aj[j].inlen = 16;
      aj[j].nonce = nonce;
      aj[j].key = key;
      aj[j].status = 12345;
    }
    CHECK(lwc_aead_encrypt_batch(a, b, aj, 2) == LWC_ERR_ARG &&
              aj[0].status == LWC_ERR_ARG && aj[1].status == LWC_ERR_ARG &&
              untouched(out, sizeof out) && untouched(out2, sizeof out2),
          "lwc_aead_encrypt_batch(NULL), engine %zu", i);
    aj[0].status = aj[1].status = 12345;
    CHECK(lwc_aead_decrypt_batch(a, b, aj, 2) == LWC_ERR_ARG &&
              aj[0].status == LWC_ERR_ARG && aj[1].status == LWC_ERR_ARG &&
              untouched(out, sizeof out) && untouched(out2, sizeof out2),
          "lwc_aead_decrypt_batch(NULL), engine %zu", i);
    CHECK(lwc_aead_encrypt_batch(a, b, NULL, 0) == LWC_ERR_ARG,
          "lwc_aead_encrypt_batch(NULL) of no job");
    CHECK(lwc_aead_decrypt_batch(a, b, NULL, 0) == LWC_ERR_ARG,
          "lwc_aead_decrypt_batch(NULL) of no job");
    memset(hj, 0, sizeof hj);
    for (j = 0; j < 2; j++) {
      hj[j].out = j == 0 ? out : out2;
      hj[j].outlen = 32;
      hj[j].in = msg;
      hj[j].inlen = sizeof msg;
      hj[j].status = 12345;
    }
    CHECK(lwc_hash_batch(h, b, hj, 2) == LWC_ERR_ARG && hj[0].status == LWC_ERR_ARG &&
              hj[1].status == LWC_ERR_ARG && untouched(out, sizeof out) &&
              untouched(out2, sizeof out2),
          "lwc_hash_batch(NULL), engine %zu", i);
    CHECK(lwc_hash_batch(h, b, NULL, 0) == LWC_ERR_ARG, "lwc_hash_batch(NULL) of no job");
  }
}

static void zero_output_length(void) {
  static const uint8_t msg[5] = {'a', 'b', 'c', 'd', 'e'};
  const lwc_hash *const *d;
  int xofs = 0;
  for (d = lwc_hash_registry; *d != NULL; d++) {
    const lwc_hash *h = *d;
    uint8_t out[80], want[16], got[16];
    lwc_hash_ctx ctx;
    lwc_hash_job job;
    int expect = h->kind == LWC_HASH ? LWC_ERR_ARG : LWC_OK;
    memset(out, PAT, sizeof out);
    CHECK(lwc_hash_compute(h, out, 0, msg, sizeof msg, NULL, 0) == expect &&
              untouched(out, sizeof out), "%s/%s: lwc_hash_compute, outlen 0", h->scheme, h->impl);
    CHECK(lwc_hash_compute(h, NULL, 0, msg, sizeof msg, NULL, 0) == expect,
          "%s/%s: lwc_hash_compute, NULL and outlen 0", h->scheme, h->impl);
    memset(&job, 0, sizeof job);
    job.out = out;
    job.in = msg;
    job.inlen = sizeof msg;
    CHECK(lwc_hash_batch(h, NULL, &job, 1) == expect && job.status == expect &&
              untouched(out, sizeof out), "%s/%s: lwc_hash_batch, outlen 0", h->scheme, h->impl);
    if (h->kind == LWC_HASH) continue;
    xofs++;
    /* squeeze(0) writes nothing and does not advance the output */
    CHECK(lwc_hash_compute(h, want, sizeof want, msg, sizeof msg, NULL, 0) == LWC_OK,
          "%s/%s: 16 bytes", h->scheme, h->impl);
    CHECK(h->init(&ctx, NULL, 0) == LWC_OK && h->update(&ctx, msg, sizeof msg) == LWC_OK &&
              h->squeeze(&ctx, out, 0) == LWC_OK && untouched(out, sizeof out) &&
              h->squeeze(&ctx, got, sizeof got) == LWC_OK && memcmp(got, want, sizeof got) == 0,
          "%s/%s: squeeze(0), then 16 bytes", h->scheme, h->impl);
    lwc_hash_wipe(&ctx);
  }
  CHECK(xofs >= 4, "only %d XOF implementations", xofs);
}

int main(void) {
  null_descriptors();
  zero_output_length();
  printf("api: %d checks, %d failed\n", checks, failures);
  return failures != 0;
}
"""


def test_null_descriptor_and_zero_output_length(variant, sanitizer_env, tmp_path):
    bin_dir(variant)  # builds the variant's liblwc.a
    cfg = VARIANTS[variant]
    src = tmp_path / "api_edges.c"
    src.write_text(PROGRAM)
    exe = tmp_path / "api_edges"
    subprocess.run([cfg["cc"], "-std=c11", "-Wall", "-Wextra", "-Werror", *cfg["cflags"],
                    f"-I{ROOT / 'include'}", str(src), str(build_dir(variant) / "lib" / "liblwc.a"),
                    *cfg["ldflags"], "-o", str(exe)], check=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True, env=sanitizer_env, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1].endswith(", 0 failed"), r.stdout
