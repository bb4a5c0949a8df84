"""What the tests of every area share (the fixtures are tests/conftest.py's):
the tree (ROOT, KAT_DIR), the host builds (bin_dir, once per session), the
implementations (host_impls, find_impl, impl_id), scripts of the tree as
modules (load_module), headless Chromium, the benchmark targets once set up
(usable_target), their firmware (firmware, align_firmware), the
KAT-then-repeat check of a target family, ./lwcbench as a user runs it
(lwcbench), and implementations written outside the tree for
LWC_EXTRA_IMPLS (write_impl, hash_with_update).
"""
from __future__ import annotations

import fcntl
import os
import pathlib
import platform
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.build import Builder, build_dir  # noqa: E402
from harness.discover import KAT_DIR  # noqa: E402

__all__ = ["ROOT", "KAT_DIR", "VARIANTS", "LWCBENCH", "X86", "bin_dir", "host_impls",
           "load_module", "chromium", "impl_id", "lwcbench", "write_impl", "hash_with_update",
           "usable_target", "find_impl", "firmware", "registered", "ask", "exact",
           "kat_then_repeat", "align_firmware", "shared"]

ALL_VARIANTS = ["release", "clang", "asan"]
VARIANTS = [v for v in os.environ.get("LWC_TEST_VARIANTS", ",".join(ALL_VARIANTS)).split(",") if v]
_built: dict[str, pathlib.Path] = {}


def bin_dir(variant: str) -> pathlib.Path:
    """Build the variant (once per session) and return its bin/ folder."""
    if variant not in _built:
        r = subprocess.run([sys.executable, "-m", "harness.build", "--variant", variant],
                           cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            pytest.fail(f"build of {variant} failed:\n{r.stdout}{r.stderr}")
        _built[variant] = build_dir(variant) / "bin"
    return _built[variant]


def host_impls():
    return Builder("release").impls()


def load_module(path: pathlib.Path, name: str):
    """A script of the tree (not a package: an assembly generator, a tool)
    as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def chromium(*args, timeout=180) -> subprocess.CompletedProcess:
    """Headless Chromium (Debian's package, which `lwc_setup report`
    installs) on the arguments given: a page's DOM after its scripts ran
    (--dump-dom), a screenshot."""
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "chromium is missing: ./run-tests installs it (harness/setup.sh, lwc_setup report)"
    return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-dev-shm-usage", "--hide-scrollbars", *args],
                          capture_output=True, text=True, timeout=timeout)


def shared(tmp_path_factory, name: str, make) -> pathlib.Path:
    """make(folder) once for every pytest worker of the session: a folder
    of the session's shared temporary root, built under a lock."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    folder, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def impl_id(i) -> str:
    return f"{i.scheme}/{i.name}"


# -- ./lwcbench ------------------------------------------------------------------------
LWCBENCH = ROOT / "lwcbench"
X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686")  # the host has rdtsc


def lwcbench(*args, cwd=ROOT, env=None, timeout=600) -> subprocess.CompletedProcess:
    """./lwcbench ARGS as a user runs it once ./run-tests set everything up
    (LWC_NO_SETUP), without the caller's LWC_EXTRA_IMPLS; env adds to the
    environment."""
    full_env = dict(os.environ)
    full_env.pop("LWC_EXTRA_IMPLS", None)
    full_env["LWC_NO_SETUP"] = "1"  # ./run-tests set everything up
    full_env.update(env or {})
    return subprocess.run([str(LWCBENCH), *args], cwd=cwd, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


# -- implementations outside the tree (LWC_EXTRA_IMPLS) ----------------------------
def write_impl(root: pathlib.Path, top: str, scheme: str, name: str,
               files: dict[str, str]) -> pathlib.Path:
    """root/top/scheme/name: an implementation outside the tree (a folder
    for LWC_EXTRA_IMPLS, most often deliberately broken) with the tree's
    scheme.h beside it, an api.h that includes it, architectures "any" and
    the files given (name: text).  Returns its folder."""
    d = root / top / scheme / name
    d.mkdir(parents=True)
    header = d.parent / "scheme.h"
    if not header.exists():
        header.write_text((ROOT / top / scheme / "scheme.h").read_text())
    (d / "api.h").write_text('#include "../scheme.h"\n')
    (d / "architectures").write_text("any\n")
    for file, text in files.items():
        (d / file).write_text(text)
    return d


def hash_with_update(name: str, first: str, prelude: str = "") -> str:
    """The hash.c of ascon-hash256/<name>: ref's code whose update() runs
    the C statement `first` before absorbing (n is the update's length);
    prelude comes before the includes."""
    return (f'{prelude}#include "api.h"\n#include "ascon/backend_ref.h"\n'
            f'#undef LWC_NAMESPACE\n#define LWC_NAMESPACE inner_{name}\n'
            '#include "ascon/hash_mode.h"\n'
            'void bench_put_line(const char *line);\n'
            f'static int {name}_update(lwc_hash_ctx *c, const uint8_t *in, size_t n) {{\n'
            f'  {first}\n'
            '  return ascon_hash_update(c, in, n);\n}\n'
            f'const lwc_hash ascon_hash256_{name}_lwc_hash_desc = {{\n'
            '    LWC_SCHEME_NAME, LWC_IMPL_NAME, ASCON_HASH_KIND, CRYPTO_BYTES,\n'
            f'    ASCON_MAX_CUSTOM, ascon_hash_init, {name}_update, ascon_hash_squeeze}};\n')


# -- benchmark targets (tests/targets/, tests/asm/) ----------------------------------
_usable: dict = {}
_firmware: dict = {}


def usable_target(name: str):
    """The target `name`, once per session; fails (never skips) when its
    tools are missing after ./run-tests' set-up."""
    from harness.bench.targets import TARGETS
    if name not in _usable:
        t = TARGETS[name]()
        ok, why = t.is_available()
        assert ok, f"{name} unusable after set-up: {why}"
        _usable[name] = t
    return _usable[name]


def find_impl(scheme: str, name: str):
    from harness.discover import discover
    return next(i for i in discover() if (i.scheme, i.name) == (scheme, name))


def firmware(target_name: str, scheme: str, impl: str):
    """The built firmware (ELF) of one implementation, built once."""
    key = (target_name, scheme, impl)
    if key not in _firmware:
        _firmware[key] = usable_target(target_name).build(find_impl(scheme, impl))
    return _firmware[key]


def registered(name: str, driver):
    """The target `name` (usable_target): what its description makes of
    the driver class, whose metric is cycles."""
    from harness.bench.targets import TARGETS
    assert issubclass(TARGETS[name], driver) and TARGETS[name].name == name
    assert TARGETS[name].metric.startswith("cycles:")
    return usable_target(name)


def ask(session, request: str, timeout: float = 60) -> dict:
    """One request on an open session: the fields of its answer."""
    from harness.bench.session import parse_fields
    ok, _lines = session.request(request, timeout=timeout)
    return parse_fields(ok)


def exact(fields: dict, counter: str) -> int:
    """A simulator's count of one operation, the same in every sample."""
    assert fields[counter + "_min"] == fields[counter] == fields[counter + "_max"], fields
    return int(fields[counter])


def kat_then_repeat(target, impls: dict, points: dict):
    """Run each implementation's job twice (impls: kind -> (scheme, impl),
    points: kind -> [Point]): the official KAT passes on the target and the
    second run gives the same counts and stack.  Yields (points, first run)
    for the family's own checks of the values."""
    for kind, (scheme, name) in impls.items():
        impl = find_impl(scheme, name)
        first = target.run_job(impl, points[kind])
        assert first.kat == "pass", first.detail
        assert first.status == "ok", first.detail
        second = target.run_job(impl, points[kind])
        assert second.status == "ok", second.detail
        assert first.values == second.values and first.stack == second.stack
        assert first.code_bytes and first.code_bytes > 0
        yield points[kind], first


ALIGN_C = ROOT / "tests" / "asm" / "align.c"


def align_firmware(target_name: str, tmp_path: pathlib.Path, impl,
                   source: pathlib.Path = ALIGN_C) -> pathlib.Path:
    """The implementation's firmware for target_name with source's
    bench_serve (default tests/asm/align.c: misaligned, in-place and
    incremental calls against the one-shot call) in place of the protocol's
    (linked first, so it wins)."""
    import shlex
    t = usable_target(target_name)
    elf = t.build(impl)
    obj = tmp_path / "align.o"
    subprocess.run([*t.cc, *t.firmware.compile_flags(), "-c", str(source), "-o", str(obj)], cwd=ROOT,
                   check=True)
    cmd = shlex.split((elf.parent / "lwc-bench.elf.cmd").read_text())
    out = tmp_path / "align.elf"
    cmd[cmd.index("-o") + 1] = str(out)
    cmd[1:1] = [str(obj), "-Wl,--allow-multiple-definition"]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return out
