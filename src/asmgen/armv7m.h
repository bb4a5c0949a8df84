/* Symbol names for the ARMv7-M assembly backends (the .S files of src/ascon/armv7m/):
 * the build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so
 * that every copy links into one program, as common.h does for C. */
#ifndef ASCON_ARMV7M_ASM_H
#define ASCON_ARMV7M_ASM_H

#define ARMV7M_CAT2(a, b) a##_##b
#define ARMV7M_CAT(a, b) ARMV7M_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define ARMV7M_SYM(name) ARMV7M_CAT(LWC_NAMESPACE, name)
#else
#define ARMV7M_SYM(name) name
#endif

#endif
