/*
 * lwcbench rv32-ibex port (bench.h): console through simple_system's
 * simulator_ctrl, counters from the Ibex machine CSRs (start.S).
 *
 * Requests come from the script in the image (bench_script.c): the
 * simulator has no input channel.  Each byte stored to 0x20000 is appended
 * by the RTL to ibex_simple_system.log in the simulator's directory.
 */
#include "bench.h"

#define SIM_CHAR_OUT (*(volatile uint8_t *)0x00020000u)
/* The ct tracer's switch (sim_main.cc --ct-trace): a word of simulator_ctrl
 * that its RTL ignores and the testbench watches on the data bus. */
#define SIM_CT_TRACE (*(volatile uint32_t *)0x00020010u)

const unsigned bench_counters = BENCH_COUNTER_CYCLES | BENCH_COUNTER_INSTRUCTIONS;
/* Verilator model of the RTL: the same program gives the same counts. */
const int bench_exact = 1;
const char *const bench_port = "ibex-mcycle-minstret";
/* bench_known_loop (start.S): addi, xor, add, taken bnez; cycles from
 * Ibex's documented timing: 1 per ALU instruction, 3 per taken branch. */
const unsigned bench_loop_body = 4;
const unsigned bench_loop_body_cycles = 6;

static void put(char c) { SIM_CHAR_OUT = (uint8_t)c; }

/* The trace of the "ct" request (bench_core.c): on (1) before the traced
 * operation, off (0) after it.  One store either way, and the same code
 * for every secret, so the few instructions of this function inside a
 * segment are identical between secrets.  Without --ct-trace the
 * simulator ignores the store. */
void bench_trace(int on) { SIM_CT_TRACE = on ? 1u : 0u; }

/* The "leak" request's markers (bench_leak.c; sim_main.cc --leak): two more
 * words of simulator_ctrl that its RTL ignores. */
#define SIM_LEAK_SWITCH (*(volatile uint32_t *)0x00020014u)
#define SIM_LEAK_PHASE (*(volatile uint32_t *)0x00020018u)
static volatile uint32_t leak_zero;

void bench_leak_switch(unsigned v) { SIM_LEAK_SWITCH = v; }
void bench_leak_phase(unsigned phase) { SIM_LEAK_PHASE = phase; }

/* Before a trace: the data buses and the caller-saved registers hold zero,
 * not what the firmware computed while preparing the inputs (the key's
 * shares): the power model's first transitions are the operation's own. */
void bench_leak_scrub(void) {
  leak_zero = 0;
  (void)leak_zero;
  __asm__ volatile(
      "li t0, 0\n li t1, 0\n li t2, 0\n li t3, 0\n li t4, 0\n li t5, 0\n li t6, 0\n"
      "li a0, 0\n li a1, 0\n li a2, 0\n li a3, 0\n li a4, 0\n li a5, 0\n li a6, 0\n"
      "li a7, 0\n"
      :
      :
      : "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1", "a2", "a3", "a4", "a5", "a6",
        "a7", "memory");
}

void bench_put_line(const char *line) {
  while (*line != '\0') put(*line++);
  put('\n');
}

static void put_hex(const char *name, uint32_t v) {
  int i;
  while (*name != '\0') put(*name++);
  for (i = 28; i >= 0; i -= 4) put("0123456789abcdef"[(v >> i) & 15u]);
}

/* Called by start.S on any trap, with the CSRs that explain it. */
void ibex_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval);
void ibex_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
  put_hex("err trap mcause=0x", mcause);
  put_hex(" mepc=0x", mepc);
  put_hex(" mtval=0x", mtval);
  put('\n');
}
