/* Ascon-PrfShort (Ascon v1.3, over the SP 800-232 permutation): parameters shared by every
 * implementation of this scheme; the mode is src/ascon/auth_mode.h. */
#define CRYPTO_KEYBYTES 16
#define CRYPTO_BYTES 16 /* the longest output */
#define LWC_MAX_INBYTES 16 /* the longest input (harness/discover.py reads it) */
#define ASCON_SCHEME_NAME "ascon-prfs-v13"
#define ASCON_AUTH_KIND LWC_PRF_SHORT
#define ASCON_PRFS 1 /* for the assembly: its .S then has the one-call routine (ascon_<isa>_prfs) */
#define ASCON_LITTLE_ENDIAN 1
/* lane 0 of the first state: variant 7, p^12, a 128-bit output; the message's bit length goes into bits 48.. per call */
#define ASCON_AUTH_IV 0x00000000800c0007ull
