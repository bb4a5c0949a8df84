/* lwc tool: error reporting, wiped allocations, hex and number parsing, I/O. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Every buffer the tool allocates: wiped (keys, plaintext) and freed at exit. */
#define MAX_ALLOCS 32
static struct {
  void *p;
  size_t n;
} allocs[MAX_ALLOCS];
static size_t nallocs;

static void cleanup(void) {
  size_t i;
  for (i = 0; i < nallocs; i++) {
    lwc_wipe(allocs[i].p, allocs[i].n);
    free(allocs[i].p);
  }
  nallocs = 0;
}

void cli_init(void) {
  atexit(cleanup);
  /* A closed pipe on stdout is seen as EPIPE by the write that meets it
   * (out_write), which wipes our buffers before the tool ends by SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);
  /* Unbuffered: output goes straight from our (wiped) buffers to write(2),
   * so no plaintext lingers in stdio's buffer, and every write is checked. */
  setvbuf(stdout, NULL, _IONBF, 0);
}

void fail(int status, const char *fmt, ...) {
  char small[512], *msg = small, *p;
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n >= (int)sizeof small) {
    char *big = malloc((size_t)n + 1);
    if (big != NULL) {
      va_start(ap, fmt);
      vsnprintf(big, (size_t)n + 1, fmt, ap);
      va_end(ap);
      msg = big;
    }
  }
  /* One line, whatever the user's strings contain. */
  for (p = msg; *p != '\0'; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
  fflush(stdout);
  fprintf(stderr, "lwc: %s\n", msg);
  if (msg != small) free(msg);
  exit(status);
}

void *xalloc(size_t n) {
  void *p;
  if (nallocs == MAX_ALLOCS) die("internal error: too many buffers");
  p = calloc(n > 0 ? n : 1, 1);
  if (p == NULL) die("out of memory (%zu bytes)", n);
  allocs[nallocs].p = p;
  allocs[nallocs].n = n > 0 ? n : 1;
  nallocs++;
  return p;
}

void *xresize(void *p, size_t n, size_t m) {
  size_t i;
  void *q = calloc(m > 0 ? m : 1, 1);
  if (q == NULL) die("out of memory (%zu bytes)", m);
  i = 0;
  while (i < nallocs && allocs[i].p != p) i++;
  if (i == nallocs || n > m) die("internal error: resizing an unknown buffer");
  memcpy(q, p, n);
  lwc_wipe(allocs[i].p, allocs[i].n);
  free(allocs[i].p);
  allocs[i].p = q;
  allocs[i].n = m > 0 ? m : 1;
  return q;
}

static int hex_value(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

uint8_t *hex_option(const char *opt, const char *hex, size_t *len) {
  size_t n = strlen(hex), i;
  uint8_t *out;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)hex[i];
    if (hex_value(c) < 0) {
      if (c > 0x20 && c < 0x7f)
        die("--%s: non-hex character '%c' at position %zu", opt, c, i + 1);
      die("--%s: non-hex character (byte 0x%02x) at position %zu", opt, c,
          i + 1);
    }
  }
  if (n % 2 != 0)
    die("--%s: odd number of hex digits (%zu); each byte takes two", opt, n);
  out = xalloc(n / 2);
  for (i = 0; i < n / 2; i++)
    out[i] = (uint8_t)(hex_value(hex[2 * i]) << 4 | hex_value(hex[2 * i + 1]));
  *len = n / 2;
  return out;
}

int parse_decimal(const char *text, uint64_t *value) {
  uint64_t v = 0;
  const char *p = text;
  int big = 0;
  if (*p == '\0') return -1;
  for (; *p != '\0'; p++) {
    if (*p < '0' || *p > '9') return -1;
    if (v > (UINT64_MAX - 9) / 10) big = 1; /* keep checking the digits */
    else v = v * 10 + (uint64_t)(*p - '0');
  }
  *value = v;
  return big;
}

uint64_t number_option(const char *opt, const char *text, uint64_t lo,
                       uint64_t hi) {
  uint64_t v = 0;
  int r = parse_decimal(text, &v);
  if (r < 0) die("--%s: '%s' is not a number", opt, text);
  if (r > 0 || v < lo || v > hi)
    die("--%s: %s is out of range (%llu..%llu)", opt, text,
        (unsigned long long)lo, (unsigned long long)hi);
  return v;
}

const char *plural(size_t n) { return n == 1 ? "" : "s"; }

/* The reader of standard output went away (EPIPE: `lwc ... | head -c 10`):
 * no message; once our buffers are wiped, the tool ends by SIGPIPE as cat
 * and sha256sum do there (a shell's pipefail sees status 141). */
static void broken_pipe(void) CLI_NORETURN;
static void broken_pipe(void) {
  sigset_t pipe_set;
  cleanup();
  signal(SIGPIPE, SIG_DFL);
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigprocmask(SIG_UNBLOCK, &pipe_set, NULL);
  raise(SIGPIPE);
  _exit(128 + SIGPIPE); /* not reached */
}

/* err: the errno of the failed call (0 when it set none). */
static void write_failed(int err) CLI_NORETURN;
static void write_failed(int err) {
  if (err == EPIPE) broken_pipe();
  die("error writing to standard output: %s",
      err != 0 ? strerror(err) : "write error");
}

void out_write(const void *p, size_t n) {
  if (n == 0) return;
  errno = 0;
  if (fwrite(p, 1, n, stdout) != n) write_failed(errno);
}

void out_str(const char *s) { out_write(s, strlen(s)); }

void out_printf(const char *fmt, ...) {
  char line[1024];
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (n < 0) die("internal error: cannot format output");
  out_write(line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

void out_hex(const uint8_t *p, size_t n) {
  static const char digits[] = "0123456789abcdef";
  char buf[8192];
  size_t i, k = 0;
  for (i = 0; i < n; i++) {
    buf[k++] = digits[p[i] >> 4];
    buf[k++] = digits[p[i] & 15];
    if (k == sizeof buf) {
      out_write(buf, k);
      k = 0;
    }
  }
  out_write(buf, k);
  lwc_wipe(buf, sizeof buf); /* may hold hex of plaintext */
}

void out_finish(void) {
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) write_failed(errno);
  errno = 0;
  if (fclose(stdout) != 0) write_failed(errno);
}

int is_stdin(const char *file) { return file == NULL || strcmp(file, "-") == 0; }

void input_open(cli_input *in, const char *file, const char *what) {
  in->what = what;
  if (is_stdin(file)) {
    in->f = stdin;
    in->name = "standard input";
  } else {
    in->f = fopen(file, "rb");
    if (in->f == NULL) {
      if (what != NULL) die("%s: cannot open '%s': %s", what, file, strerror(errno));
      die("cannot open '%s': %s", file, strerror(errno));
    }
    snprintf(in->quoted, sizeof in->quoted, "'%s'", file);
    in->name = in->quoted;
  }
  /* Unbuffered: read(2) fills our buffers directly, so the plaintext of
   * `lwc encrypt` (or a key) never sits in stdio's (unwiped) buffer. */
  setvbuf(in->f, NULL, _IONBF, 0);
}

size_t input_read(cli_input *in, uint8_t *buf, size_t n) {
  size_t got;
  errno = 0;
  got = fread(buf, 1, n, in->f);
  if (got < n && ferror(in->f)) {
    const char *why = errno != 0 ? strerror(errno) : "read error";
    if (in->what != NULL) die("%s: error reading %s: %s", in->what, in->name, why);
    die("error reading %s: %s", in->name, why);
  }
  return got;
}

void input_close(cli_input *in) {
  if (in->f != stdin) fclose(in->f);
  in->f = NULL;
}

uint8_t *file_option(const char *opt, const char *file, size_t limit,
                     size_t *len, int *more) {
  char what[40];
  cli_input in;
  size_t cap = limit < 4096 ? limit : 4096, n = 0, got;
  uint8_t *buf = xalloc(cap), extra;
  snprintf(what, sizeof what, "--%s", opt);
  input_open(&in, file, what);
  *more = 0;
  for (;;) {
    if (n == cap) {
      if (cap == limit) { /* full: is there more? */
        *more = input_read(&in, &extra, 1) > 0;
        lwc_wipe(&extra, 1);
        break;
      }
      size_t grown = cap > limit - cap ? limit : 2 * cap; /* doubling, to the limit */
      buf = xresize(buf, cap, grown);
      cap = grown;
    }
    got = input_read(&in, buf + n, cap - n);
    n += got;
    if (n < cap) break; /* end of the file */
  }
  input_close(&in);
  *len = n;
  return buf;
}

/* The options with a file form: each one's file option. */
static const int file_forms[][2] = {{OPT_KEY, OPT_KEY_FILE},
                                    {OPT_NONCE, OPT_NONCE_FILE},
                                    {OPT_AD, OPT_AD_FILE},
                                    {OPT_MASK_KEY, OPT_MASK_KEY_FILE}};
#define NFILE_FORMS (sizeof file_forms / sizeof file_forms[0])

/* 1 when buf[0..n) is 2 * want hex digits, with or without a line end:
 * a file of hex where raw bytes belong. */
static int looks_hex(const uint8_t *buf, size_t n, size_t want) {
  size_t i;
  if (n > 0 && buf[n - 1] == '\n') n--;
  if (n > 0 && buf[n - 1] == '\r') n--;
  if (n != 2 * want) return 0;
  for (i = 0; i < n; i++)
    if (!((buf[i] >= '0' && buf[i] <= '9') || ((buf[i] | 0x20) >= 'a' && (buf[i] | 0x20) <= 'f')))
      return 0;
  return 1;
}

const uint8_t *sized_option(const cli_args *args, int o, int of, size_t want,
                            const char *what) {
  size_t len;
  int more;
  const uint8_t *v;
  if (args->opt[o] == NULL && args->opt[of] == NULL)
    die("missing --%s (%s of %zu bytes, in hex) or --%s FILE (raw bytes)",
        opt_names[o], what, want, opt_names[of]);
  if (args->opt[o] != NULL) {
    v = hex_option(opt_names[o], args->opt[o], &len);
    if (len != want)
      die("--%s: expected %zu bytes (%zu hex digits) for %s, got %zu byte%s",
          opt_names[o], want, 2 * want, args->scheme, len, plural(len));
    return v;
  }
  /* room for hex of the value and a line end, to tell that mistake */
  v = file_option(opt_names[of], args->opt[of], 2 * want + 2, &len, &more);
  if (len == want && !more) return v;
  if (!more && looks_hex(v, len, want))
    die("--%s: '%s' holds %s in hex; the file takes its %zu raw bytes "
        "(xxd -r -p converts hex), or give --%s HEX", opt_names[of],
        args->opt[of], what, want, opt_names[o]);
  if (more)
    die("--%s: expected %zu bytes for %s, '%s' holds many more", opt_names[of],
        want, args->scheme, args->opt[of]);
  die("--%s: expected %zu bytes for %s, '%s' holds %zu byte%s", opt_names[of],
      want, args->scheme, args->opt[of], len, plural(len));
}

void check_sources(const cli_args *args, int data_option) {
  size_t i;
  int reader = args->opt[data_option] == NULL && is_stdin(args->file) ? data_option : -1;
  for (i = 0; i < NFILE_FORMS; i++) {
    int o = file_forms[i][0], of = file_forms[i][1];
    if (args->opt[o] != NULL && args->opt[of] != NULL)
      die("both --%s and --%s given; use one", opt_names[o], opt_names[of]);
    if (args->opt[of] == NULL || strcmp(args->opt[of], "-") != 0) continue;
    if (reader == data_option)
      die("--%s: standard input ('-') carries the data; give the data as --%s "
          "HEX or as a FILE", opt_names[of], opt_names[data_option]);
    if (reader >= 0)
      die("--%s and --%s both read standard input ('-'); give one a file",
          opt_names[reader], opt_names[of]);
    reader = of;
  }
}

const char *auth_command(const lwc_auth *m) { return m->kind == LWC_MAC ? "mac" : "prf"; }

const char *auth_what(const lwc_auth *m) { return m->kind == LWC_MAC ? "MAC" : "PRF"; }

void impl_names(const char *scheme, char *buf, size_t size) {
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  const lwc_auth *const *m;
  size_t used = 0;
  buf[0] = '\0';
#define ADD_NAME(d)                                                      \
  if (strcmp((d)->scheme, scheme) == 0 && used < size) {                 \
    int w = snprintf(buf + used, size - used, "%s%s", used ? " " : "", \
                     (d)->impl);                                         \
    if (w > 0) used += (size_t)w;                                        \
  }
  for (a = lwc_aead_registry; *a != NULL; a++) ADD_NAME(*a)
  for (h = lwc_hash_registry; *h != NULL; h++) ADD_NAME(*h)
  for (m = lwc_auth_registry; *m != NULL; m++) ADD_NAME(*m)
#undef ADD_NAME
}

void check(int r, const char *step) {
  if (r != LWC_OK) die("internal error: %s failed (%d)", step, r);
}

void die_unknown_impl(const char *scheme, const char *impl) {
  char names[256];
  impl_names(scheme, names, sizeof names);
  die("unknown implementation '%s' of %s (available: %s)", impl, scheme, names);
}

void wipe_arg(const char *arg) {
  /* argv strings are writable: clear secrets decoded from them */
  if (arg != NULL) lwc_wipe((char *)(uintptr_t)arg, strlen(arg));
}
