/* lwc-test: C-side test driver, run by the pytest suite in tests/. */
#include <stdio.h>
#include <string.h>

#include "tests.h"

/* lwc-test select: what lwc_*_find(scheme, NULL) picks on this CPU, and
 * whether each implementation can be found by name, one line per
 * implementation of the registry: "SCHEME IMPL findable selected". */
static int select_main(void) {
  const lwc_aead *const *a;
  const lwc_hash *const *h;
  for (a = lwc_aead_registry; *a; a++)
    printf("%s %s %d %d\n", (*a)->scheme, (*a)->impl,
           lwc_aead_find((*a)->scheme, (*a)->impl) == *a, lwc_aead_find((*a)->scheme, NULL) == *a);
  for (h = lwc_hash_registry; *h; h++)
    printf("%s %s %d %d\n", (*h)->scheme, (*h)->impl,
           lwc_hash_find((*h)->scheme, (*h)->impl) == *h, lwc_hash_find((*h)->scheme, NULL) == *h);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "kat") == 0) return kat_main(argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "props") == 0) return props_main(argc - 2, argv + 2);
  if (argc == 2 && strcmp(argv[1], "select") == 0) return select_main();
  if (argc >= 2 && strcmp(argv[1], "batch") == 0) return batch_main(argc - 2, argv + 2);
  fprintf(stderr,
          "usage: lwc-test kat SCHEME IMPL [START...]\n"
          "       lwc-test props [SCHEME [IMPL]]\n"
          "       lwc-test batch SCHEME ENGINE [ct]\n"
          "       lwc-test select\n");
  return 2;
}
