/* The bare Ascon permutation p^12 (a benchmark: one call of permute()).
 * Checked through the official KAT of ascon-hash256: Ascon-Hash256 (SP 800-232) uses p^12 alone. */
#define ASCON_SCHEME_NAME "ascon-p12"
#define ASCON_LITTLE_ENDIAN 1 /* the state's bytes in SP 800-232 order */
#define ASCON_PERM_ROUNDS 12
