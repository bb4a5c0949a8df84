/* The end of the region opened by ascon/x86_target.h. */
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
