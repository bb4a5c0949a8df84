/* lwcbench rv32-ibex: start-up, counters and the known loop (RV32, Ibex).
 *
 * Everything here is plain 32-bit RV32I (.option norvc) and is not relaxed
 * by the linker (.option norelax: relaxing `call` to a 2-byte c.jal would
 * shift the code after it off its 4-byte alignment), so the counter read
 * and the known loop are word-aligned 32-bit instructions: Ibex fetches
 * words, and an instruction straddling two words costs an extra fetch. */
#define SIM_CTRL_BASE 0x20000 /* simple_system simulator_ctrl device */
#define SIM_CTRL_HALT 0x8     /* write 1: the testbench ends the run */

  .option norvc
  .option norelax

/* ---- vector table at the boot address (mtvec, vectored mode) ----------
 * Exceptions go to mtvec + 0, interrupt i to mtvec + 4*i; nothing enables
 * interrupts, so every entry reports a trap.  Reset enters at + 0x80. */
  .section .vectors, "ax"
  .globl _vectors
_vectors:
  .rept 32
  j ibex_trap_entry
  .endr
  .globl _reset
_reset:                           /* boot_addr + 0x80 */
  j _start

  .text
  .globl _start
_start:
  la sp, _stack_top
  csrw mcountinhibit, zero        /* mcycle and minstret run (reset state too) */
  /* .bss is not zeroed here: the testbench's loader zero-fills every
   * segment beyond its file bytes (p_memsz > p_filesz), as an ELF loader
   * does.  A loop would cost ~145k cycles per run (~150 KiB of stores at
   * ~4 cycles each through simple_system's bus). */
  call bench_serve
  /* fall through: end of the request stream */
  .globl ibex_halt
ibex_halt:
  li t0, SIM_CTRL_BASE
  li t1, 1
  sw t1, SIM_CTRL_HALT(t0)        /* simulator_ctrl calls $finish 2 cycles later */
3:j 3b

/* An exception (illegal instruction, misaligned or faulting access, ecall)
 * or an unexpected interrupt: report it on the console and halt, so the
 * host sees an "err" line instead of a hang. */
ibex_trap_entry:
  la sp, _stack_top               /* the old stack may be what broke */
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  call ibex_trap                  /* port_ibex.c: prints the "err trap" line */
  j ibex_halt

/* void bench_read_counters(uint64_t v[2]): v[0] = mcycle, v[1] = minstret.
 * Both counters are frozen (mcountinhibit bits 0 and 2) while the four
 * 32-bit halves are read, so a carry from the low into the high half can
 * not happen between the reads, no retry loop is needed and the sequence
 * costs the same number of cycles and instructions every time. */
  .globl bench_read_counters
  .balign 4
bench_read_counters:
  csrwi mcountinhibit, 5
  csrr t0, mcycle
  csrr t1, mcycleh
  csrr t2, minstret
  csrr t3, minstreth
  csrwi mcountinhibit, 0
  sw t0, 0(a0)
  sw t1, 4(a0)
  sw t2, 8(a0)
  sw t3, 12(a0)
  ret

/* void bench_known_loop(uint32_t n): n iterations of a 4-instruction body
 * (bench_loop_body in port_ibex.c).  The loop is entered at its test, so
 * n = 0 and n > 0 run the same instructions outside the body (j, one
 * not-taken bnez, ret): the difference is exactly n bodies.  Cycles per
 * body on Ibex (2-stage, no branch-target ALU, single-cycle RAM): three
 * one-cycle ALU instructions plus a taken conditional branch, 3 cycles. */
  .globl bench_known_loop
  .balign 4
bench_known_loop:
  j 5f
4:addi a0, a0, -1
  xor t0, t0, a0
  add t1, t1, t0
5:bnez a0, 4b
  ret
