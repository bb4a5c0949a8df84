"""The set-up of what a command needs (harness/setup.sh: idempotent, quiet
when everything is there), run before any target looks at its tools: a
target object is made only after the set-up of its family has run, so it
never holds an answer given before the compilers were installed."""
from __future__ import annotations

import os
import subprocess
import sys

from harness.discover import ROOT


def setup(profiles: list[str]) -> list[str]:
    """Run `lwc_setup PROFILE` for each profile, once each, in order; the
    profiles whose set-up failed (each said on stderr).  LWC_NO_SETUP=1
    skips it all (the caller has set everything up: ./run-tests)."""
    if os.environ.get("LWC_NO_SETUP"):
        return []
    failed = []
    for prof in dict.fromkeys(p for p in profiles if p):
        r = subprocess.run(["bash", "-c", '. harness/setup.sh && lwc_setup "$1"', "setup", prof],
                           cwd=ROOT)
        if r.returncode != 0:
            print(f"lwcbench: setting up {prof} failed (exit status {r.returncode})",
                  file=sys.stderr)
            failed.append(prof)
    return failed


def profiles_for(target_classes) -> list[str]:
    """The set-up profiles of these targets: core, then each family, each
    followed by its target's own (extra_setup)."""
    out = ["core"]
    for c in target_classes:
        out.append(getattr(c, "family", ""))
        if getattr(c, "extra_setup", ""):
            out.append(c.extra_setup)
    return out
