import sys

from harness.bench.cli import main

sys.exit(main())
