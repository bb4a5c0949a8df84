/* Gimli-Hash (NIST LWC round-2 submission gimli24v1, round-2 padding): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define GIMLI_SCHEME_NAME "gimli24-hash"
