/*
 * lwc-bench, host port: the clock and stdin/stdout line I/O.
 *
 *   lwc-bench                     serve requests from stdin (see bench.h)
 *   lwc-bench REQUEST...          answer one request, e.g.
 *   lwc-bench measure ascon-hash256 ref hash 0 16 201
 *
 * Counter: on x86 the time-stamp counter (rdtsc, fenced with lfence on both
 * sides, so the counted region neither starts early nor ends late), as
 * "cycles" (TSC reference cycles, noisy: the host takes many samples).
 * Elsewhere no counter at all (neither cycles nor instructions): the
 * harness then reports only what callgrind counts.  Instructions on the
 * host come from valgrind's callgrind (harness/bench/targets/host.py),
 * which counts the function bench_counted_op alone.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

const int bench_exact = 0;
const unsigned bench_loop_body = 3, bench_loop_body_cycles = 0;

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

const char *const bench_port = "rdtsc";
const unsigned bench_counters = BENCH_COUNTER_CYCLES;

/* Fenced on both sides, so it serves as start and as stop. */
void bench_read_counters(uint64_t v[2]) {
  _mm_lfence();
  v[0] = __rdtsc();
  _mm_lfence();
}
#else
const char *const bench_port = "none";
const unsigned bench_counters = 0;

void bench_read_counters(uint64_t v[2]) { (void)v; }
#endif

#ifdef LWC_CT_VALGRIND /* build variant "ct": the constant-time check under memcheck */
#include <valgrind/memcheck.h>

void bench_classify(const void *p, size_t n, int is_secret) {
  if (is_secret)
    (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n);
  else
    (void)VALGRIND_MAKE_MEM_DEFINED(p, n);
}

/* Marks in valgrind's log: which traced operation an error belongs to. */
void bench_trace(int on) { VALGRIND_PRINTF("lwc-ct %s\n", on ? "begin" : "end"); }
#endif

void bench_put_line(const char *line) {
  fputs(line, stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

int bench_getc(void) { return getchar(); }

/* 3 instructions an iteration (x86-64: sub, jne and the asm's nop). */
void bench_known_loop(uint32_t n) {
#if defined(__x86_64__)
  __asm__ volatile("test %0, %0\n\tjz 2f\n1:\n\tnop\n\tsub $1, %0\n\tjnz 1b\n2:"
                   : "+r"(n)::"cc");
#else
  volatile uint32_t i;
  for (i = 0; i < n; i++) {
  }
#endif
}

int main(int argc, char **argv) {
  char line[BENCH_LINE];
  int ok = 0, i;
  if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
    printf("usage: lwc-bench                 (requests on stdin, one per line)\n"
           "       lwc-bench REQUEST...      (one request)\n"
           "requests: hello | list | kat SCHEME IMPL [S0 S1 S2] | overhead SAMPLES |\n"
           "          loop N SAMPLES | measure SCHEME IMPL OP ADLEN MLEN SAMPLES |\n"
           "          stack SCHEME IMPL OP ADLEN MLEN | once SCHEME IMPL OP ADLEN MLEN | quit\n"
           "OP: encrypt, decrypt, hash (see harness/firmware/bench.h)\n");
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
  bench_serve();
  return 0;
}
