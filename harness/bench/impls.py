"""The implementations lwcbench knows: the tree's, plus extra discovery roots.

LWC_EXTRA_IMPLS=DIR[:DIR...] adds the implementations found under each DIR
with the tree's layout (DIR/crypto_<kind>/<scheme>/<impl>/api.h), e.g. an
experimental or deliberately broken copy, without touching the tree.
"""
from __future__ import annotations

import hashlib
import os
import pathlib
import shutil

from harness.discover import ROOT, Impl, discover, order_by_preference

EXTRA_ENV = "LWC_EXTRA_IMPLS"
# Row order of the tables and of the run (the baseline first).
IMPL_ORDER = ["ref", "opt64", "bi32", "opt32", "lowsize"]


class SelectionError(Exception):
    """Bad names on the command line (exit status 2)."""


def extra_roots() -> list[pathlib.Path]:
    value = os.environ.get(EXTRA_ENV, "")
    return [pathlib.Path(p).resolve() for p in value.split(os.pathsep) if p]


def is_extra(impl: Impl) -> bool:
    """Found under an LWC_EXTRA_IMPLS root rather than the tree's own
    crypto_<kind>/<scheme>/<impl> folders (harness.build does not know it)."""
    return impl.path.parent.parent.parent != ROOT


def extra_build_dir(base: pathlib.Path, impls: list[Impl]) -> pathlib.Path:
    """Where a build holding extra implementations goes: base, named by the
    folders of the whole selection (tree's and extra), so that two runs with
    different extra folders or selections at the same time (two users, the
    tests in parallel) never build into one folder, and the same selection
    finds its build again."""
    key = "\n".join(sorted(str(i.path) for i in impls))
    return base.with_name(f"{base.name}-{hashlib.sha256(key.encode()).hexdigest()[:10]}")


EXTRA_MANIFEST = "extra-folders"  # in such a build: its extra implementations' folders


def extra_build(base: pathlib.Path, impls: list[Impl]) -> pathlib.Path:
    """extra_build_dir, made, with the list of its extra folders; the builds
    beside it whose extra folders are gone (a removed experiment, an old
    test's temporary folder) are deleted, so that they do not pile up."""
    folder = extra_build_dir(base, impls)
    for old in base.parent.glob(f"{base.name}-*"):
        try:
            paths = (old / EXTRA_MANIFEST).read_text().splitlines()
        except OSError:
            continue
        if old != folder and paths and not all(os.path.isdir(p) for p in paths):
            shutil.rmtree(old, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    extras = sorted(str(i.path) for i in impls if is_extra(i))
    (folder / EXTRA_MANIFEST).write_text("".join(f"{p}\n" for p in extras))
    return folder


def all_impls() -> list[Impl]:
    tree = discover()
    seen = {(i.scheme, i.name) for i in tree}
    extras = []
    for root in extra_roots():
        if not root.is_dir():
            raise SelectionError(f"{EXTRA_ENV}: {root} is not a folder")
        for i in discover(root):
            if (i.scheme, i.name) in seen:
                raise SelectionError(f"{EXTRA_ENV}: {i.scheme}/{i.name} in {root} "
                                     "has the name of an existing implementation")
            seen.add((i.scheme, i.name))
            extras.append(i)
    return order_by_preference(tree + extras, IMPL_ORDER)


def select(impls: list[Impl], schemes: list[str] | None, names: list[str] | None) -> list[Impl]:
    """Filter by scheme and implementation name; unknown names are errors."""
    valid_schemes = sorted({i.scheme for i in impls})
    valid_names = sorted({i.name for i in impls})
    for s in schemes or []:
        if s not in valid_schemes:
            raise SelectionError(f"unknown scheme '{s}' (valid: {', '.join(valid_schemes)})")
    for n in names or []:
        if n not in valid_names:
            raise SelectionError(f"unknown implementation '{n}' (valid: {', '.join(valid_names)})")
    chosen = [i for i in impls
              if (not schemes or i.scheme in schemes) and (not names or i.name in names)]
    if not chosen:
        raise SelectionError("no implementation matches both --scheme and --impl")
    return chosen


def impl_id(impl: Impl) -> str:
    return f"{impl.scheme}/{impl.name}"


# A file in an implementation's folder that says why it branches on or
# indexes by secrets (a table variant): ./lwcbench ct lists it, not traced;
# no default build chooses it
NOT_CT = "not-constant-time"


def not_ct_reason(impl: Impl) -> str | None:
    f = impl.path / NOT_CT
    return f.read_text().strip() or "(no reason given)" if f.is_file() else None


def default_impls(target, impls: list[Impl]) -> list[Impl]:
    """What a build for `target` (a Target) gets of one scheme (impls: that
    scheme's) when the user names no implementation (CMake's default, the
    Arduino library's): the first of the target's preference among the
    constant-time implementations that build there, else their first by
    name; a run-time selected one (x86_64_<isa>, used only on a CPU that has
    the extension: src/lib/lwc.c) brings the next one, which
    lwc_*_find(scheme, NULL) falls back on."""
    usable = [i for i in impls if target.supports(i) and not_ct_reason(i) is None]
    out = []
    for i in order_by_preference(usable, list(target.preference)):
        out.append(i)
        if not i.name.startswith("x86_64_"):
            break
    return out
