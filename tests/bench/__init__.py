"""./lwcbench (harness/bench/): plan, runner, report, site, cache, cluster,
profile, ct, fuzz, leak, docs."""
