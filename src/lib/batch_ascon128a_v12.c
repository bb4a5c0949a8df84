/* The batch engines of ascon128a-v12 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_aead/ascon128a-v12/scheme.h"
#define LWC_BATCH_SYM lwc_batch_ascon128a_v12
#include "batch_engines.h"
