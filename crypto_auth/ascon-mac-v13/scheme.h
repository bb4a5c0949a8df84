/* Ascon-Mac (Ascon v1.3, over the SP 800-232 permutation): parameters shared by every
 * implementation of this scheme; the mode is src/ascon/auth_mode.h. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_BYTES 16 /* the tag */
#define ASCON_SCHEME_NAME "ascon-mac-v13"
#define ASCON_AUTH_KIND LWC_MAC
#define ASCON_LITTLE_ENDIAN 1
/* lane 0 of the first state: variant 5, p^12 at both ends, a 128-bit tag, 32 bytes absorbed and 16 squeezed a call */
#define ASCON_AUTH_IV 0x0010200080cc0005ull
