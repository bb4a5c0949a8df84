"""lwcbench: build, verify (KAT) and measure implementations on targets.

Layout:
  cli.py       the ./lwcbench command line (run, list)
  impls.py     which implementations exist (the tree, plus LWC_EXTRA_IMPLS)
  targets.py   Target base class, the host target, the registered cross targets
  session.py   the line protocol of harness/target/host/bench.h over a pipe
  runner.py    the build -> KAT -> measure loop, progress, records
  tables.py    records -> tables as data (per byte, per call, published
               figures, sizes, each target's summary, chart series)
  report.py    the terminal's tables and summaries, the run's environment, the JSON file
  export.py    the results folder: Markdown, CSV, plots, index.html
  files.py     atomic writes
"""
