/* The bare Spongent-pi[160] permutation, 80 rounds on 20 bytes (a benchmark: one call of permute()).
 * Checked through the official KAT of dumbo: Elephant's Dumbo uses the full permutation alone. */
#define SPONGENT_SCHEME_NAME "spongent160"
#define SPONGENT_PERM_ROUNDS 80
