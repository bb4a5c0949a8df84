#include "api.h"
#include "gimli/backend_lowsize.h"
#include "gimli/aead_mode.h"
