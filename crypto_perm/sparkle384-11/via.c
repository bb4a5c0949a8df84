/* sparkle384-11 is checked on its target through the official file of its
 * kat-via scheme, schwaemm256-128: Schwaemm256-128's mode over the
 * permutation under test (src/core/via.h), whose 11-step calls (the
 * initialisation, the end of the associated data and of the message) are
 * permute() and whose 7-step calls between blocks are permute_rounds(7).
 * The build passes LWC_VIA_SCHEME_H, the path of schwaemm256-128's scheme.h. */
#include LWC_VIA_SCHEME_H
#include "sparkle/backend_via.h"
#include "sparkle/aead_mode.h"
