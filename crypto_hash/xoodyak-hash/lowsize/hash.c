#include "api.h"
#include "xoodoo/backend_lowsize.h"
#include "xoodoo/hash_mode.h"
