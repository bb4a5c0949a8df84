/*
 * lwc-bench port for the ARM MPS2 board with the AN385 FPGA image
 * (Cortex-M3), as qemu-system-arm -M mps2-an385 emulates it: the console
 * is UART0, a CMSDK APB UART at 0x40004000 (Cortex-M System Design Kit
 * TRM, DDI0479: DATA, STATE, CTRL, INTSTATUS, BAUDDIV), clocked at the
 * board's 25 MHz; QEMU puts it on a pseudo-terminal (-serial pty).
 *
 * Counters: none.  QEMU has no cycle model, and this board's timers
 * (SysTick, the CMSDK timers, the FPGA counter) tick at 25 MHz of virtual
 * time, not once per instruction, so nothing here counts instructions
 * exactly either: the emulated board's counts are null.  The board proves
 * the serial path (build, flash, KAT, measurement requests, stack), not
 * speed.  The real board's port (port_stm32f103.c) reads DWT_CYCCNT.
 */
#include "bench.h"
#include "cortexm.h"

#define UART0 0x40004000u
#define UART_DATA REG32(UART0 + 0x00u)
#define UART_STATE REG32(UART0 + 0x04u)   /* bit 0 TX full, bit 1 RX full */
#define UART_CTRL REG32(UART0 + 0x08u)    /* bit 0 TX enable, bit 1 RX enable */
#define UART_BAUDDIV REG32(UART0 + 0x10u) /* PCLK / baud rate, at least 16 */
#define STATE_TX_FULL 1u
#define STATE_RX_FULL 2u
#define PCLK_HZ 25000000u

const unsigned bench_counters = 0; /* no counter (above) */
const int bench_exact = 1;         /* nothing is counted, nothing varies */
const char *const bench_port = "mps2-an385-uart0-no-counter";
const unsigned bench_loop_body_cycles = 0;

void bench_read_counters(uint64_t v[2]) { (void)v; }

/* SysTick (ARMv7-M B3.3), counting without an interrupt, only so that
 * QEMU's main loop wakes up every 100 us: QEMU 7.2's model of this UART
 * does not tell the main loop when the guest has read the byte it holds,
 * and the main loop hands the UART the next byte from the pty only when it
 * wakes up for some other reason -- without a timer, requests would not
 * arrive.  A real CMSDK UART needs nothing of the kind. */
#define SYST_CSR REG32(0xE000E010u) /* bit 0 enable, bit 2 processor clock */
#define SYST_RVR REG32(0xE000E014u)
#define SYST_CVR REG32(0xE000E018u)

void port_init(void) {
  SYST_RVR = PCLK_HZ / 10000u - 1u;
  SYST_CVR = 0;
  SYST_CSR = 5u;
  UART_BAUDDIV = (PCLK_HZ + BOARD_BAUD / 2u) / BOARD_BAUD;
  UART_CTRL = 3u; /* TX and RX on, no interrupts */
}

void port_putc(uint8_t c) {
  while (UART_STATE & STATE_TX_FULL) {
  }
  UART_DATA = c;
}

uint8_t port_getc(void) {
  while (!(UART_STATE & STATE_RX_FULL)) {
  }
  return (uint8_t)UART_DATA;
}

void port_flush(void) {
  while (UART_STATE & STATE_TX_FULL) {
  }
}
