"""./lwcbench export supercop DIR: each implementation as a SUPERCOP / NIST LWC folder.

In the tree an implementation folder is a few lines: its api.h includes the
scheme's ../scheme.h, its sources include the shared mode and backend headers
of src/ and include/lwc.h.  The export writes DIR/<top>/<primitive>/<impl>/
with everything it needs inside: api.h holds the scheme's parameters
literally (SUPERCOP reads the CRYPTO_* lines of api.h), every header it
uses is copied beside it under a flat name (src/ascon/common.h becomes
ascon_common.h), a source file the tree includes from a source (the
generated assembly of src/ascon/rv32/) is written inline, and each C source
starts with SUPERCOP's own `crypto_aead.h`, `crypto_hash.h` or
`crypto_auth.h`, the only header outside the folder, so that the
framework's renaming of crypto_aead_encrypt etc. applies.  Builds of lwc
itself define LWC_NAMESPACE and, for the constant-time check,
LWC_CT_VALGRIND: the export takes the branch where both are undefined, so
the bare names crypto_aead_encrypt, crypto_aead_decrypt, crypto_hash (and
crypto_xof, crypto_cxof as in ascon-c), crypto_auth and crypto_auth_verify
(and crypto_prf as in ascon-c) are what the folder defines.  A MAC or PRF
(crypto_auth/) is SUPERCOP's crypto_auth operation: CRYPTO_BYTES is
crypto_auth's output, the official KAT file's tag.

The primitive's folder name is the scheme's without dashes or dots
(ascon-aead128 -> asconaead128, ascon128-v12 -> ascon128v12, as ascon-c names
them; SUPERCOP takes digits and lowercase letters only).  A bare permutation
(crypto_perm/) has no SUPERCOP or NIST LWC operation: it is listed as not
exported, with that reason, as is any implementation whose sources cannot be
made self-contained.  DIR/EXPORT.md lists both.

DIR then holds exactly this export: the folders of the previous export
into DIR that this one does not write are removed.  What an export wrote
is listed in DIR/.lwcbench-export (MANIFEST: every folder and its files),
and only those files are removed (an export from before the manifest:
the folders its EXPORT.md lists); a user's other files stay.  A non-empty
DIR that is not a previous export is refused (exit status 2).  The
command prints one line on what was not exported (counts, and the
implementations whose failure makes the exit status 1); --verbose prints
each with its reason.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import re
import sys

from harness.bench.files import write_atomic
from harness.bench import arduino
from harness.bench.impls import all_impls, impl_id, select
from harness.discover import ROOT, SOURCE_SUFFIXES, Impl

BENCH_COMMON = ROOT / "harness" / "firmware"
# Where a quoted #include is looked for after the including file's own
# folder: the order of the build's -I flags (harness/build.py,
# harness/bench/targets/base.py), the implementation's folder last.
SEARCH = (ROOT / "include", ROOT / "src", BENCH_COMMON)
# Symbols the export takes as undefined: lwc's own build namespaces every
# implementation (LWC_NAMESPACE) and traces secrets under valgrind
# (LWC_CT_VALGRIND); a stand-alone folder does neither.
UNDEFINED = ("LWC_NAMESPACE", "LWC_CT_VALGRIND")
# The headers an exported file may include from outside its folder: the
# framework's (SUPERCOP writes them; the NIST LWC framework ships them) and
# the compiler's freestanding ones (no libc needed).
FRAMEWORK_HEADERS = ("crypto_aead.h", "crypto_hash.h", "crypto_auth.h",
                     "randombytes.h")  # SUPERCOP's random source: the masked implementations'
SYSTEM_HEADERS = ("stddef.h", "stdint.h")
# The SUPERCOP operation folder and framework header of each kind of lwc folder.
TOPS = {"crypto_aead": "crypto_aead.h", "crypto_hash": "crypto_hash.h",
        "crypto_cxof": "crypto_hash.h", "crypto_auth": "crypto_auth.h"}
INDEX = "EXPORT.md"
INDEX_TITLE = "# lwc implementations as SUPERCOP / NIST LWC folders"
MANIFEST = ".lwcbench-export"  # what the last export wrote (JSON): folder -> its files

_QUOTED = re.compile(r'^(\s*#\s*include\s*)"([^"]+)"(.*)$')
_ANGLED = re.compile(r'^\s*#\s*include\s*<([^>]+)>')
_COND = re.compile(r'^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b\s*(\w*)')


class ExportError(Exception):
    """The implementation cannot be made a self-contained folder (why)."""


def primitive_name(scheme: str) -> str:
    return re.sub(r"[^0-9a-z]", "", scheme.lower())


def unifdef(text: str, where: str) -> str:
    """The text with every #ifdef/#ifndef on an UNDEFINED symbol resolved
    (the symbol undefined); other conditionals are kept as they are."""
    out: list[str] = []
    stack: list[list] = []  # [ours, keep]: ours when the condition is on UNDEFINED
    for line in text.splitlines(keepends=True):
        m = _COND.match(line)
        active = all(keep for _ours, keep in stack)
        if m:
            d, sym = m.groups()
            if d in ("ifdef", "ifndef"):
                if sym in UNDEFINED:
                    stack.append([True, d == "ifndef"])
                    continue
                stack.append([False, True])
            elif d == "if":
                stack.append([False, True])
            elif not stack:
                raise ExportError(f"{where}: #{d} without #if")
            elif stack[-1][0]:
                if d == "elif":
                    raise ExportError(f"{where}: #elif after #ifdef {'/'.join(UNDEFINED)}")
                if d == "else":
                    stack[-1][1] = not stack[-1][1]
                else:
                    stack.pop()
                continue
            elif d == "endif":
                stack.pop()
        if active:
            out.append(line)
    if stack:
        raise ExportError(f"{where}: unterminated #if")
    result = "".join(out)
    for sym in UNDEFINED:
        if re.search(rf"\b{sym}\b", result):
            raise ExportError(f"{where}: {sym} used other than in #ifdef/#ifndef")
    return result


def show(path: pathlib.Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


@dataclasses.dataclass
class Folder:
    """One exported implementation: file name -> text."""
    impl: Impl
    rel: pathlib.Path                      # <top>/<primitive>/<impl> inside DIR
    files: dict[str, str]


class _Exporter:
    def __init__(self, impl: Impl):
        self.impl = impl
        self.api = (impl.path / "api.h").resolve()
        self.in_api: set[pathlib.Path] = set()   # files inlined into api.h
        self.headers: dict[pathlib.Path, str] = {}  # header -> its flat name
        self.files: dict[str, str] = {}
        self.stack: list[pathlib.Path] = []

    def resolve(self, name: str, including: pathlib.Path) -> pathlib.Path:
        for d in (including.parent, *SEARCH, self.impl.path):
            p = d / name
            if p.is_file():
                return p.resolve()
        raise ExportError(f"{show(including)}: #include \"{name}\" not found")

    def flat_name(self, path: pathlib.Path) -> str:
        for base in (ROOT / "src", ROOT / "include", self.impl.path.resolve(), ROOT):
            try:
                parts = path.relative_to(base.resolve()).parts
            except ValueError:
                continue
            return "_".join(parts)
        raise ExportError(f"{path}: outside the repository and the implementation")

    def expand(self, path: pathlib.Path, into_api: bool) -> str:
        if path in self.stack:
            raise ExportError(f"{show(path)} includes itself")
        self.stack.append(path)
        out = []
        for line in unifdef(path.read_text(), show(path)).splitlines(keepends=True):
            m = _QUOTED.match(line)
            a = _ANGLED.match(line)
            if a and a.group(1) not in SYSTEM_HEADERS:
                raise ExportError(f"{show(path)}: #include <{a.group(1)}> is neither "
                                  f"{' nor '.join(SYSTEM_HEADERS)}")
            if not m or m.group(2) in FRAMEWORK_HEADERS:  # the framework's: stays as it is
                out.append(line)
                continue
            target = self.resolve(m.group(2), path)
            if into_api:
                self.in_api.add(target)
                out.append(self.expand(target, True))
            elif target == self.api or target in self.in_api:
                out.append(f'{m.group(1)}"api.h"{m.group(3)}\n')
            elif target.suffix in SOURCE_SUFFIXES:
                text = self.expand(target, False)
                out.append(f"/* ---- {show(target)} ---- */\n{text}"
                           f"/* ---- end of {show(target)} ---- */\n")
            else:
                out.append(f'{m.group(1)}"{self.header(target)}"{m.group(3)}\n')
        self.stack.pop()
        return "".join(out)

    def header(self, path: pathlib.Path) -> str:
        if path not in self.headers:
            name = self.flat_name(path)
            if name in self.files or name in self.headers.values() or name == "api.h":
                raise ExportError(f"two files would be named {name}")
            self.headers[path] = name
            self.files[name] = self.expand(path, False)
        return self.headers[path]

    def run(self) -> Folder:
        impl = self.impl
        if impl.top not in TOPS:
            raise ExportError("a bare permutation: SUPERCOP and the NIST LWC API have no "
                              "operation for it (crypto_perm is lwc's own)")
        if not self.api.is_file():
            raise ExportError("no api.h")
        banner = "/* Exported by ./lwcbench export supercop from {}: a generated copy. */\n"
        api = self.expand(self.api, True)
        self.files["api.h"] = (banner.format(show(self.api))
                               + "#ifndef LWC_EXPORT_API_H\n#define LWC_EXPORT_API_H\n"
                               + api + "#endif\n")
        framework = TOPS[impl.top]
        for src in impl.sources:
            text = self.expand(src.resolve(), False)
            if src.suffix == ".c":
                text = f'#include "{framework}"\n' + text
            if src.suffix != ".s":  # .S and .c go through the C preprocessor
                text = banner.format(show(src)) + text
            if src.name in self.files:
                raise ExportError(f"two files would be named {src.name}")
            self.files[src.name] = text
        rel = pathlib.Path(impl.top, primitive_name(impl.scheme), impl.name)
        return Folder(impl, rel, dict(sorted(self.files.items())))


def export_one(impl: Impl) -> Folder:
    """The folder of one implementation; ExportError says why there is none."""
    return _Exporter(impl).run()


@dataclasses.dataclass
class Result:
    exported: list[Folder]
    refused: list[tuple[Impl, str]]
    removed: int = 0  # folders of the previous export that this one does not have
    # of those, the ones left because they hold files no export wrote
    kept: list[str] = dataclasses.field(default_factory=list)


class NotAnExport(Exception):
    """DIR cannot be written: not a folder, or a non-empty folder that no
    export wrote (a one-line reason; exit status 2)."""


def _layout(rel: str) -> bool:
    """A folder name an export writes: <top>/<primitive>/<impl>, no more."""
    parts = pathlib.PurePosixPath(rel).parts
    return (len(parts) == 3 and parts[0] in TOPS and ".." not in parts
            and re.fullmatch(r"[0-9a-z]+", parts[1]) is not None)


def previous_export(out: pathlib.Path) -> dict[str, list[str] | None]:
    """What the export into `out` before this one wrote: folder (relative,
    posix) -> its file names (None: not recorded, from an EXPORT.md of an
    export older than the manifest: the folder's files).  {} for a new or
    empty folder; NotAnExport for anything else."""
    if not out.exists():
        return {}
    if not out.is_dir():
        raise NotAnExport(f"{out} exists and is not a folder")
    if not any(out.iterdir()):
        return {}
    try:
        data = json.loads((out / MANIFEST).read_text())
        folders = data["folders"]
        if not isinstance(folders, dict):
            raise TypeError
        return {rel: [f for f in files if isinstance(f, str) and "/" not in f and f not in
                      ("", ".", "..")]
                for rel, files in folders.items() if _layout(rel) and isinstance(files, list)}
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise NotAnExport(f"{out / MANIFEST} cannot be read ({e}): remove it or choose "
                          "another folder") from e
    try:
        index = (out / INDEX).read_text()
    except OSError:
        index = ""
    if index.startswith(INDEX_TITLE):  # an export from before the manifest
        return {rel: None for rel in re.findall(r"^\| `([^`]+)` \|", index, re.M)
                if _layout(rel)}
    raise NotAnExport(f"{out} is not empty and holds no earlier export (no {MANIFEST}): "
                      "choose a new or empty folder, or one an export wrote")


def _write_manifest(out: pathlib.Path, folders: dict[str, list[str] | None]) -> None:
    write_atomic(out / MANIFEST, (json.dumps(
        {"written_by": "./lwcbench export supercop", "index": INDEX,
         "folders": {rel: sorted(files) if files is not None else None
                     for rel, files in sorted(folders.items())}}, indent=1) + "\n").encode())


def _remove(out: pathlib.Path, rel: str, files: list[str] | None) -> bool:
    """Remove the files an export wrote into out/rel (None: every file
    directly in it), then the folder and its parents up to out where left
    empty; True when the folder itself is gone."""
    d = out / rel
    if d.is_symlink() or not d.is_dir():
        return not d.exists()
    for f in (files if files is not None else [p.name for p in d.iterdir()]):
        p = d / f
        if p.is_file() or p.is_symlink():
            p.unlink()
    for folder in (d, d.parent, d.parent.parent):
        try:
            folder.rmdir()  # only when empty: a user's file keeps it
        except OSError:
            break
    return not d.exists()


def export(impls: list[Impl], out: pathlib.Path) -> Result:
    """Write every exportable implementation under `out` and out/EXPORT.md;
    the others are returned with why.  Afterwards `out` holds exactly this
    export: the previous export's folders are removed (previous_export:
    only what it wrote; NotAnExport when `out` is a folder no export wrote)."""
    previous = previous_export(out)
    done, refused = [], []
    for impl in impls:
        try:
            done.append(export_one(impl))
        except (ExportError, OSError, UnicodeDecodeError) as e:
            refused.append((impl, str(e)))
    mine = {f.rel.as_posix(): list(f.files) for f in done}
    out.mkdir(parents=True, exist_ok=True)
    # first the manifest of both exports: one stopped midway leaves nothing
    # of its own that the next one would not know
    _write_manifest(out, {**previous, **mine})
    removed, kept = 0, []
    for rel, files in previous.items():
        gone = _remove(out, rel, files)
        if rel not in mine:
            removed += gone
            kept += [] if gone else [rel]
    for f in done:
        d = out / f.rel
        d.mkdir(parents=True, exist_ok=True)
        for name, text in f.files.items():
            (d / name).write_text(text)
    (out / INDEX).write_text(index_text(done, refused))
    _write_manifest(out, mine)
    return Result(done, refused, removed, kept)


def index_text(done: list[Folder], refused: list[tuple[Impl, str]]) -> str:
    lines = [INDEX_TITLE, "",
             "Written by `./lwcbench export supercop`.  Each folder compiles alone:",
             "its files include one another and, from outside, only the framework's",
             "`crypto_aead.h` / `crypto_hash.h` / `crypto_auth.h` and the compiler's",
             "`stddef.h` / `stdint.h`.",
             "Hash folders of an XOF also define `crypto_xof(out, outlen, in, inlen)`,",
             "the CXOF folder `crypto_cxof(out, outlen, in, inlen, cs, cslen)` (as ascon-c).",
             "MAC and PRF folders (`crypto_auth/`) define SUPERCOP's `crypto_auth` and",
             "`crypto_auth_verify` (`CRYPTO_BYTES`: the tag) and, as ascon-c,",
             "`crypto_prf(out, outlen, in, inlen, k)`.",
             "", "| folder | from | runs on (lwc's architectures file) |", "|---|---|---|"]
    for f in done:
        lines.append(f"| `{f.rel.as_posix()}` | `{show(f.impl.path)}` | "
                     f"{' '.join(f.impl.architectures) or '?'} |")
    lines += ["", "## Not exported", ""]
    lines += [f"- `{show(i.path)}`: {why}" for i, why in refused] or ["(none)"]
    return "\n".join(lines) + "\n"


def add_parser(sub) -> None:
    """The `export` subcommand of ./lwcbench (harness/bench/cli.py)."""
    ex = sub.add_parser("export", help="write implementations as SUPERCOP / NIST LWC folders, "
                        "or lwc as an Arduino library",
                        description=__doc__ + "\n" + ARDUINO_HELP,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    ex.add_argument("format", choices=["supercop", "arduino"],
                    help="the layout (supercop: also the NIST LWC one; arduino: DIR/lwc/, "
                         "SP 800-232's Ascon schemes and Ascon's MAC and PRFs)")
    ex.add_argument("dir", metavar="DIR",
                    help="where to write: a new or empty folder, or one an earlier export "
                         "wrote (its folders are replaced by this export's)")
    ex.add_argument("--scheme", action="append", metavar="S", help="a scheme (repeatable)")
    ex.add_argument("--impl", action="append", metavar="I", help="an implementation (repeatable)")
    ex.add_argument("--verbose", action="store_true",
                    help="name each implementation not exported, with the reason (default: "
                         "one line of counts; DIR/EXPORT.md lists them all)")


def not_exported_line(refused: list[tuple[Impl, str]], index: pathlib.Path) -> str:
    """One line on what was not exported: the bare permutations counted,
    the others (failures: exit status 1) counted and named."""
    perms = sum(1 for i, _why in refused if i.kind == "perm")
    others = [impl_id(i) for i, _why in refused if i.kind != "perm"]
    parts = []
    if perms:
        parts.append(f"{perms} bare permutation{'s' if perms > 1 else ''} (SUPERCOP has no "
                     "operation for them)")
    if others:
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        parts.append(f"{len(others)} that cannot be made self-contained ({shown})")
    return (f"export: not exported: {' and '.join(parts)}; the reasons: {index} or "
            "--verbose")


ARDUINO_HELP = """./lwcbench export arduino DIR writes DIR/lwc/, an Arduino library
(library.properties, library.json for PlatformIO, examples/AsconKat): SP
800-232's four Ascon schemes and Ascon-Mac, Ascon-Prf, Ascon-PrfShort, the
AVR assembly on AVR boards, portable C on the others
(harness/bench/arduino.py).  --scheme / --impl do not apply."""


def main(args) -> int:
    """./lwcbench export supercop DIR: 0 when every selected implementation
    but the bare permutations was exported, 1 otherwise, 2 when DIR cannot
    be written.  ./lwcbench export arduino DIR: harness/bench/arduino.py."""
    if args.format == "arduino":
        if args.scheme or args.impl:
            print("lwcbench: export arduino: --scheme and --impl do not apply (the library "
                  "holds a fixed set: SP 800-232's Ascon schemes and Ascon's MAC and PRFs)",
                  file=sys.stderr)
            return 2
        return arduino.main(args)
    impls = select(all_impls(), args.scheme, args.impl)
    out = pathlib.Path(args.dir).resolve()
    if out == ROOT or any(out.is_relative_to(ROOT / top) for top in (*TOPS, "crypto_perm")):
        print(f"lwcbench: {out}: the exported folders would become implementations of the "
              "tree; choose a folder elsewhere", file=sys.stderr)
        return 2
    try:
        r = export(impls, out)
    except NotAnExport as e:
        print(f"lwcbench: export: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"lwcbench: cannot write {out}: {e}", file=sys.stderr)
        return 2
    removed = (f"; {r.removed} folder{'s' if r.removed > 1 else ''} of the previous export "
               "removed" if r.removed else "")
    if r.kept:
        removed += (f"; emptied but kept, as they hold files no export wrote: "
                    f"{', '.join(r.kept)}")
    n = len(r.exported)
    print(f"export: {n} folder{'' if n == 1 else 's'} in {out} (list: {out / INDEX}){removed}")
    if r.refused and not args.verbose:
        print(not_exported_line(r.refused, out / INDEX), file=sys.stderr)
    for impl, why in r.refused if args.verbose else []:
        print(f"export: not exported: {impl_id(impl)}: {why}", file=sys.stderr)
    return 1 if any(impl.kind != "perm" for impl, _why in r.refused) else 0
