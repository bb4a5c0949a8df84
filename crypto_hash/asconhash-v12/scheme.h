/* Ascon-Hash (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "asconhash-v12"
#define ASCON_HASH_KIND LWC_HASH
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 12
#define ASCON_IV {0x00, 0x40, 0x0c, 0x00, 0x00, 0x00, 0x01, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0xee9398aadb67f03du, 0x8bb21831c60f1002u, 0xb48a92db98d5da62u, 0x43189921b8f8e3e8u, 0x348fa5c9d525e140u}
