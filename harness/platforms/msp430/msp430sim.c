/*
 * lwc-msp430sim: an instruction-set simulator of the MSP430 CPU (the
 * original 16-bit core of the MSP430F1xx, not MSP430X) for lwc-bench.
 *
 *   lwc-msp430sim [--stats] [--mspdebug] [--ct-trace=PATH [--trace-cycles]] FIRMWARE.elf
 *
 * Loads the ELF's segments at their load addresses, starts at the reset
 * vector (0xFFFE) and runs until the firmware writes the exit register.
 * Cycles per instruction come from the MSP430x1xx Family User's Guide
 * (SLAU049, tables 3-14 to 3-16, "instruction cycles and lengths"); the
 * constant generator's operands (#0 #1 #2 #4 #8 #-1) cost like register
 * operands.  --mspdebug charges like mspdebug 0.22's simulator instead
 * (constant-generator operands like the memory modes they are encoded
 * with; RRA/RRC/SWPB/SXT on @Rn/@Rn+ 5 cycles): the test suite runs the
 * same firmware in both to cross-check this model.
 *
 * Peripheral addresses (no interrupts, no timers, no multiplier):
 *   0x00FF  byte write: one byte to stdout (the console)
 *   0x01EA  word write: tracing on (odd value) or off (even), see below
 *   0x01EC  word read: next byte of stdin, 0xFFFF at its end
 *   0x01EE  word write: exit with that status (0: the firmware's own end)
 *   0x01F0  word write: latch the counters; then 0x01F0..0x01F7 hold the
 *           cycles and 0x01F8..0x01FF the instructions executed before
 *           the latching instruction (64 bits, little-endian)
 * Any other address below 0x0200 (the F1611's special function and
 * peripheral registers, e.g. the watchdog) is plain memory.
 * A stack pointer below the ELF symbol __bss_end (the statics) stops the
 * program with status 4 ("stack overflow").  --stats prints the totals on
 * stderr at the end.
 *
 * --ct-trace=PATH (`./lwcbench ct`): while the firmware has tracing on, each
 * executed instruction's address and each data access's address go to PATH
 * in the records of harness/platforms/qemu/ct_trace.c (8-byte little-endian
 * address, then 'I' instruction, 'R' load or 'W' store; an 'E' record ends
 * each traced segment at "off").  Instruction fetches, including immediate
 * and index words, are the 'I' record's business: only operand accesses
 * are 'R'/'W'.  Without the option the firmware's writes to 0x01EA do
 * nothing and the counts are the same.  --trace-cycles (`./lwcbench
 * profile`) adds, after each traced instruction's accesses, a 'C' record
 * whose "address" is the cycles that instruction was charged.
 */
#include <elf.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_ 0x0001u /* status register bits */
#define Z_ 0x0002u
#define N_ 0x0004u
#define CPUOFF_ 0x0010u
#define V_ 0x0100u

#define IO_INPUT 0x01ecu
#define IO_EXIT 0x01eeu
#define IO_LATCH 0x01f0u
#define IO_CONSOLE 0x00ffu
#define IO_TRACE 0x01eau

static uint8_t mem[0x10000];
static uint16_t r[16]; /* r0 = PC, r1 = SP, r2 = SR, r3 = constant generator */
static uint64_t cycles, insns, latched[2];
static int mspdebug_cycles;
static uint16_t stack_limit;
static FILE *trace_out; /* --ct-trace */
static int tracing, trace_cycles;

static void trace(uint16_t addr, char kind) {
  unsigned char rec[9] = {(unsigned char)addr, (unsigned char)(addr >> 8), 0, 0, 0, 0, 0, 0,
                          (unsigned char)kind};
  if (fwrite(rec, 1, sizeof rec, trace_out) != sizeof rec) {
    fprintf(stderr, "lwc-msp430sim: cannot write the trace\n");
    exit(70);
  }
}

/* The firmware's switch (IO_TRACE); "off" ends a segment. */
static void trace_switch(uint16_t v) {
  if (trace_out == NULL) return;
  if (!(v & 1) && tracing) trace(0, 'E');
  tracing = v & 1;
}

static void die(int status, const char *why) {
  fflush(stdout);
  fprintf(stderr, "lwc-msp430sim: %s (pc 0x%04x, %llu instructions)\n", why, r[0],
          (unsigned long long)insns);
  exit(status);
}

/* ---- memory and the peripheral registers ---- */
static uint16_t io_read(uint16_t a) {
  if (a == IO_INPUT) {
    int c;
    fflush(stdout); /* the host sees every answer before we wait */
    c = getchar();
    return c == EOF ? 0xffffu : (uint16_t)c;
  }
  if (a >= IO_LATCH) {
    unsigned k = (a - IO_LATCH) >> 1;
    return (uint16_t)(latched[k >> 2] >> (16 * (k & 3)));
  }
  return (uint16_t)(mem[a] | mem[a + 1] << 8);
}

static uint16_t rd16(uint16_t a) {
  a &= 0xfffeu;
  if (tracing) trace(a, 'R');
  if (a >= IO_INPUT && a < 0x0200u) return io_read(a);
  return (uint16_t)(mem[a] | mem[a + 1] << 8);
}

static uint8_t rd8(uint16_t a) {
  if (tracing) trace(a, 'R');
  if (a >= IO_INPUT && a < 0x0200u) return (uint8_t)(io_read(a & 0xfffeu) >> (8 * (a & 1)));
  return mem[a];
}

static void io_write(uint16_t a, uint16_t v) {
  if (a == IO_EXIT) {
    fflush(stdout);
    exit(v & 0xff);
  }
  if (a == IO_LATCH) {
    latched[0] = cycles;
    latched[1] = insns;
  }
  if (a == IO_TRACE) trace_switch(v);
}

static void wr16(uint16_t a, uint16_t v) {
  a &= 0xfffeu;
  if (tracing) trace(a, 'W');
  if (a >= IO_TRACE && a < 0x0200u) io_write(a, v);
  mem[a] = (uint8_t)v;
  mem[a + 1] = (uint8_t)(v >> 8);
}

static void wr8(uint16_t a, uint8_t v) {
  if (tracing) trace(a, 'W');
  if (a == IO_CONSOLE) {
    putchar(v);
    return;
  }
  if (a >= IO_TRACE && a < 0x0200u) io_write(a & 0xfffeu, v);
  mem[a] = v;
}

static uint16_t fetch(void) {
  uint16_t w = (uint16_t)(mem[r[0]] | mem[(uint16_t)(r[0] + 1)] << 8);
  r[0] += 2;
  return w;
}

/* ---- operands ---- */
enum { REG, IND, INC, IMM, IDX }; /* the family guide's cycle classes */

typedef struct {
  int mem;     /* in memory at addr (else register reg or constant) */
  int reg;     /* register number, -1 for a constant */
  uint16_t addr, val;
  int cls;     /* REG .. IDX */
  int raw;     /* class mspdebug charges: from the As bits alone */
} opnd;

/* Resolve an operand (As addressing) and read it. */
static void source(opnd *o, int reg, int as, int bw) {
  static const int raw_of_as[4] = {REG, IDX, IND, INC};
  o->mem = 0;
  o->reg = -1;
  o->raw = raw_of_as[as];
  if ((reg == 3) || (reg == 2 && as >= 2)) { /* constant generator */
    static const uint16_t r3[4] = {0, 1, 2, 0xffff}, r2[4] = {0, 0, 4, 8};
    o->val = reg == 3 ? r3[as] : r2[as];
    if (bw) o->val &= 0xff;
    o->cls = REG;
    return;
  }
  switch (as) {
    case 0:
      o->reg = reg;
      o->val = bw ? r[reg] & 0xff : r[reg];
      o->cls = REG;
      return;
    case 1: { /* X(Rn); X(PC) symbolic; X(SR) absolute &X */
      uint16_t at = r[0], x = fetch();
      o->addr = reg == 2 ? x : reg == 0 ? (uint16_t)(at + x) : (uint16_t)(x + r[reg]);
      o->cls = IDX;
      break;
    }
    case 2:
      o->addr = r[reg];
      o->cls = IND;
      break;
    default:
      if (reg == 0) { /* @PC+: immediate */
        o->val = fetch();
        if (bw) o->val &= 0xff;
        o->cls = IMM;
        return;
      }
      o->addr = r[reg];
      r[reg] += (bw && reg != 1) ? 1 : 2;
      o->cls = INC;
  }
  o->mem = 1;
  o->val = bw ? rd8(o->addr) : rd16(o->addr);
}

static void store(const opnd *o, uint16_t v, int bw) {
  if (o->mem) {
    if (bw) wr8(o->addr, (uint8_t)v);
    else wr16(o->addr, v);
  } else if (o->reg == 2) {
    r[2] = v;
  } else if (o->reg > 3 || o->reg == 0 || o->reg == 1) {
    r[o->reg] = bw ? v & 0xff : v;
  }
}

static void nz(uint16_t v, int bw) {
  uint16_t msb = bw ? 0x80 : 0x8000, mask = bw ? 0xff : 0xffff;
  r[2] &= (uint16_t)~(N_ | Z_);
  if (!(v & mask)) r[2] |= Z_;
  if (v & msb) r[2] |= N_;
}

/* ---- the three instruction formats; each returns its cycles ---- */
static int double_op(uint16_t ins) {
  int op = ins >> 12, bw = (ins >> 6) & 1, ad = (ins >> 7) & 1, dreg = ins & 15;
  uint16_t mask = bw ? 0xff : 0xffff, msb = bw ? 0x80 : 0x8000, res = 0;
  opnd s, d;
  int cls, cyc;
  uint32_t sum;
  source(&s, (ins >> 8) & 15, (ins >> 4) & 3, bw);
  if (ad) { /* X(Rn), symbolic or absolute */
    uint16_t at = r[0], x = fetch();
    d.mem = 1;
    d.reg = -1;
    d.addr = dreg == 2 ? x : dreg == 0 ? (uint16_t)(at + x) : (uint16_t)(x + r[dreg]);
    d.val = op == 4 ? 0 : bw ? rd8(d.addr) : rd16(d.addr); /* mov does not read */
  } else {
    d.mem = 0;
    d.reg = dreg;
    d.val = dreg == 3 ? 0 : bw ? r[dreg] & 0xff : r[dreg];
  }
  /* SLAU049 table 3-16: by source class; +3 for a memory destination; a
   * PC destination costs 2 (register, @Rn) or 3 */
  cls = mspdebug_cycles ? s.raw : s.cls;
  if (!ad && dreg == 0) cyc = (cls == REG || cls == IND) ? 2 : 3;
  else cyc = (cls == REG ? 1 : cls == IDX ? 3 : 2) + (ad ? 3 : 0);
  switch (op) {
    case 4: res = s.val; break;                                  /* MOV */
    case 5: case 6: case 7: case 8: case 9: {                     /* ADD ADDC SUBC SUB CMP */
      uint16_t a = (op >= 7) ? (uint16_t)(~s.val & mask) : s.val;
      unsigned carry = (op == 5 || op == 8 || op == 9) ? (op >= 8) : (r[2] & C_);
      sum = (uint32_t)d.val + a + carry;
      res = (uint16_t)(sum & mask);
      r[2] &= (uint16_t)~(C_ | V_);
      if (sum > mask) r[2] |= C_;
      if ((a ^ res) & (d.val ^ res) & msb) r[2] |= V_;
      nz(res, bw);
      break;
    }
    case 10: {                                                   /* DADD */
      unsigned carry = r[2] & C_, i;
      res = 0;
      for (i = 0; i < (bw ? 8u : 16u); i += 4) {
        unsigned dig = ((d.val >> i) & 15) + ((s.val >> i) & 15) + carry;
        carry = dig > 9;
        if (carry) dig -= 10;
        res |= (uint16_t)((dig & 15) << i);
      }
      r[2] &= (uint16_t)~(C_ | V_);
      if (carry) r[2] |= C_;
      nz(res, bw);
      break;
    }
    case 11: case 15:                                            /* BIT AND */
      res = s.val & d.val;
      nz(res, bw);
      r[2] &= (uint16_t)~(C_ | V_);
      if (res & mask) r[2] |= C_;
      break;
    case 12: res = d.val & (uint16_t)~s.val; break;              /* BIC */
    case 13: res = d.val | s.val; break;                         /* BIS */
    case 14:                                                     /* XOR */
      res = (s.val ^ d.val) & mask;
      nz(res, bw);
      r[2] &= (uint16_t)~(C_ | V_);
      if (res) r[2] |= C_;
      if (s.val & d.val & msb) r[2] |= V_;
      break;
  }
  if (op != 9 && op != 11) store(&d, res, bw); /* CMP and BIT only set flags */
  return cyc;
}

static int single_op(uint16_t ins) {
  int op = (ins >> 7) & 7, bw = (ins >> 6) & 1, as = (ins >> 4) & 3;
  uint16_t msb = bw ? 0x80 : 0x8000, res;
  opnd o;
  int cls;
  if (op == 6) { /* RETI */
    r[2] = rd16(r[1]);
    r[0] = rd16((uint16_t)(r[1] + 2));
    r[1] += 4;
    return 5;
  }
  if (op == 7) die(3, "illegal instruction");
  source(&o, ins & 15, as, bw);
  cls = mspdebug_cycles ? o.raw : o.cls;
  switch (op) {
    case 4: /* PUSH: table 3-15 */
      r[1] -= 2;
      if (bw) wr8(r[1], (uint8_t)o.val);
      else wr16(r[1], o.val);
      if (mspdebug_cycles)
        return cls == REG ? 3 : (cls == IND || o.cls == IMM) ? 4 : 5;
      return cls == REG ? 3 : (cls == IND || cls == IMM) ? 4 : 5;
    case 5: /* CALL */
      r[1] -= 2;
      wr16(r[1], r[0]);
      r[0] = o.val;
      return (cls == REG || cls == IND) ? 4 : 5;
    case 0: /* RRC */
      res = (uint16_t)((o.val >> 1) | ((r[2] & C_) ? msb : 0));
      r[2] &= (uint16_t)~(C_ | V_);
      r[2] |= o.val & 1;
      nz(res, bw);
      break;
    case 2: /* RRA */
      res = (uint16_t)((o.val >> 1) | (o.val & msb));
      r[2] &= (uint16_t)~(C_ | V_);
      r[2] |= o.val & 1;
      nz(res, bw);
      break;
    case 1: /* SWPB */
      res = (uint16_t)(o.val << 8 | o.val >> 8);
      break;
    default: /* 3: SXT */
      res = (uint16_t)(int16_t)(int8_t)o.val;
      nz(res, 0);
      r[2] &= (uint16_t)~(C_ | V_);
      if (res) r[2] |= C_;
      break;
  }
  store(&o, res, bw && op != 3);
  if (mspdebug_cycles) return cls == REG ? 1 : cls == IDX ? 4 : 5;
  return cls == REG ? 1 : cls == IDX ? 4 : 3;
}

static int jump(uint16_t ins) {
  uint16_t sr = r[2];
  int take;
  switch ((ins >> 10) & 7) {
    case 0: take = !(sr & Z_); break;                 /* JNE */
    case 1: take = !!(sr & Z_); break;                /* JEQ */
    case 2: take = !(sr & C_); break;                 /* JNC */
    case 3: take = !!(sr & C_); break;                /* JC */
    case 4: take = !!(sr & N_); break;                /* JN */
    case 5: take = !(sr & N_) == !(sr & V_); break;   /* JGE */
    case 6: take = !(sr & N_) != !(sr & V_); break;   /* JL */
    default: take = 1;                                /* JMP */
  }
  if (take) r[0] = (uint16_t)(r[0] + 2 * (int16_t)((int16_t)(ins << 6) >> 6));
  return 2; /* taken or not */
}

/* ---- ELF loading ---- */
static void load(const char *path) {
  FILE *f = fopen(path, "rb");
  Elf32_Ehdr eh;
  Elf32_Phdr ph;
  Elf32_Shdr sh, strh;
  int i;
  if (!f || fread(&eh, sizeof eh, 1, f) != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_machine != EM_MSP430) {
    fprintf(stderr, "lwc-msp430sim: %s: not an MSP430 ELF file\n", path);
    exit(2);
  }
  for (i = 0; i < eh.e_phnum; i++) { /* segments at their load (physical) address */
    if (fseek(f, (long)(eh.e_phoff + (unsigned)i * eh.e_phentsize), SEEK_SET) != 0 ||
        fread(&ph, sizeof ph, 1, f) != 1)
      exit(2);
    if (ph.p_type != PT_LOAD || ph.p_filesz == 0) continue;
    if (ph.p_paddr + ph.p_filesz > sizeof mem || fseek(f, (long)ph.p_offset, SEEK_SET) != 0 ||
        fread(mem + ph.p_paddr, 1, ph.p_filesz, f) != ph.p_filesz) {
      fprintf(stderr, "lwc-msp430sim: %s: bad segment\n", path);
      exit(2);
    }
  }
  for (i = 0; i < eh.e_shnum; i++) { /* __bss_end from the symbol table */
    Elf32_Sym sym;
    unsigned k;
    if (fseek(f, (long)(eh.e_shoff + (unsigned)i * eh.e_shentsize), SEEK_SET) != 0 ||
        fread(&sh, sizeof sh, 1, f) != 1 || sh.sh_type != SHT_SYMTAB)
      continue;
    if (fseek(f, (long)(eh.e_shoff + sh.sh_link * eh.e_shentsize), SEEK_SET) != 0 ||
        fread(&strh, sizeof strh, 1, f) != 1)
      break;
    for (k = 0; k < sh.sh_size / sizeof sym; k++) {
      char name[16] = {0};
      if (fseek(f, (long)(sh.sh_offset + k * sizeof sym), SEEK_SET) != 0 ||
          fread(&sym, sizeof sym, 1, f) != 1 ||
          fseek(f, (long)(strh.sh_offset + sym.st_name), SEEK_SET) != 0 ||
          fread(name, 1, sizeof name - 1, f) == 0)
        break;
      if (strcmp(name, "__bss_end") == 0) stack_limit = (uint16_t)sym.st_value;
    }
  }
  fclose(f);
}

static void stats(void) {
  fprintf(stderr, "lwc-msp430sim: instructions %llu cycles %llu\n",
          (unsigned long long)insns, (unsigned long long)cycles);
}

int main(int argc, char **argv) {
  int i, want_stats = 0;
  const char *elf = NULL;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--stats") == 0) want_stats = 1;
    else if (strcmp(argv[i], "--mspdebug") == 0) mspdebug_cycles = 1;
    else if (strcmp(argv[i], "--trace-cycles") == 0) trace_cycles = 1;
    else if (strncmp(argv[i], "--ct-trace=", 11) == 0) {
      if (trace_out != NULL || (trace_out = fopen(argv[i] + 11, "wb")) == NULL) {
        fprintf(stderr, "lwc-msp430sim: %s%s: %s\n", trace_out ? "a second " : "cannot write ",
                argv[i], trace_out ? "one trace at a time" : strerror(errno));
        return 2;
      }
    } else elf = argv[i];
  }
  if (elf == NULL) {
    fprintf(stderr, "usage: lwc-msp430sim [--stats] [--mspdebug] [--ct-trace=PATH "
            "[--trace-cycles]] FIRMWARE.elf\n");
    return 2;
  }
  if (trace_cycles && trace_out == NULL) {
    fprintf(stderr, "lwc-msp430sim: --trace-cycles adds to a trace: give --ct-trace=PATH\n");
    return 2;
  }
  if (want_stats) atexit(stats);
  memset(mem, 0xff, sizeof mem); /* erased flash, unset RAM */
  r[1] = 0xfffe;                 /* until the start-up sets the stack */
  load(elf);
  r[0] = (uint16_t)(mem[0xfffe] | mem[0xffff] << 8);
  for (;;) {
    uint16_t ins;
    int cyc, traced = tracing;
    if (r[2] & CPUOFF_) die(5, "the CPU was switched off without an exit");
    if (traced) trace(r[0], 'I');
    ins = fetch();
    if (ins >= 0x4000) cyc = double_op(ins);
    else if (ins >= 0x2000) cyc = jump(ins);
    else if (ins >= 0x1000) cyc = single_op(ins);
    else die(3, "illegal instruction (MSP430X extension?)");
    cycles += (unsigned)cyc;
    insns++;
    if (traced && tracing && trace_cycles) trace((uint16_t)cyc, 'C');
    if (r[1] < stack_limit) die(4, "stack overflow into the statics");
  }
}
