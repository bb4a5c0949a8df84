/* Symbol names for the MSP430 assembly of every family (src/<family>/msp430/<variant>.S):
 * the build gives each implementation -DLWC_NAMESPACE=<scheme>_<impl>, so
 * that every copy links into one program, as core/common.h does for C. */
#ifndef LWC_MSP430_ASM_H
#define LWC_MSP430_ASM_H

#define LWC_MSP430_CAT2(a, b) a##_##b
#define LWC_MSP430_CAT(a, b) LWC_MSP430_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define LWC_MSP430_SYM(name) LWC_MSP430_CAT(LWC_NAMESPACE, name)
#else
#define LWC_MSP430_SYM(name) name
#endif

#endif
