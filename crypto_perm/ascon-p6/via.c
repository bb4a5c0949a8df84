/* ascon-p6 is checked on its target through the official file of its
 * kat-via scheme, ascon128-v12: that scheme's mode over the permutation under
 * test (src/core/via.h).  The build passes LWC_VIA_SCHEME_H, the path of
 * ascon128-v12's scheme.h. */
#include LWC_VIA_SCHEME_H
#include "ascon/backend_via.h"
#include "ascon/aead_mode.h"
