/* Symbol names for the AVR assembly of Xoodoo (src/xoodoo/avr/*.S): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef XOODOO_AVR_ASM_H
#define XOODOO_AVR_ASM_H

#define XOODOO_AVR_CAT2(a, b) a##_##b
#define XOODOO_AVR_CAT(a, b) XOODOO_AVR_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define XOODOO_AVR_SYM(name) XOODOO_AVR_CAT(LWC_NAMESPACE, name)
#else
#define XOODOO_AVR_SYM(name) name
#endif

#endif
