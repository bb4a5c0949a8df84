/*
 * lwc-bench: the target side of ./lwcbench (harness/bench/).
 *
 * The host sends request lines and reads response lines.  The same program
 * runs behind a pipe (host, qemu-user, the simavr harness), a request
 * script placed in the image (simulators without an input channel) or a
 * serial port (a real board).  The core (bench_core.c with its parts
 * bench_stats.c, bench_trace.c, bench_stack.c; bench_kat.c,
 * bench_kat_perm.c; bench_util.c, which they share) is portable C without
 * I/O or allocation; one "port" file per target family
 * provides the console and the counters (the functions below).
 *
 * Requests (one line each, fields separated by blanks) and answers:
 *   hello        -> ok lwc-bench protocol=2 port=P counters=C exact=E
 *                   max_len=N stack_paint=N
 *   list         -> "impl aead|hash|perm SCHEME IMPL" lines, then ok count=N
 *   kat SCHEME IMPL S0 S1 S2 [EXPECT [VIA]]
 *                -> "k COUNT CRC" per KAT entry, then ok entries=N.
 *                   Computes the scheme's whole KAT (NIST LWC layout, input
 *                   sequences starting at bytes S0 S1 S2 as in the official
 *                   file: AEAD nonce/pt/ad, hash msg/custom); CRC is the
 *                   CRC-32 (IEEE, 8 hex digits) of the entry's output (AEAD:
 *                   C || T; hash: MD).  AEAD entries are also decrypted: a
 *                   wrong plaintext, a rejected tag or an accepted forged
 *                   tag answers err.  EXPECT: CRC-32 of all outputs in
 *                   order; a mismatch answers err.  After a failed kat the
 *                   program refuses measure, stack and once.  A bare
 *                   permutation has no file of its own: VIA names the
 *                   official file's scheme, computed through a mode over
 *                   the permutation's interface (bench_kat_perm.c).
 *   rounds SCHEME IMPL
 *                -> "k N CRC" for N = 1 .. max_rounds, then ok rounds=N: the
 *                   CRC-32 of a bare permutation's state after
 *                   permute_rounds(N) from the bytes 0x30, 0x31, ...
 *   overhead SAMPLES
 *                -> ok op=overhead samples=N C=...  (an empty counted region)
 *   loop N SAMPLES
 *                -> ok op=loop n=N samples=... C=...  bench_known_loop(N)
 *   measure SCHEME IMPL OP ADLEN MLEN SAMPLES
 *                   OP: encrypt, decrypt, hash, auth (a MAC's or PRF's full
 *                   output), permutation (one call of the bare permutation's
 *                   permute(); ADLEN = MLEN = 0) or null-permutation (the
 *                   same call of a permute() that returns at once: what
 *                   the harness's call costs, subtracted by ./lwcbench)
 *                -> ok scheme=S impl=I op=OP adlen=A mlen=M samples=N
 *                   mode=oneshot|stream C=...
 *   stack SCHEME IMPL OP ADLEN MLEN
 *                -> ok ... stack=BYTES   (high-water mark by painting)
 *   once SCHEME IMPL OP ADLEN MLEN
 *                -> ok ... mode=M   (one call of bench_counted_op, for an
 *                   outside counter such as callgrind)
 *   quit         -> ok bye
 * where C is, for each counter the port has ("cycles", "instructions"):
 *   NAME=MEDIAN NAME_min=MIN NAME_max=MAX.
 * Counts are raw (the counted region includes reading the counter); the
 * host subtracts the measured "overhead" on exact targets.
 * OP: encrypt, decrypt (AEAD); hash (hash, XOF, CXOF: outbytes of output,
 * no customization).  Each sample counts ONE operation.  Lengths above
 * BENCH_MAX_LEN are processed through the incremental API in chunks of
 * BENCH_MAX_LEN bytes from the same buffers (mode=stream).
 * Any error answers "err MESSAGE"; the program keeps serving.
 */
#ifndef LWC_BENCH_H
#define LWC_BENCH_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_PROTOCOL 2
#ifndef BENCH_MAX_LEN
#define BENCH_MAX_LEN 32768u /* longest message / AD held in RAM at once */
#endif
#ifndef BENCH_MAX_SAMPLES
#define BENCH_MAX_SAMPLES 1001u
#endif
#ifndef BENCH_STACK_PAINT
#define BENCH_STACK_PAINT 8192u /* bytes painted below the caller's frame */
#endif
#ifndef BENCH_LEAK
#define BENCH_LEAK 0 /* the "leak" request (bench_leak.c): where the simulator models power */
#endif
void bench_leak_switch(unsigned v);   /* 1: a trace begins; 2: it ends; 4 | group */
void bench_leak_phase(unsigned phase); /* 1 init, 2 data, 3 finalization */
void bench_leak_scrub(void);          /* registers and buses to zero before a trace */
#ifndef BENCH_CT
#define BENCH_CT 1 /* the "ct" request (constant-time traces); 0 where RAM is too short */
#endif
#ifndef BENCH_LINE
#define BENCH_LINE 256 /* longest request or response line */
#endif
/* The kinds of implementation the program serves: the firmware of one
 * implementation is built for its kind alone (harness/bench/targets/
 * firmware.py: -DBENCH_KINDS=...), so that the other kinds' requests, KAT
 * checks and library calls are not linked into it (on a small device
 * that is flash for the implementation); the host's program serves all. */
#define BENCH_KIND_AEAD 1u
#define BENCH_KIND_HASH 2u
#define BENCH_KIND_AUTH 4u
#define BENCH_KIND_PERM 8u
#ifndef BENCH_KINDS
#define BENCH_KINDS 15u
#endif
#define BENCH_SERVES(kind) ((BENCH_KINDS & BENCH_KIND_##kind) != 0u)

/* ---- the port: one file per target family ---- */
/* Counters: BENCH_COUNTER_CYCLES and/or BENCH_COUNTER_INSTRUCTIONS. */
#define BENCH_COUNTER_CYCLES 1u
#define BENCH_COUNTER_INSTRUCTIONS 2u
extern const unsigned bench_counters; /* which ones this port reads */
extern const int bench_exact;         /* 1: deterministic (simulator) */
extern const char *const bench_port;  /* e.g. "qemu-plugin", "mcycle" */
/* Read the counters the port has (others are left alone): cycles into
 * v[0], instructions into v[1].  Called right before and right after the
 * counted call; it should cost few instructions and never vary. */
void bench_read_counters(uint64_t v[2]);
/* Next byte of the request stream; -1 at its end. */
int bench_getc(void);
/* Write one response line (no newline in `line`). */
void bench_put_line(const char *line);
/* Runs a loop whose instruction count per iteration is known by
 * construction (BENCH_LOOP_BODY instructions, announced in hello) n times.
 * Counted with n and with 0: the difference must be n * body exactly. */
void bench_known_loop(uint32_t n);
/* Start (1) or stop (0) the port's trace of executed and accessed
 * addresses, where it has one (QEMU); a weak no-op in bench_trace.c. */
void bench_trace(int on);
/* Mark n bytes at p secret (1) or public (0) for a port whose tracer
 * follows data (the host under valgrind: undefined / defined memory); a
 * weak no-op in bench_trace.c. */
void bench_classify(const void *p, size_t n, int is_secret);
extern const unsigned bench_loop_body;        /* instructions per iteration */
extern const unsigned bench_loop_body_cycles; /* cycles per iteration, 0 if unknown */

/* ---- the runtime's constant strings and tables ---- */
/* BENCH_STR("text") is a string constant of the runtime (an answer, an
 * error message, a request's name) and BENCH_ROM marks a constant table.
 * avr-gcc keeps every constant in RAM, of which the ATmega128 has 4 KiB:
 * there they stay in flash (avr-libc's PSTR / PROGMEM) and are read with
 * LPM (bench_rom_byte, bench_rom_copy).  Elsewhere they are plain
 * constants and the macros change nothing.  Such a string has its own
 * pointer type, bench_str (never defined), so the compiler refuses one
 * where a string in RAM is expected -- a request's field -- and the other
 * way round. */
typedef struct bench_str bench_str;
#if defined(__AVR__)
#include <avr/pgmspace.h> /* macros and inline assembly only: no library code */
#define BENCH_ROM PROGMEM
#define BENCH_STR(s) ((const bench_str *)PSTR(s))
#define bench_rom_byte(p) ((uint8_t)pgm_read_byte(p))
#define bench_rom_u32(p) ((uint32_t)pgm_read_dword(p))
/* s (in RAM) equals the constant string lit (bench_core.c) */
int bench_str_eq(const char *s, const bench_str *lit);
/* memcpy from a BENCH_ROM table to RAM (bench_util.c) */
void bench_rom_copy(void *dst, const void *rom, size_t n);
#else
#include <string.h>
#define BENCH_ROM
#define BENCH_STR(s) ((const bench_str *)(s))
#define bench_rom_byte(p) (*(const uint8_t *)(p))
#define bench_rom_u32(p) (*(const uint32_t *)(p))
#define bench_str_eq(s, lit) (strcmp((s), (const char *)(lit)) == 0)
#define bench_rom_copy(dst, rom, n) ((void)memcpy((dst), (rom), (n)))
#endif

/* ---- the core ---- */
/* Handle one request line (modified in place).  Returns 0 to continue,
 * 1 after "quit"; *ok tells whether it answered ok. */
int bench_handle(char *line, int *ok);
/* Serve requests from bench_getc until quit or the end of the stream. */
void bench_serve(void);
/* bench_kat.c: the "kat" request; bench_kat_failed is set once a KAT
 * failed (measure, stack and once refuse from then on). */
int bench_kat(char **f, int nf, int *ok);
extern int bench_kat_failed;
/* (what the core and the KAT checks share, bench_util.c: bench_util.h) */
/* bench_kat.c: one KAT entry's output (its CRC sent, the total updated) */
void bench_kat_put_entry(uint32_t count, const uint8_t *p, size_t n);
/* bench_kat.c: the inputs of an AEAD's official file (NIST LWC layout):
 * key 00 01 .., nonce from S0, plaintext from S1, associated data from S2,
 * each buffer BENCH_KAT_IN bytes (a ciphertext's 32 + 32).  NULL, or why
 * the AEAD's parameters do not fit them.  bench_kat_perm.c's via modes
 * take their inputs here too. */
#define BENCH_KAT_IN 32
struct lwc_aead; /* lwc.h */
const bench_str *bench_kat_aead_inputs(const struct lwc_aead *a, const unsigned s[3],
                                       uint8_t *key, uint8_t *nonce, uint8_t *pt, uint8_t *ad);

#endif
