"""./lwcbench profile: execution statistics of one operation from a simulator's trace.

  lwcbench profile --target T --scheme S --impl I [--op OP] [--adlen N] [--mlen N]
                   [--json FILE] [--plot FILE]

The operation runs once under the target's tracer (the one `./lwcbench ct`
uses: every executed instruction's address and every data access's
address, in the addresses of the firmware's ELF file).  The firmware's
disassembly (the toolchain's objdump) names each executed instruction, and
its section table says what each address is:
  - instructions (and cycles, where traced) by function: the code symbol of
    the firmware's symbol table each executed instruction lies in;
  - instructions by mnemonic; the addressing-mode mix where the ISA has
    modes (MSP430: source and destination modes; AVR: the data-access modes);
  - register-only operations (no data access) against memory operations;
  - memory reads and writes, and the distinct addresses touched in RAM and in
    flash (read-only sections: code and constants; the instructions' own
    addresses counted apart);
  - table look-ups: reads of read-only data (constants in flash) other than
    the implementation's descriptor (read by the harness's dispatch); the
    tables read (the read-only objects of the symbol table the operation
    reads from) and their bytes; where the tracer records each
    instruction's cycles (msp430), the operation's cycles and those of the
    instructions that look up a table;
  - the stack span: from the lowest to the highest address the operation
    touched above the program's writable sections (its frames, and what it
    reached of its caller's).
Text table, JSON (--json) and a bar chart of the mnemonics (--plot FILE.png,
.svg, .pdf or another format matplotlib writes, named by the suffix).
Defaults: the first operation of the scheme's kind (encrypt, hash,
permutation), adlen 0, mlen 16 (a permutation: none).  The operation is
traced one-shot, its input in the firmware's buffers: adlen and mlen at
most the target's BENCH_MAX_LEN (listed under --mlen below; longer inputs,
which `run` streams through the incremental calls, are refused).
"""
from __future__ import annotations

import argparse
import bisect
import collections
import dataclasses
import json
import pathlib
import re
import subprocess
import sys
import tempfile

from harness.bench import ct, elfpatch, install
from harness.bench.impls import SelectionError, all_impls, impl_id, select
from harness.bench.session import SessionError
from harness.bench.targets import TARGETS
from harness.bench.targets.base import OPS, BuildError, CrossTarget, DoesNotFit
from harness.build import DESC_SYMBOL

TOP = 24  # mnemonics shown in the text table


def length_limits() -> str:
    """The targets' limit on --adlen and --mlen (ct.max_len), in words."""
    by: dict[int, list[str]] = {}
    for name, cls in TARGETS.items():
        # the targets with a tracer of their own (not the boards)
        if getattr(cls, "ct_method", "trace") == "trace" and \
                getattr(cls, "ct_tracer_missing", None) not in (None, CrossTarget.ct_tracer_missing):
            by.setdefault(ct.max_len(cls), []).append(name)
    common = max(by, key=lambda v: len(by[v]))
    return ", ".join([*(f"{v} on {', '.join(names)}" for v, names in sorted(by.items())
                        if v != common), f"{common} on the others"])


def add_parser(sub) -> None:
    p = sub.add_parser("profile", help="execution statistics of one operation from a simulator's "
                       "trace (mnemonics, addressing modes, memory, table look-ups, stack)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", required=True, metavar="T",
                   help="a simulated target with a tracer (as for ./lwcbench ct)")
    p.add_argument("--scheme", required=True, metavar="S", help="the scheme")
    p.add_argument("--impl", required=True, metavar="I", help="its implementation")
    p.add_argument("--op", metavar="OP", help="encrypt, decrypt, hash or permutation "
                   "(default: the first of the scheme's kind)")
    p.add_argument("--adlen", type=int, default=0, metavar="N",
                   help="associated data length, AEAD only (default 0; the same limit as "
                        "--mlen)")
    p.add_argument("--mlen", type=int, metavar="N", help="message length (default 16; "
                   "a permutation: 0); the operation is traced one-shot, so at most the "
                   f"target's BENCH_MAX_LEN bytes: {length_limits()}")
    p.add_argument("--json", metavar="FILE", help="write the statistics as JSON")
    p.add_argument("--plot", metavar="FILE",
                   help="a bar chart of the mnemonics, in the format of FILE's suffix: "
                        ".png, .svg, .pdf or another that matplotlib writes")


def plot_formats() -> list[str] | None:
    """The file suffixes matplotlib writes (None: no matplotlib)."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        return None
    return sorted(FigureCanvasBase.get_supported_filetypes())


def check_outputs(args) -> None:
    """--plot's format and the folders of --json and --plot, before any work."""
    if args.plot:
        formats = plot_formats()
        if formats is None:
            raise ProfileError("--plot needs matplotlib (pip install matplotlib)")
        suffix = pathlib.Path(args.plot).suffix.lower().lstrip(".")
        if suffix not in formats:
            first = [f for f in ("png", "svg", "pdf") if f in formats]
            rest = [f for f in formats if f not in first]
            raise ProfileError(
                f"--plot {args.plot}: " + (f"matplotlib cannot write .{suffix} files"
                                           if suffix else "no file suffix to name the format")
                + f"; name it with one of {', '.join('.' + f for f in first + rest)}")
    for opt, path in (("--json", args.json), ("--plot", args.plot)):
        if path and not pathlib.Path(path).absolute().parent.is_dir():
            raise ProfileError(f"cannot write {opt} {path}: "
                               f"{pathlib.Path(path).absolute().parent} is not a folder")


def check_lengths(args, target_cls) -> None:
    """--adlen and --mlen within what the target traces one-shot."""
    limit = ct.max_len(target_cls)
    for opt, value in (("--adlen", args.adlen), ("--mlen", args.mlen)):
        if value is not None and value > limit:
            raise ProfileError(f"{opt} {value}: too long: the trace follows one-shot "
                               f"operations only, at most {limit} bytes of message and of "
                               f"associated data on {args.target} (its firmware's "
                               "BENCH_MAX_LEN; longer inputs are streamed through the "
                               "incremental calls)")


class ProfileError(Exception):
    """A one-line reason; exit status 2 (usage) or 1 (the run failed)."""

    def __init__(self, msg: str, status: int = 2):
        super().__init__(msg)
        self.status = status


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


# ---- addressing modes -----------------------------------------------------
def msp430_mode(op: str) -> str:
    op = op.strip()
    if re.fullmatch(r"r\d+|pc|sp|sr|cg", op, re.I):
        return "register"
    if op.startswith("#"):
        return "immediate"
    if op.startswith("&"):
        return "absolute"
    if re.fullmatch(r"@r\d+\+|@sp\+|@pc\+", op, re.I):
        return "indirect autoincrement"
    if op.startswith("@"):
        return "indirect"
    if re.fullmatch(r"-?(0x)?[0-9a-f]+\((r\d+|sp|pc|sr)\)", op, re.I):
        return "indexed"
    return "symbolic"


def msp430_modes(mnemonic: str, operands: str) -> list[str]:
    """Source and destination modes of an MSP430 instruction."""
    ops = [o for o in split_operands(operands) if o]
    if mnemonic.startswith("j") or not ops:
        return []
    if len(ops) == 1:
        return [f"operand: {msp430_mode(ops[0])}"]
    return [f"source: {msp430_mode(ops[0])}", f"destination: {msp430_mode(ops[1])}"]


def split_operands(operands: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for ch in operands:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    return [*out, cur.strip()] if cur.strip() else out


AVR_MODES = [
    (r"^(lds|sts)$", "data direct"),
    (r"^(ldd|std)$", "data indirect with displacement"),
    (r"^(ld|st)$", None),  # refined by the operand below
    (r"^(lpm|elpm)$", "program memory"),
    (r"^(in|out|sbi|cbi|sbic|sbis)$", "I/O direct"),
    (r"^(push|pop)$", "stack"),
    (r"^(ldi|subi|sbci|andi|ori|cpi|adiw|sbiw|cbr|sbr)$", "immediate"),
]


def avr_modes(mnemonic: str, operands: str) -> list[str]:
    for pat, mode in AVR_MODES:
        if re.match(pat, mnemonic):
            if mode is None:
                ptr = next((o for o in split_operands(operands) if re.search(r"[XYZ]", o)), "")
                mode = ("data indirect post-increment" if ptr.endswith("+") else
                        "data indirect pre-decrement" if ptr.startswith("-") else "data indirect")
            return [mode]
    if mnemonic.startswith(("br", "rjmp", "jmp", "rcall", "call", "ret", "icall", "ijmp", "nop")):
        return []
    return ["register"]


MODES = {"msp430": msp430_modes, "avr": avr_modes}


def family(target_name: str) -> str | None:
    return next((f for f in MODES if target_name.startswith(f)), None)


# ---- the statistics ---------------------------------------------------------
def statistics(seg: bytes, dis: dict, secs: list[Section], fam: str | None,
               objects: list[dict] | None = None,
               functions: list[tuple[int, str]] | None = None) -> dict:
    """objects: the program's read-only data objects (elfpatch.read_only_objects);
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
    modes = collections.Counter()
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
    n = len(seg) // ct.RECORD
    for i in range(n):
        kind = seg[i * ct.RECORD + 8]
        addr = int.from_bytes(seg[i * ct.RECORD:i * ct.RECORD + 8], "little")
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
            if fam:
                modes.update(MODES[fam](m, ops))
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
        "addressing_modes": dict(modes.most_common()) if fam else None,
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


def trace_one(target, impl, op: str, adlen: int, mlen: int) -> tuple[bytes, pathlib.Path]:
    target.ct_prepare([impl])
    try:
        elf = target.build(impl)
    except (DoesNotFit, BuildError) as e:
        raise ProfileError(f"{target.name} {impl_id(impl)}: {str(e).splitlines()[0]}", 1)
    return trace_program(target, impl, elf, op, adlen, mlen), elf


def trace_program(target, impl, elf: pathlib.Path, op: str, adlen: int, mlen: int) -> bytes:
    """The trace of one operation of impl in the built program elf."""
    with tempfile.TemporaryDirectory(prefix="lwc-profile-") as tmp:
        path = pathlib.Path(tmp) / "trace.bin"
        session = target.profile_session(elf, path)
        try:
            answers = session.run_all(["hello", f"ct {impl.scheme} {impl.name} {op} {adlen} {mlen} 0",
                                       "quit"])
        except SessionError as e:
            raise ProfileError(f"{target.name} {impl_id(impl)}: {e}", 1)
        finally:
            session.close()
        if answers[1].ok is None:
            raise ProfileError(f"{target.name} {impl_id(impl)} {op}: {answers[1].error}", 1)
        data = path.read_bytes() if path.is_file() else b""
    segs = ct.segments(data)
    if len(segs) != 1 or not segs[0]:
        raise ProfileError(f"{target.name}: the tracer recorded {len(segs)} operations of 1", 1)
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
    n = len(seg) // ct.RECORD
    for i in range(n):
        kind = seg[i * ct.RECORD + 8]
        addr = int.from_bytes(seg[i * ct.RECORD:i * ct.RECORD + 8], "little")
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
        raise ProfileError(f"{target.name} {impl_id(impl)}: the trace shows no call from "
                           f"{CALLER}", 1)
    return got


def table_costs(elf: pathlib.Path, seg: bytes) -> dict:
    """For the permutation table of a target whose tracer records cycles
    (msp430), from one traced call (seg): the static tables it reads
    (bytes) and the cycles of its look-up instructions."""
    s = statistics(seg, {}, sections(elf), None, elfpatch.read_only_objects(elf.read_bytes()))
    return {"table_bytes": s["table_bytes"], "table_lookup_cycles": s["table_lookup_cycles"]}


def print_profile(p: dict, head: str) -> None:
    s = p["statistics"]
    total = s["instructions"] or 1
    print(head)
    print(f"  instructions executed    {s['instructions']}")
    print(f"  register-only operations {s['register_only']} ({100 * s['register_only'] / total:.1f}%)")
    print(f"  memory operations        {s['memory_operations']} "
          f"({100 * s['memory_operations'] / total:.1f}%): {s['reads']} reads, {s['writes']} writes")
    if s.get("cycles") is not None:
        print(f"  cycles                   {s['cycles']} (the simulator's charge, instruction by "
              "instruction)")
    print(f"  table look-ups           {s['table_lookups']} (reads of read-only data)")
    if s.get("tables_read"):
        print(f"  tables read              {s['table_bytes']} bytes: " +
              ", ".join(f"{n} {b}" for n, b in s["tables_read"].items()))
    if s.get("table_lookup_cycles") is not None:
        print(f"  look-up instructions     {s['table_lookup_instructions']}, "
              f"{s['table_lookup_cycles']} cycles")
    print(f"  distinct addresses       RAM {s['distinct_ram_addresses']}, flash data "
          f"{s['distinct_flash_data_addresses']}, code {s['distinct_code_addresses']}")
    print(f"  stack span touched       {s['stack_span']} bytes")
    if s["unknown_instructions"]:
        print(f"  not in the disassembly   {s['unknown_instructions']} executed instructions")
    print(f"\n  {'mnemonic':<12}{'count':>10}{'share':>8}")
    for m, c in list(s["mnemonics"].items())[:TOP]:
        print(f"  {m:<12}{c:>10}{100 * c / total:>7.1f}%")
    rest = list(s["mnemonics"].items())[TOP:]
    if rest:
        print(f"  {'(' + str(len(rest)) + ' more)':<12}{sum(c for _m, c in rest):>10}")
    if s.get("functions"):
        timed = "cycles" in s["functions"][0]
        print(f"\n  {'function (code symbol)':<48}{'instructions':>13}" +
              (f"{'cycles':>10}" if timed else ""))
        for f in s["functions"][:TOP]:
            print(f"  {f['name'][:48]:<48}{f['instructions']:>13}" +
                  (f"{f['cycles']:>10}" if timed else ""))
        rest = s["functions"][TOP:]
        if rest:
            print(f"  {'(' + str(len(rest)) + ' more)':<48}"
                  f"{sum(f['instructions'] for f in rest):>13}" +
                  (f"{sum(f['cycles'] for f in rest):>10}" if timed else ""))
    if s["addressing_modes"] is not None:
        print(f"\n  {'addressing mode':<36}{'count':>10}")
        for m, c in s["addressing_modes"].items():
            print(f"  {m:<36}{c:>10}")


def plot(p: dict, path: pathlib.Path) -> None:
    from harness.bench.output.plots import pyplot
    plt = pyplot()
    if plt is None:
        raise ProfileError("--plot needs matplotlib (pip install matplotlib)", 1)
    items = list(p["statistics"]["mnemonics"].items())[:TOP][::-1]
    fig, ax = plt.subplots(figsize=(7, 0.28 * len(items) + 1.2))
    ax.barh([m for m, _c in items], [c for _m, c in items], color="#4c72b0")
    ax.set_xlabel("executed instructions")
    ax.set_title(f"{p['target']} {p['scheme']}/{p['impl']} {p['op']} "
                 f"adlen={p['adlen']} mlen={p['mlen']}", fontsize=9)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(args) -> int:
    try:
        if args.target not in TARGETS:
            raise ProfileError(f"unknown target '{args.target}' (valid: {', '.join(TARGETS)})")
        check_lengths(args, TARGETS[args.target])
        check_outputs(args)
        if getattr(TARGETS[args.target], "ct_method", "trace") != "trace":
            raise ProfileError(f"{args.target} has no instruction tracer (profile needs a "
                               "simulated target)")
        try:  # names first: a wrong one is said before the set-up runs
            impl = select(all_impls(), [args.scheme], [args.impl])[0]
        except SelectionError as e:
            raise ProfileError(str(e))
        op = args.op or OPS[impl.kind][0]
        if op not in OPS[impl.kind]:
            raise ProfileError(f"{impl_id(impl)} has no operation '{op}' "
                               f"(valid: {', '.join(OPS[impl.kind])})")
        install.setup(install.profiles_for([TARGETS[args.target]]))
        target = TARGETS[args.target]()  # after the set-up
        why = target.ct_missing()
        if why:
            raise ProfileError(f"{args.target}: {why}")
        ok, why = target.is_available()
        if not ok:
            raise ProfileError(f"{args.target}: {why}")
        if not target.supports(impl):
            raise ProfileError(f"{impl_id(impl)} does not build for {args.target}")
        if args.mlen is None:
            args.mlen = 0 if impl.kind == "perm" else 16
        if args.adlen < 0 or args.mlen < 0 or (impl.kind != "aead" and args.adlen) or \
                (impl.kind == "perm" and args.mlen):
            raise ProfileError("--adlen and --mlen are lengths (--adlen: AEAD only; a "
                               "permutation takes neither)")
        seg, elf = trace_one(target, impl, op, args.adlen, args.mlen)
        objdump = objdump_tool(target)
        p = {"target": args.target, "scheme": impl.scheme, "impl": impl.name, "op": op,
             "adlen": args.adlen, "mlen": args.mlen, "source": f"{target.name}'s tracer, {objdump}",
             "statistics": statistics(seg, disassembly(objdump, elf), sections(elf),
                                      family(args.target),
                                      elfpatch.read_only_objects(elf.read_bytes()),
                                      elfpatch.code_symbols(elf.read_bytes()))}
        print_profile(p, f"profile: {args.target} {impl_id(impl)} {op} adlen={args.adlen} "
                         f"mlen={args.mlen} (from the simulator's trace)")
        for opt, path in (("--json", args.json), ("--plot", args.plot)):
            if not path:
                continue
            try:
                if opt == "--json":
                    pathlib.Path(path).write_text(json.dumps(p, indent=1) + "\n")
                else:
                    plot(p, pathlib.Path(path))
            except OSError as e:
                raise ProfileError(f"cannot write {opt} {path}: {e.strerror or e}") from e
        return 0
    except ProfileError as e:
        print(f"lwcbench: profile: {e}", file=sys.stderr)
        return e.status
