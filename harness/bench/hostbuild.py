"""Host builds for lwcbench on top of harness.build.

The normal path is `python3 -m harness.build --variant release`, which
builds every implementation into build/host-release.  That build is all or
nothing: one implementation that does not compile (or any program of the
tree that does not link) fails it.  The benchmark must instead report that
one implementation and go on, so when it fails -- and for implementations
outside the tree (LWC_EXTRA_IMPLS) -- IsolatedBuilder builds into its own
folder: each implementation's objects separately, then a registry of the
ones that compiled, linked only into the two programs lwcbench needs
(lwc-test for the KAT check, lwc-bench for measuring).
"""
from __future__ import annotations

import concurrent.futures
import contextlib
import fcntl
import os
import pathlib
import shutil
import subprocess
import sys

from harness.build import Builder
from harness.discover import ROOT, Impl, discover

PROGRAMS = {"lwc-test": ROOT / "tests" / "c", "lwc-bench": ROOT / "harness" / "target" / "host"}


@contextlib.contextmanager
def build_lock():
    """The lock harness.build takes: one build of the tree at a time."""
    (ROOT / "build").mkdir(exist_ok=True)
    with open(ROOT / "build" / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def tree_build(variant: str) -> tuple[bool, str]:
    """harness.build for one variant: (success, its output)."""
    r = subprocess.run([sys.executable, "-m", "harness.build", "--variant", variant, "--quiet"],
                       cwd=ROOT, capture_output=True, text=True)
    return r.returncode == 0, (r.stdout + r.stderr).strip()


def mirror_extras(roots: list[pathlib.Path], dest: pathlib.Path) -> dict[tuple[str, str], Impl]:
    """Copy extra discovery roots under the build folder (harness.build
    compiles sources by their path inside the repository); copy2 keeps the
    modification times, so unchanged objects stay cached."""
    if dest.exists():
        shutil.rmtree(dest)
    found = {}
    for n, root in enumerate(roots):
        copy = dest / str(n)
        for top in ("crypto_aead", "crypto_hash", "crypto_cxof"):
            if (root / top).is_dir():
                shutil.copytree(root / top, copy / top)
        for i in discover(copy):
            found[(i.scheme, i.name)] = i
    return found


class IsolatedBuilder(Builder):
    def __init__(self, variant: str, out: pathlib.Path, impls: list[Impl]):
        super().__init__(variant, quiet=True)
        self.out = out
        self._impls = impls

    def impls(self) -> list[Impl]:
        return self._impls

    def build_isolated(self) -> tuple[dict[Impl, str], str | None]:
        """Returns ({impl: compiler output} for the implementations that did
        not compile, an error that stops everything or None)."""
        def compile_impl(impl: Impl) -> str | None:
            errs = [e for e in (self._compile(*job) for job in self.impl_objects(impl)) if e]
            return "\n".join(errs) or None

        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            results = list(pool.map(compile_impl, self._impls))
        failed = {i: e for i, e in zip(self._impls, results) if e}
        good = [i for i in self._impls if i not in failed]
        registry = self.write_registry(good)
        lib = [(s, self.out / "obj" / s.relative_to(ROOT).with_suffix(".o"), [])
               for s in sorted((ROOT / "src" / "lib").glob("*.c")) + [registry]]
        progs = {name: [(s, self.out / "obj" / s.relative_to(ROOT).with_suffix(".o"), [])
                        for s in sorted(folder.glob("*.c"))]
                 for name, folder in PROGRAMS.items()}
        jobs = lib + [j for js in progs.values() for j in js]
        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:
            errors = [e for e in pool.map(lambda j: self._compile(*j), jobs) if e]
        if errors:
            return failed, "\n".join(errors)
        objs = [o for i in good for (_s, o, _f) in self.impl_objects(i)] + [o for _s, o, _f in lib]
        for name, js in progs.items():
            err = self._link(self.out / "bin" / name, [o for _s, o, _f in js] + objs, [])
            if err:
                return failed, err
        return failed, None
