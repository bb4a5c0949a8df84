/* Symbol names for the AVR assembly backends (src/ascon/avr/*.S): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef ASCON_AVR_ASM_H
#define ASCON_AVR_ASM_H

#define ASCON_AVR_CAT2(a, b) a##_##b
#define ASCON_AVR_CAT(a, b) ASCON_AVR_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define ASCON_AVR_SYM(name) ASCON_AVR_CAT(LWC_NAMESPACE, name)
#else
#define ASCON_AVR_SYM(name) name
#endif

#endif
