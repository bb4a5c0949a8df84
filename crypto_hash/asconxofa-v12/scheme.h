/* Ascon-Xofa (Ascon v1.2): parameters shared by every implementation of this scheme. */
#define CRYPTO_BYTES 32
#define ASCON_SCHEME_NAME "asconxofa-v12"
#define ASCON_HASH_KIND LWC_XOF
#define ASCON_LITTLE_ENDIAN 0
#define ASCON_RATE 8
#define ASCON_PA 12
#define ASCON_PB 8
#define ASCON_IV {0x00, 0x40, 0x0c, 0x04, 0x00, 0x00, 0x00, 0x00}
/* p^a(IV || 0): the state every message starts from (tools/ascon_constants.py) */
#define ASCON_HASH_STATE0 {0x44906568b77b9832u, 0xcd8d6cae53455532u, 0xf7b5212756422129u, 0x246885e1de0d225bu, 0xa8cb5ce33449973fu}
