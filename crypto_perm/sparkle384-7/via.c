/* sparkle384-7 is checked on its target through the official file of its
 * kat-via scheme, esch256: Esch256's mode over the permutation under test
 * (src/core/via.h), whose 7-step calls between blocks are permute() and whose
 * 11-step call at the last block is permute_rounds(11).  The build passes
 * LWC_VIA_SCHEME_H, the path of esch256's scheme.h. */
#include LWC_VIA_SCHEME_H
#include "sparkle/backend_via.h"
#include "sparkle/hash_mode.h"
