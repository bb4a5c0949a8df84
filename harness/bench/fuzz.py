"""./lwcbench fuzz: differential fuzzing of every host implementation against ref.

  lwcbench fuzz [--seconds N] [--jobs N] [--seed N] [--out DIR] [--verbose]
                [--add DIR [--as SCHEME]]...

Builds lwc-fuzz (harness.build's `fuzz` variant: clang, libFuzzer,
AddressSanitizer, UBSan; sources in tests/fuzz/), brings the seed corpus up
to date with the official KAT files (build/fuzz/seeds/, one input per KAT
entry), and runs libFuzzer for N seconds.  The corpus it grows is kept in
DIR/corpus/ (default DIR: build/fuzz) and the next run starts from it.  Progress: a summary line
every few seconds (--verbose: libFuzzer's own output); the whole output is in
DIR/last-run.log.  Exit status 0 when no difference was found; 1 with the
reproducer's path and the fuzzer's message when an implementation differed
from ref (or a sanitizer stopped it), 2 for bad arguments.

LWC_EXTRA_IMPLS=DIR[:DIR] adds the implementations found under DIR (as for
`lwcbench run`), built with the tree's into build/fuzz-extra-<key>/.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import pathlib
import re
import subprocess
import sys
import time

from harness.bench.impls import SelectionError, all_impls, extra_build, is_extra
from harness.bench import added, added_kat, install
from harness.bench.files import write_atomic
from harness.build import HOST_ARCHS, HOST_PREFERENCE, Builder
from harness.discover import KAT_DIR, ROOT, order_by_preference
from harness.katfile import records

DEFAULT_OUT = ROOT / "build" / "fuzz"
SEEDS = DEFAULT_OUT / "seeds"  # shared by every --out: it depends on the KAT files only
# --add: the folders and ref of their schemes, a program with a scheme table
# of its own: its seeds and corpus in a folder of their own (by the folders'
# digests)
ADDED_OUT = ROOT / "build" / "fuzz-added"
PROGRAM = "lwc-fuzz"
PROGRESS_EVERY = 10.0  # seconds between summary lines
SEED_PERM_ENTRIES = 64  # KAT entries turned into permutation programs
# KAT entries per scheme turned into seeds, spread over the file (every
# length region of it): with 20 schemes of up to 1089 entries, replaying all
# of them under ASan took most of a short run before any mutation
SEED_ENTRIES = 160


class FuzzError(Exception):
    """The fuzzer could not be built or started."""


# -- the program ------------------------------------------------------------------

def build(quiet: bool = True, only: set[tuple[str, str]] | None = None) -> pathlib.Path:
    """Build lwc-fuzz with every host implementation (the tree's into
    build/host-fuzz; with LWC_EXTRA_IMPLS, those as well into
    build/fuzz-extra-<key>: impls.extra_build_dir) and return its path;
    only: these (scheme, implementation) pairs alone (--add: the folders
    and ref, which the fuzzer compares them with)."""
    impls = [i for i in all_impls() if i.builds_for(HOST_ARCHS)
             and (only is None or (i.scheme, i.name) in only)]
    if any(is_extra(i) for i in impls):
        builder = Builder("fuzz", quiet=True, impls=order_by_preference(impls, HOST_PREFERENCE),
                          out=extra_build(ROOT / "build" / "fuzz-extra", impls))
    else:
        builder = Builder("fuzz", quiet=True)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        ok = builder.build()
    binary = builder.out / "bin" / PROGRAM
    if not ok or not binary.exists():
        raise FuzzError(f"building {PROGRAM} failed:\n{err.getvalue().strip()}")
    if not quiet:
        print(f"fuzz: built {binary.relative_to(ROOT)}", flush=True)
    return binary


def scheme_table(binary: pathlib.Path) -> list[dict]:
    """The fuzzer's table of schemes (LWC_FUZZ_SCHEMES=1): index, kind,
    scheme and its parameters, in the order byte 0 of an input selects."""
    r = subprocess.run([str(binary)], env={**os.environ, "LWC_FUZZ_SCHEMES": "1"},
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise FuzzError(f"{binary} could not list its schemes:\n{r.stdout}{r.stderr}")
    table = []
    for line in r.stdout.splitlines():
        index, kind, scheme, *params = line.split()
        entry = {"index": int(index), "kind": kind, "scheme": scheme}
        for p in params:
            key, _, value = p.partition("=")
            entry[key] = value if key == "impls" else int(value)
        table.append(entry)
    return table


# -- the seed corpus: the official KAT entries in the fuzzer's input format ------
# (tests/fuzz/fuzz.h: scheme, options, layout bytes, then the kind's fields)

def _u16(v: int) -> bytes:
    return v.to_bytes(2, "little")


def _script(count: int) -> bytes:
    """A split script for entry `count`: none for a third of the entries
    (one call per phase), otherwise a few pieces of block-boundary sizes,
    empty ones included."""
    if count % 3 == 1:
        return b""
    sizes = [0, 1, 3, 7, 8, 9, 15, 16, 17, 0xf0]
    return bytes(sizes[(count * 7 + 3 * j) % len(sizes)] for j in range(2 + count % 6))


def _layout(count: int) -> int:
    """Plain buffers for a third of the entries, otherwise a mix of
    misalignments, in-place calls and NULL for empty pieces."""
    return 0 if count % 3 == 1 else (count * 37) & 0xff


def aead_seed(entry: dict, rec: dict, count: int) -> bytes:
    options = 0
    if count % 3 == 0:  # an explicit tag length
        options |= 1 | ((count // 3) % 32) << 3
    if count % 4 == 0 and entry["masking"]:
        options |= 2
    if count % 97 == 0:  # now and then refused arguments
        options = 4 | (8 if count % 2 else 0) | (16 if count % 3 else 0)
    key, nonce = bytes.fromhex(rec["Key"]), bytes.fromhex(rec["Nonce"])
    ad, pt = bytes.fromhex(rec.get("AD", "")), bytes.fromhex(rec.get("PT", ""))
    mask = bytes((0xa0 + i) & 0xff for i in range(entry["key"]))
    return (bytes([entry["index"], options, _layout(count)]) + _u16(count * 7919 & 0xffff)
            + key + nonce + mask + _u16(len(ad)) + ad + _u16(len(pt)) + pt + _script(count))


def hash_seed(entry: dict, rec: dict, count: int) -> bytes:
    options = 1 | (2 if count % 2 else 0) if count % 97 == 0 else 0
    msg, custom = bytes.fromhex(rec.get("Msg", "")), bytes.fromhex(rec.get("Z", ""))
    outlen = len(rec.get("MD", "")) // 2 or entry["out"]
    return (bytes([entry["index"], options, _layout(count)]) + _u16(outlen)
            + _u16(len(custom)) + custom + _u16(len(msg)) + msg + _script(count))


def auth_seed(entry: dict, rec: dict, count: int) -> bytes:
    """A MAC/PRF KAT entry (tests/fuzz/fuzz_auth.c): its output length,
    key and message; every 97th a bad-argument case."""
    options = 1 | (2 if count % 2 else 0) if count % 97 == 0 else 0
    msg, key = bytes.fromhex(rec.get("Msg", "")), bytes.fromhex(rec.get("Key", ""))
    outlen = len(rec.get("Tag", "")) // 2 or entry["out"]
    return (bytes([entry["index"], options, _layout(count)]) + _u16(outlen) + key
            + _u16(len(msg)) + msg + _script(count))


def perm_seed(entry: dict, rec: dict, count: int) -> bytes:
    """A program over the permutation (tests/fuzz/fuzz_perm.c) built from a
    KAT entry of the scheme that checks it: its inputs added to the state,
    permutations, extractions at a few offsets."""
    sb = entry["state"]
    data = b"".join(bytes.fromhex(rec.get(f, "")) for f in ("Key", "Nonce", "AD", "PT", "Msg"))
    data = data[:sb]
    off = count % sb
    prog = bytes([0, 0, len(data)]) + data          # add_bytes(0, len)
    prog += bytes([2, 1, 0, sb])                    # permute; extract everything
    prog += bytes([3, count % 12 + 1])              # permute_rounds(1..12)
    prog += bytes([1, off, (count * 7) % (sb - off + 1)])  # extract a part
    prog += bytes([0, off, 1, count & 0xff, 2, 1, 0, sb])  # one byte in, permute, out
    return bytes([entry["index"], 0, _layout(count) & 0x3f]) + prog


def perm_kat_scheme(scheme: str) -> str:
    """The scheme whose official file checks this bare permutation (kat-via)."""
    for i in all_impls():
        if i.scheme == scheme and i.kind == "perm" and i.kat_scheme:
            return i.kat_scheme
    return ""


def seed_inputs(table: list[dict]) -> dict[str, bytes]:
    """File name -> seed input, for SEED_ENTRIES KAT entries of every scheme
    in the fuzzer's table, evenly spaced in its file (SEED_PERM_ENTRIES for a
    bare permutation)."""
    seeds = {}
    for entry in table:
        scheme, kind = entry["scheme"], entry["kind"]
        kat = KAT_DIR / f"{perm_kat_scheme(scheme) if kind == 'perm' else scheme}.txt"
        if not kat.exists():
            continue
        recs = records(kat)
        keep = SEED_PERM_ENTRIES if kind == "perm" else SEED_ENTRIES
        if len(recs) > keep:
            recs = [recs[k * len(recs) // keep] for k in range(keep)]
        make = {"aead": aead_seed, "hash": hash_seed, "perm": perm_seed, "auth": auth_seed}[kind]
        for n, rec in enumerate(recs, 1):
            count = int(rec.get("Count", n))
            seeds[f"{scheme}-{count:04d}"] = make(entry, rec, count)
    return seeds


def write_seeds(binary: pathlib.Path, folder: pathlib.Path) -> int:
    """Bring the seed corpus in folder up to date with the KAT files and
    the fuzzer's table: files that changed are rewritten (atomically),
    others left alone, stale ones removed (creating and deleting some ten
    thousand files every run costs more than fuzzing on some disks).
    Returns the number of seeds."""
    seeds = seed_inputs(scheme_table(binary))
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():  # (a concurrent run's .tmp files stay)
        if old.name not in seeds and not old.name.startswith("."):
            old.unlink(missing_ok=True)
    for name, data in seeds.items():
        path = folder / name
        try:
            if path.read_bytes() == data:
                continue
        except OSError:
            pass
        write_atomic(path, data)
    return len(seeds)


# -- running libFuzzer ------------------------------------------------------------

STATUS = re.compile(r"^#(\d+):?\s+(\w+)?.*?cov: (\d+) ft: (\d+) corp: (\d+)")
EXECS = re.compile(r"exec/s:? (\d+)")
STAT = re.compile(r"^stat::(\w+):\s*(\S+)")
ARTIFACT = re.compile(r"Test unit written to (\S+)")
FINDING = re.compile(r"lwc-fuzz: (DIFFERENCE|case:) |==\d+==ERROR: |SUMMARY: |runtime error: "
                     r"|ERROR: libFuzzer: ")


class Outcome:
    """What one libFuzzer run said: the last status line's numbers, the
    final statistics, and any finding (message lines, reproducer)."""

    def __init__(self):
        self.runs = self.cov = self.ft = self.corpus = self.exec_s = 0
        self.stats: dict[str, str] = {}
        self.findings: list[str] = []
        self.artifact: str | None = None
        self.returncode: int | None = None
        self.seconds = 0.0

    def feed(self, line: str) -> None:
        m = STATUS.match(line)
        if m:
            self.runs, self.cov, self.ft, self.corpus = (int(m.group(i)) for i in (1, 3, 4, 5))
            e = EXECS.search(line)
            if e:
                self.exec_s = int(e.group(1))
        s = STAT.match(line)
        if s:
            self.stats[s.group(1)] = s.group(2)
        a = ARTIFACT.search(line)
        if a:
            self.artifact = a.group(1)
        if FINDING.search(line) and len(self.findings) < 20:
            self.findings.append(line.strip())

    @property
    def found(self) -> bool:
        return self.artifact is not None or bool(self.findings) or self.returncode not in (0, None)

    def summary(self, seconds: float, total: float) -> str:
        return (f"fuzz: {seconds:5.0f}/{total:.0f} s  {self.runs:>10,} runs  "
                f"{self.exec_s:>6} exec/s  cov {self.cov}  ft {self.ft}  corpus {self.corpus}")


def libfuzzer_args(out: pathlib.Path, seeds: pathlib.Path, seconds: int, jobs: int,
                   seed: int | None) -> list[str]:
    """Command-line arguments of one run: the kept corpus (out/corpus)
    first, since new inputs go there, then the seeds."""
    args = [str(out / "corpus"), str(seeds), f"-max_total_time={seconds}",
            f"-artifact_prefix={out / 'crashes'}/", "-print_final_stats=1", "-timeout=60"]
    if seed is not None:
        args.append(f"-seed={seed}")
    if jobs > 1:  # one process per job, sharing the corpus
        args.append(f"-fork={jobs}")
    return args


def run(binary: pathlib.Path, out: pathlib.Path, seconds: int, jobs: int = 1,
        seed: int | None = None, verbose: bool = False, seeds: pathlib.Path = SEEDS,
        stream=sys.stdout) -> Outcome:
    """Run libFuzzer over out/corpus and the seeds; output in
    out/last-run.log, progress on stream."""
    for d in ("corpus", "crashes"):
        (out / d).mkdir(parents=True, exist_ok=True)
    cmd = [str(binary), *libfuzzer_args(out, seeds, seconds, jobs, seed)]
    outcome = Outcome()
    started = last = time.monotonic()
    env = {**os.environ,
           "ASAN_OPTIONS": "abort_on_error=1:detect_leaks=1:symbolize=1",
           "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1"}
    print(f"fuzz: {' '.join(cmd)}", file=stream, flush=True)
    with open(out / "last-run.log", "w") as log:
        log.write(" ".join(cmd) + "\n")
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors="replace", env=env, cwd=out)
        try:
            for line in proc.stdout:
                log.write(line)
                outcome.feed(line)
                now = time.monotonic()
                if verbose:
                    stream.write(line)
                elif now - last >= PROGRESS_EVERY:
                    print(outcome.summary(now - started, seconds), file=stream, flush=True)
                    last = now
        finally:
            outcome.returncode = proc.wait()
    outcome.seconds = time.monotonic() - started
    if outcome.artifact and not os.path.isabs(outcome.artifact):
        outcome.artifact = str((out / outcome.artifact).resolve())
    return outcome


def add_parser(sub) -> None:
    """The `fuzz` subcommand of ./lwcbench (harness/bench/cli.py)."""
    fz = sub.add_parser("fuzz", help="differential fuzzing of every implementation against ref",
                        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    fz.add_argument("--seconds", type=int, default=300, metavar="N",
                    help="how long: libFuzzer's -max_total_time (default 300)")
    fz.add_argument("--jobs", type=int, default=1, metavar="N",
                    help="fuzzing processes (libFuzzer -fork=N above 1; default 1)")
    fz.add_argument("--seed", type=int, metavar="N",
                    help="libFuzzer's -seed, for a repeatable run (default: random)")
    fz.add_argument("--out", metavar="DIR",
                    help="working folder: corpus/, crashes/, last-run.log (default "
                         "build/fuzz; the seeds are always build/fuzz/seeds/)")
    fz.add_argument("--verbose", action="store_true",
                    help="libFuzzer's own output instead of a summary line every few seconds")
    added.add_arguments(fz)


def main(args) -> int:
    """./lwcbench fuzz (arguments parsed by harness/bench/cli.py); the
    set-up first: install.setup(["fuzz"]) installs clang and libFuzzer."""
    if args.seconds < 1 or args.jobs < 1:
        print("lwcbench: --seconds and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:  # --add: those folders and ref of their schemes, nothing else
        got = added_kat.prepare(args.add)
    except SelectionError as e:
        print(f"lwcbench: {e}", file=sys.stderr)
        return 2
    seeds, out = SEEDS, DEFAULT_OUT
    if got:  # a program of its own: its own scheme table, seeds and corpus
        key = "\n".join(sorted(f"{a.scheme} {a.name} {a.digest}" for a in got))
        out = ADDED_OUT / hashlib.sha256(key.encode()).hexdigest()[:10]
        seeds = out / "seeds"
    out = pathlib.Path(args.out).resolve() if args.out else out
    install.setup(["fuzz"])
    try:
        only = {pair for a in got for pair in ((a.scheme, a.name), (a.scheme, "ref"))}
        binary = build(quiet=False, only=only or None)
        n = write_seeds(binary, seeds)
    except FuzzError as e:
        print(f"lwcbench fuzz: {e}", file=sys.stderr)
        return 1
    corpus = out / "corpus"
    kept = len(list(corpus.iterdir())) if corpus.is_dir() else 0
    print(f"fuzz: {n} seed inputs from {KAT_DIR} in {seeds}; "
          f"{kept} kept inputs in {corpus}", flush=True)
    result = run(binary, out, args.seconds, args.jobs, args.seed, verbose=args.verbose,
                 seeds=seeds)
    size = len(list(corpus.iterdir()))
    stats = result.stats
    cov = f", coverage {result.cov} edges / {result.ft} features" if result.cov else ""
    print(f"fuzz: {stats.get('number_of_executed_units', result.runs)} runs in "
          f"{result.seconds:.0f} s ({stats.get('average_exec_per_sec', result.exec_s)} exec/s)"
          f"{cov}, corpus {size} inputs kept in {corpus} "
          f"({stats.get('new_units_added', 0)} new), peak RSS "
          f"{stats.get('peak_rss_mb', '?')} MB", flush=True)
    if result.found:
        print("fuzz: DIFFERENCE FOUND" if any("DIFFERENCE" in f for f in result.findings)
              else f"fuzz: the fuzzer stopped (exit status {result.returncode})", flush=True)
        for line in result.findings:
            print(f"  {line}")
        if result.artifact:
            print(f"  reproducer: {result.artifact}")
            print(f"  replay:     {binary} {result.artifact}")
        print(f"  full output: {out / 'last-run.log'}")
        return 1
    print("fuzz: no difference found", flush=True)
    return 0
