"""lwcbench: build, verify (KAT) and measure implementations on targets.

How a run flows (one way; no module imports from one downstream of it):
  cli.py       the ./lwcbench command line: every subcommand in one table
               (COMMANDS); `run` parses its options once into a plan
  plan.py      Plan: what a run is asked to do (targets, implementations,
               suites, time limits, cache policy, outputs), immutable;
               the suites' points
  install.py   the set-up of the selected targets (harness/setup.sh), run
               before any target is made
  scope.py     which jobs a plan gives on the targets at hand (skipped,
               cannot run, left out of the default run)
  runner.py    execute(plan) -> RunResult: set-up, targets made with the
               plan's settings, scope, the jobs in parallel; progress
  cluster.py   the same jobs on a Dask cluster, the plan shipped to workers
  finish.py    RunResult -> the terminal, the JSON file, the results folder
  tables.py    records -> tables as data (per byte, per call, published
               figures, sizes, each target's summary, chart series)
  report.py    the terminal's tables and summaries, the run's environment
  export.py    the results folder: Markdown, CSV, plots, index.html
  docs.py      report --docs: docs/results/ and the README's table from the
               committed data set (docs/results/data/results.json.xz)
  site.py      report --site: a static results site (sortable tables, SVG
               charts, two runs compared)
  targets/     one module per target family: how to build for it, start
               its simulator (or board) and talk to the firmware
               (the firmware's C is harness/firmware/, each family's port,
               start-up, simulator and set-up harness/platforms/<family>/)
  session.py   the line protocol of harness/firmware/bench.h
  impls.py     which implementations exist (the tree, plus LWC_EXTRA_IMPLS)
  cache.py     the results cache; files.py: atomic writes; units.py: fmt_time
  ct.py, profile.py, fuzz.py, supercop.py, arduino.py, hostcmp.py: the other
               subcommands
"""
