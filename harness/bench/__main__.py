import os
import sys

try:
    from harness.bench.cli import main
except ImportError as e:
    if not getattr(e, "description", False):  # targets.DescriptionError: a target file is wrong
        raise
    print(f"lwcbench: {e}", file=sys.stderr)
    sys.exit(2)

try:
    code = main()
    sys.stdout.flush()
except BrokenPipeError:
    # the reader went away (`./lwcbench ... | head`): no traceback, and no
    # second error when Python flushes stdout at exit; 141 as a shell
    # reports a command ended by SIGPIPE
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    code = 141
sys.exit(code)
