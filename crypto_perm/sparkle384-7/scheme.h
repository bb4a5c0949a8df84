/* The bare permutation Sparkle384 with 7 steps, the slim one of Esch256 and Schwaemm256-128
 * (a benchmark: one call of permute()).  permute_rounds(n): n steps, 1 <= n <= 12.
 * Checked through the official KAT of esch256 (kat-via): 7 steps between its blocks. */
#define SPARKLE_SCHEME_NAME "sparkle384-7"
#define SPARKLE_PERM_STEPS 7
