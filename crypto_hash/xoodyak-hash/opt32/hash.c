#include "api.h"
#include "xoodoo/backend_opt32.h"
#include "xoodoo/hash_mode.h"
