/* skinny128-384plus is checked through romulus-n's official file:
 * Romulus-N's mode (src/skinny/aead_mode.h) compiled over the permutation
 * under test. */
#include LWC_VIA_SCHEME_H            /* the kat-via scheme's scheme.h (the build passes it) */
#include "skinny/backend_via.h"
#include "skinny/aead_mode.h"
