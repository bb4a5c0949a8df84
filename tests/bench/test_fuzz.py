"""Differential fuzzing (tests/fuzz/, harness/bench/fuzz.py, ./lwcbench fuzz).

A bounded run from the KAT seed corpus must find no difference between any
host implementation and ref; deliberately broken implementations (outside
the tree) must be found: one through ./lwcbench fuzz and LWC_EXTRA_IMPLS,
reported with its reproducer, and one by libFuzzer's mutations alone,
starting from an empty corpus.  Runs use a fixed -seed.
"""
from __future__ import annotations

import os
import re
import subprocess

import pytest

from tests.helpers import KAT_DIR, ROOT, host_impls, lwcbench, write_impl
from harness.bench import fuzz
from harness.bench.impls import extra_build_dir
from harness.build import HOST_ARCHS, Builder
from harness.discover import discover
from harness.katfile import records

pytestmark = pytest.mark.slow  # libFuzzer builds and runs: minutes

BOUNDED_SECONDS = 20  # every KAT seed (most of the time), then mutations; 1800 s is the long run


def lwcbench_fuzz(*args, env=None, timeout=900):
    return lwcbench("fuzz", *args, env=env, timeout=timeout)  # set up: lwc_setup fuzz


@pytest.fixture(scope="module")
def fuzzer():
    return fuzz.build()


def test_every_host_implementation_is_fuzzed(fuzzer):
    """The fuzzer's table comes from the registries: every scheme of the
    host build, with all its implementations, sorted by name."""
    table = fuzz.scheme_table(fuzzer)
    want: dict[str, set] = {}
    for i in host_impls():
        want.setdefault(i.scheme, set()).add(i.name)
    assert [e["scheme"] for e in table] == sorted(want)
    assert [e["index"] for e in table] == list(range(len(table)))
    for e in table:
        assert set(e["impls"].split(",")) == want[e["scheme"]], e
        assert "ref" in e["impls"].split(",")
    kinds = {e["scheme"]: e["kind"] for e in table}
    assert kinds["ascon-aead128"] == "aead" and kinds["ascon-cxof128"] == "hash"
    assert kinds["ascon-p12"] == "perm" and kinds["ascon-mac-v13"] == "auth"


def test_seed_corpus_samples_every_kat_file(fuzzer, tmp_path):
    """SEED_ENTRIES seeds per scheme (SEED_PERM_ENTRIES for a bare
    permutation), spread over its official KAT file from the first entry to
    near the last, and the fuzzer reads them as the entries they came from."""
    table = fuzz.scheme_table(fuzzer)
    seeds = fuzz.seed_inputs(table)
    def kat(e):
        perm = e["kind"] == "perm"
        return KAT_DIR / f"{fuzz.perm_kat_scheme(e['scheme']) if perm else e['scheme']}.txt"
    want = sum(min(fuzz.SEED_PERM_ENTRIES if e["kind"] == "perm" else fuzz.SEED_ENTRIES,
                   len(records(kat(e)))) for e in table)
    assert len(seeds) == want
    counts = sorted(int(n.rsplit("-", 1)[1]) for n in seeds if n.startswith("ascon-aead128-"))
    assert counts[0] == 1 and counts[-1] > 1089 - 1089 // fuzz.SEED_ENTRIES - 1
    assert max(b - a for a, b in zip(counts, counts[1:])) <= 1089 // fuzz.SEED_ENTRIES + 1

    def late(scheme):  # the last sampled entry of a scheme
        return max((n for n in seeds if n.rsplit("-", 1)[0] == scheme),
                   key=lambda n: int(n.rsplit("-", 1)[1]))
    picks = {late("ascon-aead128"): ("PT", "AD"), late("ascon80pq-v12"): ("PT", "AD"),
             late("asconhasha-v12"): ("Msg", None), late("ascon-cxof128"): ("Msg", "Z")}
    for name in picks:
        (tmp_path / name).write_bytes(seeds[name])
    r = subprocess.run([str(fuzzer), *[str(tmp_path / p) for p in picks]],
                       env={**os.environ, "LWC_FUZZ_PRINT_CASES": "1"}, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    cases = re.findall(r"^lwc-fuzz: ok: (\S+): (.*)$", r.stderr, re.M)
    # libFuzzer may run an input a second time right after the first (seen
    # on a loaded machine): the same case twice in a row is one input
    cases = [c for k, c in enumerate(cases) if k == 0 or c != cases[k - 1]]
    assert len(cases) == len(picks), r.stderr[-3000:]
    for (name, (data, extra)), (scheme, case) in zip(picks.items(), cases):
        scheme_of_name, count = name.rsplit("-", 1)
        assert scheme == scheme_of_name
        rec = next(x for x in records(KAT_DIR / f"{scheme}.txt") if x["Count"] == str(int(count)))
        assert re.search(rf"\bmlen {len(rec[data]) // 2}\b", case), (name, case)
        if extra == "AD":
            assert re.search(rf"\badlen {len(rec['AD']) // 2}\b", case), (name, case)
        if extra == "Z":
            assert f"customlen {len(rec['Z']) // 2}," in case, (name, case)


def test_seed_folder_is_brought_up_to_date_not_rewritten(fuzzer, tmp_path, monkeypatch):
    """Only changed seeds are written and stale ones removed: rewriting
    thousands of files every run is slow on some disks."""
    monkeypatch.setattr(fuzz, "seed_inputs", lambda table: {"a": b"1", "b": b"2"})
    folder = tmp_path / "seeds"
    folder.mkdir()
    (folder / "stale").write_bytes(b"x")
    (folder / "b").write_bytes(b"old")
    assert fuzz.write_seeds(fuzzer, folder) == 2
    assert sorted(p.name for p in folder.iterdir()) == ["a", "b"]
    assert (folder / "b").read_bytes() == b"2"
    os.utime(folder / "a", (1, 1))
    fuzz.write_seeds(fuzzer, folder)
    assert (folder / "a").stat().st_mtime == 1  # unchanged: not written again


def test_bounded_run_finds_no_difference(tmp_path):
    """./lwcbench fuzz for BOUNDED_SECONDS from the KAT seeds: every seed,
    then mutations, and no implementation differs from ref."""
    r = lwcbench_fuzz("--seconds", str(BOUNDED_SECONDS), "--seed", "1", "--out", str(tmp_path))
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-5000:]
    assert "fuzz: no difference found" in r.stdout, out[-5000:]
    m = re.search(r"^fuzz: (\d+) runs in (\d+) s \((\d+) exec/s\), coverage (\d+) edges", r.stdout,
                  re.M)
    assert m, out[-5000:]
    seeds = len(list(fuzz.SEEDS.iterdir()))
    assert int(m.group(1)) > seeds  # all the seeds, then mutated inputs
    assert list((tmp_path / "corpus").iterdir())  # the corpus it grew is kept
    assert not list((tmp_path / "crashes").iterdir())
    assert "INITED" in (tmp_path / "last-run.log").read_text()


def test_bad_arguments_exit_2(tmp_path):
    r = lwcbench_fuzz("--seconds", "0", "--out", str(tmp_path))
    assert r.returncode == 2 and "--seconds and --jobs must be at least 1" in r.stderr


# -- the fuzzer can fail --------------------------------------------------------

def fuzz_broken(tmp_path, top: str, scheme: str, source: str):
    """./lwcbench fuzz (120 s, seed 1) with top/scheme/broken (its impl.c:
    source) added through LWC_EXTRA_IMPLS: it exits 1.  Returns the run and
    its output."""
    write_impl(tmp_path / "extra", top, scheme, "broken", {"impl.c": source})
    r = lwcbench_fuzz("--seconds", "120", "--seed", "1", "--out", str(tmp_path / "fuzz"),
                      env={"LWC_EXTRA_IMPLS": str(tmp_path / "extra")})
    out = r.stdout + r.stderr
    assert r.returncode == 1, out[-5000:]
    return r, out


# Checks only the first 8 bytes of a 16-byte tag: forgeries in the second
# half are accepted.
HALF_TAG = """#include "api.h"
#include "ascon/backend_ref.h"
#include "ascon/common.h"
static inline int first_half_compare(const uint8_t *a, const uint8_t *b, size_t n) {
  return lwc_ct_compare(a, b, n > 8 ? 8 : n);
}
#define lwc_ct_compare first_half_compare
#include "ascon/aead_mode.h"
"""

# A squeeze call that starts exactly where the previous one stopped on a
# block boundary reuses that block instead of permuting: only incremental
# squeezes cut at a multiple of the rate see it.
BOUNDARY_SQUEEZE = """#include "api.h"
#include "ascon/backend_ref.h"
#undef LWC_NAMESPACE
#define LWC_NAMESPACE broken_inner
#include "ascon/hash_mode.h"
static int boundary_squeeze(lwc_hash_ctx *ctx, uint8_t *out, size_t len) {
  lwc_sponge_state *st = (lwc_sponge_state *)ctx;
  if (st->phase == LWC_PHASE_SQUEEZE && st->pos == ASCON_RATE && len > 0) st->pos = 0;
  return ascon_hash_squeeze(ctx, out, len);
}
const lwc_hash ascon_xof128_broken_lwc_hash_desc = {
    LWC_SCHEME_NAME, LWC_IMPL_NAME, ASCON_HASH_KIND, CRYPTO_BYTES,
    ASCON_MAX_CUSTOM, ascon_hash_init, ascon_hash_update, boundary_squeeze};
"""


# An update that follows a partial block takes only the rest of that block
# and drops what comes after it: only incremental calls cut inside a block
# see it.
SHORT_UPDATE = """#include "api.h"
#include "ascon/backend_ref.h"
#undef LWC_NAMESPACE
#define LWC_NAMESPACE broken_inner
#include "ascon/auth_mode.h"
static int short_update(lwc_auth_ctx *ctx, const uint8_t *in, size_t len) {
  const lwc_sponge_state *st = (const lwc_sponge_state *)(const void *)ctx;
  if (st->pos != 0 && len > ASCON_AUTH_IN_RATE - st->pos) len = ASCON_AUTH_IN_RATE - st->pos;
  return ascon_auth_update(ctx, in, len);
}
const lwc_auth ascon_mac_v13_broken_lwc_auth_desc = {
    LWC_SCHEME_NAME, LWC_IMPL_NAME, LWC_MAC, 16, CRYPTO_BYTES, CRYPTO_BYTES, 0,
    ascon_auth_init, short_update, ascon_auth_squeeze, ascon_auth_compute};
"""


def test_a_broken_mac_is_found(tmp_path):
    """The MAC harness (tests/fuzz/fuzz_auth.c) compares the incremental
    calls with ref: a Mac that loses input after a partial block is named,
    with the incremental calls' output as the difference."""
    r, out = fuzz_broken(tmp_path, "crypto_auth", "ascon-mac-v13", SHORT_UPDATE)
    assert "DIFFERENCE ascon-mac-v13/broken: " in r.stdout, out[-5000:]
    assert "incremental calls: output" in r.stdout, out[-5000:]


def test_a_broken_implementation_is_reported_with_its_reproducer(tmp_path):
    """LWC_EXTRA_IMPLS adds an AEAD that checks half of the tag: ./lwcbench
    fuzz exits 1 naming it, and the saved input replays the difference."""
    r, out = fuzz_broken(tmp_path, "crypto_aead", "ascon-aead128", HALF_TAG)
    assert "fuzz: DIFFERENCE FOUND" in r.stdout, out[-5000:]
    assert re.search(r"DIFFERENCE ascon-aead128/broken: \S+ decrypt with bit \d+ of "
                     r"ct\|\|tag\|\|AD\|\|nonce\|\|key(\|\|mask key)? flipped returned LWC_OK",
                     r.stdout), out[-5000:]
    m = re.search(r"^  reproducer: (\S+)$", r.stdout, re.M)
    assert m and os.path.exists(m.group(1)), out[-5000:]
    impls = [i for i in discover() + discover(tmp_path / "extra") if i.builds_for(HOST_ARCHS)]
    binary = extra_build_dir(ROOT / "build" / "fuzz-extra", impls) / "bin" / "lwc-fuzz"
    replay = subprocess.run([str(binary), m.group(1)], capture_output=True, text=True,
                            timeout=120)
    assert replay.returncode != 0
    assert "lwc-fuzz: DIFFERENCE ascon-aead128/broken:" in replay.stderr
    assert not (ROOT / "crypto_aead" / "ascon-aead128" / "broken").exists()


def test_mutations_alone_find_a_boundary_bug(tmp_path):
    """No seeds: from an empty corpus, libFuzzer builds an input whose split
    script cuts the squeezes at a block boundary."""
    write_impl(tmp_path / "extra", "crypto_hash", "ascon-xof128", "broken",
               {"impl.c": BOUNDARY_SQUEEZE})
    impls = [i for i in host_impls() if (i.scheme, i.name) == ("ascon-xof128", "ref")]
    b = Builder("fuzz", quiet=True, impls=impls + discover(tmp_path / "extra"),
                out=tmp_path / "build")
    assert b.build(), b.failed
    (tmp_path / "corpus").mkdir()
    r = subprocess.run([str(tmp_path / "build" / "bin" / "lwc-fuzz"), str(tmp_path / "corpus"),
                        "-seed=1", "-max_total_time=120", f"-artifact_prefix={tmp_path}/"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode != 0, r.stderr[-3000:]
    assert "lwc-fuzz: DIFFERENCE ascon-xof128/broken: incremental hash: squeezed output" \
        in r.stderr, r.stderr[-3000:]
    assert list(tmp_path.glob("crash-*"))
