"""The QEMU targets (harness/bench/targets/qemu.py, their descriptions, and
harness/platforms/qemu): seven,
the four wait-state variants of cortex-m3-qemu's cycle model (2 and 4 wait
states without a flash accelerator, and behind the STM32F1's and the SAM3X's),
xtensa-esp32-qemu (the windowed ABI, harness/bench/targets/xtensa_win.py;
outside the default run) and xtensa-esp32-hw-qemu (its firmware on a core
with the ESP32's unaligned access, a qemu-xtensa the set-up builds).

For each target: its tools are there after set-up (a failure, not a skip:
./run-tests installs them), the counter reads exactly the instructions of
a loop known by construction, the plugin's total agrees with QEMU's own
one-line-per-instruction execution log, one AEAD and one hash
implementation pass their official KAT on the target, and measurements
repeat to the instruction.  Firmware builds are cached in build/targets/.
"""
from __future__ import annotations

import re
import subprocess

import pytest

from tests.helpers import ROOT, ask, exact, firmware, kat_then_repeat, usable_target
from harness.bench.targets import TARGETS, Point
from harness.bench.targets.cortexm0 import CortexM0Qemu
from harness.bench.targets.qemu import PLUGIN, CortexM3Qemu, QemuTarget

NAMES = [n for n, c in TARGETS.items() if issubclass(c, QemuTarget)]  # the descriptions' order
IMPLS = {"aead": ("ascon-aead128", "ref"), "hash": ("ascon-hash256", "ref")}
POINTS = {"aead": [Point("encrypt", 0, 16), Point("decrypt", 16, 1536)],
          "hash": [Point("hash", 0, 16), Point("hash", 0, 1536)]}


def target(name):
    return usable_target(name)


def elf(name, kind="hash"):
    return firmware(name, *IMPLS[kind])


def test_contract_order():
    assert NAMES == ["rv32i-qemu", "rv32-zbb-qemu", "rv32-zbkb-qemu", "rv64-qemu",
                     "rv64-zbb-qemu", "cortex-m3-qemu", "xtensa-lx106-qemu",
                     "cortex-m3-qemu-ws2", "cortex-m3-qemu-ws4", "cortex-m3-qemu-stm32f1-ws2",
                     "cortex-m3-qemu-sam3x-ws4", "cortex-m0-qemu", "cortex-m0plus",
                     "cortex-m4-qemu", "cortex-m33-qemu", "rv32e-qemu",
                     "xtensa-esp32-qemu", "xtensa-esp32-hw-qemu"]
    for n in NAMES:
        assert TARGETS[n].name == n
        assert "cycles" not in TARGETS[n].metric.split(":")[0]  # instructions, never cycles


@pytest.mark.parametrize("name", NAMES)
def test_tools_after_setup(name):
    target(name)
    assert PLUGIN.is_file()


@pytest.mark.parametrize("name", NAMES)
def test_known_loop(name):
    """loop N: exactly N * body more instructions than loop 0, every time."""
    t = target(name)
    s = t.open_session(elf(name))
    try:
        hello = ask(s, "hello")
        assert hello["port"] == "qemu-plugin" and hello["exact"] == "1"
        # ARM: the port's cycles slot holds the cycle model's figure, which
        # the host reports as modelled_cycles (tests/targets/test_cm3_model.py)
        model = isinstance(t, (CortexM3Qemu, CortexM0Qemu))
        assert hello["counters"] == ("cycles,instructions" if model else "instructions")
        counts = {}
        for n in (0, 1000, 100000):
            f = ask(s, f"loop {n} 3")
            assert ("cycles" in f) == model
            assert f["body"] == "2"  # start_<isa>.S: two instructions per iteration
            counts[n] = exact(f, "instructions")
        assert counts[1000] - counts[0] == 1000 * 2
        assert counts[100000] - counts[0] == 100000 * 2
        over = ask(s, "overhead 5")
        assert over["instructions_min"] == over["instructions_max"]
        assert 0 < int(over["instructions"]) < 40  # two counter reads, a few calls
    finally:
        s.close()


@pytest.mark.parametrize("name", NAMES)
def test_plugin_agrees_with_exec_log(name, tmp_path):
    """With one instruction per block and no chaining, QEMU logs one "Trace"
    line per executed instruction: the plugin's total must be that count."""
    t = target(name)
    log = tmp_path / "exec.log"
    argv = t.qemu_argv(elf(name))
    argv[1:1] = ["-singlestep", "-d", "exec,nochain,plugin", "-D", str(log)]
    r = subprocess.run(argv, input=b"hello\nloop 100 1\nmeasure ascon-hash256 ref hash 0 1 1\n"
                       b"quit\n", capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert b"ok scheme=ascon-hash256" in r.stdout
    text = log.read_text(errors="replace")
    total = re.findall(r"^insns (\d+)$", text, re.M)
    assert len(total) == 1
    traces = sum(1 for line in text.splitlines() if line.startswith("Trace "))
    assert int(total[0]) == traces > 10000


@pytest.mark.parametrize("name", NAMES)
def test_kat_and_repeatable_counts(name):
    """The official KAT passes on the target; a second run of the same job
    gives the same counts to the instruction."""
    t = target(name)
    for points, first in kat_then_repeat(t, IMPLS, POINTS):
        for p in points:
            v = first.values[p]
            assert v["instructions"] > 0 and v["samples"] == 1
            assert "cycles" not in v
            if "modelled_cycles" in t.clock_label:  # a model's figure, never cycles
                assert v["modelled_cycles"] > v["instructions"]
                assert v["wait_states"] == t.wait_states
        assert all(0 < b < 8192 for b in first.stack.values())


@pytest.mark.parametrize("name,narrower", [("rv32-zbb-qemu", "rv32i-qemu"),
                                           ("rv64-zbb-qemu", "rv64-qemu")])
def test_cpu_has_only_the_target_isa(name, narrower):
    """QEMU's generic RISC-V CPUs have Zba/Zbb/Zbc/Zbs on by default; the
    targets switch off what their ISA lacks, so Zbb code dies (SIGILL) on
    the plain target's CPU instead of being counted there."""
    program = elf(name)
    ok = subprocess.run(target(name).qemu_argv(program), input=b"measure ascon-hash256 ref "
                        b"hash 0 64 1\nquit\n", capture_output=True, timeout=60)
    assert b"ok scheme=" in ok.stdout
    bad = subprocess.run(target(narrower).qemu_argv(program), input=b"measure ascon-hash256 "
                         b"ref hash 0 64 1\nquit\n", capture_output=True, timeout=60)
    assert bad.returncode != 0 and b"ok scheme=" not in bad.stdout



def test_rv32e_qemu_system_calls_and_registers(tmp_path):
    """qemu-riscv32 takes an ELF flagged RVE (what -mabi=ilp32e links) as an
    RV32E program in one respect: the system call number is in t0
    (start_rv32e.S).  It does not refuse x16-x31 (a .word slips addi x16
    past the assembler and runs), so the target's firmware is checked
    instead: objdump, which decodes by the ELF's RVE attribute, finds every
    instruction of it valid RV32E (an x16-x31 operand would show as .word)
    and naming no register above x15."""
    t = target("rv32e-qemu")
    src = tmp_path / "e.S"
    src.write_text(".globl _start\n_start:\n  li a0, 42\n"
                   "  .word (1 << 20) | (16 << 7) | 0x13\n"  # addi x16, x0, 1: not refused
                   "  li t0, 94\n  ecall\n")                # exit_group(42), number in t0
    prog = tmp_path / "e.elf"
    subprocess.run([*t.cc, *t.isa_flags(), "-nostdlib", "-static", str(src), "-o", str(prog)],
                   check=True)
    r = subprocess.run([t.qemu, "-cpu", t.cpu, str(prog)], capture_output=True, timeout=60)
    assert r.returncode == 42, (r.returncode, r.stderr[-300:])
    for impl in (("ascon-aead128", "asm_rv32e"), ("ascon-aead128", "opt64")):
        dis = subprocess.run(["riscv64-unknown-elf-objdump", "-d", "-M", "numeric,no-aliases",
                              str(firmware("rv32e-qemu", *impl))],
                             capture_output=True, text=True, check=True).stdout
        high = [ln for ln in dis.splitlines()
                if re.search(r"\bx(1[6-9]|2\d|3[01])\b|\t\.word|\t\.short", ln)]
        assert dis.count("\n") > 1000 and not high, (impl, high[:5])


def test_esp32_hw_core_takes_unaligned_words(tmp_path):
    """xtensa-esp32-hw-qemu's core (lwc_esp32hw, harness/platforms/qemu/
    xtensa_hw_core.sh) loads and stores a word at an address one and three
    past a multiple of 4, as an ESP32 does; dc233c, the core of
    xtensa-esp32-qemu, stops the same program with SIGBUS."""
    hw, stock = target("xtensa-esp32-hw-qemu"), target("xtensa-esp32-qemu")
    src = tmp_path / "unaligned.S"
    src.write_text(".data\n.align 4\nbuf: .byte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10\n"
                   ".text\n.align 4\n.globl _start\n_start:\n"
                   "  movi a3, buf\n  addi a3, a3, 1\n"
                   "  l32i a4, a3, 0\n"            # bytes 2..5: 0x05040302
                   "  srli a4, a4, 24\n"           # 5
                   "  movi a5, 0x2a000000\n"
                   "  addi a7, a3, 2\n"
                   "  s32i a5, a7, 0\n"            # at buf + 3: 42 lands in buf + 6
                   "  l8ui a6, a3, 5\n"            # 42
                   "  add a6, a6, a4\n"            # exit_group(47)
                   "  movi a2, 119\n  syscall\n")
    prog = tmp_path / "unaligned.elf"
    subprocess.run([*stock.cc, "-nostdlib", "-static", str(src), "-o", str(prog)], check=True)
    r = subprocess.run([hw.qemu_binary(), "-cpu", hw.cpu, str(prog)], capture_output=True,
                       timeout=60)
    assert r.returncode == 47, (r.returncode, r.stderr[-300:])
    r = subprocess.run([stock.qemu_binary(), "-cpu", stock.cpu, str(prog)], capture_output=True,
                       timeout=60)
    assert r.returncode == -7 or b"Bus error" in r.stderr, (r.returncode, r.stderr[-300:])


def test_plugin_refuses_a_slot_without_marker(tmp_path):
    """The plugin checks its guest-to-host address mapping on every read:
    a count slot that does not hold the marker stops QEMU (exit status 70)
    instead of writing the count to a wrong address."""
    t = target("rv32i-qemu")
    src = tmp_path / "nomarker.S"
    src.write_text(".globl _start\n_start:\n"
                   "  mv a0, sp\n"          # the slot: argc on the stack, no marker
                   "  li a7, 0x4c57\n"      # the plugin's system call
                   "  ecall\n"
                   "  li a0, 0\n  li a7, 94\n  ecall\n")  # exit_group(0)
    prog = tmp_path / "nomarker.elf"
    subprocess.run([*t.cc, *t.firmware.compile_flags(), "-o", str(prog), str(src), *t.ldflags], check=True,
                   cwd=ROOT)  # ldflags name link.ld relative to the tree
    r = subprocess.run(t.qemu_argv(prog), capture_output=True, timeout=30)
    assert r.returncode == 70 and b"no marker" in r.stderr
