"""lwcbench: build, verify (KAT) and measure implementations on targets.

Layout:
  cli.py       the ./lwcbench command line (run, list)
  impls.py     which implementations exist (the tree, plus LWC_EXTRA_IMPLS)
  targets.py   Target base class, the host target, the registered cross targets
  session.py   the line protocol of harness/target/host/bench.h over a pipe
  runner.py    the build -> KAT -> measure loop, progress, records
  report.py    tables shaped like the thesis' figures, the JSON file
"""
