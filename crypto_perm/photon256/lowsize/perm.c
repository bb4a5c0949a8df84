#include "api.h"
#include "photon/backend_lowsize.h"
#include "photon/perm_mode.h"
