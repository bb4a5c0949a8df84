/*
 * lwc-bench instruction counter: a QEMU TCG plugin (plugin API v1, QEMU 7.2,
 * user mode: qemu-riscv32/64, qemu-arm, qemu-xtensa).
 *
 * Counting: when QEMU translates a block of guest code (a TB) it asks this
 * plugin to add the block's instruction count to `insns` inline, i.e. one
 * add instruction in the generated host code at the start of the block
 * (no callback, so it costs little).  A TB is entered at its start and,
 * in user mode without faults, runs to its end, so `insns` counts every
 * executed guest instruction.  A system call instruction always ends its
 * TB: when the syscall is made, `insns` holds exactly the instructions up
 * to and including the syscall instruction.
 *
 * Reading: the guest makes the system call number LWC_COUNT_SYSCALL with a
 * pointer to a 64-bit slot as first argument (harness/platforms/qemu/start_*.S,
 * lwc_count).  QEMU reports every syscall to plugins before it runs it;
 * this plugin writes `insns` (little-endian) to the slot.  QEMU then runs
 * the unknown syscall, which only returns -ENOSYS.  In user mode guest
 * memory is host memory at a fixed offset (guest_base); the plugin learns
 * it at translation time (host address of an instruction's bytes minus its
 * guest address) and checks it on every read: the guest stores the marker
 * LWC_COUNT_MARKER in the slot first, and a slot without it stops QEMU
 * with an error instead of writing to a wrong address.
 *
 * With `-d plugin` the total is printed at exit ("insns N"), for checking
 * against `-singlestep -d exec,nochain` (one "Trace" log line per
 * executed instruction).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#define LWC_COUNT_SYSCALL 0x4c57                 /* unused by Linux on every ISA */
#define LWC_COUNT_MARKER 0x544e554f4343574cull   /* "LWCCOUNT" in memory */

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static uint64_t insns;        /* executed guest instructions (one vCPU) */
static uintptr_t guest_base;  /* host address = guest address + guest_base */
static int have_base;
static uint64_t addr_mask;    /* 32-bit guests pass sign-extended addresses */

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  if (n == 0)
    return;
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insns, n);
  if (!have_base) {
    struct qemu_plugin_insn *first = qemu_plugin_tb_get_insn(tb, 0);
    void *host = qemu_plugin_insn_haddr(first);
    if (host != NULL) {
      guest_base = (uintptr_t)host - (uintptr_t)qemu_plugin_insn_vaddr(first);
      have_base = 1;
    }
  }
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  unsigned char *slot, le[8];
  uint64_t marker = LWC_COUNT_MARKER, v = insns;
  int i;
  (void)id, (void)vcpu, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
  if (num != LWC_COUNT_SYSCALL)
    return;
  for (i = 0; i < 8; i++, marker >>= 8)
    le[i] = (unsigned char)marker;
  slot = (unsigned char *)(uintptr_t)((a1 & addr_mask) + guest_base);
  if (!have_base || memcmp(slot, le, 8) != 0) {
    fprintf(stderr, "insn_count: count slot 0x%" PRIx64 " has no marker (guest_base 0x%lx)\n",
            a1 & addr_mask, (unsigned long)guest_base);
    exit(70);
  }
  for (i = 0; i < 8; i++, v >>= 8) /* little-endian guests only (all of ours) */
    slot[i] = (unsigned char)v;
}

static void at_exit(qemu_plugin_id_t id, void *p) {
  char line[64];
  (void)id, (void)p;
  snprintf(line, sizeof line, "insns %" PRIu64 "\n", insns);
  qemu_plugin_outs(line); /* shown with -d plugin only */
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  (void)argv;
  if (argc != 0 || info->system_emulation) {
    fprintf(stderr, "insn_count: user mode only, no arguments\n");
    return -1;
  }
  addr_mask = strstr(info->target_name, "64") ? ~0ull : 0xffffffffull;
  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
