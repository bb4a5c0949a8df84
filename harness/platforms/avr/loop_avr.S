; bench_known_loop(uint32_t n) for the AVR (avr-gcc ABI: n in r22..r25,
; least significant byte first; r1 is always zero; r22..r25 may be clobbered).
;
; Cycles from the AVR Instruction Set Manual (ATmega128 core):
;   cp, cpc, subi, sbci: 1 cycle; rjmp: 2; brne: 1 not taken, 2 taken.
; SUBI/SBCI and CP/CPC set Z only when the whole multi-byte result is zero
; (SBCI and CPC keep Z when their byte is zero), so Z tests all of n.
;
; n = 0: 4 (cp..cpc) + 2 (rjmp) + 1 (brne not taken)                  = 7
; n > 0: 4 + 2 + 2 (first brne taken) + n * 4 (body)
;        + (n - 1) * 2 (brne taken) + 1 (last brne)                   = 6n + 7
; Per iteration: 5 instructions (subi, 3 x sbci, brne) and 6 cycles, so
; cycles(n) - cycles(0) = 6n exactly (bench_loop_body_cycles in port_avr.c).

	.text
	.global	bench_known_loop
	.type	bench_known_loop, @function
bench_known_loop:
	cp	r22, r1		; Z = (n == 0)
	cpc	r23, r1
	cpc	r24, r1
	cpc	r25, r1
	rjmp	2f
1:	subi	r22, 1		; n -= 1, Z = (n == 0)
	sbci	r23, 0
	sbci	r24, 0
	sbci	r25, 0
2:	brne	1b
	ret
	.size	bench_known_loop, .-bench_known_loop
