/* lwc encrypt / lwc decrypt: hex mode (--msg, --ct) and raw streaming mode. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli.h"

#define AEAD_OPTIONS                                                      \
  (OPT_BIT(OPT_KEY) | OPT_BIT(OPT_NONCE) | OPT_BIT(OPT_AD) |              \
   OPT_BIT(OPT_IMPL) | OPT_BIT(OPT_TAG_LEN) | OPT_BIT(OPT_MASK_KEY) |     \
   OPT_BIT(OPT_KEY_FILE) | OPT_BIT(OPT_NONCE_FILE) | OPT_BIT(OPT_AD_FILE) | \
   OPT_BIT(OPT_MASK_KEY_FILE))

static const char auth_failed[] =
    "authentication failed: the tag does not match (wrong key, nonce, "
    "associated data or tag length, or modified ciphertext)";

typedef struct {
  const lwc_aead *a;
  const uint8_t *key, *nonce, *ad, *mask_key;
  size_t adlen, taglen;
  lwc_aead_ctx *ctx; /* allocated with xalloc: wiped at exit */
} aead_job;

static const lwc_aead *find_aead(const cli_args *args) {
  const char *scheme = args->scheme, *impl = args->opt[OPT_IMPL];
  const lwc_aead *a = lwc_aead_find(scheme, NULL);
  const lwc_auth *m = lwc_auth_find(scheme, NULL);
  if (a == NULL) {
    if (lwc_hash_find(scheme, NULL) != NULL)
      die("'%s' is a hash scheme, not an AEAD scheme: use 'lwc hash %s'",
          scheme, scheme);
    if (m != NULL)
      die("'%s' is a %s, not an AEAD scheme: use 'lwc %s %s'", scheme,
          auth_what(m), auth_command(m), scheme);
    die("unknown scheme '%s' (see 'lwc list')", scheme);
  }
  if (impl != NULL) {
    a = lwc_aead_find(scheme, impl);
    if (a == NULL) die_unknown_impl(scheme, impl);
  }
  return a;
}

static void setup(aead_job *job, const cli_args *args, int data_option) {
  const lwc_aead *a = find_aead(args);
  const char *tl = args->opt[OPT_TAG_LEN];
  check_sources(args, data_option);
  job->a = a;
  job->taglen = a->tagbytes;
  if (tl != NULL) {
    if (a->min_tagbytes >= a->tagbytes) {
      /* no truncation: only the full tag length is accepted */
      uint64_t v;
      int r = parse_decimal(tl, &v);
      if (r < 0) die("--tag-len: '%s' is not a number", tl);
      if (r > 0 || v != a->tagbytes)
        die("--tag-len: %s does not support tag truncation (its tag is %u "
            "bytes)", a->scheme, (unsigned)a->tagbytes);
    } else {
      job->taglen =
          (size_t)number_option("tag-len", tl, a->min_tagbytes, a->tagbytes);
    }
  }
  if ((args->opt[OPT_MASK_KEY] != NULL || args->opt[OPT_MASK_KEY_FILE] != NULL) &&
      !a->nonce_masking)
    die("--%s: %s does not support nonce masking",
        args->opt[OPT_MASK_KEY] != NULL ? "mask-key" : "mask-key-file", a->scheme);
  job->key = sized_option(args, OPT_KEY, OPT_KEY_FILE, a->keybytes, "the key");
  wipe_arg(args->opt[OPT_KEY]);
  job->nonce = sized_option(args, OPT_NONCE, OPT_NONCE_FILE, a->noncebytes, "the nonce");
  job->mask_key = NULL;
  if (args->opt[OPT_MASK_KEY] != NULL || args->opt[OPT_MASK_KEY_FILE] != NULL)
    job->mask_key = sized_option(args, OPT_MASK_KEY, OPT_MASK_KEY_FILE, a->keybytes,
                                 "the mask key");
  wipe_arg(args->opt[OPT_MASK_KEY]);
  job->ad = NULL;
  job->adlen = 0;
  if (args->opt[OPT_AD] != NULL) {
    job->ad = hex_option("ad", args->opt[OPT_AD], &job->adlen);
  } else if (args->opt[OPT_AD_FILE] != NULL) {
    int more; /* any length: up to what no buffer can exceed */
    job->ad = file_option("ad-file", args->opt[OPT_AD_FILE], (size_t)PTRDIFF_MAX,
                          &job->adlen, &more);
  }
  job->ctx = xalloc(sizeof *job->ctx);
}

static void start(const aead_job *job) {
  check(job->a->init(job->ctx, job->key, job->nonce, job->mask_key), "init");
  check(job->a->absorb_ad(job->ctx, job->ad, job->adlen), "absorb_ad");
}

/* ---------------------------------------------------------------- encrypt */

int cmd_encrypt(int argc, char **argv) {
  cli_args args;
  aead_job job;
  uint8_t tag[64];
  parse_args(&args, "encrypt", AEAD_OPTIONS | OPT_BIT(OPT_MSG), argc, argv);
  setup(&job, &args, OPT_MSG);
  if (args.opt[OPT_MSG] != NULL) {
    size_t mlen;
    uint8_t *msg;
    if (args.file != NULL)
      die("both --msg and a FILE ('%s') given; use one", args.file);
    msg = hex_option("msg", args.opt[OPT_MSG], &mlen);
    wipe_arg(args.opt[OPT_MSG]);
    start(&job);
    check(job.a->encrypt_update(job.ctx, msg, msg, mlen), "encrypt_update");
    check(job.a->encrypt_final(job.ctx, tag, job.taglen), "encrypt_final");
    out_hex(msg, mlen);
    out_hex(tag, job.taglen);
    out_write("\n", 1);
  } else {
    cli_input in;
    uint8_t *buf = xalloc(CLI_CHUNK);
    size_t n;
    input_open(&in, args.file, NULL);
    start(&job);
    do {
      n = input_read(&in, buf, CLI_CHUNK);
      check(job.a->encrypt_update(job.ctx, buf, buf, n), "encrypt_update");
      out_write(buf, n);
    } while (n == CLI_CHUNK);
    check(job.a->encrypt_final(job.ctx, tag, job.taglen), "encrypt_final");
    out_write(tag, job.taglen);
  }
  out_finish();
  return 0;
}

/* ---------------------------------------------------------------- decrypt */

/* One pass over raw ciphertext || tag from `in`.  The last taglen bytes
 * seen are held back as the candidate tag.  Plaintext goes to stdout only
 * when `emit`; a copy of the input goes to `spool` when it is not NULL. */
static int decrypt_pass(const aead_job *job, cli_input *in, FILE *spool,
                        int emit, uint8_t *buf, uint8_t *pt) {
  size_t have = 0, n, taglen = job->taglen;
  int r;
  start(job);
  do {
    n = input_read(in, buf + have, CLI_CHUNK);
    if (spool != NULL && n > 0) {
      errno = 0;
      if (fwrite(buf + have, 1, n, spool) != n)
        die("cannot spool the input to a temporary file: %s", strerror(errno));
    }
    have += n;
    if (have > taglen) {
      size_t k = have - taglen;
      check(job->a->decrypt_update(job->ctx, pt, buf, k), "decrypt_update");
      if (emit) out_write(pt, k);
      memmove(buf, buf + k, taglen);
      have = taglen;
    }
  } while (n == CLI_CHUNK);
  lwc_wipe(pt, CLI_CHUNK);
  if (have < taglen) {
    lwc_wipe(job->ctx, sizeof *job->ctx);
    die("input shorter than the tag (%zu byte%s, the tag is %zu)", have,
        plural(have), taglen);
  }
  r = job->a->decrypt_verify(job->ctx, buf, taglen);
  if (r != LWC_OK && r != LWC_ERR_TAG) check(r, "decrypt_verify");
  return r;
}

/* An anonymous temporary file in *dir: $TMPDIR when set (not empty),
 * else /tmp, as the help says. */
static FILE *spool_file(const char **dir) {
  char path[4096];
  FILE *f;
  int fd;
  *dir = getenv("TMPDIR");
  if (*dir == NULL || (*dir)[0] == '\0') *dir = "/tmp";
  if (snprintf(path, sizeof path, "%s/lwc-spool-XXXXXX", *dir) >= (int)sizeof path) {
    errno = ENAMETOOLONG;
    return NULL;
  }
  fd = mkstemp(path);
  if (fd < 0) return NULL;
  unlink(path);
  f = fdopen(fd, "w+b");
  if (f == NULL) close(fd);
  return f;
}

/* Raw ciphertext || tag from a file or standard input, in two passes:
 * the first verifies the tag while copying the input to an anonymous
 * temporary file (the spool: ciphertext, public), the second decrypts
 * that copy and writes the plaintext.  The second pass never reads the
 * caller's file again, so a file changed by someone else after the check
 * cannot make us release plaintext that was not authenticated: what is
 * decrypted is exactly what was verified.  Memory stays constant at any
 * size; the spool needs the input's size in $TMPDIR (or /tmp). */
static void decrypt_raw(const aead_job *job, const cli_args *args) {
  cli_input in;
  uint8_t *buf = xalloc(CLI_CHUNK + job->taglen), *pt = xalloc(CLI_CHUNK);
  FILE *spool;
  const char *dir;
  if (args->file == NULL && isatty(STDIN_FILENO))
    die("missing --ct: give the ciphertext as --ct HEX, as a FILE or on "
        "standard input");
  input_open(&in, args->file, NULL);
  spool = spool_file(&dir);
  if (spool == NULL) {
    int err = errno;
    const char *env = getenv("TMPDIR");
    die("cannot create a temporary file in '%s' (%s) to spool %s: %s", dir,
        env != NULL && env[0] != '\0' ? "$TMPDIR" : "TMPDIR is not set", in.name,
        strerror(err));
  }
  /* Pass 1: verify the tag; the plaintext is computed and thrown away. */
  if (decrypt_pass(job, &in, spool, 0, buf, pt) != LWC_OK)
    fail(EXIT_AUTH, "%s", auth_failed);
  errno = 0;
  if (fflush(spool) != 0 || ferror(spool))
    die("cannot spool the input to a temporary file: %s", strerror(errno));
  input_close(&in);
  /* Pass 2: decrypt the verified copy, now writing the plaintext. */
  in.f = spool;
  in.name = "the temporary copy of the input";
  if (fseeko(in.f, 0, SEEK_SET) != 0)
    die("cannot rewind %s: %s", in.name, strerror(errno));
  if (decrypt_pass(job, &in, NULL, 1, buf, pt) != LWC_OK) /* only if the disk lies */
    fail(EXIT_AUTH, "%s changed while it was decrypted: the plaintext written "
         "is NOT authentic", in.name);
  fclose(spool);
}

int cmd_decrypt(int argc, char **argv) {
  cli_args args;
  aead_job job;
  parse_args(&args, "decrypt", AEAD_OPTIONS | OPT_BIT(OPT_CT), argc, argv);
  setup(&job, &args, OPT_CT);
  if (args.opt[OPT_CT] != NULL) {
    size_t ctlen, mlen;
    uint8_t *ct, *pt;
    if (args.file != NULL)
      die("both --ct and a FILE ('%s') given; use one", args.file);
    ct = hex_option("ct", args.opt[OPT_CT], &ctlen);
    if (ctlen < job.taglen)
      die("--ct: shorter than the tag (%zu byte%s, the tag is %zu)", ctlen,
          plural(ctlen), job.taglen);
    mlen = ctlen - job.taglen;
    pt = xalloc(mlen);
    start(&job);
    check(job.a->decrypt_update(job.ctx, pt, ct, mlen), "decrypt_update");
    if (job.a->decrypt_verify(job.ctx, ct + mlen, job.taglen) != LWC_OK) {
      lwc_wipe(pt, mlen);
      fail(EXIT_AUTH, "%s", auth_failed);
    }
    out_hex(pt, mlen);
    out_write("\n", 1);
  } else {
    decrypt_raw(&job, &args);
  }
  out_finish();
  return 0;
}
