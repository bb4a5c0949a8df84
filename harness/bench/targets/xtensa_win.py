"""The windowed-ABI Xtensa target (xtensa-esp32-qemu): an ESP32's ABI on a
windowed core of qemu-xtensa's user mode.

Debian has one Xtensa compiler, the ESP8266's xtensa-lx106-elf-gcc: its
-mabi=windowed emits the windowed ABI (entry, retw, call8) that ESP32
toolchains use, but its assembler, configured for the LX106, has no
windowed instruction.  The driver hands the assembler a file of macros
that encode them (the target's `prelude` and `macros`,
src/ascon/xtensa_win/xtensa_windowed.{h,s}, beside the assembly they
serve: the library's CMake toolchain file forces them the same way, with
no harness/ needed)
and names the file's digest in a define, so that an edit of it rebuilds
every object (the compile commands are the objects' cache key).  Debian's
libgcc for that compiler is call0 code, which a windowed caller cannot
call: nothing of it is linked, the helpers the firmware needs are the
target's extra sources, compiled windowed.

An ESP32 toolchain also has the Xtensa HAL's headers on its include path;
ESP32 assembly from outside the tree (./lwcbench run --add) includes
<xtensa/coreasm.h> for its frame and loop macros.  The target's `includes`
are folders of stand-ins written for lwc (src/ascon/xtensa_win/compat),
added with -I to every compile and hashed into the same define.
"""
from __future__ import annotations

import hashlib

from harness.bench.targets.qemu import QemuTarget
from harness.build import rel
from harness.discover import ROOT


class XtensaWindowedQemu(QemuTarget):
    """qemu.QemuTarget with the windowed-instruction macros and no libgcc."""
    prelude = ""   # the header forced into every source, from the repository root
    macros = ""    # the file of macros it includes (the assembler finds it beside the header)
    includes: list[str] = []  # folders of header stand-ins (-I), from the repository root
    cmake_flags: list[str] = []  # the CMake toolchain file's (tools/gen_cmake.py) instead

    def __init__(self, settings=None):
        super().__init__(settings)
        self.cflags = [*type(self).cflags, *self.prelude_flags()]

    @classmethod
    def prelude_flags(cls) -> list[str]:
        h = hashlib.sha256()
        for f in (cls.prelude, cls.macros):
            path = ROOT / f
            h.update(path.read_bytes() if path.is_file() else b"missing")
        for d in cls.includes:
            for path in sorted((ROOT / d).rglob("*")):
                if path.is_file():
                    h.update(f"{path.relative_to(ROOT).as_posix()}\0".encode())
                    h.update(path.read_bytes())
        header = rel(ROOT / cls.prelude)
        return ["-include", str(header), f"-Wa,-I{header.parent}",
                *(f"-I{rel(ROOT / d)}" for d in cls.includes),
                f"-DLWC_XTENSA_WINDOWED_MACROS=0x{h.hexdigest()[:12]}"]

    def isa_flags(self) -> list[str]:
        flags = type(self).cflags
        return [f for f in flags if f not in ("-O2", "-ffreestanding")]

    @property
    def ldflags(self) -> list[str]:
        """As QemuTarget's, without libgcc (call0 code)."""
        return ["-nostdlib", "-static", "-T", str(rel(ROOT / "harness" / "platforms" / "qemu"
                                                     / "link.ld")),
                "-Wl,-z,max-page-size=4096"]

    def libgcc_missing(self):
        return None  # none linked: its helpers are the target's extra sources

    def tools_missing(self):
        for f in (self.prelude, self.macros):
            if not (ROOT / f).is_file():
                return f"{f} missing"
        for d in self.includes:
            if not (ROOT / d).is_dir():
                return f"{d} missing"
        return super().tools_missing()

    def is_available(self):
        ok, why = super().is_available()
        return (ok, why.replace(" -O2,", " -O2 (windowed instructions: macros of "
                                f"{self.macros}),", 1) if ok else why)
