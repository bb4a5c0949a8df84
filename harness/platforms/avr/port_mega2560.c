/*
 * lwc-bench port for an Arduino Mega 2560 (ATmega2560 at 16 MHz), a real
 * board on a serial port (harness/bench/targets/board.py): the console is
 * USART0, which the board's USB-serial chip brings to the host; the
 * counter is Timer1 counting CPU clocks, widened by its overflow
 * interrupt.  Registers: the ATmega640/1280/2560 datasheet (USART0 22,
 * Timer1 17).  Flashed by avrdude through the board's bootloader; opening
 * the port resets the board (DTR), the bootloader waits a moment, then
 * this firmware prints its start-up line.
 *
 * The rest of the firmware is the AVR family's: avr-libc's start-up
 * object, libgcc, loop_avr.S (the known loop), the portable core.
 */
#include <avr/interrupt.h> /* macros only: no avr-libc code is linked */
#include <avr/io.h>

#include "bench.h"

#define F_CPU_HZ 16000000ul
#ifndef BOARD_BAUD
#define BOARD_BAUD 115200u
#endif
#define BOOT_LINE "lwc-bench boot" /* as harness/platforms/cortexm/cortexm.h */

const unsigned bench_counters = BENCH_COUNTER_CYCLES;
const int bench_exact = 0; /* real silicon (and an interrupt): medians of samples */
const char *const bench_port = "mega2560-usart0-timer1";
/* loop_avr.S: subi, 3 x sbci, brne (taken): 5 instructions, 6 cycles
 * (AVR instruction set manual; the same on the ATmega2560) */
const unsigned bench_loop_body = 5;
const unsigned bench_loop_body_cycles = 6;

static volatile uint32_t t1_high; /* Timer1 overflows: bits 16.. of the count */

ISR(TIMER1_OVF_vect) { t1_high++; }

/* CPU cycles into v[0]: Timer1 (16 bits, clock / 1) and its overflows.
 * With interrupts off, an overflow not yet counted shows as TOV1 set; a
 * low count then means the timer wrapped before it was read. */
void bench_read_counters(uint64_t v[2]) {
  uint8_t sreg = SREG;
  uint16_t low;
  uint32_t high;
  cli();
  low = TCNT1;
  high = t1_high;
  if ((TIFR1 & _BV(TOV1)) && low < 0x8000u) high++;
  SREG = sreg;
  v[0] = ((uint64_t)high << 16) | low;
}

/* A board never reaches the end of its input: it waits for the host. */
int bench_getc(void) {
  while (!(UCSR0A & _BV(RXC0))) {
  }
  return UDR0;
}

static void uart_putc(char c) {
  while (!(UCSR0A & _BV(UDRE0))) {
  }
  UDR0 = (uint8_t)c;
}

void bench_put_line(const char *line) {
  while (*line != '\0') uart_putc(*line++);
  uart_putc('\n');
}

int main(void) {
  const char *p;
  /* USART0: double speed (8 clocks per bit), 8N1; the divisor rounded to
   * the nearest (115200 baud: 16, 117647 baud, as the board's USB chip) */
  UCSR0A = _BV(U2X0);
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
  UBRR0 = (uint16_t)((F_CPU_HZ + 4ul * BOARD_BAUD) / (8ul * BOARD_BAUD) - 1u);
  UCSR0B = _BV(RXEN0) | _BV(TXEN0);
  /* Timer1: normal mode, clock / 1, overflow interrupt */
  TCCR1A = 0;
  TCCR1B = _BV(CS10);
  TIMSK1 = _BV(TOIE1);
  sei();
  for (p = BOOT_LINE; *p != '\0'; p++) uart_putc(*p);
  uart_putc('\n');
  for (;;) bench_serve(); /* after "quit": the next host's requests */
}
