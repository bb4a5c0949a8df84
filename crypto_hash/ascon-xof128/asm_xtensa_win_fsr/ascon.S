#include "api.h"
#include "ascon/xtensa_win/fsr.S"
