#include "api.h"
#include "skinny/backend_opt32.h"
#include "skinny/aead_mode.h"
