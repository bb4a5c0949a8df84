"""The toolkit every assembly generator of src/ uses: the line emitter
and a global function's start and end (emitter.py), and the modules of the
ISAs whose generators share more (armv7m.py: the Thumb-2 emitter and a
function's symbol; armv6m.py: the Thumb-1 emitter that refuses what ARMv6-M
lacks, a function's entry and exit, and a small allocator of values to
registers and stack slots; avr.py: AVR's frames, multi-byte shifts and rotations;
msp430.py: MSP430's entry, exit and section helpers).  Every generated .S
includes sym.h, the one symbol-naming header (LWC_SYM: the implementation's
LWC_NAMESPACE prefix).  What belongs to one scheme stays in its family
(Ascon's key slots, S-box program and RISC-V mode loops: src/ascon/)."""
