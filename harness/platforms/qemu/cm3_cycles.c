/*
 * lwc-bench Cortex-M3 cycle model: a QEMU TCG plugin (plugin API v1, QEMU
 * 7.2, qemu-arm user mode running the Thumb-2 build of cortex-m3-qemu).
 *
 * It counts what insn_count.c counts (every executed instruction, system
 * call LWC_COUNT_SYSCALL) and, beside it, MODELLED CYCLES (system call
 * LWC_CYCLES_SYSCALL, same slot protocol): the executed instruction stream
 * priced with the instruction timings of the Cortex-M3 Technical Reference
 * Manual (r2p0/r2p1, "Processor instruction timings"), plus flash wait
 * states.  QEMU itself has no timing model; these are a model's figures,
 * never measured cycles.
 *
 * The model (docs/research.md: "The Cortex-M3 cycle model"):
 *   - every instruction 1 cycle, except: single loads and stores 2; LDRD,
 *     STRD 3 (1+N); LDM, STM, PUSH, POP 1+N (N registers, PC and LR
 *     included); LDREX, STREX 2; MLA, MLS 2; MSR, MRS 2; TBB, TBH 2;
 *     UMULL, SMULL 5, UMLAL, SMLAL 7 (the manual's 3-5 and 4-7 depend on
 *     the operands: the model takes the upper bound); SDIV, UDIV 12 (2-12:
 *     the upper bound too); MUL 1.
 *   - a single load or store right after a single load (LDR, LDRB, LDRH,
 *     LDRSB, LDRSH, LDR literal) costs 1 cycle less when the first load's
 *     destination is not one of its address registers: N independent
 *     loads in a row take N+1 cycles, as the manual states.
 *   - a branch is taken when the next executed instruction is not the one
 *     after it (TBB and TBH always); a taken branch, or any write to the
 *     PC, adds the pipeline refill P = refill (default 2), plus 1 when the
 *     target is a 32-bit instruction that is not word aligned (two fetches).
 *   - flash wait states (ws=N): the read-only segment [flash lo, hi) is
 *     flash.  Code is fetched in lines of `fetch` bytes (default 4, the
 *     ICode bus width); a flash line takes 1+N cycles and the fetch unit
 *     prefetches one line ahead: when execution enters a line, the next
 *     line is ready 1+N cycles later, and an instruction in it waits until
 *     then.  After a taken branch each line of the target instruction costs
 *     N more cycles (the refill P covers the zero-wait fetch).  Every data
 *     read from flash (literals, constant tables) costs N more cycles.
 *     RAM (data, stack) has no wait states.  With ws=0 none of this runs
 *     and the figure is the manual's table alone.  Without accel= this is
 *     the no-accelerator bound: a branch refetches even a line just read.
 *   - a flash accelerator (accel=), as the microcontrollers' manuals
 *     describe it; the rules above hold, with these changes:
 *       stm32f1: the STM32F1's prefetch buffer (RM0008, "Embedded Flash
 *         memory", reading the Flash memory; PM0075, "Read operations":
 *         the prefetch buffer and its controller).  The flash is read 64
 *         bits at a time (one read: 1+N cycles, N = LATENCY, 0 to 2), into
 *         two 64-bit blocks; the controller reads the next block as soon
 *         as one block is free, that is when execution enters a block.
 *         Lines are 8 bytes.  Data reads (literal pools, over DCode) do
 *         not go through the buffer: N more each, as without accel.
 *       sam3x: the SAM3X's Enhanced Embedded Flash Controller (SAM3X/SAM3A
 *         datasheet, "Enhanced Embedded Flash Controller (EEFC)", read
 *         operations: 128-bit access mode, code read optimization, data
 *         read optimization).  The flash is read 128 bits at a time (1+N
 *         cycles, N = FWS) into two 128-bit buffers for sequential code;
 *         lines are 16 bytes.  Data reads go through one 128-bit data
 *         buffer: a data read in the line it holds costs nothing more, any
 *         other N more (and the buffer then holds that line).  (The code
 *         loop optimization of the later EEFCs, EEFC_FMR.CLOE, is not in
 *         the SAM3X's EEFC: not modelled.)
 *     In both, the two code buffers hold the line being executed and the
 *     next one (read since the current one was entered), so a fetch, after
 *     a branch too, from either costs no flash read (the next line's: its
 *     wait until it is there); a branch to any other line refetches it (N
 *     more a line, P covering the zero-wait part), after which the next
 *     line is read.  Left out: the core's own 3-word fetch queue (slack in
 *     one line is not carried to the next), a data read delaying a code
 *     read in progress (both share the flash), the STM32F1's half-cycle
 *     access mode.
 *
 * Arguments: ws=N (0..15), flash=LO:HI (hex addresses, required when N > 0),
 * refill=P (1..3), fetch=BYTES (4, 8 or 16), accel=none|stm32f1|sam3x
 * (stm32f1: fetch 8 and N at most 2; sam3x: fetch 16; fetch may be left
 * out with accel, and must agree with it when given).
 *
 * With `-d plugin` the totals are printed at exit ("insns N", then
 * "modelled_cycles M").
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

/* The multiplies, the one place where the Cortex-M4's table (Cortex-M4 TRM
 * r0p1, ARM 100166_0001_00, Table 3-1) differs from the Cortex-M3's for the
 * integer instructions: MLA, MLS 1 (M3: 2); SMULL, UMULL, SMLAL, UMLAL 1
 * (M3: 3-5 and 4-7); the ARMv7E-M multiplies (SMLAxy, SMUAD, ...) 1 as the
 * M3 model's default already has them.  Built with -DLWC_CM4 as
 * libcm4_cycles.so for cortex-m4-qemu; everything else is shared. */
#ifdef LWC_CM4
#define MLA_CYCLES 1
#define LONG_MUL_CYCLES {1, 12, 1, 12, 1, 1, 1, 1} /* SMULL SDIV UMULL UDIV SMLAL - UMLAL - */
#else
#define MLA_CYCLES 2
#define LONG_MUL_CYCLES {5, 12, 5, 12, 7, 1, 7, 1}
#endif

#define LWC_COUNT_SYSCALL 0x4c57                 /* instructions (insn_count.c) */
#define LWC_CYCLES_SYSCALL 0x4c59                /* modelled cycles */
#define LWC_COUNT_MARKER 0x544e554f4343574cull   /* "LWCCOUNT" in memory */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum kind { K_OTHER, K_LOAD1, K_STORE1 };

typedef struct {
  uint32_t addr, next;  /* guest address, fall-through address */
  uint8_t size;         /* 2 or 4 bytes */
  uint8_t cost;         /* cycles at 0 wait states, not taken */
  uint8_t kind;         /* single load / single store / other */
  uint8_t always;       /* always a branch (TBB, TBH): taken even to the next address */
  uint8_t flash;        /* fetched from flash */
  uint16_t dst;         /* K_LOAD1: the loaded register (mask) */
  uint16_t areg;        /* K_LOAD1, K_STORE1: the address registers (mask) */
} insn_t;

/* the model's parameters */
enum accel { A_NONE, A_STM32F1, A_SAM3X };
static const char *const accel_name[] = {"none", "stm32f1", "sam3x"};
static const unsigned accel_line[] = {0, 8, 16};  /* the accelerator's line: bytes */
static unsigned ws, refill = 2, fetch_bytes = 4, accel = A_NONE;
static uint32_t flash_lo, flash_hi;

/* the model's state (one vCPU) */
static uint64_t insns, cycles;
static const insn_t *prev;
static uint32_t cur_line;
static uint64_t line_enter;  /* cycle at which execution entered cur_line */
static int have_line;
static uint32_t data_line;   /* accel=sam3x: the line in the data read buffer */
static int have_data_line;

/* decoded instructions by address (open addressing, grown at 1/2 full) */
static insn_t **seen;
static size_t seen_cap, seen_n;
static uintptr_t guest_base;
static int have_base;

static unsigned popcount16(unsigned v) {
  unsigned n = 0;
  for (v &= 0xffff; v; v &= v - 1)
    n++;
  return n;
}

static void single(insn_t *d, int load, unsigned rt, uint16_t areg) {
  d->cost = 2;
  d->areg = areg;
  if (load && rt == 15) { /* LDR PC: a branch (2 + P), not pipelined */
    d->kind = K_OTHER;
    return;
  }
  d->kind = load ? K_LOAD1 : K_STORE1;
  d->dst = load ? (uint16_t)(1u << rt) : 0;
}

/* 16-bit Thumb instructions */
static void decode16(insn_t *d, unsigned hw) {
  unsigned op4 = hw >> 12;
  d->cost = 1;
  if ((hw >> 11) == 0x09) { /* LDR Rt, [PC, #imm] */
    single(d, 1, (hw >> 8) & 7, 1u << 15);
  } else if (op4 == 0x5) { /* register offset: STR STRH STRB LDRSB LDR LDRH LDRB LDRSH */
    unsigned opb = (hw >> 9) & 7;
    single(d, opb >= 3, hw & 7, (uint16_t)((1u << ((hw >> 3) & 7)) | (1u << ((hw >> 6) & 7))));
  } else if (op4 == 0x6 || op4 == 0x7 || op4 == 0x8) { /* immediate offset */
    single(d, (hw >> 11) & 1, hw & 7, (uint16_t)(1u << ((hw >> 3) & 7)));
  } else if (op4 == 0x9) { /* SP relative */
    single(d, (hw >> 11) & 1, (hw >> 8) & 7, 1u << 13);
  } else if (op4 == 0xc) { /* STM, LDM */
    d->cost = (uint8_t)(1 + popcount16(hw & 0xff));
  } else if ((hw & 0xfe00) == 0xb400) { /* PUSH {list, LR} */
    d->cost = (uint8_t)(1 + popcount16(hw & 0xff) + ((hw >> 8) & 1));
  } else if ((hw & 0xfe00) == 0xbc00) { /* POP {list, PC} */
    d->cost = (uint8_t)(1 + popcount16(hw & 0xff) + ((hw >> 8) & 1));
  }
  /* everything else (ALU, MULS, B, B<cond>, CBZ, BX, IT, hints) costs 1
   * (+P when it branches) */
}

/* 32-bit Thumb-2 instructions */
static void decode32(insn_t *d, unsigned hw1, unsigned hw2) {
  d->cost = 1;
  if ((hw1 & 0xfe40) == 0xe800) { /* LDM, STM (.W, DB) */
    unsigned op = (hw1 >> 7) & 3;
    if (op == 1 || op == 2)
      d->cost = (uint8_t)(1 + popcount16(hw2));
  } else if ((hw1 & 0xfe40) == 0xe840) { /* LDRD STRD LDREX STREX TBB TBH */
    if ((hw1 & 0xfff0) == 0xe8d0 && (hw2 & 0xffe0) == 0xf000) {
      d->cost = 2; /* TBB, TBH: 2 + P, always branching */
      d->always = 1;
    } else if ((hw1 & 0xffe0) == 0xe840) {
      d->cost = 2; /* LDREX, STREX */
    } else {
      d->cost = 3; /* LDRD, STRD: 1 + N, not pipelined */
    }
  } else if ((hw1 & 0xf800) == 0xf000 && (hw2 & 0x8000)) { /* branches, misc control */
    if ((hw2 & 0x5000) == 0 && ((hw1 >> 7) & 7) == 7) {
      if ((hw1 & 0xffe0) == 0xf380 || (hw1 & 0xffe0) == 0xf3e0)
        d->cost = 2; /* MSR, MRS */
    }
  } else if ((hw1 & 0xfe00) == 0xf800) { /* single loads and stores */
    unsigned rn = hw1 & 0xf, rt = hw2 >> 12, load = (hw1 >> 4) & 1;
    uint16_t areg = (uint16_t)(1u << rn);
    if (rn != 15 && !(hw1 & 0x0080) && (hw2 & 0x0fc0) == 0)
      areg |= (uint16_t)(1u << (hw2 & 0xf)); /* [Rn, Rm, LSL #n] */
    if (load && rt == 15 && ((hw1 >> 5) & 3) != 2)
      d->cost = 1; /* PLD, PLI: hints */
    else
      single(d, load, rt, areg);
  } else if ((hw1 & 0xff80) == 0xfb00) { /* MUL MLA MLS */
    if (((hw1 >> 4) & 7) == 0 && (((hw2 >> 4) & 3) == 1 || (hw2 >> 12) != 15))
      d->cost = MLA_CYCLES; /* MLA, MLS */
  } else if ((hw1 & 0xff80) == 0xfb80) { /* long multiplies, divides */
    static const uint8_t c[8] = LONG_MUL_CYCLES;
    d->cost = c[(hw1 >> 4) & 7];
  }
}

static int in_flash(uint64_t a) {
  return a >= flash_lo && a < flash_hi;
}

/* Flash wait states: the fetch unit (see the header). */
static void fetch(const insn_t *i, int redirect) {
  uint32_t x, first = i->addr / fetch_bytes, last = (i->addr + i->size - 1) / fetch_bytes;
  for (x = first; x <= last; x++) {
    if (redirect || !have_line) {
      cycles += ws; /* refetched after a branch: P covers the zero-wait part */
    } else if (x == cur_line) {
      continue;
    } else if (x == cur_line + 1) {
      uint64_t ready = line_enter + 1 + ws; /* prefetched since cur_line was entered */
      if (cycles < ready)
        cycles = ready;
    } else {
      cycles += ws;
    }
    cur_line = x;
    line_enter = cycles;
    have_line = 1;
  }
}

/* Flash wait states behind an accelerator (accel=): the two code buffers
 * hold cur_line and cur_line + 1 (see the header). */
static void fetch_buffered(const insn_t *i, int redirect) {
  uint32_t x, first = i->addr / fetch_bytes, last = (i->addr + i->size - 1) / fetch_bytes;
  int missed = 0; /* a line of this branch target was refetched: so is the rest of it */
  for (x = first; x <= last; x++) {
    if (have_line && !missed && x == cur_line)
      continue; /* in the buffer being executed */
    if (have_line && !missed && x == cur_line + 1) {
      uint64_t ready = line_enter + 1 + ws; /* the other buffer, read since cur_line was entered */
      if (cycles < ready)
        cycles = ready;
    } else {
      cycles += ws; /* a flash read (after a branch, P covers its zero-wait part) */
      missed = redirect;
    }
    cur_line = x;
    line_enter = cycles; /* and the controller starts reading cur_line + 1 */
    have_line = 1;
  }
}

static void on_exec(unsigned int vcpu, void *ud) {
  const insn_t *i = ud, *p = prev;
  unsigned c = i->cost;
  int redirect = 0;
  (void)vcpu;
  insns++;
  if (p != NULL && (i->addr != p->next || p->always)) {
    cycles += refill + (i->size == 4 && (i->addr & 2) ? 1 : 0);
    redirect = 1;
  }
  if (ws != 0) {
    if (i->flash && accel != A_NONE)
      fetch_buffered(i, redirect);
    else if (i->flash)
      fetch(i, redirect);
    else
      have_line = 0;
  }
  if (p != NULL && !redirect && p->kind == K_LOAD1 && i->kind != K_OTHER &&
      !(p->dst & i->areg))
    c--; /* pipelined behind the previous load */
  cycles += c;
  prev = i;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *u) {
  (void)vcpu, (void)u;
  uint32_t a = (uint32_t)(vaddr & 0xffffffffull);
  if (qemu_plugin_mem_is_store(info) || !in_flash(a))
    return;
  if (accel == A_SAM3X) { /* the EEFC's 128-bit data read buffer */
    if (have_data_line && a / fetch_bytes == data_line)
      return;
    data_line = a / fetch_bytes;
    have_data_line = 1;
  }
  cycles += ws; /* a data read from flash */
}

static const insn_t *decoded(struct qemu_plugin_insn *insn) {
  uint32_t addr = (uint32_t)qemu_plugin_insn_vaddr(insn);
  const unsigned char *b = qemu_plugin_insn_data(insn);
  /* the width from the first halfword: QEMU 7.2 reports 4 bytes for a
   * 16-bit instruction at the end of a page (the translator reads the
   * next halfword to check whether a 32-bit one crosses the page) */
  size_t size = (b[1] >> 3) >= 0x1d ? 4 : 2;
  insn_t *d;
  size_t k;
  if (2 * (seen_n + 1) > seen_cap) { /* grow: rehash into twice the room */
    size_t cap = seen_cap ? 2 * seen_cap : 4096, j;
    insn_t **t = calloc(cap, sizeof *t);
    if (t == NULL) {
      fprintf(stderr, "cm3_cycles: out of memory\n");
      exit(70);
    }
    for (j = 0; j < seen_cap; j++)
      if (seen[j] != NULL) {
        for (k = (seen[j]->addr >> 1) & (cap - 1); t[k] != NULL; k = (k + 1) & (cap - 1)) {}
        t[k] = seen[j];
      }
    free(seen);
    seen = t, seen_cap = cap;
  }
  for (k = (addr >> 1) & (seen_cap - 1); seen[k] != NULL; k = (k + 1) & (seen_cap - 1))
    if (seen[k]->addr == addr && seen[k]->size == size)
      return seen[k];
  d = calloc(1, sizeof *d);
  if (d == NULL) {
    fprintf(stderr, "cm3_cycles: out of memory\n");
    exit(70);
  }
  d->addr = addr;
  d->size = (uint8_t)size;
  d->next = addr + (uint32_t)size;
  d->flash = (uint8_t)in_flash(addr);
  if (size == 4)
    decode32(d, b[0] | b[1] << 8, b[2] | b[3] << 8);
  else
    decode16(d, b[0] | b[1] << 8);
  seen[k] = d; /* the free place the search ended on */
  seen_n++;
  return d;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t k, n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  for (k = 0; k < n; k++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, k);
    if (!have_base) {
      void *host = qemu_plugin_insn_haddr(insn);
      if (host != NULL) {
        guest_base = (uintptr_t)host - (uintptr_t)qemu_plugin_insn_vaddr(insn);
        have_base = 1;
      }
    }
    qemu_plugin_register_vcpu_insn_exec_cb(insn, on_exec, QEMU_PLUGIN_CB_NO_REGS,
                                           (void *)decoded(insn));
    if (ws != 0)
      qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                       QEMU_PLUGIN_MEM_RW, NULL); /* (_R alone: no loads in 7.2) */
  }
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  unsigned char *slot, le[8];
  uint64_t marker = LWC_COUNT_MARKER, v;
  int i;
  (void)id, (void)vcpu, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
  if (num != LWC_COUNT_SYSCALL && num != LWC_CYCLES_SYSCALL)
    return;
  v = num == LWC_COUNT_SYSCALL ? insns : cycles;
  for (i = 0; i < 8; i++, marker >>= 8)
    le[i] = (unsigned char)marker;
  slot = (unsigned char *)(uintptr_t)((a1 & 0xffffffffull) + guest_base);
  if (!have_base || memcmp(slot, le, 8) != 0) {
    fprintf(stderr, "cm3_cycles: count slot 0x%" PRIx64 " has no marker\n",
            (uint64_t)(a1 & 0xffffffffull));
    exit(70);
  }
  for (i = 0; i < 8; i++, v >>= 8)
    slot[i] = (unsigned char)v;
}

static void at_exit(qemu_plugin_id_t id, void *p) {
  char line[96];
  (void)id, (void)p;
  snprintf(line, sizeof line, "insns %" PRIu64 "\nmodelled_cycles %" PRIu64 "\n", insns, cycles);
  qemu_plugin_outs(line); /* shown with -d plugin only */
}

static int parse(const char *arg, const char *name, unsigned long max, unsigned *out) {
  size_t n = strlen(name);
  char *end;
  unsigned long v;
  if (strncmp(arg, name, n) != 0 || arg[n] != '=')
    return 0;
  v = strtoul(arg + n + 1, &end, 0);
  if (*end != '\0' || end == arg + n + 1 || v > max)
    return -1;
  *out = (unsigned)v;
  return 1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  int k, have_flash = 0;
  unsigned fetch_arg = 0; /* fetch=, 0 when not given */
  if (info->system_emulation || strcmp(info->target_name, "arm") != 0) {
    fprintf(stderr, "cm3_cycles: qemu-arm user mode only\n");
    return -1;
  }
  for (k = 0; k < argc; k++) {
    const char *a = argv[k];
    int r = parse(a, "ws", 15, &ws);
    if (r == 0) r = parse(a, "refill", 3, &refill);
    if (r == 0 && (r = parse(a, "fetch", 16, &fetch_arg)) == 1 && fetch_arg == 0)
      r = -1;
    if (r == 0 && strncmp(a, "flash=", 6) == 0) {
      char *end;
      unsigned long lo = strtoul(a + 6, &end, 16), hi = 0;
      r = -1;
      if (*end == ':') {
        hi = strtoul(end + 1, &end, 16);
        if (*end == '\0' && lo < hi && hi <= 0xffffffffull) {
          flash_lo = (uint32_t)lo, flash_hi = (uint32_t)hi, have_flash = 1, r = 1;
        }
      }
    }
    if (r == 0 && strncmp(a, "accel=", 6) == 0) {
      unsigned j;
      r = -1;
      for (j = 0; j < sizeof accel_name / sizeof *accel_name; j++)
        if (strcmp(a + 6, accel_name[j]) == 0)
          accel = j, r = 1;
    }
    if (r != 1) {
      fprintf(stderr, "cm3_cycles: bad argument %s (ws=N flash=LO:HI refill=P fetch=4|8|16 "
                      "accel=none|stm32f1|sam3x)\n", a);
      return -1;
    }
  }
  if (accel != A_NONE) { /* the accelerator fixes the line */
    if (fetch_arg != 0 && fetch_arg != accel_line[accel]) {
      fprintf(stderr, "cm3_cycles: accel=%s reads the flash %u bytes at a time, not fetch=%u\n",
              accel_name[accel], accel_line[accel], fetch_arg);
      return -1;
    }
    fetch_arg = accel_line[accel];
  }
  if (accel == A_STM32F1 && ws > 2) {
    fprintf(stderr, "cm3_cycles: accel=stm32f1 has 0 to 2 wait states (FLASH_ACR LATENCY), "
                    "not ws=%u\n", ws);
    return -1;
  }
  if (fetch_arg != 0)
    fetch_bytes = fetch_arg;
  if (refill < 1 || (fetch_bytes != 4 && fetch_bytes != 8 && fetch_bytes != 16) ||
      (ws != 0 && !have_flash)) {
    fprintf(stderr, "cm3_cycles: refill 1..3, fetch 4/8/16, and flash=LO:HI with ws > 0\n");
    return -1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
