/*
 * lwc-bench: the target side of ./lwcbench (harness/bench/).
 *
 * The program answers request lines with response lines.  The same
 * protocol is meant to run over a pipe (host), a simulator's console or a
 * serial port (the cross targets), so the core (bench_core.c) only needs a
 * clock and a way to print one line; the "port" file provides both.
 *
 * Requests (one line each, fields separated by blanks):
 *   hello                                  -> ok lwc-bench protocol=1 clock=C unit=U
 *   list                                   -> impl aead|hash SCHEME IMPL (one per
 *                                             implementation), then ok count=N
 *   overhead SAMPLES                       -> ok ... median=T (an empty timed region)
 *   measure SCHEME IMPL OP ADLEN MLEN SAMPLES
 *                                          -> ok scheme=S impl=I op=OP adlen=A mlen=M
 *                                             samples=N unit=U median=T min=T max=T
 *   quit                                   -> ok bye
 * OP is encrypt, decrypt (AEAD) or hash (hash, XOF, CXOF: outbytes of
 * output, no customization).  Every sample times ONE operation.
 * Any error answers "err MESSAGE" and the program keeps serving.
 */
#ifndef LWC_BENCH_H
#define LWC_BENCH_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_PROTOCOL 1
#ifndef BENCH_MAX_LEN
#define BENCH_MAX_LEN 32768u /* longest message / associated data */
#endif
#ifndef BENCH_MAX_SAMPLES
#define BENCH_MAX_SAMPLES 1001u
#endif
#define BENCH_LINE 256 /* longest request or response line */

/* ---- provided by the port (host.c, later one file per target) ---- */
/* Time stamps around the measured call; the difference is in bench_unit. */
uint64_t bench_clock_start(void);
uint64_t bench_clock_stop(void);
extern const char *const bench_clock_name; /* e.g. "rdtsc" */
extern const char *const bench_unit;       /* "cycles", "ns", "instructions" */
/* Write one response line (no newline in `line`). */
void bench_put_line(const char *line);

/* ---- the core (bench_core.c) ---- */
/* Handle one request line (modified in place).  Returns 0 to continue,
 * 1 after "quit"; the result of the request (ok / err) is in *ok. */
int bench_handle(char *line, int *ok);

#endif
