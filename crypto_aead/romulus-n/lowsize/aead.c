#include "api.h"
#include "skinny/backend_lowsize.h"
#include "skinny/aead_mode.h"
