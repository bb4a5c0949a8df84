#include "api.h"
#include "ascon/rv32/zbb_bi32.S"
