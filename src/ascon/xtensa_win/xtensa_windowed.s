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
