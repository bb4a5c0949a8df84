/*
 * The permutation under test of the via modes (core/via.h): one pointer
 * for every crypto_perm/<perm>/via.c of a program, which the check sets to
 * the descriptor it checks before it runs a mode.  Compiled and linked
 * with the via modes, wherever they are built (the harness: lwc-bench on
 * the host, a bare permutation's firmware), never into liblwc.
 */
#include "core/via.h"

const lwc_perm *lwc_via_perm;
