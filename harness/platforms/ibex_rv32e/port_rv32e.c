/*
 * lwcbench rv32e-ibex port (bench.h): Ibex built as RV32E, the same
 * simple_system as rv32-ibex (harness/platforms/ibex/: its link.ld and
 * memory map).  Console bytes go to simulator_ctrl, whose RTL appends them
 * to ibex_simple_system.log; the counters come from the machine CSRs
 * (start_rv32e.S).  No "leak" request (BENCH_LEAK unset): the power model
 * is rv32-ibex's.
 */
#include "bench.h"

#define SIM_CHAR_OUT (*(volatile uint8_t *)0x00020000u)
/* ./lwcbench ct: the tracer's switch (sim_main.cc --ct-trace), a word of
 * simulator_ctrl the RTL ignores and the testbench watches on the bus */
#define SIM_CT_TRACE (*(volatile uint32_t *)0x00020010u)

const unsigned bench_counters = BENCH_COUNTER_CYCLES | BENCH_COUNTER_INSTRUCTIONS;
const int bench_exact = 1; /* an RTL model: the same program, the same counts */
const char *const bench_port = "ibex-rv32e-mcycle-minstret";
/* bench_known_loop (start_rv32e.S): addi, xor, add and a taken bnez, 3 + 3
 * cycles by Ibex's documented timing */
const unsigned bench_loop_body = 4;
const unsigned bench_loop_body_cycles = 6;

static void put(char c) { SIM_CHAR_OUT = (uint8_t)c; }

/* One store on and one off around a traced operation (bench_core.c's "ct"
 * request), the same code for every secret. */
void bench_trace(int on) { SIM_CT_TRACE = on ? 1u : 0u; }

void bench_put_line(const char *line) {
  for (; *line != '\0'; line++) put(*line);
  put('\n');
}

static void put_word(const char *label, uint32_t v) {
  int shift;
  for (; *label != '\0'; label++) put(*label);
  for (shift = 28; shift >= 0; shift -= 4) put("0123456789abcdef"[(v >> shift) & 15u]);
}

/* start_rv32e.S on any trap (an instruction RV32E lacks: x16-x31 are
 * illegal on this core), with the CSRs that say what happened. */
void ibex_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval);
void ibex_trap(uint32_t mcause, uint32_t mepc, uint32_t mtval) {
  put_word("err trap mcause=0x", mcause);
  put_word(" mepc=0x", mepc);
  put_word(" mtval=0x", mtval);
  put('\n');
}
