"""--add DIR without --as, when several of the tree's schemes have the
folder's sizes: the one whose official KAT it passes on the host
(harness/bench/added.py prepares the folders; this module, above the
targets, builds and runs them)."""
from __future__ import annotations

import os
import pathlib

from harness.bench import added
from harness.bench import kat as katcheck
from harness.bench.impls import EXTRA_ENV, SelectionError
from harness.bench.targets import TARGETS
from harness.discover import Impl


def prepare(requests) -> list[added.Added]:
    """added.prepare, the scheme told by the KAT where the sizes leave
    several."""
    return added.prepare(requests, by_kat)


def by_kat(folder: pathlib.Path, name: str, digest: str,
           schemes: list[str]) -> tuple[str, str]:
    """The one of several schemes whose official KAT the folder passes on
    the host: each built in a copy and checked there once."""
    passed = []
    host = TARGETS["host"]()
    copies = [added.write_copy(folder, s, name, digest, "kat") for s in schemes]
    impls = [Impl(added.tree_schemes()[a.scheme].top, a.scheme, a.name, a.path, ("any",))
             for a in copies]
    old = os.environ.get(EXTRA_ENV)
    os.environ[EXTRA_ENV] = os.pathsep.join([*filter(None, [old]),
                                             *(str(a.path.parent.parent.parent) for a in copies)])
    try:
        host.prepare(impls, apart=False)  # copies of one folder: one program
        for i in impls:
            try:
                program = host.build(i)
                session = host.open_session(program)
            except Exception:  # noqa: BLE001 -- does not build: not this scheme
                continue
            try:
                resp = session.run_all(["hello", katcheck.request(i)], [60.0, 120.0])
            finally:
                session.close()
            if katcheck.judge(i, resp[1]).passed:
                passed.append(i.scheme)
    finally:
        host.close()
        if old is None:
            os.environ.pop(EXTRA_ENV, None)
        else:
            os.environ[EXTRA_ENV] = old
    if len(passed) != 1:
        raise SelectionError(
            f"--add {folder}: its sizes fit {', '.join(schemes)}, and "
            + ("none of their official KATs passes on the host" if not passed else
               f"the KATs of {', '.join(passed)} pass")
            + "; --as SCHEME names one")
    return passed[0], f"its sizes and the official KAT (of {len(schemes)} schemes with its sizes)"
