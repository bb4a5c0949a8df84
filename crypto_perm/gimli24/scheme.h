/* The bare Gimli permutation, 24 rounds on 48 bytes (a benchmark: one call of permute()).
 * Checked through the official KAT of gimli24-hash: Gimli-Hash uses the full Gimli alone. */
#define GIMLI_SCHEME_NAME "gimli24"
#define GIMLI_PERM_ROUNDS 24
