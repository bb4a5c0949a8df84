/* lwc-test: C-side test driver, run by the pytest suite in tests/. */
#include <stdio.h>
#include <string.h>

#include "tests.h"

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "kat") == 0) return kat_main(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "props") == 0) return props_main(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "batch") == 0) return batch_main(argc - 2, argv + 2);
  fprintf(stderr,
          "usage: lwc-test kat SCHEME IMPL [START...]\n"
          "       lwc-test props [SCHEME [IMPL]]\n"
          "       lwc-test batch SCHEME ENGINE [ct]\n");
  return 2;
}
