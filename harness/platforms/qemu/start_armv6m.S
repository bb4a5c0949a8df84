/*
 * lwc-bench under qemu-arm (Linux user mode) for the ARMv6-M build of the
 * Cortex-M0 targets (-mcpu=cortex-m0 -mthumb): the ARM specific part of the
 * port (port_linux.c has the rest), in the Thumb-1 that ARMv6-M has (no
 * MOVW, no CBZ: start_arm.S is the Thumb-2 one).  qemu-arm's user mode
 * cannot run an M-profile CPU, so its default CPU executes this code; the
 * cycle model (m0_cycles.c) stops the program at any instruction ARMv6-M
 * lacks and at any unaligned access, as a Cortex-M0 would fault.  Linux
 * EABI system calls: number in r7, arguments in r0..r2, `svc 0`, result in
 * r0.
 */
#define SYS_read 3
#define SYS_write 4
#define SYS_exit_group 248
#define SYS_lwc_count 0x4c57 /* read by the counting plugin (insn_count.c) */
#define SYS_lwc_trace 0x4c58 /* the constant-time tracer (ct_trace.c): on/off */
#define SYS_lwc_mcycles 0x4c59 /* the cycle model (m0_cycles.c): modelled cycles */

        .syntax unified
        .cpu cortex-m0
        .thumb

        .section .text.start, "ax"
        .globl _start
        .thumb_func
_start:
        /* sp: QEMU's Linux stack, 8-byte aligned as AAPCS wants */
        bl bench_serve
        movs r0, #0
        movs r7, #SYS_exit_group
        svc 0
1:      b 1b

        .text
/* long lwc_read(int fd, void *buf, unsigned long n) */
        .globl lwc_read
        .thumb_func
lwc_read:
        push {r7, lr}   /* r7 is callee-saved */
        movs r7, #SYS_read
        svc 0
        pop {r7, pc}

/* long lwc_write(int fd, const void *buf, unsigned long n) */
        .globl lwc_write
        .thumb_func
lwc_write:
        push {r7, lr}
        movs r7, #SYS_write
        svc 0
        pop {r7, pc}

/* void lwc_count(uint64_t *slot): the plugin writes the instruction count
 * into *slot (which holds the marker on entry); a constant cost per call. */
        .globl lwc_count
        .thumb_func
lwc_count:
        push {r7, lr}
        ldr r7, =SYS_lwc_count
        svc 0
        pop {r7, pc}

/* void lwc_mcycles(uint64_t *slot): the cycle model writes its modelled
 * cycles into *slot (which holds the marker on entry); without it, an
 * unknown system call that leaves the marker there. */
        .globl lwc_mcycles
        .thumb_func
lwc_mcycles:
        push {r7, lr}
        ldr r7, =SYS_lwc_mcycles
        svc 0
        pop {r7, pc}

/* void lwc_trace(int on): the tracer (ct_trace.c) records from on = 1 to
 * on = 0; without it, an unknown system call that does nothing. */
        .globl lwc_trace
        .thumb_func
lwc_trace:
        push {r7, lr}
        ldr r7, =SYS_lwc_trace
        svc 0
        pop {r7, pc}
        .ltorg

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (subs, bne); n = 0 runs neither. */
        .globl bench_known_loop
        .thumb_func
bench_known_loop:
        cmp r0, #0
        beq 2f
1:      subs r0, r0, #1
        bne 1b
2:      bx lr

        .section .rodata
        .balign 4
        .globl bench_loop_body, bench_loop_body_cycles
bench_loop_body:        .word 2 /* instructions per iteration of the loop above */
bench_loop_body_cycles: .word 0 /* QEMU has no timing model (the cycle model's
                                   cost of an iteration is its own) */
