/* Symbol names for the Xtensa assembly backends (the .S files of src/ascon/xtensa/):
 * the build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so
 * that every copy links into one program, as common.h does for C. */
#ifndef ASCON_XT_ASM_H
#define ASCON_XT_ASM_H

#define ASCON_XT_CAT2(a, b) a##_##b
#define ASCON_XT_CAT(a, b) ASCON_XT_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define ASCON_XT_SYM(name) ASCON_XT_CAT(LWC_NAMESPACE, name)
#else
#define ASCON_XT_SYM(name) name
#endif

#endif
