/* spongent160 is checked through dumbo's official file: Elephant's mode
 * (src/elephant/aead_mode.h) compiled over the permutation under test. */
#include LWC_VIA_SCHEME_H            /* the kat-via scheme's scheme.h (the build passes it) */
#include "elephant/backend_via.h"
#include "elephant/aead_mode.h"
