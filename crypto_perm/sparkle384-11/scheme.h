/* The bare permutation Sparkle384 with 11 steps, the big one of Esch256 and Schwaemm256-128
 * (a benchmark: one call of permute()).  permute_rounds(n): n steps, 1 <= n <= 12.
 * Checked through the official KAT of schwaemm256-128 (kat-via): 11 steps at its initialisation
 * and after the associated data and the message. */
#define SPARKLE_SCHEME_NAME "sparkle384-11"
#define SPARKLE_PERM_STEPS 11
