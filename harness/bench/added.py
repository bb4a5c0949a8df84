"""--add DIR [--as SCHEME]: a SUPERCOP / NIST LWC folder from outside the
tree, measured beside lwc's implementations (run, ct, fuzz, profile).

A SUPERCOP folder is api.h (CRYPTO_KEYBYTES, CRYPTO_NPUBBYTES, CRYPTO_ABYTES
or CRYPTO_BYTES), C sources, optional .S / .s files and headers, an optional
`architectures` file and, read when present, `implementors` and `goal-*`
files.  It becomes one of lwc's implementations outside the tree, the
LWC_EXTRA_IMPLS way (harness/bench/impls.py): a copy in lwc's layout

    build/added/<name>-<scheme>-<key>/crypto_<kind>/<scheme>/+<name>/

(key: a hash of the folder's path and digest) holding the folder's files,
the scheme's scheme.h beside it (as tests/helpers.write_impl does; a folder
whose api.h includes ../scheme.h, as this tree's do, brings its own),
SUPERCOP's headers (crypto_aead.h, crypto_hash.h, randombytes.h,
crypto_verify_16.h, crypto_verify_32.h, crypto_declassify.h) where the
folder has none, the glue that puts the folder's crypto_aead_encrypt /
crypto_aead_decrypt or crypto_hash behind lwc's descriptor
(harness/added/glue_aead.c or glue_hash.c, then glue_common.c) and lwc-added.json: where it comes
from, the digest of its files, how its scheme was found and the flags its
sources are compiled with (harness/build.py impl_flags reads them).  Its
root is added to LWC_EXTRA_IMPLS for this command and every process it
starts, so that every stage (builds of every target, the KAT on the
target, measurements, the cluster's local jobs, ct's traces, fuzz's
program) takes it as it takes any extra implementation.

Its name is the folder's with a "+" in front ("+ref" for a folder named
ref): no name of the tree starts with "+", it is a plain character in
file names, cache keys and URLs' paths, and its C namespace spells it
"added_" (discover.Impl.namespace).  The scheme is --as SCHEME's, else the
one scheme of the tree whose sizes api.h gives; when several have them, the
one whose official KAT the folder passes on the host (added_kat.py: each
built and run once); none or several: an error naming the candidates.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import json
import os
import pathlib
import re
import shutil
import threading

from harness.bench.impls import EXTRA_ENV, SelectionError
from harness.build import ADDED_INFO, write_if_changed
from harness.discover import KAT_DIR, ROOT, Impl, discover

PREFIX = "+"
INFO = ADDED_INFO           # in the copy: where it comes from, its flags
GLUE = "lwc-added-glue.c"   # in the copy: the descriptor over the SUPERCOP calls
OUT = ROOT / "build" / "added"
TEMPLATES = ROOT / "harness" / "added"
# the kinds a SUPERCOP folder can be: its operation's tree folder and glue
TOPS = {"crypto_aead": "glue_aead.c", "crypto_hash": "glue_hash.c"}
COMMON = "glue_common.c"      # appended to either: randombytes, crypto_verify_16/32
FRAMEWORK = ("crypto_aead.h", "crypto_hash.h", "randombytes.h", "crypto_declassify.h",
             "crypto_verify_16.h", "crypto_verify_32.h")
# the numbers of api.h that say which scheme a folder can be
SIZES = {"crypto_aead": ("CRYPTO_KEYBYTES", "CRYPTO_NPUBBYTES", "CRYPTO_ABYTES"),
         "crypto_hash": ("CRYPTO_BYTES",)}
# SUPERCOP's names of the symbols a folder defines or the framework gives
# (the glue: randombytes, crypto_verify_16, crypto_verify_32);
# each is renamed into the folder's namespace on the command line, as
# SUPERCOP's crypto_aead.h does (a folder of this tree defines its own
# descriptor too: kept under another name, unused)
RENAMED = ("crypto_aead_encrypt", "crypto_aead_decrypt", "crypto_hash", "crypto_xof",
           "crypto_cxof", "randombytes", "crypto_verify_16", "crypto_verify_32")
OWN_DESCRIPTORS = ("lwc_aead_desc", "lwc_hash_desc")
# SUPERCOP's architecture names in an `architectures` file, as lwc's tokens
ARCH_NAMES = {"amd64": "x86_64", "x86_64": "x86_64", "riscv32": "rv32", "riscv64": "rv64",
              "armv7m": "armv7m", "cortex-m3": "cortex-m3", "cortexm3": "cortex-m3",
              "avr": "avr", "msp430": "msp430", "xtensa": "xtensa", "lx106": "lx106"}
_NAME = re.compile(r"[^A-Za-z0-9_.-]")


@dataclasses.dataclass(frozen=True)
class Request:
    folder: str
    scheme: str | None = None   # --as


@dataclasses.dataclass(frozen=True)
class Added:
    source: pathlib.Path        # the folder given
    scheme: str
    name: str                   # "+<folder's name>"
    digest: str                 # SHA-256 of its files (folder_digest)
    how: str                    # how the scheme was found
    path: pathlib.Path          # its copy in lwc's layout


# -- the command line ------------------------------------------------------------
class _AddAction(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        got = list(getattr(namespace, self.dest) or [])
        got.append(Request(values))
        setattr(namespace, self.dest, got)


class _AsAction(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        got = list(getattr(namespace, self.dest) or [])
        if not got or got[-1].scheme is not None:
            parser.error("--as SCHEME names the scheme of the --add DIR before it")
        got[-1] = Request(got[-1].folder, values)
        setattr(namespace, self.dest, got)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--add", action=_AddAction, dest="add", metavar="DIR",
                   help="also a SUPERCOP / NIST LWC implementation folder from outside the "
                        "tree (api.h, sources; repeatable), named +<its folder's name>")
    p.add_argument("--as", action=_AsAction, dest="add", metavar="SCHEME",
                   help="the scheme of the --add DIR before it (default: the one scheme "
                        "its api.h sizes and the official KAT give)")


# -- a folder --------------------------------------------------------------------
def folder_files(folder: pathlib.Path) -> list[pathlib.Path]:
    """Its files (subfolders too), hidden ones left out, in a fixed order."""
    return sorted(p for p in folder.rglob("*") if p.is_file()
                  and not any(part.startswith(".") for part in p.relative_to(folder).parts))


def own_scheme_h(folder: pathlib.Path) -> pathlib.Path | None:
    """The ../scheme.h a folder's api.h includes (a folder of this tree, or
    one laid out as lwc's are), which is then part of the folder."""
    p = folder / ".." / "scheme.h"
    return p.resolve() if '"../scheme.h"' in (folder / "api.h").read_text(errors="replace") \
        and p.is_file() else None


def folder_digest(folder: pathlib.Path) -> str:
    """SHA-256 over each file's path in the folder and its bytes (and its
    ../scheme.h when api.h includes it)."""
    h = hashlib.sha256()
    files = [(p.relative_to(folder).as_posix(), p) for p in folder_files(folder)]
    if own_scheme_h(folder) is not None:
        files.append(("../scheme.h", own_scheme_h(folder)))
    for name, p in files:
        data = p.read_bytes()
        h.update(f"{name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def api_numbers(api: pathlib.Path, depth: int = 0) -> dict[str, int]:
    """The integer #defines of api.h and of the files it includes by a
    quoted relative name (a folder of this tree: ../scheme.h)."""
    text = api.read_text(errors="replace")
    out: dict[str, int] = {}
    for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
        inc = api.parent / m.group(1)
        if depth < 3 and inc.is_file():
            out.update(api_numbers(inc, depth + 1))
    for m in re.finditer(r"^\s*#\s*define\s+(CRYPTO_\w+)\s+\(?(\d+)[uU]?\)?\s*(?:$|/[/*])",
                         text, re.M):
        out[m.group(1)] = int(m.group(2))
    return out


def top_of(numbers: dict[str, int]) -> str | None:
    if "CRYPTO_ABYTES" in numbers or "CRYPTO_NPUBBYTES" in numbers:
        return "crypto_aead"
    if "CRYPTO_BYTES" in numbers:
        return "crypto_hash"
    return None


@functools.lru_cache(maxsize=None)
def tree_schemes() -> dict[str, Impl]:
    """One implementation of each scheme of the tree (its top, scheme.h)."""
    out: dict[str, Impl] = {}
    for i in discover():
        out.setdefault(i.scheme, i)
    return out


def candidates(top: str, numbers: dict[str, int]) -> list[str]:
    """The tree's schemes of this top whose sizes api.h gives."""
    return [s for s, i in tree_schemes().items()
            if i.top == top and (KAT_DIR / f"{s}.txt").exists()
            and all(i.scheme_numbers.get(k) == numbers.get(k) for k in SIZES[top])]


def display_name(folder: pathlib.Path) -> str:
    return PREFIX + (_NAME.sub("_", folder.name) or "folder")


def architectures(folder: pathlib.Path) -> str:
    """The copy's architectures file: the folder's tokens and lwc's names of
    SUPERCOP's ones; "any" without a file."""
    f = folder / "architectures"
    if not f.is_file():
        return "any\n"
    tokens = f.read_text(errors="replace").split()
    return " ".join(dict.fromkeys([*tokens, *(ARCH_NAMES[t] for t in tokens
                                               if t in ARCH_NAMES)])) + "\n"


def namespace(scheme: str, name: str) -> str:
    return Impl("crypto_aead", scheme, name, pathlib.Path(), ()).namespace


def compile_flags(scheme: str, name: str) -> list[str]:
    """What the copy's sources (the glue too) are compiled with after its
    folder's -I, in place of a tree folder's namespace flags
    (harness/build.py impl_flags): GNU C without -Werror (the folder is not ours to hold to lwc's
    warnings), the SUPERCOP names renamed into its namespace."""
    ns = namespace(scheme, name)
    return ["-std=gnu11", "-Wno-error",
            f'-DLWC_SCHEME_NAME="{scheme}"', f'-DLWC_IMPL_NAME="{name}"',
            *(f"-D{s}={ns}_{s}" for s in RENAMED),
            *(f"-D{s}={ns}_own_{s}" for s in OWN_DESCRIPTORS)]


def read_notes(folder: pathlib.Path) -> dict:
    """implementors and goal-* files, as SUPERCOP keeps them."""
    notes = {}
    f = folder / "implementors"
    if f.is_file():
        notes["implementors"] = f.read_text(errors="replace").strip()
    goals = sorted(p.name[len("goal-"):] for p in folder.glob("goal-*") if p.is_file())
    if goals:
        notes["goals"] = goals
    return notes


def copy_files(source: pathlib.Path, scheme: str, name: str, digest: str,
               how: str) -> dict[str, bytes]:
    """What the copy holds: the folder's files, SUPERCOP's headers it lacks,
    its architectures, the glue and lwc-added.json."""
    top = tree_schemes()[scheme].top
    files = {p.relative_to(source).as_posix(): p.read_bytes() for p in folder_files(source)}
    for h in FRAMEWORK:
        files.setdefault(h, (TEMPLATES / h).read_bytes())
    files["architectures"] = architectures(source).encode()
    ns = namespace(scheme, name)
    kind = "aead" if top == "crypto_aead" else "hash"
    files[GLUE] = (f"/* generated by ./lwcbench --add from {source} */\n"
                   f"#define LWC_ADDED_DESC {ns}_lwc_{kind}_desc\n"
                   f'#define LWC_ADDED_SCHEME "{scheme}"\n#define LWC_ADDED_IMPL "{name}"\n'
                   + (TEMPLATES / TOPS[top]).read_text()
                   + (TEMPLATES / COMMON).read_text()).encode()
    info = {"path": str(source), "sha256": digest, "scheme": scheme, "scheme_from": how,
            **read_notes(source), "cflags": compile_flags(scheme, name)}
    files[INFO] = (json.dumps(info, indent=1) + "\n").encode()
    return files


def write_copy(source: pathlib.Path, scheme: str, name: str, digest: str, how: str) -> Added:
    """The folder in lwc's layout under build/added/, one per folder (its
    path and digest): left as it is when it already holds exactly these
    files (its objects stay current), else made beside it and renamed into
    place, so that a run building from it at the same time (another
    ./lwcbench, a parallel test) never sees half of it."""
    top = tree_schemes()[scheme].top
    key = hashlib.sha256(f"{source}\n{digest}".encode()).hexdigest()[:12]
    scheme_dir = OUT / f"{name[len(PREFIX):]}-{scheme}-{key}" / top / scheme
    impl_dir = scheme_dir / name
    files = copy_files(source, scheme, name, digest, how)
    # the scheme's parameters beside it (Impl.scheme_numbers), the folder's
    # own when its api.h includes them
    write_if_changed(scheme_dir / "scheme.h", (own_scheme_h(source) or tree_schemes()[scheme]
                                               .path.parent / "scheme.h").read_text())
    if impl_dir.is_dir() and {p.relative_to(impl_dir).as_posix() for p in folder_files(impl_dir)} \
            == set(files) and all((impl_dir / f).read_bytes() == b for f, b in files.items()):
        return Added(source, scheme, name, digest, how, impl_dir)
    # made outside every discovery root (build/added/.tmp), renamed in
    tmp = OUT / ".tmp" / f"{key}-{os.getpid()}-{threading.get_ident()}"
    shutil.rmtree(tmp, ignore_errors=True)
    for f, b in files.items():
        (tmp / f).parent.mkdir(parents=True, exist_ok=True)
        (tmp / f).write_bytes(b)
    old = tmp.with_name(tmp.name + ".old")
    if impl_dir.exists():
        os.replace(impl_dir, old)
    os.replace(tmp, impl_dir)
    shutil.rmtree(old, ignore_errors=True)
    _info.cache_clear()  # its lwc-added.json is read anew
    return Added(source, scheme, name, digest, how, impl_dir)


def prune() -> None:
    """Copies whose folder is gone (an old test's temporary folder, a
    removed experiment) are deleted, so that they do not pile up."""
    for info_file in OUT.glob(f"*/*/*/{PREFIX}*/{INFO}"):
        try:
            gone = not pathlib.Path(json.loads(info_file.read_text())["path"]).is_dir()
        except (OSError, ValueError, KeyError, TypeError):
            gone = True
        if gone:
            shutil.rmtree(info_file.parent.parent.parent.parent, ignore_errors=True)


def check_folder(folder: pathlib.Path) -> tuple[str, dict[str, int]]:
    """(top, api.h's numbers) of a SUPERCOP folder; SelectionError: why not one."""
    if not folder.is_dir():
        raise SelectionError(f"--add {folder}: not a folder")
    if folder.resolve().is_relative_to(OUT.resolve()):
        raise SelectionError(f"--add {folder}: a copy lwcbench made (give the folder itself)")
    api = folder / "api.h"
    if not api.is_file():
        raise SelectionError(f"--add {folder}: no api.h (a SUPERCOP / NIST LWC folder has one)")
    if not any(p.suffix in (".c", ".S", ".s") for p in folder.iterdir()):
        raise SelectionError(f"--add {folder}: no source (.c, .S, .s)")
    numbers = api_numbers(api)
    top = top_of(numbers)
    if top is None:
        raise SelectionError(f"--add {folder}: api.h defines neither CRYPTO_ABYTES (an AEAD) "
                             "nor CRYPTO_BYTES (a hash)")
    if numbers.get("CRYPTO_NSECBYTES", 0):
        raise SelectionError(f"--add {folder}: CRYPTO_NSECBYTES is not 0 (a secret message "
                             "number: lwc's descriptor has none)")
    return top, numbers


def scheme_of(req: Request, folder: pathlib.Path, top: str,
              numbers: dict[str, int]) -> tuple[str, str, list[str]]:
    """(scheme, how, candidates still to tell apart by their KAT)."""
    if req.scheme is not None:
        i = tree_schemes().get(req.scheme)
        if i is None or i.top not in TOPS:
            known = sorted(s for s, j in tree_schemes().items() if j.top in TOPS)
            raise SelectionError(f"--as {req.scheme}: not a scheme a SUPERCOP folder can be "
                                 f"(AEADs and hashes: {', '.join(known)})")
        if i.top != top:
            raise SelectionError(f"--add {folder} --as {req.scheme}: its api.h is "
                                 f"{'an AEAD' if top == 'crypto_aead' else 'a hash'}'s, "
                                 f"{req.scheme} is not")
        bad = [f"{k} {numbers.get(k)} (not {i.scheme_numbers.get(k)})" for k in SIZES[top]
               if numbers.get(k) != i.scheme_numbers.get(k)]
        if bad:
            raise SelectionError(f"--add {folder} --as {req.scheme}: api.h has "
                                 + ", ".join(bad))
        return req.scheme, "--as", []
    found = candidates(top, numbers)
    sizes = ", ".join(f"{k} {numbers.get(k)}" for k in SIZES[top])
    if not found:
        raise SelectionError(f"--add {folder}: no scheme of lwc has its sizes ({sizes}); "
                             "--as SCHEME names one")
    if len(found) == 1:
        return found[0], f"its sizes ({sizes})", []
    return "", "", found


def prepare(requests: list[Request] | None, by_kat=None) -> list[Added]:
    """The --add folders as extra implementations of this process (and those
    it starts): each copied into lwc's layout, its root added to
    LWC_EXTRA_IMPLS.  by_kat(folder, name, digest, schemes) -> (scheme, how)
    tells several schemes with the folder's sizes apart (added_kat.py: the
    KAT on the host; None: --as is needed).  SelectionError (exit status 2)
    for a folder that is no SUPERCOP folder, a scheme that cannot be told,
    two with one name."""
    out: list[Added] = []
    if requests:
        prune()
    for req in requests or []:
        folder = pathlib.Path(req.folder).expanduser().resolve()
        top, numbers = check_folder(folder)
        scheme, how, several = scheme_of(req, folder, top, numbers)
        name = display_name(folder)
        digest = folder_digest(folder)
        if several and by_kat is None:
            raise SelectionError(f"--add {folder}: its sizes fit {', '.join(several)}; "
                                 "--as SCHEME names one")
        if several:
            scheme, how = by_kat(folder, name, digest, several)
        for a in out:
            if (a.scheme, a.name) == (scheme, name):
                raise SelectionError(f"--add {folder}: {scheme}/{name} is also {a.source} "
                                     "(rename one of the folders)")
        out.append(write_copy(folder, scheme, name, digest, how))
    if out:
        roots = [str(a.path.parent.parent.parent) for a in out]
        old = [p for p in os.environ.get(EXTRA_ENV, "").split(os.pathsep) if p]
        os.environ[EXTRA_ENV] = os.pathsep.join(dict.fromkeys([*old, *roots]))
    return out


# -- what the other stages ask -----------------------------------------------------
@functools.lru_cache(maxsize=None)
def _info(path: str) -> dict | None:
    try:
        return json.loads((pathlib.Path(path) / INFO).read_text())
    except (OSError, ValueError):
        return None


def info(impl: Impl) -> dict | None:
    """An added folder's lwc-added.json (None for every other implementation)."""
    if not impl.name.startswith(PREFIX):
        return None
    return _info(str(impl.path))


def is_added(impl: Impl) -> bool:
    return info(impl) is not None


def own_or_glue(objects: list, glue: bool) -> list:
    """Of an implementation's objects, the glue's (glue) or all the others."""
    return [o for o in objects if (pathlib.Path(o).name == GLUE + ".o") == glue]


def in_source_terms(impl: Impl, text: str) -> str:
    """A message about an added folder's copy (a compiler's) with the
    folder's own path in place of the copy's."""
    i = info(impl)
    if i is None:
        return text
    copy = impl.path.resolve()
    for form in (str(copy), str(copy.relative_to(ROOT)) if copy.is_relative_to(ROOT) else None):
        if form:
            text = text.replace(form, i["path"])
    return text


def record_fields(impl: Impl) -> dict:
    """What a JSON record of an added folder says of it (none for ours)."""
    i = info(impl)
    if i is None:
        return {}
    return {"added": {k: i[k] for k in ("path", "sha256", "scheme_from", "implementors",
                                        "goals") if k in i}}


