"""Writing result files whole or not at all (used by every renderer)."""
from __future__ import annotations

import os
import pathlib
import stat
import tempfile


def _umask() -> int:
    try:  # Linux tells it without changing it (os.umask would, for every thread)
        for line in pathlib.Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: pathlib.Path, data: bytes) -> None:
    """A temporary file in the same folder, then os.replace: an interrupted
    run or a failed write never leaves a truncated file (the temporary one
    is removed, a previous file stays as it was).  A symbolic link is
    followed (its target is replaced); a device or a pipe (/dev/null,
    /dev/stdout) is written into, never replaced by a file.  The file gets
    the mode of the one it replaces, or a new file's (0666 less the umask:
    a results page a web server can read), not the temporary file's 0600."""
    path = pathlib.Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        with open(path, "wb") as f:
            f.write(data)
        return
    path = pathlib.Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), stat.S_IMODE(mode) if mode is not None else 0o666 & ~_umask())
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
