/* Ascon-Xof (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "asconxof-v12"
#define ASCON_HASH_KIND LWC_XOF
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x00, 0x40, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0xb57e273b814cd416u, 0x2b51042562ae2420u, 0x66a3a7768ddf2218u, 0x5aad0a7a8153650cu, 0x4f3e0e32539493b6u}
