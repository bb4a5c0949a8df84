#include "api.h"
#include "xoodoo/backend_opt32.h"
#include "xoodoo/aead_mode.h"
