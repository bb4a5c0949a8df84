/* Gimli-Cipher (NIST LWC round-2 submission gimli24v1): parameters shared by every implementation of this scheme. */
#define CRYPTO_KEYBYTES 32
#define CRYPTO_NSECBYTES 0
#define CRYPTO_NPUBBYTES 16
#define CRYPTO_ABYTES 16
#define CRYPTO_NOOVERLAP 1
#define GIMLI_SCHEME_NAME "gimli24-cipher"
