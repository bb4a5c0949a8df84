#include "api.h"
#include "sparkle/backend_opt32.h"
#include "sparkle/aead_mode.h"
