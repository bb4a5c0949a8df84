"""The tests' models, one of each (tests/README.md): what a test compares
generated code or a target with is written once, here.

- bits: rotations of 32- and 64-bit words (rol, ror);
- perms: the reference permutations, rounds and S-boxes (Ascon, Gimli,
  Xoodoo, PRESENT's, Spongent's, Skinny's), written from the
  specifications;
- thumb: an interpreter of the Thumb-2 (ARMv7-M) instructions the
  generated rounds use;
- msp430: the MSP430 instructions the generated code uses (registers,
  carry, word memory) and their cycles (SLAU049);
- cm3: the Cortex-M3 cycle model (harness/platforms/qemu/cm3_cycles.c)
  driven by its validation program: a body's instructions and modelled
  cycles, a direct call's cost.
"""
