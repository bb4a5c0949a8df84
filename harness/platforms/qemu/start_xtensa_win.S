/*
 * lwc-bench under qemu-xtensa -cpu dc233c (Linux user mode), the windowed
 * ABI (xtensa-esp32-qemu): the Xtensa specific part of the port
 * (port_linux.c has the rest), as start_xtensa.S is for the LX106's call0.
 * Every function is entered by call8/callx8 and starts with `entry`: its
 * arguments in a2..a7, the result in a2, a0 the return address (its top
 * two bits the window increment), returns with retw.  The windowed
 * instructions are macros of xtensa_windowed.s (the LX106 assembler has
 * none), which xtensa_windowed.h, forced into every source, includes first.
 * QEMU's user mode spills and refills register windows itself (the
 * window overflow and underflow exceptions never reach the guest), so
 * those handlers cost no counted instruction here.
 * Linux system calls: number in a2, arguments in a6, a3, a4, a5, a8, a9,
 * `syscall`, result in a2.
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
        /* a1: QEMU's Linux stack, WindowBase 0, no caller.  This frame
         * is [a1, a1 + 32); a0 = 0 ends a backtrace.  When bench_serve's
         * calls spill this frame (a call8 frame: 8 registers), a0..a3 go
         * under bench_serve's stack pointer and a4..a7 to 32..17 bytes
         * under this frame's caller's stack pointer, which the spill reads
         * at a1 - 12 (where a caller's spill would have put its a1): here
         * the top of this frame, so a4..a7 land in [a1, a1 + 16). */
        movi a0, 0
        addi a1, a1, -32
        addi a4, a1, 32
        addi a5, a1, -12
        s32i a4, a5, 0
        movi a8, bench_serve
        callx8 a8
        movi a6, 0
        movi a2, SYS_exit_group
        syscall
1:      j 1b

        .text
/* long lwc_read(int fd, void *buf, unsigned long n): fd moves to a6 */
        .globl lwc_read
        .align 4
lwc_read:
        entry a1, 32
        mov a6, a2
        movi a2, SYS_read
        syscall
        retw

/* long lwc_write(int fd, const void *buf, unsigned long n) */
        .globl lwc_write
        .align 4
lwc_write:
        entry a1, 32
        mov a6, a2
        movi a2, SYS_write
        syscall
        retw

/* void lwc_count(uint64_t *slot): the plugin writes the instruction count
 * into *slot (which holds the marker on entry); a constant cost per call. */
        .globl lwc_count
        .align 4
lwc_count:
        entry a1, 32
        mov a6, a2
        movi a2, SYS_lwc_count
        syscall
        retw

/* void lwc_trace(int on): the tracer (ct_trace.c) records from on = 1 to
 * on = 0; without it, an unknown system call that does nothing. */
        .globl lwc_trace
        .align 4
lwc_trace:
        entry a1, 32
        mov a6, a2
        movi a2, SYS_lwc_trace
        syscall
        retw

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (addi, bnez); n = 0 runs neither.  no-transform: the
 * assembler may not relax, widen or pad these instructions. */
        .globl bench_known_loop
        .align 4
bench_known_loop:
        entry a1, 32
        .begin no-transform
        beqz a2, 2f
1:      addi a2, a2, -1
        bnez a2, 1b
        .end no-transform
2:      retw

        .section .rodata
        .balign 4
        .globl bench_loop_body, bench_loop_body_cycles
bench_loop_body:        .word 2 /* instructions per iteration of the loop above */
bench_loop_body_cycles: .word 0 /* QEMU has no timing model */
