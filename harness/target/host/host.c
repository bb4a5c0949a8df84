/*
 * lwc-bench, host port: the clock and stdin/stdout line I/O.
 *
 *   lwc-bench                     serve requests from stdin (see bench.h)
 *   lwc-bench REQUEST...          answer one request, e.g.
 *   lwc-bench measure ascon-hash256 ref hash 0 16 201
 *
 * Clock: on x86 the time-stamp counter (rdtsc, fenced with lfence on both
 * sides, so the measured region neither starts early nor ends late); the
 * unit is "cycles" (TSC reference cycles).  Elsewhere clock_gettime
 * (CLOCK_MONOTONIC) in nanoseconds, announced as unit "ns" -- never called
 * cycles.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <string.h>

#include "bench.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

const char *const bench_clock_name = "rdtsc";
const char *const bench_unit = "cycles";

/* Fenced on both sides, so it serves as start and as stop. */
uint64_t bench_clock_start(void) {
  uint64_t t;
  _mm_lfence();
  t = __rdtsc();
  _mm_lfence();
  return t;
}

uint64_t bench_clock_stop(void) { return bench_clock_start(); }
#else
#include <time.h>

const char *const bench_clock_name = "clock_gettime";
const char *const bench_unit = "ns";

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t bench_clock_start(void) { return now_ns(); }
uint64_t bench_clock_stop(void) { return now_ns(); }
#endif

void bench_put_line(const char *line) {
  fputs(line, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

int main(int argc, char **argv) {
  char line[BENCH_LINE];
  int ok = 0, i;
  if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
    printf("usage: lwc-bench                 (requests on stdin, one per line)\n"
           "       lwc-bench REQUEST...      (one request)\n"
           "requests: hello | list | overhead SAMPLES |\n"
           "          measure SCHEME IMPL encrypt|decrypt|hash ADLEN MLEN SAMPLES | quit\n");
    return 0;
  }
  if (argc >= 2) { /* one request from the command line */
    size_t used = 0;
    line[0] = '\0';
    for (i = 1; i < argc; i++) {
      size_t n = strlen(argv[i]);
      if (used + n + 2 > sizeof line) {
        bench_put_line("err request too long");
        return 2;
      }
      memcpy(line + used, argv[i], n);
      used += n;
      line[used++] = ' ';
      line[used] = '\0';
    }
    bench_handle(line, &ok);
    return ok ? 0 : 1;
  }
  while (fgets(line, sizeof line, stdin) != NULL) {
    if (strchr(line, '\n') == NULL && !feof(stdin)) { /* overlong: skip the rest */
      int c;
      while ((c = getchar()) != EOF && c != '\n') {
      }
      bench_put_line("err request too long");
      continue;
    }
    if (bench_handle(line, &ok)) break;
  }
  return 0;
}
