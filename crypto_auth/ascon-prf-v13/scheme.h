/* Ascon-Prf (Ascon v1.3, over the SP 800-232 permutation): parameters shared by every
 * implementation of this scheme; the mode is src/ascon/auth_mode.h. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_BYTES 64 /* the usual output (crypto_auth, the KAT); crypto_prf and lwc_auth.compute take any length */
#define ASCON_SCHEME_NAME "ascon-prf-v13"
#define ASCON_AUTH_KIND LWC_PRF
#define ASCON_LITTLE_ENDIAN 1
/* lane 0 of the first state: variant 6, p^12 at both ends, output of any length, 32 bytes absorbed and 16 squeezed a call */
#define ASCON_AUTH_IV 0x0010200000cc0006ull
