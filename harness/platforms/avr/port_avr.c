/*
 * lwc-bench port for the ATmega128 under lwc-simavr (lwc_simavr.c).
 *
 * Start-up: avr-libc's crt (vector table, stack pointer at RAMEND, r1 = 0)
 * and libgcc (.data copied from flash, .bss cleared) run before main().
 * Console: UART0, polled, 8N1.  Counter: lwc-simavr's cycle latch (the
 * simulated clock, exact and deterministic).  Trace switch: lwc-simavr's
 * SIM_TRACE (`./lwcbench ct`, lwc-simavr --ct-trace).  The end: cli + sleep, which
 * stops the simulator (a real board just halts there).
 */
#include <avr/io.h> /* register names only: no avr-libc code is linked */

#include "bench.h"

/* lwc-simavr's registers (reserved data addresses on the ATmega128):
 * a write to SIM_LATCH snapshots the cycle count into SIM_LATCH[0..7]. */
#define SIM_LATCH ((volatile uint8_t *)0xA0)
#define SIM_BOOT (*(volatile uint8_t *)0xA8)
#define SIM_FREE ((volatile uint8_t *)0xA9) /* 2 bytes: start of the free RAM */
#define SIM_TRACE (*(volatile uint8_t *)0xAB) /* 1: constant-time trace on, 0: off */
#define FREE_PAINT 0x5c
extern uint8_t __heap_start; /* avr-libc's linker script: the end of .bss */

const unsigned bench_counters = BENCH_COUNTER_CYCLES;
const int bench_exact = 1;
const char *const bench_port = "simavr-cycles";
/* loop_avr.S: subi, 3 x sbci, brne (taken) per iteration */
const unsigned bench_loop_body = 5;
const unsigned bench_loop_body_cycles = 6;

/* Same instructions on every call: one store (the latch), then 8 loads and
 * 8 stores of the snapshot, least significant byte first (AVR is little
 * endian).  Only v[0] (cycles) is written. */
void bench_read_counters(uint64_t v[2]) {
  uint8_t *d = (uint8_t *)&v[0];
  SIM_LATCH[0] = 0;
  d[0] = SIM_LATCH[0];
  d[1] = SIM_LATCH[1];
  d[2] = SIM_LATCH[2];
  d[3] = SIM_LATCH[3];
  d[4] = SIM_LATCH[4];
  d[5] = SIM_LATCH[5];
  d[6] = SIM_LATCH[6];
  d[7] = SIM_LATCH[7];
}

/* lwc-simavr --ct-trace records the instructions and data accesses between
 * on and off; without the option the write does nothing. */
void bench_trace(int on) { SIM_TRACE = on ? 1u : 0u; }

/* Next received byte; a framing error (the host's BREAK at the end of its
 * input) reads as the end of the stream. */
int bench_getc(void) {
  uint8_t status, c;
  do status = UCSR0A;
  while (!(status & _BV(RXC0)));
  c = UDR0; /* reading UDR0 also drops the byte from the receive FIFO */
  return (status & _BV(FE0)) ? -1 : c;
}

static void uart_putc(char c) {
  while (!(UCSR0A & _BV(UDRE0))) /* wait for room in the transmit buffer */
    ;
  UDR0 = (uint8_t)c;
}

void bench_put_line(const char *line) {
  while (*line != '\0') uart_putc(*line++);
  uart_putc('\n');
}

int main(void) {
  uint8_t *p;
  SIM_BOOT = 1;            /* lwc-simavr reports a second start as a crash */
  /* Paint the RAM between .bss and the stack and tell lwc-simavr where it
   * starts: the stack must never write its lowest 32 bytes (checked between
   * requests), and the paint left at the end is RAM the firmware never used. */
  for (p = &__heap_start; p < (uint8_t *)SP - 16; p++) *p = FREE_PAINT;
  SIM_FREE[0] = (uint8_t)(uintptr_t)&__heap_start;
  SIM_FREE[1] = (uint8_t)((uintptr_t)&__heap_start >> 8);
  UCSR0A = _BV(U2X0);      /* double speed: 8 clocks per bit */
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00); /* 8 data bits, no parity, 1 stop */
  UBRR0H = 0;
  UBRR0L = 0;              /* fastest rate (clock / 8); written last, as it
                              reloads the baud-rate prescaler */
  UCSR0B = _BV(RXEN0) | _BV(TXEN0);
  bench_serve();
  for (;;) __asm__ volatile("cli\n\tsleep"); /* stop (simavr: sleep with I clear) */
}
