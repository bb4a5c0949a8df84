#include "api.h"
#include "xoodoo/backend_ref.h"
#include "xoodoo/hash_mode.h"
