/*
 * lwc-bench Cortex-M0 / Cortex-M0+ cycle model: a QEMU TCG plugin (plugin
 * API v1, QEMU 7.2, qemu-arm user mode running the ARMv6-M build of
 * cortex-m0-qemu and cortex-m0plus).
 *
 * It counts what insn_count.c counts (every executed instruction, system
 * call LWC_COUNT_SYSCALL) and, beside it, MODELLED CYCLES (system call
 * LWC_CYCLES_SYSCALL, same slot protocol): the executed instruction stream
 * priced with the instruction timings of the core's Technical Reference
 * Manual, at zero wait states.  QEMU itself has no timing model; these are
 * a model's figures, never measured cycles.
 *
 * core=m0: the Cortex-M0 TRM (ARM DDI 0432C, r0p0), Table 3-1 "Cortex-M0
 * instruction summary" (a 3-stage pipeline):
 *   - every instruction 1 cycle, except: single loads and stores (LDR,
 *     STR, LDRB, ..., LDR literal, SP-relative) 2; LDM, STM, PUSH, POP 1+N
 *     (N registers, LR included); MRS, MSR, DMB, DSB, ISB 4; MULS
 *     1 (mul=32: the small multiplier's 32); BL 4;
 *   - a taken branch 3 (B, B<cond> taken, BX, BLX; B<cond> not taken 1);
 *     a write to the PC other than by a branch 3 (MOV PC, ADD PC); POP
 *     with PC 4+N (N the other registers).
 * core=m0plus: the Cortex-M0+ TRM (ARM DDI 0484C, r0p1), Table 3.1
 * "Cortex-M0+ instruction summary" (a 2-stage pipeline: one cycle less on
 * every change of flow):
 *   - as the M0, except: a taken branch 2 (B<cond> not taken 1), BL 3,
 *     MOV/ADD PC 2, POP with PC 3+N; MRS, MSR, DMB, DSB, ISB 3; loads and
 *     stores 2 (the single-cycle I/O port's 1 is for peripherals only).
 * Neither core pipelines loads (no Cortex-M3 style 1-cycle second load).
 *
 * The instruction set is checked too: an executed instruction that
 * ARMv6-M does not have (any 32-bit encoding but BL, MRS, MSR, DMB, DSB,
 * ISB; CBZ, CBNZ, IT) and any unaligned halfword or word access (which a
 * Cortex-M0 faults on) stop QEMU with status 70 and a line on stderr
 * naming it: the A-profile CPU that qemu-arm's user mode runs would execute
 * both.
 *
 * Arguments: core=m0|m0plus (default m0), mul=1|32 (default 1).  With
 * `-d plugin` the totals are printed at exit ("insns N", then
 * "modelled_cycles M").
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#define LWC_COUNT_SYSCALL 0x4c57                 /* instructions (insn_count.c) */
#define LWC_CYCLES_SYSCALL 0x4c59                /* modelled cycles */
#define LWC_COUNT_MARKER 0x544e554f4343574cull   /* "LWCCOUNT" in memory */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

typedef struct {
  uint32_t addr, next;  /* guest address, fall-through address */
  uint32_t raw;         /* the encoding (first halfword in the low bits) */
  uint8_t size;         /* 2 or 4 bytes */
  uint8_t cost;         /* cycles when the flow goes on to the next instruction */
  uint8_t taken;        /* cycles when it does not (a branch taken, a write to PC) */
  uint8_t always;       /* always a change of flow (B, BL, BX, BLX, POP {PC}, MOV PC) */
  uint8_t bad;          /* not ARMv6-M: stop when executed */
} insn_t;

static unsigned core_plus, mul_cycles = 1;

static uint64_t insns, cycles;
static const insn_t *prev;

/* decoded instructions by address (open addressing, grown at 1/2 full) */
static insn_t **seen;
static size_t seen_cap, seen_n;
static uintptr_t guest_base;
static int have_base;

static unsigned popcount8(unsigned v) {
  unsigned n = 0;
  for (v &= 0xff; v; v &= v - 1)
    n++;
  return n;
}

/* the change-of-flow cost: the pipeline refill of the core */
static unsigned branch(void) {
  return core_plus ? 2 : 3;
}

static void decode16(insn_t *d, unsigned hw) {
  unsigned op4 = hw >> 12;
  d->cost = 1;
  d->taken = (uint8_t)branch();
  if ((hw >> 11) == 0x09 || op4 == 0x5 || op4 == 0x6 || op4 == 0x7 || op4 == 0x8 ||
      op4 == 0x9) { /* LDR literal; register offset; immediate offset; SP relative */
    d->cost = d->taken = 2;
  } else if (op4 == 0xc) { /* STM, LDM */
    d->cost = d->taken = (uint8_t)(1 + popcount8(hw));
  } else if ((hw & 0xfe00) == 0xb400) { /* PUSH {list, LR} */
    d->cost = d->taken = (uint8_t)(1 + popcount8(hw) + ((hw >> 8) & 1));
  } else if ((hw & 0xfe00) == 0xbc00) { /* POP {list, PC} */
    unsigned n = popcount8(hw);
    d->cost = d->taken = (uint8_t)(1 + n);
    if (hw & 0x100) {
      d->cost = d->taken = (uint8_t)(n + (core_plus ? 3 : 4));
      d->always = 1;
    }
  } else if ((hw & 0xf000) == 0xd000 && ((hw >> 8) & 0xf) < 0xe) { /* B<cond> */
    d->taken = (uint8_t)branch();
  } else if ((hw & 0xf800) == 0xe000) { /* B */
    d->cost = d->taken = (uint8_t)branch();
    d->always = 1;
  } else if ((hw & 0xff00) == 0x4700) { /* BX, BLX */
    d->cost = d->taken = (uint8_t)branch();
    d->always = 1;
  } else if ((hw & 0xff87) == 0x4687 || (hw & 0xff87) == 0x4487) { /* MOV PC, Rm; ADD PC, Rm */
    d->cost = d->taken = (uint8_t)branch();
    d->always = 1;
  } else if ((hw & 0xffc0) == 0x4340) { /* MULS */
    d->cost = d->taken = (uint8_t)mul_cycles;
  } else if ((hw & 0xf500) == 0xb100) { /* CBZ, CBNZ */
    d->bad = 1;
  } else if ((hw & 0xff00) == 0xbf00 && (hw & 0xf) != 0) { /* IT */
    d->bad = 1;
  }
}

static void decode32(insn_t *d, unsigned hw1, unsigned hw2) {
  if ((hw1 & 0xf800) == 0xf000 && (hw2 & 0xd000) == 0xd000) { /* BL */
    d->cost = d->taken = (uint8_t)(1 + branch());
    d->always = 1;
  } else if ((hw1 & 0xffe0) == 0xf380 && (hw2 & 0xd000) == 0x8000) { /* MSR */
    d->cost = d->taken = (uint8_t)(core_plus ? 3 : 4);
  } else if (hw1 == 0xf3ef && (hw2 & 0xf000) == 0x8000) { /* MRS */
    d->cost = d->taken = (uint8_t)(core_plus ? 3 : 4);
  } else if (hw1 == 0xf3bf && (hw2 & 0xff00) == 0x8f00 &&
             ((hw2 >> 4) & 0xf) >= 4 && ((hw2 >> 4) & 0xf) <= 6) { /* DSB, DMB, ISB */
    d->cost = d->taken = (uint8_t)(core_plus ? 3 : 4);
  } else {
    d->cost = d->taken = 1;
    d->bad = 1;
  }
}

static void on_exec(unsigned int vcpu, void *ud) {
  const insn_t *i = ud, *p = prev;
  (void)vcpu;
  if (i->bad) {
    fprintf(stderr, "m0_cycles: not ARMv6-M: %0*" PRIx32 " at 0x%08" PRIx32 "\n",
            i->size == 4 ? 8 : 4, i->raw, i->addr);
    exit(70);
  }
  insns++;
  if (p != NULL && (i->addr != p->next || p->always))
    cycles += (uint64_t)(p->taken - p->cost); /* the previous one changed the flow */
  cycles += i->cost;
  prev = i;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud) {
  const insn_t *i = ud;
  unsigned size = 1u << qemu_plugin_mem_size_shift(info);
  (void)vcpu;
  if (vaddr & (size - 1)) {
    fprintf(stderr, "m0_cycles: unaligned %u-byte %s of 0x%08" PRIx64 " at 0x%08" PRIx32
            " (a Cortex-M0 faults)\n", size, qemu_plugin_mem_is_store(info) ? "store" : "load",
            vaddr, i->addr);
    exit(70);
  }
}

static insn_t *decoded(struct qemu_plugin_insn *insn) {
  uint32_t addr = (uint32_t)qemu_plugin_insn_vaddr(insn);
  const unsigned char *b = qemu_plugin_insn_data(insn);
  /* the width from the first halfword (QEMU 7.2 may report 4 bytes for a
   * 16-bit instruction at the end of a page: cm3_cycles.c) */
  size_t size = (b[1] >> 3) >= 0x1d ? 4 : 2;
  insn_t *d;
  size_t k;
  if (2 * (seen_n + 1) > seen_cap) {
    size_t cap = seen_cap ? 2 * seen_cap : 4096, j;
    insn_t **t = calloc(cap, sizeof *t);
    if (t == NULL) {
      fprintf(stderr, "m0_cycles: out of memory\n");
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
    fprintf(stderr, "m0_cycles: out of memory\n");
    exit(70);
  }
  d->addr = addr;
  d->size = (uint8_t)size;
  d->next = addr + (uint32_t)size;
  if (size == 4) {
    d->raw = (uint32_t)(b[0] | b[1] << 8) << 16 | (uint32_t)(b[2] | b[3] << 8);
    decode32(d, b[0] | b[1] << 8, b[2] | b[3] << 8);
  } else {
    d->raw = (uint32_t)(b[0] | b[1] << 8);
    decode16(d, b[0] | b[1] << 8);
  }
  seen[k] = d;
  seen_n++;
  return d;
}

/* the instructions that access memory: loads, stores, LDM/STM, PUSH/POP */
static int accesses_memory(const insn_t *d) {
  unsigned hw = d->raw, op4 = hw >> 12;
  if (d->size != 2)
    return 0;
  return (hw >> 11) == 0x09 || (op4 >= 0x5 && op4 <= 0x9) || op4 == 0xc ||
         (hw & 0xf600) == 0xb400;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t k, n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  for (k = 0; k < n; k++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, k);
    insn_t *d;
    if (!have_base) {
      void *host = qemu_plugin_insn_haddr(insn);
      if (host != NULL) {
        guest_base = (uintptr_t)host - (uintptr_t)qemu_plugin_insn_vaddr(insn);
        have_base = 1;
      }
    }
    d = decoded(insn);
    qemu_plugin_register_vcpu_insn_exec_cb(insn, on_exec, QEMU_PLUGIN_CB_NO_REGS, d);
    if (accesses_memory(d))
      qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                       QEMU_PLUGIN_MEM_RW, d);
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
    fprintf(stderr, "m0_cycles: count slot 0x%" PRIx64 " has no marker\n",
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
  qemu_plugin_outs(line);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  int k;
  if (info->system_emulation || strcmp(info->target_name, "arm") != 0) {
    fprintf(stderr, "m0_cycles: qemu-arm user mode only\n");
    return -1;
  }
  for (k = 0; k < argc; k++) {
    const char *a = argv[k];
    if (strcmp(a, "core=m0") == 0)
      core_plus = 0;
    else if (strcmp(a, "core=m0plus") == 0)
      core_plus = 1;
    else if (strcmp(a, "mul=1") == 0)
      mul_cycles = 1;
    else if (strcmp(a, "mul=32") == 0)
      mul_cycles = 32;
    else {
      fprintf(stderr, "m0_cycles: bad argument %s (core=m0|m0plus mul=1|32)\n", a);
      return -1;
    }
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
