/* lwcbench rv32e-ibex: start-up, counters and the known loop, in RV32E
 * (x0-x15) for Ibex built with RV32E = 1.  As rv32-ibex's start.S: plain
 * 32-bit instructions (.option norvc) that the linker leaves alone
 * (.option norelax), so the counter reads and the known loop sit on word
 * boundaries, where Ibex fetches them in one go. */
#define SIM_CTRL_BASE 0x20000 /* simple_system's simulator_ctrl */
#define SIM_CTRL_HALT 0x8     /* a store of 1 ends the simulation */

  .option norvc
  .option norelax

/* Vectors at the boot address (mtvec, vectored): exceptions at +0,
 * interrupt i at +4i (none is enabled), reset at +0x80. */
  .section .vectors, "ax"
  .globl _vectors
_vectors:
  .rept 32
  j ibex_trap_entry
  .endr
  .globl _reset
_reset:
  j _start

  .text
  .globl _start
_start:
  la sp, _stack_top
  csrw mcountinhibit, zero        /* mcycle and minstret count */
  /* .bss: the testbench's loader zero-fills p_memsz beyond p_filesz */
  call bench_serve
  .globl ibex_halt
ibex_halt:
  li t0, SIM_CTRL_BASE
  li t1, 1
  sw t1, SIM_CTRL_HALT(t0)
1:j 1b

/* Any exception (an illegal instruction: a register above x15 on this
 * core): an "err trap" line on the console, then halt. */
ibex_trap_entry:
  la sp, _stack_top
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  call ibex_trap                  /* port_rv32e.c */
  j ibex_halt

/* void bench_read_counters(uint64_t v[2]): v[0] = mcycle, v[1] = minstret,
 * read with both counters stopped (mcountinhibit bits 0 and 2): no carry
 * between the halves, no retry, the same cost every call. */
  .globl bench_read_counters
  .balign 4
bench_read_counters:
  csrwi mcountinhibit, 5
  csrr t0, mcycle
  csrr t1, mcycleh
  csrr t2, minstret
  csrr a1, minstreth
  csrwi mcountinhibit, 0
  sw t0, 0(a0)
  sw t1, 4(a0)
  sw t2, 8(a0)
  sw a1, 12(a0)
  ret

/* void bench_known_loop(uint32_t n): n bodies of addi, xor, add and a taken
 * bnez (port_rv32e.c: 4 instructions, 6 cycles), entered at the test so
 * that n = 0 runs the same instructions outside the body. */
  .globl bench_known_loop
  .balign 4
bench_known_loop:
  j 2f
1:addi a0, a0, -1
  xor t0, t0, a0
  add t1, t1, t0
2:bnez a0, 1b
  ret
