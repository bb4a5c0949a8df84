/* xoodoo12 is checked through xoodyak-hash's official file: Xoodyak's hash mode calls Xoodoo[12] alone. */
#include LWC_VIA_SCHEME_H            /* the kat-via scheme's scheme.h (the build passes it) */
#include "xoodoo/backend_via.h"
#include "xoodoo/hash_mode.h"
