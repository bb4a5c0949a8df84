/* Symbol names for the AVR assembly of Sparkle (src/sparkle/avr/*.S): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef SPARKLE_AVR_ASM_H
#define SPARKLE_AVR_ASM_H

#define SPARKLE_AVR_CAT2(a, b) a##_##b
#define SPARKLE_AVR_CAT(a, b) SPARKLE_AVR_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define SPARKLE_AVR_SYM(name) SPARKLE_AVR_CAT(LWC_NAMESPACE, name)
#else
#define SPARKLE_AVR_SYM(name) name
#endif

#endif
