/* lwc hash: hash / XOF / CXOF of --msg HEX or of raw input, hex output. */
#define _POSIX_C_SOURCE 200809L

#include <string.h>

#include "cli.h"

static const lwc_hash *find_hash(const cli_args *args) {
  const char *scheme = args->scheme, *impl = args->opt[OPT_IMPL];
  const lwc_hash *h = lwc_hash_find(scheme, NULL);
  const lwc_auth *m = lwc_auth_find(scheme, NULL);
  if (h == NULL) {
    if (lwc_aead_find(scheme, NULL) != NULL)
      die("'%s' is an AEAD scheme, not a hash: use 'lwc encrypt' or "
          "'lwc decrypt'", scheme);
    if (m != NULL)
      die("'%s' is a %s, not a hash: use 'lwc %s %s'", scheme,
          auth_what(m), auth_command(m), scheme);
    die("unknown scheme '%s' (see 'lwc list')", scheme);
  }
  if (impl != NULL) {
    h = lwc_hash_find(scheme, impl);
    if (h == NULL) die_unknown_impl(scheme, impl);
  }
  return h;
}

int cmd_hash(int argc, char **argv) {
  cli_args args;
  const lwc_hash *h;
  lwc_hash_ctx *ctx;
  uint64_t outlen;
  const uint8_t *custom = NULL;
  size_t customlen = 0;
  uint8_t *buf;
  parse_args(&args, "hash",
             OPT_BIT(OPT_MSG) | OPT_BIT(OPT_OUT_LEN) | OPT_BIT(OPT_CUSTOM) |
                 OPT_BIT(OPT_IMPL),
             argc, argv);
  h = find_hash(&args);
  outlen = h->outbytes;
  if (args.opt[OPT_OUT_LEN] != NULL) {
    if (h->kind == LWC_HASH) {
      uint64_t v;
      int r = parse_decimal(args.opt[OPT_OUT_LEN], &v);
      if (r < 0)
        die("--out-len: '%s' is not a number", args.opt[OPT_OUT_LEN]);
      if (r > 0 || v != h->outbytes)
        die("--out-len: %s has a fixed %u-byte digest (--out-len is for "
            "XOFs)", h->scheme, (unsigned)h->outbytes);
    } else {
      /* 0: an empty output, as lwc_hash_compute() gives (lwc.h) */
      outlen = number_option("out-len", args.opt[OPT_OUT_LEN], 0,
                             CLI_MAX_OUTLEN);
    }
  }
  if (args.opt[OPT_CUSTOM] != NULL) {
    if (h->kind != LWC_CXOF)
      die("--custom: %s takes no customization string (only CXOF schemes "
          "such as ascon-cxof128 do)", h->scheme);
    custom = hex_option("custom", args.opt[OPT_CUSTOM], &customlen);
    if (customlen > h->max_custombytes)
      die("--custom: %zu bytes is too long (at most %u for %s)", customlen,
          (unsigned)h->max_custombytes, h->scheme);
  }
  if (args.opt[OPT_MSG] != NULL && args.file != NULL)
    die("both --msg and a FILE ('%s') given; use one", args.file);

  ctx = xalloc(sizeof *ctx);
  buf = xalloc(CLI_CHUNK);
  if (args.opt[OPT_MSG] != NULL) {
    size_t mlen;
    const uint8_t *msg = hex_option("msg", args.opt[OPT_MSG], &mlen);
    check(h->init(ctx, custom, customlen), "init");
    check(h->update(ctx, msg, mlen), "update");
  } else {
    cli_input in;
    size_t n;
    input_open(&in, args.file, NULL);
    check(h->init(ctx, custom, customlen), "init");
    do {
      n = input_read(&in, buf, CLI_CHUNK);
      check(h->update(ctx, buf, n), "update");
    } while (n == CLI_CHUNK);
    input_close(&in);
  }
  /* Squeeze in chunks: an XOF output of any length in constant memory. */
  while (outlen > 0) {
    size_t n = outlen < CLI_CHUNK ? (size_t)outlen : CLI_CHUNK;
    check(h->squeeze(ctx, buf, n), "squeeze");
    out_hex(buf, n);
    outlen -= n;
  }
  out_write("\n", 1);
  lwc_hash_wipe(ctx);
  out_finish();
  return 0;
}
