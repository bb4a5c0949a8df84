/* The bare PHOTON256 permutation, 12 rounds on 32 bytes (a benchmark: one call of permute()).
 * Checked through the official KAT of photon-beetle-hash: PHOTON-Beetle-Hash uses the full permutation alone. */
#define PHOTON_SCHEME_NAME "photon256"
#define PHOTON_PERM_ROUNDS 12
