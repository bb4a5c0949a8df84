/*
 * lwc-bench under qemu-xtensa -cpu lx106 (Linux user mode): the Xtensa
 * specific part of the port (port_linux.c has the rest).
 * The LX106 has no register windows: gcc uses the call0 ABI (a0 return
 * address, a1 stack pointer, arguments a2..a7, result a2; a12..a15
 * callee-saved).  Linux system calls: number in a2, arguments in a6, a3,
 * a4, a5, a8, a9, `syscall`, result in a2.
 */
#define SYS_read 12
#define SYS_write 13
#define SYS_exit_group 119
#define SYS_lwc_count 0x4c57 /* read by the counting plugin (insn_count.c) */
#define SYS_lwc_trace 0x4c58 /* the constant-time tracer (ct_trace.c): on/off */

        .section .text.start, "ax"
        .globl _start
        .align 4
_start:
        /* a1: QEMU's Linux stack.  movi of a symbol becomes an l32r of a
         * literal placed in .literal (see link.ld), reachable from here. */
        movi a3, bench_serve
        callx0 a3
        movi a6, 0
        movi a2, SYS_exit_group
        syscall
1:      j 1b

        .text
/* long lwc_read(int fd, void *buf, unsigned long n): fd moves to a6 */
        .globl lwc_read
        .align 4
lwc_read:
        mov a6, a2
        movi a2, SYS_read
        syscall
        ret

/* long lwc_write(int fd, const void *buf, unsigned long n) */
        .globl lwc_write
        .align 4
lwc_write:
        mov a6, a2
        movi a2, SYS_write
        syscall
        ret

/* void lwc_count(uint64_t *slot): the plugin writes the instruction count
 * into *slot (which holds the marker on entry); a constant cost per call. */
        .globl lwc_count
        .align 4
lwc_count:
        mov a6, a2
        movi a2, SYS_lwc_count
        syscall
        ret

/* void lwc_trace(int on): the tracer (ct_trace.c) records from on = 1 to
 * on = 0; without it, an unknown system call that does nothing. */
        .globl lwc_trace
        .align 4
lwc_trace:
        mov a6, a2
        movi a2, SYS_lwc_trace
        syscall
        ret

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (addi, bnez); n = 0 runs neither.  no-transform: the
 * assembler may not relax, widen or pad these instructions. */
        .globl bench_known_loop
        .align 4
bench_known_loop:
        .begin no-transform
        beqz a2, 2f
1:      addi a2, a2, -1
        bnez a2, 1b
2:      ret
        .end no-transform

        .section .rodata
        .balign 4
        .globl bench_loop_body, bench_loop_body_cycles
bench_loop_body:        .word 2 /* instructions per iteration of the loop above */
bench_loop_body_cycles: .word 0 /* QEMU has no timing model */
