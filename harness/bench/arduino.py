"""./lwcbench export arduino DIR: lwc as an Arduino library (DIR/lwc/).

The library holds SP 800-232's Ascon schemes and Ascon v1.3's keyed
functions, Ascon-Mac, Ascon-Prf and Ascon-PrfShort (SCHEMES), each with the
implementation a target prefers (CMake's default choice, tools/gen_cmake.py):
each board kind a target describes (its arduino_guard, a C condition such as
defined(__AVR__), and arduino_boards) gets that target's default choice --
the AVR assembly on AVR boards, the ARMv6-M assembly on SAMD21 and RP2040
boards, the ARMv7-M assembly on ARMv7-M and ARMv8-M Mainline boards, the
windowed Xtensa assembly on ESP32 boards (their compilers use the windowed
ABI; the ESP8266's LX106, call0, is an other board) -- and
any other board a portable C one (the 32-bit preference among `any`
implementations).
Arduino compiles every source under src/ with src/ as the only include
folder and no per-file flags, so:
- the tree's files an implementation needs (followed from its sources'
  quoted #includes) keep their paths under src/ (src/ascon/..., src/core/...,
  src/crypto_aead/<scheme>/<impl>/...); a source among them (.c, .S) gets
  the suffix .inc and the includes of it are rewritten, so that it is
  compiled only through
- one wrapper per implementation source at the top of src/, which sets the
  names the build would pass (LWC_NAMESPACE, LWC_SCHEME_NAME, LWC_IMPL_NAME)
  and includes it, inside #if for the boards it is for (its kind's guard);
- src/lwc_registry.c lists each board kind's descriptors, in that order, in
  one registry a descriptor type (harness/build.py's KINDS: lwc.c's
  lwc_*_find read every one, an empty one included).
library.properties (Arduino IDE, arduino-cli) and library.json (PlatformIO)
describe it; examples/AsconKat/ is a sketch that checks one official KAT
entry of Ascon-AEAD128 and of Ascon-Hash256 and times a 64-byte encryption.
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
import shutil
import sys

from harness.bench.impls import default_impls, not_ct_reason
from harness.bench.targets import TARGET_CLASSES, TARGETS
from harness.bench.targets.base import Target
from harness.build import registry_lines
from harness.discover import ROOT, SOURCE_SUFFIXES, Impl, discover, order_by_preference
from harness.katfile import records

SCHEMES = ("ascon-aead128", "ascon-hash256", "ascon-xof128", "ascon-cxof128",
           "ascon-mac-v13", "ascon-prf-v13", "ascon-prfs-v13")
NAME = "lwc"
SEARCH = (ROOT / "src", ROOT / "include")
_QUOTED = re.compile(r'^(\s*#\s*include\s*)"([^"]+)"(.*)$')


class ArduinoError(Exception):
    """The library cannot be written as asked."""


def version() -> str:
    m = re.search(r"project\(lwc VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text())
    return m.group(1) if m else "0.0.0"


@dataclasses.dataclass(frozen=True)
class Kind:
    """Boards that get one set of implementations: the C condition true on
    them, what they are, and the target whose choice they get (None: the
    portable C of every other board)."""
    guard: str
    boards: str
    target: str | None


def kinds() -> list[Kind]:
    """Each board kind the targets describe (the first target of each
    arduino_guard, in the descriptions' order), then every other board."""
    out: list[Kind] = []
    for t in TARGET_CLASSES:
        if t.arduino_guard and all(k.guard != t.arduino_guard for k in out):
            out.append(Kind(t.arduino_guard, t.arduino_boards or t.name, t.name))
    rest = " && ".join(f"!({k.guard})" for k in out) or "1"
    return out + [Kind(rest, "other boards", None)]


def chosen() -> dict[Kind, list[Impl]]:
    """The implementations each board kind gets, one a scheme: the default
    (impls.default_impls) of its target, and on every other board the
    first portable (`any`) constant-time one in the 32-bit preference
    every target starts from (Target.preference)."""
    tree = [i for i in discover() if i.scheme in SCHEMES]
    out: dict[Kind, list[Impl]] = {}
    for kind in kinds():
        out[kind] = []
        for s in SCHEMES:
            mine = [i for i in tree if i.scheme == s]
            if kind.target is not None:
                out[kind] += default_impls(TARGETS[kind.target](), mine)[:1]
            else:
                portable = [i for i in mine if "any" in i.architectures and not_ct_reason(i) is None]
                out[kind] += order_by_preference(portable, list(Target.preference))[:1]
    return out


def _resolve(name: str, including: pathlib.Path) -> pathlib.Path:
    for d in (including.parent, *SEARCH):
        p = (d / name)
        if p.is_file():
            return p.resolve()
    raise ArduinoError(f"{including.relative_to(ROOT)}: #include \"{name}\" not found")


def _in_library(path: pathlib.Path) -> str:
    """A tree file's path inside src/ (src/ and include/ are the root)."""
    for base in SEARCH:
        try:
            return path.relative_to(base.resolve()).as_posix()
        except ValueError:
            pass
    return path.relative_to(ROOT).as_posix()


def _library_name(rel: str) -> str:
    return rel + ".inc" if pathlib.PurePosixPath(rel).suffix in SOURCE_SUFFIXES else rel


def collect(sources: list[pathlib.Path]) -> dict[str, str]:
    """Every file the sources reach through quoted includes (whatever the
    #if around them: a superset), as library path -> text, the includes of
    a source file rewritten to its .inc name."""
    files: dict[str, str] = {}
    todo = [p.resolve() for p in sources]
    seen: set[pathlib.Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        out = []
        for line in path.read_text().splitlines(keepends=True):
            m = _QUOTED.match(line)
            if not m:
                out.append(line)
                continue
            target = _resolve(m.group(2), path)
            todo.append(target)
            name = m.group(2)
            if target.suffix in SOURCE_SUFFIXES:
                name += ".inc"
            out.append(f'{m.group(1)}"{name}"{m.group(3)}\n')
        files[_library_name(_in_library(path))] = "".join(out)
    return files


def wrapper(impl: Impl, src: pathlib.Path, guard: str) -> tuple[str, str]:
    """(file name, text) of the top-level source compiling one source of
    an implementation for the boards of `guard`."""
    name = f"lwc_{impl.namespace}_{src.stem}{src.suffix}"
    text = (f"/* lwc: {impl.scheme}/{impl.name} ({src.name}), generated by "
            f"./lwcbench export arduino */\n"
            f"#if {guard}\n"
            f"#define LWC_NAMESPACE {impl.namespace}\n"
            f'#define LWC_SCHEME_NAME "{impl.scheme}"\n'
            f'#define LWC_IMPL_NAME "{impl.name}"\n'
            f'#include "{_library_name(_in_library(src.resolve()))}"\n'
            f"#endif\n")
    return name, text


def registry(choice: dict[Kind, list[Impl]]) -> str:
    lines = ["/* lwc's registries for this library, generated by ./lwcbench export arduino:",
             " * each board kind's implementations, one a scheme */",
             '#include "lwc.h"']
    for kind, impls in choice.items():
        lines += [f"#if {kind.guard}  /* {kind.boards} */", *registry_lines(impls), "#endif"]
    return "\n".join(lines) + "\n"


def properties() -> str:
    return "\n".join([
        f"name={NAME}",
        f"version={version()}",
        "author=lwc",
        "maintainer=lwc",
        "sentence=Ascon (NIST SP 800-232): authenticated encryption, hash, XOF and CXOF; "
        "Ascon's MAC and PRFs.",
        "paragraph=Ascon-AEAD128, Ascon-Hash256, Ascon-XOF128, Ascon-CXOF128 and Ascon v1.3's "
        "Ascon-Mac, Ascon-Prf and Ascon-PrfShort, checked against the official test vectors; "
        "assembly on AVR, ARM Cortex-M and ESP32 boards, portable C elsewhere.",
        "category=Data Processing",
        "url=https://github.com/",
        "architectures=*",
        "includes=lwc.h",
    ]) + "\n"


def library_json() -> str:
    import json
    return json.dumps({
        "name": NAME, "version": version(),
        "description": "Ascon (NIST SP 800-232): AEAD, hash, XOF, CXOF; Ascon-Mac, Ascon-Prf, "
                       "Ascon-PrfShort; assembly on AVR, ARM Cortex-M and ESP32",
        "keywords": ["ascon", "cryptography", "aead", "hash", "mac", "prf"],
        "frameworks": ["arduino"], "platforms": "*",
        "build": {"srcDir": "src", "includeDir": "src"},
    }, indent=2) + "\n"


def _hexes(v: str) -> str:
    b = bytes.fromhex(v)
    return ", ".join(f"0x{x:02x}" for x in b) if b else "0"


def sketch() -> str:
    """examples/AsconKat/AsconKat.ino, with one official entry of each file."""
    kat = ROOT / "kat"
    a = next(r for r in records(kat / "ascon-aead128.txt") if len(r["PT"]) == 32 and len(r["AD"]) == 16)
    h = next(r for r in records(kat / "ascon-hash256.txt") if len(r["Msg"]) == 64)
    return f"""// lwc on an Arduino: one official known-answer entry of Ascon-AEAD128
// (kat/ascon-aead128.txt, Count = {a['Count']}) and of Ascon-Hash256
// (kat/ascon-hash256.txt, Count = {h['Count']}), then the time of one
// 64-byte encryption.  Prints on Serial at 115200 baud.
#include <lwc.h>

static const uint8_t key[] = {{{_hexes(a['Key'])}}};
static const uint8_t nonce[] = {{{_hexes(a['Nonce'])}}};
static const uint8_t pt[] = {{{_hexes(a['PT'])}}};
static const uint8_t ad[] = {{{_hexes(a['AD'])}}};
static const uint8_t want_ct[] = {{{_hexes(a['CT'])}}};
static const uint8_t msg[] = {{{_hexes(h['Msg'])}}};
static const uint8_t want_md[] = {{{_hexes(h['MD'])}}};

static bool same(const uint8_t *x, const uint8_t *y, size_t n) {{
  while (n--) if (*x++ != *y++) return false;
  return true;
}}

void setup() {{
  Serial.begin(115200);
  const lwc_aead *aead = lwc_aead_find("ascon-aead128", NULL);
  const lwc_hash *hash = lwc_hash_find("ascon-hash256", NULL);
  uint8_t ct[sizeof pt + 16], back[sizeof pt], md[32], buf[64 + 16];
  bool ok = lwc_aead_encrypt(aead, ct, pt, sizeof pt, ad, sizeof ad, nonce, key, NULL) == LWC_OK &&
            same(ct, want_ct, sizeof ct) &&
            lwc_aead_decrypt(aead, back, ct, sizeof ct, ad, sizeof ad, nonce, key, NULL) == LWC_OK &&
            same(back, pt, sizeof pt);
  Serial.print("lwc: ascon-aead128/");
  Serial.print(aead->impl);
  Serial.println(ok ? " KAT ok" : " KAT FAILED");
  ok = lwc_hash_compute(hash, md, sizeof md, msg, sizeof msg, NULL, 0) == LWC_OK &&
       same(md, want_md, sizeof md);
  Serial.print("lwc: ascon-hash256/");
  Serial.print(hash->impl);
  Serial.println(ok ? " KAT ok" : " KAT FAILED");
  for (size_t i = 0; i < 64; i++) buf[i] = (uint8_t)i;
  unsigned long t0 = micros();
  lwc_aead_encrypt(aead, buf, buf, 64, NULL, 0, nonce, key, NULL);
  unsigned long t1 = micros();
  Serial.print("lwc: 64-byte encryption: ");
  Serial.print(t1 - t0);
  Serial.println(" us");
  Serial.println("lwc: done");
}}

void loop() {{}}
"""


def write(out: pathlib.Path) -> tuple[pathlib.Path, dict[Kind, list[Impl]]]:
    """DIR/lwc/ anew (an earlier export of it is replaced)."""
    choice = chosen()
    lib = out / NAME
    if lib.exists():
        if not (lib / "library.properties").is_file():
            raise ArduinoError(f"{lib} exists and is no Arduino library: not replaced")
        shutil.rmtree(lib)
    files: dict[str, str] = {"lwc.h": (ROOT / "include" / "lwc.h").read_text()}
    lib_c = [ROOT / "src" / "lib" / "lwc.c", ROOT / "src" / "lib" / "batch.c"]
    sources = [s for impls in choice.values() for i in impls for s in i.sources]
    files.update(collect([*lib_c, *sources]))
    guards: dict[Impl, list[str]] = {}  # an implementation two kinds get: compiled for both
    for kind, impls in choice.items():
        for i in impls:
            guards.setdefault(i, []).append(kind.guard)
    for i, gs in guards.items():
        for s in i.sources:
            name, text = wrapper(i, s, " || ".join(f"({g})" for g in gs) if len(gs) > 1 else gs[0])
            files[name] = text
    for s in lib_c:
        files[f"lwc_lib_{s.stem}.c"] = (f'/* lwc: {s.name}, generated by ./lwcbench export '
                                        f'arduino */\n#define LWC_BATCH_LIST_H "lwc_batch_list.h"\n'
                                        f'#include "lib/{s.name}.inc"\n')
    # no batch engines (x86-64's AVX): the batch calls run one message at a time
    files["lwc_batch_list.h"] = ("/* lwc: the batch engines of this library: none, generated by "
                                 "./lwcbench export arduino */\n#define LWC_BATCH_SCHEMES(X)\n")
    files["lwc_registry.c"] = registry(choice)
    for rel, text in files.items():
        p = lib / "src" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    (lib / "library.properties").write_text(properties())
    (lib / "library.json").write_text(library_json())
    ex = lib / "examples" / "AsconKat"
    ex.mkdir(parents=True)
    (ex / "AsconKat.ino").write_text(sketch())
    return lib, choice


def main(args) -> int:
    out = pathlib.Path(args.dir).resolve()
    try:
        lib, choice = write(out)
    except (ArduinoError, OSError) as e:
        print(f"lwcbench: export arduino: {e}", file=sys.stderr)
        return 2
    print(f"export: Arduino library {lib}; example: {lib}/examples/AsconKat")
    for k, v in choice.items():  # one line a board kind
        print(f"  {k.boards}: " + ", ".join(f"{i.scheme}/{i.name}" for i in v))
    return 0
