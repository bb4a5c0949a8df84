/*
 * The search that found the S-box program of gen.py (SBOX_PROGRAM): a
 * stochastic search (simulated annealing) over straight-line programs of
 * MSP430 two-operand instructions (mov, and, bic, bis, xor, inv; nop as a
 * free slot) on six registers: x0 .. x3 in r0 .. r3 and two temporaries
 * whose initial values are arbitrary (the cost is summed over four
 * different ones).  A register holds a 16-bit truth table (bit k: the value
 * for the input nibble k); the cost is the Hamming distance of the best
 * assignment of the four output bits of Spongent's S-box to distinct
 * registers.  A development tool, not part of any build:
 *
 *   cc -O2 -o sbox_search sbox_search.c -lm
 *   ./sbox_search SLOTS ITERATIONS [SEED]     # e.g. 19 4000000 991
 *
 * It restarts until a program reaches cost 0 and prints it (instruction
 * source, destination; "inv" ignores its source) with the registers at the
 * end.  A run is a matter of luck: 19 slots took a few minutes of one core
 * (the program in gen.py), 18 gave nothing in ten minutes.
 * tests/asm/test_asm_msp430_elephant.py checks the generated code itself.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const int SBOX[16] = {0xe, 0xd, 0xb, 0, 2, 1, 4, 0xf, 7, 0xa, 8, 5, 9, 0xc, 3, 6};
enum { NR = 6, MOV = 0, AND, BIC, BIS, XOR, INV, NOP, NOPS };
static const char *NAME[] = {"mov", "and", "bic", "bis", "xor", "inv", "nop"};
typedef struct { int op, d, s; } ins;

static uint16_t in[4], out[4], tmp_seed;
static int slots;
static uint64_t state = 88172645463325252ull;

static uint64_t next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

static void run(const ins *p, uint16_t *r) {
  int i;
  for (i = 0; i < NR; i++) r[i] = i < 4 ? in[i] : (uint16_t)(tmp_seed * (i + 3) + 0x9e37 * i);
  for (i = 0; i < slots; i++) {
    ins x = p[i];
    switch (x.op) {
      case MOV: r[x.d] = r[x.s]; break;
      case AND: r[x.d] &= r[x.s]; break;
      case BIC: r[x.d] &= (uint16_t)~r[x.s]; break;
      case BIS: r[x.d] |= r[x.s]; break;
      case XOR: r[x.d] ^= r[x.s]; break;
      case INV: r[x.d] = (uint16_t)~r[x.d]; break;
      default: break;
    }
  }
}

static int cost1(const ins *p) {
  uint16_t r[NR];
  int a, b, c, d, best = 1000;
  run(p, r);
  for (a = 0; a < NR; a++)
    for (b = 0; b < NR; b++)
      for (c = 0; c < NR; c++)
        for (d = 0; d < NR; d++) {
          int s;
          if (a == b || a == c || a == d || b == c || b == d || c == d) continue;
          s = __builtin_popcount(r[a] ^ out[0]) + __builtin_popcount(r[b] ^ out[1]) +
              __builtin_popcount(r[c] ^ out[2]) + __builtin_popcount(r[d] ^ out[3]);
          if (s < best) best = s;
        }
  return 4 * best; /* scaled: the annealing schedule below is tuned to it */
}

static int cost(const ins *p) {
  static const uint16_t seeds[4] = {0x1234, 0xbeef, 0x0000, 0xffff};
  int k, s = 0;
  for (k = 0; k < 4; k++) tmp_seed = seeds[k], s += cost1(p);
  return s;
}

static void random_ins(ins *x) {
  x->op = (int)(next() % NOPS);
  x->d = (int)(next() % NR);
  x->s = (int)(next() % NR);
}

int main(int argc, char **argv) {
  ins p[64], q[64];
  long iters, it;
  int k, j, i, restart;
  if (argc < 3 || (slots = atoi(argv[1])) < 1 || slots > 64) {
    fprintf(stderr, "usage: %s SLOTS ITERATIONS [SEED]\n", argv[0]);
    return 2;
  }
  iters = atol(argv[2]);
  state ^= argc > 3 ? (uint64_t)atol(argv[3]) * 2654435761u : (uint64_t)time(NULL);
  for (k = 0; k < 16; k++)
    for (j = 0; j < 4; j++) {
      if ((k >> j) & 1) in[j] |= (uint16_t)(1u << k);
      if ((SBOX[k] >> j) & 1) out[j] |= (uint16_t)(1u << k);
    }
  for (restart = 0;; restart++) {
    int s;
    for (i = 0; i < slots; i++) random_ins(&p[i]);
    s = cost(p);
    for (it = 0; it < iters; it++) {
      double t = 2.0 * (1.0 - (double)it / (double)iters) + 0.05;
      int m = (int)(next() % 4), s2;
      i = (int)(next() % (uint64_t)slots);
      memcpy(q, p, sizeof(ins) * (size_t)slots);
      if (m == 0) random_ins(&q[i]);
      else if (m == 1) q[i].s = (int)(next() % NR);
      else if (m == 2) q[i].d = (int)(next() % NR);
      else {
        ins x = q[i];
        j = (int)(next() % (uint64_t)slots);
        q[i] = q[j], q[j] = x;
      }
      s2 = cost(q);
      if (s2 <= s || exp((s - s2) / t) > (double)(next() % 1000000) / 1e6) {
        memcpy(p, q, sizeof(ins) * (size_t)slots);
        s = s2;
      }
      if (s == 0) {
        uint16_t r[NR];
        printf("found after %d restarts:\n", restart);
        for (i = 0; i < slots; i++)
          if (p[i].op != NOP) printf("  %s r%d, r%d\n", NAME[p[i].op], p[i].s, p[i].d);
        tmp_seed = 0;
        run(p, r);
        for (i = 0; i < NR; i++) printf(" r%d=%04x", i, r[i]);
        printf("\n outputs y0..y3: %04x %04x %04x %04x\n", out[0], out[1], out[2], out[3]);
        return 0;
      }
    }
  }
}
