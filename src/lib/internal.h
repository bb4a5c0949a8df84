/*
 * What the library's files share (src/lib/lwc.c, src/lib/batch.c), outside
 * the public API.
 */
#ifndef LWC_LIB_INTERNAL_H
#define LWC_LIB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* No object is larger than PTRDIFF_MAX bytes: a longer length describes no
 * real buffer, and is refused before anything is read or written (so no
 * sum such as mlen + taglen can wrap around).  PTRDIFF_MAX is all ones:
 * (x | y) > LWC_LEN_MAX tests both lengths at once, in two instructions on
 * the measured path. */
#define LWC_LEN_MAX ((size_t)PTRDIFF_MAX)

/* 1 when this CPU has the instruction set extensions named `isa`, as the
 * x86-64 implementations (x86_64_<isa>) and the batch engines (<isa>) are
 * compiled for: "bmi2" (BMI1 and BMI2), "avx2", "avx512" (AVX-512F and VL).
 * 0 for any other name, and on other CPUs. */
static inline int lwc_cpu_has(const char *isa) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (strcmp(isa, "bmi2") == 0)
    return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  if (strcmp(isa, "avx2") == 0) return __builtin_cpu_supports("avx2");
  if (strcmp(isa, "avx512") == 0)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl");
#endif
  (void)isa;
  return 0;
}

#endif
