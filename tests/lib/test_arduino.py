"""lwc as an Arduino library (./lwcbench export arduino, harness/bench/
arduino.py), proved as a user would use it: Debian's arduino-builder and
Arduino AVR core compile the example sketch against the exported library
for the Mega 2560, simavr runs it and the sketch's serial output says the
official KAT entries of Ascon-AEAD128 and Ascon-Hash256 matched through the
AVR assembly; the sources an ARMv6-M and an ARMv7-M board compile (their
assembly) and those any other board compiles (portable C), built as such a
board's compiler would, pass the whole official KATs of Ascon-AEAD128,
Ascon-Hash256, Ascon-Mac, Ascon-Prf and Ascon-PrfShort; so do the sources an
ESP32 board compiles (the windowed Xtensa assembly), built windowed and run
on qemu-xtensa's windowed dc233c core."""
from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from tests.helpers import ROOT
from harness.bench.arduino import SCHEMES
from harness.bench.targets.avr import SIM
from harness.bench.targets import TARGETS
from tests.lib.test_cmake import CONSUMER, QEMU, answers, check_kat

HARDWARE = "/usr/share/arduino/hardware"
BUILDER = "/usr/share/arduino-builder"  # its platform.txt (ctags)
# Debian 12's Arduino AVR core (1.8.7) meets Debian's avr-gcc 5.4, whose
# <float.h> has no DECIMAL_DIG in C++11: WString.cpp does not compile.  The
# compiler's own __DECIMAL_DIG__ stands in (a property given to the builder,
# as a user of these two packages must).
WINDOWED = ROOT / "src" / "ascon" / "xtensa_win"  # the windowed instructions' macros
DEBIAN_FIX = "-prefs=compiler.cpp.extra_flags=-DDECIMAL_DIG=__DECIMAL_DIG__"


# what `export arduino` says each board kind gets
KINDS = {"AVR boards": "asm_avr", "ARMv6-M boards": "asm_armv6m",
         "ARMv7-M and ARMv8-M Mainline boards": "asm_armv7m", "ESP32 boards": "asm_xtensa_win_fsr",
         "other boards": "bi32"}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    out = tmp_path_factory.mktemp("arduino")
    r = subprocess.run([str(ROOT / "lwcbench"), "export", "arduino", str(out)],
                       capture_output=True, text=True, env={**os.environ, "LWC_NO_SETUP": "1"})
    assert r.returncode == 0, r.stdout + r.stderr
    said = dict(ln.strip().rsplit(": ", 1) for ln in r.stdout.splitlines()[1:])
    for boards, impl in KINDS.items():  # each kind with one implementation a scheme
        (key,) = [k for k in said if k.startswith(boards)]
        assert said[key].split(", ") == [f"{s}/{impl}" for s in SCHEMES], (key, r.stdout)
    return out / "lwc"


def test_the_library_is_described_for_the_ide_cli_and_platformio(library):
    props = dict(ln.split("=", 1) for ln in (library / "library.properties").read_text().splitlines())
    assert props["name"] == "lwc" and props["includes"] == "lwc.h"
    assert props["architectures"] == "*" and re.fullmatch(r"\d+\.\d+\.\d+", props["version"])
    meta = json.loads((library / "library.json").read_text())
    assert meta["name"] == "lwc" and meta["version"] == props["version"]
    assert (library / "src" / "lwc.h").read_text() == (ROOT / "include" / "lwc.h").read_text()
    assert (library / "examples" / "AsconKat" / "AsconKat.ino").is_file()
    # only the wrappers at the top of src/ compile; the tree's sources are .inc
    compiled = [p for p in (library / "src").rglob("*") if p.suffix in (".c", ".S", ".cpp")]
    assert compiled and all(p.parent == library / "src" for p in compiled)


def test_the_sketch_runs_on_a_mega_2560_in_simavr(library, tmp_path):
    build = tmp_path / "build"
    build.mkdir()
    sketch = library / "examples" / "AsconKat" / "AsconKat.ino"
    r = subprocess.run(["arduino-builder", "-compile", "-hardware", HARDWARE, "-hardware", BUILDER,
                        "-tools", BUILDER, "-fqbn", "arduino:avr:mega:cpu=atmega2560",
                        "-libraries", str(library.parent), "-build-path", str(build),
                        DEBIAN_FIX, str(sketch)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    objs = sorted(p.name for p in (build / "libraries" / "lwc").glob("*.o"))
    assert "lwc_ascon_aead128_asm_avr_ascon.S.o" in objs and "lwc_registry.c.o" in objs, objs
    elf = build / "AsconKat.ino.elf"
    run = subprocess.run([str(SIM), "--mcu=atmega2560", "--cycles=40000000", str(elf)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[:2] == ["lwc: ascon-aead128/asm_avr KAT ok", "lwc: ascon-hash256/asm_avr KAT ok"]
    m = re.fullmatch(r"lwc: 64-byte encryption: (\d+) us", lines[2])
    assert m and int(m.group(1)) > 0, lines
    assert lines[3:] == ["lwc: done"]


def test_a_board_without_avr_gets_portable_c_that_passes_the_kats(library, tmp_path):
    """The library's sources compiled the way a non-AVR board's compiler
    compiles them (every top-level .c and .S, src/ the include folder), with
    tests/lib/cmake/consumer/kat.c as the sketch: the whole official files,
    every scheme of the library in its registries (the MAC and PRFs in
    lwc_auth_registry)."""
    srcs = sorted(p for p in (library / "src").iterdir() if p.suffix in (".c", ".S"))
    exe = tmp_path / "kat"
    subprocess.run(["gcc", "-std=gnu11", "-O2", "-Wall", "-Werror", f"-I{library / 'src'}",
                    *map(str, srcs), str(CONSUMER / "kat.c"), "-o", str(exe)], check=True)
    check_kat([exe])
    assert answers([exe], ["F ascon-aead128", "F ascon-cxof128", "F ascon-mac-v13",
                           "F ascon-prfs-v13"]) == ["bi32"] * 4
    (registry,) = answers([exe], ["S"])
    assert registry.split() == [f"{s}/bi32" for s in SCHEMES]


@pytest.mark.parametrize("target,impl", [("cortex-m0-qemu", "asm_armv6m"),
                                         ("cortex-m3-qemu", "asm_armv7m")])
def test_an_arm_board_gets_its_assembly_that_passes_the_kats(library, tmp_path, target, impl):
    """The library's sources compiled as an ARM board's core compiles them
    (arm-none-eabi-gcc for a SAMD21's Cortex-M0+ / a Due's Cortex-M3: every
    top-level .c and .S, src/ the include folder; the board's C library
    played by the tree's mini libc, as Debian's compiler has none), kat.c
    the sketch, run under the target's QEMU: the whole official KATs
    through the board's assembly, every scheme's registry entry that
    assembly."""
    t = TARGETS[target]()
    cpu = [f for f in t.cflags if f.startswith("-mcpu=")]
    srcs = sorted(p for p in (library / "src").iterdir() if p.suffix in (".c", ".S"))
    exe = tmp_path / "kat"
    subprocess.run(["arm-none-eabi-gcc", *cpu, "-mthumb", "-std=gnu11", "-O2", "-Wall", "-Werror",
                    "-ffreestanding", "-DKAT_FREESTANDING", f"-I{library / 'src'}",
                    "-isystem", str(ROOT / "src" / "libc" / "include"),
                    *map(str, srcs), str(ROOT / "src" / "libc" / "mini_libc.c"),
                    str(CONSUMER / "kat.c"), str(QEMU / t.start),
                    "-nostdlib", "-static", f"-T{QEMU / 'link.ld'}", "-lgcc", "-o", str(exe)],
                   check=True)
    run = [t.qemu, *(["-cpu", t.cpu] if t.cpu else []), exe]
    check_kat(run)
    (registry,) = answers(run, ["S"])
    assert registry.split() == [f"{s}/{impl}" for s in SCHEMES]


def test_an_esp32_board_gets_the_windowed_assembly_that_passes_the_kats(library, tmp_path):
    """The library's sources as an ESP32 board's compiler sees them (the
    windowed ABI: __XTENSA_WINDOWED_ABI__), here the LX106 compiler with
    -mabi=windowed and the windowed instructions' macros (xtensa-esp32-qemu's
    way), with kat.c freestanding, the target's start file, run helpers and
    mini libc (an ESP32 core has its own C library): the windowed assembly
    is what the registries hold, and it passes the whole official files."""
    srcs = sorted(p for p in (library / "src").iterdir() if p.suffix in (".c", ".S"))
    elf = tmp_path / "kat.elf"
    subprocess.run(["xtensa-lx106-elf-gcc", "-std=gnu11", "-mabi=windowed", "-mlongcalls", "-O2",
                    "-ffreestanding", "-Wall", "-include", str(WINDOWED / "xtensa_windowed.h"),
                    f"-Wa,-I{WINDOWED}", f"-I{library / 'src'}", "-DKAT_FREESTANDING",
                    "-isystem", str(ROOT / "src" / "libc" / "include"), *map(str, srcs),
                    str(CONSUMER / "kat.c"), str(QEMU / "start_xtensa_win.S"),
                    str(QEMU / "libgcc_lx106.c"), str(QEMU / "libgcc_windowed.c"),
                    str(ROOT / "src" / "libc" / "mini_libc.c"), "-nostdlib", "-static",
                    "-T", str(QEMU / "link.ld"), "-o", str(elf)], check=True)
    run = ["qemu-xtensa", "-cpu", "dc233c", str(elf)]
    check_kat(run)
    (registry,) = answers(run, ["S"])
    assert registry.split() == [f"{s}/asm_xtensa_win_fsr" for s in SCHEMES]
