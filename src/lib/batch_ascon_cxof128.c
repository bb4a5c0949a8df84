/* The batch engines of ascon-cxof128 (src/ascon/batch_mode.h). */
#define LWC_BATCH_SCHEME_H "../../crypto_cxof/ascon-cxof128/scheme.h"
#define LWC_BATCH_SYM lwc_batch_ascon_cxof128
#include "batch_engines.h"
