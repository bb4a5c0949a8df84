"""The README's claims that code can check: the C example compiles against
liblwc.a and runs; the quick start names commands that exist."""
import pathlib
import re
import subprocess

from tests.helpers import ROOT, bin_dir
from harness.build import build_dir

README = (ROOT / "README.md").read_text()


def test_c_example_compiles_and_runs(tmp_path: pathlib.Path):
    bin_dir("release")
    blocks = re.findall(r"```c\n(.*?)```", README, re.S)
    assert blocks, "README has no C example"
    src = tmp_path / "example.c"
    src.write_text(blocks[0])
    exe = tmp_path / "example"
    subprocess.run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", f"-I{ROOT/'include'}",
                    str(src), str(build_dir("release") / "lib" / "liblwc.a"), "-o", str(exe)],
                   check=True)
    r = subprocess.run([str(exe)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("attack at dawn ")


def test_quick_start_is_two_existing_commands():
    block = re.search(r"## Quick start.*?```sh\n(.*?)```", README, re.S).group(1)
    cmds = [line.split("#")[0].split() for line in block.splitlines() if line.strip()]
    assert len(cmds) == 2
    for cmd in cmds:
        assert (ROOT / cmd[0]).is_file(), cmd
    ci = (ROOT / ".ci" / "run").read_text()
    assert "./run-tests" in ci and any(c[0] == "./run-tests" for c in cmds)


def run_tests(*args, **env) -> subprocess.CompletedProcess:
    """./run-tests collecting only (its set-up has nothing left to do here),
    with every build variant unless env narrows them (this run's own
    LWC_TEST_VARIANTS, e.g. under --quick, is not passed on)."""
    import os
    base = {k: v for k, v in os.environ.items() if k != "LWC_TEST_VARIANTS"}
    return subprocess.run([str(ROOT / "run-tests"), *args], capture_output=True, text=True,
                          cwd=ROOT, env={**base, **env}, timeout=600)


def test_run_tests_quick_is_the_gcc_variant_without_the_slow_tests():
    full = run_tests("--collect-only", LWC_TEST_WORKERS="1")
    quick = run_tests("--quick", "--collect-only", LWC_TEST_WORKERS="1")
    assert full.returncode == 0 and quick.returncode == 0, full.stderr[-2000:] + quick.stderr[-2000:]
    every = {ln for ln in full.stdout.splitlines() if "::" in ln}
    kept = {ln for ln in quick.stdout.splitlines() if "::" in ln}
    slow = {ln for ln in every if "test_every_implementation_is_constant_time" in ln
            or ln.startswith("tests/bench/test_fuzz.py::")}
    assert slow and kept and kept < every
    assert not kept & slow
    assert not [t for t in kept if "[asan-" in t or "[clang-" in t]
    assert [t for t in every if "[asan-" in t] and [t for t in kept if "[release-" in t]
    # the suite's own time, last
    assert re.search(r"^run-tests: \d+:\d\d wall \(set-up \d+:\d\d, pytest on 1 worker\(s\) "
                     r"\d+:\d\d\), exit 0$", quick.stdout.splitlines()[-1])


def test_run_tests_refuses_a_bad_worker_count():
    r = run_tests("--collect-only", LWC_TEST_WORKERS="two")
    assert r.returncode == 2
    assert r.stderr.strip() == "run-tests: LWC_TEST_WORKERS must be a positive number (got 'two')"
