#include "api.h"
#include "ascon/rv32/zbp_bi32.S"
