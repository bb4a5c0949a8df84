/* lwc tool: error reporting, wiped allocations, hex and number parsing, I/O. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  /* A closed pipe on stdout must give a message and exit 2, not SIGPIPE. */
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

static void write_failed(void) {
  die("error writing to standard output: %s", strerror(errno));
}

void out_write(const void *p, size_t n) {
  if (n == 0) return;
  errno = 0;
  if (fwrite(p, 1, n, stdout) != n) write_failed();
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
  if (fflush(stdout) != 0 || ferror(stdout)) write_failed();
  if (fclose(stdout) != 0) write_failed();
}

void input_open(cli_input *in, const char *file) {
  static char name[300];
  if (file == NULL || strcmp(file, "-") == 0) {
    in->f = stdin;
    in->name = "standard input";
  } else {
    in->f = fopen(file, "rb");
    if (in->f == NULL) die("cannot open '%s': %s", file, strerror(errno));
    snprintf(name, sizeof name, "'%s'", file);
    in->name = name;
  }
  /* Unbuffered: read(2) fills our buffers directly, so the plaintext of
   * `lwc encrypt` never sits in stdio's (unwiped) buffer. */
  setvbuf(in->f, NULL, _IONBF, 0);
}

size_t input_read(cli_input *in, uint8_t *buf, size_t n) {
  size_t got;
  errno = 0;
  got = fread(buf, 1, n, in->f);
  if (got < n && ferror(in->f))
    die("error reading %s: %s", in->name,
        errno != 0 ? strerror(errno) : "read error");
  return got;
}

void impl_names(const char *scheme, char *buf, size_t size) {
  const lwc_aead *const *a;
  const lwc_hash *const *h;
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
#undef ADD_NAME
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
