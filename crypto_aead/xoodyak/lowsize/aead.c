#include "api.h"
#include "xoodoo/backend_lowsize.h"
#include "xoodoo/aead_mode.h"
