/* The batch engines of asconxof-v12 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_hash/asconxof-v12/scheme.h"
#define LWC_BATCH_SYM lwc_batch_asconxof_v12
#include "batch_engines.h"
