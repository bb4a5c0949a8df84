#include "api.h"
#include "ascon/rv32/zbkb_bi32.S"
