/* Romulus-N (Romulus v1.3, NIST LWC final round; Skinny-128-384+, 40 rounds): parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define SKINNY_SCHEME_NAME "romulus-n"
