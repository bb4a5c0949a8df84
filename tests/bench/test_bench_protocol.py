"""The target-side program (lwc-bench on the host: harness/firmware/'s line
protocol, bench.h) and the host's side of the conversation: requests and
answers, the random bytes a masked implementation draws, the stream mode,
the official KAT on the target and a failed one stopping measurement, the
counter loop, a bare permutation's requests; the script session's
splitting of answers; the ELF patch that writes a firmware's script.
"""
from __future__ import annotations

import subprocess

import pytest

from tests.helpers import X86, bin_dir, host_impls
from harness.bench.elfpatch import patch_symbol
from harness.bench.kat import judge, request
from harness.bench.session import ScriptSession, SessionError
from harness.discover import discover


def run_bench(requests, *args):
    r = subprocess.run([str(bin_dir("release") / "lwc-bench"), *args],
                       input="".join(q + "\n" for q in requests), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_lwc_bench_protocol():
    lines = run_bench(["hello", "measure ascon-aead128 ref decrypt 0 16 5",
                       "measure ascon-hash256 opt64 hash 0 32768 3", "measure nosuch ref hash 0 16 5",
                       "measure ascon-aead128 ref hash 0 16 5", "measure ascon-hash256 ref hash 1 16 5",
                       "bogus", "x" * 300, "quit", "hello"])
    assert len(lines) == 9  # nothing after quit
    assert lines[0].startswith("ok lwc-bench protocol=2 ")
    f = dict(t.split("=", 1) for t in lines[1].split()[1:])
    assert (f["scheme"], f["impl"], f["op"], f["mlen"], f["samples"], f["mode"]) == \
        ("ascon-aead128", "ref", "decrypt", "16", "5", "oneshot")
    if X86:
        assert int(f["cycles_min"]) <= int(f["cycles"]) <= int(f["cycles_max"])
    assert lines[2].startswith("ok scheme=ascon-hash256 impl=opt64 op=hash adlen=0 mlen=32768 ")
    assert [ln.split()[0] for ln in lines[3:8]] == ["err"] * 5
    assert lines[7] == "err request too long"
    assert lines[8] == "ok bye"
    one = subprocess.run([str(bin_dir("release") / "lwc-bench"), "measure", "ascon-xof128",
                          "bi32", "hash", "0", "16", "3"], capture_output=True, text=True)
    assert one.returncode == 0 and one.stdout.startswith("ok scheme=ascon-xof128 impl=bi32")


def test_the_random_bytes_a_masked_implementation_draws_are_counted():
    """A measure answer carries random_bytes, what the firmware's source
    handed out per operation: each more block of Ascon-AEAD128 (one p^8)
    draws 8 rounds' words, in the C one per pair of shares and AND (DOM):
    10 a round with 2 shares, 30 with 3; unmasked, none."""
    impls = ("masked", "masked3", "ref")
    lines = run_bench([f"measure ascon-aead128 {i} encrypt 0 {n} 3"
                       for i in impls for n in (16, 1600)])
    f = [dict(t.split("=", 1) for t in ln.split()[1:]) for ln in lines]
    for k, words in enumerate((10, 30)):
        short, long = int(f[2 * k]["random_bytes"]), int(f[2 * k + 1]["random_bytes"])
        assert long - short == (1600 // 16 - 1) * 8 * words * 4, impls[k]
    assert "random_bytes" not in f[4] and "random_bytes" not in f[5]


def test_stream_mode_beyond_the_buffers_matches_oneshot_work():
    """Inputs longer than BENCH_MAX_LEN go through the incremental API; the
    streamed decryption must verify (the target computes its valid tag)."""
    lines = run_bench(["measure ascon-aead128 ref decrypt 40000 40000 3",
                       "stack ascon-aead128 ref encrypt 40000 40000"])
    assert lines[0].startswith("ok ") and "mode=stream" in lines[0], lines
    assert lines[1].startswith("ok ") and int(lines[1].split("stack=")[1]) > 0


@pytest.mark.parametrize("impl", [i for i in host_impls() if i.name == "ref" or i.kind == "perm"],
                         ids=lambda i: f"{i.scheme}/{i.name}")
def test_on_target_kat_matches_the_official_file(impl):
    """Every ref implementation, and every bare permutation (checked through
    the official file of a scheme built on it), on the host."""
    lines = run_bench([request(impl), "quit"])
    ok = [ln for ln in lines if ln.startswith(("ok", "err"))][0]
    from harness.bench.session import Response
    resp = Response("kat", ok if ok.startswith("ok") else None,
                    [ln for ln in lines if ln.startswith("k ")],
                    None if ok.startswith("ok") else ok)
    result = judge(impl, resp)
    assert result.passed, result.detail


def test_a_failed_kat_stops_measurement():
    impl = next(i for i in discover() if i.scheme == "ascon-aead128" and i.name == "ref")
    wrong = request(impl)[:-8] + "00000000"  # the expected total CRC altered
    lines = run_bench([wrong, "measure ascon-aead128 ref encrypt 0 16 3",
                       "stack ascon-aead128 ref encrypt 0 16"])
    tail = [ln for ln in lines if not ln.startswith("k ")]
    assert tail == ["err KAT outputs differ from the file",
                    "err the KAT failed: not measured", "err the KAT failed: not measured"]
    # the host judges each entry: one altered CRC names its Count
    entries = [ln for ln in lines if ln.startswith("k ")]
    entries[41] = entries[41][:-1] + ("0" if entries[41][-1] != "0" else "1")
    from harness.bench.session import Response
    result = judge(impl, Response("kat", "ok entries=1089", entries))
    assert not result.passed and "Count = 42 differs" in result.detail
    assert not judge(impl, Response("kat", "ok entries=1088", entries[:-1])).passed


def test_counter_loop_and_overhead_answer():
    lines = run_bench(["loop 0 5", "loop 1000 5", "overhead 5"])
    assert [ln.split()[1] for ln in lines] == ["op=loop", "op=loop", "op=overhead"]
    assert "body=3" in lines[0]


def test_a_permutation_is_refused_by_a_scheme_that_does_not_use_it():
    assert run_bench(["measure ascon-p12 ref permutation 0 1 1"]) == \
        ["err a permutation takes no data"]
    lines = run_bench(["kat ascon-p8 ref 0 0 0 00000000 ascon-hash256",
                       "kat ascon-p8 ref 0 0 0 00000000",
                       "measure ascon-p12 ref permutation 0 1 1", "quit"])
    assert lines[:3] == ["err VIA does not use this permutation",
                         "err a permutation needs VIA",
                         "err the KAT failed: not measured"], lines


def test_script_session_splits_answers_and_reports_a_crash_midway():
    class Fake(ScriptSession):
        def __init__(self, output, fail=None):
            super().__init__(timeout=5)
            self.output, self.fail, self.script = output, fail, None

        def execute(self, script, timeout):
            self.script = script
            if self.fail:
                e = SessionError(self.fail)
                e.output = self.output
                raise e
            return self.output

    s = Fake("ok lwc-bench protocol=2\nk 1 00\nok entries=1\nerr no\nok bye\n")
    got = s.run_all(["hello", "kat x y", "measure z"])
    assert s.script == b"hello\nkat x y\nmeasure z\nquit\n"
    assert [(g.ok, g.lines, g.error) for g in got] == [
        ("ok lwc-bench protocol=2", [], None), ("ok entries=1", ["k 1 00"], None),
        (None, [], "no")]
    got = Fake("ok lwc-bench protocol=2\nk 1 00\n", fail="timed out (600 s)").run_all(
        ["hello", "kat x y", "measure z"])
    assert got[0].ok and got[1].died and got[1].lines == ["k 1 00"] and got[2].died
    assert got[2].error == "timed out (600 s)"


def test_elf_patch_writes_the_script_symbol(tmp_path):
    src = tmp_path / "p.c"
    src.write_text('#include <stdio.h>\nconst volatile char bench_script[64] = "quit\\n";\n'
                   'int main(void) { for (int i = 0; bench_script[i]; i++) '
                   'putchar(bench_script[i]); return 0; }\n')
    subprocess.run(["gcc", "-O2", "-o", str(tmp_path / "p"), str(src)], check=True)
    patch_symbol(tmp_path / "p", tmp_path / "q", "bench_script", b"hello\nquit\n")
    out = subprocess.run([str(tmp_path / "q")], capture_output=True, text=True).stdout
    assert out == "hello\nquit\n"
    with pytest.raises(Exception, match="do not fit"):
        patch_symbol(tmp_path / "p", tmp_path / "r", "bench_script", b"x" * 65)
