/*
 * bench_getc for simulators without an input channel: the host writes the
 * whole request script (zero-terminated) over this array in a copy of the
 * ELF (harness/bench/elfpatch.py) before starting the simulator.
 */
#include "bench.h"

#ifndef BENCH_SCRIPT_BYTES
#define BENCH_SCRIPT_BYTES 8192
#endif

/* Initialized and const (.rodata), so that the ELF file holds the bytes
 * to overwrite; volatile, so that the compiler reads them at run time. */
__attribute__((used)) const volatile char bench_script[BENCH_SCRIPT_BYTES] = "quit\n";
static unsigned bench_script_pos;

int bench_getc(void) {
  char c;
  if (bench_script_pos >= BENCH_SCRIPT_BYTES) return -1;
  c = bench_script[bench_script_pos];
  if (c == '\0') return -1;
  bench_script_pos++;
  return (unsigned char)c;
}
