#include "api.h"
#include "ascon/xtensa/fsr.S"
