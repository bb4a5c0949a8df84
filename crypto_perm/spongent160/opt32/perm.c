#include "api.h"
#include "elephant/backend_opt32.h"
#include "elephant/perm_mode.h"
