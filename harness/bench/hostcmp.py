"""./lwcbench host-compare: our Ascon beside other libraries on this machine.

  lwcbench host-compare [--samples N] [--size B]... [--supercop DIR]... [--json FILE]

One program (harness/hostcmp/hostcmp.c) holds every contestant and times
them with one clock (rdtsc, lfence-serialized), interleaved round by round,
medians of N samples:
  - ours: every host implementation of ascon-aead128 and ascon-hash256, the
    one lwc_*_find(scheme, NULL) selects on this CPU marked, and the batch
    engines (8 messages per call) beside 8 one-message calls;
  - RustCrypto: the crates ascon-aead and ascon-hash256 from crates.io
    (harness/hostcmp/rustcrypto: a C interface over them, built by cargo
    with the crates' release profile; skipped, with the reason, without
    cargo or the crates);
  - any SUPERCOP / NIST LWC folder given with --supercop DIR (for instance
    ascon-c's crypto_aead/asconaead128/opt64: ascon-c is not a package, so
    nothing here fetches it; a checkout of it can be named), compiled with
    gcc -O2 like ours.
Before timing, every contestant's output is compared with our ref (which
passes the official KAT) on messages of 0..64 and 1536 bytes (AEAD: with
associated data of several lengths); when one differs, nothing is measured
(exit status 1).  A --supercop path that is not a SUPERCOP folder of either
(missing, no api.h, another primitive) is a usage error: exit status 2.

Figures: rdtsc ticks per byte ("cycles per byte": the invariant time-stamp
counter, not core clock cycles), GB/s from the counter's measured rate, and
ratios in one run: ours / the fastest other library, per cell.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import platform
import re
import shlex
import shutil
import subprocess
import sys

from harness.bench.machine import cpu_info
from harness.build import VARIANTS, WARN, Builder, build_dir, run_stamped
from harness.discover import ROOT, discover

OUT = ROOT / "build" / "hostcmp"
SRC = ROOT / "harness" / "hostcmp"
CRATE = SRC / "rustcrypto"
RUST_LIB = OUT / "cargo" / "release" / "liblwc_hostcmp_rustcrypto.a"
SIZES = [16, 64, 1536, 32768]
SCHEMES = {"encrypt": "ascon-aead128", "hash": "ascon-hash256"}
# the SUPERCOP prototypes (the folders include crypto_aead.h / crypto_hash.h)
SUPERCOP_H = {
    "crypto_aead.h": "int crypto_aead_encrypt(unsigned char *, unsigned long long *, "
                     "const unsigned char *, unsigned long long, const unsigned char *, "
                     "unsigned long long, const unsigned char *, const unsigned char *, "
                     "const unsigned char *);\n"
                     "int crypto_aead_decrypt(unsigned char *, unsigned long long *, "
                     "unsigned char *, const unsigned char *, unsigned long long, "
                     "const unsigned char *, unsigned long long, const unsigned char *, "
                     "const unsigned char *);\n",
    "crypto_hash.h": "int crypto_hash(unsigned char *, const unsigned char *, "
                     "unsigned long long);\n",
}


def add_parser(sub) -> None:
    hc = sub.add_parser("host-compare", help="our Ascon beside RustCrypto (and SUPERCOP folders) "
                        "on this machine, one program, one clock",
                        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    hc.add_argument("--samples", type=int, default=301, metavar="N",
                    help="samples per cell; the median is reported (default 301)")
    hc.add_argument("--size", type=int, action="append", metavar="B",
                    help=f"message bytes (repeatable; default {' '.join(map(str, SIZES))})")
    hc.add_argument("--supercop", action="append", default=[], metavar="DIR",
                    help="a SUPERCOP folder of ascon-aead128 (api.h with CRYPTO_ABYTES) or "
                         "ascon-hash256 (CRYPTO_BYTES 32) to compare (repeatable)")
    hc.add_argument("--json", metavar="FILE", help="write the rows and ratios as JSON")


class CompareError(Exception):
    pass


class BadFolder(Exception):
    """A --supercop argument that is not a SUPERCOP folder of ascon-aead128
    or ascon-hash256 (a usage error: exit status 2, not 1's "differs")."""


CHECK_SECONDS = 300  # the output check: a contestant that hangs ends the run, not the machine


def _run(cmd: list, what: str, timeout: float = 600, **kw) -> str:
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        raise CompareError(f"{what} ran past {timeout:.0f} s (a contestant that hangs?)")
    if r.returncode != 0:
        raise CompareError(f"{what} failed:\n$ {shlex.join(map(str, cmd))}\n"
                           f"{(r.stdout + r.stderr).strip()[-2000:]}")
    return r.stdout


def build_rustcrypto() -> tuple[bool, str]:
    """The RustCrypto side (cargo, crates.io); (built, note)."""
    if not shutil.which("cargo"):
        return False, "RustCrypto skipped: cargo not found (rustup's cargo builds harness/hostcmp/rustcrypto)"
    try:
        r = subprocess.run(["cargo", "build", "--release", "--locked", "--quiet",
                            "--manifest-path", str(CRATE / "Cargo.toml"),
                            "--target-dir", str(OUT / "cargo")], capture_output=True, text=True,
                           timeout=900)
    except subprocess.TimeoutExpired:
        return False, "RustCrypto skipped: cargo build ran past 900 s"
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["?"])[-1]
        return False, f"RustCrypto skipped: cargo build failed ({last})"
    lock = (CRATE / "Cargo.lock").read_text()
    versions = {n: v for n, v in re.findall(r'name = "(ascon-aead|ascon-hash256)"\nversion = "([^"]+)"', lock)}
    return True, "RustCrypto: " + ", ".join(f"{n} {v}" for n, v in sorted(versions.items())) + \
        f" (cargo --release; {_run(['rustc', '--version'], 'rustc').strip()})"


def supercop_kind(folder: pathlib.Path) -> tuple[str, str]:
    """(kind, function) of a SUPERCOP folder from its api.h: ("encrypt",
    "crypto_aead_encrypt") or ("hash", "crypto_hash"); BadFolder says why
    it is none (missing, no api.h, another kind of primitive)."""
    if not folder.exists():
        raise BadFolder(f"--supercop {folder}: no such folder")
    if not folder.is_dir():
        raise BadFolder(f"--supercop {folder}: not a folder")
    try:
        text = (folder / "api.h").read_text()
    except OSError as e:
        raise BadFolder(f"--supercop {folder}: no api.h (not a SUPERCOP folder): "
                        f"{e.strerror or e}") from e
    if "CRYPTO_ABYTES" in text:
        return "encrypt", "crypto_aead_encrypt"
    if re.search(r"CRYPTO_BYTES\s+32\b", text):
        return "hash", "crypto_hash"
    raise BadFolder(f"--supercop {folder}: api.h is neither an AEAD (CRYPTO_ABYTES) nor a "
                    "32-byte hash (CRYPTO_BYTES 32)")


def supercop_object(n: int, folder: pathlib.Path) -> tuple[pathlib.Path, str, str]:
    """One SUPERCOP folder compiled with gcc -O2 into one object whose only
    global symbol is x<n>_crypto_aead_encrypt or x<n>_crypto_hash; returns
    (object, kind, label)."""
    folder = folder.resolve()
    kind, fn = supercop_kind(folder)
    inc = OUT / "supercop-include"
    inc.mkdir(parents=True, exist_ok=True)
    for name, body in SUPERCOP_H.items():
        (inc / name).write_text(body)
    objdir = OUT / f"x{n}"
    shutil.rmtree(objdir, ignore_errors=True)
    objdir.mkdir(parents=True)
    renames = [f"-D{f}=x{n}_{f}" for f in ("crypto_aead_encrypt", "crypto_aead_decrypt", "crypto_hash")]
    objs = []
    for src in sorted(folder.glob("*.c")):
        obj = objdir / (src.stem + ".o")
        _run(["gcc", "-O2", "-std=gnu11", "-I", str(folder), "-I", str(inc), *renames,
              "-c", str(src), "-o", str(obj)], f"compiling {src}")
        objs.append(str(obj))
    if not objs:
        raise CompareError(f"{folder}: no .c file")
    merged = objdir / "all.o"
    _run(["ld", "-r", "-o", str(merged), *objs], f"linking {folder}")
    _run(["objcopy", f"--keep-global-symbol=x{n}_{fn}", str(merged)], f"localizing {folder}")
    label = "/".join(folder.parts[-2:])
    return merged, kind, label


def extra_table(extras: list[tuple[pathlib.Path, str, str]]) -> pathlib.Path:
    lines = ["/* generated by harness/bench/hostcmp.py: the --supercop folders */",
             "#include <stddef.h>"]
    rows = []
    for n, (_obj, kind, label) in enumerate(extras):
        if kind == "encrypt":
            lines.append(f"int x{n}_crypto_aead_encrypt();")
            rows.append(f'  {{"{SCHEMES[kind]}", "supercop:{label}", (void *)x{n}_crypto_aead_encrypt, NULL}},')
        else:
            lines.append(f"int x{n}_crypto_hash();")
            rows.append(f'  {{"{SCHEMES[kind]}", "supercop:{label}", NULL, (void *)x{n}_crypto_hash}},')
    lines += ["typedef struct { const char *scheme, *who; void *aead, *hash; } hostcmp_supercop;",
              "const hostcmp_supercop hostcmp_extra[] = {", *rows, "  {NULL, NULL, NULL, NULL},", "};"]
    path = OUT / "extra.c"
    text = "\n".join(lines) + "\n"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path


def build_program(rust: bool, extras) -> pathlib.Path:
    if not Builder("release", quiet=True, only=["lwc"]).build():
        raise CompareError("the library does not build (python3 -m harness.build)")
    OUT.mkdir(parents=True, exist_ok=True)
    table = extra_table(extras)
    exe = OUT / "lwc-hostcmp"
    lib = build_dir("release") / "lib" / "liblwc.a"
    inputs = [SRC / "hostcmp.c", table, lib, *(o for o, _k, _l in extras)]
    cmd = ["gcc", *WARN[1:], *VARIANTS["release"]["cflags"], "-std=gnu11", "-Iinclude",
           *(["-DLWC_HOSTCMP_RUSTCRYPTO"] if rust else []),
           "-o", str(exe), *map(str, inputs)]
    if rust:
        cmd.append(str(RUST_LIB))
        inputs.append(RUST_LIB)
    cmd += ["-lpthread", "-ldl", "-lm"]
    err = run_stamped(exe, cmd, inputs)
    if err:
        raise CompareError(f"building lwc-hostcmp failed:\n{err}")
    return exe


def portable_impls() -> set[str]:
    """Our implementations that run on any host (architectures 'any')."""
    return {i.name for i in discover() if i.scheme in SCHEMES.values() and "any" in i.architectures}


def parse(out: str) -> tuple[list[dict], dict, float]:
    rows, selected, hz = [], {}, 0.0
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "row":
            rows.append({"op": f[1], "scheme": f[2], "who": f[3], "bytes": int(f[4]),
                         "messages": int(f[5]), "median": int(f[6]), "min": int(f[7])})
        elif f and f[0] == "selected":
            selected[f[1]] = f[2]
        elif f and f[0] == "tsc_hz":
            hz = float(f[1])
    return rows, selected, hz


def analyse(rows: list[dict], selected: dict, hz: float) -> list[dict]:
    """Per (scheme, size): ours (portable best, the run-time selection) over
    the fastest other library; batch engines over 8 one-message calls."""
    portable = portable_impls()
    out = []
    for r in rows:
        total = r["bytes"] * r["messages"]
        r["ticks_per_byte"] = r["median"] / total if total else None
        r["gbps"] = total / (r["median"] / hz) / 1e9 if hz and r["median"] else None
    cells = sorted({(r["op"], r["scheme"], r["bytes"]) for r in rows})
    for op, scheme, size in cells:
        cell = [r for r in rows if (r["op"], r["scheme"], r["bytes"]) == (op, scheme, size)]
        if op.endswith("-x8"):
            base = next((r for r in cell if r["who"] == "single-calls"), None)
            for r in cell:
                if base and r is not base:
                    out.append({"op": op, "scheme": scheme, "bytes": size, "who": r["who"],
                                "against": "8 one-message calls (" + selected.get(scheme, "?") + ")",
                                "speedup": base["median"] / r["median"]})
            continue
        others = [r for r in cell if r["who"] == "rustcrypto" or r["who"].startswith("supercop:")]
        ours = [r for r in cell if r not in others]
        if not others or not ours:
            continue
        best_other = min(others, key=lambda r: r["median"])
        port = [r for r in ours if r["who"] in portable]
        picks = [("portable", min(port, key=lambda r: r["median"]) if port else None),
                 ("selected", next((r for r in ours if r["who"] == selected.get(scheme)), None))]
        for label, r in picks:
            if r is not None:
                out.append({"op": op, "scheme": scheme, "bytes": size, "who": r["who"], "ours": label,
                            "against": best_other["who"], "ratio": r["median"] / best_other["median"]})
    return out


def print_tables(rows, ratios, notes, hz, samples):
    print(f"host-compare: rdtsc ticks per byte (time-stamp counter at {hz / 1e9:.2f} GHz, "
          f"not core cycles) and GB/s, median of {samples} samples, adlen 0")
    for n in notes:
        print(f"  {n}")
    for op in sorted({r["op"] for r in rows}):
        sub = [r for r in rows if r["op"] == op]
        sizes = sorted({r["bytes"] for r in sub})
        whos = list(dict.fromkeys(r["who"] for r in sub))
        title = {"encrypt": "Ascon-AEAD128 encryption", "hash": "Ascon-Hash256",
                 "encrypt-x8": "Ascon-AEAD128 encryption of 8 messages per call"}.get(op, op)
        print(f"\n{title} ({sub[0]['scheme']}): ticks/byte | GB/s")
        print(f"  {'':<24}" + "".join(f"{s:>20}" for s in sizes))
        for w in whos:
            cells = []
            for s in sizes:
                r = next((x for x in sub if x["who"] == w and x["bytes"] == s), None)
                cells.append(f"{r['ticks_per_byte']:8.2f} | {r['gbps']:6.3f}  " if r and r["gbps"] else " " * 20)
            print(f"  {w:<24}" + "".join(f"{c:>20}" for c in cells))
    print("\nRatios (same run):")
    for q in ratios:
        if "ratio" in q:
            print(f"  {q['scheme']:<14} {q['bytes']:>6} B  ours {q['ours']:<9} {q['who']:<16} / "
                  f"{q['against']:<28} {q['ratio']:.3f}")
        else:
            print(f"  {q['scheme']:<14} {q['bytes']:>6} B x8  batch {q['who']:<8} throughput "
                  f"{q['speedup']:.2f}x of {q['against']}")


def main(args) -> int:
    if platform.machine().lower() not in ("x86_64", "amd64"):
        print("lwcbench: host-compare times with rdtsc: x86-64 only", file=sys.stderr)
        return 2
    if args.samples < 3 or any(s < 1 for s in args.size or []):
        print("lwcbench: host-compare: --samples at least 3, sizes at least 1", file=sys.stderr)
        return 2
    sizes = args.size or SIZES
    try:  # before any build: a folder named wrongly is a usage error
        for d in args.supercop:
            supercop_kind(pathlib.Path(d))
    except BadFolder as e:
        print(f"lwcbench: host-compare: {e}", file=sys.stderr)
        return 2
    try:
        extras = [supercop_object(n, pathlib.Path(d)) for n, d in enumerate(args.supercop)]
        rust, note = build_rustcrypto()
        print(f"host-compare: {note}", file=sys.stderr)
        exe = build_program(rust, extras)
        try:
            check = subprocess.run([str(exe), "check"], capture_output=True, text=True,
                                   timeout=CHECK_SECONDS)
        except subprocess.TimeoutExpired:
            raise CompareError(f"the output check ran past {CHECK_SECONDS} s (a contestant "
                               "that hangs?)")
        differs = [ln[8:] for ln in check.stdout.splitlines() if ln.startswith("differs ")]
        if differs:
            raise CompareError(f"{', '.join(differs)} differs from our ref: nothing measured")
        if check.returncode != 0:
            raise CompareError(f"the output check failed:\n{check.stdout}{check.stderr}")
        print(f"host-compare: timing {len(sizes)} sizes, {args.samples} samples each ...",
              file=sys.stderr)
        # the checked contestants take well under a second per call even at
        # 32 KiB: a far larger budget than any run needs still ends a hang
        out = _run([str(exe), str(args.samples), *map(str, sizes)], "lwc-hostcmp",
                   timeout=600 + 2.0 * args.samples * len(sizes))
    except CompareError as e:
        print(f"lwcbench: host-compare: {e}", file=sys.stderr)
        return 1
    rows, selected, hz = parse(out)
    ratios = analyse(rows, selected, hz)
    notes = [note, "ascon-c is not a package: name a checkout's folder with --supercop DIR"
             if not extras else f"SUPERCOP folders: {', '.join(l for _o, _k, l in extras)} (gcc -O2)",
             "selected on this CPU (lwc_*_find(scheme, NULL)): " +
             ", ".join(f"{s} {i}" for s, i in sorted(selected.items()))]
    print_tables(rows, ratios, notes, hz, args.samples)
    if args.json:
        env = {"machine": platform.machine(), "cpu": cpu_info()["cpu"], "tsc_hz": hz, "samples": args.samples,
               "compiler": _run(["gcc", "--version"], "gcc").splitlines()[0],
               "cflags": "-O2", "notes": notes}
        pathlib.Path(args.json).write_text(json.dumps(
            {"kind": "host-compare", "environment": env, "rows": rows, "ratios": ratios}, indent=1) + "\n")
    return 0
