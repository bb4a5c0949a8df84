#include "api.h"
#include "elephant/backend_lowsize.h"
#include "elephant/aead_mode.h"
