/*
 * The windowed-ABI instructions for an assembler that lacks them.
 *
 * Debian's xtensa-lx106-elf-as is configured for the LX106, which has no
 * register windows: it rejects `entry`, `retw`, `call8` ("unknown opcode
 * or format name").  gcc -mabi=windowed emits them all the same, and a
 * windowed core (qemu-xtensa -cpu dc233c, an ESP32's LX6) executes them.
 * gas looks a statement's name up among macros before opcodes, so these
 * macros, of the instructions' names, let the stock assembler build
 * windowed code: each is the instruction's bytes (Xtensa ISA reference
 * manual, little-endian encodings).  A file reads them first: the
 * xtensa-esp32-qemu target passes this file to the assembler ahead of
 * every source (xtensa_windowed.h, forced into every source, includes it).
 *
 *   entry as, imm     BRI12: imm12 = imm / 8 (imm a multiple of 8, < 32768)
 *   retw / retw.n     CALLX m=2 n=1 / RRRN 0xf01d
 *   callx4/8/12 as    CALLX m=3 n=1/2/3
 *   movsp at, as      RRR r=1
 *   call4/8/12 sym    not direct (a CALLn's PC-relative offset needs a
 *                     relocation this assembler cannot attach to bytes):
 *                     the address loaded by movi (an L32R of a literal, as
 *                     -mlongcalls gives) into the register the call
 *                     clobbers anyway (its return address), then callxN
 *
 * And the Loop option's zero-overhead loops, which the LX106 lacks too
 * (an LX6 and dc233c have them): the windowed target's stand-in for an
 * ESP32 toolchain's <xtensa/coreasm.h> (compat/xtensa/coreasm.h, floop)
 * needs them.
 *
 *   loop/loopnez/loopgtz as, label
 *                     BRI8 r=8/9/10: LCOUNT = as - 1, LBEG = the next
 *                     instruction, LEND = label (loopnez, loopgtz: no pass
 *                     when as is 0, not > 0); label - (PC + 4) in 0..255, a
 *                     body of at most 256 bytes, else an assembly error
 *   loop as, label, far
 *                     a body of 257 bytes to 32 KiB, beyond LOOP's reach:
 *                     what the Xtensa assembler relaxes such a LOOP to, 9
 *                     instructions run once: a LOOP to the body's start (the
 *                     loop's registers are set), then LBEG := LEND (the
 *                     body's start), LEND := that + the body's length
 *                     (ADDI, ADDMI), ISYNC, and `as` back to its count from
 *                     LCOUNT (+ 1).  The assembler picks this form itself
 *                     once the body's length is known; a macro expands
 *                     before that, so the source asks for it, and the
 *                     length is checked when the object is written: `far`
 *                     for a body that fits LOOP's reach (the assembler
 *                     would not relax it) is an error, as is near for one
 *                     that does not
 */
    .macro _xtw_regno sym, r
    .ifc \r, sp
    .set \sym, 1
    .else
    .set \sym, -1
    .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
    .ifc \r, a\n
    .set \sym, \n
    .endif
    .endr
    .endif
    .if \sym < 0
    .error "windowed macro: not an address register: \r"
    .endif
    .endm

    .macro entry as, imm
    _xtw_regno .Lxtw_s, \as
    .if ((\imm) & 7) || (\imm) < 0 || (\imm) > 32760
    .error "entry: the frame size must be a multiple of 8 below 32768"
    .endif
    .byte 0x36, .Lxtw_s | ((((\imm) >> 3) & 15) << 4), ((\imm) >> 7) & 255
    .endm

    .macro retw
    .byte 0x90, 0x00, 0x00
    .endm

    .macro retw.n
    .byte 0x1d, 0xf0
    .endm

    .macro callx4 as
    _xtw_regno .Lxtw_s, \as
    .byte 0xd0, .Lxtw_s, 0x00
    .endm

    .macro callx8 as
    _xtw_regno .Lxtw_s, \as
    .byte 0xe0, .Lxtw_s, 0x00
    .endm

    .macro callx12 as
    _xtw_regno .Lxtw_s, \as
    .byte 0xf0, .Lxtw_s, 0x00
    .endm

    .macro movsp at, as
    _xtw_regno .Lxtw_t, \at
    _xtw_regno .Lxtw_s, \as
    .byte .Lxtw_t << 4, 0x10 | .Lxtw_s, 0x00
    .endm

    .macro call4 target
    movi a4, \target
    callx4 a4
    .endm

    .macro call8 target
    movi a8, \target
    callx8 a8
    .endm

    .macro call12 target
    movi a12, \target
    callx12 a12
    .endm

    /* loop, loopnez, loopgtz (BRI8, op0 6, n 3, m 1; r 8, 9, 10): the
     * offset byte is label - (PC + 4); the check term is 0 for an offset in
     * 0..255 and puts the byte out of range otherwise (a label behind, or
     * too far: "value ... too large for field of 1 byte") */
    .macro _xtw_loop r, as, label
    _xtw_regno .Lxtw_s, \as
.Lxtw_loop\@:
    .byte 0x76, (\r << 4) | .Lxtw_s
    .byte (\label - .Lxtw_loop\@ - 4) + (((\label - .Lxtw_loop\@ - 4) >> 8) << 9)
    .endm

    /* the far form.  Its body is [.Lxtw_body, label), D bytes long; the
     * ADDI takes D's low byte as a signed number, the ADDMI the rest in
     * units of 256.  The ADDMI's byte carries the checks: each term is 0
     * when 257 <= D <= 32639 (the assembler's own relaxation covers that
     * range: beyond LOOP's 256 bytes, within ADDMI's reach) and puts the
     * byte out of range otherwise */
    .macro _xtw_loop_far as, label
    _xtw_regno .Lxtw_f, \as
    .if .Lxtw_f == 1
    .error "loop a1, ..., far: the far form needs a register it can write (not the stack pointer)"
    .endif
    .byte 0x76, 0x80 | .Lxtw_f, 23                /* loop  as, .Lxtw_body: 24 bytes on */
    .byte .Lxtw_f << 4, 1, 0x03                   /* rsr   as, LEND: the body's start */
    .byte .Lxtw_f << 4, 0, 0x13                   /* wsr   as, LBEG */
    .byte (.Lxtw_f << 4) | 2, 0xc0 | .Lxtw_f      /* addi  as, as, low byte of D */
    .byte (\label - .Lxtw_body\@) & 255
    .byte (.Lxtw_f << 4) | 2, 0xd0 | .Lxtw_f      /* addmi as, as, the rest of D */
    .byte (((\label - .Lxtw_body\@) + 128) >> 8) + ((((\label - .Lxtw_body\@) - 257) >> 20) << 9) + (((32639 - (\label - .Lxtw_body\@)) >> 20) << 9)
    .byte .Lxtw_f << 4, 1, 0x13                   /* wsr   as, LEND: the label */
    .byte 0x00, 0x20, 0x00                        /* isync */
    .byte .Lxtw_f << 4, 2, 0x03                   /* rsr   as, LCOUNT: the count - 1 */
    .byte (.Lxtw_f << 4) | 2, 0xc0 | .Lxtw_f, 1   /* addi  as, as, 1 */
.Lxtw_body\@:
    .endm

    .macro loop as, label, reach=near
    .ifc \reach, far
    _xtw_loop_far \as, \label
    .else
    .ifc \reach, near
    _xtw_loop 8, \as, \label
    .else
    .error "loop: the third operand is near (the default) or far: \reach"
    .endif
    .endif
    .endm

    .macro loopnez as, label
    _xtw_loop 9, \as, \label
    .endm

    .macro loopgtz as, label
    _xtw_loop 10, \as, \label
    .endm
