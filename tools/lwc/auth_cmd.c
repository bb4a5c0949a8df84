/* lwc mac / lwc prf: a MAC's tag or a PRF's output (lwc_auth), in hex, of
 * --msg HEX or of raw input; --verify HEX checks a tag instead.
 *
 * Two commands over one descriptor type: `lwc mac` takes the MAC schemes
 * (LWC_MAC), `lwc prf` the PRF ones (LWC_PRF, LWC_PRF_SHORT), and each
 * names the other for the other's schemes.  The input goes through the
 * incremental calls (init, update, squeeze) where the descriptor has them,
 * raw input in chunks of CLI_CHUNK; a function without them (PrfShort)
 * takes its few bytes in one call.  --verify compares in constant time:
 * lwc_auth_verify() when the whole input is in memory, else the same
 * comparison over the squeezed tag. */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "cli.h"

#define AUTH_OPTIONS                                                     \
  (OPT_BIT(OPT_KEY) | OPT_BIT(OPT_KEY_FILE) | OPT_BIT(OPT_MSG) |         \
   OPT_BIT(OPT_OUT_LEN) | OPT_BIT(OPT_VERIFY) | OPT_BIT(OPT_IMPL))

static const char verify_failed[] =
    "authentication failed: the tag does not match (wrong key, message or "
    "tag)";

void auth_out_range(const lwc_auth *m, uint64_t *lo, uint64_t *hi) {
  if (m->kind == LWC_MAC) {
    /* a tag lwc_auth_verify() can check: LWC_AUTH_MIN_TAG to the full tag */
    *lo = LWC_AUTH_MIN_TAG;
    *hi = m->outbytes;
  } else {
    /* 0: an empty output, as lwc_auth_compute() gives (lwc.h) */
    *lo = 0;
    *hi = m->max_outbytes != 0 ? m->max_outbytes : CLI_MAX_OUTLEN;
  }
}

static const lwc_auth *find_auth(const cli_args *args, int mac) {
  const char *scheme = args->scheme, *impl = args->opt[OPT_IMPL];
  const char *what = mac ? "MAC" : "PRF";
  const lwc_auth *m = lwc_auth_find(scheme, NULL);
  if (m == NULL) {
    if (lwc_aead_find(scheme, NULL) != NULL)
      die("'%s' is an AEAD scheme, not a %s: use 'lwc encrypt' or 'lwc "
          "decrypt'", scheme, what);
    if (lwc_hash_find(scheme, NULL) != NULL)
      die("'%s' is a hash scheme, not a %s: use 'lwc hash %s'", scheme, what,
          scheme);
    die("unknown scheme '%s' (see 'lwc list')", scheme);
  }
  if ((m->kind == LWC_MAC) != mac)
    die("'%s' is a %s, not a %s: use 'lwc %s %s'", scheme, auth_what(m), what,
        auth_command(m), scheme);
  if (impl != NULL) {
    m = lwc_auth_find(scheme, impl);
    if (m == NULL) die_unknown_impl(scheme, impl);
  }
  return m;
}

/* 1 when a[0..n) == b[0..n), in time independent of where they differ. */
static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n) {
  volatile uint8_t diff = 0;
  size_t i;
  for (i = 0; i < n; i++) diff = (uint8_t)(diff | (a[i] ^ b[i]));
  return diff == 0;
}

/* The raw input of a function with an input limit (max_inbytes, PrfShort):
 * read whole, refused when longer. */
static uint8_t *read_limited(const lwc_auth *m, const char *file, size_t *len) {
  cli_input in;
  size_t limit = m->max_inbytes;
  uint8_t *buf = xalloc(limit + 1);
  input_open(&in, file, NULL);
  *len = input_read(&in, buf, limit + 1);
  if (*len > limit)
    die("%s takes at most %zu byte%s of input; %s holds more", m->scheme,
        limit, plural(limit), in.name);
  input_close(&in);
  return buf;
}

static int run(int argc, char **argv, int mac) {
  cli_args args;
  const lwc_auth *m;
  const uint8_t *key, *tag = NULL;
  const uint8_t *msg = NULL;
  size_t mlen = 0, taglen = 0;
  uint64_t outlen, lo, hi;
  int whole;
  parse_args(&args, mac ? "mac" : "prf", AUTH_OPTIONS, argc, argv);
  m = find_auth(&args, mac);
  check_sources(&args, OPT_MSG);
  if (args.opt[OPT_MSG] != NULL && args.file != NULL)
    die("both --msg and a FILE ('%s') given; use one", args.file);

  auth_out_range(m, &lo, &hi);
  outlen = m->outbytes;
  if (args.opt[OPT_OUT_LEN] != NULL)
    outlen = number_option("out-len", args.opt[OPT_OUT_LEN], lo, hi);
  if (args.opt[OPT_VERIFY] != NULL) {
    tag = hex_option("verify", args.opt[OPT_VERIFY], &taglen);
    if (taglen < LWC_AUTH_MIN_TAG || taglen > m->outbytes)
      die("--verify: a tag of %zu byte%s; %s checks tags of %u to %u bytes",
          taglen, plural(taglen), m->scheme, (unsigned)LWC_AUTH_MIN_TAG,
          (unsigned)m->outbytes);
    if (args.opt[OPT_OUT_LEN] != NULL && outlen != taglen)
      die("--out-len %s and the %zu-byte tag of --verify disagree; the tag's "
          "length is enough", args.opt[OPT_OUT_LEN], taglen);
    outlen = taglen;
  }
  key = sized_option(&args, OPT_KEY, OPT_KEY_FILE, m->keybytes, "the key");
  wipe_arg(args.opt[OPT_KEY]);

  /* The whole input in memory for a function without incremental calls
   * (or with an input limit), else the incremental calls. */
  whole = m->init == NULL || m->max_inbytes != 0;
  if (whole && m->max_inbytes == 0)
    die("internal error: %s/%s has no incremental calls and no input limit",
        m->scheme, m->impl);
  if (args.opt[OPT_MSG] != NULL) {
    msg = hex_option("msg", args.opt[OPT_MSG], &mlen);
    if (m->max_inbytes != 0 && mlen > m->max_inbytes)
      die("--msg: %zu bytes is too long: %s takes at most %u", mlen, m->scheme,
          (unsigned)m->max_inbytes);
  } else if (whole) {
    msg = read_limited(m, args.file, &mlen);
  }

  if (msg != NULL && (whole || tag != NULL)) {
    /* the one-shot calls */
    if (tag != NULL) {
      int r = lwc_auth_verify(m, tag, taglen, msg, mlen, key);
      if (r == LWC_ERR_TAG) fail(EXIT_AUTH, "%s", verify_failed);
      check(r, "lwc_auth_verify");
    } else {
      uint8_t *out = xalloc((size_t)outlen);
      check(lwc_auth_compute(m, out, (size_t)outlen, msg, mlen, key),
            "lwc_auth_compute");
      out_hex(out, (size_t)outlen);
      out_write("\n", 1);
    }
  } else {
    /* the incremental calls: --msg HEX, or raw input in chunks */
    lwc_auth_ctx *ctx = xalloc(sizeof *ctx);
    uint8_t *buf = xalloc(CLI_CHUNK);
    check(m->init(ctx, key), "init");
    if (msg != NULL) {
      check(m->update(ctx, msg, mlen), "update");
    } else {
      cli_input in;
      size_t n;
      input_open(&in, args.file, NULL);
      do {
        n = input_read(&in, buf, CLI_CHUNK);
        check(m->update(ctx, buf, n), "update");
      } while (n == CLI_CHUNK);
      input_close(&in);
    }
    if (tag != NULL) {
      int same;
      check(m->squeeze(ctx, buf, taglen), "squeeze");
      lwc_auth_wipe(ctx);
      same = same_bytes(buf, tag, taglen);
      lwc_wipe(buf, taglen);
      if (!same) fail(EXIT_AUTH, "%s", verify_failed);
    } else {
      /* in chunks: a PRF output of any length in constant memory */
      while (outlen > 0) {
        size_t n = outlen < CLI_CHUNK ? (size_t)outlen : CLI_CHUNK;
        check(m->squeeze(ctx, buf, n), "squeeze");
        out_hex(buf, n);
        outlen -= n;
      }
      out_write("\n", 1);
      lwc_auth_wipe(ctx);
    }
  }
  out_finish();
  return 0;
}

int cmd_mac(int argc, char **argv) { return run(argc, argv, 1); }

int cmd_prf(int argc, char **argv) { return run(argc, argv, 0); }
