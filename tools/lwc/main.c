/* lwc: command-line front end of the lwc library (encrypt, decrypt, hash,
 * list).  See `lwc --help` and docs/contract.md. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *const opt_names[OPT_COUNT] = {
    "key", "nonce", "ad", "msg", "ct", "impl", "tag-len", "mask-key",
    "out-len", "custom",
};

static const char usage_text[] =
    "usage: lwc COMMAND [ARGUMENTS]\n"
    "\n"
    "Authenticated encryption and hashing with lightweight schemes (Ascon).\n"
    "\n"
    "  lwc encrypt SCHEME --key HEX --nonce HEX [--ad HEX] [--msg HEX | FILE]\n"
    "              [--impl NAME] [--tag-len N] [--mask-key HEX]\n"
    "  lwc decrypt SCHEME --key HEX --nonce HEX [--ad HEX] [--ct HEX | FILE]\n"
    "              [--impl NAME] [--tag-len N] [--mask-key HEX]\n"
    "  lwc hash SCHEME [--msg HEX | FILE] [--out-len BYTES] [--custom HEX]\n"
    "              [--impl NAME]\n"
    "  lwc list        schemes and their implementations, preferred first\n"
    "  lwc help [COMMAND]\n"
    "\n"
    "With --msg or --ct, data is given in hex (either case) and the result is\n"
    "printed as one line of lowercase hex.  Without them, raw bytes are read\n"
    "from FILE ('-' for standard input) or from standard input, and written raw\n"
    "to standard output:\n"
    "ciphertext then tag for encrypt, the plaintext for decrypt (released only\n"
    "after the tag has been verified).  hash always prints its digest in hex.\n"
    "Data of any size streams through in constant memory.\n"
    "\n"
    "Exit status: 0 success, 1 authentication failed (wrong tag),\n"
    "2 bad usage, bad input or an I/O error.\n";

static const char encrypt_help[] =
    "usage: lwc encrypt SCHEME --key HEX --nonce HEX [--ad HEX]\n"
    "                   [--msg HEX | FILE] [--impl NAME] [--tag-len N]\n"
    "                   [--mask-key HEX]\n"
    "\n"
    "Encrypt and authenticate.  With --msg HEX, print hex(ciphertext || tag);\n"
    "otherwise read raw plaintext from FILE or standard input ('-') and write\n"
    "the raw ciphertext followed by the tag.\n"
    "\n";
static const char decrypt_help[] =
    "usage: lwc decrypt SCHEME --key HEX --nonce HEX [--ad HEX]\n"
    "                   [--ct HEX | FILE] [--impl NAME] [--tag-len N]\n"
    "                   [--mask-key HEX]\n"
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
    "  --key HEX        secret key (16 bytes; 20 for ascon80pq-v12)\n"
    "  --nonce HEX      public nonce, never reused with the same key (16 bytes)\n"
    "  --ad HEX         associated data, authenticated but not encrypted\n"
    "  --impl NAME      implementation (see 'lwc list'; default: the preferred)\n"
    "  --tag-len N      truncated tag of N bytes (ascon-aead128: 4..16)\n"
    "  --mask-key HEX   nonce-masking key, as long as the key (ascon-aead128)\n";
static const char hash_help[] =
    "usage: lwc hash SCHEME [--msg HEX | FILE] [--out-len BYTES] [--custom HEX]\n"
    "                [--impl NAME]\n"
    "\n"
    "Print the hex digest of --msg HEX, or of the raw bytes of FILE or standard\n"
    "input ('-').\n"
    "\n"
    "  --out-len BYTES  output length of an XOF, 1..1073741824 (default: the\n"
    "                   scheme's usual length); a fixed-length hash accepts only\n"
    "                   its own digest length\n"
    "  --custom HEX     customization string (ascon-cxof128, at most 256 bytes)\n"
    "  --impl NAME      implementation (see 'lwc list'; default: the preferred)\n";
static const char list_help[] =
    "usage: lwc list\n"
    "\n"
    "Print one line per scheme: its name, then the names of its\n"
    "implementations available in this build, preferred first.\n";

void usage_command(FILE *f, const char *cmd) {
  if (strcmp(cmd, "encrypt") == 0) {
    fputs(encrypt_help, f);
    fputs(aead_options, f);
  } else if (strcmp(cmd, "decrypt") == 0) {
    fputs(decrypt_help, f);
    fputs(aead_options, f);
  } else if (strcmp(cmd, "hash") == 0) {
    fputs(hash_help, f);
  } else if (strcmp(cmd, "list") == 0) {
    fputs(list_help, f);
  } else {
    fputs(usage_text, f);
  }
}

static int is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

static void show_help(const char *cmd) {
  usage_command(stdout, cmd);
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

/* Registry entry i, counting the AEAD registry then the hash registry;
 * 0 past the end. */
static int entry(size_t i, const char **scheme, const char **impl) {
  size_t n = 0;
  while (lwc_aead_registry[n] != NULL) n++;
  if (i < n) {
    *scheme = lwc_aead_registry[i]->scheme;
    *impl = lwc_aead_registry[i]->impl;
    return 1;
  }
  i -= n;
  for (n = 0; lwc_hash_registry[n] != NULL; n++)
    if (n == i) {
      *scheme = lwc_hash_registry[n]->scheme;
      *impl = lwc_hash_registry[n]->impl;
      return 1;
    }
  return 0;
}

/* One line per scheme, in registry order (AEAD, then hash): the scheme,
 * then its implementations, preferred first. */
static int cmd_list(int argc, char **argv) {
  const char *scheme, *impl, *other, *other_impl;
  size_t i, j;
  int k;
  for (k = 0; k < argc; k++)
    if (is_help(argv[k])) show_help("list");
  if (argc > 0) die("'lwc list' takes no arguments (got '%s')", argv[0]);
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
  if (strcmp(cmd, "help") == 0) {
    if (argc > 3) die("'lwc help' takes at most one COMMAND");
    if (argc == 3 && strcmp(argv[2], "encrypt") != 0 &&
        strcmp(argv[2], "decrypt") != 0 && strcmp(argv[2], "hash") != 0 &&
        strcmp(argv[2], "list") != 0 && strcmp(argv[2], "help") != 0)
      die("unknown command '%s' (see 'lwc --help')", argv[2]);
    show_help(argc == 3 ? argv[2] : "");
  }
  if (strcmp(cmd, "encrypt") == 0) return cmd_encrypt(argc - 2, argv + 2);
  if (strcmp(cmd, "decrypt") == 0) return cmd_decrypt(argc - 2, argv + 2);
  if (strcmp(cmd, "hash") == 0) return cmd_hash(argc - 2, argv + 2);
  if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
  die("unknown command '%s' (see 'lwc --help')", cmd);
}
