/*
 * lwc-bench port for an STM32F103 board (Cortex-M3), e.g. ST's
 * NUCLEO-F103RB: the console is USART2 on PA2 (TX) / PA3 (RX), which the
 * Nucleo's ST-LINK brings to the host as a USB serial port; the counter is
 * the core's DWT cycle counter.  Register addresses and bits: RM0008
 * (STM32F10x reference manual) and the ARMv7-M architecture manual.
 *
 * Clock: the reset clock, the internal 8 MHz RC oscillator (HSI), for the
 * core and both buses; flash at zero wait states (RM0008 3.3.3: up to
 * 24 MHz), so cycle counts carry no flash wait states.
 */
#include "bench.h"
#include "cortexm.h"

#define RCC 0x40021000u
#define RCC_APB2ENR REG32(RCC + 0x18u) /* bit 2: GPIOA */
#define RCC_APB1ENR REG32(RCC + 0x1Cu) /* bit 17: USART2 */
#define GPIOA_CRL REG32(0x40010800u)   /* 4 bits per pin 0..7 */
#define USART2 0x40004400u
#define USART_SR REG32(USART2 + 0x00u) /* bit 5 RXNE, bit 7 TXE, bit 6 TC */
#define USART_DR REG32(USART2 + 0x04u)
#define USART_BRR REG32(USART2 + 0x08u)
#define USART_CR1 REG32(USART2 + 0x0Cu) /* bit 13 UE, bit 3 TE, bit 2 RE */
#define SR_RXNE (1u << 5)
#define SR_TC (1u << 6)
#define SR_TXE (1u << 7)
#define PCLK1_HZ 8000000u

/* DWT: the cycle counter of the ARMv7-M debug unit (C1.8) */
#define DEMCR REG32(0xE000EDFCu) /* bit 24 TRCENA: DWT on */
#define DWT_CTRL REG32(0xE0001000u) /* bit 0 CYCCNTENA */
#define DWT_CYCCNT REG32(0xE0001004u)

const unsigned bench_counters = BENCH_COUNTER_CYCLES;
const int bench_exact = 0; /* real silicon: the host takes the median of samples */
const char *const bench_port = "stm32f103-usart2-dwt-cyccnt";
const unsigned bench_loop_body_cycles = 0; /* not claimed: branch refill varies */

void port_init(void) {
  RCC_APB2ENR |= 1u << 2;
  RCC_APB1ENR |= 1u << 17;
  /* PA2: alternate function push-pull output, 2 MHz (0xA); PA3: floating
   * input (0x4, its reset state) */
  GPIOA_CRL = (GPIOA_CRL & ~0xFF00u) | 0x4A00u;
  USART_BRR = (PCLK1_HZ + BOARD_BAUD / 2u) / BOARD_BAUD; /* 16x oversampling */
  USART_CR1 = (1u << 13) | (1u << 3) | (1u << 2);
  DEMCR |= 1u << 24;
  DWT_CYCCNT = 0;
  DWT_CTRL |= 1u;
}

void port_putc(uint8_t c) {
  while (!(USART_SR & SR_TXE)) {
  }
  USART_DR = c;
}

uint8_t port_getc(void) {
  /* reading SR then DR also clears an overrun */
  while (!(USART_SR & SR_RXNE)) {
  }
  return (uint8_t)USART_DR;
}

void port_flush(void) {
  while (!(USART_SR & SR_TC)) {
  }
}

/* Cycles into v[0]: DWT_CYCCNT is 32 bits (9 minutes at 8 MHz); the high
 * word counts its wraps, seen as a value below the previous read.  One
 * operation lasts far less than a wrap, so the difference of the reads
 * around it is exact. */
static uint32_t cyc_high, cyc_last;

void bench_read_counters(uint64_t v[2]) {
  uint32_t now = DWT_CYCCNT;
  if (now < cyc_last) cyc_high++;
  cyc_last = now;
  v[0] = ((uint64_t)cyc_high << 32) | now;
}
