#include "api.h"
#include "grain/backend_lowsize.h"
#include "grain/aead_mode.h"
