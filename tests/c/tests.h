/* Entry points of the lwc-test program (one file per command). */
#ifndef LWC_TESTS_H
#define LWC_TESTS_H

#include "lwc.h"

/* lwc-test kat SCHEME IMPL [START...]: print the NIST-format KAT file. */
int kat_main(int argc, char **argv);
/* lwc-test props [SCHEME [IMPL]]: property tests of the implementations. */
int props_main(int argc, char **argv);
/* lwc-test batch SCHEME ENGINE: the batch calls against one-message calls. */
int batch_main(int argc, char **argv);

#endif
