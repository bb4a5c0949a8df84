#include "api.h"
#include "ascon/xtensa/bi32.S"
