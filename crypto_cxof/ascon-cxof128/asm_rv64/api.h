#include "../scheme.h"
