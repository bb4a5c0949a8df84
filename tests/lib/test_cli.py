"""Tests of the `lwc` command-line tool (tools/lwc/*.c) and its launcher ./lwc.

Most tests run the built binary of every variant (release, clang, asan; see
conftest.py) so that the ASan/UBSan build checks the tool too.  The launcher
tests and the constant-memory test run once.
"""
from __future__ import annotations

import os
import pathlib
import pty
import random
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import textwrap
import time

import pytest

from harness import katfile
from tests.helpers import KAT_DIR, ROOT, bin_dir, host_impls

KEY = bytes(range(16))
NONCE = bytes(range(16, 32))
RAW_SIZE = 3 * 1024 * 1024 + 12345       # "a few MiB", not a chunk multiple
HEX_ARG_MAX = 60000                      # bytes per hex argument (< 128 KiB)


# ----------------------------------------------------------------- helpers

def kat_schemes() -> list[str]:
    return sorted(p.stem for p in KAT_DIR.glob("ascon*.txt"))


def parse_kat(path: pathlib.Path) -> list[dict[str, str]]:
    return katfile.records(path)


def pick(records: list, n_extra: int = 2) -> list:
    """First, second, middle and last records plus a few fixed others."""
    idx = {0, 1, len(records) // 2, len(records) - 1}
    rng = random.Random(len(records))
    idx |= {rng.randrange(len(records)) for _ in range(n_extra)}
    return [records[i] for i in sorted(idx)]


class Lwc:
    """Runs one build's binary; stdin is /dev/null unless input is given."""

    def __init__(self, exe: pathlib.Path, env: dict | None = None):
        self.exe, self.env = exe, env

    def __call__(self, *args, input=None, stdin=None, stdout=None, cwd=None):
        kw = {"env": self.env, "cwd": cwd, "timeout": 300, "stderr": subprocess.PIPE,
              "stdout": stdout if stdout is not None else subprocess.PIPE}
        if input is not None:
            kw["input"] = input
        else:
            kw["stdin"] = stdin if stdin is not None else subprocess.DEVNULL
        return subprocess.run([str(self.exe), *map(str, args)], **kw)

    def ok(self, *args, **kw) -> bytes:
        r = self(*args, **kw)
        assert r.returncode == 0, (args, r.returncode, r.stderr.decode(errors="replace"))
        assert r.stderr == b"", r.stderr
        return r.stdout

    def hex(self, *args, **kw) -> str:
        out = self.ok(*args, **kw).decode()
        assert out.endswith("\n") and out.count("\n") == 1, out[:200]
        line = out[:-1]
        assert line == line.lower() and all(c in "0123456789abcdef" for c in line)
        return line

    def listing(self) -> dict[str, list[str]]:
        lines = self.ok("list").decode().splitlines()
        table = {}
        for line in lines:
            scheme, *impls = line.split()
            assert scheme not in table, f"{scheme} listed twice"
            table[scheme] = impls
        return table


def one_line_error(r, status: int, *words: str) -> str:
    err = r.stderr.decode(errors="replace")
    assert r.returncode == status, (r.returncode, err)
    assert not r.stdout, r.stdout[:200]
    assert err.startswith("lwc: ") and err.endswith("\n") and err.count("\n") == 1, err
    for w in words:
        assert w in err, (w, err)
    return err


# Key and nonce lengths other than 16 bytes.
KEY_NONCE = {"ascon80pq-v12": (20, 16), "gimli24-cipher": (32, 16), "schwaemm256-128": (16, 32),
             "dumbo": (16, 12), "grain128aead-v2": (16, 12)}


def lengths(scheme: str) -> tuple[int, int]:
    return KEY_NONCE.get(scheme, (16, 16))


# Tags other than 16 bytes.
TAG = {"dumbo": 8, "grain128aead-v2": 8}


def tag_length(scheme: str) -> int:
    return TAG.get(scheme, 16)


def aead_args(scheme, key=KEY, nonce=NONCE, ad=None, extra=()):
    args = [scheme, "--key", key.hex(), "--nonce", nonce.hex()]
    if ad is not None:
        args += ["--ad", ad.hex()]
    return args + list(extra)


@pytest.fixture
def lwc(bins, sanitizer_env) -> Lwc:
    return Lwc(bins / "lwc", sanitizer_env)


@pytest.fixture(scope="module")
def release() -> Lwc:
    return Lwc(bin_dir("release") / "lwc")


HASH_KINDS = ("hash", "xof", "cxof")
AUTH_KINDS = ("mac", "prf", "prfs")   # lwc mac; lwc prf (prfs: a short-input PRF)
AUTH_KEY = ["--key", "00" * 16]        # every MAC and PRF of lwc.h takes 16 bytes


@pytest.fixture(scope="module")
def kinds(release) -> dict[str, str]:
    """scheme -> 'aead', 'hash' (fixed length), 'xof', 'cxof', 'mac', 'prf'
    or 'prfs' (a PRF of at most 16 output bytes), found via the CLI."""
    out = {}
    for scheme in release.listing():
        if release("mac", scheme, *AUTH_KEY, "--msg", "").returncode == 0:
            out[scheme] = "mac"
        elif release("prf", scheme, *AUTH_KEY, "--msg", "", "--out-len", 17).returncode == 0:
            out[scheme] = "prf"
        elif release("prf", scheme, *AUTH_KEY, "--msg", "").returncode == 0:
            out[scheme] = "prfs"
        elif release("hash", scheme, "--msg", "").returncode != 0:
            out[scheme] = "aead"
        elif release("hash", scheme, "--msg", "", "--custom", "").returncode == 0:
            out[scheme] = "cxof"
        elif release("hash", scheme, "--msg", "", "--out-len", "1").returncode == 0:
            out[scheme] = "xof"
        else:
            out[scheme] = "hash"
    return out


@pytest.fixture(scope="module")
def data() -> bytes:
    return random.Random(1234).randbytes(RAW_SIZE)


# ----------------------------------------------------------------- list, help

def test_list_names_every_scheme_and_impl(lwc):
    table = lwc.listing()
    for scheme in kat_schemes():
        assert scheme in table, f"{scheme} has a KAT file but is not listed"
    assert len(table) >= 14
    for scheme, impls in table.items():
        assert "ref" in impls, scheme
        assert len(impls) >= 3 and len(set(impls)) == len(impls), (scheme, impls)
    # the MACs and PRFs (lwc_auth): every implementation the build has, in
    # the registry's order (the preferred first)
    built: dict[str, list[str]] = {}
    for i in host_impls():
        if i.kind == "auth":
            built.setdefault(i.scheme, []).append(i.name)
    assert {"ascon-mac-v13", "ascon-prf-v13", "ascon-prfs-v13"} <= set(built)
    for scheme, names in built.items():
        assert table[scheme] == names, scheme


def test_list_order_aead_then_hash_then_mac_and_prf(lwc, kinds):
    group = {"aead": 0, **{k: 1 for k in HASH_KINDS}, **{k: 2 for k in AUTH_KINDS}}
    order = [group[kinds[s]] for s in lwc.listing()]
    assert order == sorted(order), "AEAD schemes first, then hashes, then MACs and PRFs"
    assert {kinds[s] for s in lwc.listing()} >= {"aead", *HASH_KINDS, *AUTH_KINDS}


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["help"], ["help", "encrypt"],
                                  ["encrypt", "--help"], ["decrypt", "--help"],
                                  ["hash", "ascon-hash256", "--help"], ["list", "--help"],
                                  ["help", "mac"], ["help", "prf"], ["mac", "--help"],
                                  ["prf", "ascon-prf-v13", "-h"]])
def test_help(lwc, args):
    r = lwc(*args)
    assert r.returncode == 0 and r.stderr == b""
    text = r.stdout.decode()
    assert text.startswith("usage: lwc")
    if len(args) > 1 or args[0] not in ("--help", "-h", "help"):
        cmd = args[1] if args[0] == "help" else args[0]
        assert f"usage: lwc {cmd}" in text


AEAD_ROW = re.compile(r"^(\S+) +key (\d+)  nonce (\d+)  tag (\d+)"
                      r"(?:  tag-len (\d+)\.\.(\d+))?(?:  mask-key (\d+))?$")
HASH_ROW = re.compile(r"^(\S+) +(hash|xof|cxof) +(?:digest (\d+)|out-len (\d+))"
                      r"(?:  custom 0\.\.(\d+))?$")
# a MAC: key, full tag, --out-len's range; a PRF: key, default output; a
# short-input PRF: key, --out-len's range, input lengths
AUTH_ROW = re.compile(r"^(\S+) +(mac|prf|prfs) +key (\d+)(?:  tag (\d+))?"
                      r"  out-len (?:(\d+)\.\.)?(\d+)(?:  msg 0\.\.(\d+))?$")


def size_rows(text: str, row: re.Pattern, indent: str = "  ") -> dict[str, re.Match]:
    rows = {}
    for line in text.splitlines():
        if line.startswith(indent) and (m := row.match(line[len(indent):])):
            assert m.group(1) not in rows, line
            rows[m.group(1)] = m
    return rows


def check_aead_sizes(lwc, rows: dict[str, re.Match]):
    """Each row's sizes are the ones the tool takes: key, nonce and tag of
    those lengths work, a byte more or less is refused."""
    for scheme, m in rows.items():
        klen, nlen, tlen = int(m.group(2)), int(m.group(3)), int(m.group(4))
        ct = lwc.hex("encrypt", *aead_args(scheme, bytes(klen), bytes(nlen)), "--msg", "00")
        assert len(ct) == 2 * (1 + tlen), scheme
        one_line_error(lwc("encrypt", *aead_args(scheme, bytes(klen + 1), bytes(nlen)), "--msg",
                           ""), 2, "--key", f"expected {klen} bytes")
        one_line_error(lwc("encrypt", *aead_args(scheme, bytes(klen), bytes(nlen - 1)), "--msg",
                           ""), 2, "--nonce", f"expected {nlen} bytes")
        base = aead_args(scheme, bytes(klen), bytes(nlen))
        if m.group(5):  # truncation: exactly that range
            lo, hi = int(m.group(5)), int(m.group(6))
            assert hi == tlen
            assert len(lwc.hex("encrypt", *base, "--tag-len", lo, "--msg", "")) == 2 * lo
            one_line_error(lwc("encrypt", *base, "--tag-len", lo - 1, "--msg", ""), 2, "--tag-len")
        else:
            one_line_error(lwc("encrypt", *base, "--tag-len", tlen - 1, "--msg", ""), 2,
                           "--tag-len", "does not support tag truncation")
        if m.group(7):
            assert int(m.group(7)) == klen
            lwc.hex("encrypt", *base, "--mask-key", "11" * klen, "--msg", "")
        else:
            one_line_error(lwc("encrypt", *base, "--mask-key", "11" * klen, "--msg", ""), 2,
                           "does not support nonce masking")


@pytest.mark.parametrize("cmd", [["help", "encrypt"], ["decrypt", "--help"]])
def test_aead_help_gives_every_schemes_sizes(lwc, kinds, cmd):
    """Issue 30: `lwc help encrypt` gave Ascon's key and nonce sizes for every
    scheme; they come from the descriptors now, one row per AEAD scheme."""
    rows = size_rows(lwc.ok(*cmd).decode(), AEAD_ROW)
    assert sorted(rows) == sorted(s for s, k in kinds.items() if k == "aead")
    # the four the issue named, and every other one the tests know
    for scheme in rows:
        klen, nlen = lengths(scheme)
        assert (int(rows[scheme].group(2)), int(rows[scheme].group(3)),
                int(rows[scheme].group(4))) == (klen, nlen, tag_length(scheme)), scheme
    assert rows["gimli24-cipher"].group(2) == "32" and rows["schwaemm256-128"].group(3) == "32"
    assert rows["dumbo"].group(3) == "12" and rows["grain128aead-v2"].group(3) == "12"
    assert rows["ascon-aead128"].group(5, 6, 7) == ("4", "16", "16")
    check_aead_sizes(lwc, rows)


def test_hash_help_gives_every_schemes_output(lwc, kinds):
    """Issue 30: `lwc help hash` named no XOF's default length; one row per
    hash scheme now: the digest, or the output without --out-len."""
    rows = size_rows(lwc.ok("help", "hash").decode(), HASH_ROW)
    assert sorted(rows) == sorted(s for s, k in kinds.items() if k in HASH_KINDS)
    for scheme, m in rows.items():
        assert m.group(2) == kinds[scheme]
        default = len(lwc.hex("hash", scheme, "--msg", "00")) // 2
        assert int(m.group(3) or m.group(4)) == default, scheme
        assert (m.group(3) is not None) == (kinds[scheme] == "hash")
        assert (m.group(5) is not None) == (kinds[scheme] == "cxof")
    assert rows["ascon-xof128"].group(4) == "64" and rows["asconxof-v12"].group(4) == "32"
    custom = int(rows["ascon-cxof128"].group(5))
    lwc.hex("hash", "ascon-cxof128", "--custom", "ab" * custom, "--msg", "")
    one_line_error(lwc("hash", "ascon-cxof128", "--custom", "ab" * (custom + 1), "--msg", ""), 2,
                   "--custom", f"at most {custom}")


def check_auth_sizes(lwc, rows: dict[str, re.Match]):
    """Each MAC or PRF row's sizes are the ones the tool takes: a key of
    that length works and a byte more or less is refused; without
    --out-len the output has the default length; --out-len takes its range
    and refuses a byte past either end; the input limit likewise."""
    for scheme, m in rows.items():
        kind, klen = m.group(2), int(m.group(3))
        cmd = "mac" if kind == "mac" else "prf"
        lo = int(m.group(5)) if m.group(5) is not None else None
        top = int(m.group(6))
        key = ["--key", "11" * klen]
        default = len(lwc.hex(cmd, scheme, *key, "--msg", "00")) // 2
        for wrong in (klen - 1, klen + 1):
            one_line_error(lwc(cmd, scheme, "--key", "11" * wrong, "--msg", ""), 2,
                           "--key", f"expected {klen} bytes")
        if kind == "prf":   # out-len N: the default, and any length works
            assert default == top and lo is None and m.group(4) is None
            assert len(lwc.hex(cmd, scheme, *key, "--msg", "", "--out-len", 3 * top)) == 6 * top
            continue
        assert lo is not None and default == top
        assert (m.group(4) is not None) == (kind == "mac")
        if kind == "mac":
            assert int(m.group(4)) == top
        for n in (lo, top):
            assert len(lwc.hex(cmd, scheme, *key, "--msg", "", "--out-len", n)) == 2 * n
        for n in ((lo - 1, top + 1) if lo > 0 else (top + 1,)):
            one_line_error(lwc(cmd, scheme, *key, "--msg", "", "--out-len", n), 2,
                           "--out-len", f"out of range ({lo}..{top})")
        if m.group(7) is not None:
            most = int(m.group(7))
            lwc.hex(cmd, scheme, *key, "--msg", "ab" * most)
            one_line_error(lwc(cmd, scheme, *key, "--msg", "ab" * (most + 1)), 2,
                           "--msg", f"at most {most}")


@pytest.mark.parametrize("cmd", ["mac", "prf"])
def test_auth_help_gives_every_schemes_sizes(lwc, kinds, cmd):
    """`lwc help mac` ends with one row per MAC, `lwc help prf` with one row
    per PRF: the key, and the output lengths, from the descriptors."""
    rows = size_rows(lwc.ok("help", cmd).decode(), AUTH_ROW)
    want = ("mac",) if cmd == "mac" else ("prf", "prfs")
    assert sorted(rows) == sorted(s for s, k in kinds.items() if k in want)
    for scheme, m in rows.items():
        assert m.group(2) == kinds[scheme], scheme
    if cmd == "mac":
        assert rows["ascon-mac-v13"].group(3, 4, 5, 6, 7) == ("16", "16", "4", "16", None)
    else:
        assert rows["ascon-prf-v13"].group(3, 4, 5, 6, 7) == ("16", None, None, "64", None)
        assert rows["ascon-prfs-v13"].group(3, 4, 5, 6, 7) == ("16", None, "0", "16", "16")
    check_auth_sizes(lwc, rows)


def test_list_sizes(lwc, kinds):
    """`lwc list --sizes`: one line per scheme, in the order of `lwc list`,
    its kind and its sizes from the descriptors (`lwc list` is unchanged)."""
    lines = lwc.ok("list", "--sizes").decode().splitlines()
    assert [line.split()[0] for line in lines] == list(lwc.listing())
    aead = size_rows("\n".join(line.replace("  aead  ", "  ", 1) for line in lines
                               if line.split()[1] == "aead"), AEAD_ROW, indent="")
    hashes = size_rows("\n".join(lines), HASH_ROW, indent="")
    auth = size_rows("\n".join(lines), AUTH_ROW, indent="")
    assert len(aead) + len(hashes) + len(auth) == len(lines) == len(kinds)
    assert sorted(auth) == sorted(s for s, k in kinds.items() if k in AUTH_KINDS)
    help_auth = {**size_rows(lwc.ok("help", "mac").decode(), AUTH_ROW),
                 **size_rows(lwc.ok("help", "prf").decode(), AUTH_ROW)}
    assert {s: m.groups() for s, m in auth.items()} == {s: m.groups() for s, m in help_auth.items()}
    for scheme, kind in kinds.items():
        assert lines[list(lwc.listing()).index(scheme)].split()[1] == kind
    help_rows = size_rows(lwc.ok("help", "encrypt").decode(), AEAD_ROW)
    assert {s: m.groups() for s, m in aead.items()} == {s: m.groups() for s, m in help_rows.items()}
    assert {s: m.groups() for s, m in hashes.items()} == \
        {s: m.groups() for s, m in size_rows(lwc.ok("help", "hash").decode(), HASH_ROW).items()}
    check_aead_sizes(lwc, {s: aead[s] for s in ("gimli24-cipher", "schwaemm256-128", "dumbo")})
    one_line_error(lwc("list", "--sizes", "--sizes"), 2, "--sizes", "more than once")
    one_line_error(lwc("list", "--long"), 2, "unknown option '--long'")


def test_docs_sizes_are_the_tools(release):
    """docs/lwc.md's `lwc list --sizes` lines are lines the tool prints."""
    block = re.search(r"```sh\n\./lwc list --sizes\n(.*?)```", (ROOT / "docs" / "lwc.md").read_text(),
                      re.S).group(1)
    lines = [line for line in block.splitlines() if line != "..."]
    assert len(lines) >= 4
    printed = release.ok("list", "--sizes").decode().splitlines()
    for line in lines:
        assert line in printed, line


def test_usage_names_no_one_family(lwc):
    """Issue 30: `lwc --help` said "(Ascon)" of a tool of every scheme; it
    points to `lwc list --sizes` now, and names the file options and the
    version."""
    text = lwc.ok("--help").decode()
    assert "(Ascon)" not in text
    for words in ("lwc list --sizes", "--key-file FILE", "lwc --version", "SIGPIPE",
                  "lwc mac SCHEME", "lwc prf SCHEME", "--verify HEX"):
        assert words in text, words


def project_version() -> str:
    m = re.search(r"^project\(lwc VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text(), re.M)
    return m.group(1)


def test_version_of_both_tools(lwc):
    """Issue 30: `--version` on ./lwc and ./lwcbench, the same version, from
    CMakeLists.txt's project() line (as setup.py takes it)."""
    version = project_version()
    assert lwc.ok("--version") == f"lwc {version}\n".encode()
    one_line_error(lwc("--version", "extra"), 2, "--version", "no arguments")
    r = subprocess.run([str(ROOT / "lwcbench"), "--version"], capture_output=True, timeout=120)
    assert r.returncode == 0 and r.stderr == b"", r.stderr
    assert r.stdout == f"lwcbench {version}\n".encode()
    r = subprocess.run([str(ROOT / "lwc"), "--version"], capture_output=True, timeout=300)
    assert r.returncode == 0 and r.stdout == f"lwc {version}\n".encode(), r.stderr


def test_no_arguments_prints_usage_on_stderr(lwc):
    r = lwc()
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().startswith("usage: lwc")


# ----------------------------------------------------------------- KATs

def flip_last_bit(hex_text: str) -> str:
    raw = bytearray.fromhex(hex_text)
    raw[-1] ^= 1
    return raw.hex()


@pytest.mark.parametrize("scheme", kat_schemes())
def test_kat_records_every_impl(lwc, kinds, scheme):
    records = pick(parse_kat(KAT_DIR / f"{scheme}.txt"))
    impls = lwc.listing()[scheme]
    checked = 0
    for impl in impls + [None]:           # None: the preferred implementation
        sel = ["--impl", impl] if impl else []
        for rec in records:
            if kinds[scheme] in AUTH_KINDS:
                # the KAT's tag is the default output; from --msg and from
                # raw standard input; --verify takes it and refuses a flipped bit
                base = ["mac" if kinds[scheme] == "mac" else "prf", scheme,
                        "--key", rec["Key"], *sel]
                tag = rec["Tag"].lower()
                assert lwc.hex(*base, "--msg", rec["Msg"]) == tag, (impl, rec["Count"])
                assert lwc.hex(*base, input=bytes.fromhex(rec["Msg"])) == tag, \
                    (impl, rec["Count"])
                assert lwc.ok(*base, "--msg", rec["Msg"], "--verify", rec["Tag"]) == b""
                one_line_error(lwc(*base, "--msg", rec["Msg"], "--verify", flip_last_bit(tag)),
                               1, "authentication failed")
            elif kinds[scheme] == "aead":
                base = [scheme, "--key", rec["Key"], "--nonce", rec["Nonce"],
                        "--ad", rec["AD"], *sel]
                ct = lwc.hex("encrypt", *base, "--msg", rec["PT"])
                assert ct == rec["CT"].lower(), (impl, rec["Count"])
                pt = lwc.hex("decrypt", *base, "--ct", rec["CT"])
                assert pt == rec["PT"].lower(), (impl, rec["Count"])
            else:
                args = ["hash", scheme, "--msg", rec["Msg"], *sel,
                        "--out-len", str(len(rec["MD"]) // 2)]
                if "Z" in rec:
                    args += ["--custom", rec["Z"]]
                assert lwc.hex(*args) == rec["MD"].lower(), (impl, rec["Count"])
            checked += 1
    assert checked >= 4 * 5


# ----------------------------------------------------------------- AEAD

@pytest.mark.parametrize("mlen", [0, 1, 15, 16, 17, 100])
def test_round_trip_every_aead(lwc, kinds, mlen):
    rng = random.Random(mlen)
    for scheme, kind in kinds.items():
        if kind != "aead":
            continue
        klen, nlen = lengths(scheme)
        key, nonce = rng.randbytes(klen), rng.randbytes(nlen)
        msg, ad = rng.randbytes(mlen), rng.randbytes(mlen // 2 + 3)
        base = aead_args(scheme, key, nonce, ad)
        ct = lwc.hex("encrypt", *base, "--msg", msg.hex())
        assert len(ct) == 2 * (mlen + tag_length(scheme))
        assert lwc.hex("decrypt", *base, "--ct", ct) == msg.hex()
        # upper-case input is accepted
        assert lwc.hex("decrypt", *base, "--ct", ct.upper()) == msg.hex()


@pytest.mark.parametrize("where", ["ciphertext", "tag", "ad", "key", "nonce"])
def test_failed_tag_hex(lwc, where):
    msg, ad = b"attack at dawn", b"header"
    ct = bytes.fromhex(lwc.hex("encrypt", *aead_args("ascon-aead128", ad=ad),
                               "--msg", msg.hex()))
    key, nonce = KEY, NONCE
    if where == "nonce":
        nonce = NONCE[:-1] + bytes([NONCE[-1] ^ 0x40])
    elif where == "ciphertext":
        ct = bytes([ct[0] ^ 0x01]) + ct[1:]
    elif where == "tag":
        ct = ct[:-1] + bytes([ct[-1] ^ 0x80])
    elif where == "ad":
        ad = b"Header"
    else:
        key = bytes([KEY[0] ^ 1]) + KEY[1:]
    r = lwc("decrypt", *aead_args("ascon-aead128", key=key, nonce=nonce, ad=ad),
            "--ct", ct.hex())
    one_line_error(r, 1, "authentication failed")


def forgeries(ct: bytes, taglen: int) -> dict[str, bytes]:
    """Hostile variants of a valid ciphertext || tag (len(ct) > taglen)."""
    return {
        "ct-bit": bytes([ct[0] ^ 0x01]) + ct[1:],
        "last-ct-bit": ct[:-taglen - 1] + bytes([ct[-taglen - 1] ^ 0x80]) + ct[-taglen:],
        "tag-bit": ct[:-1] + bytes([ct[-1] ^ 0x10]),
        "truncated": ct[:-1],              # one byte cut off the end
        "extended": ct + b"\x00",          # one byte added
        "tag-only": ct[-taglen:],          # the ciphertext dropped
        "zero-tag": ct[:-taglen] + bytes(taglen),
    }


def test_forgeries_every_impl_release_nothing(lwc, kinds):
    """Every AEAD implementation, full and truncated tags: each forgery exits
    with status 1, one line on stderr and nothing on stdout (hex mode)."""
    tried = 0
    for scheme, kind in kinds.items():
        if kind != "aead":
            continue
        klen, nlen = lengths(scheme)
        key, nonce = bytes(range(klen)), bytes(range(100, 100 + nlen))
        for impl in lwc.listing()[scheme]:
            for taglen in ([16, 4] if scheme == "ascon-aead128" else [tag_length(scheme)]):
                base = aead_args(scheme, key=key, nonce=nonce, ad=b"hdr",
                                 extra=["--impl", impl, "--tag-len", taglen])
                msg = b"twenty bytes of text"
                ct = bytes.fromhex(lwc.hex("encrypt", *base, "--msg", msg.hex()))
                assert lwc.hex("decrypt", *base, "--ct", ct.hex()) == msg.hex()
                for name, bad in forgeries(ct, taglen).items():
                    r = lwc("decrypt", *base, "--ct", bad.hex())
                    one_line_error(r, 1, "authentication failed")
                    tried += 1
    assert tried >= 4 * 4 * 7


@pytest.mark.parametrize("mode", ["hex", "raw-file", "raw-pipe"])
def test_forgery_into_an_output_file_leaves_it_empty(lwc, tmp_path, mode):
    """`lwc decrypt ... > out`: the shell creates (or truncates) out; after a
    forgery it holds no byte of plaintext, and `>>` adds none."""
    base = aead_args("ascon-aead128", ad=b"ad")
    msg = random.Random(5).randbytes(200_000 if mode != "hex" else 3000)
    ct = bytearray(lwc.ok("encrypt", *base, input=msg))
    ct[len(ct) // 2] ^= 0x02
    src = tmp_path / "forged.bin"
    src.write_bytes(ct)
    for open_mode, before in (("wb", b""), ("ab", b"earlier output\n")):
        out = tmp_path / "plain.out"
        out.write_bytes(b"stale content that the shell truncates")
        if before:
            out.write_bytes(before)
        with open(out, open_mode) as f:
            if mode == "hex":
                r = lwc("decrypt", *base, "--ct", ct.hex(), stdout=f)
            elif mode == "raw-file":
                r = lwc("decrypt", *base, src, stdout=f)
            else:
                r = lwc("decrypt", *base, input=bytes(ct), stdout=f)
        assert r.returncode == 1, r.stderr
        assert b"authentication failed" in r.stderr
        assert out.read_bytes() == before, "plaintext released into the output file"


TAMPER_SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* Between the two passes of a raw decryption, lwc rewinds (its spool) with
 * fseeko: flip one bit of the file named by LWC_TAMPER_FILE right then. */
static void tamper(void) {
  const char *path = getenv("LWC_TAMPER_FILE");
  FILE *f;
  int c;
  if (path == NULL || (f = fopen(path, "r+b")) == NULL) return;
  c = fgetc(f);
  rewind(f);
  fputc(c ^ 1, f);
  fclose(f);
  unsetenv("LWC_TAMPER_FILE");
}

int fseeko(FILE *f, off_t off, int whence) {
  int (*real)(FILE *, off_t, int) =
      (int (*)(FILE *, off_t, int))dlsym(RTLD_NEXT, "fseeko");
  tamper();
  return real(f, off, whence);
}
"""


def test_a_file_changed_after_the_check_changes_nothing(tmp_path):
    """Raw decryption checks the tag while it copies the input to a private
    spool, then decrypts the copy: when someone changes the file right after
    the check (the shim flips a bit at the rewind between the passes), the
    plaintext written is still the authenticated one (release build: the
    shim is preloaded, which ASan's runtime refuses)."""
    shim = tmp_path / "tamper.so"
    src = tmp_path / "tamper.c"
    src.write_text(TAMPER_SHIM)
    subprocess.run(["gcc", "-shared", "-fPIC", "-O1", "-o", str(shim), str(src), "-ldl"],
                   check=True)
    exe = bin_dir("release") / "lwc"
    base = aead_args("ascon-aead128")
    msg = random.Random(9).randbytes(100_000)
    path = tmp_path / "ct.bin"
    ct = Lwc(exe).ok("encrypt", *base, input=msg)
    path.write_bytes(ct)
    env = dict(os.environ, LD_PRELOAD=str(shim), LWC_TAMPER_FILE=str(path))
    r = subprocess.run([str(exe), "decrypt", *base, str(path)], capture_output=True,
                       env=env, timeout=60)
    assert r.returncode == 0 and r.stderr == b"", r.stderr
    assert r.stdout == msg
    assert path.read_bytes()[0] == ct[0] ^ 1        # the shim did change the file


def test_empty_plaintext_prints_empty_line(lwc):
    ct = lwc.hex("encrypt", *aead_args("ascon-aead128"), "--msg", "")
    r = lwc("decrypt", *aead_args("ascon-aead128"), "--ct", ct)
    assert r.returncode == 0 and r.stdout == b"\n" and r.stderr == b""


def test_tag_truncation(lwc):
    msg = bytes(range(40))
    base = aead_args("ascon-aead128", ad=b"ad")
    full = lwc.hex("encrypt", *base, "--msg", msg.hex())
    for t in (4, 5, 8, 15, 16):
        ct = lwc.hex("encrypt", *base, "--tag-len", t, "--msg", msg.hex())
        assert ct == full[:2 * (len(msg) + t)]          # the tag is truncated
        assert lwc.hex("decrypt", *base, "--tag-len", t, "--ct", ct) == msg.hex()
        other = 8 if t != 8 else 12
        one_line_error(lwc("decrypt", *base, "--tag-len", other, "--ct", ct), 1)
    bad = full[:2 * (len(msg) + 8)]
    bad = bad[:-1] + ("0" if bad[-1] != "0" else "1")
    one_line_error(lwc("decrypt", *base, "--tag-len", 8, "--ct", bad), 1, "authentication")


def test_nonce_masking(lwc):
    msg, ad = b"masked message", b"ad"
    mask = bytes(range(100, 116))
    base = aead_args("ascon-aead128", ad=ad)
    plain = lwc.hex("encrypt", *base, "--msg", msg.hex())
    masked = lwc.hex("encrypt", *base, "--mask-key", mask.hex(), "--msg", msg.hex())
    assert masked != plain
    # SP 800-232: masking replaces the nonce N by N xor K2
    xored = bytes(a ^ b for a, b in zip(NONCE, mask))
    assert lwc.hex("encrypt", *aead_args("ascon-aead128", nonce=xored, ad=ad),
                   "--msg", msg.hex()) == masked
    assert lwc.hex("encrypt", *base, "--mask-key", "00" * 16, "--msg", msg.hex()) == plain
    assert lwc.hex("decrypt", *base, "--mask-key", mask.hex(), "--ct", masked) == msg.hex()
    one_line_error(lwc("decrypt", *base, "--ct", masked), 1)
    # both options together, raw mode too
    ct = lwc.ok("encrypt", *base, "--mask-key", mask.hex(), "--tag-len", 6, input=msg)
    assert len(ct) == len(msg) + 6
    assert lwc.ok("decrypt", *base, "--mask-key", mask.hex(), "--tag-len", 6, input=ct) == msg


def test_file_forms_of_key_nonce_ad_and_mask_key(lwc, tmp_path):
    """Issue 30: --key-file, --nonce-file, --ad-file and --mask-key-file take
    the raw bytes of a file (a key on the command line shows in `ps`; hex of
    a 70,000-byte AD is past the 128 KiB a Linux argument may have)."""
    rng = random.Random(30)
    files = {}
    for name, data in (("key", KEY), ("nonce", NONCE), ("mask", bytes(range(100, 116))),
                       ("ad", rng.randbytes(3000)), ("bigad", rng.randbytes(70_000)),
                       ("empty", b"")):
        files[name] = tmp_path / name
        files[name].write_bytes(data)
    msg = rng.randbytes(1000)
    mask = files["mask"].read_bytes()
    ad = files["ad"].read_bytes()
    hex_args = aead_args("ascon-aead128", ad=ad) + ["--mask-key", mask.hex()]
    file_args = ["ascon-aead128", "--key-file", files["key"], "--nonce-file", files["nonce"],
                 "--ad-file", files["ad"], "--mask-key-file", files["mask"]]
    ct = lwc.hex("encrypt", *hex_args, "--msg", msg.hex())
    assert lwc.hex("encrypt", *file_args, "--msg", msg.hex()) == ct
    assert lwc.hex("decrypt", *file_args, "--ct", ct) == msg.hex()
    assert lwc.ok("encrypt", *file_args, input=msg).hex() == ct       # raw mode
    assert lwc.ok("decrypt", *file_args, input=bytes.fromhex(ct)) == msg
    # mixed forms, an empty AD file, '-' for one file when the data is --msg or a FILE
    assert lwc.hex("encrypt", "ascon-aead128", "--key", KEY.hex(), "--nonce-file", files["nonce"],
                   "--ad-file", files["empty"], "--msg", "00") == \
        lwc.hex("encrypt", *aead_args("ascon-aead128"), "--msg", "00")
    assert lwc.hex("encrypt", *hex_args[:-4], "--mask-key", mask.hex(), "--ad-file", "-",
                   "--msg", msg.hex(), input=ad) == ct
    plain = tmp_path / "plain"
    plain.write_bytes(msg)
    assert lwc.ok("encrypt", "ascon-aead128", "--key-file", "-", "--nonce-file", files["nonce"],
                  "--ad", ad.hex(), "--mask-key", mask.hex(), plain, input=KEY).hex() == ct
    # 70,000 bytes of AD: too long as an argument, fine as a file, every AEAD scheme
    big = files["bigad"].read_bytes()
    with pytest.raises(OSError):  # what the shell meets: E2BIG
        subprocess.run([str(lwc.exe), "encrypt", *aead_args("ascon-aead128", ad=big)])
    for scheme in (s for s, k in lwc.listing().items() if s in KEY_NONCE or s == "ascon-aead128"):
        klen, nlen = lengths(scheme)
        base = aead_args(scheme, bytes(klen), bytes(nlen)) + ["--ad-file", files["bigad"]]
        ct = lwc.hex("encrypt", *base, "--msg", msg.hex())
        assert lwc.hex("decrypt", *base, "--ct", ct) == msg.hex(), scheme
        big2 = tmp_path / "bigad2"
        big2.write_bytes(big[:-1] + bytes([big[-1] ^ 1]))
        one_line_error(lwc("decrypt", *aead_args(scheme, bytes(klen), bytes(nlen)), "--ad-file",
                           big2, "--ct", ct), 1, "authentication failed")


def test_file_forms_refuse_what_they_cannot_take(lwc, tmp_path):
    key16, key15, hexkey = tmp_path / "k16", tmp_path / "k15", tmp_path / "k.hex"
    key16.write_bytes(KEY)
    key15.write_bytes(KEY[:15])
    hexkey.write_text(KEY.hex() + "\n")
    (tmp_path / "long").write_bytes(bytes(1000))
    n = NONCE.hex()
    cases = [
        (["--key-file", key15, "--nonce", n, "--msg", ""],
         ["--key-file", "expected 16 bytes", f"'{key15}' holds 15 bytes"]),
        (["--key-file", tmp_path / "long", "--nonce", n, "--msg", ""],
         ["--key-file", "expected 16 bytes", "holds many more"]),
        (["--key-file", hexkey, "--nonce", n, "--msg", ""],
         ["--key-file", "holds the key in hex", "16 raw bytes"]),
        (["--key", K, "--nonce-file", hexkey, "--msg", ""], ["--nonce-file", "the nonce in hex"]),
        (["--key-file", tmp_path / "nowhere", "--nonce", n, "--msg", ""],
         ["--key-file", "cannot open", "No such file or directory"]),
        (["--key-file", tmp_path, "--nonce", n, "--msg", ""], ["--key-file", "Is a directory"]),
        (["--key", K, "--key-file", key16, "--nonce", n, "--msg", ""],
         ["both --key and --key-file"]),
        (["--key", K, "--nonce", n, "--ad", "00", "--ad-file", key16, "--msg", ""],
         ["both --ad and --ad-file"]),
        (["--key", K, "--nonce", n, "--mask-key", K, "--mask-key-file", key16, "--msg", ""],
         ["both --mask-key and --mask-key-file"]),
        (["--key-file", "-", "--nonce", n], ["--key-file", "standard input ('-') carries the data"]),
        (["--key-file", "-", "--nonce-file", "-", "--msg", ""],
         ["--key-file and --nonce-file both read standard input"]),
        (["--key-file"], ["--key-file", "needs a value"]),
        (["--nonce", n, "--msg", ""], ["missing --key", "--key-file"]),
        (["--key", K, "--msg", ""], ["missing --nonce", "--nonce-file"]),
        (["--key-file", key16, "--nonce-file", key15, "--msg", ""],
         ["--nonce-file", "expected 16 bytes", "15 bytes"]),
    ]
    for args, words in cases:
        one_line_error(lwc("encrypt", "ascon-aead128", *args, input=KEY), 2, *words)
    one_line_error(lwc("decrypt", "ascon128-v12", "--key", K, "--nonce", n, "--mask-key-file",
                       key16, "--ct", "00" * 16), 2, "--mask-key-file", "does not support nonce masking")
    one_line_error(lwc("hash", "ascon-hash256", "--key-file", key16, "--msg", ""), 2,
                   "unknown option '--key-file'")


@pytest.mark.parametrize("scheme", ["ascon128-v12", "ascon128a-v12", "ascon80pq-v12"])
def test_v12_rejects_sp800_232_options(lwc, scheme):
    key = bytes(20) if "80pq" in scheme else KEY
    base = aead_args(scheme, key=key)
    for cmd, data_opt in (("encrypt", ["--msg", "00"]), ("decrypt", ["--ct", "00" * 17])):
        one_line_error(lwc(cmd, *base, "--tag-len", 8, *data_opt), 2, "--tag-len", scheme)
        one_line_error(lwc(cmd, *base, "--mask-key", key.hex(), *data_opt), 2,
                       "--mask-key", scheme)
    # the full tag length is no truncation and is accepted
    ct = lwc.hex("encrypt", *base, "--tag-len", 16, "--msg", "00")
    assert ct == lwc.hex("encrypt", *base, "--msg", "00")


# ----------------------------------------------------------------- hash

def test_xof_out_len_prefix(lwc, kinds):
    xofs = [s for s, k in kinds.items() if k in ("xof", "cxof")]
    assert len(xofs) >= 4
    for scheme in xofs:
        short = lwc.hex("hash", scheme, "--msg", "616263", "--out-len", 10)
        long = lwc.hex("hash", scheme, "--msg", "616263", "--out-len", 100)
        assert len(short) == 20 and len(long) == 200 and long.startswith(short)
        assert lwc.hex("hash", scheme, "--msg", "616263", "--out-len", 1) == short[:2]
    # across the tool's squeeze chunks (64 KiB)
    a = lwc.hex("hash", "ascon-xof128", "--msg", "", "--out-len", 70000)
    b = lwc.hex("hash", "ascon-xof128", "--msg", "", "--out-len", 140001)
    assert len(b) == 2 * 140001 and b.startswith(a)


def test_out_len_zero_is_the_librarys_empty_output(lwc, kinds):
    """Issue 30: --out-len 0 means what lwc_hash_compute() does with outlen
    0 (tests/lib/test_api_edges.py): an XOF's empty output, printed as an empty
    line, every implementation, hex and raw input; a fixed-length hash
    refuses it as the library does (before, the tool refused 0 for all)."""
    xofs = [s for s, k in kinds.items() if k in ("xof", "cxof")]
    assert len(xofs) >= 4
    listing = lwc.listing()
    for scheme in xofs:
        for impl in listing[scheme]:
            assert lwc.ok("hash", scheme, "--impl", impl, "--msg", "616263", "--out-len", 0) == b"\n"
        assert lwc.ok("hash", scheme, "--out-len", "0", input=b"abc") == b"\n"
    assert lwc.ok("hash", "ascon-cxof128", "--custom", "41", "--msg", "", "--out-len", 0) == b"\n"
    for scheme in (s for s, k in kinds.items() if k == "hash"):
        one_line_error(lwc("hash", scheme, "--msg", "", "--out-len", 0), 2, "--out-len", "fixed")


def test_default_lengths_and_fixed_digest(lwc, kinds):
    for scheme, kind in kinds.items():
        if kind not in HASH_KINDS:
            continue
        d = lwc.hex("hash", scheme, "--msg", "00")
        assert len(d) in (64, 128), scheme
        if kind == "hash":
            assert lwc.hex("hash", scheme, "--msg", "00", "--out-len", len(d) // 2) == d
            one_line_error(lwc("hash", scheme, "--msg", "00", "--out-len", 16), 2,
                           "--out-len", "fixed")


def test_cxof_custom(lwc):
    a = lwc.hex("hash", "ascon-cxof128", "--msg", "00")
    b = lwc.hex("hash", "ascon-cxof128", "--msg", "00", "--custom", "")
    c = lwc.hex("hash", "ascon-cxof128", "--msg", "00", "--custom", "41")
    d = lwc.hex("hash", "ascon-cxof128", "--msg", "00", "--custom", "ab" * 256)
    assert a == b and a != c and d not in (a, c)


# ----------------------------------------------------------------- MAC and PRF

AK = KEY.hex()
MAC = ["mac", "ascon-mac-v13", "--key", AK]
PRF = ["prf", "ascon-prf-v13", "--key", AK]
PRFS = ["prf", "ascon-prfs-v13", "--key", AK]


def test_auth_default_lengths(lwc, kinds):
    """Without --out-len, every implementation prints the descriptor's
    outbytes: a MAC's full tag, a PRF's usual output (64 bytes), a short
    PRF's 16; from --msg and from raw input alike."""
    want = {"mac": 16, "prf": 64, "prfs": 16}
    listing = lwc.listing()
    seen = set()
    for scheme, kind in kinds.items():
        if kind not in AUTH_KINDS:
            continue
        cmd = "mac" if kind == "mac" else "prf"
        for impl in listing[scheme]:
            tag = lwc.hex(cmd, scheme, "--key", AK, "--impl", impl, "--msg", "616263")
            assert len(tag) == 2 * want[kind], (scheme, impl)
            assert lwc.hex(cmd, scheme, "--key", AK, "--impl", impl, input=b"abc") == tag
        seen.add(kind)
    assert seen == set(AUTH_KINDS)


def test_auth_out_len(lwc):
    """--out-len: a MAC's tag truncated to 4..16 bytes (a prefix of the full
    tag; over 16, or under the 4 that --verify takes, refused); a PRF's any
    length up to the tool's 1 GiB, each a prefix of the longer, across the
    tool's squeeze chunks, 0 an empty line; a short PRF's 0..16."""
    full = lwc.hex(*MAC, "--msg", "616263")
    for n in range(4, 17):
        assert lwc.hex(*MAC, "--msg", "616263", "--out-len", n) == full[:2 * n]
        assert lwc.hex(*MAC, "--out-len", n, input=b"abc") == full[:2 * n]
    for n in (0, 3, 17, 32, "9" * 30):
        one_line_error(lwc(*MAC, "--msg", "", "--out-len", n), 2, "--out-len",
                       "out of range (4..16)")
    long = lwc.hex(*PRF, "--msg", "616263", "--out-len", 140001)
    assert len(long) == 2 * 140001
    for n in (1, 10, 64, 65, 1000, 70000):
        assert lwc.hex(*PRF, "--msg", "616263", "--out-len", n) == long[:2 * n]
    assert lwc.hex(*PRF, "--out-len", 70000, input=b"abc") == long[:140000]
    assert lwc.ok(*PRF, "--msg", "", "--out-len", 0) == b"\n"
    assert lwc.ok(*PRF, "--out-len", 0, input=b"abc") == b"\n"
    one_line_error(lwc(*PRF, "--msg", "", "--out-len", 1073741825), 2, "--out-len",
                   "out of range (0..1073741824)")
    short = lwc.hex(*PRFS, "--msg", "616263")
    for n in range(1, 17):
        assert lwc.hex(*PRFS, "--msg", "616263", "--out-len", n) == short[:2 * n]
    assert lwc.ok(*PRFS, "--msg", "616263", "--out-len", 0) == b"\n"
    one_line_error(lwc(*PRFS, "--msg", "", "--out-len", 17), 2, "--out-len", "out of range (0..16)")
    # --verify's length is the output's: the same --out-len is accepted, another refused
    assert lwc.ok(*MAC, "--msg", "616263", "--out-len", 8, "--verify", full[:16]) == b""
    one_line_error(lwc(*MAC, "--msg", "616263", "--out-len", 9, "--verify", full[:16]), 2,
                   "--out-len 9", "8-byte tag of --verify")


@pytest.mark.parametrize("mode", ["hex", "file", "stdin"])
def test_verify_exit_statuses(lwc, tmp_path, mode):
    """--verify: a matching tag (full, or its first 4 bytes or more) exits
    with status 0 and prints nothing; a wrong one (a flipped bit, zeros,
    another message's tag, another key) exits with status 1, one line on
    stderr and nothing on stdout; for a MAC, a PRF and a short PRF."""
    path = tmp_path / "msg.bin"
    other_key = bytes([KEY[0] ^ 1]) + KEY[1:]
    for base, msg in ((MAC, b"attack at dawn" * 3), (PRF, b"attack at dawn" * 3),
                      (PRFS, b"sixteen bytes..!")):
        full = bytes.fromhex(lwc.hex(*base, "--msg", msg.hex()))

        def verify(tag: bytes, data: bytes = msg, key: bytes = KEY, upper=False):
            args = [*base[:2], "--key", key.hex(), "--verify",
                    tag.hex().upper() if upper else tag.hex()]
            if mode == "hex":
                return lwc(*args, "--msg", data.hex())
            if mode == "file":
                path.write_bytes(data)
                return lwc(*args, path)
            return lwc(*args, input=data)

        for n in sorted({4, 5, 8, 15, 16, len(full)}):
            r = verify(full[:n], upper=n == 8)
            assert r.returncode == 0 and r.stdout == b"" and r.stderr == b"", (base[1], n, r)
        other_msg = bytes([msg[0] ^ 0x20]) + msg[1:]
        forged = {
            "last-bit": full[:-1] + bytes([full[-1] ^ 1]),
            "first-bit": bytes([full[0] ^ 0x80]) + full[1:],
            "short-bit": full[:4 - 1] + bytes([full[3] ^ 4]),
            "zeros": bytes(len(full)),
            "other-message": bytes.fromhex(lwc.hex(*base, "--msg", other_msg.hex())),
        }
        for name, tag in forged.items():
            one_line_error(verify(tag), 1, "authentication failed")
        one_line_error(verify(full, data=other_msg), 1, "authentication failed")
        one_line_error(verify(full, key=other_key), 1, "authentication failed")


def test_verify_into_an_output_file_leaves_it_empty(lwc, tmp_path):
    out = tmp_path / "out"
    with open(out, "wb") as f:
        r = lwc(*MAC, "--verify", "00" * 16, input=b"data", stdout=f)
    assert r.returncode == 1 and b"authentication failed" in r.stderr
    assert out.read_bytes() == b""


def test_prf_short_takes_at_most_16_bytes(lwc, tmp_path):
    """ascon-prfs-v13 (LWC_PRF_SHORT, no incremental calls): 0 to 16 bytes
    from --msg, a FILE or standard input, one call; a 17th byte is refused
    with status 2 and a message naming the limit, nothing printed."""
    path = tmp_path / "msg"
    for n in (0, 1, 15, 16):
        msg = bytes(range(100, 100 + n))
        tag = lwc.hex(*PRFS, "--msg", msg.hex())
        assert lwc.hex(*PRFS, input=msg) == tag
        path.write_bytes(msg)
        assert lwc.hex(*PRFS, path) == tag
        assert lwc.ok(*PRFS, path, "--verify", tag) == b""
    for size in (17, 100, 1 << 20):
        msg = bytes(size)
        path.write_bytes(msg)
        if size <= HEX_ARG_MAX:
            one_line_error(lwc(*PRFS, "--msg", msg.hex()), 2, "--msg", f"{size} bytes",
                           "ascon-prfs-v13 takes at most 16")
        one_line_error(lwc(*PRFS, input=msg), 2, "ascon-prfs-v13 takes at most 16 bytes",
                       "standard input holds more")
        one_line_error(lwc(*PRFS, path), 2, "at most 16 bytes", f"'{path}' holds more")
        one_line_error(lwc(*PRFS, path, "--verify", "00" * 16), 2, "at most 16 bytes")


@pytest.mark.parametrize("size", [0, 1, 15, 16, 17, 65535, 65536, 65537, 2 * 65536 + 3])
def test_auth_raw_sizes_around_chunks(lwc, size):
    """Raw input through the incremental calls, in 64 KiB chunks: the
    tag of --msg (where it fits an argument), the one-shot verification's
    (lwc_auth_verify over --msg) and the ref implementation's agree."""
    msg = random.Random(size).randbytes(size)
    for base in (MAC, PRF):
        tag = lwc.hex(*base, input=msg)
        assert lwc.hex(*base, "--impl", "ref", input=msg) == tag
        assert lwc.ok(*base, "--verify", tag, input=msg) == b""
        if size <= HEX_ARG_MAX:
            assert lwc.hex(*base, "--msg", msg.hex()) == tag
            assert lwc.ok(*base, "--msg", msg.hex(), "--verify", tag) == b""


def test_auth_raw_file_stdin_and_hex_agree(lwc, data, tmp_path):
    """A few MiB from a FILE, a pipe, '-' and a regular file on standard
    input give the same tag; hex mode agrees on a prefix."""
    path = tmp_path / "data.bin"
    path.write_bytes(data)
    small = data[:HEX_ARG_MAX]
    for base in (MAC, PRF, PRF + ["--out-len", 33], MAC + ["--out-len", 5]):
        tag = lwc.hex(*base, path)
        assert lwc.hex(*base, input=data) == tag
        assert lwc.hex(*base, "-", input=data) == tag
        with open(path, "rb") as f:
            assert lwc.hex(*base, stdin=f) == tag
        assert lwc.ok(*base, path, "--verify", tag) == b""
        assert lwc.hex(*base, input=small) == lwc.hex(*base, "--msg", small.hex())


def test_auth_key_file(lwc, tmp_path):
    """--key-file: the key's raw bytes (a file of hex refused with a hint),
    '-' for standard input when the data come from --msg or a FILE."""
    key16, key15, hexkey, msg = (tmp_path / n for n in ("k16", "k15", "k.hex", "msg"))
    key16.write_bytes(KEY)
    key15.write_bytes(KEY[:15])
    hexkey.write_text(KEY.hex() + "\n")
    msg.write_bytes(b"abc")
    for cmd, scheme in (("mac", "ascon-mac-v13"), ("prf", "ascon-prf-v13"),
                        ("prf", "ascon-prfs-v13")):
        tag = lwc.hex(cmd, scheme, "--key", AK, "--msg", "616263")
        assert lwc.hex(cmd, scheme, "--key-file", key16, "--msg", "616263") == tag
        assert lwc.hex(cmd, scheme, "--key-file", key16, msg) == tag
        assert lwc.hex(cmd, scheme, "--key-file", "-", msg, input=KEY) == tag
        assert lwc.hex(cmd, scheme, "--key-file", "-", "--msg", "616263", input=KEY) == tag
        for args, words in (
                (["--key-file", key15, "--msg", ""], ["--key-file", "expected 16 bytes",
                                                      "holds 15 bytes"]),
                (["--key-file", hexkey, "--msg", ""], ["--key-file", "the key in hex"]),
                (["--key-file", "-"], ["--key-file", "standard input ('-') carries the data"]),
                (["--key", AK, "--key-file", key16, "--msg", ""], ["both --key and --key-file"]),
                (["--msg", ""], ["missing --key", "--key-file"]),
                (["--key", AK[:-2], "--msg", ""], ["--key", "expected 16 bytes", "got 15"])):
            one_line_error(lwc(cmd, scheme, *args, input=b"abc"), 2, *words)


def test_constant_memory_raw_mac_and_prf(tmp_path):
    """Release build only: 48 MiB (more than the limit) through lwc mac and
    lwc prf from a file, and a verification from a pipe, each under 32 MiB
    of RSS: the input streams through the incremental calls."""
    exe = bin_dir("release") / "lwc"
    big = random_file(tmp_path / "big", 4)
    out = tmp_path / "out"
    tags = {}
    for base in (MAC, PRF):
        status, rss, err = run_measured(exe, [*base, big], subprocess.DEVNULL, out)
        assert status == 0 and rss < LIMIT_KIB, (base[0], status, rss, err)
        tags[base[0]] = out.read_text().strip()
        assert len(tags[base[0]]) == (32 if base is MAC else 128)
    status, rss, err = run_piped(exe, [*MAC, "--verify", tags["mac"]], big, out)
    assert status == 0 and rss < LIMIT_KIB, (status, rss, err)
    assert out.read_bytes() == b""


# ----------------------------------------------------------------- raw mode

def test_raw_file_stdin_and_hex_agree(lwc, data, tmp_path):
    path = tmp_path / "plain.bin"
    path.write_bytes(data)
    base = aead_args("ascon-aead128", ad=b"raw")
    ct = lwc.ok("encrypt", *base, path)
    assert len(ct) == len(data) + 16
    assert lwc.ok("encrypt", *base, input=data) == ct                 # pipe
    assert lwc.ok("encrypt", *base, "-", input=data) == ct            # '-'
    with open(path, "rb") as f:                                       # regular stdin
        assert lwc.ok("encrypt", *base, stdin=f) == ct
    # hex mode agrees (on a prefix small enough for the argument limit)
    small = data[:HEX_ARG_MAX]
    assert lwc.ok("encrypt", *base, input=small).hex() == \
        lwc.hex("encrypt", *base, "--msg", small.hex())

    ct_path = tmp_path / "ct.bin"
    ct_path.write_bytes(ct)
    assert lwc.ok("decrypt", *base, ct_path) == data
    assert lwc.ok("decrypt", *base, input=ct) == data
    with open(ct_path, "rb") as f:
        assert lwc.ok("decrypt", *base, stdin=f) == data
    small_ct = lwc.ok("encrypt", *base, input=small)
    assert lwc.ok("decrypt", *base, input=small_ct).hex() == \
        lwc.hex("decrypt", *base, "--ct", small_ct.hex())

    for scheme in ("ascon-hash256", "ascon-xof128", "asconhasha-v12"):
        d = lwc.hex("hash", scheme, path)
        assert lwc.hex("hash", scheme, input=data) == d
        assert lwc.hex("hash", scheme, "-", input=data) == d
        with open(path, "rb") as f:
            assert lwc.hex("hash", scheme, stdin=f) == d
        assert lwc.hex("hash", scheme, input=small) == lwc.hex("hash", scheme, "--msg", small.hex())
    d = lwc.hex("hash", "ascon-cxof128", "--custom", "0102", "--out-len", 33, path)
    assert d == lwc.hex("hash", "ascon-cxof128", "--custom", "0102", "--out-len", 33, input=data)


@pytest.mark.parametrize("size", [0, 1, 15, 16, 17, 65535, 65536, 65537, 65536 + 16,
                                  2 * 65536 + 3])
def test_raw_sizes_around_chunks(lwc, size):
    msg = random.Random(size).randbytes(size)
    base = aead_args("ascon128a-v12", ad=b"x" * 7)
    ct = lwc.ok("encrypt", *base, input=msg)
    assert len(ct) == size + 16
    if size <= HEX_ARG_MAX:
        assert ct.hex() == lwc.hex("encrypt", *base, "--msg", msg.hex())
    assert lwc.ok("decrypt", *base, input=ct) == msg
    short = lwc.ok("encrypt", *base, "--impl", "ref", input=msg)
    assert short == ct


@pytest.mark.parametrize("how", ["file", "pipe", "stdin-file"])
@pytest.mark.parametrize("where", ["first", "last-ct", "tag"])
def test_raw_forgery_releases_nothing(lwc, tmp_path, how, where):
    msg = random.Random(7).randbytes(300_000)           # several chunks
    base = aead_args("ascon-aead128")
    ct = bytearray(lwc.ok("encrypt", *base, input=msg))
    pos = {"first": 0, "last-ct": len(msg) - 1, "tag": len(ct) - 1}[where]
    ct[pos] ^= 0x04
    path = tmp_path / "forged.bin"
    path.write_bytes(ct)
    if how == "file":
        r = lwc("decrypt", *base, path)
    elif how == "pipe":
        r = lwc("decrypt", *base, input=bytes(ct))
    else:
        with open(path, "rb") as f:
            r = lwc("decrypt", *base, stdin=f)
    one_line_error(r, 1, "authentication failed")


def test_raw_decrypt_spools_in_tmpdir(lwc, tmp_path):
    msg = bytes(100_000)
    base = aead_args("ascon-aead128")
    ct = lwc.ok("encrypt", *base, input=msg)
    spool = tmp_path / "spool"
    spool.mkdir()
    env = dict(lwc.env or os.environ, TMPDIR=str(spool))
    r = subprocess.run([str(lwc.exe), "decrypt", *base], input=ct, capture_output=True, env=env)
    assert r.returncode == 0 and r.stdout == msg, r.stderr
    assert list(spool.iterdir()) == []                   # anonymous: nothing left
    # a TMPDIR pointing nowhere: the message names it (issue 30)
    missing = tmp_path / "missing"
    env["TMPDIR"] = str(missing)
    r = subprocess.run([str(lwc.exe), "decrypt", *base], input=ct, capture_output=True, env=env)
    one_line_error(r, 2, "temporary file", f"'{missing}' ($TMPDIR)", "No such file or directory")
    # a regular file is spooled too (the copy is what gets decrypted)
    path = tmp_path / "ct"
    path.write_bytes(ct)
    r = subprocess.run([str(lwc.exe), "decrypt", *base, str(path)], capture_output=True, env=env)
    one_line_error(r, 2, "temporary file", f"'{missing}' ($TMPDIR)", "No such file or directory")
    env["TMPDIR"] = str(path)  # a file, not a folder
    r = subprocess.run([str(lwc.exe), "decrypt", *base, str(path)], capture_output=True, env=env)
    one_line_error(r, 2, "temporary file", f"'{path}' ($TMPDIR)", "Not a directory")
    env["TMPDIR"] = str(spool)
    r = subprocess.run([str(lwc.exe), "decrypt", *base, str(path)], capture_output=True, env=env)
    assert r.returncode == 0 and r.stdout == msg, r.stderr
    assert list(spool.iterdir()) == []


@pytest.mark.parametrize("tmpdir", [None, ""])
def test_raw_decrypt_spools_in_tmp_without_tmpdir(lwc, tmpdir):
    """The help says "$TMPDIR or /tmp": with TMPDIR unset or empty the spool
    is in /tmp (seen in /proc while the tool waits for the rest of its input)."""
    env = dict(lwc.env or os.environ)
    env.pop("TMPDIR", None)
    if tmpdir is not None:
        env["TMPDIR"] = tmpdir
    p = subprocess.Popen([str(lwc.exe), "decrypt", *aead_args("ascon-aead128")], env=env,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        p.stdin.write(bytes(100))
        p.stdin.flush()
        spool = None
        for _ in range(500):
            links = []
            for fd in pathlib.Path(f"/proc/{p.pid}/fd").iterdir():
                try:
                    links.append(os.readlink(fd))
                except OSError:
                    pass
            spool = next((link for link in links if "lwc-spool-" in link), None)
            if spool:
                break
            time.sleep(0.01)
    finally:
        p.stdin.close()
        err = p.stderr.read()
        p.stdout.close()
        p.wait(timeout=60)
    assert spool is not None and spool.startswith("/tmp/lwc-spool-"), spool
    assert p.returncode == 1 and b"authentication failed" in err  # 100 zero bytes


def test_raw_input_shorter_than_tag(lwc, tmp_path):
    path = tmp_path / "short.bin"
    path.write_bytes(b"\x00" * 15)
    one_line_error(lwc("decrypt", *aead_args("ascon-aead128"), path), 2,
                   "input shorter than the tag")
    one_line_error(lwc("decrypt", *aead_args("ascon-aead128"), input=b"abc"), 2,
                   "input shorter than the tag")
    one_line_error(lwc("decrypt", *aead_args("ascon-aead128"), "--tag-len", 4,
                       input=b"abc"), 2, "input shorter than the tag")
    # stdin from /dev/null: empty input
    one_line_error(lwc("decrypt", *aead_args("ascon-aead128")), 2, "shorter than the tag")


def test_raw_decrypt_needs_input_on_a_terminal(lwc):
    master, slave = pty.openpty()
    try:
        r = lwc("decrypt", *aead_args("ascon-aead128"), stdin=slave)
    finally:
        os.close(slave)
        os.close(master)
    one_line_error(r, 2, "missing --ct")


# ----------------------------------------------------------------- bad input

K, N = KEY.hex(), NONCE.hex()
ENC = ["encrypt", "ascon-aead128", "--key", K, "--nonce", N]
DEC = ["decrypt", "ascon-aead128", "--key", K, "--nonce", N]
BAD_INPUT = {
    "unknown-command": (["frobnicate"], ["unknown command 'frobnicate'"]),
    "unknown-scheme-enc": (["encrypt", "nosuch", "--key", K, "--nonce", N, "--msg", ""],
                           ["unknown scheme 'nosuch' (see 'lwc list')"]),
    "unknown-scheme-hash": (["hash", "ascon-hash512", "--msg", ""],
                            ["unknown scheme 'ascon-hash512' (see 'lwc list')"]),
    "missing-scheme": (["hash"], ["missing SCHEME"]),
    "unknown-impl-enc": (ENC + ["--impl", "nosuch", "--msg", ""],
                         ["unknown implementation 'nosuch'", "ref"]),
    "unknown-impl-hash": (["hash", "ascon-hash256", "--impl", "armv7m", "--msg", ""],
                          ["unknown implementation 'armv7m'"]),
    "hash-on-aead": (["hash", "ascon-aead128", "--msg", ""], ["AEAD scheme"]),
    "encrypt-on-hash": (["encrypt", "ascon-hash256", "--key", K, "--nonce", N, "--msg", ""],
                        ["hash scheme"]),
    "decrypt-on-xof": (["decrypt", "ascon-xof128", "--key", K, "--nonce", N, "--ct", ""],
                       ["hash scheme"]),
    "odd-key": (["encrypt", "ascon-aead128", "--key", K[:-1], "--nonce", N, "--msg", ""],
                ["--key", "odd number of hex digits"]),
    "odd-nonce": (["encrypt", "ascon-aead128", "--key", K, "--nonce", N + "0", "--msg", ""],
                  ["--nonce", "odd"]),
    "odd-ad": (ENC + ["--ad", "abc", "--msg", ""], ["--ad", "odd"]),
    "odd-msg": (ENC + ["--msg", "0"], ["--msg", "odd"]),
    "odd-ct": (DEC + ["--ct", "0" * 33], ["--ct", "odd"]),
    "odd-hash-msg": (["hash", "ascon-hash256", "--msg", "123"], ["--msg", "odd"]),
    "odd-custom": (["hash", "ascon-cxof128", "--custom", "1", "--msg", ""], ["--custom", "odd"]),
    "nonhex-key": (["encrypt", "ascon-aead128", "--key", "zz" + K[2:], "--nonce", N, "--msg", ""],
                   ["--key", "non-hex", "'z'"]),
    "nonhex-msg": (ENC + ["--msg", "0x00"], ["--msg", "non-hex", "'x'"]),
    "nonhex-space": (ENC + ["--msg", "00 11"], ["--msg", "non-hex"]),
    "nonhex-mask": (ENC + ["--mask-key", "g" * 32, "--msg", ""], ["--mask-key", "non-hex"]),
    "nonhex-ct": (DEC + ["--ct", "0g" + "00" * 16], ["--ct", "non-hex", "'g'", "position 2"]),
    "nonhex-nonce": (["encrypt", "ascon-aead128", "--key", K, "--nonce", N[:-2] + "-1",
                      "--msg", ""], ["--nonce", "non-hex", "'-'"]),
    "nonhex-ad": (ENC + ["--ad", "0x", "--msg", ""], ["--ad", "non-hex", "'x'"]),
    "nonhex-custom": (["hash", "ascon-cxof128", "--custom", "zz", "--msg", ""],
                      ["--custom", "non-hex"]),
    "nonhex-byte": (DEC + ["--ct", "00\u00e9" + "00" * 16], ["--ct", "non-hex", "byte 0xc3"]),
    "nonhex-control": (ENC + ["--msg", "00\t11"], ["--msg", "non-hex", "byte 0x09"]),
    "key-0x-prefix": (["encrypt", "ascon-aead128", "--key", "0x" + K, "--nonce", N, "--msg", ""],
                      ["--key", "non-hex", "'x'"]),
    "odd-and-short-key": (["encrypt", "ascon-aead128", "--key", "abc", "--nonce", N, "--msg", ""],
                          ["--key", "odd"]),
    "huge-key": (["encrypt", "ascon-aead128", "--key", "00" * 5000, "--nonce", N, "--msg", ""],
                 ["--key", "expected 16 bytes", "got 5000 bytes"]),
    "short-nonce-80pq": (["decrypt", "ascon80pq-v12", "--key", "00" * 20, "--nonce", N[:-2],
                          "--ct", "00" * 16], ["--nonce", "expected 16 bytes", "got 15"]),
    "unknown-scheme-dec": (["decrypt", "ascon-aead256", "--key", K, "--nonce", N, "--ct", ""],
                           ["unknown scheme 'ascon-aead256'"]),
    "unknown-impl-dec": (DEC + ["--impl", "opt32", "--ct", "00" * 16],
                         ["unknown implementation 'opt32' of ascon-aead128", "opt64"]),
    "empty-impl": (DEC + ["--impl", "", "--ct", "00" * 16], ["unknown implementation ''"]),
    "short-key": (["encrypt", "ascon-aead128", "--key", K[:30], "--nonce", N, "--msg", ""],
                  ["--key", "expected 16 bytes"]),
    "long-key-80pq": (["encrypt", "ascon80pq-v12", "--key", K, "--nonce", N, "--msg", ""],
                      ["--key", "expected 20 bytes"]),
    "long-nonce": (["decrypt", "ascon-aead128", "--key", K, "--nonce", N + "00", "--ct", ""],
                   ["--nonce", "expected 16 bytes"]),
    "empty-key": (["encrypt", "ascon-aead128", "--key", "", "--nonce", N, "--msg", ""],
                  ["--key", "expected 16 bytes"]),
    "missing-key": (["encrypt", "ascon-aead128", "--nonce", N, "--msg", ""], ["missing --key"]),
    "missing-nonce": (["decrypt", "ascon-aead128", "--key", K, "--ct", "00" * 16],
                      ["missing --nonce"]),
    "unknown-option": (ENC + ["--bogus", "1"], ["unknown option '--bogus'"]),
    "unknown-option-eq": (ENC + ["--bogus=1"], ["unknown option '--bogus'"]),
    "short-option": (ENC + ["-k", "1"], ["unknown option '-k'"]),
    "option-of-other-cmd": (ENC + ["--ct", "00"], ["unknown option '--ct'"]),
    "out-len-on-aead-cmd": (ENC + ["--out-len", "3"], ["unknown option '--out-len'"]),
    "missing-value-end": (ENC + ["--ad"], ["--ad", "needs a value"]),
    "missing-value-mid": (["encrypt", "ascon-aead128", "--key", "--nonce", N], ["--key", "needs a value"]),
    "twice": (ENC + ["--ad", "00", "--ad", "01", "--msg", ""], ["--ad", "more than once"]),
    "out-len-zero-fixed": (["hash", "ascon-hash256", "--msg", "", "--out-len", "0"],
                           ["--out-len", "fixed 32-byte digest"]),
    "out-len-big": (["hash", "ascon-xof128", "--msg", "", "--out-len", "1073741825"],
                    ["--out-len", "out of range", "1073741824"]),
    "out-len-huge": (["hash", "ascon-cxof128", "--msg", "", "--out-len", "9" * 30],
                     ["--out-len", "out of range"]),
    "out-len-nan": (["hash", "ascon-xof128", "--msg", "", "--out-len", "ten"], ["--out-len", "not a number"]),
    "out-len-neg": (["hash", "ascon-xof128", "--msg", "", "--out-len", "-1"], ["--out-len"]),
    "out-len-empty": (["hash", "ascon-xof128", "--msg", "", "--out-len", ""], ["--out-len", "not a number"]),
    "out-len-fixed": (["hash", "ascon-hash256", "--msg", "", "--out-len", "64"], ["--out-len", "fixed"]),
    "custom-on-xof": (["hash", "ascon-xof128", "--msg", "", "--custom", "00"],
                      ["--custom", "ascon-xof128"]),
    "custom-on-hash": (["hash", "asconhash-v12", "--msg", "", "--custom", ""], ["--custom"]),
    "custom-too-long": (["hash", "ascon-cxof128", "--msg", "", "--custom", "00" * 257],
                        ["--custom", "too long", "256"]),
    "tag-len-small": (ENC + ["--tag-len", "3", "--msg", ""], ["--tag-len", "out of range", "4..16"]),
    "tag-len-big": (DEC + ["--tag-len", "17", "--ct", "00" * 17], ["--tag-len", "out of range"]),
    "tag-len-nan": (ENC + ["--tag-len", "eight", "--msg", ""], ["--tag-len", "not a number"]),
    "tag-len-zero": (DEC + ["--tag-len", "0", "--ct", "00" * 16], ["--tag-len", "out of range"]),
    "tag-len-huge": (DEC + ["--tag-len", "9" * 25, "--ct", "00" * 16],
                     ["--tag-len", "out of range"]),
    "tag-len-2^64+16": (DEC + ["--tag-len", "18446744073709551632", "--ct", "00" * 16],
                        ["--tag-len", "out of range"]),
    "tag-len-negative": (DEC + ["--tag-len", "-4", "--ct", "00" * 16], ["--tag-len", "not a number"]),
    "tag-len-hex": (DEC + ["--tag-len", "0x10", "--ct", "00" * 16], ["--tag-len", "not a number"]),
    "tag-len-v12-huge": (["decrypt", "ascon128-v12", "--key", K, "--nonce", N, "--tag-len",
                          "18446744073709551632", "--ct", "00" * 16],
                         ["--tag-len", "does not support tag truncation"]),
    "mask-key-length": (ENC + ["--mask-key", "00" * 15, "--msg", ""], ["--mask-key", "expected 16 bytes"]),
    "ct-shorter-than-tag": (DEC + ["--ct", "00" * 15], ["--ct", "shorter than the tag"]),
    "ct-shorter-than-short-tag": (DEC + ["--tag-len", "4", "--ct", "00" * 3], ["shorter than the tag"]),
    "ct-empty": (DEC + ["--ct", ""], ["--ct", "shorter than the tag (0 bytes"]),
    "no-such-file": (["hash", "ascon-hash256", "/nonexistent/file"],
                     ["cannot open '/nonexistent/file'", "No such file or directory"]),
    "no-such-file-enc": (ENC + ["/nonexistent/file"], ["No such file or directory"]),
    "directory": (["hash", "ascon-hash256", "/"], ["'/'", "Is a directory"]),
    "msg-and-file": (["hash", "ascon-hash256", "--msg", "", "/etc/hostname"], ["both --msg and a FILE"]),
    "ct-and-file": (DEC + ["--ct", "00" * 16, "/etc/hostname"], ["both --ct and a FILE"]),
    "two-files": (["hash", "ascon-hash256", "a", "b"], ["more than one FILE"]),
    "list-args": (["list", "extra"], ["takes no arguments"]),
    "help-unknown": (["help", "frobnicate"], ["unknown command 'frobnicate'"]),
    "newline-in-name": (["hash", "bad\nname\n", "--msg", ""], ["unknown scheme"]),
    # lwc mac and lwc prf: each takes its own kind and names the other's command
    "mac-on-prf": (["mac", "ascon-prf-v13", "--key", K, "--msg", ""],
                   ["'ascon-prf-v13' is a PRF, not a MAC", "lwc prf ascon-prf-v13"]),
    "mac-on-prfs": (["mac", "ascon-prfs-v13", "--key", K, "--msg", ""],
                    ["is a PRF, not a MAC", "lwc prf"]),
    "prf-on-mac": (["prf", "ascon-mac-v13", "--key", K, "--msg", ""],
                   ["'ascon-mac-v13' is a MAC, not a PRF", "lwc mac ascon-mac-v13"]),
    "mac-on-aead": (["mac", "ascon-aead128", "--key", K, "--msg", ""],
                    ["AEAD scheme, not a MAC", "lwc encrypt"]),
    "prf-on-xof": (["prf", "ascon-xof128", "--key", K, "--msg", ""],
                   ["hash scheme, not a PRF", "lwc hash ascon-xof128"]),
    "hash-on-mac": (["hash", "ascon-mac-v13", "--msg", ""],
                    ["'ascon-mac-v13' is a MAC, not a hash", "lwc mac ascon-mac-v13"]),
    "hash-on-prf": (["hash", "ascon-prf-v13", "--msg", ""], ["is a PRF, not a hash", "lwc prf"]),
    "encrypt-on-prfs": (["encrypt", "ascon-prfs-v13", "--key", K, "--nonce", N, "--msg", ""],
                        ["is a PRF, not an AEAD scheme", "lwc prf ascon-prfs-v13"]),
    "unknown-scheme-mac": (["mac", "ascon-mac-v12", "--key", K, "--msg", ""],
                           ["unknown scheme 'ascon-mac-v12' (see 'lwc list')"]),
    "unknown-impl-mac": (MAC + ["--impl", "opt32", "--msg", ""],
                         ["unknown implementation 'opt32' of ascon-mac-v13", "ref"]),
    "missing-key-mac": (["mac", "ascon-mac-v13", "--msg", ""], ["missing --key"]),
    "odd-key-prf": (["prf", "ascon-prf-v13", "--key", K[:-1], "--msg", ""],
                    ["--key", "odd number of hex digits"]),
    "long-key-mac": (["mac", "ascon-mac-v13", "--key", K + "00", "--msg", ""],
                     ["--key", "expected 16 bytes", "got 17"]),
    "odd-msg-mac": (MAC + ["--msg", "abc"], ["--msg", "odd"]),
    "nonhex-verify": (MAC + ["--msg", "", "--verify", "zz" * 16], ["--verify", "non-hex", "'z'"]),
    "odd-verify": (MAC + ["--msg", "", "--verify", "0" * 31], ["--verify", "odd"]),
    "verify-short": (MAC + ["--msg", "", "--verify", "00" * 3],
                     ["--verify", "3 bytes", "4 to 16 bytes"]),
    "verify-long-mac": (MAC + ["--msg", "", "--verify", "00" * 17],
                        ["--verify", "17 bytes", "4 to 16 bytes"]),
    "verify-long-prf": (PRF + ["--msg", "", "--verify", "00" * 65], ["--verify", "4 to 64 bytes"]),
    "verify-empty": (PRFS + ["--msg", "", "--verify", ""], ["--verify", "0 bytes"]),
    "mac-out-len-17": (MAC + ["--msg", "", "--out-len", "17"], ["--out-len", "out of range (4..16)"]),
    "mac-out-len-nan": (MAC + ["--msg", "", "--out-len", "16B"], ["--out-len", "not a number"]),
    "prfs-out-len-17": (PRFS + ["--msg", "", "--out-len", "17"], ["--out-len", "out of range (0..16)"]),
    "prfs-msg-17": (PRFS + ["--msg", "00" * 17], ["--msg", "too long", "at most 16"]),
    "nonce-on-mac": (MAC + ["--nonce", N, "--msg", ""], ["unknown option '--nonce' for 'lwc mac'"]),
    "custom-on-prf": (PRF + ["--custom", "00", "--msg", ""], ["unknown option '--custom' for 'lwc prf'"]),
    "verify-on-hash": (["hash", "ascon-hash256", "--verify", "00" * 32, "--msg", ""],
                       ["unknown option '--verify' for 'lwc hash'"]),
    "verify-twice": (MAC + ["--verify", "00" * 16, "--verify", "00" * 16, "--msg", ""],
                     ["--verify", "more than once"]),
    "mac-msg-and-file": (MAC + ["--msg", "", "/etc/hostname"], ["both --msg and a FILE"]),
    "mac-no-such-file": (MAC + ["/nonexistent/file"], ["cannot open '/nonexistent/file'"]),
    "prfs-directory": (PRFS + ["/"], ["'/'", "Is a directory"]),
    "help-mac-extra": (["help", "mac", "prf"], ["at most one COMMAND"]),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input(lwc, case):
    args, words = BAD_INPUT[case]
    one_line_error(lwc(*args), 2, *words)


def test_write_errors(lwc):
    with open("/dev/full", "wb") as full:
        r = lwc("hash", "ascon-hash256", "--msg", "", stdout=full)
    one_line_error(r, 2, "error writing", "No space left on device")


@pytest.mark.parametrize("args", [["--help"], ["help"], ["help", "encrypt"], ["decrypt", "--help"],
                                  ["help", "hash"], ["list", "--help"], ["list"],
                                  ["list", "--sizes"], ["--version"], ["help", "mac"],
                                  ["prf", "--help"]])
def test_help_and_listings_into_a_full_device(lwc, args):
    """Issue 30: `lwc --help > /dev/full` said "error writing to standard
    output: Success" (the help's writes went unchecked, the check at the end
    read an errno cleared); every write is checked now."""
    with open("/dev/full", "wb") as full:
        r = lwc(*args, stdout=full)
    err = one_line_error(r, 2, "error writing to standard output", "No space left on device")
    assert "Success" not in err


def test_a_reader_gone_away_ends_quietly(lwc, tmp_path):
    """Issue 30: `lwc ... | head -c 10` ends as cat does there: no message,
    by SIGPIPE (status 141 in a shell), not with "Broken pipe" and status 2."""
    # a pipe with no reader at all
    rd, wr = os.pipe()
    os.close(rd)
    try:
        r = lwc("encrypt", *aead_args("ascon-aead128"), input=bytes(200_000), stdout=wr)
    finally:
        os.close(wr)
    assert r.returncode == -signal.SIGPIPE and r.stderr == b"", (r.returncode, r.stderr)
    # a reader that takes 10 bytes and goes (more than a pipe holds follows):
    # raw output, hex output
    plain = tmp_path / "plain"
    plain.write_bytes(bytes(1 << 20))
    for args in (["encrypt", *aead_args("ascon-aead128"), plain],
                 ["hash", "ascon-xof128", "--msg", "", "--out-len", 1 << 30],
                 ["prf", "ascon-prf-v13", "--key", KEY.hex(), plain, "--out-len", 1 << 30]):
        p = subprocess.Popen([str(lwc.exe), *map(str, args)], env=lwc.env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        assert len(p.stdout.read(10)) == 10
        p.stdout.close()
        err = p.stderr.read()
        assert p.wait(timeout=60) == -signal.SIGPIPE and err == b"", (args, p.returncode, err)
    # what a shell with pipefail sees
    cmd = f"set -o pipefail; {shlex.quote(str(lwc.exe))} hash ascon-xof128 --msg '' " \
          "--out-len 100000 | head -c 10"
    r = subprocess.run(["bash", "-c", cmd], capture_output=True, env=lwc.env, timeout=60)
    assert r.returncode == 141 and len(r.stdout) == 10 and r.stderr == b"", r


# ----------------------------------------------------------------- memory

# A small fork/exec/wait4 helper.  ru_maxrss survives exec: a child forked
# straight from pytest (or vforked by subprocess) starts with pytest's own
# high-water mark, so the tool is run from this lean interpreter instead and
# its peak is read with os.wait4 for that very process.
MEASURE = """\
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as f:
    f.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run_measured(exe: pathlib.Path, args: list, stdin, stdout: pathlib.Path):
    """Run exe; return (exit status, its max RSS in KiB, stderr)."""
    with tempfile.TemporaryDirectory() as d, open(stdout, "wb") as out:
        rss_file = pathlib.Path(d) / "rss"
        r = subprocess.run([sys.executable, "-I", "-S", "-c", MEASURE, str(rss_file),
                            str(exe), *map(str, args)],
                           stdin=stdin, stdout=out, stderr=subprocess.PIPE, timeout=600)
        return r.returncode, int(rss_file.read_text()), r.stderr


def run_piped(exe: pathlib.Path, args: list, source: pathlib.Path, stdout: pathlib.Path):
    """run_measured with source's bytes on standard input through a pipe
    (`cat source | exe args`)."""
    cat = subprocess.Popen(["cat", str(source)], stdout=subprocess.PIPE)
    try:
        return run_measured(exe, args, cat.stdout, stdout)
    finally:
        cat.stdout.close()
        cat.wait()


def random_file(path: pathlib.Path, seed: int, size: int = 48 << 20) -> pathlib.Path:
    """size bytes (48 MiB: more than the limit below): one random MiB of
    Random(seed), repeated."""
    with open(path, "wb") as f:
        f.write(random.Random(seed).randbytes(1 << 20) * (size >> 20))
    return path


LIMIT_KIB = 32 * 1024


@pytest.mark.slow
def test_constant_memory_hash_128mib(tmp_path):
    """Release build only: 128 MiB, four times the limit, streams through in
    well under 32 MiB."""
    exe = bin_dir("release") / "lwc"
    big = tmp_path / "sparse-128MiB"
    with open(big, "wb"):
        pass
    os.truncate(big, 4 * LIMIT_KIB * 1024)
    out = tmp_path / "digest"
    status, rss, err = run_measured(exe, ["hash", "ascon-hash256", big],
                                    subprocess.DEVNULL, out)
    assert status == 0, err
    digest = out.read_text()
    assert len(digest) == 65 and digest.endswith("\n")
    assert rss < LIMIT_KIB, f"max RSS {rss} KiB"
    # the same bytes through a pipe hash identically (small sample: 8 MiB)
    part = tmp_path / "zeros"
    with open(part, "wb"):
        pass
    os.truncate(part, 8 << 20)
    lwc = Lwc(exe)
    assert lwc.hex("hash", "ascon-hash256", part) == \
        lwc.hex("hash", "ascon-hash256", input=bytes(8 << 20))


def test_constant_memory_raw_aead(tmp_path):
    """Release build only: 48 MiB (more than the limit) encrypted and decrypted,
    from a file and from a pipe (both spooled), each under 32 MiB of RSS."""
    exe = bin_dir("release") / "lwc"
    size = 48 << 20
    plain = random_file(tmp_path / "plain", 3, size)
    ct = tmp_path / "ct"
    base = ["ascon-aead128", "--key", KEY.hex(), "--nonce", NONCE.hex()]
    status, rss, err = run_measured(exe, ["encrypt", *base, plain], subprocess.DEVNULL, ct)
    assert status == 0, err
    assert rss < LIMIT_KIB, f"encrypt: max RSS {rss} KiB"
    assert ct.stat().st_size == size + 16
    back = tmp_path / "back"
    status, rss, err = run_measured(exe, ["decrypt", *base, ct], subprocess.DEVNULL, back)
    assert status == 0 and rss < LIMIT_KIB, (status, rss, err)
    assert back.read_bytes() == plain.read_bytes()
    # from a pipe: `cat ct | lwc decrypt` spools to a temporary file
    status, rss, err = run_piped(exe, ["decrypt", *base], ct, back)
    assert status == 0 and rss < LIMIT_KIB, (status, rss, err)
    assert back.read_bytes() == plain.read_bytes()


# ----------------------------------------------------------------- launcher

LAUNCHER = ROOT / "lwc"


def test_launcher_from_another_directory(tmp_path):
    (tmp_path / "msg.txt").write_bytes(b"hello\n")
    r = subprocess.run([str(LAUNCHER), "hash", "ascon-hash256", "msg.txt"], cwd=tmp_path,
                       capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr
    direct = Lwc(bin_dir("release") / "lwc").hex("hash", "ascon-hash256", "--msg", b"hello\n".hex())
    assert r.stdout.decode() == direct + "\n"
    # contract example through the launcher, with relative path to it
    rel = os.path.relpath(LAUNCHER, tmp_path)
    r = subprocess.run([rel, "encrypt", "ascon-aead128", "--key", KEY.hex(), "--nonce",
                        NONCE.hex(), "--msg", ""], cwd=tmp_path, capture_output=True, timeout=300)
    assert r.returncode == 0 and r.stdout == b"4f9c278211bec9316bf68f46ee8b2ec6\n", r.stderr


def test_launcher_exit_statuses(tmp_path):
    r = subprocess.run([str(LAUNCHER), "hash", "nosuch"], cwd=tmp_path, capture_output=True,
                       timeout=300)
    one_line_error(r, 2, "unknown scheme")
    link = tmp_path / "lwc-link"
    link.symlink_to(LAUNCHER)
    r = subprocess.run([str(link), "list"], cwd=tmp_path, capture_output=True, timeout=300)
    assert r.returncode == 0 and b"ascon-aead128" in r.stdout, r.stderr


def fake_repo(tmp_path: pathlib.Path, build_ok: bool) -> pathlib.Path:
    """A copy of the launcher beside a stand-in harness.build and binary."""
    root = tmp_path / "repo"
    (root / "harness").mkdir(parents=True)
    (root / "harness" / "__init__.py").write_text("")
    (root / "harness" / "build.py").write_text(textwrap.dedent(f"""\
        import sys
        print("compiling...")
        print("some compiler error", file=sys.stderr)
        sys.exit({0 if build_ok else 1})
    """))
    binary = root / "build" / "host-release" / "bin" / "lwc"
    binary.parent.mkdir(parents=True)
    binary.write_text('#!/bin/sh\necho "cwd=$(pwd)"\nfor a in "$@"; do echo "arg=$a"; done\n')
    binary.chmod(0o755)
    (root / "lwc").write_bytes(LAUNCHER.read_bytes())
    (root / "lwc").chmod(0o755)
    return root


def test_launcher_builds_only_when_a_source_is_newer(tmp_path):
    """Nothing newer than the binary: the binary runs, no build (here a
    build would fail).  A source edited, or a file added to a folder: the
    build runs; once it succeeded the binary counts as current again."""
    root = fake_repo(tmp_path, build_ok=False)
    for d in ("include", "src/core", "tools/lwc", "crypto_aead/x/ref"):
        (root / d).mkdir(parents=True)
    (root / "src" / "core" / "a.c").write_text("")
    (root / "harness" / "discover.py").write_text("")
    binary = root / "build" / "host-release" / "bin" / "lwc"
    now = time.time()
    for f in [*root.rglob("*"), root]:
        os.utime(f, (now - 100, now - 100))
    os.utime(binary, (now, now))

    def call():
        return subprocess.run([str(root / "lwc"), "x"], cwd=tmp_path, capture_output=True,
                              timeout=60)
    r = call()
    assert r.returncode == 0 and b"compiling" not in r.stderr, r.stderr
    os.utime(root / "src" / "core" / "a.c", (now + 10, now + 10))  # edited
    r = call()
    assert r.returncode == 2 and b"compiling" in r.stderr
    os.utime(root / "src" / "core" / "a.c", (now - 100, now - 100))
    (root / "crypto_aead" / "x" / "ref" / "new.c").write_text("")  # a file added
    os.utime(binary, (now - 50, now - 50))
    os.utime(root / "crypto_aead" / "x" / "ref" / "new.c", (now - 100, now - 100))
    r = call()
    assert r.returncode == 2 and b"compiling" in r.stderr
    (root / "harness" / "build.py").write_text(
        (root / "harness" / "build.py").read_text().replace("sys.exit(1)", "sys.exit(0)"))
    assert call().returncode == 0  # built: the binary's time is now
    r = call()
    assert r.returncode == 0 and b"compiling" not in r.stderr, r.stderr


def test_launcher_reports_build_failure(tmp_path):
    root = fake_repo(tmp_path, build_ok=False)
    r = subprocess.run([str(root / "lwc"), "list"], cwd=tmp_path, capture_output=True,
                       timeout=60)
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().splitlines()[-1] == "lwc: build failed"


def test_launcher_passes_arguments_and_cwd(tmp_path):
    root = fake_repo(tmp_path, build_ok=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    r = subprocess.run([str(root / "lwc"), "a b", "", "--x=*"], cwd=work, capture_output=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    # build chatter goes to stderr, never into the tool's output
    assert r.stdout.decode().splitlines() == [f"cwd={work}", "arg=a b", "arg=", "arg=--x=*"]
    assert "compiling..." in r.stderr.decode()
