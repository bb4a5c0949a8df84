/*
 * Start-up of the MSP430 firmware: stop the watchdog, set the stack, copy
 * .data from flash, clear .bss, serve the requests, then end the
 * simulation (lwc-msp430sim's exit register; a real chip would sleep).
 */
	.section .init, "ax", @progbits
	.global	_start
	.type	_start, @function
_start:
	mov	#__stack_top, r1	; SP: top of RAM
	mov	#0x5a80, &0x0120	; WDTCTL = WDTPW | WDTHOLD: no watchdog reset

	mov	#__data_load, r12	; .data: copy the initial values
	mov	#__data_start, r13
1:	cmp	#__data_end, r13
	jhs	2f
	mov	@r12+, r14
	mov	r14, 0(r13)
	incd	r13
	jmp	1b

2:	mov	#__bss_start, r13	; .bss: zero
3:	cmp	#__bss_end, r13
	jhs	4f
	clr	0(r13)
	incd	r13
	jmp	3b

4:	call	#bench_serve		; the core: requests until quit / end

	.global	bench_exit
	.type	bench_exit, @function
bench_exit:
	mov	#0, &0x01ee		; lwc-msp430sim: exit status 0
	bis	#0x0010, r2		; CPUOFF: a real chip sleeps for good
	jmp	bench_exit

/* bench_known_loop(uint32_t n), n in r12 (low) : r13 (high).  Each
 * iteration is the same 3 instructions, 4 MCLK cycles by the family
 * guide's table (SLAU049 section 3.4.4: format I with register source and
 * destination: 1 cycle; jumps: 2 cycles, taken or not):
 *   sub r14,r12 (1)   subc #0,r13 (1, #0 is r3 in register mode)   jc (2)
 * The 1 is kept in r14, so that mspdebug (which charges the constant
 * generator's #1 as 3 cycles) counts the same.
 * The 32-bit decrement leaves carry set ("no borrow") while n was >= 1, so
 * the three run n + 1 times and the last jc falls through: counts for n
 * and for 0 differ by exactly n * 3 instructions, n * 4 cycles. */
	.text
	.global	bench_known_loop
	.type	bench_known_loop, @function
	.p2align 1
bench_known_loop:
	mov	#1, r14
1:	sub	r14, r12		; n - 1 over 32 bits
	subc	#0, r13
	jc	1b			; no borrow: n was not 0 yet
	ret

/* Interrupt vectors at 0xFFE0: none is used but reset. */
	.section .vectors, "a", @progbits
	.rept	15
	.word	0xffff
	.endr
	.word	_start			; 0xFFFE: reset
