/* ISAP-A-128a (ISAP v2.0, NIST LWC final round, on the Ascon permutation): parameters shared by every implementation of this scheme.
 * The incremental interface takes the message in one update call (src/ascon/isap_mode.h). */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define ASCON_SCHEME_NAME "isap-a-128a"
#define ASCON_LITTLE_ENDIAN 0
