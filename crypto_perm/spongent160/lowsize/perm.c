#include "api.h"
#include "elephant/backend_lowsize.h"
#include "elephant/perm_mode.h"
