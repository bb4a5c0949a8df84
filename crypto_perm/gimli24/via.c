/* gimli24 is checked through gimli24-hash's official file: Gimli-Hash's mode
 * (src/gimli/hash_mode.h) compiled over the permutation under test. */
#include LWC_VIA_SCHEME_H            /* the kat-via scheme's scheme.h (the build passes it) */
#include "gimli/backend_via.h"
#include "gimli/hash_mode.h"
