"""lwcbench's modules import one way: harness.bench.ORDER, checked on every
import statement of every module, those inside functions too."""
from __future__ import annotations

import ast
import pathlib

import pytest

from tests.helpers import ROOT
from harness.bench import ORDER

BENCH = ROOT / "harness" / "bench"


def module_name(path: pathlib.Path) -> str:
    """harness/bench/targets/base.py -> targets.base; a package's
    __init__.py -> the package (targets); harness/bench/__init__.py -> ''."""
    parts = list(path.relative_to(BENCH).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.AST, modules=()) -> list[tuple[int, str]]:
    """(line, module of harness.bench) of every import in the tree: a
    `from harness.bench import x, y` names x and y, `from harness.bench.x.y
    import z` and `import harness.bench.x.y` name x.y, or x.y.z where that
    is a module (of `modules`: a package's module imported by name)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "harness.bench":
                out += [(node.lineno, a.name) for a in node.names]
            elif node.module.startswith("harness.bench."):
                pkg = node.module.removeprefix("harness.bench.")
                subs = [f"{pkg}.{a.name}" for a in node.names if f"{pkg}.{a.name}" in modules]
                out += [(node.lineno, s) for s in subs]
                if len(subs) < len(node.names):  # names defined in pkg itself
                    out.append((node.lineno, pkg))
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name.removeprefix("harness.bench."))
                    for a in node.names if a.name.startswith("harness.bench.")]
    return out


def rank_of(order) -> dict[str, int]:
    return {m: k for k, group in enumerate(order) for m in group}


def violations(sources: dict[str, str], order) -> list[str]:
    """Each import against the order, and each module the order lacks:
    sources maps a module name to its text."""
    rank = rank_of(order)
    out = [f"{m}: not in harness.bench.ORDER" for m in sources if m and m not in rank]
    for m, text in sorted(sources.items()):
        if m not in rank:
            continue
        for line, dep in imported(ast.parse(text), sources):
            if dep not in rank:
                # a name imported from a package (from harness.bench.targets import X)
                out.append(f"{m}:{line} imports {dep}, which is not in harness.bench.ORDER")
            elif rank[dep] >= rank[m]:
                out.append(f"{m}:{line} imports {dep}, which ORDER puts "
                           + ("in the same group" if rank[dep] == rank[m] else "after it"))
    return out


def tree_sources() -> dict[str, str]:
    return {module_name(p): p.read_text() for p in sorted(BENCH.rglob("*.py"))}


def test_every_import_follows_the_order():
    assert violations(tree_sources(), ORDER) == []


def test_the_order_names_each_module_once():
    names = [m for group in ORDER for m in group]
    assert len(names) == len(set(names))
    assert set(names) == {m for m in tree_sources() if m}


@pytest.mark.parametrize("text, why", [
    # a target reaching a subcommand (the loop this order ended)
    ("def f():\n    from harness.bench import profile\n", "imports profile, which ORDER puts after"),
    ("from harness.bench.runner import Progress\n", "imports runner, which ORDER puts after"),
    ("import harness.bench.ct\n", "imports ct, which ORDER puts after"),
    # a module of its own group
    ("from harness.bench.targets.qemu import libgcc\n", "in the same group"),
])
def test_an_import_against_the_order_is_named(text, why):
    sources = tree_sources()
    sources["targets.avr"] += "\n" + text
    found = violations(sources, ORDER)
    assert len(found) == 1 and found[0].startswith("targets.avr:") and why in found[0], found


def test_a_module_outside_the_order_is_named():
    sources = {**tree_sources(), "newthing": "x = 1\n"}
    assert violations(sources, ORDER) == ["newthing: not in harness.bench.ORDER"]


def test_the_docs_say_the_order_is_tested():
    text = (ROOT / "docs" / "design" / "architecture.md").read_text()
    assert "tests/bench/test_imports.py" in text
