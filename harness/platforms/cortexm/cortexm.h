/*
 * lwc-bench on a Cortex-M board: what a board's port file provides to the
 * family's shared code (start.S, cortexm.c), besides the counters of
 * bench.h (bench_counters, bench_exact, bench_port, bench_read_counters,
 * bench_loop_body_cycles).  Console: the board's UART at BOARD_BAUD (from
 * the harness: --baud), 8 data bits, no parity, one stop bit, polled.
 */
#ifndef LWC_CORTEXM_H
#define LWC_CORTEXM_H

#include <stdint.h>

#ifndef BOARD_BAUD
#define BOARD_BAUD 115200u
#endif

#define REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* Clocks, pins, the UART and the counters: once, after reset. */
void port_init(void);
/* Send one byte (waits for room). */
void port_putc(uint8_t c);
/* The next received byte (waits for it: a board waits for its host). */
uint8_t port_getc(void);
/* Wait until every byte sent has left (before a reset). */
void port_flush(void);

/* The line the firmware prints after every reset, before anything else:
 * the host waits for it after flashing, and sees a reset in the middle of
 * a run when it comes again (harness/bench/targets/board.py). */
#define CORTEXM_BOOT_LINE "lwc-bench boot"

#endif
