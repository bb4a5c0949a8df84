#include "api.h"
#include "grain/backend_opt32.h"
#include "grain/aead_mode.h"
