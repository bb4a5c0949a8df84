"""The README's claims that code can check: the C example compiles against
liblwc.a and runs; the quick start names commands that exist."""
import pathlib
import re
import subprocess

from conftest import ROOT, bin_dir
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
