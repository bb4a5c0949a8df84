#include "api.h"
#include "sparkle/backend_ref.h"
#include "sparkle/aead_mode.h"
