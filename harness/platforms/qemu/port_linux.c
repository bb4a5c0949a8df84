/*
 * lwc-bench port for QEMU user mode (qemu-riscv32/64, qemu-arm,
 * qemu-xtensa): the request stream is the process' stdin, answers go to
 * stdout, and the instruction count comes from the counting plugin
 * (insn_count.c); on ARM (cortex-m3-qemu) from the cycle model
 * (cm3_cycles.c), which also gives modelled cycles in the cycles slot: the
 * host reports them as modelled_cycles, never as cycles.  The ISA specific parts (entry point, the three system
 * calls, bench_known_loop) are in start_<isa>.S.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

/* start_<isa>.S: Linux system calls (negative errno on failure) */
long lwc_read(int fd, void *buf, unsigned long n);
long lwc_write(int fd, const void *buf, unsigned long n);
/* the plugin's syscall: *slot must hold LWC_COUNT_MARKER; gets the count */
void lwc_count(uint64_t *slot);
/* the constant-time tracer's syscall (ct_trace.c): 1 on, 0 off */
void lwc_trace(int on);

#define LWC_COUNT_MARKER 0x544e554f4343574cull /* as in insn_count.c */

#if defined(__arm__)
/* the cycle model's syscall: *slot must hold the marker; gets the cycles */
void lwc_mcycles(uint64_t *slot);
const unsigned bench_counters = BENCH_COUNTER_CYCLES | BENCH_COUNTER_INSTRUCTIONS;
#else
const unsigned bench_counters = BENCH_COUNTER_INSTRUCTIONS;
#endif
const int bench_exact = 1; /* QEMU runs the same instructions every time */
const char *const bench_port = "qemu-plugin";

/* Instructions executed so far, into v[1] (no cycles: QEMU has no timing
 * model; on ARM the cycle model's modelled cycles into v[0]).  lwc_count is
 * an external function given the slot's address, so the compiler stores
 * the marker before the call and reads nothing early. */
void bench_read_counters(uint64_t v[2]) {
#if defined(__arm__)
  v[0] = LWC_COUNT_MARKER;
  lwc_mcycles(&v[0]);
#endif
  v[1] = LWC_COUNT_MARKER;
  lwc_count(&v[1]);
}

/* stdin, read in blocks: one read returns what the host has written so
 * far (a request line at least), so requests are answered one by one. */
static unsigned char in_buf[4096];
static long in_len, in_pos;
static int in_end;

int bench_getc(void) {
  if (in_pos == in_len) {
    long n;
    if (in_end)
      return -1;
    n = lwc_read(0, in_buf, sizeof in_buf);
    if (n <= 0) { /* end of input or an error: the session is over */
      in_end = 1;
      return -1;
    }
    in_len = n;
    in_pos = 0;
  }
  return in_buf[in_pos++];
}

static void write_all(const char *p, unsigned long n) {
  while (n > 0) {
    long k = lwc_write(1, p, n);
    if (k <= 0)
      return; /* the host has gone: nothing left to tell */
    p += k;
    n -= (unsigned long)k;
  }
}

/* One write per line (with its newline) when it fits the buffer. */
void bench_put_line(const char *line) {
  char buf[BENCH_LINE + 1];
  size_t n = strlen(line);
  if (n < sizeof buf) {
    memcpy(buf, line, n);
    buf[n] = '\n';
    write_all(buf, n + 1);
  } else {
    write_all(line, n);
    write_all("\n", 1);
  }
}

/* The trace of the "ct" request: ct_trace.c when QEMU runs with it. */
void bench_trace(int on) { lwc_trace(on); }
