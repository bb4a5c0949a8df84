/*
 * lwc-simavr: runs an ATmega128 firmware on libsimavr like a board on a
 * serial line, for ./lwcbench (harness/bench/targets/avr.py).
 *
 *   lwc-simavr [-s] [--ct-trace=PATH] FIRMWARE.elf
 *   lwc-simavr --mcu=NAME --cycles=N FIRMWARE.elf
 *
 * The second form runs any firmware for another AVR simavr knows (an
 * Arduino sketch for the Mega 2560: --mcu=atmega2560) for N cycles at
 * 16 MHz, UART0's output on stdout, and none of the harness' devices below
 * (their addresses are other registers there); it ends with status 0 after
 * N cycles, or when the firmware stops or crashes as below.
 *
 * - UART0 is the console: bytes on our stdin are fed to its receiver as
 *   the firmware is ready for them; every byte it transmits goes to stdout.
 *   The end of stdin reaches the firmware as one byte with a framing error
 *   (a serial BREAK), which its bench_getc() turns into -1.
 * - A cycle counter the firmware can read (ATmega128 reserved, unused data
 *   addresses): a write to SIM_LATCH copies simavr's cycle count (avr->cycle,
 *   the sum of the instruction-set-manual cycles of every instruction run)
 *   into the 8 bytes SIM_LATCH .. SIM_LATCH+7, which the firmware then reads
 *   with plain loads.  Latching makes the 8 reads consistent.
 * - A write to SIM_BOOT marks the start of main(); a second one means the
 *   firmware jumped to the reset vector (a crash on real hardware too).
 * - SIM_FREE (2 bytes) receives the start of the free RAM between .bss and
 *   the stack, which the firmware painted at start-up.  Whenever the
 *   firmware waits for a request, and at the end, the lowest RED_ZONE bytes
 *   of it must still be paint; otherwise the stack came that close to .bss
 *   or into it: a crash.  (A zone, not one byte: a frame's locals that are
 *   never written could lie over a single guard byte.)  With -s the cycle
 *   count, the stack's high-water mark and the RAM never used are printed
 *   on stderr at the end.
 * - --ct-trace=PATH (`./lwcbench ct`): while the firmware has tracing on (a
 *   write of 1 to SIM_TRACE; 0 turns it off), each executed instruction's
 *   address and the address of each data access it makes go to PATH, in
 *   the records of harness/platforms/qemu/ct_trace.c: 8 bytes little-endian
 *   address, then 'I' instruction, 'R' load or 'W' store; at "off" an 'E'
 *   record (address 0) ends the segment.  The addresses are those of the
 *   ELF file, so that avr-nm names them: an instruction is its byte address
 *   in flash (the program counter times 2); a data access is 0x800000 plus
 *   its data-space address (registers, I/O, RAM: avr-gcc's data segment
 *   starts at 0x800000); a read of flash by LPM/ELPM is an 'R' at its flash
 *   byte address (below 0x20000, so never mistaken for a data access).
 *   Each instruction is decoded before it runs: LD/LDD/ST/STD through X, Y
 *   and Z (pre-decrement, post-increment, displacement), LDS/STS, PUSH/POP,
 *   IN/OUT, SBI/CBI/SBIC/SBIS, LPM/ELPM, and the return address that
 *   CALL/RCALL/ICALL write and RET/RETI read on the stack.  While tracing,
 *   simavr runs one instruction per avr_run(); without the option the
 *   firmware's writes to SIM_TRACE do nothing, and the run and its cycle
 *   counts are those of a run without them.
 * Exit status: 0 when the firmware stops (cli + sleep) or stdin ended while
 * it waited for input; 3 when it crashed (simavr error, bad opcode or
 * address, restart); 2 for usage or load errors.  Diagnostics go to stderr.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>

/* ATmega128 data-space addresses (datasheet, "Register Summary") */
#define UCSR0A 0x2B /* UART0 status: bit 7 RXC, 5 UDRE, 4 FE */
#define RXC_BIT 0x80
#define UDRE_BIT 0x20
#define SIM_LATCH 0xA0 /* 0x9E..0xFF are reserved on the ATmega128 */
#define SIM_BOOT 0xA8
#define SIM_FREE 0xA9 /* 2 bytes, low first: start of the painted free RAM */
#define SIM_TRACE 0xAB /* --ct-trace: 1 tracing on, 0 off */
#define FREE_PAINT 0x5c /* port_avr.c paints the free RAM with it */
#define RED_ZONE 32     /* bytes above .bss the stack must never write */
#define RUN_CYCLES 1000 /* cycles per avr_run() call, when not tracing */
#define DATA_BASE 0x800000u /* the ELF's address of data space address 0 */

static avr_t *avr;
static int out_fd;           /* the real stdout: only UART0 output goes there */
static char out_buf[4096];   /* transmitted bytes not yet written */
static size_t out_len;
static unsigned char in_buf[4096]; /* stdin bytes not yet fed to the UART */
static size_t in_pos, in_len;
static int in_eof;           /* stdin ended (and the BREAK was queued) */
static int rx_xoff;          /* the UART receive FIFO is full */
static int idle_polls;       /* consecutive "nothing to read" status reads */
static int boots;            /* writes to SIM_BOOT */
static char failed[200];     /* why the run counts as a crash ("": it does not) */
static unsigned free_start;  /* painted free RAM from here up (0: unknown) */
static avr_irq_t *uart_in;   /* UART0 receiver input IRQ */
static avr_io_read_t status_read_orig; /* simavr's UCSR0A read handler */
static FILE *trace_out;      /* --ct-trace */
static int tracing;          /* the firmware switched the trace on */

static void flush_out(void) {
  size_t done = 0;
  while (done < out_len) {
    ssize_t n = write(out_fd, out_buf + done, out_len - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) exit(0); /* the reader went away: nothing left to do */
    done += (size_t)n;
  }
  out_len = 0;
}

/* Record the first reason for calling the run a crash. */
static void fail(const char *fmt, ...) {
  va_list ap;
  char *nl;
  if (failed[0] != '\0') return;
  va_start(ap, fmt);
  vsnprintf(failed, sizeof failed, fmt, ap);
  va_end(ap);
  if ((nl = strchr(failed, '\n')) != NULL) *nl = '\0';
}

/* simavr's log: errors (bad opcode, address out of RAM, FIFO overrun) count
 * as a crash; warnings go to stderr, never into the console stream. */
static void logger(avr_t *a, const int level, const char *fmt, va_list ap) {
  char text[200];
  (void)a;
  if (level > LOG_WARNING) return;
  vsnprintf(text, sizeof text, fmt, ap);
  if (level <= LOG_ERROR) fail("simavr: %s", text);
  else fputs(text, stderr);
}

/* UART0 transmitted a byte. */
static void uart_out_hook(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)param;
  idle_polls = 0; /* a transmit, not a receive poll loop */
  out_buf[out_len++] = (char)value;
  if (value == '\n' || out_len == sizeof out_buf) flush_out();
}

/* Feed buffered stdin bytes while the receive FIFO has room. */
static void feed(void) {
  while (!rx_xoff && in_pos < in_len) avr_raise_irq(uart_in, in_buf[in_pos++]);
}

static void xon_hook(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)value, (void)param;
  rx_xoff = 0;
  feed();
}

static void xoff_hook(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)param;
  rx_xoff = value != 0;
}

/* The painted red zone above .bss is intact. */
static int red_zone_intact(avr_t *a) {
  unsigned i;
  for (i = 0; i < RED_ZONE; i++)
    if (a->data[free_start + i] != FREE_PAINT) return 0;
  return 1;
}

static void check_stack(void) {
  if (free_start != 0 && !red_zone_intact(avr))
    fail("stack overflow (the stack came within %d bytes of .bss, which ends at 0x%04x)",
         RED_ZONE, free_start);
}

/* Block until stdin has bytes (or ends). */
static void read_stdin(void) {
  ssize_t n;
  flush_out(); /* the host waits for the answer before it sends more */
  check_stack();
  if (failed[0] != '\0') return;
  do n = read(0, in_buf, sizeof in_buf);
  while (n < 0 && errno == EINTR);
  if (n > 0) {
    in_pos = 0;
    in_len = (size_t)n;
    feed();
  } else if (!in_eof) {
    in_eof = 1;
    avr_raise_irq(uart_in, UART_INPUT_FE); /* BREAK: end of the stream */
  } else {
    avr->state = cpu_Done; /* it waits for input that will never come */
  }
}

/* UCSR0A read: simavr's own handler first, then decide whether the firmware
 * is starving.  Its receive loop reads UCSR0A again and again with RXC clear
 * while the transmitter is idle (UDRE set); its transmit loop reads it with
 * UDRE clear, or once with UDRE set followed by a UDR0 write.  Two idle
 * reads in a row with nothing in the receive FIFO therefore mean "waiting
 * for a request byte": only then do we block on stdin (blocking earlier
 * would deadlock, since the host waits for the firmware's answer). */
static uint8_t status_read(avr_t *a, avr_io_addr_t addr, void *param) {
  uint8_t v = status_read_orig(a, addr, param);
  avr_uart_t *u = param;
  int fifo_empty = u->input.read == u->input.write;
  if ((v & RXC_BIT) || !(v & UDRE_BIT) || !fifo_empty || in_pos < in_len) {
    idle_polls = 0;
  } else if (++idle_polls >= 2) {
    idle_polls = 0;
    read_stdin();
  }
  return v;
}

/* SIM_LATCH write: snapshot the cycle counter into SIM_LATCH..+7 (LSB first). */
static void latch_write(avr_t *a, avr_io_addr_t addr, uint8_t v, void *param) {
  int i;
  avr_cycle_count_t c = a->cycle;
  (void)addr, (void)v, (void)param;
  for (i = 0; i < 8; i++, c >>= 8) a->data[SIM_LATCH + i] = (uint8_t)c;
}

static void boot_write(avr_t *a, avr_io_addr_t addr, uint8_t v, void *param) {
  (void)a, (void)addr, (void)v, (void)param;
  if (++boots > 1) fail("the firmware restarted (a jump to the reset vector)");
}

static void free_write(avr_t *a, avr_io_addr_t addr, uint8_t v, void *param) {
  (void)param;
  a->data[addr] = v;
  if (addr == SIM_FREE + 1) {
    free_start = a->data[SIM_FREE] | (unsigned)v << 8;
    if (free_start + RED_ZONE > a->ramend || !red_zone_intact(a)) {
      fprintf(stderr, "lwc-simavr: less than %d bytes of free RAM: no stack check\n", RED_ZONE);
      free_start = 0;
    }
  }
}

/* ---- --ct-trace -------------------------------------------------------- */
static void trace_put(uint32_t addr, char kind) {
  unsigned char rec[9] = {(unsigned char)addr, (unsigned char)(addr >> 8),
                          (unsigned char)(addr >> 16), (unsigned char)(addr >> 24), 0, 0, 0, 0,
                          (unsigned char)kind};
  if (fwrite(rec, 1, sizeof rec, trace_out) != sizeof rec) {
    fail("cannot write the trace: %s", strerror(errno));
    avr->state = cpu_Done;
  }
}

static void trace_data(unsigned addr, char kind) { trace_put(DATA_BASE + (addr & 0xffffu), kind); }

static unsigned reg16(avr_t *a, unsigned low) { return a->data[low] | (unsigned)a->data[low + 1] << 8; }

/* The return address a call pushes (high bytes at lower addresses, written
 * from SP down) or a return pops (read from SP + 1 up). */
static void trace_push_addr(avr_t *a) {
  unsigned sp = reg16(a, R_SPL), i;
  for (i = 0; i < a->address_size; i++) trace_data(sp - i, 'W');
}

static void trace_pop_addr(avr_t *a) {
  unsigned sp = reg16(a, R_SPL), i;
  for (i = 0; i < a->address_size; i++) trace_data(sp + 1 + i, 'R');
}

/* The instruction at a->pc, before it runs: its address, then each data
 * address it will read or write (the decoding of simavr's sim_core.c). */
static void trace_insn(avr_t *a) {
  uint32_t pc = a->pc;
  unsigned op = a->flash[pc] | (unsigned)a->flash[pc + 1] << 8;
  unsigned x = reg16(a, R_XL), y = reg16(a, R_YL), z = reg16(a, R_ZL);
  trace_put(pc, 'I');
  if ((op & 0xd000) == 0x8000) { /* LDD/STD Rd, Y+q / Z+q (LD/ST Y, Z: q = 0): 10q0 qqsd dddd yqqq */
    unsigned q = (op & 7) | ((op >> 7) & 0x18) | ((op >> 8) & 0x20);
    trace_data(((op & 8) ? y : z) + q, (op & 0x200) ? 'W' : 'R');
  } else if ((op & 0xfc00) == 0x9000) { /* 1001 00sd dddd oooo */
    char rw = (op & 0x200) ? 'W' : 'R';
    switch (op & 0xf) {
      case 0x0: /* LDS / STS k: the address is the next word */
        trace_data(a->flash[pc + 2] | (unsigned)a->flash[pc + 3] << 8, rw);
        break;
      case 0x1: trace_data(z, rw); break;     /* Z+ */
      case 0x2: trace_data(z - 1, rw); break; /* -Z */
      case 0x9: trace_data(y, rw); break;     /* Y+ */
      case 0xa: trace_data(y - 1, rw); break; /* -Y */
      case 0xc:                               /* X */
      case 0xd: trace_data(x, rw); break;     /* X+ */
      case 0xe: trace_data(x - 1, rw); break; /* -X */
      case 0x4:                               /* LPM Rd, Z */
      case 0x5: trace_put(z, 'R'); break;     /* LPM Rd, Z+ */
      case 0x6:                               /* ELPM Rd, Z */
      case 0x7:                               /* ELPM Rd, Z+ */
        trace_put((a->rampz ? (uint32_t)a->data[a->rampz] << 16 : 0) | z, 'R');
        break;
      case 0xf: /* PUSH (store at SP) / POP (load from SP + 1) */
        trace_data(rw == 'W' ? reg16(a, R_SPL) : reg16(a, R_SPL) + 1, rw);
        break;
      default: break;
    }
  } else if (op == 0x95c8) { /* LPM (R0, Z) */
    trace_put(z, 'R');
  } else if (op == 0x95d8) { /* ELPM (R0, Z) */
    trace_put((a->rampz ? (uint32_t)a->data[a->rampz] << 16 : 0) | z, 'R');
  } else if ((op & 0xfe0e) == 0x940e || (op & 0xf000) == 0xd000 || op == 0x9509 ||
             op == 0x9519) { /* CALL, RCALL, ICALL, EICALL */
    trace_push_addr(a);
  } else if (op == 0x9508 || op == 0x9518) { /* RET, RETI */
    trace_pop_addr(a);
  } else if ((op & 0xf000) == 0xb000) { /* IN / OUT: 1011 sAAd dddd AAAA */
    unsigned io = ((op >> 5) & 0x30) + (op & 0xf) + 0x20;
    trace_data(io, (op & 0x800) ? 'W' : 'R');
  } else if ((op & 0xfc00) == 0x9800) { /* CBI, SBIC, SBI, SBIS: 1001 10oo AAAA Abbb */
    unsigned io = ((op >> 3) & 0x1f) + 0x20;
    trace_data(io, 'R');
    if (!(op & 0x100)) trace_data(io, 'W'); /* CBI, SBI write back */
  }
}

/* SIM_TRACE write: tracing on (1) or off (0, which ends the segment). */
static void trace_write(avr_t *a, avr_io_addr_t addr, uint8_t v, void *param) {
  (void)addr, (void)param;
  if (trace_out == NULL) return;
  if (!(v & 1) && tracing) trace_put(0, 'E');
  tracing = v & 1;
  /* one instruction per avr_run() while tracing (so that each one is
   * decoded before it runs); this avr_run() stops after this instruction */
  a->run_cycle_limit = tracing ? 1 : RUN_CYCLES;
  a->run_cycle_count = 0;
}

/* -s: where the stack went (lowest byte no longer paint) */
static void print_stats(void) {
  unsigned low = free_start;
  fprintf(stderr, "lwc-simavr: %llu cycles", (unsigned long long)avr->cycle);
  if (free_start != 0) {
    while (low <= avr->ramend && avr->data[low] == FREE_PAINT) low++;
    fprintf(stderr, ", stack high-water %u bytes, %u bytes of RAM never used",
            avr->ramend + 1 - low, low - free_start);
  }
  fprintf(stderr, "\n");
}

int main(int argc, char **argv) {
  elf_firmware_t fw;
  uint32_t flags = 0;
  const char *elf;
  int opt, state, stats = 0;
  avr_io_addr_t io = AVR_DATA_TO_IO(UCSR0A);
  const char *mcu = NULL;      /* --mcu: another AVR, no harness devices */
  unsigned long long cycles = 0; /* --cycles: the run's length (0: until it stops) */
  char *end;
  static const struct option longopts[] = {{"ct-trace", required_argument, NULL, 't'},
                                           {"mcu", required_argument, NULL, 'm'},
                                           {"cycles", required_argument, NULL, 'c'},
                                           {NULL, 0, NULL, 0}};

  while ((opt = getopt_long(argc, argv, "s", longopts, NULL)) != -1) {
    if (opt == 's') {
      stats = 1;
    } else if (opt == 't' && trace_out == NULL) {
      if ((trace_out = fopen(optarg, "wb")) == NULL) {
        fprintf(stderr, "lwc-simavr: cannot write %s: %s\n", optarg, strerror(errno));
        return 2;
      }
      setvbuf(trace_out, NULL, _IOFBF, 1 << 20);
    } else if (opt == 'm') {
      mcu = optarg;
    } else if (opt == 'c' && (cycles = strtoull(optarg, &end, 10)) > 0 && *end == '\0') {
      /* a count */
    } else {
      optind = argc; /* usage */
    }
  }
  if (optind != argc - 1 || (mcu != NULL) != (cycles != 0) || (mcu && (stats || trace_out))) {
    fprintf(stderr, "usage: %s [-s] [--ct-trace=PATH] FIRMWARE.elf\n"
                    "       %s --mcu=NAME --cycles=N FIRMWARE.elf\n", argv[0], argv[0]);
    return 2;
  }
  elf = argv[optind];
  /* simavr prints some diagnostics with printf: keep the real stdout for the
   * console and point file descriptor 1 at stderr. */
  out_fd = dup(1);
  if (out_fd < 0 || dup2(2, 1) < 0) return 2;
  avr_global_logger_set(logger);

  memset(&fw, 0, sizeof fw);
  if (elf_read_firmware(elf, &fw) != 0) {
    fprintf(stderr, "lwc-simavr: cannot load %s\n", elf);
    return 2;
  }
  avr = avr_make_mcu_by_name(mcu ? mcu : "atmega128");
  if (avr == NULL || avr_init(avr) != 0) {
    fprintf(stderr, "lwc-simavr: no AVR named %s in simavr\n", mcu ? mcu : "atmega128");
    return 2;
  }
  avr->frequency = 16000000; /* the ATmega128's top clock (counts are in cycles) */
  avr_load_firmware(avr, &fw);
  avr->log = LOG_WARNING;
  /* run up to 1000 cycles per avr_run() call between timer checks (the
   * default is one instruction): only the UART timers see the difference */
  avr->run_cycle_limit = RUN_CYCLES;

  /* UART0: no usleep() in polling loops, no line echo on simavr's stdout */
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  uart_in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                          uart_out_hook, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON),
                          xon_hook, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF),
                          xoff_hook, NULL);
  if (mcu != NULL) { /* another AVR: its own registers only, for a number of cycles */
    do state = avr_run(avr);
    while (state != cpu_Done && state != cpu_Crashed && failed[0] == '\0' && avr->cycle < cycles);
    flush_out();
    if (state == cpu_Crashed || failed[0] != '\0') {
      fprintf(stderr, "lwc-simavr: firmware crashed: %s (pc=0x%05x, %llu cycles)\n",
              failed[0] ? failed : "simavr stopped the core", (unsigned)avr->pc,
              (unsigned long long)avr->cycle);
      return 3;
    }
    return 0;
  }
  /* interpose on the UART's UCSR0A read handler */
  status_read_orig = avr->io[io].r.c;
  if (status_read_orig == NULL) return 2;
  avr->io[io].r.c = status_read;
  avr_register_io_write(avr, SIM_LATCH, latch_write, NULL);
  avr_register_io_write(avr, SIM_BOOT, boot_write, NULL);
  avr_register_io_write(avr, SIM_FREE, free_write, NULL);
  avr_register_io_write(avr, SIM_FREE + 1, free_write, NULL);
  avr_register_io_write(avr, SIM_TRACE, trace_write, NULL);

  do {
    if (tracing && avr->state == cpu_Running) trace_insn(avr);
    state = avr_run(avr);
  } while (state != cpu_Done && state != cpu_Crashed && failed[0] == '\0');
  flush_out();
  if (trace_out != NULL && fclose(trace_out) != 0) fail("cannot write the trace");
  check_stack();
  if (stats) print_stats();
  if (state == cpu_Crashed) fail("simavr stopped the core");
  if (failed[0] != '\0') { /* one line: the host shows the last one */
    fprintf(stderr, "lwc-simavr: firmware crashed: %s (pc=0x%05x, %llu cycles)\n", failed,
            (unsigned)avr->pc, (unsigned long long)avr->cycle);
    return 3;
  }
  return 0;
}
