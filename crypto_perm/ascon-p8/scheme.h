/* The bare Ascon permutation p^8 (a benchmark: one call of permute()).
 * Checked through the official KAT of ascon-aead128: Ascon-AEAD128 (SP 800-232): p^12 and p^8. */
#define ASCON_SCHEME_NAME "ascon-p8"
#define ASCON_LITTLE_ENDIAN 1 /* the state's bytes in SP 800-232 order */
#define ASCON_PERM_ROUNDS 8
