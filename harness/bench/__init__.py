"""lwcbench: build, verify (KAT) and measure implementations on targets.

How a run flows.  The modules import one way: each only from those of an
earlier group of ORDER below (tests/bench/test_imports.py reads every import,
inside functions too, and fails on one against it).
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
               (its targets' facts written into the run's environment)
  output/      everything a run or a data set shows, one way: records.py
               (the JSON data, target_facts: the one place target facts
               enter) -> model.py (tables as data: per byte, per call,
               sizes, each target's summary, chart series) -> papers.py
               (ours beside published figures, floors and goals) ->
               page.py (a page's tables per target, which implementation
               for my core), goals.py (the design pages' goals of
               goals.toml, judged) -> one renderer per format: terminal.py,
               data.py (results.json, results.csv), markdown.py, plots.py
               (PNG, SVG), html.py (index.html), site.py (report --site),
               docs_pages.py (report --docs: docs/results/, the README's
               table, the design pages' goals); folder.py writes the
               results folder; its __init__.py says where a change goes
  targets/     a description file per target (<name>.toml: every fact
               about it) and a driver module per family: how to build for
               it, start its simulator (or board) and talk to the firmware
               (the firmware's C is harness/firmware/, each family's port,
               start-up, simulator and set-up harness/platforms/<family>/);
               base.py: what a target is and the hooks a driver gives;
               job.py: a job, the same on every target (requests, answers
               judged, the results cache); firmware.py: a cross target's
               firmware build (compile, runtime, link)
  session.py   the line protocol of harness/firmware/bench.h
  trace.py     the tracers' records and what is read from them (ct,
               profile, a bare permutation's function alone)
  pool.py      each(): the jobs on the cores; Progress: the progress line
  impls.py     which implementations exist (the tree, plus LWC_EXTRA_IMPLS)
  added.py     --add DIR: a SUPERCOP / NIST LWC folder copied into lwc's
               layout with a glue (harness/added/), made an extra
               implementation; added_kat.py: its scheme by the KAT
  cache.py     the results cache; files.py: atomic writes; units.py: fmt_time;
               machine.py: this machine's CPU
  ct.py, profile.py, fuzz.py, supercop.py, arduino.py, hostcmp.py,
               launcher.py, psa_overhead.py: the other
               subcommands; budget.py: what a plan will cost (run
               --estimate, the 20-minute test); stale.py: are the
               committed figures today's code (report --docs --stale)
"""

# The import order, earliest first: a module imports only from modules of
# earlier groups, never from its own group or a later one.  A target never
# imports a subcommand; the subcommands beside the run (ct, profile, leak)
# use pool and trace, not runner.
ORDER = (
    ("units", "files", "session", "elfpatch", "install", "impls", "machine"),  # foundations
    ("added",),  # --add: a SUPERCOP folder as an implementation outside the tree
    ("kat", "cache", "trace", "pool"),  # answers judged and cached, traces read, jobs run
    ("targets.job",),  # a job: requests, answers judged, the cache
    ("targets.firmware",),  # a cross target's firmware build
    ("targets.base",),  # what a target is, its hooks
    ("targets.host", "targets.qemu", "targets.avr", "targets.ibex", "targets.msp430"),
    ("targets.cortexm0", "targets.mainline", "targets.xtensa_win"),  # drivers built on qemu's
    # (Cortex-M0/M0+, M4, M33; the windowed Xtensa)
    ("targets.board", "targets.ibexe"),
    ("targets",),  # the package: every target, found
    ("added_kat",),  # --add without --as: the scheme by the KAT on the host
    # the output: records -> the table model -> the papers -> one renderer a format
    ("output", "output.model", "output.data"),
    ("output.papers", "output.plots", "output.records"),
    ("output.page", "output.terminal", "output.goals"),
    ("output.markdown", "output.html"),
    ("output.docs_pages", "output.folder", "output.site"),
    ("plan",),  # the run: plan -> scope -> runner (cluster: its jobs elsewhere)
    ("scope", "cluster"),
    ("runner",),
    ("ct", "profile", "leak", "fuzz", "hostcmp", "arduino", "launcher", "budget", "stale",
     "psa_overhead"),  # the other subcommands
    ("supercop",),
    ("finish",),  # RunResult -> the outputs
    ("cli",),
    ("__main__",),
)
