#include "api.h"
#include "gimli/backend_lowsize.h"
#include "gimli/perm_mode.h"
