/* photon256 is checked through photon-beetle-hash's official file:
 * PHOTON-Beetle-Hash's mode (src/photon/hash_mode.h) compiled over the
 * permutation under test. */
#include LWC_VIA_SCHEME_H            /* the kat-via scheme's scheme.h (the build passes it) */
#include "photon/backend_via.h"
#include "photon/hash_mode.h"
