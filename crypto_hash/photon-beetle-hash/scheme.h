/* PHOTON-Beetle-Hash[32] (PHOTON-Beetle v2.0, NIST LWC final round; PHOTON256, 4-byte absorbing rate): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define PHOTON_SCHEME_NAME "photon-beetle-hash"
