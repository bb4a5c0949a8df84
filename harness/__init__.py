"""lwc harness: discovery, builds, tests and (later) benchmarks."""
