"""The tracers' records and what is read from them.

A simulated target's tracer (QEMU's plugin harness/platforms/qemu/
ct_trace.c, simavr's, the MSP430 simulator's, Ibex's) writes one record
per event of the traced operations: an 8-byte little-endian value and a
1-byte kind: I (an instruction executed, at this address), R / W (a data
load / store, at this address), C (the cycles the instruction just traced
was charged: msp430), E (the end of one operation).  `./lwcbench ct`
compares the traces of several secrets, `./lwcbench profile` counts what
one operation did, and a run reads a bare permutation's function alone
from one traced call (trace_program, function_costs, table_costs); they
all read the records here.
"""
from __future__ import annotations

import bisect
import collections
import dataclasses
import pathlib
import re
import subprocess
import tempfile

from harness.bench import elfpatch
from harness.bench.impls import impl_id
from harness.bench.session import SessionError
from harness.build import DESC_SYMBOL
from harness.discover import ROOT


class TraceError(Exception):
    """A one-line reason a trace could not be had or read; `status` is the
    exit status of a command that stops on it (1: the run failed)."""

    def __init__(self, msg: str, status: int = 1):
        super().__init__(msg)
        self.status = status


BENCH_H = ROOT / "harness" / "firmware" / "bench.h"
RECORD = 9  # 8-byte address, 1-byte kind (ct_trace.c)
KINDS = {ord("I"): "instruction", ord("R"): "load", ord("W"): "store", ord("E"): "end"}


def max_len(target) -> int:
    """The longest message (and associated data) the "ct" request traces on
    a target (class or object): the firmware's BENCH_MAX_LEN, the target's
    define or bench.h's default.  Longer inputs are streamed through the
    incremental calls, which the request refuses ("ct traces one-shot
    operations only")."""
    value = getattr(target, "defines", {}).get("BENCH_MAX_LEN")
    if value is None:
        m = re.search(r"^#define BENCH_MAX_LEN (\w+)", BENCH_H.read_text(), re.M)
        value = m.group(1)
    return int(value.rstrip("uUlL"), 0)


def segments(data: bytes) -> list[bytes]:
    """The trace file cut at its end records (each segment without it).
    The records' kind bytes are searched as one strided copy: the traces
    of a target's every implementation hold hundreds of millions of
    records (avr-atmega128: 260 M per secret), and a Python loop over them
    was most of `ct`'s time there (52 s, now 18 s)."""
    kinds = data[8::RECORD]
    out, start, k = [], 0, kinds.find(b"E")
    while k >= 0:
        out.append(data[start:k * RECORD])
        start = (k + 1) * RECORD
        k = kinds.find(b"E", k + 1)
    return out


def first_difference(a: bytes, b: bytes) -> int | None:
    """Index of the first differing record (or where the shorter ends)."""
    if a == b:
        return None
    lo, hi = 0, min(len(a), len(b)) // RECORD
    step = 4096
    while lo < hi:  # find the differing chunk, then the record
        end = min(lo + step, hi)
        if a[lo * RECORD:end * RECORD] != b[lo * RECORD:end * RECORD]:
            for i in range(lo, end):
                if a[i * RECORD:(i + 1) * RECORD] != b[i * RECORD:(i + 1) * RECORD]:
                    return i
        lo = end
    return hi


def record(seg: bytes, i: int) -> tuple[str, int] | None:
    if (i + 1) * RECORD > len(seg):
        return None
    r = seg[i * RECORD:(i + 1) * RECORD]
    return KINDS.get(r[8], "?"), int.from_bytes(r[:8], "little")


def last_instruction(seg: bytes, i: int) -> int | None:
    """Address of the instruction record at or before index i."""
    for k in range(min(i, len(seg) // RECORD - 1), -1, -1):
        if seg[k * RECORD + 8] == ord("I"):
            return int.from_bytes(seg[k * RECORD:k * RECORD + 8], "little")
    return None


class Symbols:
    """Address -> function+offset, from the program's symbol table, read
    when a finding first asks (nm on every traced firmware was a tenth of
    a clean target's check)."""

    def __init__(self, nm: str, elf: pathlib.Path):
        self.nm, self.elf = nm, elf
        self.addrs: list[int] | None = None
        self.names: list[str] = []

    def _read(self) -> None:
        self.addrs = []
        try:
            text = subprocess.run([self.nm, "-n", str(self.elf)], capture_output=True,
                                  text=True, timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            text = ""
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "tTwW":
                self.addrs.append(int(parts[0], 16))
                self.names.append(parts[2])

    def __call__(self, addr: int | None) -> str:
        if addr is None:
            return "?"
        if self.addrs is None:
            self._read()
        k = bisect.bisect_right(self.addrs, addr) - 1
        return f"0x{addr:x} ({self.names[k]}+0x{addr - self.addrs[k]:x})" if k >= 0 else f"0x{addr:x}"


@dataclasses.dataclass
class Section:
    name: str
    start: int
    end: int
    writable: bool


def objdump_tool(target) -> str:
    """The toolchain's objdump beside its nm (avr-nm, llvm-nm-14, ...)."""
    nm = target.nm_tool()
    head, sep, tail = nm.rpartition("nm")
    return head + "objdump" + tail if sep else "objdump"


def sections(elf: pathlib.Path) -> list[Section]:
    """The allocated sections of the ELF file."""
    return [Section(x["name"], x["addr"], x["addr"] + x["size"], x["writable"])
            for x in elfpatch.loaded_sections(elf.read_bytes())]


def disassembly(objdump: str, elf: pathlib.Path) -> dict[int, tuple[str, str]]:
    """Address -> (mnemonic, operands) of every instruction of the firmware."""
    text = subprocess.run([objdump, "-d", "--no-show-raw-insn", str(elf)], capture_output=True,
                          text=True, timeout=300).stdout
    out = {}
    for line in text.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+([a-z][\w.]*)\s*([^;<]*)", line)
        if m:
            out[int(m.group(1), 16)] = (m.group(2), m.group(3).strip())
    return out


# ---- the statistics ---------------------------------------------------------
def statistics(seg: bytes, dis: dict, secs: list[Section], modes=None,
               objects: list[dict] | None = None,
               functions: list[tuple[int, str]] | None = None) -> dict:
    """What one traced operation (seg) did, instruction by instruction: dis,
    the firmware's disassembly (address -> mnemonic, operands); secs, its
    loaded sections; modes, the ISA's addressing-mode reader (mnemonic,
    operands -> the modes it uses; None: no mode counts).
    objects: the program's read-only data objects (elfpatch.read_only_objects);
    those the operation reads are its static tables, except the
    implementation's descriptor (DESC_SYMBOL: the harness reads the function
    pointers there), whose reads are not look-ups either.  functions: the
    code symbols (elfpatch.code_symbols): each executed instruction (and its
    cycles, where traced) is counted for the one it lies in."""
    starts = [a for a, _n in functions or []]
    per_fn = collections.Counter()
    fn_cycles = collections.Counter()
    fn = None

    def function_of(addr):
        k = bisect.bisect_right(starts, addr) - 1
        return functions[k][1] if k >= 0 else "?"
    dispatch = [(o["addr"], o["addr"] + o["size"]) for o in objects or []
                if DESC_SYMBOL.search(o["name"])]

    def where(addr):
        for s in secs:
            if s.start <= addr < s.end:
                return s
        return None

    mnem = collections.Counter()
    mode_counts = collections.Counter()
    reg_only = mem_ops = reads = writes = lookups = unknown = 0
    cycles = lookup_cycles = lookup_insns = 0
    read_only_reads: set[int] = set()
    timed = False  # the tracer recorded each instruction's cycles ('C')
    looked_up = False  # the current instruction read read-only data
    ram, flash_data, code = set(), set(), set()
    stack = []
    # the stack: above every writable section (below them: registers, I/O)
    ram_top = max((x.end for x in secs if x.writable), default=0)
    pending = None  # the current instruction had a data access
    n = len(seg) // RECORD
    for i in range(n):
        kind = seg[i * RECORD + 8]
        addr = int.from_bytes(seg[i * RECORD:i * RECORD + 8], "little")
        if kind == ord("I"):
            if pending is not None:
                reg_only += not pending
                mem_ops += pending
            pending = looked_up = False
            code.add(addr)
            if functions:
                fn = function_of(addr)
                per_fn[fn] += 1
            m, ops = dis.get(addr, ("?", ""))
            unknown += m == "?"
            mnem[m] += 1
            if modes:
                mode_counts.update(modes(m, ops))
        elif kind in (ord("R"), ord("W")):
            pending = True
            s = where(addr)
            if kind == ord("R"):
                reads += 1
            else:
                writes += 1
            if s is not None and not s.writable:
                flash_data.add(addr)
                if kind == ord("R") and not any(a <= addr < b for a, b in dispatch):
                    read_only_reads.add(addr)
                    lookups += 1
                    looked_up = True
            else:
                ram.add(addr)
                if s is None and addr >= ram_top:
                    stack.append(addr)
        elif kind == ord("C"):  # the cycles of the instruction just traced
            timed = True
            cycles += addr
            if fn is not None:
                fn_cycles[fn] += addr
            if looked_up:
                lookup_cycles += addr
                lookup_insns += 1
    if pending is not None:
        reg_only += not pending
        mem_ops += pending
    total = sum(mnem.values())
    tables = {o["name"]: o["size"] for o in objects or [] if not DESC_SYMBOL.search(o["name"])
              and any(o["addr"] <= a < o["addr"] + o["size"] for a in read_only_reads)}
    return {
        "instructions": total,
        "mnemonics": dict(mnem.most_common()),
        "addressing_modes": dict(mode_counts.most_common()) if modes else None,
        "register_only": reg_only,
        "memory_operations": mem_ops,
        "reads": reads,
        "writes": writes,
        "table_lookups": lookups,
        "tables_read": dict(sorted(tables.items())),
        "table_bytes": sum(tables.values()),
        "cycles": cycles if timed else None,
        "table_lookup_instructions": lookup_insns if timed else None,
        "table_lookup_cycles": lookup_cycles if timed else None,
        "distinct_ram_addresses": len(ram),
        "distinct_flash_data_addresses": len(flash_data),
        "distinct_code_addresses": len(code),
        "stack_span": max(stack) - min(stack) + 1 if stack else 0,
        "unknown_instructions": unknown,
        "functions": [{"name": f, "instructions": c,
                       **({"cycles": fn_cycles[f]} if timed else {})}
                      for f, c in per_fn.most_common()] if functions else None,
    }


def trace_program(target, impl, elf: pathlib.Path, op: str, adlen: int, mlen: int) -> bytes:
    """The trace of one operation of impl in the built program elf."""
    with tempfile.TemporaryDirectory(prefix="lwc-profile-") as tmp:
        path = pathlib.Path(tmp) / "trace.bin"
        session = target.profile_session(elf, path)
        try:
            answers = session.run_all(["hello", f"ct {impl.scheme} {impl.name} {op} {adlen} {mlen} 0",
                                       "quit"])
        except SessionError as e:
            raise TraceError(f"{target.name} {impl_id(impl)}: {e}", 1)
        finally:
            session.close()
        if answers[1].ok is None:
            raise TraceError(f"{target.name} {impl_id(impl)} {op}: {answers[1].error}", 1)
        data = path.read_bytes() if path.is_file() else b""
    segs = segments(data)
    if len(segs) != 1 or not segs[0]:
        raise TraceError(f"{target.name}: the tracer recorded {len(segs)} operations of 1", 1)
    return segs[0]


CALLER = "run_op"  # bench_core.c: the measured operation's call site
GLUE = "lwc_perm_permute"  # core/perm_api.h: the descriptor's permute()


def called_function(seg: bytes, symbols: list[tuple[int, str, int]],
                    namespace: str | None = None) -> dict | None:
    """The function run_op calls (the operation's own call: a permutation's
    descriptor function), from its entry to its return, in a trace:
    instructions (and cycles where the tracer records them) executed from
    the first instruction outside run_op to the next one back in it, and
    function_bytes, the code it ran in: the size of each code symbol entered
    (symbols: elfpatch.code_symbols_sized) and, for code outside every
    symbol's extent (assembly rounds after a routine's .size), the whole gap
    up to the next symbol; where a symbol of the implementation's namespace
    (its assembly) ran, without the descriptor's C glue (GLUE) that called
    it, which is the harness's path as run_op is (in C the glue is the
    permutation, inlined).  None: the trace never left run_op."""
    starts = [a for a, _n, _z in symbols]

    def region(addr):
        """(start, size, name, the symbol's own name) of the code addr is in."""
        k = bisect.bisect_right(starts, addr) - 1
        if k < 0:
            return None
        a, name, size = symbols[k]
        if addr < a + size:
            return (a, size, name, name)
        end = starts[k + 1] if k + 1 < len(starts) else addr + 1
        return (a + size, end - a - size, f"{name}+gap", name)  # code past the symbol's size

    state = "before"  # before run_op, in run_op, in the callee, back
    insns = cycles = 0
    timed = False
    regions: dict[int, tuple[int, str]] = {}
    n = len(seg) // RECORD
    for i in range(n):
        kind = seg[i * RECORD + 8]
        addr = int.from_bytes(seg[i * RECORD:i * RECORD + 8], "little")
        if kind == ord("I"):
            r = region(addr)
            in_caller = r is not None and r[3].startswith(CALLER)
            if state == "before" and in_caller:
                state = "caller"
            elif state == "caller" and not in_caller:
                state = "callee"
            elif state == "callee" and in_caller:
                break
            if state == "callee":
                insns += 1
                if r is not None:
                    regions[r[0]] = (r[1], r[2])
        elif kind == ord("C") and state == "callee":
            timed = True
            cycles += addr
    if not insns:
        return None
    if namespace and any(name.startswith(namespace) for _size, name in regions.values()):
        # the implementation's own (assembly) routine was entered: the
        # descriptor's C glue that called it is the harness's call path
        regions = {a: v for a, v in regions.items() if v[1] != GLUE}
    return {"function_bytes": sum(size for size, _name in regions.values()),
            "function_symbols": sorted(name for _size, name in regions.values()),
            "function_traced_instructions": insns,
            **({"function_traced_cycles": cycles} if timed else {})}


def function_costs(target, impl, elf: pathlib.Path, seg: bytes) -> dict:
    """For a bare permutation: called_function of one traced call (seg,
    trace_program's of its "permutation" operation)."""
    got = called_function(seg, elfpatch.code_symbols_sized(elf.read_bytes()),
                          impl.namespace + "_")
    if got is None:
        raise TraceError(f"{target.name} {impl_id(impl)}: the trace shows no call from "
                           f"{CALLER}", 1)
    return got


def table_costs(elf: pathlib.Path, seg: bytes) -> dict:
    """For the permutation table of a target whose tracer records cycles
    (msp430), from one traced call (seg): the static tables it reads
    (bytes) and the cycles of its look-up instructions."""
    s = statistics(seg, {}, sections(elf), None, elfpatch.read_only_objects(elf.read_bytes()))
    return {"table_bytes": s["table_bytes"], "table_lookup_cycles": s["table_lookup_cycles"]}
