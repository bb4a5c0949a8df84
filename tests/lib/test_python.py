"""The Python package (pyproject.toml, setup.py, python/lwc), proved the way
a user takes it: a wheel built by pip from a copy of the tree (`pip install
.` is that build and its installation) goes into a fresh virtual
environment, where every official KAT file passes through Python; a wheel
built from the package's sdist does too.  In this process (the tree's wheel
unpacked on sys.path): agreement with pyascon on random inputs, the AEAD
options, incremental and batch calls against one-shot ones, hostile
arguments, the GIL released on long inputs, the type stub against the
module, the README's example and the benchmark's table."""
from __future__ import annotations

import ast
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

import pytest

from tests.helpers import KAT_DIR, ROOT, load_module, shared
from harness.build import CCACHE_ENV, launcher

sys.path.insert(0, str(ROOT / "tests" / "lib" / "python"))
import kat_check  # noqa: E402

PY = sys.executable
# what a copy of the tree leaves out: git, build output, caches
IGNORE = shutil.ignore_patterns(".git", "build", "__pycache__", ".pytest_cache", "*.egg-info",
                                "results", "dist")


def run(argv, **kw) -> subprocess.CompletedProcess:
    r = subprocess.run([str(a) for a in argv], capture_output=True, text=True, **kw)
    assert r.returncode == 0, f"$ {' '.join(map(str, argv))}\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
    return r


def build_env() -> dict:
    """CMake compiles through ccache as the harness does (CMake reads
    CMAKE_C_COMPILER_LAUNCHER from the environment).  The trees built here
    (a copy under pytest's folder, pip's unpacked sdist) are new folders of
    the temporary directory each run: ccache sees their paths relative to
    it (CCACHE_BASEDIR), so a second run finds the first one's objects."""
    env = {**os.environ, **CCACHE_ENV, "CCACHE_BASEDIR": tempfile.gettempdir()}
    if launcher():
        env["CMAKE_C_COMPILER_LAUNCHER"] = launcher()[0]
        env["CMAKE_ASM_COMPILER_LAUNCHER"] = launcher()[0]
    return env


def pip_wheel(source: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    """pip's build of `pip install SOURCE` (a folder or an sdist), without
    the network: this interpreter's setuptools and wheel."""
    run([PY, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index", "-w", out,
         source], env=build_env(), timeout=900)
    wheels = list(out.glob("lwc-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def fresh_venv(where: pathlib.Path, wheel: pathlib.Path) -> pathlib.Path:
    """A new virtual environment with the wheel installed: its python.  No
    pip of its own (ensurepip's copy took most of the time): this pip
    installs into it (--python)."""
    run([PY, "-m", "venv", "--without-pip", where], timeout=300)
    py = where / "bin" / "python"
    run([PY, "-m", "pip", "--python", py, "install", "-q", "--no-index", "--no-deps", wheel],
        timeout=300)
    return py


@pytest.fixture(scope="module")
def tree_wheel(tmp_path_factory) -> pathlib.Path:
    def make(d):
        shutil.copytree(ROOT, d / "src", ignore=IGNORE)
        pip_wheel(d / "src", d / "wheel")
    return next((shared(tmp_path_factory, "lwc-python-tree", make) / "wheel").glob("*.whl"))


@pytest.fixture(scope="module")
def lwc(tree_wheel, tmp_path_factory):
    """The package of the tree's wheel, imported in this process."""
    def make(d):
        with zipfile.ZipFile(tree_wheel) as z:
            z.extractall(d)
    site = shared(tmp_path_factory, "lwc-python-site", make)
    sys.path.insert(0, str(site))
    try:
        import lwc as package
        assert pathlib.Path(package.__file__).is_relative_to(site), package.__file__
        yield package
    finally:
        sys.path.remove(str(site))


# -- built and installed as a user would -----------------------------------------

def test_pip_install_in_a_fresh_venv(tree_wheel, tmp_path):
    """`pip install .`: the wheel pip builds from the tree, installed into a
    new virtual environment, passes every KAT file there."""
    py = fresh_venv(tmp_path / "venv", tree_wheel)
    out = run([py, ROOT / "tests" / "lib" / "python" / "kat_check.py", KAT_DIR], cwd=tmp_path,
              timeout=600).stdout
    files = sorted(p.name for p in KAT_DIR.glob("*.txt"))
    assert [line.split(":")[0] for line in out.splitlines()[:-1]] == files
    assert str(tmp_path / "venv") in out.splitlines()[-1]  # the venv's package, not the tree's
    assert re.search(r"^lwc \d+\.\d+\.\d+ from", out.splitlines()[-1], re.M)
    # the wheel holds the binding and its types, not the C sources
    names = zipfile.ZipFile(tree_wheel).namelist()
    assert any(re.fullmatch(r"lwc/_lwc\.cpython-.*\.so", n) for n in names)
    assert {"lwc/__init__.py", "lwc/_lwc.pyi", "lwc/py.typed", "lwc/bench.py"} <= set(names)
    assert not any(n.endswith((".c", ".S", ".h")) for n in names)


@pytest.mark.slow
def test_the_sdist_builds_a_wheel_that_passes(tmp_path):
    """From an sdist made by the package's build backend (PEP 517, as
    `python -m build --sdist` calls it): the wheel pip builds from it passes
    every KAT file in a fresh virtual environment."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    hook = ("import sys; sys.path.insert(0, 'python/backend'); import lwc_backend; "
            "print(lwc_backend.build_sdist(sys.argv[1]))")
    name = run([PY, "-c", hook, tmp_path / "dist"], cwd=src).stdout.split()[-1]
    sdist = tmp_path / "dist" / name
    assert re.fullmatch(r"lwc-\d+\.\d+\.\d+\.tar\.gz", name)
    py = fresh_venv(tmp_path / "venv", pip_wheel(sdist, tmp_path / "wheel"))
    out = run([py, ROOT / "tests" / "lib" / "python" / "kat_check.py", KAT_DIR], cwd=tmp_path,
              timeout=600).stdout
    assert out.count(", ok") == len(list(KAT_DIR.glob("*.txt"))), out


def test_the_backend_asks_for_cmake_only_without_one(tmp_path, monkeypatch):
    """python/backend/lwc_backend.py: setuptools' requirements (stood in
    for here: the real hook runs setup.py in the working folder), plus
    CMake from PyPI when no cmake 3.18+ is on the PATH (an old one counts
    as none)."""
    lwc_backend = load_module(ROOT / "python" / "backend" / "lwc_backend.py", "lwc_backend")
    for hook in ("get_requires_for_build_wheel", "get_requires_for_build_editable"):
        monkeypatch.setattr(lwc_backend._meta, hook, lambda config_settings=None: ["wheel"])
    old = tmp_path / "cmake"
    old.write_text("#!/bin/sh\necho 'cmake version 3.10.2'\n")
    old.chmod(0o755)
    assert lwc_backend.get_requires_for_build_wheel() == ["wheel"]  # this machine's cmake
    for path in (str(tmp_path / "empty"), str(tmp_path)):
        monkeypatch.setenv("PATH", path)
        assert lwc_backend.get_requires_for_build_wheel() == ["wheel", "cmake>=3.18"]
        assert lwc_backend.get_requires_for_build_editable() == ["wheel", "cmake>=3.18"]


# -- in this process ---------------------------------------------------------------

AUTH_KATS = {"ascon-mac-v13": "mac", "ascon-prf-v13": "prf", "ascon-prfs-v13": "prfs"}


def test_every_kat_file_in_process(lwc):
    lines = kat_check.check(lwc, KAT_DIR)
    assert len(lines) == len(list(KAT_DIR.glob("*.txt")))
    assert all(line.endswith(", ok") for line in lines), [x for x in lines if "ok" not in x]
    # the MAC and PRF files: every record on every implementation of the build
    from harness.katfile import records
    for scheme in AUTH_KATS:
        n = len(records(KAT_DIR / f"{scheme}.txt")) * len(lwc.implementations(scheme))
        assert f"{scheme}.txt: {n} records, ok" in lines, scheme


class _Broken:
    """The package with one of its MAC/PRF calls wrong, for the KAT check."""

    def __init__(self, lwc, **wrong):
        self._lwc, self._wrong = lwc, wrong

    def __getattr__(self, name):
        return self._wrong.get(name, getattr(self._lwc, name))


def test_the_auth_kat_check_can_fail(lwc):
    """kat_check finds a wrong tag, a verification that accepts a forgery
    and a wrong incremental output."""
    flip = lambda b: b[:-1] + bytes([b[-1] ^ 1]) if b else b  # noqa: E731

    class LyingMac:
        def __init__(self, *a, **kw):
            self._m = lwc.Mac(*a, **kw)

        def update(self, data):
            self._m.update(data)

        def verify(self, tag):
            self._m.verify(tag)

        def digest(self, length=None):
            return flip(self._m.digest(length))

    cases = {
        "ascon-mac-v13.txt": (dict(mac=lambda *a, **kw: flip(lwc.mac(*a, **kw))), "one-shot"),
        "ascon-prf-v13.txt": (dict(prf_verify=lambda *a, **kw: None), "forged tag was accepted"),
        "ascon-prfs-v13.txt": (dict(prf=lambda *a, **kw: flip(lwc.prf(*a, **kw))), "one-shot"),
    }
    cases["ascon-mac-v13.txt incremental"] = (dict(Mac=LyingMac), "incremental")
    for name, (wrong, word) in cases.items():
        n, bad = kat_check.check_file(_Broken(lwc, **wrong), KAT_DIR / name.split()[0])
        assert n > 0 and bad and word in bad[0], (name, bad[:2])


def test_the_build_has_every_scheme_and_the_host_choice(lwc):
    """Every scheme of lwc.h, impl=None being the host's preferred
    implementation (x86-64 with BMI2: the assembly-level C) and the
    portable fallback beside it."""
    from harness.discover import discover
    assert set(lwc.schemes()) == {i.scheme for i in discover()}
    kinds = {k: set(lwc.schemes(k))
             for k in ("aead", "hash", "xof", "cxof", "mac", "prf", "prfs", "perm")}
    assert set().union(*kinds.values()) == set(lwc.schemes())
    assert sum(len(v) for v in kinds.values()) == len(lwc.schemes())  # one kind each
    assert "ascon-cxof128" in kinds["cxof"] and "ascon-xof128" in kinds["xof"]
    assert {s: k for k, v in kinds.items() for s in v if s in AUTH_KATS} == AUTH_KATS
    assert {i.scheme for i in discover() if i.kind == "auth"} == set(AUTH_KATS)
    key = bytes(16)
    for scheme, kind in AUTH_KATS.items():
        impls = lwc.implementations(scheme)
        assert "opt64" in impls or "bi32" in impls, impls
        if kind != "prfs":
            obj = (lwc.Mac if kind == "mac" else lwc.Prf)(scheme, key)
            assert obj.impl == impls[0] and obj.kind == kind and obj.key_size == 16
    impls = lwc.implementations("ascon-aead128")
    assert lwc.Aead("ascon-aead128").impl == impls[0]
    assert "opt64" in impls or "bi32" in impls
    assert lwc.implementations("no-such-scheme") == []


def test_agrees_with_pyascon(lwc):
    """Random inputs: lwc's Ascon v1.2 members against pyascon (PyPI
    `ascon`, the designers' pure-Python code, which has v1.2 only)."""
    import ascon
    rng = random.Random(2026)
    rb = lambda n: bytes(rng.getrandbits(8) for _ in range(n))  # noqa: E731
    aeads = {"ascon128-v12": "Ascon-128", "ascon128a-v12": "Ascon-128a",
             "ascon80pq-v12": "Ascon-80pq"}
    for scheme, variant in aeads.items():
        for impl in lwc.implementations(scheme):
            a = lwc.Aead(scheme, impl)
            for _ in range(40):
                key, nonce = rb(a.key_size), rb(16)
                pt, ad = rb(rng.randrange(0, 80)), rb(rng.randrange(0, 40))
                ct = ascon.encrypt(key, nonce, ad, pt, variant)
                assert a.encrypt(key, nonce, pt, ad) == ct, (scheme, impl, pt.hex(), ad.hex())
                assert a.decrypt(key, nonce, ct, ad) == pt
    hashes = {"asconhash-v12": "Ascon-Hash", "asconhasha-v12": "Ascon-Hasha",
              "asconxof-v12": "Ascon-Xof", "asconxofa-v12": "Ascon-Xofa"}
    for scheme, variant in hashes.items():
        for impl in lwc.implementations(scheme):
            for _ in range(40):
                msg = rb(rng.randrange(0, 100))
                n = 32 if "hash" in scheme else rng.randrange(1, 100)
                assert lwc.hash(scheme, msg, n, impl=impl) == ascon.hash(msg, variant, n)


def test_masking_fields(lwc):
    """shares and leveled (docs/masking.md): the package's build has the
    preferred implementations, unmasked; the masked ones are C-tested
    (tests/c/props_aead.c, every descriptor) and reach Python through a
    build that names them (LWC_CMAKE_ARGS=-DLWC_IMPLS=...)."""
    for scheme in ("ascon-aead128", "gimli24-cipher"):
        a = lwc.Aead(scheme)
        assert a.shares == 0 and a.leveled is False
    assert "shares" in type(lwc.Aead("ascon-aead128")).shares.__doc__


def test_tag_truncation_and_nonce_masking(lwc):
    """SP 800-232 section 4.2: a truncated tag is the full tag's prefix; a
    masked nonce is the nonce xor the second key.  Other schemes refuse
    both."""
    a = lwc.Aead("ascon-aead128")
    key, nonce, k2 = bytes(range(16)), bytes(range(16, 32)), bytes(range(32, 48))
    full = a.encrypt(key, nonce, b"reading", b"sensor")
    for t in range(a.min_tag_size, a.tag_size + 1):
        ct = a.encrypt(key, nonce, b"reading", b"sensor", tag_len=t)
        assert ct == full[:7 + t]
        assert a.decrypt(key, nonce, ct, b"sensor", tag_len=t) == b"reading"
        with pytest.raises(lwc.TagError):
            a.decrypt(key, nonce, ct[:-1] + bytes([ct[-1] ^ 0x80]), b"sensor", tag_len=t)
    masked = a.encrypt(key, nonce, b"reading", mask_key=k2)
    assert masked == a.encrypt(key, bytes(x ^ y for x, y in zip(nonce, k2)), b"reading")
    assert a.decrypt(key, nonce, masked, mask_key=k2) == b"reading"
    with pytest.raises(lwc.TagError):
        a.decrypt(key, nonce, masked)  # without the mask key
    gimli = lwc.Aead("gimli24-cipher")
    assert gimli.min_tag_size == gimli.tag_size and not gimli.nonce_masking
    gk, gn = bytes(gimli.key_size), bytes(gimli.nonce_size)
    with pytest.raises(ValueError, match="only its full"):
        gimli.encrypt(gk, gn, b"", tag_len=8)
    with pytest.raises(ValueError, match="no nonce masking"):
        gimli.encrypt(gk, gn, b"", mask_key=gk)


def test_inputs_of_every_bytes_like_kind(lwc):
    import array
    import mmap
    a = lwc.Aead("ascon-aead128")
    key, nonce, msg = bytes(16), bytes(16), b"0123456789abcdef" * 5
    want = a.encrypt(key, nonce, msg, b"ad")
    m = mmap.mmap(-1, len(msg))
    m.write(msg)
    for form in (bytearray(msg), memoryview(msg), array.array("B", msg), m,
                 memoryview(b"xx" + msg)[2:]):
        assert a.encrypt(bytearray(key), memoryview(nonce), form, memoryview(b"ad")) == want
    assert a.encrypt(key, nonce, msg, b"") == a.encrypt(key, nonce, msg) == \
        a.encrypt(key, nonce, msg, None) == a.encrypt(key=key, nonce=nonce, data=msg, ad=None)


def test_incremental_hashes_equal_one_shot(lwc):
    rng = random.Random(7)
    for scheme in lwc.schemes("hash") + lwc.schemes("xof") + lwc.schemes("cxof"):
        for _ in range(10):
            msg = rng.randbytes(rng.randrange(0, 300))
            custom = rng.randbytes(rng.randrange(0, 20)) if scheme in lwc.schemes("cxof") else None
            h = lwc.Hash(scheme, customization=custom)
            n = h.digest_size if h.kind == "hash" else rng.randrange(1, 200)
            want = lwc.hash(scheme, msg, n, customization=custom)
            cuts = sorted(rng.randrange(0, len(msg) + 1) for _ in range(3))
            for lo, hi in zip([0] + cuts, cuts + [len(msg)]):
                h.update(msg[lo:hi])
            c = h.copy()
            assert h.digest(n) == want and h.digest(n) == want  # digest() changes nothing
            assert h.hexdigest(n) == want.hex()
            if h.kind == "hash":
                continue
            parts = [c.squeeze(k) for k in (n // 3, 0, n - n // 3)]
            assert b"".join(parts) == want
            with pytest.raises(ValueError, match="after squeeze"):
                c.update(b"x")
            with pytest.raises(ValueError, match="after squeeze"):
                c.digest()


def test_incremental_macs_and_prfs_equal_one_shot(lwc):
    """Mac and Prf: the input in any parts gives the one-shot call's
    output; digest() and verify() leave the object as it was; copy() is
    independent; a PRF's squeezes concatenate to its output."""
    rng = random.Random(13)
    for scheme, cls, fn in (("ascon-mac-v13", lwc.Mac, lwc.mac), ("ascon-prf-v13", lwc.Prf, lwc.prf)):
        for impl in lwc.implementations(scheme):
            for _ in range(12):
                key, msg = rng.randbytes(16), rng.randbytes(rng.randrange(0, 300))
                n = rng.randrange(4, 17) if cls is lwc.Mac else rng.randrange(0, 200)
                want = fn(scheme, key, msg, n, impl=impl)
                assert len(want) == n
                assert fn(scheme, key, msg, impl=impl)[:min(n, 16)] == want[:16]
                m = cls(scheme, key, impl=impl)
                cuts = sorted(rng.randrange(0, len(msg) + 1) for _ in range(3))
                for lo, hi in zip([0] + cuts, cuts + [len(msg)]):
                    m.update(msg[lo:hi])
                c = m.copy()
                assert m.digest(n) == want and m.digest(n) == want and m.hexdigest(n) == want.hex()
                if n >= 4:
                    m.verify(want[:min(n, m.digest_size)])
                    with pytest.raises(lwc.TagError, match="does not match"):
                        m.verify(bytes(4))
                m.update(b"more")
                assert c.digest(n) == want
                assert m.digest(n) == fn(scheme, key, msg + b"more", n, impl=impl)
                if cls is lwc.Prf:
                    parts = [c.squeeze(k) for k in (n // 3, 0, n - n // 3)]
                    assert b"".join(parts) == want
                    for call in (lambda: c.update(b"x"), c.digest, lambda: c.verify(want[:4])):
                        with pytest.raises(ValueError, match="after squeeze"):
                            call()
    assert not hasattr(lwc.Mac("ascon-mac-v13", bytes(16)), "squeeze")


def test_copy_keeps_the_phase(lwc):
    """copy() of an object whose output has begun (squeeze) is in the same
    phase: it refuses update(), digest() (and a Prf's verify()) as the
    original does, and its stream goes on from the same point, apart from
    the original's."""
    key = bytes(range(16))
    for make in (lambda: lwc.Hash("ascon-xof128", b"abc"),
                 lambda: lwc.Hash("ascon-cxof128", b"abc", customization=b"app"),
                 lambda: lwc.Prf("ascon-prf-v13", key, b"abc")):
        whole = make().squeeze(100)
        o = make()
        assert o.squeeze(30) == whole[:30]
        c = o.copy()
        for obj in (o, c):
            calls = [lambda: obj.update(b"x"), obj.digest, obj.hexdigest]
            if hasattr(obj, "verify"):
                calls.append(lambda: obj.verify(whole[:4]))
            for call in calls:
                with pytest.raises(ValueError, match=r"\(\) after squeeze\(\)"):
                    call()
        assert c.squeeze(50) == whole[30:80]
        assert o.squeeze(70) == whole[30:]
        assert c.squeeze(20) == whole[80:]


@pytest.mark.parametrize("kind", ["Hash", "Mac", "Prf"])
def test_threads_sharing_an_object_take_turns(lwc, kind):
    """Threads updating one incremental object at once (each part long
    enough to be absorbed without the GIL) take turns under its lock: the
    object ends as the one-shot call over all their input (the parts all
    alike, so their order does not matter), and the digest() another
    thread takes meanwhile is always that of a whole number of parts."""
    key = bytes(range(16))
    make, oneshot = {
        "Hash": (lambda: lwc.Hash("ascon-hash256"), lambda d: lwc.hash("ascon-hash256", d)),
        "Mac": (lambda: lwc.Mac("ascon-mac-v13", key), lambda d: lwc.mac("ascon-mac-v13", key, d)),
        "Prf": (lambda: lwc.Prf("ascon-prf-v13", key), lambda d: lwc.prf("ascon-prf-v13", key, d)),
    }[kind]
    part, writers, updates = bytes(range(256)) * 256, 4, 6  # 64 KiB a part
    assert len(part) > lwc.NOGIL_BYTES
    obj, seen, stop = make(), [], threading.Event()

    def write():
        for _ in range(updates):
            obj.update(part)

    def watch():
        while True:
            seen.append(obj.digest())
            if stop.is_set():
                return

    watcher = threading.Thread(target=watch)
    threads = [threading.Thread(target=write) for _ in range(writers)]
    watcher.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    watcher.join()
    assert obj.digest() == oneshot(part * (writers * updates))
    assert set(seen) <= {oneshot(part * k) for k in range(writers * updates + 1)}


def _scheme_h(top: str, scheme: str) -> dict[str, int]:
    """The sizes (CRYPTO_*) and a permutation's rounds (*_PERM_ROUNDS) the
    scheme's scheme.h defines."""
    text = (ROOT / top / scheme / "scheme.h").read_text()
    return {m[1]: int(m[2])
            for m in re.finditer(r"#define (CRYPTO_\w+|\w+_PERM_ROUNDS)\s+(\d+)", text)}


def test_attributes_are_the_descriptors(lwc):
    """The attributes of every type, for every scheme and implementation of
    the build: the names it was made with, the sizes its scheme.h states
    (the rounds, for a permutation that states them), each of its Python
    type; the repr names the type, the scheme and the implementation."""
    for scheme in lwc.schemes("aead"):
        sizes = _scheme_h("crypto_aead", scheme)
        for impl in lwc.implementations(scheme):
            a = lwc.Aead(scheme, impl)
            assert (a.scheme, a.impl) == (scheme, impl)
            assert (a.key_size, a.nonce_size, a.tag_size) == (
                sizes["CRYPTO_KEYBYTES"], sizes["CRYPTO_NPUBBYTES"], sizes["CRYPTO_ABYTES"])
            assert 4 <= a.min_tag_size <= a.tag_size and type(a.min_tag_size) is int
            assert type(a.nonce_masking) is bool and type(a.leveled) is bool
            assert type(a.shares) is int and a.shares >= 0
            assert repr(a) == f"lwc.Aead('{scheme}', impl='{impl}')"
    for kind, top in (("hash", "crypto_hash"), ("xof", "crypto_hash"), ("cxof", "crypto_cxof")):
        for scheme in lwc.schemes(kind):
            for impl in lwc.implementations(scheme):
                h = lwc.Hash(scheme, impl=impl)
                assert (h.scheme, h.name, h.impl, h.kind) == (scheme, scheme, impl, kind)
                assert h.digest_size == _scheme_h(top, scheme)["CRYPTO_BYTES"]
                assert type(h.max_customization_size) is int
                assert (h.max_customization_size > 0) == (kind == "cxof")
                assert repr(h) == f"<lwc.Hash '{scheme}' impl='{impl}'>"
    for kind, cls in (("mac", lwc.Mac), ("prf", lwc.Prf)):
        for scheme in lwc.schemes(kind):
            sizes = _scheme_h("crypto_auth", scheme)
            for impl in lwc.implementations(scheme):
                m = cls(scheme, bytes(sizes["CRYPTO_KEYBYTES"]), impl=impl)
                assert (m.scheme, m.name, m.impl, m.kind) == (scheme, scheme, impl, kind)
                assert (m.key_size, m.digest_size) == (sizes["CRYPTO_KEYBYTES"],
                                                       sizes["CRYPTO_BYTES"])
                assert repr(m) == f"<lwc.{cls.__name__} '{scheme}' impl='{impl}'>"
    for scheme in lwc.schemes("perm"):
        rounds = [v for k, v in _scheme_h("crypto_perm", scheme).items() if k.endswith("_ROUNDS")]
        for impl in lwc.implementations(scheme):
            p = lwc.Permutation(scheme, impl)
            assert (p.scheme, p.impl) == (scheme, impl)
            assert all(type(x) is int and x > 0 for x in (p.state_size, p.rounds, p.max_rounds))
            if rounds:
                assert p.rounds == rounds[0]
            assert repr(p) == f"<lwc.Permutation '{scheme}' impl='{impl}'>"


def test_mac_and_prf_lengths_and_limits(lwc):
    """Default lengths from the descriptors (Mac 16, Prf 64, PrfShort 16);
    a tag 4 to 16 bytes, a prefix of the full one; a PRF any length, each a
    prefix of the longer; PrfShort at most 16 bytes in and out; the
    verification of every prefix from 4 bytes, a forgery raising TagError
    (not a ValueError), a key of the wrong length a ValueError."""
    key, msg = bytes(range(16)), b"twenty-two byte input!"
    full = lwc.mac("ascon-mac-v13", key, msg)
    assert len(full) == 16 == lwc.Mac("ascon-mac-v13", key).digest_size
    for n in range(4, 17):
        assert lwc.mac("ascon-mac-v13", key, msg, n) == full[:n]
        lwc.mac_verify("ascon-mac-v13", key, msg, full[:n])
        with pytest.raises(lwc.TagError):
            lwc.mac_verify("ascon-mac-v13", key, msg, full[:n - 1] + bytes([full[n - 1] ^ 1]))
    for n in (0, 3, 17, 64):
        with pytest.raises(ValueError, match="4 to 16"):
            lwc.mac("ascon-mac-v13", key, msg, n)
    long = lwc.prf("ascon-prf-v13", key, msg, 5000)
    assert len(lwc.prf("ascon-prf-v13", key, msg)) == 64 == lwc.Prf("ascon-prf-v13", key).digest_size
    for n in (0, 1, 63, 64, 65, 4999):
        assert lwc.prf("ascon-prf-v13", key, msg, n) == long[:n]
    for n in (4, 17, 64):
        lwc.prf_verify("ascon-prf-v13", key, msg, long[:n])
    with pytest.raises(ValueError, match="4 to 64"):
        lwc.prf_verify("ascon-prf-v13", key, msg, long[:65])
    short = lwc.prf("ascon-prfs-v13", key, msg[:16])
    assert len(short) == 16
    for n in (0, 1, 15):
        assert lwc.prf("ascon-prfs-v13", key, msg[:16], n) == short[:n]
    lwc.prf_verify("ascon-prfs-v13", key, msg[:16], short)
    with pytest.raises(lwc.TagError):
        lwc.prf_verify("ascon-prfs-v13", key, msg[:16], bytes(16))
    with pytest.raises(ValueError, match="at most 16 bytes of input"):
        lwc.prf("ascon-prfs-v13", key, msg[:17])
    with pytest.raises(ValueError, match="at most 16 bytes of input"):
        lwc.prf_verify("ascon-prfs-v13", key, msg[:17], short)
    with pytest.raises(ValueError, match="0 to 16"):
        lwc.prf("ascon-prfs-v13", key, b"", 17)
    with pytest.raises(ValueError, match="one call"):
        lwc.Prf("ascon-prfs-v13", key)
    # bytes-like inputs of every kind, read in place
    for k, m in ((bytearray(key), memoryview(msg)), (memoryview(key), bytearray(msg))):
        assert lwc.mac("ascon-mac-v13", k, m) == full
        lwc.mac_verify("ascon-mac-v13", k, m, memoryview(full))
        assert lwc.Mac("ascon-mac-v13", k, m).digest() == full


def test_mac_and_prf_name_each_other(lwc):
    """lwc.mac and lwc.Mac take the MAC schemes, lwc.prf and lwc.Prf the
    PRF ones: each names the other for the other's schemes (also after the
    one-shot calls cached the descriptor)."""
    key = bytes(16)
    lwc.mac("ascon-mac-v13", key, b"")
    lwc.prf("ascon-prf-v13", key, b"")
    for call, words in ((lambda: lwc.mac("ascon-prf-v13", key, b""), "use lwc.prf()"),
                        (lambda: lwc.mac_verify("ascon-prfs-v13", key, b"", bytes(16)), "lwc.prf()"),
                        (lambda: lwc.prf("ascon-mac-v13", key, b""), "use lwc.mac()"),
                        (lambda: lwc.Prf("ascon-mac-v13", key), "use lwc.mac()"),
                        (lambda: lwc.Mac("ascon-prf-v13", key), "use lwc.prf()"),
                        (lambda: lwc.mac("ascon-hash256", key, b""), "unknown MAC scheme"),
                        (lambda: lwc.prf("ascon-mac-v12", key, b""), "unknown PRF scheme")):
        with pytest.raises(ValueError, match=re.escape(words)):
            call()


def test_batches_equal_single_calls(lwc):
    """Every engine this CPU runs: each job's result is the one-message
    call's; a forged job gives None and leaves the others."""
    rng = random.Random(11)
    for scheme in lwc.schemes("aead"):
        a = lwc.Aead(scheme)
        jobs = [(rng.randbytes(a.key_size), rng.randbytes(a.nonce_size),
                 rng.randbytes(rng.randrange(0, 200)), rng.randbytes(rng.randrange(0, 30)))
                for _ in range(13)]
        want = [a.encrypt(*j) for j in jobs]
        engines = lwc.batch_engines(scheme)
        assert engines[-1] == "single"
        for engine in engines + [None]:
            assert a.encrypt_batch(jobs, engine=engine) == want, (scheme, engine)
            back = [(k, n, c, ad) for (k, n, _, ad), c in zip(jobs, want)]
            back[5] = (back[5][0], back[5][1], bytes(len(back[5][2])), back[5][3])
            got = a.decrypt_batch(back, engine=engine)
            assert got[5] is None
            assert got[:5] + got[6:] == [j[2] for j in jobs[:5] + jobs[6:]]
    for scheme in lwc.schemes("hash") + lwc.schemes("xof") + lwc.schemes("cxof"):
        msgs = [rng.randbytes(rng.randrange(0, 300)) for _ in range(9)]
        n = lwc.Hash(scheme).digest_size
        for engine in lwc.batch_engines(scheme):
            if scheme in lwc.schemes("cxof"):
                jobs = [(m, m[:5]) for m in msgs]
                want = [lwc.hash(scheme, m, n, customization=m[:5]) for m in msgs]
            else:
                jobs, want = msgs, [lwc.hash(scheme, m, n) for m in msgs]
            assert lwc.hash_batch(scheme, jobs, n, engine=engine) == want, (scheme, engine)


def test_permutations(lwc):
    """add, permute, extract, reset; permute(rounds) with the scheme's own
    number of rounds is permute()."""
    for scheme in lwc.schemes("perm"):
        p = lwc.Permutation(scheme)
        p.add_bytes(bytes(range(8)), 3)
        p.permute()
        first = p.extract_bytes(p.state_size)
        p.reset()
        assert p.extract_bytes(p.state_size) == bytes(p.state_size)
        p.add_bytes(bytes(range(8)), offset=3)
        p.permute(p.rounds) if p.rounds <= p.max_rounds else p.permute()
        assert p.extract_bytes(p.state_size) == first
        with pytest.raises(ValueError, match="outside"):
            p.add_bytes(b"x", p.state_size)
        with pytest.raises(ValueError, match="outside"):
            p.extract_bytes(2, p.state_size - 1)
        with pytest.raises(ValueError, match="rounds"):
            p.permute(p.max_rounds + 1)


HOSTILE = [
    # (call on (lwc, aead, key, nonce), exception)
    (lambda L, a, k, n: a.encrypt("key", n, b""), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, "text"), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, None), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, 5), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", [1]), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, memoryview(b"abcd")[::2]), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", b"", 4), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", colour=1), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", key=k), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len="8"), TypeError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len=True), TypeError),
    (lambda L, a, k, n: a.encrypt(k[:15], n, b""), ValueError),
    (lambda L, a, k, n: a.encrypt(k + b"x", n, b""), ValueError),
    (lambda L, a, k, n: a.encrypt(k, b"", b""), ValueError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len=3), ValueError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len=17), ValueError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len=-1), ValueError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", tag_len=1 << 80), ValueError),
    (lambda L, a, k, n: a.encrypt(k, n, b"", mask_key=k[:8]), ValueError),
    (lambda L, a, k, n: a.decrypt(k, n, b"short"), ValueError),
    (lambda L, a, k, n: a.decrypt(k, n, bytes(16)), "TagError"),
    (lambda L, a, k, n: a.encrypt_batch([(k, n)]), ValueError),
    (lambda L, a, k, n: a.encrypt_batch([(k, n, b"", b"", b"")]), ValueError),
    (lambda L, a, k, n: a.encrypt_batch([b"job"]), TypeError),
    (lambda L, a, k, n: a.encrypt_batch(5), TypeError),
    (lambda L, a, k, n: a.encrypt_batch([(k, n[:3], b"")]), ValueError),
    (lambda L, a, k, n: a.encrypt_batch([(k, n, b"")], engine="sse9"), ValueError),
    (lambda L, a, k, n: a.decrypt_batch([(k, n, b"")]), ValueError),
    (lambda L, a, k, n: L.Aead("no-such-aead"), ValueError),
    (lambda L, a, k, n: L.Aead("ascon-aead128", "no-such-impl"), ValueError),
    (lambda L, a, k, n: L.Aead("ascon-aead128\0x"), ValueError),
    (lambda L, a, k, n: L.Aead(b"ascon-aead128"), TypeError),
    (lambda L, a, k, n: L.Aead("ascon-hash256"), ValueError),
    (lambda L, a, k, n: L.hash("ascon-hash256", b"", 16), ValueError),
    (lambda L, a, k, n: L.hash("ascon-hash256", "text"), TypeError),
    (lambda L, a, k, n: L.hash("ascon-hash256", b"", customization=b"x"), ValueError),
    (lambda L, a, k, n: L.hash("ascon-cxof128", b"", customization=bytes(300)), ValueError),
    (lambda L, a, k, n: L.hash("ascon-xof128", b"", -1), ValueError),
    (lambda L, a, k, n: L.hash("ascon-xof128", b"", 1 << 62), (MemoryError, OverflowError)),
    (lambda L, a, k, n: L.hash("no-such-hash", b""), ValueError),
    (lambda L, a, k, n: L.hash(None, b""), TypeError),
    (lambda L, a, k, n: L.hash_batch("ascon-hash256", [b"", "s"]), TypeError),
    (lambda L, a, k, n: L.hash_batch("ascon-cxof128", [(b"", b"", b"")]), ValueError),
    (lambda L, a, k, n: L.Hash("ascon-hash256").squeeze(4), ValueError),
    (lambda L, a, k, n: L.Hash("ascon-xof128").squeeze(-4), ValueError),
    (lambda L, a, k, n: L.Hash("ascon-xof128").update(None), TypeError),
    (lambda L, a, k, n: L.Hash("ascon-hash256").digest(31), ValueError),
    (lambda L, a, k, n: L.Permutation("ascon-aead128"), ValueError),
    (lambda L, a, k, n: L.Permutation("ascon-p12").add_bytes(b"x", -1), ValueError),
    (lambda L, a, k, n: L.Permutation("ascon-p12").permute(0), ValueError),
    (lambda L, a, k, n: L.schemes("cipher"), ValueError),
    (lambda L, a, k, n: L.schemes("auth"), ValueError),
    (lambda L, a, k, n: L.batch_engines("ascon-p12"), ValueError),
    (lambda L, a, k, n: L.batch_engines("ascon-mac-v13"), ValueError),
    # MAC and PRF
    (lambda L, a, k, n: L.mac("ascon-mac-v13", "key", b""), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, "text"), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, None), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", 16, "ref"), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", length="16"), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", tag_len=8), TypeError),
    (lambda L, a, k, n: L.mac(b"ascon-mac-v13", k, b""), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, memoryview(b"abcd")[::2]), TypeError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k[:15], b""), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k + b"x", b""), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", 17), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", 3), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", -1), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", 1 << 80), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13", k, b"", impl="no-such-impl"), ValueError),
    (lambda L, a, k, n: L.mac("ascon-mac-v13\0x", k, b""), ValueError),
    (lambda L, a, k, n: L.mac("ascon-prf-v13", k, b""), ValueError),
    (lambda L, a, k, n: L.mac("ascon-aead128", k, b""), ValueError),
    (lambda L, a, k, n: L.mac_verify("ascon-mac-v13", k, b"", bytes(16)), "TagError"),
    (lambda L, a, k, n: L.mac_verify("ascon-mac-v13", k, b"", bytes(3)), ValueError),
    (lambda L, a, k, n: L.mac_verify("ascon-mac-v13", k, b"", bytes(17)), ValueError),
    (lambda L, a, k, n: L.mac_verify("ascon-mac-v13", k, b"", "tag"), TypeError),
    (lambda L, a, k, n: L.mac_verify("ascon-mac-v13", k, b""), TypeError),
    (lambda L, a, k, n: L.prf("ascon-prf-v13", k, b"", -1), ValueError),
    (lambda L, a, k, n: L.prf("ascon-prf-v13", k, b"", 1 << 62), (MemoryError, OverflowError)),
    (lambda L, a, k, n: L.prf("ascon-prfs-v13", k, bytes(17)), ValueError),
    (lambda L, a, k, n: L.prf("ascon-prfs-v13", k, b"", 17), ValueError),
    (lambda L, a, k, n: L.prf("ascon-mac-v13", k, b""), ValueError),
    (lambda L, a, k, n: L.prf("no-such-prf", k, b""), ValueError),
    (lambda L, a, k, n: L.prf_verify("ascon-prf-v13", k, b"", bytes(65)), ValueError),
    (lambda L, a, k, n: L.prf_verify("ascon-prfs-v13", k, b"", bytes(16)), "TagError"),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13"), TypeError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k, "text"), TypeError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k[:8]), ValueError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k).update(None), TypeError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k).digest(17), ValueError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k).verify(bytes(16)), "TagError"),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k).verify(bytes(2)), ValueError),
    (lambda L, a, k, n: L.Mac("ascon-mac-v13", k).verify(None), TypeError),
    (lambda L, a, k, n: L.Mac("ascon-prf-v13", k), ValueError),
    (lambda L, a, k, n: L.Prf("ascon-prfs-v13", k), ValueError),
    (lambda L, a, k, n: L.Prf("ascon-prf-v13", k).squeeze(-4), ValueError),
    (lambda L, a, k, n: L.Prf("ascon-prf-v13", k).squeeze("4"), TypeError),
    (lambda L, a, k, n: L.Prf("ascon-prf-v13", k, impl="no-such-impl"), ValueError),
]


@pytest.mark.parametrize("case", range(len(HOSTILE)))
def test_hostile_arguments_raise(lwc, case):
    """Each refused call raises the exception its kind of mistake gives,
    with a message, and the interpreter goes on."""
    call, exc = HOSTILE[case]
    exc = lwc.TagError if exc == "TagError" else exc
    a = lwc.Aead("ascon-aead128")
    with pytest.raises(exc) as e:
        call(lwc, a, bytes(16), bytes(16))
    assert str(e.value) or isinstance(e.value, MemoryError)
    assert not issubclass(lwc.TagError, ValueError)  # a forgery is not a bad argument


def test_any_argument_anywhere_raises_or_answers(lwc):
    """Every call of the API with each argument in turn replaced by each
    of a set of wrong values (and a few positions past the end): the call
    returns or raises one of the documented exceptions; the interpreter
    never goes down (a crash would end this test's worker)."""
    a = lwc.Aead("ascon-aead128")
    k = bytes(16)
    bad = [None, 0, -1, 1 << 70, 2.5, "text", [b"x"], (k,), {}, object(), memoryview(k)[::2],
           bytearray(3), k, bytes(100000), True]
    calls = [
        (a.encrypt, [k, k, b"msg", b"ad"]), (a.decrypt, [k, k, bytes(20), b"ad"]),
        (a.encrypt_batch, [[(k, k, b"m")]]), (a.decrypt_batch, [[(k, k, bytes(16))]]),
        (lwc.hash, ["ascon-xof128", b"m", 16]), (lwc.hash_batch, ["ascon-hash256", [b"m"]]),
        (lwc.Hash, ["ascon-cxof128", b"m"]), (lwc.Aead, ["ascon-aead128", None]),
        (lwc.Permutation, ["ascon-p12", None]), (lwc.Permutation("ascon-p12").add_bytes, [b"m", 0]),
        (lwc.Permutation("ascon-p12").extract_bytes, [8, 0]),
        (lwc.Permutation("ascon-p12").permute, [6]), (lwc.Hash("ascon-xof128").squeeze, [4]),
        (lwc.Hash("ascon-xof128").digest, [4]), (lwc.Hash("ascon-xof128").update, [b"m"]),
        (lwc.mac, ["ascon-mac-v13", k, b"m", 8]), (lwc.prf, ["ascon-prf-v13", k, b"m", 8]),
        (lwc.mac_verify, ["ascon-mac-v13", k, b"m", bytes(16)]),
        (lwc.prf_verify, ["ascon-prfs-v13", k, b"m", bytes(16)]),
        (lwc.Mac, ["ascon-mac-v13", k, b"m"]), (lwc.Prf, ["ascon-prf-v13", k, b"m"]),
        (lwc.Mac("ascon-mac-v13", k).digest, [8]), (lwc.Mac("ascon-mac-v13", k).verify, [k]),
        (lwc.Prf("ascon-prf-v13", k).squeeze, [4]), (lwc.Prf("ascon-prf-v13", k).update, [b"m"]),
        (lwc.schemes, ["aead"]), (lwc.implementations, ["ascon-aead128"]),
        (lwc.batch_engines, ["ascon-aead128"]),
    ]
    allowed = (TypeError, ValueError, lwc.TagError, MemoryError, OverflowError)
    tried = 0
    for fn, good in calls:
        for i in range(len(good) + 2):
            for value in bad:
                args = list(good) + [None] * max(0, i + 1 - len(good))
                args[i] = value
                try:
                    fn(*args)
                except allowed:
                    pass
                tried += 1
    assert tried > 500


def test_a_forgery_releases_nothing(lwc):
    """decrypt raises and returns nothing: the caller's buffers are as they
    were, and the plaintext object the library zeroed is gone."""
    a = lwc.Aead("ascon-aead128")
    key, nonce = bytes(16), bytes(16)
    ct = bytearray(a.encrypt(key, nonce, b"secret plaintext" * 4))
    ct[3] ^= 1
    before = bytes(ct)
    with pytest.raises(lwc.TagError, match="authentication failed"):
        a.decrypt(key, nonce, ct)
    assert bytes(ct) == before


@pytest.mark.parametrize("call", ["hash", "mac", "prf_verify", "Mac.update"])
def test_long_calls_release_the_gil(lwc, call):
    """While one thread hashes (or MACs) 64 MiB, another runs Python code:
    the GIL was released for the call.  (A 16-byte call keeps it: not
    timed here.)"""
    data = bytes(64 << 20)
    window = {}
    run_call = {
        "hash": lambda: lwc.hash("ascon-hash256", data),
        "mac": lambda: lwc.mac("ascon-mac-v13", bytes(16), data),
        "prf_verify": lambda: pytest.raises(lwc.TagError, lwc.prf_verify, "ascon-prf-v13",
                                            bytes(16), data, bytes(16)),
        "Mac.update": lambda: lwc.Mac("ascon-mac-v13", bytes(16)).update(data),
    }[call]

    def worker():
        window["start"] = time.perf_counter()
        run_call()
        window["end"] = time.perf_counter()

    ticks = []
    t = threading.Thread(target=worker)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
    t.join()
    inside = [x for x in ticks if window["start"] < x < window["end"]]
    span = window["end"] - window["start"]
    assert span > 0.02, span  # long enough for the test to mean something
    assert len(inside) > 100, (len(inside), span)
    assert lwc.NOGIL_BYTES <= 4096


def test_the_stub_matches_the_module(lwc):
    """python/lwc/_lwc.pyi (the types users' checkers read) names exactly
    what the binding has: functions, classes, their methods and
    properties, each on the class that has it; a private class of the
    stub (_Incremental, _Keyed) is a base type of the module's classes,
    with the same bases, not a name of the module."""
    from lwc import _lwc
    tree = ast.parse((ROOT / "python" / "lwc" / "_lwc.pyi").read_text())
    stub: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stub[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)
                               and n.name != "__init__"} - {"..."}
            bases[node.name] = [b.id for b in node.bases]
        elif isinstance(node, ast.FunctionDef):
            stub[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            stub[node.target.id] = set()
    public = {n for n in dir(_lwc) if not n.startswith("__")}
    private = {n for n in stub if n.startswith("_") and n not in public}
    assert set(stub) - private == public
    types = {t.__name__: t for n in public if isinstance(getattr(_lwc, n), type)
             for t in getattr(_lwc, n).__mro__}
    assert private <= set(types), private - set(types)
    for name, members in stub.items():
        obj = types.get(name, getattr(_lwc, name, None))
        if isinstance(obj, type) and name != "TagError":
            have = {m for m in vars(obj) if not m.startswith("__")}
            assert members == have, name
            assert bases[name] == [b.__name__ for b in obj.__bases__ if b is not object], name
    assert set(lwc.__all__) - {"__version__"} == public
    for name in private:  # a base is not made by itself
        with pytest.raises(TypeError):
            types[name]()


@pytest.mark.parametrize("doc", ["README.md", "docs/using.md"])
def test_the_python_examples_run(lwc, doc):
    """Every Python block of the README and of docs/using.md runs."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / doc).read_text(), re.S)
    assert blocks, doc
    for i, code in enumerate(blocks):
        exec(compile(code, f"{doc} block {i + 1}", "exec"), {})


def test_the_benchmark_prints_its_table_and_goals(lwc, capsys):
    """python -m lwc.bench --quick: every contender measured in this run,
    both goals stated (their figures are the benchmark's to report, not
    this test's to assert)."""
    from lwc import bench
    assert bench.main(["--quick"]) == 0
    out = capsys.readouterr().out
    for row in ("lwc (Python) | ascon-aead128", "lwc (C, same process)", "pyascon | Ascon-128",
                "cryptography | AES-128-GCM", "cryptography | ChaCha20-Poly1305"):
        assert row in out, out
    assert len(re.findall(r"^goal (met|NOT met): ", out, re.M)) == 2, out
    assert bench.main(["--quick", "--json", "--scheme", "xoodyak"]) == 0
    import json
    doc = json.loads(capsys.readouterr().out)
    assert {r["algorithm"].split()[0] for r in doc["records"]} >= {"xoodyak", "AES-128-GCM"}
    assert all(r["ns_per_call"] > 0 for r in doc["records"])
    with pytest.raises(SystemExit):
        bench.main(["--scheme", "no-such-aead"])
