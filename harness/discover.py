"""Find implementations in the tree: every crypto_<kind>/<scheme>/<impl>/api.h.

Nothing lists implementations by hand; adding a directory adds an
implementation everywhere (CLI, tests, benchmarks).
"""
from __future__ import annotations

import dataclasses
import functools
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The official known-answer files, kept in the repository (kat/README.md).
KAT_DIR = ROOT / "kat"

# Which descriptor type an implementation exports, by its top-level folder.
KIND_OF_TOP = {"crypto_aead": "aead", "crypto_hash": "hash", "crypto_cxof": "hash",
               "crypto_perm": "perm", "crypto_auth": "auth"}
# A bare permutation has no KAT file of its own: this file in its scheme
# folder names the scheme whose official file checks it (through a mode
# over the permutation, harness/firmware/bench_kat_perm.c).
KAT_VIA_FILE = "kat-via"
VIA_SOURCE = "via.c"
SOURCE_SUFFIXES = (".c", ".S", ".s")


@dataclasses.dataclass(frozen=True)
class Impl:
    top: str          # crypto_aead, crypto_hash, crypto_cxof, crypto_perm, crypto_auth
    scheme: str       # e.g. ascon-aead128
    name: str         # e.g. opt64
    path: pathlib.Path
    architectures: tuple[str, ...]

    @property
    def kind(self) -> str:
        return KIND_OF_TOP[self.top]

    @property
    def namespace(self) -> str:
        """C identifier prefix of this implementation's symbols (a folder
        added from outside the tree, "+name": added_name)."""
        return (f"{self.scheme}_{self.name}".replace("-", "_").replace(".", "_")
                .replace("+", "added_"))

    @property
    def sources(self) -> list[pathlib.Path]:
        return sorted(p for p in self.path.iterdir() if p.suffix in SOURCE_SUFFIXES)

    @property
    def kat_scheme(self) -> str:
        """The scheme whose official KAT file checks this implementation."""
        if self.kind != "perm":
            return self.scheme
        via = self.path.parent / KAT_VIA_FILE
        return via.read_text().strip() if via.exists() else ""

    @property
    def via_source(self) -> pathlib.Path | None:
        """A bare permutation's check: its kat-via scheme's mode over it
        (crypto_perm/<scheme>/via.c, src/core/via.h); None elsewhere."""
        p = self.path.parent / VIA_SOURCE
        return p if self.kind == "perm" and self.kat_scheme and p.exists() else None

    @property
    def via_scheme_dir(self) -> pathlib.Path | None:
        """The kat-via scheme's folder (its scheme.h), in this tree or the repository's."""
        for root in dict.fromkeys((self.path.parent.parent.parent, ROOT)):
            for top, kind in KIND_OF_TOP.items():
                d = root / top / self.kat_scheme
                if kind != "perm" and (d / "scheme.h").exists():
                    return d
        return None

    @property
    def via_kind(self) -> str:
        """aead or hash: the descriptor the via mode exports."""
        d = self.via_scheme_dir
        return KIND_OF_TOP[d.parent.name] if d is not None else ""

    @property
    def kat_file(self) -> pathlib.Path:
        return KAT_DIR / f"{self.kat_scheme or self.scheme}.txt"

    @functools.cached_property
    def scheme_numbers(self) -> dict[str, int]:
        """The numeric #defines of the scheme's scheme.h (read once; {} when
        the folder has none)."""
        header = self.path.parent / "scheme.h"
        text = header.read_text() if header.exists() else ""
        return {m.group(1): int(m.group(2))
                for m in re.finditer(r"^#define (\w+) (\d+)\b", text, re.M)}

    @property
    def max_inbytes(self) -> int | None:
        """The longest input the function takes (its scheme.h's
        LWC_MAX_INBYTES: Ascon-PrfShort's 16), None when there is no limit."""
        return self.scheme_numbers.get("LWC_MAX_INBYTES")

    @property
    def sponge(self) -> dict | None:
        """An Ascon mode's rate and permutation rounds from its scheme.h
        (ASCON_RATE, ASCON_PA, ASCON_PB): the permutation floor's terms;
        None for every other scheme."""
        got = {k: self.scheme_numbers.get(f"ASCON_{k.upper()}") for k in ("rate", "pa", "pb")}
        return got if all(v is not None for v in got.values()) else None

    def builds_for(self, arch_tokens: set[str]) -> bool:
        """True when the architectures file names 'any' or one of the tokens."""
        return "any" in self.architectures or bool(arch_tokens & set(self.architectures))


def discover(root: pathlib.Path = ROOT) -> list[Impl]:
    impls = []
    for top in KIND_OF_TOP:
        for api in sorted((root / top).glob("*/*/api.h")):
            d = api.parent
            arch_file = d / "architectures"
            archs = tuple(arch_file.read_text().split()) if arch_file.exists() else ()
            impls.append(Impl(top, d.parent.name, d.name, d, archs))
    return impls


def order_by_preference(impls: list[Impl], preference: list[str]) -> list[Impl]:
    """Sort by scheme, then preferred implementations first."""
    def key(i: Impl):
        rank = preference.index(i.name) if i.name in preference else len(preference)
        return (i.scheme, rank, i.name)
    return sorted(impls, key=key)
