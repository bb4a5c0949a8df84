/* lwc: command-line front end of the lwc library (encrypt, decrypt, hash,
 * mac, prf, list).  See `lwc --help` and docs/contract.md. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#ifndef LWC_VERSION
#error "LWC_VERSION: harness/build.py defines it from CMakeLists.txt (harness/version.py)"
#endif

const char *const opt_names[OPT_COUNT] = {
    "key", "nonce", "ad", "msg", "ct", "impl", "tag-len", "mask-key",
    "out-len", "custom", "key-file", "nonce-file", "ad-file", "mask-key-file",
    "verify",
};

static const char usage_text[] =
    "usage: lwc COMMAND [ARGUMENTS]\n"
    "\n"
    "Authenticated encryption, hashing, MACs and PRFs with the lightweight\n"
    "schemes of this build: 'lwc list --sizes' names them with their key,\n"
    "nonce, tag and output sizes.\n"
    "\n"
    "  lwc encrypt SCHEME --key HEX --nonce HEX [--ad HEX] [--msg HEX | FILE]\n"
    "              [--impl NAME] [--tag-len N] [--mask-key HEX]\n"
    "  lwc decrypt SCHEME --key HEX --nonce HEX [--ad HEX] [--ct HEX | FILE]\n"
    "              [--impl NAME] [--tag-len N] [--mask-key HEX]\n"
    "  lwc hash SCHEME [--msg HEX | FILE] [--out-len BYTES] [--custom HEX]\n"
    "              [--impl NAME]\n"
    "  lwc mac SCHEME --key HEX [--msg HEX | FILE] [--out-len N]\n"
    "              [--verify HEX] [--impl NAME]\n"
    "  lwc prf SCHEME --key HEX [--msg HEX | FILE] [--out-len BYTES]\n"
    "              [--verify HEX] [--impl NAME]\n"
    "  lwc list [--sizes]  schemes and their implementations, preferred first\n"
    "                      (--sizes: their sizes instead)\n"
    "  lwc help [COMMAND]\n"
    "  lwc --version\n"
    "\n"
    "--key, --nonce, --ad and --mask-key each have a file form (--key-file FILE,\n"
    "--nonce-file, --ad-file, --mask-key-file) that reads raw bytes from FILE:\n"
    "a key there is not shown by 'ps', associated data there has no length\n"
    "limit.\n"
    "\n"
    "With --msg or --ct, data is given in hex (either case) and the result is\n"
    "printed as one line of lowercase hex.  Without them, raw bytes are read\n"
    "from FILE ('-' for standard input) or from standard input, and written raw\n"
    "to standard output:\n"
    "ciphertext then tag for encrypt, the plaintext for decrypt (released only\n"
    "after the tag has been verified).  hash, mac and prf always print their\n"
    "output in hex; mac and prf --verify HEX print nothing and set the exit\n"
    "status.\n"
    "Data of any size streams through in constant memory.\n"
    "\n"
    "Exit status: 0 success, 1 authentication failed (wrong tag),\n"
    "2 bad usage, bad input or an I/O error.  When the reader of the output\n"
    "goes away (lwc ... | head -c 10), lwc ends quietly, by SIGPIPE, as cat\n"
    "does.\n";

static const char encrypt_help[] =
    "usage: lwc encrypt SCHEME (--key HEX | --key-file FILE)\n"
    "                   (--nonce HEX | --nonce-file FILE)\n"
    "                   [--ad HEX | --ad-file FILE] [--msg HEX | FILE]\n"
    "                   [--impl NAME] [--tag-len N]\n"
    "                   [--mask-key HEX | --mask-key-file FILE]\n"
    "\n"
    "Encrypt and authenticate.  With --msg HEX, print hex(ciphertext || tag);\n"
    "otherwise read raw plaintext from FILE or standard input ('-') and write\n"
    "the raw ciphertext followed by the tag.\n"
    "\n";
static const char decrypt_help[] =
    "usage: lwc decrypt SCHEME (--key HEX | --key-file FILE)\n"
    "                   (--nonce HEX | --nonce-file FILE)\n"
    "                   [--ad HEX | --ad-file FILE] [--ct HEX | FILE]\n"
    "                   [--impl NAME] [--tag-len N]\n"
    "                   [--mask-key HEX | --mask-key-file FILE]\n"
    "\n"
    "Verify and decrypt.  With --ct HEX (ciphertext || tag), print\n"
    "hex(plaintext); otherwise read raw ciphertext || tag from FILE or standard\n"
    "input ('-') and write the raw plaintext.  Nothing is written unless the tag\n"
    "verifies: raw input is copied, while its tag is checked, to an anonymous\n"
    "temporary file in $TMPDIR or /tmp (as large as the input), and that copy\n"
    "is decrypted, so a FILE changed after the check changes nothing.  A wrong\n"
    "tag exits with status 1.\n"
    "\n";
static const char aead_options[] =
    "  --key HEX             secret key (its size: below)\n"
    "  --key-file FILE       the key as raw bytes in FILE (kept out of 'ps')\n"
    "  --nonce HEX           public nonce, never reused with the same key\n"
    "  --nonce-file FILE     the nonce as raw bytes in FILE\n"
    "  --ad HEX              associated data, authenticated but not encrypted\n"
    "  --ad-file FILE        associated data as raw bytes in FILE, of any length\n"
    "                        (read into memory)\n"
    "  --impl NAME           implementation (see 'lwc list'; default: the\n"
    "                        preferred)\n"
    "  --tag-len N           a tag truncated to N bytes, where tag-len is below\n"
    "  --mask-key HEX        nonce-masking key, where mask-key is below\n"
    "  --mask-key-file FILE  the mask key as raw bytes in FILE\n"
    "A FILE of '-' is standard input, for one option at most, and only when\n"
    "the data come from --msg, --ct or a FILE.\n"
    "\n"
    "Sizes in bytes, from this build's descriptors (tag: the full tag; tag-len:\n"
    "the truncations --tag-len accepts):\n";
static const char hash_help[] =
    "usage: lwc hash SCHEME [--msg HEX | FILE] [--out-len BYTES] [--custom HEX]\n"
    "                [--impl NAME]\n"
    "\n"
    "Print the hex digest of --msg HEX, or of the raw bytes of FILE or standard\n"
    "input ('-').\n"
    "\n"
    "  --out-len BYTES  output length of an XOF, 0..1073741824 (0: an empty\n"
    "                   output, an empty line, as lwc_hash_compute() gives);\n"
    "                   default: its out-len below.  A fixed-length hash\n"
    "                   accepts only its own digest length\n"
    "  --custom HEX     customization string of a CXOF, as long as its custom\n"
    "                   below allows\n"
    "  --impl NAME      implementation (see 'lwc list'; default: the preferred)\n"
    "\n"
    "Sizes in bytes, from this build's descriptors (out-len: an XOF's output\n"
    "when --out-len is not given):\n";
static const char mac_help[] =
    "usage: lwc mac SCHEME (--key HEX | --key-file FILE) [--msg HEX | FILE]\n"
    "               [--out-len N] [--verify HEX] [--impl NAME]\n"
    "\n"
    "Print the hex tag of a MAC over --msg HEX, or over the raw bytes of FILE\n"
    "or standard input ('-').  With --verify HEX, compare the tag with HEX in\n"
    "constant time instead: print nothing, and exit with status 0 when it\n"
    "matches, 1 (and a message) when it does not.  'lwc mac' takes the MAC\n"
    "schemes below; a PRF is 'lwc prf'.\n"
    "\n"
    "  --key HEX        secret key (its size: below)\n"
    "  --key-file FILE  the key as raw bytes in FILE (kept out of 'ps'); '-'\n"
    "                   is standard input when the data come from --msg or a\n"
    "                   FILE\n"
    "  --out-len N      the tag truncated to N bytes, as out-len below allows\n"
    "                   (default: the full tag)\n"
    "  --verify HEX     the tag to check, as long as out-len below allows; its\n"
    "                   length is the output length\n"
    "  --impl NAME      implementation (see 'lwc list'; default: the preferred)\n"
    "Raw input streams through in constant memory.\n"
    "\n"
    "Sizes in bytes, from this build's descriptors (tag: the full tag;\n"
    "out-len: the lengths --out-len and --verify accept):\n";
static const char prf_help[] =
    "usage: lwc prf SCHEME (--key HEX | --key-file FILE) [--msg HEX | FILE]\n"
    "               [--out-len BYTES] [--verify HEX] [--impl NAME]\n"
    "\n"
    "Print the hex output of a PRF (a keyed XOF) over --msg HEX, or over the\n"
    "raw bytes of FILE or standard input ('-').  With --verify HEX, compare\n"
    "the output's first bytes with HEX in constant time instead (the PRF as a\n"
    "MAC): print nothing, and exit with status 0 when they match, 1 (and a\n"
    "message) when they do not.  'lwc prf' takes the PRF schemes below; a MAC\n"
    "is 'lwc mac'.\n"
    "\n"
    "  --key HEX        secret key (its size: below)\n"
    "  --key-file FILE  the key as raw bytes in FILE (kept out of 'ps'); '-'\n"
    "                   is standard input when the data come from --msg or a\n"
    "                   FILE\n"
    "  --out-len BYTES  output length, 0..1073741824 (0: an empty output, an\n"
    "                   empty line), or as far as a limited out-len below\n"
    "                   allows; default: its out-len below\n"
    "  --verify HEX     the output's first 4 bytes or more to check, at most\n"
    "                   its default out-len below; its length is the output\n"
    "                   length\n"
    "  --impl NAME      implementation (see 'lwc list'; default: the preferred)\n"
    "Raw input streams through in constant memory; a short-input PRF (prfs)\n"
    "takes at most its msg bytes.\n"
    "\n"
    "Sizes in bytes, from this build's descriptors (out-len N: the output when\n"
    "--out-len is not given; out-len 0..N: the lengths --out-len accepts, N by\n"
    "default; msg: the input's lengths):\n";
static const char list_help[] =
    "usage: lwc list [--sizes]\n"
    "\n"
    "Print one line per scheme: its name, then the names of its\n"
    "implementations available in this build, preferred first.\n"
    "\n"
    "With --sizes, its name, its kind (aead, hash, xof, cxof, mac, prf or\n"
    "prfs) and its sizes in bytes, from this build's descriptors, as pairs: an\n"
    "AEAD scheme's key, nonce and (full) tag, then tag-len MIN..MAX when\n"
    "--tag-len can truncate the tag and mask-key N when it takes --mask-key; a\n"
    "hash's digest; an XOF's out-len, its output when --out-len is not given,\n"
    "and a CXOF's custom, the lengths --custom accepts; a MAC's key, tag (the\n"
    "full tag) and out-len MIN..MAX, the lengths 'lwc mac --out-len' takes; a\n"
    "PRF's key and out-len, its output when --out-len is not given, or, for a\n"
    "short-input PRF (prfs), out-len 0..MAX and msg 0..MAX, the lengths of its\n"
    "output and of its input.\n";

/* Scheme i of a registry, unless an earlier entry has the same scheme. */
#define FIRST_OF_SCHEME(reg, i, found)                              \
  do {                                                              \
    size_t k_;                                                      \
    found = 1;                                                      \
    for (k_ = 0; k_ < (i) && found; k_++)                           \
      found = strcmp((reg)[k_]->scheme, (reg)[i]->scheme) != 0;     \
  } while (0)

void aead_sizes(char *buf, size_t size, const lwc_aead *a) {
  int n = snprintf(buf, size, "key %u  nonce %u  tag %u", (unsigned)a->keybytes,
                   (unsigned)a->noncebytes, (unsigned)a->tagbytes);
  if (n > 0 && (size_t)n < size && a->min_tagbytes < a->tagbytes)
    n += snprintf(buf + n, size - (size_t)n, "  tag-len %u..%u",
                  (unsigned)a->min_tagbytes, (unsigned)a->tagbytes);
  if (n > 0 && (size_t)n < size && a->nonce_masking)
    snprintf(buf + n, size - (size_t)n, "  mask-key %u", (unsigned)a->keybytes);
}

void hash_sizes(char *buf, size_t size, const lwc_hash *h) {
  if (h->kind == LWC_HASH)
    snprintf(buf, size, "digest %u", (unsigned)h->outbytes);
  else if (h->kind == LWC_CXOF)
    snprintf(buf, size, "out-len %u  custom 0..%u", (unsigned)h->outbytes,
             (unsigned)h->max_custombytes);
  else
    snprintf(buf, size, "out-len %u", (unsigned)h->outbytes);
}

void auth_sizes(char *buf, size_t size, const lwc_auth *m) {
  uint64_t lo, hi;
  int n;
  auth_out_range(m, &lo, &hi);
  if (m->kind == LWC_MAC)
    n = snprintf(buf, size, "key %u  tag %u  out-len %u..%u", (unsigned)m->keybytes,
                 (unsigned)m->outbytes, (unsigned)lo, (unsigned)hi);
  else if (m->max_outbytes != 0)
    n = snprintf(buf, size, "key %u  out-len %u..%u", (unsigned)m->keybytes,
                 (unsigned)lo, (unsigned)hi);
  else
    n = snprintf(buf, size, "key %u  out-len %u", (unsigned)m->keybytes,
                 (unsigned)m->outbytes);
  if (n > 0 && (size_t)n < size && m->max_inbytes != 0)
    snprintf(buf + n, size - (size_t)n, "  msg 0..%u", (unsigned)m->max_inbytes);
}

static const char *hash_kind(const lwc_hash *h) {
  return h->kind == LWC_HASH ? "hash" : h->kind == LWC_CXOF ? "cxof" : "xof";
}

static const char *auth_kind(const lwc_auth *m) {
  return m->kind == LWC_MAC ? "mac" : m->kind == LWC_PRF ? "prf" : "prfs";
}

/* The width of the scheme names of the three registries. */
static int name_width(void) {
  size_t i, w = 0;
  for (i = 0; lwc_aead_registry[i] != NULL; i++)
    if (strlen(lwc_aead_registry[i]->scheme) > w) w = strlen(lwc_aead_registry[i]->scheme);
  for (i = 0; lwc_hash_registry[i] != NULL; i++)
    if (strlen(lwc_hash_registry[i]->scheme) > w) w = strlen(lwc_hash_registry[i]->scheme);
  for (i = 0; lwc_auth_registry[i] != NULL; i++)
    if (strlen(lwc_auth_registry[i]->scheme) > w) w = strlen(lwc_auth_registry[i]->scheme);
  return (int)w;
}

/* The rows size_lines() prints: one registry's schemes, or the MACs
 * (`lwc help mac`) or the PRFs (`lwc help prf`) of the auth registry. */
enum { ROWS_AEAD, ROWS_HASH, ROWS_AUTH, ROWS_MAC, ROWS_PRF };

/* One line per scheme of `rows`, in registry order: the indent, the name,
 * the kind when `kind`, the sizes. */
static void size_lines(int rows, const char *indent, int kind) {
  char sizes[160];
  int w = name_width(), found;
  size_t i;
  if (rows == ROWS_AUTH || rows == ROWS_MAC || rows == ROWS_PRF) {
    for (i = 0; lwc_auth_registry[i] != NULL; i++) {
      const lwc_auth *m = lwc_auth_registry[i];
      FIRST_OF_SCHEME(lwc_auth_registry, i, found);
      if (!found || (rows == ROWS_MAC && m->kind != LWC_MAC) ||
          (rows == ROWS_PRF && m->kind == LWC_MAC))
        continue;
      auth_sizes(sizes, sizeof sizes, m);
      if (kind)
        out_printf("%s%-*s  %-4s  %s\n", indent, w, m->scheme, auth_kind(m), sizes);
      else
        out_printf("%s%-*s  %s\n", indent, w, m->scheme, sizes);
    }
  } else if (rows == ROWS_AEAD) {
    for (i = 0; lwc_aead_registry[i] != NULL; i++) {
      FIRST_OF_SCHEME(lwc_aead_registry, i, found);
      if (!found) continue;
      aead_sizes(sizes, sizeof sizes, lwc_aead_registry[i]);
      out_printf("%s%-*s  %s%s\n", indent, w, lwc_aead_registry[i]->scheme,
                 kind ? "aead  " : "", sizes);
    }
  } else {
    for (i = 0; lwc_hash_registry[i] != NULL; i++) {
      const lwc_hash *h = lwc_hash_registry[i];
      FIRST_OF_SCHEME(lwc_hash_registry, i, found);
      if (!found) continue;
      hash_sizes(sizes, sizeof sizes, h);
      if (kind)
        out_printf("%s%-*s  %-4s  %s\n", indent, w, h->scheme, hash_kind(h), sizes);
      else
        out_printf("%s%-*s  %s\n", indent, w, h->scheme, sizes);
    }
  }
}

/* The help of `cmd` ("" for the general usage) on standard output. */
static void usage_command(const char *cmd) {
  if (strcmp(cmd, "encrypt") == 0 || strcmp(cmd, "decrypt") == 0) {
    out_str(strcmp(cmd, "encrypt") == 0 ? encrypt_help : decrypt_help);
    out_str(aead_options);
    size_lines(ROWS_AEAD, "  ", 0);
  } else if (strcmp(cmd, "hash") == 0) {
    out_str(hash_help);
    size_lines(ROWS_HASH, "  ", 1);
  } else if (strcmp(cmd, "mac") == 0 || strcmp(cmd, "prf") == 0) {
    out_str(strcmp(cmd, "mac") == 0 ? mac_help : prf_help);
    size_lines(strcmp(cmd, "mac") == 0 ? ROWS_MAC : ROWS_PRF, "  ", 1);
  } else if (strcmp(cmd, "list") == 0) {
    out_str(list_help);
  } else {
    out_str(usage_text);
  }
}

static int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static void show_help(const char *cmd) {
  usage_command(cmd);
  out_finish();
  exit(0);
}

/* Parse "SCHEME [FILE] --opt VALUE | --opt=VALUE ..." for command `cmd`,
 * accepting the options whose bits are set in `allowed`. */
void parse_args(cli_args *args, const char *cmd, unsigned allowed, int argc,
                char **argv) {
  int i, only_positional = 0;
  memset(args, 0, sizeof *args);
  args->cmd = cmd;
  for (i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
    if (is_help(argv[i])) show_help(cmd);
  for (i = 0; i < argc; i++) {
    const char *a = argv[i], *value, *eq;
    size_t namelen;
    int o;
    if (!only_positional && strcmp(a, "--") == 0) {
      only_positional = 1;
      continue;
    }
    if (only_positional || a[0] != '-' || strcmp(a, "-") == 0) {
      if (args->scheme == NULL)
        args->scheme = a;
      else if (args->file == NULL)
        args->file = a;
      else
        die("more than one FILE given ('%s' and '%s')", args->file, a);
      continue;
    }
    if (a[1] != '-') die("unknown option '%s' for 'lwc %s'", a, cmd);
    eq = strchr(a, '=');
    namelen = eq != NULL ? (size_t)(eq - a - 2) : strlen(a + 2);
    for (o = 0; o < OPT_COUNT; o++)
      if (strlen(opt_names[o]) == namelen &&
          strncmp(a + 2, opt_names[o], namelen) == 0)
        break;
    if (o == OPT_COUNT || !(allowed & OPT_BIT(o))) {
      if (eq != NULL)
        die("unknown option '%.*s' for 'lwc %s'", (int)(namelen + 2), a, cmd);
      die("unknown option '%s' for 'lwc %s'", a, cmd);
    }
    if (eq != NULL) {
      value = eq + 1;
    } else {
      /* "--key --nonce ..." is a forgotten value, not the key "--nonce" */
      if (i + 1 >= argc || strncmp(argv[i + 1], "--", 2) == 0)
        die("option --%s needs a value", opt_names[o]);
      value = argv[++i];
    }
    if (args->opt[o] != NULL) die("option --%s given more than once", opt_names[o]);
    args->opt[o] = value;
  }
  if (args->scheme == NULL)
    die("missing SCHEME for 'lwc %s' (see 'lwc list')", cmd);
}

/* Registry entry i, counting the AEAD registry, then the hash registry,
 * then the auth (MAC and PRF) registry; 0 past the end. */
static int entry(size_t i, const char **scheme, const char **impl) {
  size_t n = 0;
  while (lwc_aead_registry[n] != NULL) n++;
  if (i < n) {
    *scheme = lwc_aead_registry[i]->scheme;
    *impl = lwc_aead_registry[i]->impl;
    return 1;
  }
  i -= n;
  n = 0;
  while (lwc_hash_registry[n] != NULL) n++;
  if (i < n) {
    *scheme = lwc_hash_registry[i]->scheme;
    *impl = lwc_hash_registry[i]->impl;
    return 1;
  }
  i -= n;
  for (n = 0; lwc_auth_registry[n] != NULL; n++)
    if (n == i) {
      *scheme = lwc_auth_registry[n]->scheme;
      *impl = lwc_auth_registry[n]->impl;
      return 1;
    }
  return 0;
}

/* One line per scheme, in registry order (AEAD, hash, MAC and PRF): the scheme,
 * then its implementations, preferred first; with --sizes, the scheme,
 * its kind and its sizes. */
static int cmd_list(int argc, char **argv) {
  const char *scheme, *impl, *other, *other_impl;
  size_t i, j;
  int k, sizes = 0;
  for (k = 0; k < argc; k++)
    if (is_help(argv[k])) show_help("list");
  for (k = 0; k < argc; k++) {
    if (strcmp(argv[k], "--sizes") == 0 && !sizes)
      sizes = 1;
    else if (strcmp(argv[k], "--sizes") == 0)
      die("option --sizes given more than once");
    else if (argv[k][0] == '-')
      die("unknown option '%s' for 'lwc list'", argv[k]);
    else
      die("'lwc list' takes no arguments (got '%s')", argv[k]);
  }
  if (sizes) {
    size_lines(ROWS_AEAD, "", 1);
    size_lines(ROWS_HASH, "", 1);
    size_lines(ROWS_AUTH, "", 1);
    out_finish();
    return 0;
  }
  for (i = 0; entry(i, &scheme, &impl); i++) {
    int seen = 0;
    for (j = 0; j < i && !seen; j++)
      seen = entry(j, &other, &other_impl) && strcmp(other, scheme) == 0;
    if (seen) continue;
    out_write(scheme, strlen(scheme));
    for (j = i; entry(j, &other, &other_impl); j++)
      if (strcmp(other, scheme) == 0) {
        out_write(" ", 1);
        out_write(other_impl, strlen(other_impl));
      }
    out_write("\n", 1);
  }
  out_finish();
  return 0;
}

int main(int argc, char **argv) {
  const char *cmd;
  cli_init();
  if (argc < 2) {
    fputs(usage_text, stderr);
    return EXIT_USAGE;
  }
  cmd = argv[1];
  if (is_help(cmd)) show_help("");
  if (strcmp(cmd, "--version") == 0) {
    if (argc > 2) die("'lwc --version' takes no arguments");
    out_str("lwc " LWC_VERSION "\n");
    out_finish();
    return 0;
  }
  if (strcmp(cmd, "help") == 0) {
    if (argc > 3) die("'lwc help' takes at most one COMMAND");
    if (argc == 3 && strcmp(argv[2], "encrypt") != 0 &&
        strcmp(argv[2], "decrypt") != 0 && strcmp(argv[2], "hash") != 0 &&
        strcmp(argv[2], "mac") != 0 && strcmp(argv[2], "prf") != 0 &&
        strcmp(argv[2], "list") != 0 && strcmp(argv[2], "help") != 0)
      die("unknown command '%s' (see 'lwc --help')", argv[2]);
    show_help(argc == 3 ? argv[2] : "");
  }
  if (strcmp(cmd, "encrypt") == 0) return cmd_encrypt(argc - 2, argv + 2);
  if (strcmp(cmd, "decrypt") == 0) return cmd_decrypt(argc - 2, argv + 2);
  if (strcmp(cmd, "hash") == 0) return cmd_hash(argc - 2, argv + 2);
  if (strcmp(cmd, "mac") == 0) return cmd_mac(argc - 2, argv + 2);
  if (strcmp(cmd, "prf") == 0) return cmd_prf(argc - 2, argv + 2);
  if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
  die("unknown command '%s' (see 'lwc --help')", cmd);
}
