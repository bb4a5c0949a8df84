#include "api.h"
#include "sparkle/backend_lowsize.h"
#include "sparkle/aead_mode.h"
