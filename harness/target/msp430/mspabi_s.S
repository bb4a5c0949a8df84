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
