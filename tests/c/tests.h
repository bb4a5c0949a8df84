/* Entry points of the lwc-test program (one file per command). */
#ifndef LWC_TESTS_H
#define LWC_TESTS_H

#include "lwc.h"

/* lwc-test kat SCHEME IMPL [START...]: print the NIST-format KAT file. */
int kat_main(int argc, char **argv);
/* lwc-test props [SCHEME [IMPL]]: property tests of the implementations. */
int props_main(int argc, char **argv);

/* Implementation lookup that prints a message when not found. */
const lwc_aead *tests_find_aead(const char *scheme, const char *impl);
const lwc_hash *tests_find_hash(const char *scheme, const char *impl);

#endif
