"""./lwcbench profile: execution statistics of one operation from a simulator's trace.

  lwcbench profile --target T --scheme S --impl I [--op OP] [--adlen N] [--mlen N]
                   [--json FILE] [--plot FILE]
  lwcbench profile --target T --add DIR [--as SCHEME] ...   (a SUPERCOP folder)

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
import json
import pathlib
import re
import sys

from harness.bench import added, added_kat, elfpatch, install
from harness.bench.impls import SelectionError, all_impls, impl_id, select
from harness.bench.targets import TARGETS
from harness.bench.targets.base import CrossTarget
from harness.bench.targets.job import OPS, BuildError, DoesNotFit
from harness.bench.trace import (TraceError, disassembly, max_len, objdump_tool, sections,
                                 statistics, trace_program)

TOP = 24  # mnemonics shown in the text table


def length_limits() -> str:
    """The targets' limit on --adlen and --mlen (trace.max_len), in words."""
    by: dict[int, list[str]] = {}
    for name, cls in TARGETS.items():
        # the targets with a tracer of their own (not the boards)
        if getattr(cls, "ct_method", "trace") == "trace" and \
                getattr(cls, "ct_tracer_missing", None) not in (None, CrossTarget.ct_tracer_missing):
            by.setdefault(max_len(cls), []).append(name)
    common = max(by, key=lambda v: len(by[v]))
    return ", ".join([*(f"{v} on {', '.join(names)}" for v, names in sorted(by.items())
                        if v != common), f"{common} on the others"])


def add_parser(sub) -> None:
    p = sub.add_parser("profile", help="execution statistics of one operation from a simulator's "
                       "trace (mnemonics, addressing modes, memory, table look-ups, stack)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", required=True, metavar="T",
                   help="a simulated target with a tracer (as for ./lwcbench ct)")
    p.add_argument("--scheme", metavar="S", help="the scheme")
    p.add_argument("--impl", metavar="I", help="its implementation (+NAME: an --add folder)")
    added.add_arguments(p)
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
    limit = max_len(target_cls)
    for opt, value in (("--adlen", args.adlen), ("--mlen", args.mlen)):
        if value is not None and value > limit:
            raise ProfileError(f"{opt} {value}: too long: the trace follows one-shot "
                               f"operations only, at most {limit} bytes of message and of "
                               f"associated data on {args.target} (its firmware's "
                               "BENCH_MAX_LEN; longer inputs are streamed through the "
                               "incremental calls)")


class ProfileError(TraceError):
    """A one-line reason; exit status 2 (usage) or 1 (the run failed)."""

    def __init__(self, msg: str, status: int = 2):
        super().__init__(msg)
        self.status = status


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


# the addressing-mode readers, by the name a target gives (Target.addressing_modes)
MODES = {"msp430": msp430_modes, "avr": avr_modes}


def trace_one(target, impl, op: str, adlen: int, mlen: int) -> tuple[bytes, pathlib.Path]:
    target.ct_prepare([impl])
    try:
        elf = target.build(impl)
    except (DoesNotFit, BuildError) as e:
        raise ProfileError(f"{target.name} {impl_id(impl)}: {str(e).splitlines()[0]}", 1)
    return trace_program(target, impl, elf, op, adlen, mlen), elf


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
            got = added_kat.prepare(args.add)
            if got and args.impl is None and len(got) == 1:  # the one folder added
                args.scheme, args.impl = args.scheme or got[0].scheme, got[0].name
            if args.scheme is None or args.impl is None:
                raise SelectionError("--scheme and --impl name the implementation (or one "
                                     "--add DIR)")
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
                                      MODES.get(target.addressing_modes),
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
    except TraceError as e:
        print(f"lwcbench: profile: {e}", file=sys.stderr)
        return e.status
