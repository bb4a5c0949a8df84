#include "api.h"
#include "ascon/xtensa_win/bi32.S"
