/* ascon-p8 is checked on its target through the official file of its
 * kat-via scheme, ascon-aead128: that scheme's mode over the permutation under
 * test (src/core/via.h).  The build passes LWC_VIA_SCHEME_H, the path of
 * ascon-aead128's scheme.h. */
#include LWC_VIA_SCHEME_H
#include "ascon/backend_via.h"
#include "ascon/aead_mode.h"
