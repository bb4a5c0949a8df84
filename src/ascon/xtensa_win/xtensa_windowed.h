/*
 * Forced into every source of the windowed build (xtensa-esp32-qemu:
 * -include this file): the assembler reads xtensa_windowed.s, the
 * windowed instructions as macros, before anything else of the file.
 * A C file's top-level asm statements come out ahead of its functions;
 * an assembly file (.S) gets the directive itself.  The target adds
 * this folder to the assembler's include path (-Wa,-I...).
 */
#ifdef __ASSEMBLER__
        .include "xtensa_windowed.s"
#else
__asm__(".include \"xtensa_windowed.s\"");
#endif
