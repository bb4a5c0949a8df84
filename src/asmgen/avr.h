/* Symbol names for the AVR assembly of every family (the .S files of src/<family>/avr/):
 * the build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so
 * that every copy links into one program, as common.h does for C. */
#ifndef LWC_AVR_ASM_H
#define LWC_AVR_ASM_H

#define LWC_AVR_CAT2(a, b) a##_##b
#define LWC_AVR_CAT(a, b) LWC_AVR_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define LWC_AVR_SYM(name) LWC_AVR_CAT(LWC_NAMESPACE, name)
#else
#define LWC_AVR_SYM(name) name
#endif

#endif
