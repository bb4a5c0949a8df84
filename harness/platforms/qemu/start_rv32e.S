/*
 * lwc-bench under qemu-riscv32 for RV32E firmware (-march=rv32e
 * -mabi=ilp32e): start_riscv.S's port with RV32E's system call convention.
 * QEMU 7.2 user mode takes an ELF whose header says RVE (EF_RISCV_RVE) as
 * an RV32E program for its system calls: the Linux system call number is
 * in t0 (a7 does not exist), the arguments in a0..a2, `ecall`, the result
 * in a0.  It still executes x16-x31 (its CPU is RV32I): that the firmware
 * names none is the compiler's and assembler's (-march=rv32e refuses them)
 * and tests/targets/test_target_qemu.py checks it on the images.
 */
#define SYS_read 63
#define SYS_write 64
#define SYS_exit_group 94
#define SYS_lwc_count 0x4c57 /* read by the counting plugin (insn_count.c) */
#define SYS_lwc_trace 0x4c58 /* the constant-time tracer (ct_trace.c): on/off */

        .section .text.start, "ax"
        .globl _start
_start:
        /* sp: QEMU's 16-byte aligned Linux stack; gp is not used (no
         * linker relaxation against __global_pointer$) */
        call bench_serve
        li a0, 0
        li t0, SYS_exit_group
        ecall
1:      j 1b

        .text
/* long lwc_read(int fd, void *buf, unsigned long n) */
        .globl lwc_read
lwc_read:
        li t0, SYS_read
        ecall
        ret

/* long lwc_write(int fd, const void *buf, unsigned long n) */
        .globl lwc_write
lwc_write:
        li t0, SYS_write
        ecall
        ret

/* void lwc_count(uint64_t *slot): the plugin writes the instruction count
 * into *slot (which holds the marker on entry); the same instructions on
 * every call, so the count it adds to a measurement is a constant. */
        .globl lwc_count
lwc_count:
        li t0, SYS_lwc_count
        ecall
        ret

/* void lwc_trace(int on): the tracer (ct_trace.c) records from on = 1 to
 * on = 0; without it, an unknown system call that does nothing. */
        .globl lwc_trace
lwc_trace:
        li t0, SYS_lwc_trace
        ecall
        ret

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (addi, bne); n = 0 runs neither. */
        .globl bench_known_loop
bench_known_loop:
        beqz a0, 2f
1:      addi a0, a0, -1
        bnez a0, 1b
2:      ret

        .section .rodata
        .balign 4
        .globl bench_loop_body, bench_loop_body_cycles
bench_loop_body:        .word 2 /* instructions per iteration of the loop above */
bench_loop_body_cycles: .word 0 /* QEMU has no timing model */
