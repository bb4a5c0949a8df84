#include "api.h"
#include "xoodoo/backend_ref.h"
#include "xoodoo/aead_mode.h"
