"""The test suite, a package so that every area (lib/, bench/, asm/,
targets/) imports the shared code the same way: tests.helpers (the tree,
builds, targets, firmware) and tests.models (the reference models).
tests/README.md says what goes where."""
