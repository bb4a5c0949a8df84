"""./lwcbench psa-overhead: what the PSA Crypto API layer costs over the
direct lwc call, on this machine or on a microcontroller target.

  lwcbench psa-overhead [--target T] [--samples N] [--json FILE]

One program calls Ascon-AEAD128 encryption and Ascon-Hash256 through the
PSA Certified Crypto API (psa_aead_encrypt with a key imported once,
outside the measurement; psa_hash_compute) and directly (lwc_aead_encrypt,
lwc_hash_compute) with the same implementation: the one psa_crypto_init
picks, lwc_*_find(scheme, NULL).  Before measuring, both paths must give
the same bytes on messages of 0..64 bytes and of the measured sizes; when
they differ nothing is measured (exit status 1).

On the host (the default): harness/psa_bench/psa_bench.c, linked with
src/psa/ and the release liblwc.a.  Timing: wall clock (clock_gettime,
CLOCK_MONOTONIC), nanoseconds per call, the contestants interleaved round
by round, medians of N samples (default 201), at 16 B and 32 KiB, no
associated data.  The overhead is PSA minus direct: per call at 16 B
(goal: at most 150 ns) and relative per byte at 32 KiB (goal: at most
5 %), the goals of issue 47.  A noisy machine can show a negative
overhead: the two paths differ by less than the noise.

On a QEMU target (--target cortex-m3-qemu, rv32i-qemu, ...):
harness/psa_bench/psa_bench_target.c, linked the way the target's
firmware is (its compiler and flags, the implementations a build for it
gets by default, src/lib/lwc.c, src/psa/, the qemu-user port) and run
under QEMU with the instruction-counting plugin: instructions per call,
the counter reads subtracted, N samples (default 5; the counts are exact,
so they agree).  QEMU has no timing model: the figures are instructions,
never cycles.  The same overheads, in instructions per call at 16 B and
percent per byte at 32 KiB; the issue's goals are the host's (in ns), so
no goal is printed for a target.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import subprocess
import sys

from harness.bench.impls import default_impls
from harness.bench.machine import cpu_info
from harness.bench.targets import TARGETS
from harness.bench.targets.qemu import PLUGIN, QemuTarget
from harness.build import (MINI_LIBC, VARIANTS, WARN, Builder, build_dir, compile_object,
                           impl_flags, registry_source, rel, run_stamped, write_if_changed)
from harness.discover import ROOT, discover

OUT = ROOT / "build" / "psa-bench"
SRC = ROOT / "harness" / "psa_bench" / "psa_bench.c"
TARGET_SRC = ROOT / "harness" / "psa_bench" / "psa_bench_target.c"
PSA_SOURCES = sorted((ROOT / "src" / "psa").glob("*.c"))
SMALL, LARGE = 16, 32768
GOAL_NS_PER_CALL = 150.0  # at SMALL bytes
GOAL_PERCENT_PER_BYTE = 5.0  # at LARGE bytes
METRIC = "ns, wall clock (clock_gettime CLOCK_MONOTONIC)"
TARGET_METRIC = ("instructions: every guest instruction of the call as QEMU executes it, "
                 "counted exactly by its TCG plugin (build/tools/qemu/libinsn_count.so), the "
                 "counter reads subtracted; QEMU has no timing model, so no cycles")
# the schemes lwc::psa runs (src/psa/): a target program holds their defaults
PSA_SCHEMES = ("ascon-aead128", "ascon-hash256", "ascon-xof128", "ascon-cxof128")
TITLES = {"encrypt": "Ascon-AEAD128 encryption", "hash": "Ascon-Hash256"}


class OverheadError(Exception):
    pass


class UsageError(OverheadError):
    """A request the tool does not take (exit status 2)."""


def add_parser(sub) -> None:
    p = sub.add_parser("psa-overhead", help="the PSA Crypto API layer's cost over the direct lwc "
                       "call (Ascon-AEAD128, Ascon-Hash256) on this machine or a QEMU target",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default="host", metavar="T",
                   help="host (wall clock, the default) or a QEMU target such as "
                        "cortex-m3-qemu (instructions)")
    p.add_argument("--samples", type=int, default=None, metavar="N",
                   help="samples per contestant; the median is reported (default 201 on the "
                        "host, 5 on a target)")
    p.add_argument("--json", metavar="FILE", help="write the rows and the overheads as JSON")


# -- a QEMU target: the program linked as the target's firmware is --------------------

def psa_impls(t) -> list:
    """The implementations of lwc::psa's schemes a build for target t gets
    by default (harness.bench.impls.default_impls: the target's preferred
    one of each; no run-time selection on a microcontroller)."""
    every = discover()
    out = []
    for scheme in PSA_SCHEMES:
        got = default_impls(t, [i for i in every if i.scheme == scheme])
        if not got:
            raise OverheadError(f"no implementation of {scheme} builds for {t.name}")
        out += got
    return out


def build_target_program(t, program: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    """A program over <psa/crypto.h> (bench.h's bench_serve its entry) for
    target t, in folder `out`, linked the way the target's firmware is
    (harness/bench/targets/firmware.py): the target's compiler, warnings
    and flags, mini libc, src/lib/lwc.c, the port, a registry of
    psa_impls(t), and src/psa/ on top.  Objects and the ELF are rebuilt
    only when a source, a header or a flag changed.  The ELF."""
    impls = psa_impls(t)
    registry = out / "registry.c"
    out.mkdir(parents=True, exist_ok=True)
    write_if_changed(registry, registry_source(impls))
    compile_cmd = [*t.cc, *t.warnings, *t.firmware.compile_flags(),
                   *(f"-D{k}={v}" for k, v in t.defines.items())]
    jobs = [(src, impl_flags(i)) for i in impls for src in i.sources]
    jobs += [(program, ["-Werror"])]
    jobs += [(src, []) for src in (registry, MINI_LIBC, ROOT / "src" / "lib" / "lwc.c",
                                   *PSA_SOURCES, *t.port_sources)]
    objs = []
    for n, (src, flags) in enumerate(jobs):
        obj = out / f"{n:02d}-{src.name}.o"
        err = compile_object([*compile_cmd, *flags, "-c", str(rel(src)), "-o", str(obj)], obj)
        if err:
            raise OverheadError(f"building {program.name} for {t.name} failed:\n{err}")
        objs.append(obj)
    elf = out / f"{program.stem}.elf"
    # from the repository root: the link names link.ld relative to the tree
    err = run_stamped(elf, [*t.cc, *t.cflags, "-o", str(elf), *map(str, objs), *t.ldflags], objs)
    if err:
        raise OverheadError(f"linking {program.name} for {t.name} failed:\n{err}")
    return elf


def qemu_target(name: str):
    """The QEMU target `name`, usable here, or OverheadError saying why not."""
    if name not in TARGETS:
        raise UsageError(f"unknown target {name!r} (./lwcbench list names them)")
    t = TARGETS[name]()
    if not isinstance(t, QemuTarget):
        raise UsageError(f"{name}: psa-overhead runs on the host or a QEMU target "
                            "(cortex-m3-qemu, rv32i-qemu, ...), whose port counts instructions")
    ok, why = t.is_available()
    if not ok:
        raise OverheadError(f"{name} is not usable here: {why}")
    return t


def measure_target(t, samples: int) -> tuple[list[dict], dict, int]:
    """Runs the program under QEMU with the counting plugin: its rows
    (instructions per call), the implementations it ran and what an empty
    counted region (the counter reads, subtracted from each row) costs."""
    elf = build_target_program(t, TARGET_SRC, OUT / t.name)
    print(f"psa-overhead: counting {samples} samples on {t.name} ...", file=sys.stderr)
    try:
        r = subprocess.run(t.qemu_argv(elf, PLUGIN), input=f"{samples} {SMALL} {LARGE}\n",
                           capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        raise OverheadError(f"{elf.name} ran past its time limit under QEMU")
    return parse_target(r.stdout, r.returncode, r.stderr)


def parse_target(out: str, status: int = 0, err: str = "") -> tuple[list[dict], dict, int]:
    rows, selected, empty = [], {}, None
    differs = [ln[8:] for ln in out.splitlines() if ln.startswith("differs ")]
    if differs:
        raise OverheadError("the PSA path and the direct call differ (" + ", ".join(differs)
                            + "): nothing measured")
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "err":
            raise OverheadError(f"the target program refused: {line[4:]}")
        if f and f[0] == "row":
            median, lo, hi = (int(x) for x in f[5:8])
            rows.append({"op": f[1], "scheme": f[2], "path": f[3], "bytes": int(f[4]),
                         "median_instructions": median, "min_instructions": lo,
                         "max_instructions": hi})
        elif f and f[0] == "selected":
            selected[f[1]] = f[2]
        elif f and f[0] == "empty":
            empty = int(f[1])
    if status != 0 or len(rows) != 8 or len(selected) != 2 or empty is None:
        raise OverheadError(f"the target program failed (status {status}):\n{out}{err}")
    return rows, selected, empty


def target_overheads(rows: list[dict]) -> list[dict]:
    """PSA against direct per (operation, size), in instructions: per call
    at SMALL, percent per byte at LARGE (no goal: the issue's are the
    host's, in ns)."""
    out = []
    for op in ("encrypt", "hash"):
        for size in (SMALL, LARGE):
            d, p = (next(r for r in rows if (r["op"], r["path"], r["bytes"]) == (op, path, size))
                    for path in ("direct", "psa"))
            di, pi = d["median_instructions"], p["median_instructions"]
            q = {"op": op, "scheme": d["scheme"], "bytes": size, "direct_instructions": di,
                 "psa_instructions": pi, "direct_instructions_per_byte": di / size,
                 "psa_instructions_per_byte": pi / size,
                 "overhead_instructions_per_call": pi - di}
            if size == LARGE:
                q["overhead_percent_per_byte"] = 100.0 * (pi / di - 1)
            out.append(q)
    return out


def print_target_table(over: list[dict], selected: dict, samples: int, name: str) -> None:
    print(f"psa-overhead on {name}: instructions (QEMU's plugin count, exact; QEMU has no "
          f"timing model, so no cycles), median of {samples} samples, adlen 0; both paths run "
          + ", ".join(f"{s} {i}" for s, i in sorted(selected.items()))
          + " (lwc_*_find(scheme, NULL), as psa_crypto_init)")
    print(f"  {'operation':<26}{'bytes':>7}{'direct':>18}{'PSA':>18}{'overhead':>18}")
    for q in over:
        if q["bytes"] == SMALL:
            d = f"{q['direct_instructions']} insn"
            p = f"{q['psa_instructions']} insn"
            o = f"{q['overhead_instructions_per_call']:+d} insn/call"
        else:
            d = f"{q['direct_instructions_per_byte']:.3f} insn/B"
            p = f"{q['psa_instructions_per_byte']:.3f} insn/B"
            o = f"{q['overhead_percent_per_byte']:+.3f} %/B"
        print(f"  {TITLES[q['op']]:<26}{q['bytes']:>7}{d:>18}{p:>18}{o:>18}")


def main_target(args) -> int:
    samples = 5 if args.samples is None else args.samples
    if not 1 <= samples <= 31:
        print("lwcbench: psa-overhead: --samples 1 to 31 on a target", file=sys.stderr)
        return 2
    try:
        t = qemu_target(args.target)
        rows, selected, empty = measure_target(t, samples)
    except OverheadError as e:
        print(f"lwcbench: psa-overhead: {e}", file=sys.stderr)
        return 2 if isinstance(e, UsageError) else 1
    over = target_overheads(rows)
    print_target_table(over, selected, samples, t.name)
    if args.json:
        env = {"target": t.name, "samples": samples, "metric": TARGET_METRIC,
               "counter_read_instructions": empty,
               "compiler": _first_line([*t.cc, "--version"]),
               "cflags": " ".join(t.cflags), "simulator": _first_line([t.qemu, "--version"]),
               "selected": selected}
        pathlib.Path(args.json).write_text(json.dumps(
            {"kind": "psa-overhead", "environment": env, "rows": rows, "overhead": over},
            indent=1) + "\n")
    return 0


# -- the host -----------------------------------------------------------------------------


def build_program() -> pathlib.Path:
    if not Builder("release", quiet=True, only=["lwc"]).build():
        raise OverheadError("the library does not build (python3 -m harness.build)")
    exe = OUT / "lwc-psa-bench"
    lib = build_dir("release") / "lib" / "liblwc.a"
    inputs = [SRC, *PSA_SOURCES, lib, *sorted((ROOT / "include" / "psa").glob("*.h")),
              ROOT / "src" / "psa" / "psa_internal.h"]
    cmd = ["gcc", *WARN[1:], *VARIANTS["release"]["cflags"], "-std=gnu11", "-Iinclude", "-Isrc",
           "-o", str(exe), *(str(p.relative_to(ROOT)) for p in [SRC, *PSA_SOURCES]), str(lib),
           "-lpthread", "-ldl", "-lm"]
    OUT.mkdir(parents=True, exist_ok=True)
    err = run_stamped(exe, cmd, inputs)
    if err:
        raise OverheadError(f"building lwc-psa-bench failed:\n{err}")
    return exe


def parse(out: str) -> tuple[list[dict], dict]:
    rows, selected = [], {}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "row":
            rows.append({"op": f[1], "scheme": f[2], "path": f[3], "bytes": int(f[4]),
                         "calls_per_sample": int(f[5]), "median_ns": float(f[6]),
                         "min_ns": float(f[7])})
        elif f and f[0] == "selected":
            selected[f[1]] = f[2]
    return rows, selected


def overheads(rows: list[dict]) -> list[dict]:
    """PSA against direct per (operation, size): ns per call at SMALL,
    percent per byte at LARGE, each with its goal."""
    out = []
    for op in ("encrypt", "hash"):
        for size in (SMALL, LARGE):
            d = next(r for r in rows if (r["op"], r["path"], r["bytes"]) == (op, "direct", size))
            p = next(r for r in rows if (r["op"], r["path"], r["bytes"]) == (op, "psa", size))
            q = {"op": op, "scheme": d["scheme"], "bytes": size, "direct_ns": d["median_ns"],
                 "psa_ns": p["median_ns"], "direct_ns_per_byte": d["median_ns"] / size,
                 "psa_ns_per_byte": p["median_ns"] / size}
            if size == SMALL:
                q["overhead_ns_per_call"] = p["median_ns"] - d["median_ns"]
                q["goal"] = f"at most {GOAL_NS_PER_CALL:g} ns per call"
                q["met"] = q["overhead_ns_per_call"] <= GOAL_NS_PER_CALL
            else:
                q["overhead_percent_per_byte"] = 100.0 * (p["median_ns"] / d["median_ns"] - 1)
                q["goal"] = f"at most {GOAL_PERCENT_PER_BYTE:g}% per byte"
                q["met"] = q["overhead_percent_per_byte"] <= GOAL_PERCENT_PER_BYTE
            out.append(q)
    return out


def print_table(over: list[dict], selected: dict, samples: int) -> None:
    print(f"psa-overhead: {METRIC}, median of {samples} samples, adlen 0; both paths run "
          + ", ".join(f"{s} {i}" for s, i in sorted(selected.items()))
          + " (lwc_*_find(scheme, NULL), as psa_crypto_init)")
    print(f"  {'operation':<26}{'bytes':>7}{'direct':>16}{'PSA':>16}{'overhead':>16}  goal")
    for q in over:
        if q["bytes"] == SMALL:
            d, p = f"{q['direct_ns']:.1f} ns", f"{q['psa_ns']:.1f} ns"
            o = f"{q['overhead_ns_per_call']:+.1f} ns"
        else:
            d, p = f"{q['direct_ns_per_byte']:.3f} ns/B", f"{q['psa_ns_per_byte']:.3f} ns/B"
            o = f"{q['overhead_percent_per_byte']:+.2f} %"
        print(f"  {TITLES[q['op']]:<26}{q['bytes']:>7}{d:>16}{p:>16}{o:>16}  "
              f"{q['goal']}: {'met' if q['met'] else 'not met'}")


def main(args) -> int:
    if args.target != "host":
        return main_target(args)
    if args.samples is None:
        args.samples = 201
    if args.samples < 3:
        print("lwcbench: psa-overhead: --samples at least 3", file=sys.stderr)
        return 2
    try:
        exe = build_program()
        print(f"psa-overhead: timing {args.samples} samples ...", file=sys.stderr)
        try:  # well under a second per sample; a far larger budget still ends a hang
            r = subprocess.run([str(exe), str(args.samples), str(SMALL), str(LARGE)],
                               capture_output=True, text=True, timeout=300 + 0.5 * args.samples)
        except subprocess.TimeoutExpired:
            raise OverheadError("lwc-psa-bench ran past its time limit")
        differs = [ln[8:] for ln in r.stdout.splitlines() if ln.startswith("differs ")]
        if differs:
            raise OverheadError("the PSA path and the direct call differ ("
                                + ", ".join(differs) + "): nothing measured")
        if r.returncode != 0:
            raise OverheadError(f"lwc-psa-bench failed:\n{r.stdout}{r.stderr}")
    except OverheadError as e:
        print(f"lwcbench: psa-overhead: {e}", file=sys.stderr)
        return 1
    rows, selected = parse(r.stdout)
    over = overheads(rows)
    print_table(over, selected, args.samples)
    if args.json:
        env = {"machine": platform.machine(), "cpu": cpu_info()["cpu"], "samples": args.samples,
               "metric": METRIC, "compiler": _gcc(), "cflags": "-O2", "selected": selected}
        pathlib.Path(args.json).write_text(json.dumps(
            {"kind": "psa-overhead", "environment": env, "rows": rows, "overhead": over},
            indent=1) + "\n")
    return 0


def _gcc() -> str:
    return _first_line(["gcc", "--version"])


def _first_line(argv: list[str]) -> str:
    r = subprocess.run(argv, capture_output=True, text=True)
    return (r.stdout.splitlines() or [argv[0]])[0]
