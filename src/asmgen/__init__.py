"""The toolkit every assembly generator of src/ uses: the line emitter
(emitter.py) and one module per ISA family with what every generator of
that ISA needs (riscv.py: the rate-block loop RV32 and RV64 share;
armv7m.py: the Thumb-2 emitter and a function's frame;
avr.py: AVR's frames, multi-byte shifts and rotations; msp430.py: MSP430's
entry, exit and section helpers).  Each ISA's header of symbol-naming
macros (<isa>.h: LWC_NAMESPACE prefixes) lies beside its module; a
generated .S includes it as "asmgen/<isa>.h".  What belongs to one scheme
stays in its family (Ascon's key slots: src/ascon/keyslots.py)."""
