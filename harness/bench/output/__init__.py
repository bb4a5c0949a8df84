"""lwcbench's output: a run's records -> tables as data -> every file and line
it shows.

The flow is one way (no module imports one downstream of it):
  records.py    the data a renderer is handed: a run's results.json (its
                environment too), a data set read or stored, and
                target_facts, the one place where what the output knows of
                a target (its ISA tokens, exact counts, default
                implementations, row order) comes from
  model.py      the table model: Cell, Row, Grid, Section; per byte, per
                call, each target's summary, sizes, chart series (bars,
                sweep); names and labels (counters, lengths, slug)
  papers.py     the comparisons: ours beside the published figures (the
                thesis, the permutation and MSP430 papers, peers), the
                permutation floor and the keyed functions' goals
  goals.py      the design pages' goals (harness/bench/goals.toml) judged
                cell by cell: met, not met, not measured, the worst cell
  page.py       what a page shows of a data set, per target (Page), and
                which implementation each target's build gets (which)
and the renderers, one per format, each reading only the above:
  terminal.py   the run's tables and summary lines on the terminal
  data.py       results.json and results.csv
  markdown.py   results.md, and the Markdown tables of docs/results/
  plots.py      the charts, PNG and SVG (matplotlib)
  html.py       index.html, and the escaping every HTML page uses
  site.py       report --site: the static results site
  docs_pages.py report --docs: docs/results/, the README's table and the
                design pages' goals
  folder.py     the results folder: data, plots, results.md, index.html
                written together, an earlier run's charts removed

Where a change goes: a number, a row or a title that every format shows:
model.py (papers.py for a figure beside a published one); a column of the
CSV or the JSON's writing: data.py; the terminal's layout: terminal.py;
Markdown: markdown.py (a docs page: docs_pages.py); a chart: plots.py; the
results folder's page: html.py; the site: site.py; a fact of a target the
output needs: records.target_facts (read from the data: a run writes
them, finish.run_facts).
"""
