#include "api.h"
#include "gimli/backend_lowsize.h"
#include "gimli/hash_mode.h"
