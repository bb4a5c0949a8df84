#include "api.h"
#include "elephant/backend_ref.h"
#include "elephant/aead_mode.h"
