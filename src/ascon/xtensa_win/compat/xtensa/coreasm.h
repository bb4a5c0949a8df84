/*
 * <xtensa/coreasm.h> for the windowed target (xtensa-esp32-qemu): the few
 * assembler macros of the Xtensa HAL header that outside ESP32 assembly
 * uses, so that such a folder (./lwcbench run --add DIR) assembles with the
 * stock LX106 toolchain.  An ESP32 toolchain ships the real header; Debian
 * does not.  Written for lwc from the macros' documented meaning; it
 * stands on xtensa_windowed.s (entry, retw, loop), which the target's
 * forced prelude (xtensa_windowed.h) has the assembler read first.
 *
 *   abi_entry locsize, callsize
 *       opens a windowed function's frame: entry a1, N with N = locsize
 *       rounded up to 16, plus the register-window save area the calls
 *       of this function need: 16 bytes (its callees' a0-a3) for no call
 *       or call4, 32 for call8 (a4-a7 too), 48 for call12 (a4-a11).
 *       The frame's top is the caller's stack pointer: arguments beyond
 *       the sixth are at N(a1), N + 4(a1), ...
 *   abi_return
 *       retw (the window rotates back; a1 is the caller's again).
 *   floop ar, name ... floopend ar, name
 *       a zero-overhead loop of `ar` passes over the lines between (the
 *       Loop option: LOOP, LBEG, LEND, LCOUNT).  ar is free in the body
 *       (LCOUNT counts).  The loop takes xtensa_windowed.s's far form (a
 *       body of 257 bytes or more, which the Xtensa assembler relaxes a
 *       LOOP to: 9 instructions once, as it emits them); a body that fits
 *       LOOP's reach is an assembly error here ("value ... too large for
 *       field of 1 byte" at the floop), because the assembler would have
 *       kept the single LOOP instruction and the count would differ.
 *       The ascon-c permutation loops this serves are 262 bytes.
 */
#ifndef LWC_COMPAT_XTENSA_COREASM_H
#define LWC_COMPAT_XTENSA_COREASM_H

#if !defined(__XTENSA_WINDOWED_ABI__)
#error "compat/xtensa/coreasm.h: the windowed ABI only (xtensa-esp32-qemu: -mabi=windowed)"
#endif

#ifdef __ASSEMBLER__

    .macro abi_entry locsize=0, callsize=0
    .if (\callsize) == 0 || (\callsize) == 4
    .set .Lxtw_save, 16
    .elseif (\callsize) == 8
    .set .Lxtw_save, 32
    .elseif (\callsize) == 12
    .set .Lxtw_save, 48
    .else
    .error "abi_entry: the call size is 0, 4, 8 or 12"
    .endif
    entry a1, (((\locsize) + 15) & -16) + .Lxtw_save
    .endm

    .macro abi_return locsize=0, callsize=0
    retw
    .endm

    .macro floop ar, name
    loop \ar, .Lxtw_floop_end_\name, far
    .endm

    .macro floopend ar, name
.Lxtw_floop_end_\name:
    .endm

#endif /* __ASSEMBLER__ */
#endif
