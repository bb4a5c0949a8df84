/* Symbol names for the RV64 assembly backends (the .S files of src/ascon/rv64/): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef ASCON_RV64_ASM_H
#define ASCON_RV64_ASM_H

#define ASCON_RV64_CAT2(a, b) a##_##b
#define ASCON_RV64_CAT(a, b) ASCON_RV64_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define ASCON_RV64_SYM(name) ASCON_RV64_CAT(LWC_NAMESPACE, name)
#else
#define ASCON_RV64_SYM(name) name
#endif

#endif
