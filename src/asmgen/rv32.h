/* Symbol names for the RV32 assembly backends (the .S files of src/ascon/rv32/): the
 * build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that
 * every copy links into one program, as common.h does for C. */
#ifndef ASCON_RV32_ASM_H
#define ASCON_RV32_ASM_H

#define ASCON_RV32_CAT2(a, b) a##_##b
#define ASCON_RV32_CAT(a, b) ASCON_RV32_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define ASCON_RV32_SYM(name) ASCON_RV32_CAT(LWC_NAMESPACE, name)
#else
#define ASCON_RV32_SYM(name) name
#endif

#endif
