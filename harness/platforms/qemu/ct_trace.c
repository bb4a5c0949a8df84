/*
 * lwc-bench constant-time tracer: a QEMU TCG plugin (plugin API v1, QEMU
 * 7.2, user mode), loaded instead of insn_count.c by `./lwcbench ct`.
 *
 * Between the guest's "trace on" and "trace off" system calls it writes
 * every executed instruction's address and every data access's address to
 * the file named by its argument (out=PATH), one record each:
 *
 *   8 bytes little-endian: the address (guest virtual, zero-extended)
 *   1 byte: 'I' instruction, 'R' load, 'W' store
 *
 * and at "trace off" a record of kind 'E' (address 0) ending the segment.
 * The guest runs one operation per segment, with different secrets; the
 * harness compares the segments: any difference is a secret-dependent
 * branch or address.
 *
 * The system call: number LWC_TRACE_SYSCALL (unused by Linux on every ISA),
 * first argument 1 (on) or 0 (off).  QEMU reports it to the plugin before
 * running it, then returns -ENOSYS to the guest.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#define LWC_TRACE_SYSCALL 0x4c58

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static FILE *out;
static int on;
static uint64_t addr_mask; /* 32-bit guests: addresses as 32-bit values */

static void put(uint64_t addr, char kind) {
  unsigned char rec[9];
  int i;
  for (i = 0; i < 8; i++, addr >>= 8) rec[i] = (unsigned char)addr;
  rec[8] = (unsigned char)kind;
  if (fwrite(rec, 1, sizeof rec, out) != sizeof rec) {
    fprintf(stderr, "ct_trace: write failed\n");
    exit(70);
  }
}

static void on_insn(unsigned int vcpu, void *pc) {
  (void)vcpu;
  if (on) put((uint64_t)(uintptr_t)pc & addr_mask, 'I');
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *u) {
  (void)vcpu, (void)u;
  if (on) put(vaddr & addr_mask, qemu_plugin_mem_is_store(info) ? 'W' : 'R');
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  size_t i, n = qemu_plugin_tb_n_insns(tb);
  (void)id;
  for (i = 0; i < n; i++) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    void *pc = (void *)(uintptr_t)qemu_plugin_insn_vaddr(insn);
    qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS, pc);
    qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                     NULL);
  }
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t a1,
                       uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                       uint64_t a7, uint64_t a8) {
  (void)id, (void)vcpu, (void)a2, (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
  if (num != LWC_TRACE_SYSCALL) return;
  if ((a1 & 1) == 0 && on) put(0, 'E');
  on = (int)(a1 & 1);
}

static void at_exit(qemu_plugin_id_t id, void *p) {
  (void)id, (void)p;
  if (fclose(out) != 0) fprintf(stderr, "ct_trace: close failed\n");
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv) {
  if (argc != 1 || strncmp(argv[0], "out=", 4) != 0 || info->system_emulation) {
    fprintf(stderr, "ct_trace: user mode only, one argument out=PATH\n");
    return -1;
  }
  out = fopen(argv[0] + 4, "wb");
  if (out == NULL) {
    fprintf(stderr, "ct_trace: cannot write %s\n", argv[0] + 4);
    return -1;
  }
  addr_mask = strstr(info->target_name, "64") ? ~0ull : 0xffffffffull;
  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
