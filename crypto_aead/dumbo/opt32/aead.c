#include "api.h"
#include "elephant/backend_opt32.h"
#include "elephant/aead_mode.h"
