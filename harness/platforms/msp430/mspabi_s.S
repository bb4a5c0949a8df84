/*
 * Compiler helpers in assembly: shifts of 32- and 64-bit values by a
 * variable count (whole words first, then one bit per step), and the
 * entry points of the 64-bit multiply/divide helpers.
 *
 * The shifts follow the C convention: the value in r12 (low word) upward,
 * the count in r14 (32-bit shifts) or on the stack (64-bit shifts: 2(r1)
 * after the call); r11..r15 are free to use.
 */
.macro	FUNC name
	.text
	.global	\name
	.type	\name, @function
	.p2align 1
\name:
.endm

/* sign of the high word into \dst (0 or 0xffff): swpb/sxt twice */
.macro	SIGN src, dst
	mov	\src, \dst
	swpb	\dst
	sxt	\dst
	swpb	\dst
	sxt	\dst
.endm

/* The shift by the count in \n (masked with \mask): \word moves the value
 * a whole word (16 bits) as long as 16 or more remain, then \bit shifts
 * it one bit a step.  \word and \bit name the macros of one shift. */
.macro	SHIFT n, mask, word, bit
	and	#\mask, \n
1:	cmp	#16, \n
	jl	2f
	\word
	sub	#16, \n
	jmp	1b
2:	tst	\n
	jz	4f
3:	\bit
	dec	\n
	jnz	3b
4:	ret
.endm

/* 64-bit shifts: r12..r15 by the count 2(r1), in r11 */
.macro	SHL64_WORD				; a whole word
	mov	r14, r15
	mov	r13, r14
	mov	r12, r13
	clr	r12
.endm
.macro	SHL64_BIT				; one bit
	rla	r12
	rlc	r13
	rlc	r14
	rlc	r15
.endm
FUNC __ashldi3				; r12..r15 << 2(r1)
	mov	2(r1), r11
	SHIFT	r11, 63, SHL64_WORD, SHL64_BIT

.macro	LSHR64_WORD				; zeros in
	mov	r13, r12
	mov	r14, r13
	mov	r15, r14
	clr	r15
.endm
.macro	ASHR64_WORD				; signs in
	mov	r13, r12
	mov	r14, r13
	mov	r15, r14
	SIGN	r14, r15
.endm
.macro	LSHR64_BIT
	clrc
	rrc	r15
	rrc	r14
	rrc	r13
	rrc	r12
.endm
.macro	ASHR64_BIT
	rra	r15
	rrc	r14
	rrc	r13
	rrc	r12
.endm
FUNC __lshrdi3				; r12..r15 >> 2(r1), zeros in
	mov	2(r1), r11
	SHIFT	r11, 63, LSHR64_WORD, LSHR64_BIT

FUNC __ashrdi3				; r12..r15 >> 2(r1), signs in
	mov	2(r1), r11
	SHIFT	r11, 63, ASHR64_WORD, ASHR64_BIT

/* 32-bit shifts: r12:r13 by the count in r14 */
.macro	SHL32_WORD
	mov	r12, r13
	clr	r12
.endm
.macro	SHL32_BIT
	rla	r12
	rlc	r13
.endm
FUNC __mspabi_slll			; r12:r13 << r14
	SHIFT	r14, 31, SHL32_WORD, SHL32_BIT

.macro	LSHR32_WORD
	mov	r13, r12
	clr	r13
.endm
.macro	LSHR32_BIT
	clrc
	rrc	r13
	rrc	r12
.endm
FUNC __mspabi_srll			; r12:r13 >> r14, zeros in
	SHIFT	r14, 31, LSHR32_WORD, LSHR32_BIT

.macro	ASHR32_WORD
	mov	r13, r12
	SIGN	r12, r13
.endm
.macro	ASHR32_BIT
	rra	r13
	rrc	r12
.endm
FUNC __mspabi_sral			; r12:r13 >> r14, signs in
	SHIFT	r14, 31, ASHR32_WORD, ASHR32_BIT

/*
 * Entry points of the 64-bit multiply/divide helpers.  clang passes their
 * operands as a = r8..r11, b = r12..r15 and expects the result in
 * r12..r15 (the EABI's special convention for these calls); the C
 * versions in mspabi.c take a in r12..r15 and b on the stack.  r8..r10
 * are only read here and preserved by C code, as the caller expects.
 */
.macro	BUILTIN64 name, impl
	.text
	.global	\name
	.type	\name, @function
	.p2align 1
\name:
	push	r15			; b becomes the stacked second argument
	push	r14
	push	r13
	push	r12
	mov	r8, r12			; a becomes the first argument
	mov	r9, r13
	mov	r10, r14
	mov	r11, r15
	call	#\impl
	add	#8, r1			; drop b
	ret
.endm

	BUILTIN64 __mspabi_mpyll, lwc_mspabi_mpyll_c
	BUILTIN64 __mspabi_divull, lwc_mspabi_divull_c
	BUILTIN64 __mspabi_remull, lwc_mspabi_remull_c
	BUILTIN64 __mspabi_divlli, lwc_mspabi_divlli_c
	BUILTIN64 __mspabi_remlli, lwc_mspabi_remlli_c
