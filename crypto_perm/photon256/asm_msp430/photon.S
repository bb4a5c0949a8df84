#include "api.h"
#include "photon/msp430/bitsliced.S"
