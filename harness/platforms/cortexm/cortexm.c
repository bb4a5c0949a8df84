/*
 * lwc-bench on a Cortex-M board: the console for bench_core.c over the
 * port's UART, the start-up line, and the fault report.  Shared by every
 * board; the port file (port_<board>.c) has the board's own registers.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "cortexm.h"

/* System control block (ARMv7-M architecture, the same on every part) */
#define SCB_ICSR REG32(0xE000ED04u)
#define SCB_AIRCR REG32(0xE000ED0Cu)
#define SCB_CFSR REG32(0xE000ED28u)
#define SCB_HFSR REG32(0xE000ED2Cu)
#define AIRCR_RESET 0x05FA0004u /* VECTKEY | SYSRESETREQ */

void cortexm_main(void);
void cortexm_fault(const uint32_t *frame);

/* A board never reaches the end of its input: it waits for the host. */
int bench_getc(void) { return port_getc(); }

void bench_put_line(const char *line) {
  while (*line != '\0') port_putc((uint8_t)*line++);
  port_putc('\n');
}

void cortexm_main(void) {
  port_init();
  bench_put_line(CORTEXM_BOOT_LINE);
  for (;;) bench_serve(); /* after "quit": the next host's requests */
}

static void put_hex(const char *name, uint32_t v) {
  int i;
  while (*name != '\0') port_putc((uint8_t)*name++);
  for (i = 28; i >= 0; i -= 4) port_putc((uint8_t)"0123456789abcdef"[(v >> i) & 15u]);
}

/* Any exception (start.S): one "err fault" line answering the request that
 * was running, with what the core recorded, then a system reset; the
 * board's start-up line follows, which the host reports as a reset. */
void cortexm_fault(const uint32_t *frame) {
  put_hex("err fault exception=0x", SCB_ICSR & 0x1ffu);
  put_hex(" cfsr=0x", SCB_CFSR);
  put_hex(" hfsr=0x", SCB_HFSR);
  put_hex(" pc=0x", frame[6]);
  port_putc('\n');
  port_flush();
  __asm__ volatile("dsb" ::: "memory");
  SCB_AIRCR = AIRCR_RESET;
  __asm__ volatile("dsb" ::: "memory");
  for (;;) {
  }
}
