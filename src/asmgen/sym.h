/* The symbol names of every generated .S: the build gives each
 * implementation -DLWC_NAMESPACE=<scheme>_<impl>, so that every copy links
 * into one program, as core/common.h's LWC_NS does for C.  Assembly only
 * (no C header may be included here). */
#ifndef LWC_ASMGEN_SYM_H
#define LWC_ASMGEN_SYM_H

#define LWC_SYM_CAT2(a, b) a##_##b
#define LWC_SYM_CAT(a, b) LWC_SYM_CAT2(a, b)
#ifdef LWC_NAMESPACE
#define LWC_SYM(name) LWC_SYM_CAT(LWC_NAMESPACE, name)
#else
#define LWC_SYM(name) name
#endif

#endif
