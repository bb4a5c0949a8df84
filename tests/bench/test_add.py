"""./lwcbench run|ct|fuzz|profile --add DIR (harness/bench/added.py): a
SUPERCOP folder from outside the tree, measured beside ours.

The folder is a throwaway copy of ascon-aead128/ref made stand-alone by
./lwcbench export supercop (every header it includes beside it under a
flat name, api.h with the scheme's numbers written out, the SUPERCOP names
bare), renamed "mine"; its tag check's verdict is declared public through
SUPERCOP's crypto_declassify.h (TIMECOP's way; nothing but in the ct build).
Beside it: the tree's own ref folder added the same way ("+ref": the same
code through the same glue), a broken copy (one round constant flipped)
and one with a syntax error.  One run on the host and three cross targets
of different ISAs checks what a user sees; the rest are short runs.
"""
from __future__ import annotations

import json
import pathlib
import re
import shlex
import subprocess

import pytest

from tests.helpers import ROOT, find_impl, lwcbench
from harness.bench import added, supercop
from harness.bench.output import docs_pages

TARGETS = ["host", "rv32i-qemu", "cortex-m3-qemu", "xtensa-lx106-qemu"]
CROSS = TARGETS[1:]
TREE_REF = ROOT / "crypto_aead" / "ascon-aead128" / "ref"
DECLASSIFY = "#define LWC_DECLASSIFY(p, n) ((void)0)"
ROUND_CONSTANT = "(((0xfu - i) << 4) | i)"


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, pathlib.Path]:
    """mine (the flattened copy), broken, syntax, and two whose encryption
    calls a function first: needy (one nobody defines), random
    (SUPERCOP's randombytes and crypto_verify_16)."""
    base = tmp_path_factory.mktemp("supercop")
    files = supercop.export_one(find_impl("ascon-aead128", "ref")).files
    out = {}
    for name in ("mine", "broken", "syntax", "needy", "random"):
        d = base / name
        d.mkdir()
        for file, text in files.items():
            (d / file).write_text(text)
        common = d / "core_common.h"
        assert DECLASSIFY in common.read_text()
        common.write_text(common.read_text().replace(
            DECLASSIFY, '#include "crypto_declassify.h"\n'
            "#define LWC_DECLASSIFY(p, n) crypto_declassify((p), (n))"))
        out[name] = d
    backend = out["broken"] / "ascon_backend_ref.h"
    assert ROUND_CONSTANT in backend.read_text()
    backend.write_text(backend.read_text().replace(ROUND_CONSTANT, "(((0xfu - i) << 4) | i ^ 1)"))
    aead = out["syntax"] / "aead.c"
    aead.write_text(aead.read_text() + "\nint broken(void) { return 1 }\n")
    for name, call in (("needy", "lwc_no_such_function();"),
                       ("random", "{ unsigned char r[16]; randombytes(r, 16); "
                                  "(void)crypto_verify_16(r, r); }")):
        api = out[name] / "core_aead_api.h"
        text = api.read_text()
        assert text.count("(void)nsec;") == 2
        api.write_text('#include "randombytes.h"\n#include "crypto_verify_16.h"\n'
                       "void lwc_no_such_function(void);\n"
                       + text.replace("(void)nsec;", f"(void)nsec; {call}", 1))
    return out


def add(*pairs) -> list[str]:
    """--add DIR --as ascon-aead128 for each folder."""
    return [a for d in pairs for a in ("--add", str(d), "--as", "ascon-aead128")]


@pytest.fixture(scope="module")
def beside(folders, tmp_path_factory):
    """One run: ref, +mine, +ref (the tree's ref through the glue),
    +broken and +syntax on the host and three cross targets."""
    out = tmp_path_factory.mktemp("run") / "r.json"
    r = lwcbench("run", *(a for t in TARGETS for a in ("--target", t)),
                 *add(folders["mine"], TREE_REF, folders["broken"], folders["syntax"]),
                 "--impl", "ref", "--suite", "thesis", "--quick", "--out", "none",
                 "--json", str(out), "--jobs", "1")
    return r, json.loads(out.read_text())


def rows(data, target, impl) -> dict:
    return {(x["op"], x["mlen"]): x for x in data["results"]
            if (x["target"], x["impl"]) == (target, impl)}


def test_a_folder_is_measured_beside_ours(beside, folders):
    """KAT-checked and measured on every target, marked as added with its
    path and digest; on the exact targets its counts are those of the tree's
    own ref through the same glue, instruction for instruction."""
    r, data = beside
    assert r.returncode == 0, r.stdout + r.stderr  # the broken ones fail, ours and mine pass
    for t in TARGETS:
        mine, tree, ours = rows(data, t, "+mine"), rows(data, t, "+ref"), rows(data, t, "ref")
        assert set(mine) == set(ours) == {(op, m) for op in ("encrypt", "decrypt")
                                           for m in (16, 32768)}
        for point, rec in mine.items():
            assert rec["kat"] == "pass" and rec["status"] == "ok", rec
            assert rec["added"]["path"] == str(folders["mine"])
            assert rec["added"]["sha256"] == added.folder_digest(folders["mine"])
            assert rec["added"]["scheme_from"] == "--as"
            assert rec["glue_code_bytes"] > 0 and rec["code_bytes"] > 0
            # the same code, the same glue: the same count (callgrind on the host)
            assert rec["instructions"] == tree[point]["instructions"], (t, point)
            # against ours through the descriptor's incremental calls: the
            # SUPERCOP entry inlines the mode; the difference is measured,
            # shown, never corrected
            assert abs(rec["instructions"] / ours[point]["instructions"] - 1) < 0.02
        assert "added" not in next(iter(ours.values()))
    for line in ("+mine", "+ref", f"ascon-aead128/+mine: added from {folders['mine']}"):
        assert line in r.stdout


def test_a_broken_copy_fails_its_kat_and_is_not_measured(beside):
    _r, data = beside
    for t in TARGETS:
        for rec in rows(data, t, "+broken").values():
            assert (rec["kat"], rec["status"], rec["instructions"]) == ("fail", "kat-failed", None)
            assert "differs from the official output" in rec["error"]


def test_a_syntax_error_is_reported_per_target(beside, folders):
    r, data = beside
    for t in TARGETS:
        recs = rows(data, t, "+syntax").values()
        assert recs and all(x["status"] == "build-failed" for x in recs)
        err = next(iter(recs))["error"]  # the compiler's line, in the folder's terms
        assert f"{folders['syntax']}/aead.c" in err and "error" in err, err
        assert f"FAILED {t} ascon-aead128/+syntax: build-failed" in r.stdout


def test_the_symbols_supercop_gives_and_one_it_does_not(folders, tmp_path):
    """randombytes and crypto_verify_16 are given (SUPERCOP's); a symbol
    nobody defines is a link failure of that folder, reported, the run
    going on."""
    r = lwcbench("run", "--target", "rv32i-qemu", "--target", "host",
                 *add(folders["needy"], folders["random"]), "--impl", "+needy", "--impl",
                 "+random", "--suite", "thesis", "--quick", "--out", "none",
                 "--json", str(tmp_path / "r.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    for t in ("rv32i-qemu", "host"):  # the host: each added folder a program of its own
        assert {x["status"] for x in rows(data, t, "+random").values()} == {"ok"}
        needy = next(iter(rows(data, t, "+needy").values()))
        assert needy["status"] == "build-failed" and "does not link" in needy["error"]
        assert "undefined reference to `lwc_no_such_function'" in needy["error"], needy["error"]


def test_an_architectures_file_keeps_a_folder_to_its_isas(folders, tmp_path):
    """SUPERCOP's `amd64` is lwc's x86_64: built on the host, said not built
    on RV32I."""
    amd = tmp_path / "amd"
    amd.mkdir()
    for f in folders["mine"].iterdir():
        (amd / f.name).write_bytes(f.read_bytes())
    (amd / "architectures").write_text("amd64\n")
    r = lwcbench("run", "--target", "host", "--target", "rv32i-qemu", *add(amd), "--impl", "ref",
                 "--suite", "thesis", "--quick", "--out", "none", "--json", str(tmp_path / "r.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads((tmp_path / "r.json").read_text())
    assert rows(data, "host", "+amd") and not rows(data, "rv32i-qemu", "+amd")
    assert "rv32i-qemu: ascon-aead128/+amd not built: its architectures file names amd64" in r.stderr


def test_nothing_measured_exits_1(folders):
    r = lwcbench("run", "--target", "rv32i-qemu", *add(folders["syntax"]), "--impl", "+syntax",
                 "--suite", "thesis", "--out", "none")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "+syntax: build-failed" in r.stdout


def test_cache_entries_of_their_own(folders, tmp_path):
    """An added folder's answers are kept apart from the shared entries
    (cache/added/<target>, the host's callgrind counts in
    cache/added/host-callgrind) under a key with its digest: a changed
    folder is measured again."""
    env = {"LWC_BENCH_CACHE": str(tmp_path / "cache")}
    args = ["run", "--target", "rv32i-qemu", "--target", "host", "--impl", "+mine", "--suite",
            "thesis", "--quick", "--out", "none", "--json"]
    first = lwcbench(*args, str(tmp_path / "1.json"), *add(folders["mine"]), env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert sorted(p.parent.relative_to(tmp_path / "cache").as_posix()
                  for p in (tmp_path / "cache").rglob("*.json")
                  if p.name != "job-seconds.json") == ["added/host-callgrind", "added/rv32i-qemu"]
    seconds = tmp_path / "cache" / "job-seconds.json"  # the tree's jobs' times only
    assert not seconds.exists() or "+mine" not in seconds.read_text()
    again = lwcbench(*args, str(tmp_path / "2.json"), *add(folders["mine"]), env=env)
    recs = json.loads((tmp_path / "2.json").read_text())["results"]
    assert all(x["reused_from"] for x in recs if x["target"] == "rv32i-qemu")
    assert all(x["instructions_reused_from"] for x in recs if x["target"] == "host")
    changed = tmp_path / "mine"
    changed.mkdir()
    for f in folders["mine"].iterdir():
        (changed / f.name).write_bytes(f.read_bytes())
    (changed / "aead.c").write_text((changed / "aead.c").read_text() + "/* changed */\n")
    third = lwcbench(*args, str(tmp_path / "3.json"), *add(changed), env=env)
    assert again.returncode == third.returncode == 0
    recs = json.loads((tmp_path / "3.json").read_text())["results"]
    assert not any(x["reused_from"] or x.get("instructions_reused_from") for x in recs)


def test_the_data_set_refuses_added_folders(folders, tmp_path):
    r = lwcbench("run", "--all", "--docs", *add(folders["mine"]))
    assert r.returncode == 2 and "--docs" in r.stderr and "--add" in r.stderr
    f = tmp_path / "r.json"
    f.write_text(json.dumps({"results": [{"target": "host", "scheme": "ascon-aead128",
                                          "impl": "+mine", "added": {"path": "x"}}]}))
    with pytest.raises(docs_pages.DocsError, match="--add"):
        docs_pages.run(f, check=False)


def test_ct_and_fuzz_take_the_folder(folders):
    ct = lwcbench("ct", "--target", "rv32i-qemu", "--target", "host", *add(folders["mine"]),
                  "--jobs", "1")
    assert ct.returncode == 0, ct.stdout + ct.stderr
    assert "0 finding(s), 0 failed" in ct.stdout and "ascon-aead128/+mine" in ct.stderr
    fz = lwcbench("fuzz", "--seconds", "2", "--seed", "1", *add(folders["mine"]))
    assert fz.returncode == 0 and "no difference found" in fz.stdout, fz.stdout + fz.stderr
    bad = lwcbench("fuzz", "--seconds", "2", "--seed", "1", *add(folders["broken"]))
    assert bad.returncode == 1 and "DIFFERENCE ascon-aead128/+broken" in bad.stdout


def test_profile_shows_the_glue(folders):
    r = lwcbench("profile", "--target", "rv32i-qemu", *add(folders["mine"]))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "glue_encrypt" in r.stdout and "ascon_aead128_added_mine_crypto_aead_encrypt" in r.stdout


def test_the_scheme_from_sizes_and_kat(folders):
    """Without --as: the sizes of api.h leave several schemes, the KAT on
    the host tells them apart."""
    r = lwcbench("run", "--target", "host", "--add", str(folders["mine"]), "--impl", "+mine",
                 "--suite", "thesis", "--quick", "--out", "none")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ascon-aead128/+mine: added from" in r.stdout and "official KAT" in r.stdout


def test_bad_folders_are_refused(tmp_path, folders):
    (tmp_path / "empty").mkdir()
    r = lwcbench("run", "--target", "host", "--add", str(tmp_path / "empty"))
    assert r.returncode == 2 and "no api.h" in r.stderr
    r = lwcbench("run", "--target", "host", "--add", str(folders["mine"]), "--as", "ascon-hash256")
    assert r.returncode == 2 and "is not" in r.stderr
    r = lwcbench("run", "--target", "host", "--as", "ascon-aead128")
    assert r.returncode == 2 and "--as SCHEME names the scheme of the --add DIR" in r.stderr


def test_the_docs_walk(tmp_path):
    """docs/lwcbench/run.md's example folder, made by its own commands, runs
    as the page says: its scheme found by its sizes and the KAT."""
    text = (ROOT / "docs" / "lwcbench" / "run.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text[text.index("## Your own implementation"):],
                      re.S).group(1)
    make, command = block.rsplit("END\n", 1)
    subprocess.run(["bash", "-e", "-c", (make + "END\n").replace("~/byo", str(tmp_path))],
                   check=True)
    argv = shlex.split(command.replace("~/byo", str(tmp_path)))
    assert argv[:2] == ["./lwcbench", "run"]
    r = lwcbench(*argv[1:], "--out", "none", "--json", str(tmp_path / "r.json"))
    assert r.returncode == 0, r.stdout + r.stderr
    recs = [x for x in json.loads((tmp_path / "r.json").read_text())["results"]
            if x["impl"] == "+myhash"]
    assert recs and all(x["kat"] == "pass" and x["scheme"] == "ascon-hash256" for x in recs)
    assert recs[0]["added"]["implementors"] == "Jane Doe"
    assert "official KAT" in recs[0]["added"]["scheme_from"]
