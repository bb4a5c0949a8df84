"""Write bytes over an initialized symbol in a copy of an ELF file; list the
sections a program occupies in memory (./lwcbench profile).

The script-in-image transport (harness/firmware/bench_script.c) puts
the request script into `bench_script` before a simulator loads the
program; no objcopy of the target's toolchain is needed (ELF32/ELF64, either
byte order).
"""
from __future__ import annotations

import pathlib
import shutil
import struct


class ElfError(Exception):
    pass


def _layout(data: bytes):
    if data[:4] != b"\x7fELF":
        raise ElfError("not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if is64:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2E)
    sections = []
    for n in range(shnum):
        off = shoff + n * shentsize
        if is64:
            name, typ, flags, addr, offset, size, link, _info, _align, entsize = \
                struct.unpack_from(end + "IIQQQQIIQQ", data, off)
        else:
            name, typ, flags, addr, offset, size, link, _info, _align, entsize = \
                struct.unpack_from(end + "IIIIIIIIII", data, off)
        sections.append({"name": name, "type": typ, "flags": flags, "addr": addr,
                         "offset": offset, "size": size, "link": link, "entsize": entsize})
    if shstrndx < len(sections):  # the names, from the section-name string table
        names = sections[shstrndx]["offset"]
        for sec in sections:
            start = names + sec["name"]
            sec["name"] = data[start:data.index(b"\0", start)].decode(errors="replace")
    return is64, end, sections


SHF_WRITE, SHF_ALLOC = 1, 2


def loaded_sections(data: bytes) -> list[dict]:
    """The sections the program occupies in memory (SHF_ALLOC, size > 0):
    name, addr, size, writable."""
    _is64, _end, sections = _layout(data)
    out = []
    for sec in sections:
        if sec["flags"] & SHF_ALLOC and sec["size"]:
            out.append({"name": sec["name"], "addr": sec["addr"], "size": sec["size"],
                        "writable": bool(sec["flags"] & SHF_WRITE)})
    return out


def _symbols(data: bytes):
    """(name, value, size, st_info, shndx) of each symbol-table entry, and
    the sections."""
    is64, end, sections = _layout(data)
    out = []
    for sec in sections:
        if sec["type"] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sec["link"]]
        for off in range(sec["offset"], sec["offset"] + sec["size"], sec["entsize"]):
            if is64:
                st_name, info, _other, shndx, value, size = struct.unpack_from(end + "IBBHQQ", data, off)
            else:
                st_name, value, size, info, _other, shndx = struct.unpack_from(end + "IIIBBH", data, off)
            s0 = strtab["offset"] + st_name
            out.append((data[s0:data.index(b"\0", s0)].decode(errors="replace"), value, size,
                        info, shndx))
    return out, sections


def read_only_objects(data: bytes) -> list[dict]:
    """The data objects (STT_OBJECT, size > 0) the program keeps in its
    read-only loaded sections (tables and constants in flash): name, addr,
    size."""
    syms, sections = _symbols(data)
    out = []
    for name, value, size, info, shndx in syms:
        if info & 0xF != 1 or not size or not 0 < shndx < len(sections):
            continue
        home = sections[shndx]
        if home["flags"] & SHF_ALLOC and not home["flags"] & SHF_WRITE:
            out.append({"name": name, "addr": value, "size": size})
    return out


def code_symbols_sized(data: bytes) -> list[tuple[int, str, int]]:
    """(address, name, size) of the symbols that start code, sorted by
    address: functions (STT_FUNC, Thumb's bit 0 cleared) and untyped labels
    in executable sections (assembly without .type); not the ARM mapping
    symbols ($t, $d) nor local labels (.L).  Size 0 where the symbol table
    gives none."""
    syms, sections = _symbols(data)
    thumb = struct.unpack_from("<H" if data[5] == 1 else ">H", data, 0x12)[0] == 40  # EM_ARM
    out: dict[int, tuple[str, int]] = {}
    for name, value, size, info, shndx in syms:
        kind = info & 0xF
        if not name or name[0] in "$." or not 0 < shndx < len(sections):
            continue
        if kind == 2 or (kind == 0 and sections[shndx]["flags"] & 4):  # FUNC; NOTYPE in SHF_EXECINSTR
            addr = value & ~1 if thumb and kind == 2 else value
            if addr not in out or (size and not out[addr][1]):
                out[addr] = (name, size)
    return sorted((a, n, z) for a, (n, z) in out.items())


def code_symbols(data: bytes) -> list[tuple[int, str]]:
    """(address, name) of code_symbols_sized: an instruction belongs to the
    last one at or below its address (./lwcbench profile's by-function
    counts)."""
    return [(a, n) for a, n, _z in code_symbols_sized(data)]


def find_symbol(data: bytes, name: str) -> tuple[int, int]:
    """(file offset, size) of a defined symbol's initial bytes."""
    syms, sections = _symbols(data)
    for sym, value, size, _info, shndx in syms:
        if sym != name:
            continue
        if not 0 < shndx < len(sections):
            raise ElfError(f"symbol {name} is not defined in a section")
        home = sections[shndx]
        if home["type"] == 8:  # SHT_NOBITS: no bytes in the file
            raise ElfError(f"symbol {name} is in .bss (make it initialized)")
        return home["offset"] + value - home["addr"], size
    raise ElfError(f"no symbol {name}")


def patch_symbol(elf_in: pathlib.Path, elf_out: pathlib.Path, name: str, payload: bytes) -> None:
    """Copy elf_in to elf_out with `payload` (zero-padded) as the initial
    value of symbol `name`."""
    data = bytearray(pathlib.Path(elf_in).read_bytes())
    offset, size = find_symbol(bytes(data), name)
    if len(payload) > size:
        raise ElfError(f"{len(payload)} bytes do not fit in {name} ({size} bytes)")
    data[offset:offset + size] = payload + bytes(size - len(payload))
    tmp = pathlib.Path(str(elf_out) + ".tmp")
    tmp.write_bytes(data)
    shutil.copymode(elf_in, tmp)
    tmp.replace(elf_out)
