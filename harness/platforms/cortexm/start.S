/*
 * lwc-bench on a Cortex-M board (ARMv7-M, Thumb-2): the vector table, the
 * reset handler, the fault entry and the known loop.  Shared by every
 * board of the family; what differs between boards is in their port file
 * (port_<board>.c: clocks, pins, the UART, the counters) and in the
 * memory map the linker gets from the board description
 * (harness/bench/targets/board.py).
 *
 * The core reads the initial stack pointer and the reset handler's address
 * from the first two words of the table, which the linker script places
 * at the start of the board's flash (the boot address).  No interrupt is
 * ever enabled: every other entry is a fault, reported on the console.
 */
        .syntax unified
        .thumb

        .section .vectors, "a"
        .globl cortexm_vectors
cortexm_vectors:
        .word _stack_top
        .word cortexm_reset
        .rept 14                  /* NMI, HardFault ... SysTick */
        .word cortexm_fault_entry
        .endr

        .text
/* Reset: copy .data from its load address in flash, zero .bss, then the
 * C side (cortexm.c), which never returns. */
        .globl cortexm_reset
        .thumb_func
cortexm_reset:
        ldr r0, =_sdata
        ldr r1, =_edata
        ldr r2, =_sidata
1:      cmp r0, r1
        bhs 2f
        ldr r3, [r2], #4
        str r3, [r0], #4
        b 1b
2:      ldr r0, =_sbss
        ldr r1, =_ebss
        movs r3, #0
3:      cmp r0, r1
        bhs 4f
        str r3, [r0], #4
        b 3b
4:      bl cortexm_main
5:      b 5b

/* Any exception: the stacked frame (r0 = its address, from the stack the
 * core was using) goes to cortexm_fault (cortexm.c), on a fresh stack in
 * case the old one is what broke. */
        .thumb_func
cortexm_fault_entry:
        tst lr, #4                /* EXC_RETURN bit 2: the frame is on PSP */
        ite eq
        mrseq r0, msp
        mrsne r0, psp
        ldr r1, =_stack_top
        mov sp, r1
        bl cortexm_fault
6:      b 6b

/* void bench_known_loop(uint32_t n): n iterations of exactly 2
 * instructions (subs, bne); n = 0 runs neither (cbz). */
        .globl bench_known_loop
        .thumb_func
bench_known_loop:
        cbz r0, 8f
7:      subs r0, r0, #1
        bne 7b
8:      bx lr

        .section .rodata
        .balign 4
        .globl bench_loop_body
bench_loop_body: .word 2 /* instructions per iteration of the loop above */
