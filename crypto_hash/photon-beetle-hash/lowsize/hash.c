#include "api.h"
#include "photon/backend_lowsize.h"
#include "photon/hash_mode.h"
