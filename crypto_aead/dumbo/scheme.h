/* Elephant v2 Dumbo (NIST LWC final round, over Spongent-pi[160]): parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 12
#define CRYPTO_ABYTES 8
#define CRYPTO_NOOVERLAP 1
#define SPONGENT_SCHEME_NAME "dumbo"
