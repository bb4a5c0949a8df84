import sys

try:
    from harness.bench.cli import main
except ImportError as e:
    if not getattr(e, "description", False):  # targets.DescriptionError: a target file is wrong
        raise
    print(f"lwcbench: {e}", file=sys.stderr)
    sys.exit(2)

sys.exit(main())
