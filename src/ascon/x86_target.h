/*
 * The x86-64 implementations chosen at run time (x86_64_bmi2,
 * x86_64_avx512): every function of the translation unit that includes
 * this header is compiled for the instruction set extensions named by
 * ASCON_X86_TARGET (a target attribute given to all of them), so the build
 * needs no -m flag and the rest of the library stays baseline x86-64.
 * lwc_*_find() hands such an implementation out only when the CPU has them
 * (src/lib/lwc.c: lwc_impl_usable).  The implementation's last include is
 * ascon/x86_target_end.h.
 */
#ifndef ASCON_X86_TARGET_H
#define ASCON_X86_TARGET_H

#ifndef ASCON_X86_TARGET
#error "define ASCON_X86_TARGET (e.g. \"bmi,bmi2\") before ascon/x86_target.h"
#endif
#if !defined(__x86_64__)
#error "an x86-64 implementation built for another architecture"
#endif

/* plain C only (no intrinsics header): the compiler emits the extensions'
 * instructions itself, and the folder stays SUPERCOP-exportable */
/* a pragma's argument is not macro-expanded: _Pragma of a built string */
#define ASCON_X86_PRAGMA_(text) _Pragma(#text)
#if defined(__clang__)
#define ASCON_X86_PRAGMA(t) \
  ASCON_X86_PRAGMA_(clang attribute push(__attribute__((target(t))), apply_to = function))
#else
#define ASCON_X86_PRAGMA(t) ASCON_X86_PRAGMA_(GCC target(t))
#pragma GCC push_options
#endif
ASCON_X86_PRAGMA(ASCON_X86_TARGET)

#endif
