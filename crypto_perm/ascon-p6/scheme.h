/* The bare Ascon permutation p^6 (a benchmark: one call of permute()).
 * Checked through the official KAT of ascon128-v12: Ascon-128 (v1.2): p^12 and p^6. */
#define ASCON_SCHEME_NAME "ascon-p6"
#define ASCON_LITTLE_ENDIAN 1 /* the state's bytes in SP 800-232 order */
#define ASCON_PERM_ROUNDS 6
