/*
 * lwc-bench port for the MSP430 under lwc-msp430sim (msp430sim.c), whose
 * peripheral registers stand in for a board's UART and a cycle counter:
 *   CONSOLE  0x00FF  byte written: one byte of output (stdout)
 *   INPUT    0x01EC  word read: next request byte (stdin), 0xFFFF at the end
 *   LATCH    0x01F0  word written: copies the simulator's cycle and
 *                    instruction counts into 0x01F0..0x01FF
 *   TRACE    0x01EA  word written: the constant-time trace on (1) or off (0),
 *                    recorded when the simulator runs with --ct-trace
 * The counts are the simulator's own, so they are exact and the same on
 * every run; reading them costs the same few instructions every time.
 */
#include <stdint.h>

#include "bench.h"

#define CONSOLE (*(volatile uint8_t *)0x00ffu)
#define INPUT (*(volatile uint16_t *)0x01ecu)
#define LATCH (*(volatile uint16_t *)0x01f0u)
#define TRACE (*(volatile uint16_t *)0x01eau)
#define LATCHED(k) (*(volatile uint64_t *)(0x01f0u + 8u * (k))) /* 0 cycles, 1 instructions */

const unsigned bench_counters = BENCH_COUNTER_CYCLES | BENCH_COUNTER_INSTRUCTIONS;
const int bench_exact = 1;
const char *const bench_port = "lwc-msp430sim";
const unsigned bench_loop_body = 3;        /* crt0.S: bench_known_loop */
const unsigned bench_loop_body_cycles = 4; /* its cycles per iteration */

void bench_read_counters(uint64_t v[2]) {
  LATCH = 0;
  v[0] = LATCHED(0);
  v[1] = LATCHED(1);
}

int bench_getc(void) {
  uint16_t c = INPUT;
  return c == 0xffffu ? -1 : (int)c;
}

void bench_put_line(const char *line) {
  while (*line != '\0') CONSOLE = (uint8_t)*line++;
  CONSOLE = '\n';
}

void bench_trace(int on) { TRACE = on ? 1u : 0u; }
