/* Symbol names for the AVR assembly of Gimli (src/gimli/avr/*.S): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef GIMLI_AVR_ASM_H
#define GIMLI_AVR_ASM_H

#define GIMLI_AVR_CAT2(a, b) a##_##b
#define GIMLI_AVR_CAT(a, b) GIMLI_AVR_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define GIMLI_AVR_SYM(name) GIMLI_AVR_CAT(LWC_NAMESPACE, name)
#else
#define GIMLI_AVR_SYM(name) name
#endif

#endif
