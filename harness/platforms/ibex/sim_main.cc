// lwcbench: the testbench of the rv32-ibex target.
//
// Drives lowRISC's examples/simple_system (Ibex + 1 MiB RAM at 0x100000 +
// the simulator-control device at 0x20000 + a timer), compiled by Verilator
// into Vibex_simple_system.  It replaces the upstream C++ harness (simutil,
// memutil, pcounts), which pulls in tracing, vmem/ELF helpers and a DPI
// library: this one only loads an ELF, clocks the model until the program
// halts it, and reports how many clock cycles that took.
//
//   Vibex_simple_system --meminit=ram,PROG.elf [--max-cycles=N] [--stats]
//                       [--ct-trace=PATH] [--leak=PATH[,ORDER]]
//
// The program's console is simple_system's character device: every byte
// written to 0x20000 is appended to ./ibex_simple_system.log (the RTL opens
// that name in the current directory), so each run gets its own directory.
// A write of 1 to 0x20008 makes the RTL call $finish two cycles later.
// Exit status: 0 after $finish, 2 on a usage or ELF error, 3 when
// --max-cycles ran out first, 70 when the trace file cannot be written
// (or passes kCtMaxRecords), or the leakage sums.
//
// --leak=PATH[,ORDER]: the power model and statistics of `./lwcbench leak`
// (see "the leakage accumulator" below; hook lwc_leak_cycle in
// rtl/ibex_top_notrace.sv).
//
// --ct-trace=PATH: the tracer of `./lwcbench ct` (harness/bench/ct.py).
// While the firmware has it on, every completed instruction's address and
// every data load's and store's address go to PATH in the format of the
// QEMU tracer (harness/platforms/qemu/ct_trace.c): 9-byte records, the
// address as 8 bytes little-endian, then 'I' instruction, 'R' load or 'W'
// store; turning it off writes an 'E' record (address 0) that ends the
// segment.  The firmware switches it with a store to kCtSwitch (port_ibex.c
// bench_trace: 1 on, 0 off), a word of the simulator-control device that
// the RTL ignores.  The events come from the hook in rtl/ibex_top_notrace.sv
// (lwc_ct_cycle, once per clock cycle; see there for the signals).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vibex_simple_system.h"
#include "Vibex_simple_system__Dpi.h"  // simutil_set_mem (prim_util_memload.svh)
#include "svdpi.h"
#include "verilated.h"

static const uint32_t kRamBase = 0x00100000u;  // simple_system's RAM window
static const uint32_t kRamSize = 0x00100000u;  // 1 MiB
// scope of the RAM model that exports simutil_set_mem (see rtl/prims.sv)
static const char kRamScope[] = "TOP.ibex_simple_system.u_ram.u_ram.u_impl_generic";

// ---- the constant-time tracer (--ct-trace=PATH) ---------------------------
// The switch: a word of simulator_ctrl (0x20000, 1 KiB) that its RTL
// ignores (it acts on offsets 0 and 8 only, and answers every request).  A
// store, rather than the testbench recognizing the PC of a marker function:
// no symbol lookup, and it is seen where the events are (the data bus).
// The switching store is not itself recorded; the instructions around it
// (the end of bench_trace(1), the start of bench_trace(0)) are the same for
// every secret.
static const uint32_t kCtSwitch = 0x00020010u;
// A run of the "ct" requests writes a few million records; a firmware that
// hangs with the trace on would fill the disk until the harness kills it.
static const uint64_t kCtMaxRecords = 64u << 20;  // 576 MiB
static uint64_t ct_records;

static FILE *ct_out;       // null: no --ct-trace, the RTL hook stays off
static bool ct_on;         // between the firmware's "on" and "off" stores
struct CtAccess {
  uint32_t addr;
  char kind;
};
// data accesses of the instruction in ID/EX, written after its 'I' record
// (program order: an instruction, then its accesses, as QEMU's plugin does)
static std::vector<CtAccess> ct_pending;

static void ct_put(uint32_t addr, char kind) {
  unsigned char rec[9] = {(unsigned char)addr, (unsigned char)(addr >> 8),
                          (unsigned char)(addr >> 16), (unsigned char)(addr >> 24), 0, 0, 0, 0,
                          (unsigned char)kind};
  if (++ct_records > kCtMaxRecords) {
    std::fprintf(stderr, "Vibex_simple_system: ct trace longer than %llu records (hang?)\n",
                 (unsigned long long)kCtMaxRecords);
    std::exit(70);
  }
  if (std::fwrite(rec, 1, sizeof rec, ct_out) != sizeof rec) {
    std::fprintf(stderr, "Vibex_simple_system: writing the ct trace failed\n");
    std::exit(70);
  }
}

// DPI imports of rtl/ibex_top_notrace.sv.
svBit lwc_ct_enabled() { return ct_out != nullptr; }

// One clock cycle: the instruction in ID/EX completes at pc_id (id_done);
// a data-bus request is accepted (data_req): word address, byte enables.
void lwc_ct_cycle(svBit id_done, unsigned int pc_id, svBit data_req, svBit data_we,
                  unsigned int data_addr, unsigned int data_be, unsigned int data_wdata) {
  if (data_req) {
    // The switching store: not an event.  It completes a cycle or more
    // later, so after "on" its 'I' is the segment's first record (the same
    // every time); after "off" it is not recorded.
    if (data_we && data_addr == kCtSwitch) {
      if (data_wdata & 1) {
        ct_on = true;
      } else if (ct_on) {
        ct_on = false;
        ct_put(0, 'E');
      }
      ct_pending.clear();
      return;
    }
    if (ct_on) {
      // the lowest enabled byte: the access's own address (the bus carries
      // word addresses; a misaligned access's second request starts at its
      // next word)
      uint32_t low = 0;
      while (low < 3 && !(data_be >> low & 1)) low++;
      ct_pending.push_back({data_addr + low, data_we ? 'W' : 'R'});
    }
  }
  if (id_done && ct_on) {
    ct_put(pc_id, 'I');
    for (const CtAccess &a : ct_pending) ct_put(a.addr, a.kind);
    ct_pending.clear();
  }
}

// ---- the leakage accumulator (--leak=PATH[,ORDER]) -------------------------
// `./lwcbench leak` (harness/bench/leak.py): simulated power traces of the
// firmware's "leak" request (bench_leak.c), reduced to statistics here, as
// they are taken; no trace is stored.  The power model, per clock cycle,
// six samples, each a Hamming distance (the number of bits that flip):
//   0 rf      a register-file write against the value it overwrites
//             (a shadow of the 31 registers, tracked from reset)
//   1 alu_a   the ALU's first operand bus against its previous value
//   2 alu_b   the second operand bus
//   3 result  the EX block's result bus
//   4 wdata   the store-data bus, at each store, against the last store
//   5 rdata   the load-data bus, at each load's response, against the last
// The firmware brackets each operation with stores to two words of
// simulator_ctrl that its RTL ignores: kLeakSwitch (1: a trace begins;
// 2: it ends; then 4 | group: it was of group 0, the fixed key, or 1, a
// random key -- told after the end, so that no register holds the group
// during the trace) and
// kLeakPhase (the phase that begins: 1 initialization, 2 data,
// 3 finalization).  A trace's samples are added, sample by sample, to its
// group's power sums (x, x^2 for ORDER 1; up to x^4 for ORDER 2), exact
// 64-bit integers.  At the end PATH gets those sums (format in leak.py).
// Every trace must be as long as the first (a constant-time operation);
// one that is not is counted and left out.
static const uint32_t kLeakSwitch = 0x00020014u;
static const uint32_t kLeakPhase = 0x00020018u;
static const unsigned kLeakComps = 6;

static FILE *leak_out;      // null: no --leak
static unsigned leak_order = 1;
static bool leak_on, leak_pending;
static unsigned leak_group;
static uint32_t leak_regs[32];  // the register file's shadow
static uint32_t leak_prev_a, leak_prev_b, leak_prev_res, leak_prev_w, leak_prev_r;
static bool leak_load_pending;
static std::vector<uint8_t> leak_cur;      // this trace's samples
static std::vector<uint32_t> leak_cur_pc;  // and the PC of each cycle
static std::vector<uint32_t> leak_pc;      // the first trace's PCs
static std::vector<uint32_t> leak_marks, leak_cur_marks;  // (phase, cycle) pairs
static std::vector<uint64_t> leak_sum[2];  // [group]: order*2 sums per sample
static uint64_t leak_n[2], leak_mismatched;

static unsigned hd(uint32_t a, uint32_t b) { return (unsigned)__builtin_popcount(a ^ b); }

svBit lwc_leak_enabled() { return leak_out != nullptr; }

static void leak_end_trace() {
  size_t n = leak_cur.size();
  unsigned moments = 2 * leak_order;
  if (leak_n[0] + leak_n[1] == 0) {
    leak_pc = leak_cur_pc;
    leak_marks = leak_cur_marks;
    for (auto &s : leak_sum) s.assign(n * moments, 0);
  }
  if (n * moments != leak_sum[0].size() || leak_cur_marks != leak_marks) {
    leak_mismatched++;
    return;
  }
  uint64_t *s = leak_sum[leak_group].data();
  for (size_t i = 0; i < n; i++, s += moments) {
    uint64_t x = leak_cur[i], p = x;
    for (unsigned m = 0; m < moments; m++, p *= x) s[m] += p;
  }
  leak_n[leak_group]++;
}

void lwc_leak_cycle(unsigned int pc_id, svBit rf_we, unsigned int rf_waddr, unsigned int rf_wdata,
                    unsigned int alu_a, unsigned int alu_b, unsigned int result, svBit data_req,
                    svBit data_we, unsigned int data_addr, unsigned int data_wdata,
                    svBit data_rvalid, unsigned int data_rdata) {
  uint8_t smp[kLeakComps] = {0, 0, 0, 0, 0, 0};
  rf_waddr &= 31u;
  if (rf_we && rf_waddr != 0) {
    smp[0] = (uint8_t)hd(leak_regs[rf_waddr], rf_wdata);
    leak_regs[rf_waddr] = rf_wdata;
  }
  smp[1] = (uint8_t)hd(leak_prev_a, alu_a);
  smp[2] = (uint8_t)hd(leak_prev_b, alu_b);
  smp[3] = (uint8_t)hd(leak_prev_res, result);
  leak_prev_a = alu_a;
  leak_prev_b = alu_b;
  leak_prev_res = result;
  if (data_rvalid && leak_load_pending) {
    smp[5] = (uint8_t)hd(leak_prev_r, data_rdata);
    leak_prev_r = data_rdata;
  }
  if (data_rvalid) leak_load_pending = false;
  if (data_req) {  // the markers' stores are not samples
    if (data_we && data_addr == kLeakSwitch) {
      if (data_wdata == 1) {  // a trace begins
        leak_on = true;
        leak_pending = false;
        leak_cur.clear();
        leak_cur_pc.clear();
        leak_cur_marks.clear();
      } else if (data_wdata == 2 && leak_on) {  // it ends: its group comes next
        leak_on = false;
        leak_pending = true;
      } else if ((data_wdata & ~1u) == 4 && leak_pending) {  // its group
        leak_pending = false;
        leak_group = data_wdata & 1;
        leak_end_trace();
      }
    } else if (data_we && data_addr == kLeakPhase) {
      if (leak_on) {
        leak_cur_marks.push_back(data_wdata);
        leak_cur_marks.push_back((uint32_t)leak_cur_pc.size());
      }
    } else if (data_we) {
      smp[4] = (uint8_t)hd(leak_prev_w, data_wdata);
      leak_prev_w = data_wdata;
    } else {
      leak_load_pending = true;
    }
  }
  if (leak_on) {
    leak_cur.insert(leak_cur.end(), smp, smp + kLeakComps);
    leak_cur_pc.push_back(pc_id);
  }
}

// The sums to PATH: see harness/bench/leak.py (read_sums) for the layout.
static bool leak_write() {
  auto u32 = [](FILE *f, uint32_t v) { return std::fwrite(&v, 4, 1, f) == 1; };
  auto u64 = [](FILE *f, uint64_t v) { return std::fwrite(&v, 8, 1, f) == 1; };
  bool ok = std::fwrite("LWCLEAK1", 1, 8, leak_out) == 8 && u32(leak_out, kLeakComps) &&
            u32(leak_out, (uint32_t)leak_pc.size()) && u32(leak_out, leak_order) &&
            u64(leak_out, leak_n[0]) && u64(leak_out, leak_n[1]) &&
            u64(leak_out, leak_mismatched) && u32(leak_out, (uint32_t)leak_marks.size() / 2);
  for (uint32_t v : leak_marks) ok = ok && u32(leak_out, v);
  if (!leak_pc.empty())
    ok = ok && std::fwrite(leak_pc.data(), 4, leak_pc.size(), leak_out) == leak_pc.size();
  for (auto &s : leak_sum)
    if (!s.empty()) ok = ok && std::fwrite(s.data(), 8, s.size(), leak_out) == s.size();
  return std::fclose(leak_out) == 0 && ok;
}

static int fail(const char *what, const std::string &arg) {
  std::fprintf(stderr, "Vibex_simple_system: %s%s\n", what, arg.c_str());
  return 2;
}

static uint32_t le32(const uint8_t *p) {
  return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

// Reads an ELF32 little-endian RISC-V executable and lays its PT_LOAD
// segments out in `image` (file bytes, then zeros up to p_memsz, like a
// program loader: .bss arrives zeroed).  [*lo, *hi) is the touched range.
static int load_elf(const std::string &path, std::vector<uint8_t> &image, uint32_t *lo,
                    uint32_t *hi) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) return fail("cannot open ", path);
  std::vector<uint8_t> elf;
  uint8_t buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) elf.insert(elf.end(), buf, buf + n);
  std::fclose(f);
  // e_ident: magic, ELFCLASS32, ELFDATA2LSB; e_machine 243 = RISC-V
  if (elf.size() < 52 || std::memcmp(elf.data(), "\x7f" "ELF\x01\x01", 6) != 0 ||
      le16(&elf[18]) != 243)
    return fail("not a 32-bit little-endian RISC-V ELF: ", path);
  uint32_t phoff = le32(&elf[28]);
  unsigned phentsize = le16(&elf[42]), phnum = le16(&elf[44]);
  *lo = kRamSize;
  *hi = 0;
  for (unsigned i = 0; i < phnum; i++) {
    uint64_t at = phoff + (uint64_t)i * phentsize;
    if (at + 32 > elf.size()) return fail("truncated program headers: ", path);
    const uint8_t *ph = &elf[at];
    if (le32(ph) != 1 /* PT_LOAD */) continue;
    uint32_t off = le32(ph + 4), paddr = le32(ph + 12), filesz = le32(ph + 16),
             memsz = le32(ph + 20);
    if (memsz == 0) continue;
    if (paddr < kRamBase || paddr - kRamBase > kRamSize || memsz > kRamSize - (paddr - kRamBase) ||
        filesz > memsz || (uint64_t)off + filesz > elf.size())
      return fail("segment outside the 1 MiB RAM at 0x100000: ", path);
    uint32_t start = paddr - kRamBase;
    std::memcpy(&image[start], &elf[off], filesz);
    std::memset(&image[start + filesz], 0, memsz - filesz);
    if (start < *lo) *lo = start;
    if (start + memsz > *hi) *hi = start + memsz;
  }
  if (*hi == 0) return fail("no loadable segment in ", path);
  return 0;
}

int main(int argc, char **argv) {
  std::string elf_path, ct_path, leak_path;
  uint64_t max_cycles = 0;  // 0: no limit (the harness has its own time limit)
  bool stats = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a.rfind("--meminit=ram,", 0) == 0)
      elf_path = a.substr(14);
    else if (a.rfind("--max-cycles=", 0) == 0)
      max_cycles = std::strtoull(a.c_str() + 13, nullptr, 0);
    else if (a == "--stats")
      stats = true;
    else if (a.rfind("--ct-trace=", 0) == 0 && a.size() > 11)
      ct_path = a.substr(11);
    else if (a.rfind("--leak=", 0) == 0 && a.size() > 7) {
      leak_path = a.substr(7);
      size_t comma = leak_path.rfind(',');
      if (comma != std::string::npos) {
        leak_order = (unsigned)std::strtoul(leak_path.c_str() + comma + 1, nullptr, 10);
        leak_path.resize(comma);
        if (leak_order < 1 || leak_order > 2) return fail("--leak=PATH,ORDER: ORDER 1 or 2: ", a);
      }
    }
    else if (a[0] == '+')
      ;  // plusargs of the upstream harness (+ibex_tracer_enable=0): no tracer here
    else
      return fail("usage: Vibex_simple_system --meminit=ram,PROG.elf [--max-cycles=N] "
                  "[--stats] [--ct-trace=PATH] [--leak=PATH[,ORDER]]; unknown argument ",
                  a);
  }
  if (elf_path.empty()) return fail("missing --meminit=ram,PROG.elf", "");

  std::vector<uint8_t> image(kRamSize, 0);
  uint32_t lo, hi;
  if (int rc = load_elf(elf_path, image, &lo, &hi)) return rc;
  static char ct_buf[1 << 20];
  if (!ct_path.empty()) {  // before the model exists: its time-0 block asks
    ct_out = std::fopen(ct_path.c_str(), "wb");
    if (!ct_out) return fail("cannot write the ct trace ", ct_path);
    std::setvbuf(ct_out, ct_buf, _IOFBF, sizeof ct_buf);
  }

  if (!leak_path.empty()) {
    leak_out = std::fopen(leak_path.c_str(), "wb");
    if (!leak_out) return fail("cannot write the leakage sums ", leak_path);
  }

  auto t0 = std::chrono::steady_clock::now();
  VerilatedContext ctx;
  ctx.commandArgs(argc, argv);
  Vibex_simple_system top(&ctx);

  // Write the image into the RAM array, one 32-bit word per DPI call (the
  // function takes a 312-bit vector; words above the first stay zero).
  svSetScope(svGetScopeFromName(kRamScope));
  svBitVecVal word[10] = {0};
  for (uint32_t a = lo & ~3u; a < hi; a += 4) {
    word[0] = le32(&image[a]);
    if (!simutil_set_mem((int)(a / 4), word)) return fail("RAM write refused", "");
  }

  // Reset: a falling edge of IO_RST_N (the flops reset asynchronously),
  // a few clock cycles with it low, then release it.
  top.IO_CLK = 0;
  top.IO_RST_N = 1;
  top.eval();
  top.IO_RST_N = 0;
  top.eval();
  for (int i = 0; i < 4; i++) {
    top.IO_CLK = 1;
    top.eval();
    top.IO_CLK = 0;
    top.eval();
  }
  top.IO_RST_N = 1;
  top.eval();

  auto t1 = std::chrono::steady_clock::now();
  uint64_t cycles = 0;
  while (!ctx.gotFinish()) {
    if (max_cycles && cycles >= max_cycles) break;
    top.IO_CLK = 1;  // rising edge: every flop of the SoC updates
    top.eval();
    top.IO_CLK = 0;
    top.eval();
    cycles++;
  }
  bool finished = ctx.gotFinish();
  top.final();  // closes the console log
  if (ct_out && std::fclose(ct_out) != 0) {
    std::fprintf(stderr, "Vibex_simple_system: writing the ct trace failed\n");
    return 70;
  }
  if (leak_out && !leak_write()) {
    std::fprintf(stderr, "Vibex_simple_system: writing the leakage sums failed\n");
    return 70;
  }
  auto t2 = std::chrono::steady_clock::now();

  if (stats) {
    double setup = std::chrono::duration<double>(t1 - t0).count();
    double run = std::chrono::duration<double>(t2 - t1).count();
    std::fprintf(stderr, "ibex-sim: %llu cycles in %.3f s (%.3f MHz), set-up %.3f s\n",
                 (unsigned long long)cycles, run, run > 0 ? cycles / run / 1e6 : 0.0, setup);
  }
  if (!finished) {
    std::fprintf(stderr, "Vibex_simple_system: no halt within %llu cycles\n",
                 (unsigned long long)max_cycles);
    return 3;
  }
  return 0;
}
