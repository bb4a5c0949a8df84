/*
 * lwc-bench under qemu-riscv32 / qemu-riscv64 (Linux user mode): the
 * RISC-V specific part of the port (port_linux.c has the rest).
 * Linux system calls: number in a7, arguments in a0..a2, `ecall`, result
 * in a0.  Assembled for RV32 and RV64 alike (pointers are XLEN wide).
 */
#define SYS_read 63
#define SYS_write 64
#define SYS_exit_group 94
#define SYS_lwc_count 0x4c57 /* read by the counting plugin (insn_count.c) */
#define SYS_lwc_trace 0x4c58 /* the constant-time tracer (ct_trace.c): on/off */

        .section .text.start, "ax"
        .globl _start
_start:
        /* QEMU's ELF loader has set sp to a 16-byte aligned Linux stack
         * (argc, argv...; we use neither).  gp is not used by this
         * freestanding build (no linker relaxation against __global_pointer$). */
        call bench_serve
        li a0, 0
        li a7, SYS_exit_group
        ecall
1:      j 1b

        .text
/* long lwc_read(int fd, void *buf, unsigned long n) */
        .globl lwc_read
lwc_read:
        li a7, SYS_read
        ecall
        ret

/* long lwc_write(int fd, const void *buf, unsigned long n) */
        .globl lwc_write
lwc_write:
        li a7, SYS_write
        ecall
        ret

/* void lwc_count(uint64_t *slot): the plugin writes the instruction count
 * into *slot (which holds the marker on entry).  Same instructions on
 * every call, so the count it adds to a measurement is a constant. */
        .globl lwc_count
lwc_count:
        li a7, SYS_lwc_count
        ecall
        ret

/* void lwc_trace(int on): the tracer (ct_trace.c) records from on = 1 to
 * on = 0; without it, an unknown system call that does nothing. */
        .globl lwc_trace
lwc_trace:
        li a7, SYS_lwc_trace
        ecall
        ret

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (addi, bne); n = 0 runs neither.  On RV64 the 32-bit n is
 * sign-extended in a0 by the ABI: zero-extend it so n >= 2^31 still counts
 * n iterations (one extra instruction per call, not per iteration). */
        .globl bench_known_loop
bench_known_loop:
#if __riscv_xlen == 64
        slli a0, a0, 32
        srli a0, a0, 32
#endif
        beqz a0, 2f
1:      addi a0, a0, -1
        bnez a0, 1b
2:      ret

        .section .rodata
        .balign 4
        .globl bench_loop_body, bench_loop_body_cycles
bench_loop_body:        .word 2 /* instructions per iteration of the loop above */
bench_loop_body_cycles: .word 0 /* QEMU has no timing model */
