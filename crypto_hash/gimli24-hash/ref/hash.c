#include "api.h"
#include "gimli/backend_ref.h"
#include "gimli/hash_mode.h"
